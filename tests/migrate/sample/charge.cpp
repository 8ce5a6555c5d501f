// Charge: fully qualified names, a using-directive and a fully qualified `using enum`.
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

[[maybe_unused]] int recruits_in_line() {
  using enum qrs::rff::acw_2_1_15mm::charge_modifiers::Modifier;
  return qrs::rff::acw_2_1_15mm::charge_modifiers::total({green, extended_line_or_militia});
}
}  // namespace
