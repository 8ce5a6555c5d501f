// The floor for a yaml-cpp front end: yaml-cpp alone parsing the given files once, into its
// own node trees (YAML::LoadFile), and nothing else. bench/compile_speed.py times qrsc against it.
#include <yaml-cpp/yaml.h>

#include <cstdio>

int main(int argc, char** argv) {
  std::size_t nodes = 0;
  for (int i = 1; i < argc; ++i) nodes += YAML::LoadFile(argv[i]).size();
  std::printf("%zu\n", nodes);  // used, so the parse cannot be skipped
  return 0;
}
