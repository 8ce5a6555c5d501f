// Lookup speed: the generated constexpr lookup against a hand-written switch and a
// std::map keyed by die result, all answering the ACW Maneuver Table (good order) and the
// Musketry & Cannonade effects grid over the same pseudo-random modified die results.
// Run: build/bench/qrs_bench (built, not run as a test). Results: docs/benchmarks.md.
#include <benchmark/benchmark.h>

#include <map>
#include <random>
#include <vector>

#include "rff/acw_2_1_15mm.hpp"

namespace acw = qrs::rff::acw_2_1_15mm;
using Effect = acw::maneuver_good_order::Effect;
using FireEffect = acw::fire_effects::Effect;

namespace {

// Modified die results as play produces them: a d10 plus modifiers from -6 to +6.
const std::vector<int>& keys() {
  static const std::vector<int> k = [] {
    std::mt19937 rng(42);
    std::uniform_int_distribution<int> d10(1, 10), mods(-6, 6);
    std::vector<int> v(4096);
    for (auto& x : v) x = d10(rng) + mods(rng);
    return v;
  }();
  return k;
}

// What a programmer would write by hand from the sheet.
Effect hand_written(int r) {
  switch (r) {
    case 1: case 2: return Effect::tardy;
    case 0: case -1: return Effect::fall_back;
    case 3: case 4: case 5: case 6: case 7: return Effect::well_handled;
    default: return r >= 8 ? Effect::double_quick : Effect::panic;
  }
}

FireEffect hand_written_fire(acw::TargetRating t, int r) {
  switch (t) {
    case acw::TargetRating::crack:
      return r >= 11 ? FireEffect::withering : r >= 7 ? FireEffect::telling : r == 6 ? FireEffect::galling : FireEffect::desultory;
    case acw::TargetRating::veteran:
      return r >= 10 ? FireEffect::withering : r >= 7 ? FireEffect::telling : r == 6 ? FireEffect::galling
             : r == 5 ? FireEffect::lively : FireEffect::desultory;
    case acw::TargetRating::trained:
      return r >= 9 ? FireEffect::withering : r >= 7 ? FireEffect::telling : r >= 5 ? FireEffect::galling
             : r == 4 ? FireEffect::lively : FireEffect::desultory;
    case acw::TargetRating::green:
      return r >= 8 ? FireEffect::withering : r == 7 ? FireEffect::telling : r >= 5 ? FireEffect::galling
             : r >= 3 ? FireEffect::lively : FireEffect::desultory;
  }
  return FireEffect::desultory;
}

const std::map<int, Effect>& keyed_map() {
  static const std::map<int, Effect> m = [] {
    std::map<int, Effect> out;
    for (int r = -30; r <= 30; ++r) out[r] = hand_written(r);
    return out;
  }();
  return m;
}

void BM_Generated(benchmark::State& state) {
  const auto& k = keys();
  for (auto _ : state) {
    for (int r : k) benchmark::DoNotOptimize(acw::maneuver_good_order::lookup(r));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(k.size()));
}

void BM_HandWrittenSwitch(benchmark::State& state) {
  const auto& k = keys();
  for (auto _ : state) {
    for (int r : k) benchmark::DoNotOptimize(hand_written(r));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(k.size()));
}

void BM_StdMap(benchmark::State& state) {
  const auto& k = keys();
  const auto& m = keyed_map();
  for (auto _ : state) {
    for (int r : k) benchmark::DoNotOptimize(m.find(r)->second);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(k.size()));
}

void BM_GeneratedFireGrid(benchmark::State& state) {
  const auto& k = keys();
  for (auto _ : state) {
    std::size_t i = 0;
    for (int r : k) {
      benchmark::DoNotOptimize(acw::fire_effects::lookup(static_cast<acw::TargetRating>(i++ & 3), r + 2));
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(k.size()));
}

void BM_HandWrittenFireGrid(benchmark::State& state) {
  const auto& k = keys();
  for (auto _ : state) {
    std::size_t i = 0;
    for (int r : k) benchmark::DoNotOptimize(hand_written_fire(static_cast<acw::TargetRating>(i++ & 3), r + 2));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(k.size()));
}

// The benchmarks measure the same answers: check that before timing anything.
bool same_answers() {
  for (int r = -30; r <= 30; ++r) {
    if (acw::maneuver_good_order::lookup(r) != hand_written(r)) return false;
    for (int t = 0; t < 4; ++t) {
      const auto rating = static_cast<acw::TargetRating>(t);
      if (acw::fire_effects::lookup(rating, r) != hand_written_fire(rating, r)) return false;
    }
  }
  return true;
}

}  // namespace

BENCHMARK(BM_Generated);
BENCHMARK(BM_HandWrittenSwitch);
BENCHMARK(BM_StdMap);
BENCHMARK(BM_GeneratedFireGrid);
BENCHMARK(BM_HandWrittenFireGrid);

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
