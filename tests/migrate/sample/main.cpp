// The program: uses the template and the macro.
#include <cstdio>

#include "sheet.hpp"

int main() {
  constexpr int best = sample::rating_modifier<acw::TargetRating::crack>();
  constexpr int recruits = sample::rating_modifier<SAMPLE_RECRUIT_RATING>();
  std::printf("%d %d %d %d\n", best, recruits, sample::fire_result(SAMPLE_RECRUIT_RATING, 8),
              sample::charge_modifier(true, true));
  return 0;
}
