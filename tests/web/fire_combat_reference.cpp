// Fire combats resolved by the runtime's procedures (qrs/rff/procedures.hpp, FireCombat) over
// the checked-in headers and the 28mm house variant's (tests/variants, compiled at build
// time), for web_sheet_test.py to compare the web page's fire points with.
//
// Usage: fire_combat_reference SHEET_ID < COMBATS
// A combat a line: the base die, the target column, then per firing unit seven numbers: kind (0
// small arms, 1 guns), weapon (the fire-point matrix's row), stands, distance numerator and
// denominator in inches, the fire-point factors as bits and the unit's traits as bits (the fire
// modifiers' Trait). Printed a line each: every unit's fire points alone ("-" out of range),
// then "|", the total rounded as the sheet says ("-" when no stand is in range), its die-roll
// modifier, the fire-point table's row id, the fire effect's row id the base die reads with no
// modifier but those the units decide ("-" for none), and the ids of those the units' shares
// reach, comma-separated ("-" for none).
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "qrs/rff/procedures.hpp"
#include "rff/1812_2_1_25mm.hpp"
#include "rff/1812_3_15mm.hpp"
#include "rff/acw_2_1_15mm.hpp"
#include "rff/house_28mm.hpp"
#include "rff/maw_3_15mm.hpp"

namespace {

struct Unit {
  int kind, weapon, stands, num, den, factors;
  unsigned traits;
};

std::string fraction(qrs::Fraction f) {
  return f.den() == 1 ? std::to_string(f.num()) : std::to_string(f.num()) + "/" + std::to_string(f.den());
}

template <class S>
void add(qrs::rff::FireCombat<S>& fire, const Unit& u) {
  using Fire = qrs::rff::FireCombat<S>;
  using Factor = typename Fire::Factor;
  const qrs::Fraction d(u.num, u.den);
  const auto traits = qrs::Traits<typename Fire::Trait>::from_bits(u.traits);
  // Every RFF sheet has one fire-point factor (x 1/2).
  static_assert(S::fire_point_factors::kModifiers.size() == 1);
  const std::initializer_list<Factor> halved = {Factor{}}, none = {};
  if (u.kind == 0) {
    fire.musketry(static_cast<typename Fire::Musket>(u.weapon), u.stands, d, u.factors ? halved : none, traits);
  } else {
    fire.cannonade(static_cast<typename Fire::Gun>(u.weapon), u.stands, d, u.factors ? halved : none, traits);
  }
}

template <class S>
int answer() {
  for (std::string line; std::getline(std::cin, line);) {
    std::istringstream in(line);
    int die = 0, target = 0;
    in >> die >> target;
    std::vector<Unit> units;
    for (Unit u{}; in >> u.kind >> u.weapon >> u.stands >> u.num >> u.den >> u.factors >> u.traits;) units.push_back(u);
    qrs::rff::FireCombat<S> all;
    for (const Unit& u : units) {
      qrs::rff::FireCombat<S> one;
      add(one, u);
      std::cout << (one.in_range() ? fraction(one.points()) : "-") << ' ';
      add(all, u);
    }
    std::cout << "| ";
    if (!all.in_range()) {
      std::cout << "- - - - -\n";
      continue;
    }
    const auto row = all.fire_point_row();
    const auto outcome = all.resolve(die, {}, static_cast<typename S::fire_effects::Column>(target));
    std::string decided;
    for (std::size_t m = 0; m < S::fire_modifiers::kModifiers.size(); ++m) {
      if (!all.units_decide(static_cast<typename S::fire_modifiers::Modifier>(m))) continue;
      decided += (decided.empty() ? "" : ",") + std::string(S::fire_modifiers::kTexts[m].id);
    }
    std::cout << fraction(all.fire_points()) << ' ' << all.fire_point_modifier() << ' '
              << (row ? S::fire_point_modifiers::kRows[static_cast<std::size_t>(*row)].id : "-") << ' '
              << (outcome && outcome->effect ? outcome->id() : "-") << ' ' << (decided.empty() ? "-" : decided) << '\n';
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string sheet = argc > 1 ? argv[1] : "";
  if (sheet == "acw-2.1-15mm") return answer<qrs::rff::acw_2_1_15mm::Sheet>();
  if (sheet == "1812-2.1-25mm") return answer<qrs::rff::n1812_2_1_25mm::Sheet>();
  if (sheet == "1812-3-15mm") return answer<qrs::rff::n1812_3_15mm::Sheet>();
  if (sheet == "maw-3-15mm") return answer<qrs::rff::maw_3_15mm::Sheet>();
  if (sheet == "house-28mm") return answer<qrs::rff::house_28mm::Sheet>();
  std::fprintf(stderr, "fire_combat_reference: no sheet %s\n", sheet.c_str());
  return 2;
}
