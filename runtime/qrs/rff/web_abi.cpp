// The C ABI of RFF's fire combat (procedures.hpp, FireCombat) for a sheet's web page: the page
// adds firing units (weapon, stands, distance, fire-point factors, traits) and reads back each
// unit's fire points, the total rounded as the sheet says, the die-roll modifier it gives, the
// row of the fire-point table it selects, and the fire modifiers the units' shares decide. qrsc compiles this file into
// a sheet's WebAssembly module when the sheet has every table the system's package file declares this procedure reads
// (rules/rff/rff.package.yaml, `fire_combat`); a sheet without one gets a warning naming it and
// a module without this file. A table read here that the declaration leaves out fails the
// module's compile for every sheet of rules/ (the web tests), so the declaration cannot lag.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "module.hpp"
#include "qrs/rff/procedures.hpp"
#include "qrs/web/table_ids.hpp"

#define QRS_EXPORT(name) extern "C" __attribute__((export_name(#name)))

namespace qrs::rff::web {
namespace {

using S = qrs::web::module::sheet::Sheet;

// The factors of one unit are passed to FireCombat as a list of at most this many.
inline constexpr std::size_t kMaxFactors = 4;

// One firing unit as the page gives it: small arms (kind 0) or guns (kind 1), its weapon (a row
// of the fire-point matrix), stands, the distance num/den inches, and its factors and its
// traits (the fire modifiers' kTraitTexts) as bits.
struct Unit {
  int kind = 0;
  int weapon = 0;
  int stands = 0;
  int num = 0;
  int den = 1;
  unsigned factors = 0;
  unsigned traits = 0;
};

// The most stands entries (a unit's stands at one distance) one fire combat takes; the page
// offers no more (qrs_fire_capacity) and answers nothing for a link that names more.
inline constexpr std::size_t kMaxUnits = 64;

Unit g_units[kMaxUnits]{};
std::size_t g_count = 0;
int g_out[8]{};

// What a firing unit can be, as the page asks it (none on a sheet whose fire modifiers declare
// no traits).
template <class T>
constexpr View<std::string_view> kTraitTexts = qrs::rff::detail::TraitsOf<typename T::fire_modifiers>::kTraitTexts;

template <class T>
bool valid(const Unit& u) {
  const std::size_t weapons =
      u.kind == 0 ? std::size(T::musketry_fire_points::kRowIds) : std::size(T::cannonade_fire_points::kRowIds);
  const std::size_t factors = T::fire_point_factors::kModifiers.size();
  const std::size_t traits = kTraitTexts<T>.size();
  return (u.kind == 0 || u.kind == 1) && u.weapon >= 0 && static_cast<std::size_t>(u.weapon) < weapons &&
         u.stands >= 1 && u.stands <= 999 && u.num >= 0 && u.den > 0 && (u.factors >> factors) == 0 &&
         (traits >= 32 || (u.traits >> traits) == 0);
}

// The unit added to a fire combat through FireCombat's own musketry or cannonade.
template <class T>
void add(FireCombat<T>& fire, const Unit& u) {
  using Factor = typename FireCombat<T>::Factor;
  Factor f[kMaxFactors]{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < T::fire_point_factors::kModifiers.size() && n < kMaxFactors; ++i) {
    if (u.factors & (1u << i)) f[n++] = static_cast<Factor>(i);
  }
  const Fraction distance(u.num, u.den);
  const auto traits = Traits<typename FireCombat<T>::Trait>::from_bits(u.traits);
  const auto fire_with = [&](std::initializer_list<Factor> factors) {
    if (u.kind == 0) {
      fire.musketry(static_cast<typename FireCombat<T>::Musket>(u.weapon), u.stands, distance, factors, traits);
    } else {
      fire.cannonade(static_cast<typename FireCombat<T>::Gun>(u.weapon), u.stands, distance, factors, traits);
    }
  };
  switch (n) {
    case 0: fire_with({}); break;
    case 1: fire_with({f[0]}); break;
    case 2: fire_with({f[0], f[1]}); break;
    case 3: fire_with({f[0], f[1], f[2]}); break;
    default: fire_with({f[0], f[1], f[2], f[3]}); break;
  }
}

// The fire combat of units [first, first + count): in range (0 or 1), their fire points before
// the rounding (numerator, denominator), the total rounded as the sheet says (numerator,
// denominator), its die-roll modifier, and the fire-point table's row it selects (-1 none).
template <class T>
const int* fire_of(std::size_t first, std::size_t count) {
  FireCombat<T> fire;
  for (std::size_t i = first; i < first + count; ++i) add(fire, g_units[i]);
  const auto row = fire.fire_point_row();
  const int out[] = {fire.in_range() ? 1 : 0,
                     static_cast<int>(fire.points().num()),
                     static_cast<int>(fire.points().den()),
                     static_cast<int>(fire.fire_points().num()),
                     static_cast<int>(fire.fire_points().den()),
                     fire.fire_point_modifier(),
                     row ? static_cast<int>(*row) : -1};
  for (std::size_t i = 0; i < std::size(out); ++i) g_out[i] = out[i];
  return g_out;
}

// The fire modifiers the units of [0, g_count) decide: how many, then for each its index in the
// list and 1 when their shares reach it (else 0).
template <class T>
const int* decided() {
  FireCombat<T> fire;
  for (std::size_t i = 0; i < g_count; ++i) add(fire, g_units[i]);
  static int out[1 + 2 * qrs::kMaxDecided]{};
  int n = 0;
  for (std::size_t m = 0; m < T::fire_modifiers::kModifiers.size() && n < static_cast<int>(qrs::kMaxDecided); ++m) {
    const auto modifier = static_cast<typename FireCombat<T>::Modifier>(m);
    if (!FireCombat<T>::decided_by_units(modifier)) continue;
    out[1 + 2 * n] = static_cast<int>(m);
    out[2 + 2 * n] = fire.units_decide(modifier) ? 1 : 0;
    ++n;
  }
  out[0] = n;
  return out;
}

// The ids of the tables fire combat reads, space-separated: the effects table it resolves, the
// small arms' and the guns' fire-point matrices, the factors, the fire-point table and the other
// fire modifiers.
template <class T>
const char* tables() {
  static char text[6 * 65]{};
  return qrs::web::table_ids(text, {T::fire_effects::kId, T::musketry_fire_points::kId, T::cannonade_fire_points::kId,
                                    T::fire_point_factors::kId, T::fire_point_modifiers::kId, T::fire_modifiers::kId});
}

}  // namespace
}  // namespace qrs::rff::web

using namespace qrs::rff::web;

QRS_EXPORT(qrs_fire_tables) const char* qrs_fire_tables() { return tables<S>(); }

QRS_EXPORT(qrs_fire_capacity) int qrs_fire_capacity() { return static_cast<int>(kMaxUnits); }

// No firing unit.
QRS_EXPORT(qrs_fire_clear) void qrs_fire_clear() { g_count = 0; }

// A firing unit: 1 when added, 0 when an index is out of range or the combat is full.
QRS_EXPORT(qrs_fire_add) int qrs_fire_add(int kind, int weapon, int stands, int num, int den, int factors, int traits) {
  const Unit u{kind, weapon, stands, num, den, static_cast<unsigned>(factors), static_cast<unsigned>(traits)};
  if (g_count >= kMaxUnits || factors < 0 || traits < 0 || !valid<S>(u)) return 0;
  g_units[g_count++] = u;
  return 1;
}

// The fire combat of units [first, first + count) alone (a unit's stands at each distance: their
// points are the first numbers, before any rounding), as fire_of answers; null for a range out
// of what was added.
QRS_EXPORT(qrs_fire_units) const int* qrs_fire_units(int first, int count) {
  return first >= 0 && count >= 1 && static_cast<std::size_t>(first) + static_cast<std::size_t>(count) <= g_count
             ? fire_of<S>(static_cast<std::size_t>(first), static_cast<std::size_t>(count))
             : nullptr;
}

// The fire combat of every unit added, as fire_of answers: 7 numbers.
QRS_EXPORT(qrs_fire_total) const int* qrs_fire_total() { return fire_of<S>(0, g_count); }

// How many traits a firing unit can have, and the text of trait i as the page asks it: a
// pointer into the module's memory and a length in bytes (2 numbers); null for an index out of
// range.
QRS_EXPORT(qrs_fire_trait_count) int qrs_fire_trait_count() { return static_cast<int>(kTraitTexts<S>.size()); }
QRS_EXPORT(qrs_fire_trait) const int* qrs_fire_trait(int i) {
  if (i < 0 || static_cast<std::size_t>(i) >= kTraitTexts<S>.size()) return nullptr;
  const std::string_view t = kTraitTexts<S>[static_cast<std::size_t>(i)];
  g_out[0] = static_cast<int>(reinterpret_cast<std::uintptr_t>(t.data()));
  g_out[1] = static_cast<int>(t.size());
  return g_out;
}

// The fire modifiers the units decide, as decided() answers.
QRS_EXPORT(qrs_fire_decided) const int* qrs_fire_decided() { return decided<S>(); }
