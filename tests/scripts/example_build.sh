# Sourced by the example tests: build_example SPEC OUTPUTS HEADER checks the example without
# warnings, builds OUTPUTS (cpp,html,...) into $tmp and compiles HEADER (relative to $tmp)
# under g++ and clang++ with warnings as errors. Needs $qrsc, $root and $tmp.
build_example() {
  local spec=$1 outputs=$2 header=$3
  "$qrsc" check --werror "$spec"
  "$qrsc" build --emit "$outputs" -o "$tmp" "$spec"
  for cxx in g++ clang++; do
    printf '#include "%s"\nint main() { return 0; }\n' "$header" >"$tmp/main.cpp"
    "$cxx" -std=c++20 -Wall -Wextra -pedantic -Werror -I"$root/runtime" -I"$tmp" -c "$tmp/main.cpp" -o "$tmp/main.o"
  done
}
