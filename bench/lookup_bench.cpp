// Lookup speed: the generated constexpr lookups against what a programmer would write by hand
// (a switch / if-chain) and a std::map, answering the same keys in one run:
// - the ACW Maneuver Table (good order): integer die results;
// - the Musketry & Cannonade effects grid: die result by target rating (four columns);
// - the fire-point die-roll modifiers: exact fractional fire points (quarters, up to 30).
// Every key pattern a program meets: a long unpredictable stream (2^20 keys, more than a branch
// predictor can learn), the same keys sorted (perfectly predictable), and 4096 keys repeated
// (what the predictor may learn over iterations). Each result is added into a sum the
// benchmark keeps, so every lookup's value is really loaded.
// Run: bench/run_benchmarks.sh (both compilers, ratios) or build/bench/qrs_bench.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include "rff/acw_2_1_15mm.hpp"

namespace acw = qrs::rff::acw_2_1_15mm;
using Effect = acw::maneuver_good_order::Effect;
using FireEffect = acw::fire_effects::Effect;
using Rating = acw::TargetRating;

namespace {

enum class Pattern { random, sorted, repeated };

// Keys in the given pattern, drawn by `draw` from one seeded generator.
template <class Key, class Draw>
std::vector<Key> keys_of(Pattern p, Draw draw) {
  std::mt19937 rng(42);
  std::vector<Key> v(p == Pattern::repeated ? 4096 : (1u << 20));
  for (auto& x : v) x = draw(rng);
  if (p == Pattern::sorted) std::sort(v.begin(), v.end());
  return v;
}

// Modified die results as play produces them: a d10 plus modifiers from -6 to +6.
int die_result(std::mt19937& rng) {
  std::uniform_int_distribution<int> d10(1, 10), mods(-6, 6);
  return d10(rng) + mods(rng);
}

// A fire-effects key: the target's rating in the low two bits, the die result above them
// (so that sorting orders by die result, then rating).
int rated_result(std::mt19937& rng) {
  std::uniform_int_distribution<int> rating(0, 3);
  return (die_result(rng) + 2) * 4 + rating(rng);
}

// Fire points of a firing line: quarters from 0 to 30.
qrs::Fraction fire_points(std::mt19937& rng) {
  std::uniform_int_distribution<int> quarters(0, 120);
  return qrs::Fraction{quarters(rng), 4};
}

// ------------------------------------------------------------------ hand-written, from the sheet

Effect hand_written(int r) {
  switch (r) {
    case 1:
    case 2: return Effect::tardy;
    case 0:
    case -1: return Effect::fall_back;
    case 3:
    case 4:
    case 5:
    case 6:
    case 7: return Effect::well_handled;
    default: return r >= 8 ? Effect::double_quick : Effect::panic;
  }
}

FireEffect hand_written_fire(Rating t, int r) {
  switch (t) {
    case Rating::crack:
      return r >= 11  ? FireEffect::withering
             : r >= 7 ? FireEffect::telling
             : r == 6 ? FireEffect::galling
                      : FireEffect::desultory;
    case Rating::veteran:
      return r >= 10  ? FireEffect::withering
             : r >= 7 ? FireEffect::telling
             : r == 6 ? FireEffect::galling
             : r == 5 ? FireEffect::lively
                      : FireEffect::desultory;
    case Rating::trained:
      return r >= 9   ? FireEffect::withering
             : r >= 7 ? FireEffect::telling
             : r >= 5 ? FireEffect::galling
             : r == 4 ? FireEffect::lively
                      : FireEffect::desultory;
    case Rating::green:
      return r >= 8   ? FireEffect::withering
             : r == 7 ? FireEffect::telling
             : r >= 5 ? FireEffect::galling
             : r >= 3 ? FireEffect::lively
                      : FireEffect::desultory;
  }
  return FireEffect::desultory;
}

// 003's fire-point modifiers: -5 below 1 point, -4 at 1, -3 at 2, -2 at 3, -1 at 4, 0 at 6,
// +1 at 9, +2 at 12, +3 at 15, +4 at 20, +5 at 25 or more.
int hand_written_fire_points(qrs::Fraction fp) {
  if (fp < 1) return -5;
  if (fp < 2) return -4;
  if (fp < 3) return -3;
  if (fp < 4) return -2;
  if (fp < 6) return -1;
  if (fp < 9) return 0;
  if (fp < 12) return 1;
  if (fp < 15) return 2;
  if (fp < 20) return 3;
  if (fp < 25) return 4;
  return 5;
}

const std::map<int, Effect>& keyed_map() {
  static const std::map<int, Effect> m = [] {
    std::map<int, Effect> out;
    for (int r = -30; r <= 30; ++r) out[r] = hand_written(r);
    return out;
  }();
  return m;
}

// ------------------------------------------------------------------ the ways, as functions

unsigned generated(int r) { return static_cast<unsigned>(acw::maneuver_good_order::lookup(r)); }
unsigned switch_(int r) { return static_cast<unsigned>(hand_written(r)); }
unsigned std_map(int r) { return static_cast<unsigned>(keyed_map().find(r)->second); }
unsigned generated_grid(int k) {
  return static_cast<unsigned>(acw::fire_effects::lookup(static_cast<Rating>(k & 3), (k >> 2) - 2));
}
unsigned switch_grid(int k) {
  return static_cast<unsigned>(hand_written_fire(static_cast<Rating>(k & 3), (k >> 2) - 2));
}
unsigned generated_points(qrs::Fraction fp) {
  return static_cast<unsigned>(acw::fire_point_modifiers::row(*acw::fire_point_modifiers::lookup(fp)).number + 5);
}
unsigned if_chain_points(qrs::Fraction fp) { return static_cast<unsigned>(hand_written_fire_points(fp) + 5); }

template <class Key, class Draw, class Lookup>
void run(benchmark::State& state, Draw draw, Lookup lookup) {
  const auto keys = keys_of<Key>(static_cast<Pattern>(state.range(0)), draw);
  for (auto _ : state) {
    unsigned sum = 0;
    for (const Key& k : keys) sum += lookup(k);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(keys.size()));
}

#define QRS_BENCH(name, Key, draw, lookup)                           \
  void BM_##name(benchmark::State& s) { run<Key>(s, draw, lookup); } \
  BENCHMARK(BM_##name)                                               \
      ->ArgName("pattern")                                           \
      ->Arg(static_cast<int>(Pattern::random))                       \
      ->Arg(static_cast<int>(Pattern::sorted))                       \
      ->Arg(static_cast<int>(Pattern::repeated))

QRS_BENCH(Maneuver_Generated, int, die_result, generated);
QRS_BENCH(Maneuver_HandWritten, int, die_result, switch_);
QRS_BENCH(Maneuver_StdMap, int, die_result, std_map);
QRS_BENCH(FireGrid_Generated, int, rated_result, generated_grid);
QRS_BENCH(FireGrid_HandWritten, int, rated_result, switch_grid);
QRS_BENCH(FirePoints_Generated, qrs::Fraction, fire_points, generated_points);
QRS_BENCH(FirePoints_HandWritten, qrs::Fraction, fire_points, if_chain_points);

// The ways measure the same answers: check that before timing anything.
bool same_answers() {
  for (int r = -30; r <= 30; ++r) {
    if (generated(r) != switch_(r) || generated(r) != std_map(r)) return false;
    for (int t = 0; t < 4; ++t) {
      if (generated_grid((r + 2) * 4 + t) != switch_grid((r + 2) * 4 + t)) return false;
    }
  }
  for (int q = 0; q <= 200; ++q) {
    if (generated_points(qrs::Fraction{q, 4}) != if_chain_points(qrs::Fraction{q, 4})) return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (!same_answers()) {
    std::fprintf(stderr, "the generated and hand-written lookups disagree\n");
    return 1;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
