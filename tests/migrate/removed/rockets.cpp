// Written for the 1812 Version 3 sheet: its Congreve rocket table is not on the ACW sheet, so
// moving back to ACW reports the table where it is named and leaves that code as it is.
#include "rff/1812_3_15mm.hpp"

namespace v3 = qrs::rff::n1812_3_15mm;

bool rockets_reach(v3::rocket_fire_points::Column range) {
  return v3::rocket_fire_points::cell(v3::rocket_fire_points::Row::cr, range).value.present;
}

int raw_volley() { return v3::fire_modifiers::total({v3::fire_modifiers::Modifier::raw_firing}); }
