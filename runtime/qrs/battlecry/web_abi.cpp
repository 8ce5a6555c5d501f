// The C ABI of Battlecry's melee (procedures.hpp: melee_dice, melee_by_flags, melee, melee_odds)
// for a sheet's web page: the page gives each side's morale and the melee modifiers that apply,
// and reads back the dice each side rolls, the odds of each side winning, and who wins with the
// flags rolled (thrown by the page, or counted at the table) and what the loser suffers. qrsc
// compiles this file into a sheet's WebAssembly module when the sheet has every table the
// system's package file declares `melee` reads (rules/battlecry/battlecry.package.yaml); a
// table read here that the declaration leaves out fails the module's compile for every sheet.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string_view>

#include "module.hpp"
#include "qrs/battlecry/procedures.hpp"
#include "qrs/runtime.hpp"
#include "qrs/web/over_one_denominator.hpp"
#include "qrs/web/table_ids.hpp"

#define QRS_EXPORT(name) extern "C" __attribute__((export_name(#name)))

namespace qrs::battlecry::web {
namespace {

using S = qrs::web::module::sheet::Sheet;
using Modifiers = typename S::melee_modifiers;

// A side's dice thrown by the page, at most this many (far past any morale of 004's units).
inline constexpr int kMaxThrown = 64;
// A unit's morale as the page takes it.
inline constexpr int kMaxMorale = 99;

int g_faces[2 * kMaxThrown]{};
int g_out[8]{};
std::int64_t g_odds[4]{};

// The melee modifiers a side has, as bits (bit i: modifier i), into a flag per modifier; false
// for a bit past the list or two members of one exclusive group (which cannot both apply).
bool flags_of(unsigned bits, bool (&flags)[Modifiers::kModifiers.size() + 1]) {
  const std::size_t n = Modifiers::kModifiers.size();
  if (n < 32 && (bits >> n) != 0) return false;
  for (std::size_t i = 0; i < n; ++i) flags[i] = i < 32 && (bits & (1u << i)) != 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (flags[i] && flags[j] && qrs::detail::excludes(Modifiers::kModifiers, i, j)) return false;
    }
  }
  return true;
}

const int* result_of(const MeleeResult& r) {
  const int out[] = {static_cast<int>(r.winner), r.attacker_flags, r.defender_flags, r.loser_retreat_hexes,
                     r.loser_morale_loss};
  for (std::size_t i = 0; i < std::size(out); ++i) g_out[i] = out[i];
  return g_out;
}

// The ids of the tables melee reads, space-separated: the outcome table the page puts melee
// beside, and the melee modifiers.
const char* tables() {
  static char text[2 * 65]{};
  return qrs::web::table_ids(text, {S::melee_outcome::kId, S::melee_modifiers::kId});
}

}  // namespace
}  // namespace qrs::battlecry::web

using namespace qrs::battlecry;
using namespace qrs::battlecry::web;

QRS_EXPORT(qrs_melee_tables) const char* qrs_melee_tables() { return tables(); }

// The melee modifiers: how many, and modifier i's value and text as printed, each a pointer
// into the module's memory and a length in bytes (4 numbers); null for an index out of range.
QRS_EXPORT(qrs_melee_modifier_count) int qrs_melee_modifier_count() {
  return static_cast<int>(Modifiers::kTexts.size());
}
QRS_EXPORT(qrs_melee_modifier) const int* qrs_melee_modifier(int i) {
  if (i < 0 || static_cast<std::size_t>(i) >= Modifiers::kTexts.size()) return nullptr;
  const qrs::ModifierText& m = Modifiers::kTexts[static_cast<std::size_t>(i)];
  g_out[0] = static_cast<int>(reinterpret_cast<std::uintptr_t>(m.value.data()));
  g_out[1] = static_cast<int>(m.value.size());
  g_out[2] = static_cast<int>(reinterpret_cast<std::uintptr_t>(m.text.data()));
  g_out[3] = static_cast<int>(m.text.size());
  return g_out;
}

// The most dice whose odds are exact (qrs::odds::kMaxSymbolDice), the most a side may throw,
// the highest morale taken, and the sides of a die.
QRS_EXPORT(qrs_melee_limits) const int* qrs_melee_limits() {
  g_out[0] = qrs::odds::kMaxSymbolDice;
  g_out[1] = kMaxThrown;
  g_out[2] = kMaxMorale;
  g_out[3] = S::shooting_dice::kRoll.sides;
  return g_out;
}

// The dice a unit of this morale rolls in melee with the modifiers `bits`; -1 for a morale
// outside 0..99 or modifiers that cannot apply together.
QRS_EXPORT(qrs_melee_dice) int qrs_melee_dice(int morale, int bits) {
  bool flags[Modifiers::kModifiers.size() + 1]{};
  if (morale < 0 || morale > kMaxMorale || bits < 0 || !flags_of(static_cast<unsigned>(bits), flags)) return -1;
  return melee_dice<S>(morale, qrs::View<bool>(flags, Modifiers::kModifiers.size()));
}

// The odds that the attacker wins, that the defender wins, and of a tie, over one denominator
// (4 numbers); null past the dice whose odds are exact.
QRS_EXPORT(qrs_melee_odds) const std::int64_t* qrs_melee_odds(int attacker_dice, int defender_dice) {
  const auto within = [](int n) { return n >= 0 && n <= qrs::odds::kMaxSymbolDice; };
  if (!within(attacker_dice) || !within(defender_dice)) return nullptr;
  const MeleeOdds o = melee_odds<S>(attacker_dice, defender_dice);
  const qrs::Fraction p[] = {o.attacker, o.defender, o.none};
  return qrs::web::over_one_denominator(p, g_odds);
}

// Where the page writes the faces it threw: the attacker's first, then the defender's.
QRS_EXPORT(qrs_melee_faces) int* qrs_melee_faces() { return g_faces; }

// The melee of the faces written (the attacker's `attacker_dice`, then the defender's): the
// winner (0 attacker, 1 defender, 2 none: a tie), each side's flags, and the loser's retreat in
// hexes and morale lost (5 numbers); null for a count out of range.
QRS_EXPORT(qrs_melee_roll) const int* qrs_melee_roll(int attacker_dice, int defender_dice) {
  const auto within = [](int n) { return n >= 0 && n <= kMaxThrown; };
  if (!within(attacker_dice) || !within(defender_dice)) return nullptr;
  const std::span<const int> faces(g_faces, static_cast<std::size_t>(attacker_dice + defender_dice));
  return result_of(melee<S>(faces.first(static_cast<std::size_t>(attacker_dice)),
                            faces.last(static_cast<std::size_t>(defender_dice))));
}

// The melee of the flags each side rolled (counted at the table), as qrs_melee_roll answers;
// null for a count out of range.
QRS_EXPORT(qrs_melee_flags) const int* qrs_melee_flags(int attacker_flags, int defender_flags) {
  const auto within = [](int n) { return n >= 0 && n <= kMaxThrown; };
  if (!within(attacker_flags) || !within(defender_flags)) return nullptr;
  return result_of(melee_by_flags<S>(attacker_flags, defender_flags));
}
