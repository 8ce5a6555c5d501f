// The model builder, shared by the files that build each kind of table (build_bands.cpp,
// build_modifiers.cpp, ...). Internal to the front end: build_model.hpp is its interface.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/schema.hpp"
#include "qrsc/frontend/table_memo.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

// The ids of the spec's tables of a kind (for a diagnostic's suggestion).
std::vector<std::string> table_ids(const Spec& spec, TableKind kind);

class Builder {
 public:
  explicit Builder(Diagnostics& diags, TableMemo* memo = nullptr) : diags_(diags), memo_(memo) {}

  std::optional<Spec> build(const NodePtr& root, const std::string& path);

 private:
  RichText text(const NodePtr& n, const std::string& what);
  RichText text_of(Object& o, const char* key);
  std::optional<SourceNote> source(Object& o);
  std::string identifier(Object& o, const char* key = "id");
  template <class Items>
  void check_unique(const Items& items, const std::string& what);
  // False, with an error naming the limit, when `count` things exceed it.
  bool within_limit(std::size_t count, std::size_t limit, const Loc& at, const std::string& what);
  // A table's rows and cells (rows times columns) against the limits.
  bool rows_within_limits(Object& o, std::size_t rows, std::size_t columns, std::size_t max_rows,
                          std::size_t max_cells = limits::kMaxCells);

  void vocabulary(const NodePtr& n);
  std::vector<Column> columns(Object& o, std::string& vocabulary_id);
  void table(const NodePtr& n);  // from the memo when it has it, else built
  std::optional<Table> build_table(const NodePtr& n);
  void bands(Object& o, Table& t);
  void band_key(Object& o, BandTable& bt);
  // One row of a band table (nothing when the row is not an object); `table` names the table.
  std::optional<BandRow> band_row(const NodePtr& rn, const BandTable& bt, const std::string& table);
  std::vector<BandCell> band_cells(Object& o, const BandTable& bt, const std::string& what);
  // One band as written (`n`), or '?'; an error at it when it is not one.
  void band_cell(const NodePtr& n, KeyType key_type, const std::string& what, BandCell& cell);
  // A map of bands by id (`bands:` by column id, or a matchup's by row id) into `cells`, one per
  // id of `ids`; an error at each key that is not one of them.
  void bands_by_id(const NodePtr& map, const std::vector<std::string>& ids, const char* id_kind, KeyType key_type,
                   const std::string& what, std::vector<BandCell>& cells);
  // A table's matchups (build_matchups.cpp): a column each, after the types', and the square
  // of columns the opposed roll reads by both sides' types.
  void matchups(Object& o, BandTable& bt);
  // The term of the vocabulary of `bt`'s columns that had the id `id` before a rename of the
  // spec's lineage (a parent's entries are written in the old ids), or null.
  const Term* renamed_term(const BandTable& bt, const std::string& id) const;
  std::optional<Matchup> matchup(const NodePtr& n, BandTable& bt, std::size_t types, const std::string& table);
  void check_coverage(const Table& t, const BandTable& bt);
  std::optional<DiceRoll> dice(const NodePtr& n, const std::string& what);
  std::optional<OpposedRoll> opposed(Object& o, const std::string& what);
  std::optional<BaseRollTrigger> trigger(const NodePtr& n, const std::string& what);
  void check_outside(const Table& t, const BandTable& bt);
  void warn_endless_reroll(const Table& t, const BandTable& bt);
  void check_label(const BandRow& row, const BandTable& bt, const Loc& at, const std::string& what);
  void check_opposed(const Table& t, const BandTable& bt);
  void check_success(const Table& t, const BandTable& bt);
  void success_dice(Object& o, DiceRoll& d, const std::string& what);
  bool digit_roll_keys(Object& o, const DiceRoll& d, const std::string& roll, const std::string& what);
  std::optional<AgainstValue> against(Object& dice, const std::string& what);
  void against_columns(Object& o, BandTable& bt);
  void check_dice();
  void matrix_modifiers();  // after every table is built: a dice matrix's lists are modifier lists  // after every
                            // table is built: dice and triggers name tables that fit
  void roll_again();        // after the dice are checked (build_roll_again.cpp): rows that roll again
  // After every table is built (build_type_modifiers.cpp): each side's type modifiers read
  // from their matrix into the opposed roll's square.
  void type_modifiers();
  bool type_modifier_square(const Table& t, const BandTable& bt, qrs::Side side, std::vector<int>& values);
  // After the dice are checked (build_type_conditions.cpp): the types a modifier applies to
  // (`only`, `except`) are terms of one vocabulary, the sides' types of every roll that reads
  // the list; each item gets its mask of them.
  void type_conditions();
  void modifiers(Object& o, Table& t);
  // A modifier list's traits and an item's shares (build_shares.cpp); the matrix rows shares
  // name are checked once every table is built.
  std::vector<Trait> traits(Object& o);
  std::vector<Share> shares(Object& item, const std::string& id, const std::vector<Trait>& traits);
  void share_rows();
  void matrix(Object& o, Table& t);
  void list(Object& o, Table& t);
  ListItem list_item(const NodePtr& n, const std::string& what);
  void facts(Object& o, Table& t);
  void erratum(const NodePtr& n);

  Diagnostics& diags_;
  TableMemo* memo_ = nullptr;
  NodePtr vocabularies_node_, sources_node_;  // what a table reads besides its own node
  Spec spec_;
};

template <class Items>
void Builder::check_unique(const Items& items, const std::string& what) {
  std::map<std::string, Loc> seen;
  for (const auto& i : items) {
    if (i.id.empty()) continue;
    const auto [it, fresh] = seen.emplace(i.id, i.loc);
    if (!fresh) {
      diags_.error(i.loc, "duplicate " + what + " id '" + i.id + "'");
      diags_.note(it->second, "first defined here");
    }
  }
}

}  // namespace qrsc
