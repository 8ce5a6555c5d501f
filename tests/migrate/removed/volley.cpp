// Uses a musketry row neither Version 3 sheet has (the rifle musket, RM): qrs-migrate reports
// it at its line and leaves it as it is.
#include "rff/acw_2_1_15mm.hpp"

namespace acw = qrs::rff::acw_2_1_15mm;

int volley_points() {
  const auto& cell = acw::musketry_fire_points::cell(acw::musketry_fire_points::Row::rm, acw::musketry_fire_points::Column::r4);
  return cell.value.in_range ? 1 : 0;
}

int green_volley() { return acw::fire_modifiers::total({acw::fire_modifiers::Modifier::green_firing}); }
