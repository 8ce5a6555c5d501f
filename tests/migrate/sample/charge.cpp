// Charge: fully qualified names, and a using-directive for the sheet's namespace.
#include "sheet.hpp"

namespace sample {

int charge_modifier(bool elite_attacker, bool in_open_order) {
  using Modifier = qrs::rff::acw_2_1_15mm::charge_modifiers::Modifier;
  int total = 0;
  if (elite_attacker) total += qrs::rff::acw_2_1_15mm::charge_modifiers::total({Modifier::crack_unit});
  if (in_open_order) total += qrs::rff::acw_2_1_15mm::charge_modifiers::total({Modifier::extended_line_or_militia});
  return total;
}

}  // namespace sample

namespace {
using namespace qrs::rff::acw_2_1_15mm;
[[maybe_unused]] constexpr auto kRecruits = charge_modifiers::total({charge_modifiers::Modifier::green});
}  // namespace
