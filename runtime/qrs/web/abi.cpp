// The C ABI of a sheet's WebAssembly module (see abi.hpp): what the web page's script calls.
// Indices in, numbers out; the modifiers that apply are set one by one into a table of flags.
// No strings cross it: the page prints the texts the backend wrote into its markup.
#include "qrs/web/abi.hpp"

#define QRS_EXPORT(name) extern "C" __attribute__((export_name(#name)))

namespace qrs::web {
namespace {

// Which modifiers apply, per list: flag i of list l at kApplies[offset(l) + i].
inline constexpr std::size_t kMaxFlags = 4096;
bool g_applies[kMaxFlags]{};

std::size_t offset(std::size_t list) {
  std::size_t at = 0;
  for (std::size_t l = 0; l < list; ++l) at += kSheet.lists[l].mods.size();
  return at;
}

bool valid_list(int list) { return list >= 0 && static_cast<std::size_t>(list) < kSheet.lists.size(); }
bool valid_table(int table) { return table >= 0 && static_cast<std::size_t>(table) < kSheet.tables.size(); }

View<bool> applying(std::size_t list) { return {g_applies + offset(list), kSheet.lists[list].mods.size()}; }

// Exact probabilities of every row at a net modifier: numerators, then the common denominator.
inline constexpr std::size_t kMaxRows = 256;
std::int64_t g_odds[kMaxRows + 1]{};
Fraction g_row_odds[kMaxRows]{};

}  // namespace
}  // namespace qrs::web

using namespace qrs::web;

QRS_EXPORT(qrs_table_count) int qrs_table_count() { return static_cast<int>(kSheet.tables.size()); }

// The lowest and highest key the table's roll produces before modifiers (a difference roll's
// key is the first side's roll less the second's).
QRS_EXPORT(qrs_key_lo) int qrs_key_lo(int table) {
  return valid_table(table) ? qrs::odds::key_roll(kSheet.tables[static_cast<std::size_t>(table)].roll).lo : 0;
}
QRS_EXPORT(qrs_key_hi) int qrs_key_hi(int table) {
  return valid_table(table) ? qrs::odds::key_roll(kSheet.tables[static_cast<std::size_t>(table)].roll).hi() : -1;
}

// No modifier applies.
QRS_EXPORT(qrs_clear) void qrs_clear() {
  for (bool& f : g_applies) f = false;
}

// Modifier `item` of list `list` applies (on) or not. False for an index out of range.
QRS_EXPORT(qrs_set) int qrs_set(int list, int item, int on) {
  if (!valid_list(list) || item < 0 || static_cast<std::size_t>(item) >= kSheet.lists[static_cast<std::size_t>(list)].mods.size()) return 0;
  const std::size_t at = offset(static_cast<std::size_t>(list)) + static_cast<std::size_t>(item);
  if (at >= kMaxFlags) return 0;
  g_applies[at] = on != 0;
  return 1;
}

// 1 when modifier `item` of `list` applies and counts (a non-cumulative group's strongest).
QRS_EXPORT(qrs_counts) int qrs_counts(int list, int item) {
  if (!valid_list(list) || item < 0) return 0;
  const auto l = static_cast<std::size_t>(list);
  const auto i = static_cast<std::size_t>(item);
  const qrs::View<bool> applies = applying(l);
  return i < applies.size() && applies[i] && qrs::counts(kSheet.lists[l].mods, applies, i) ? 1 : 0;
}

// The net modifier of a table's roll: the sum over the lists that modify it, each by
// qrs::accumulate. Two members of an exclusive group must not both be set.
QRS_EXPORT(qrs_net) int qrs_net(int table) {
  if (!valid_table(table)) return 0;
  int net = 0;
  for (const std::uint16_t l : kSheet.tables[static_cast<std::size_t>(table)].lists) {
    net += qrs::accumulate(kSheet.lists[l].mods, applying(l));
  }
  return net;
}

// The key a roll of `die` (its base roll; for a difference roll the first side's less the
// second's) gives with the modifiers set: what the table is read at.
QRS_EXPORT(qrs_result) int qrs_result(int table, int die) { return die + qrs_net(table); }

// The row a roll of `die` selects in a column with the modifiers set: its index; -1 when no
// band holds the result (a value the sources do not give), -2 when the result is outside the
// table's range.
QRS_EXPORT(qrs_lookup) int qrs_lookup(int table, int column, int die) {
  if (!valid_table(table)) return -1;
  const RolledTable& t = kSheet.tables[static_cast<std::size_t>(table)];
  if (column < 0 || static_cast<std::size_t>(column) >= t.bands.size()) return -1;
  const int key = qrs_result(table, die);
  if ((t.has_min && key < t.min) || (t.has_max && key > t.max)) return -2;
  const std::size_t r = qrs::find_band(t.bands[static_cast<std::size_t>(column)], qrs::Fraction(key));
  return r == qrs::npos ? -1 : static_cast<int>(r);
}

// The part (a row's sub-result, in the order of every row's parts) the same roll selects, or -1.
QRS_EXPORT(qrs_part) int qrs_part(int table, int column, int die) {
  if (!valid_table(table)) return -1;
  const RolledTable& t = kSheet.tables[static_cast<std::size_t>(table)];
  if (column < 0 || static_cast<std::size_t>(column) >= t.parts.size()) return -1;
  const std::size_t p = qrs::find_band(t.parts[static_cast<std::size_t>(column)], qrs::Fraction(qrs_result(table, die)));
  return p == qrs::npos ? -1 : static_cast<int>(p);
}

// The exact odds of every row of a column with the modifiers set (qrs::odds::fill_row_odds over
// the table's roll): a pointer to the rows' numerators followed by their common denominator.
QRS_EXPORT(qrs_odds) const std::int64_t* qrs_odds(int table, int column) {
  if (!valid_table(table)) return nullptr;
  const RolledTable& t = kSheet.tables[static_cast<std::size_t>(table)];
  if (column < 0 || static_cast<std::size_t>(column) >= t.bands.size()) return nullptr;
  const qrs::View<qrs::Band> bands = t.bands[static_cast<std::size_t>(column)];
  if (bands.size() > kMaxRows) return nullptr;
  const qrs::odds::Distribution key = qrs::odds::key_roll(t.roll);
  struct Out {
    std::size_t n;
    std::size_t size() const { return n; }
    qrs::Fraction& operator[](std::size_t i) const { return g_row_odds[i]; }
  } out{bands.size()};
  qrs::odds::fill_row_odds(bands, key, qrs_net(table), out);
  for (std::size_t r = 0; r < bands.size(); ++r) {
    // Each row's fraction over the roll's total, so that the rows share one denominator.
    g_odds[r] = g_row_odds[r].num() * (key.total / g_row_odds[r].den());
  }
  g_odds[bands.size()] = key.total;
  return g_odds;
}

// Rolling: the page throws qrs_dice(table) fair dice of qrs_sides(table) faces, writes the faces
// at qrs_faces(), and qrs_roll gives the die result they make (summed; for a difference roll
// the first half's sum less the second's).
inline constexpr int kMaxDice = 64;
int g_faces[kMaxDice]{};

QRS_EXPORT(qrs_faces) int* qrs_faces() { return g_faces; }
QRS_EXPORT(qrs_dice) int qrs_dice(int table) {
  if (!valid_table(table)) return 0;
  const int dice = kSheet.tables[static_cast<std::size_t>(table)].roll.dice_per_key();
  return dice <= kMaxDice ? dice : 0;
}
QRS_EXPORT(qrs_sides) int qrs_sides(int table) {
  return valid_table(table) ? kSheet.tables[static_cast<std::size_t>(table)].roll.sides : 0;
}
QRS_EXPORT(qrs_roll) int qrs_roll(int table) {
  return qrs_dice(table) > 0 ? kSheet.tables[static_cast<std::size_t>(table)].roll.key_of(g_faces) : 0;
}
