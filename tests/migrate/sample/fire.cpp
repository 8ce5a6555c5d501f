// Fire: unqualified uses through `using enum`, qualified ones through the namespace alias.
#include "sheet.hpp"

namespace sample {

int fire_result(acw::TargetRating target, int roll) {
  using enum acw::TargetRating;
  int modifiers = 0;
  if (target == green) modifiers += acw::fire_modifiers::total({acw::fire_modifiers::Modifier::green_firing});
  switch (target) {
    case crack: modifiers += 1; break;
    case veteran:
    case trained: break;
    case green: modifiers -= 1; break;
  }
  return static_cast<int>(acw::fire_effects::lookup(target, roll + modifiers));
}

}  // namespace sample
