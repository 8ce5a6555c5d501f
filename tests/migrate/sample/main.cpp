// The program: uses the template, the macro and a using-declaration of an enumerator.
#include <cstdio>

#include "sheet.hpp"

int main() {
  using acw::TargetRating::green;  // a using-declaration of one enumerator (C++20)
  if (sample::fire_result(green, 1) < 0) return 1;
  constexpr int best = sample::rating_modifier<acw::TargetRating::crack>();
  constexpr int recruits = sample::rating_modifier<SAMPLE_RECRUIT_RATING>();
  std::printf("%d %d %d %d\n", best, recruits, sample::fire_result(SAMPLE_RECRUIT_RATING, 8),
              sample::charge_modifier(true, true));
  return 0;
}
