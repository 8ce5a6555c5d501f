// Matchups of an opposed roll read by a side's type (`matchups`): where a type is read
// differently against some types of the other side, a column of its own, and the square of
// columns the roll reads by both sides' types.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/builder.hpp"

namespace qrsc {

namespace {

// "Knights", "Knights or Cavalry", "Knights, Cavalry or Light Horse".
std::string either(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    out += i == 0 ? "" : i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

}  // namespace

const Term* Builder::renamed_term(const BandTable& bt, const std::string& id) const {
  const Vocabulary* vocabulary = spec_.vocabulary(bt.columns_vocabulary);
  if (!vocabulary || id.empty()) return nullptr;
  const auto t = std::find_if(vocabulary->terms.begin(), vocabulary->terms.end(),
                              [&](const Term& term) { return term.old_id == id; });
  return t == vocabulary->terms.end() ? nullptr : &*t;
}

std::optional<Matchup> Builder::matchup(const NodePtr& n, BandTable& bt, std::size_t types, const std::string& table) {
  Object m(n, "matchup of " + table, diags_, format::object_type("matchup"));
  if (!m.ok()) return std::nullopt;
  Matchup mu;
  mu.id = identifier(m);
  mu.loc = m.loc();
  mu.source = source(m);
  const std::string what = "matchup '" + mu.id + "' of " + table;
  std::vector<std::string> type_ids;
  for (std::size_t c = 0; c < types; ++c) type_ids.push_back(bt.columns[c].id);
  // A side's types: column ids of the types, each once.
  const auto types_of = [&](const char* key, std::vector<std::size_t>& out) {
    const std::vector<std::string> ids = m.strings(key);
    if (ids.empty() && m.has(key)) {  // a missing key is the reader's error (the format requires it)
      diags_.error(m.loc_of(key), what + ": '" + key + "' names no type (the " + key + "'s type or types)");
    }
    for (const auto& id : ids) {
      const auto it = std::find(type_ids.begin(), type_ids.end(), id);
      if (it == type_ids.end()) {
        // A variant's own entries use the new id.
        const Term* renamed = renamed_term(bt, id);
        diags_.error(m.loc_of(key),
                     renamed ? fmt::format("{}: '{}' was renamed '{}' (a rename of the spec's lineage); use "
                                           "the new id",
                                           what, id, renamed->id)
                             : with_suggestion(fmt::format("{}: '{}' is not a type of the table's columns", what, id),
                                               id, type_ids));
        continue;
      }
      const auto index = static_cast<std::size_t>(it - type_ids.begin());
      if (std::find(out.begin(), out.end(), index) != out.end()) {
        diags_.error(m.loc_of(key), fmt::format("{}: '{}' is named twice in '{}'", what, id, key));
        continue;
      }
      out.push_back(index);
    }
  };
  if (std::find(type_ids.begin(), type_ids.end(), mu.id) != type_ids.end()) {
    diags_.error(m.loc_of("id"),
                 fmt::format("{}: its id names its column, and '{}' is a type's column already", what, mu.id));
  }
  const auto [reader, other] = bt.dice->opposed->reader_and_other();
  types_of(reader, mu.readers);
  types_of(other, mu.others);
  // The column: its bands by row, none where a row is not named.
  Column column = Column::of(mu.id, m.str("name"), mu.loc);
  if (column.name.empty()) {
    std::vector<std::string> readers, others;
    for (const std::size_t c : mu.readers) readers.push_back(bt.columns[c].name);
    for (const std::size_t c : mu.others) others.push_back(bt.columns[c].name);
    // The loser's types "beaten by" the winner's, or the winner's "beating" the loser's.
    column.name = either(readers) + (bt.dice->opposed->loser_reads() ? " beaten by " : " beating ") + either(others);
  }
  std::vector<BandCell> cells(bt.rows.size());
  // A row the matchup does not name has no band in its column, and no place in the spec.
  for (auto& c : cells) c = {qrs::band_none(), "-", Loc{}};
  const NodePtr bands = m.get("bands");
  if (bands) {  // a missing 'bands' is the reader's error (the format requires it)
    std::vector<std::string> row_ids;
    for (const auto& r : bt.rows) row_ids.push_back(r.id);
    const int errors_before = diags_.error_count();
    bands_by_id(bands, row_ids, "row", bt.key_type, what, cells);
    // Said here, at the matchup, once (the coverage check says nothing of a column no row reads).
    const bool none =
        std::none_of(cells.begin(), cells.end(), [](const BandCell& c) { return c.band.present || c.unknown; });
    if (none && diags_.error_count() == errors_before) diags_.error(bands->loc, what + " gives no row a band");
  }
  bt.columns.push_back(std::move(column));
  for (std::size_t r = 0; r < bt.rows.size(); ++r) bt.rows[r].bands.push_back(std::move(cells[r]));
  return mu;
}

void Builder::matchups(Object& o, BandTable& bt) {
  const std::vector<NodePtr> nodes = o.list("matchups");
  if (nodes.empty()) return;
  const Loc at = o.loc_of("matchups");
  const OpposedRoll* roll = bt.dice && bt.dice->opposed ? &*bt.dice->opposed : nullptr;
  if (!roll || roll->column == qrs::ColumnBy::chosen || bt.single_column()) {
    diags_.error(at, o.what() +
                         ": matchups are read by both sides' types, so they need an opposed roll read in the "
                         "loser's or the winner's column (key.dice.column: loser or winner) and columns: the types");
    return;
  }
  if (std::any_of(bt.rows.begin(), bt.rows.end(), [](const BandRow& r) { return !r.parts.empty(); })) {
    diags_.error(at, o.what() + ": a matchup gives each row one band; rows with parts cannot have matchups");
    return;
  }
  const std::size_t types = bt.columns.size();
  if (!within_limit(types, limits::kMaxMatchupTypes, at, o.what() + ": types of a table with matchups")) return;
  if (!within_limit(types + nodes.size(), limits::kMaxRows, at, o.what() + ": columns (types and matchups)")) return;
  if (!rows_within_limits(o, bt.rows.size(), types + nodes.size(), limits::kMaxBandRows, limits::kMaxBandCells)) return;
  // Each pair of types is read in one column: a pair two matchups name is an error.
  std::map<std::pair<std::size_t, std::size_t>, const Matchup*> pairs;
  std::vector<std::size_t> square(types * types);
  for (std::size_t t = 0; t < types; ++t) {
    for (std::size_t u = 0; u < types; ++u) square[t * types + u] = t;
  }
  for (const auto& n : nodes) {
    auto mu = matchup(n, bt, types, o.what());
    if (!mu) continue;
    bt.matchups.push_back(std::move(*mu));
  }
  check_unique(bt.matchups, "matchup");
  for (std::size_t i = 0; i < bt.matchups.size(); ++i) {
    const Matchup& mu = bt.matchups[i];
    for (const std::size_t r : mu.readers) {
      for (const std::size_t other : mu.others) {
        const auto [it, fresh] = pairs.emplace(std::pair{r, other}, &mu);
        if (!fresh) {
          const auto [reader, other_side] = roll->reader_and_other();
          diags_.error(mu.loc, fmt::format("matchup '{}' of {}: {} {} against {} {} is already read in matchup '{}'",
                                           mu.id, o.what(), reader, bt.columns[r].id, other_side, bt.columns[other].id,
                                           it->second->id));
          diags_.note(it->second->loc, "that matchup is here");
          continue;
        }
        square[r * types + other] = types + i;
      }
    }
  }
  OpposedRoll& opposed = *bt.dice->opposed;
  opposed.types = types;
  opposed.matchup_columns = std::move(square);
  // A row's label is printed over every column, the matchups' too (the types' columns were
  // checked with the row).
  for (const auto& row : bt.rows) {
    if (row.label.empty()) continue;
    for (std::size_t c = types; c < bt.columns.size(); ++c) {
      if (qrs::same_keys(row.bands[c].band, row.bands[0].band)) continue;
      diags_.error(row.loc, fmt::format("row '{}' of {}: its label '{}' is printed over every column, but matchup '{}' "
                                        "reads it at {}; drop the label and let each column print its own band",
                                        row.id, o.what(), row.label, bt.columns[c].id, row.bands[c].notation));
      break;
    }
  }
}

}  // namespace qrsc
