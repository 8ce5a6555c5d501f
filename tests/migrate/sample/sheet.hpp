// A game program's one place that names the sheet it plays by: qrs-migrate moves it (and every
// file that uses it) from one sheet's generated header to another's.
#pragma once

#include "rff/acw_2_1_15mm.hpp"

namespace acw = qrs::rff::acw_2_1_15mm;

// The rating new regiments get (a macro, as older game code often has them).
#define SAMPLE_RECRUIT_RATING acw::TargetRating::green

namespace sample {

// Maneuver modifiers of a unit of the given rating (a template over the rating).
template <acw::TargetRating Rating>
constexpr int rating_modifier() {
  using M = acw::maneuver_modifiers::Modifier;
  if constexpr (Rating == acw::TargetRating::crack) {
    return acw::maneuver_modifiers::total({M::crack_unit});
  } else if constexpr (Rating == acw::TargetRating::green) {
    return acw::maneuver_modifiers::total({M::green});
  } else {
    return 0;
  }
}

int fire_result(acw::TargetRating target, int roll);
int charge_modifier(bool elite_attacker, bool in_open_order);

}  // namespace sample
