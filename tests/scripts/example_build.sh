# Sourced by the example tests (after `qrsc=$1 root=$2`): makes $tmp, removed on exit, and
# build_example SPEC OUTPUTS HEADER, which checks the example without warnings, builds OUTPUTS
# (cpp,html,...) into $tmp and compiles HEADER (relative to $tmp) under g++ and clang++ with
# warnings as errors; run_reader SOURCE OUTPUT builds a program (its static_asserts read the
# header at compile time) under both compilers and checks what it prints; check_sheet_json JSON
# validates a sheet JSON against docs/schema/qrs-sheet.schema.json, then runs the Python read
# from stdin with `sheet` (the parsed JSON) defined.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build_example() {
  local spec=$1 outputs=$2 header=$3
  "$qrsc" check --werror "$spec"
  "$qrsc" build --emit "$outputs" -o "$tmp" "$spec"
  for cxx in g++ clang++; do
    printf '#include "%s"\nint main() { return 0; }\n' "$header" >"$tmp/main.cpp"
    "$cxx" -std=c++20 -Wall -Wextra -pedantic -Werror -I"$root/runtime" -I"$tmp" -c "$tmp/main.cpp" -o "$tmp/main.o"
  done
}
run_reader() {
  local source=$1 want=$2
  for cxx in g++ clang++; do
    "$cxx" -std=c++20 -Wall -Wextra -pedantic -Werror -I"$root/runtime" -I"$tmp" "$source" -o "$tmp/reader"
    [ "$("$tmp/reader")" = "$want" ] || { echo "FAIL: the $cxx build of $source does not print $want"; exit 1; }
  done
}
check_sheet_json() {
  local header='import json, sys
import jsonschema
schema, sheet = (json.load(open(f)) for f in sys.argv[1:3])
jsonschema.validate(sheet, schema)'
  python3 -c "$header"$'\n'"$(cat)" "$root/docs/schema/qrs-sheet.schema.json" "$1"
}
