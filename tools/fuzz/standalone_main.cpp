// A driver for the fuzz target without libFuzzer, for the test suite's smoke run (g++ builds
// have no libFuzzer): runs every file given (the seeds), then a fixed number of mutations of
// them, deterministic by seed. A crash, a sanitizer report or a trap fails the run.
//   qrs_fuzz_smoke [--runs N] [--seed S] FILE...
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size,
                                               unsigned int seed);

namespace {
std::mt19937 byte_rng(1);
}

// libFuzzer's byte mutator stands in here as a few random byte edits.
extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size) {
  if (size == 0) return 0;
  const int edits = 1 + static_cast<int>(byte_rng() % 4);
  for (int i = 0; i < edits; ++i) {
    const std::size_t at = byte_rng() % size;
    switch (byte_rng() % 3) {
      case 0: data[at] = static_cast<std::uint8_t>(byte_rng()); break;
      case 1:
        if (size < max_size) {
          for (std::size_t k = size; k > at; --k) data[k] = data[k - 1];
          ++size;
        }
        break;
      default:
        if (size > 1) {
          for (std::size_t k = at; k + 1 < size; ++k) data[k] = data[k + 1];
          --size;
        }
        break;
    }
  }
  return size;
}

int main(int argc, char** argv) {
  std::size_t runs = 0;
  unsigned seed = 1;
  std::vector<std::string> seeds;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc) {
      runs = std::stoul(argv[++i]);
    } else if (a == "--seed" && i + 1 < argc) {
      seed = static_cast<unsigned>(std::stoul(argv[++i]));
    } else {
      std::ifstream in(a, std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      seeds.push_back(ss.str());
    }
  }
  if (seeds.empty()) {
    std::fprintf(stderr, "usage: qrs_fuzz_smoke [--runs N] [--seed S] FILE...\n");
    return 2;
  }
  for (const auto& s : seeds) LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
  std::mt19937 rng(seed);
  byte_rng.seed(seed);
  for (std::size_t r = 0; r < runs; ++r) {
    std::string s = seeds[rng() % seeds.size()];
    const std::size_t size = s.size();
    const std::size_t max_size = size * 2 + 4096;
    s.resize(max_size);
    const std::size_t n = LLVMFuzzerCustomMutator(reinterpret_cast<std::uint8_t*>(s.data()), size, max_size,
                                                  static_cast<unsigned>(rng()));
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(s.data()), n);
  }
  std::printf("%zu seeds and %zu mutations ran cleanly\n", seeds.size(), runs);
  return 0;
}
