#include "qrsc/analysis/lookup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "qrsc/analysis/column_choice.hpp"
#include "qrsc/analysis/key_read.hpp"
#include "qrsc/base/diagnostics.hpp"
#include "qrsc/model/roll_range.hpp"
#include "qrsc/model/runtime_values.hpp"
#include "qrsc/model/triggers.hpp"
#include "qrsc/model/words.hpp"
#include "qrsc/model/written_cells.hpp"

namespace qrsc {

namespace {

template <class Items, class F>
std::vector<std::string> names_of(const Items& items, F f) {
  std::vector<std::string> names;
  for (const auto& i : items) names.push_back(f(i));
  return names;
}

using Looked = Expected<LookupAnswer>;

// The part at index i of the parts of every row, in row order (part_column's order).
const BandPart* nth_part(const BandTable& bt, std::size_t i) {
  for (const auto& r : bt.rows) {
    if (i < r.parts.size()) return &r.parts[i];
    i -= r.parts.size();
  }
  return nullptr;
}

// A band table's answer completed with what every answer says: the table, the column, the
// key as given and as modified.
LookupAnswer answered(LookupAnswer a, const Table& t, const BandTable& bt, std::size_t col, const std::string& key,
                      Fraction k, NetModifier net, std::string note) {
  a.note = std::move(note);
  a.table_title = t.title;
  a.column = bt.single_column() ? std::string() : bt.columns[col].name;
  a.key = key;
  a.result = format_number(k);
  a.net = std::move(net);
  return a;
}

// The effects a base roll of the table triggers, added to the answer: the sheet reads them as
// well as the row.
LookupAnswer with_triggers(LookupAnswer a, const Spec& spec, const Table& t, Fraction base) {
  for (const Trigger& tr : triggers_on(spec, t.id)) {
    if (!base.is_integer() || !tr.section->trigger->band.band.contains(base)) continue;
    LookupAnswer::Triggered fired{
        format_number(base), tr.table->id, tr.section->id, tr.section->title, section_text(*tr.section), {}, {}};
    if (const Table* check = spec.table(tr.section->trigger->check)) {
      fired.check = check->id;
      fired.check_title = check->title;
    }
    a.triggered.push_back(std::move(fired));
  }
  return a;
}

// Why no row covers a key in a column: the rows whose band there the sources do not give.
std::string unknown_bands(const Spec& spec, const Table& t, const BandTable& bt, std::size_t col) {
  std::string out;
  for (const auto& r : bt.rows) {
    if (!r.bands[col].unknown) continue;
    out += fmt::format("; row '{}' prints {} there ({})", r.id, kUnknownNotation,
                       unknown_footnote(unknown_value_source(t, r.source, &spec.sources)));
  }
  return out;
}

Looked lookup_bands(const Spec& spec, const Table& t, const BandTable& bt, const std::string& key,
                    const std::optional<std::string>& column, const std::vector<std::string>& modifiers) {
  std::size_t col = 0;
  std::string note;
  if (bt.single_column()) {
    if (column) return program_error(fmt::format("table '{}' has a single column; drop --column", t.id));
  } else {
    if (!column) {
      return program_error(fmt::format("table '{}' has several columns; choose one with --column ({})", t.id,
                                       fmt::join(names_of(bt.columns, [](const Column& x) { return x.id; }), ", ")));
    }
    const auto c = choose_column(spec, bt.columns_vocabulary, bt.columns, *column, t.id);
    if (!c) return c.error();
    col = c->index;
    note = c->note;
  }
  std::string why;
  const auto given = parse_number(key, &why);
  if (!given && !why.empty()) return program_error(fmt::format("'{}': {}", key, why));
  if (!given) {
    return program_error(fmt::format("'{}' is not a number ({} such as {})", key,
                                     bt.key_name.empty() ? "a key" : bt.key_name,
                                     bt.key_type == KeyType::integer ? "7" : "11.5"));
  }
  if (bt.dice && bt.dice->success() && !modifiers.empty()) {
    // A count is read as it is: the modifiers were each die's, added before the dice were counted.
    return program_error(
        fmt::format("table '{}' is read by the number of {} ({}); its modifiers add to each die's score "
                    "before the dice are counted, so give the count alone",
                    t.id, bt.dice->count_failures ? "dice that fail" : "dice that succeed", bt.key_name));
  }
  if (bt.dice && bt.dice->success() && (*given < Fraction(0) || !given->is_integer())) {
    return program_error(fmt::format("'{}': table '{}' is read by a number of dice, 0 or more", key, t.id));
  }
  if (bt.dice && bt.dice->digits && !(given->is_integer() && bt.dice->runtime().as_digits().writes(given->floor()))) {
    // A number no throw writes would read a row the table never gives.
    return program_error(fmt::format("'{}': table '{}' is rolled as {}, which cannot show it: each digit is 1 to {}",
                                     key, t.id, roll_notation(*bt.dice), bt.dice->sides));
  }
  auto modified = net_modifier(spec, t, modifiers);
  if (!modified) return modified.error();
  NetModifier net = std::move(*modified);
  Fraction k = *given + Fraction(net.total);
  if (bt.key_type == KeyType::integer && !k.is_integer()) {
    return program_error(fmt::format("table '{}' is keyed by whole die results; '{}' is not one", t.id, key));
  }
  const KeyRead read = read_key(bt, k);
  if (!read.at && bt.outside != Outside::unstated) {
    LookupAnswer a;
    a.row = kOutsideRowId;
    a.title = outside_title(bt.outside);
    a.effect = a.title;
    return with_triggers(answered(std::move(a), t, bt, col, key, k, std::move(net), note), spec, t, *given);
  }
  if (!read.at) {
    return program_error(fmt::format("{} is outside table '{}' ({} {} to {})", format_number(k), t.id,
                                     bt.key_name.empty() ? "keys" : bt.key_name,
                                     bt.min ? format_number(*bt.min) : "any", bt.max ? format_number(*bt.max) : "any"));
  }
  if (!read.note.empty()) note += (note.empty() ? "" : "; ") + read.note;
  k = *read.at;
  // The row and the part as a header's lookup and part find them: the runtime's band search.
  const std::size_t r = qrs::find_band(band_column(bt, col), k);
  if (r == qrs::npos) {
    return program_error(fmt::format("no row of table '{}' covers {}{}{}", t.id, format_number(k),
                                     bt.single_column() ? "" : " in column '" + bt.columns[col].id + "'",
                                     unknown_bands(spec, t, bt, col)));
  }
  const BandRow& row = bt.rows[r];
  LookupAnswer a;
  a.number = row.number;
  a.effect = row.effect();
  if (row.number) a.effect += (a.effect.empty() ? "" : " ") + format_signed(*row.number);
  if (const BandPart* part = nth_part(bt, qrs::find_band(part_column(bt, col), k))) {
    a.part_id = part->id;
    a.part = part->text.render();
  }
  a.row = row.id;
  a.title = row.title;
  a = answered(std::move(a), t, bt, col, key, k, std::move(net), note);
  if (row.again) {
    a.again = dropped_on_again(spec, bt, row);
  }
  return with_triggers(std::move(a), spec, t, *given);
}

// A unit's number for a dice cell, written M=5 among the words (the letter its cells count
// from); the other words are the matrix's modifiers.
struct DiceWords {
  std::optional<int> base;
  std::vector<std::string> modifiers;
};

Expected<DiceWords> dice_words(const Table& t, const std::vector<std::string>& words) {
  DiceWords out;
  for (const std::string& w : words) {
    if (w.size() < 2 || (w[0] != 'M' && w[0] != 'm') || w[1] != '=') {
      out.modifiers.push_back(w);
      continue;
    }
    int value = -1;
    const char* end = w.data() + w.size();
    const auto [at, ec] = std::from_chars(w.data() + 2, end, value);
    if (ec != std::errc() || at != end || value < 0 || value > kMaxUnitNumber) {
      return program_error(
          fmt::format("'{}': the unit's number M is a whole number from 0 to {} (M=5)", w, kMaxUnitNumber));
    }
    out.base = value;
  }
  if (!out.base) {
    return program_error(
        fmt::format("table '{}' counts dice from the unit's number M: give it as M=5 (then the "
                    "modifiers that apply)",
                    t.id));
  }
  return out;
}

Looked lookup_matrix(const Spec& spec, const Table& t, const Matrix& m, const std::string& key,
                     const std::optional<std::string>& column, const std::vector<std::string>& words) {
  const auto row = std::find_if(m.rows.begin(), m.rows.end(),
                                [&](const MatrixRow& r) { return r.id == key || same_ignoring_case(r.name, key); });
  if (row == m.rows.end()) {
    return program_error(not_found(fmt::format("table '{}' has no row '{}'", t.id, key), key,
                                   names_of(m.rows, [](const MatrixRow& r) { return r.id; }), "rows"));
  }
  if (!column) {
    return program_error(fmt::format("table '{}' is a matrix; name the column with --column ({})", t.id,
                                     fmt::join(names_of(m.columns, [](const Column& x) { return x.id; }), ", ")));
  }
  const auto c = choose_column(spec, m.columns_vocabulary, m.columns, *column, t.id);
  if (!c) return c.error();
  const MatrixCell& cell = row->cells[c->index];
  LookupAnswer a;
  a.kind = LookupAnswer::Kind::matrix;
  a.column_id = m.columns[c->index].id;
  a.cell = cell.notation;
  a.note = c->note;
  a.table_title = t.title;
  a.column = m.columns[c->index].name;
  a.row = row->id;
  a.title = row->name;
  a.key = key;
  a.effect = cell_in_words(cell);
  // A value the sources do not give reads "?", with the sheet's footnote.
  if (cell.unknown) a.footnote = unknown_footnote(unknown_value_source(t, row->source, &spec.sources));
  if (words.empty()) return a;
  // The dice a unit rolls: the cell's count for its number, with the dice its modifiers add.
  const auto given = dice_words(t, words);
  if (!given) return given.error();
  if (cell.unknown) {
    return program_error(fmt::format("table '{}': {}, {} is not given in the source documents (printed {}): no count",
                                     t.id, row->name, a.column, kUnknownNotation));
  }
  auto net = net_modifier(spec, t, given->modifiers);
  if (!net) return net.error();
  const int dice = cell.present ? cell.value.dice.count_with(*given->base, net->total) : 0;
  a.unit_number = given->base;
  a.result = std::to_string(dice);
  a.net = std::move(*net);
  return a;
}

// An entry of a list: `fields` gives its fields after the id (and a list section's lines).
template <class T, class F>
Looked lookup_item(const Spec& spec, const Table& t, const std::vector<T>& items, const std::string& key, F fields) {
  for (const auto& i : items) {
    if (i.id != key) continue;
    LookupAnswer a;
    a.kind = LookupAnswer::Kind::entry;
    fields(i, a);
    a.table_title = t.title;
    a.row = i.id;
    a.key = key;
    // The fields in words: "9 pts. +1", "+1 Gallant leader", a section's lines each on its own.
    a.effect = fmt::format("{}", fmt::join(a.fields, " "));
    for (const auto& l : a.lines) a.effect += "\n " + l;
    if constexpr (std::is_same_v<T, Fact>) {
      // A fact the sources do not give reads "?", with the sheet's footnote (the table's source).
      if (i.unknown) a.footnote = unknown_footnote(unknown_value_source(t, std::nullopt, &spec.sources));
    }
    return a;
  }
  return program_error(not_found(fmt::format("table '{}' has no entry '{}'", t.id, key), key,
                                 names_of(items, [](const T& x) { return x.id; }), "entries"));
}

}  // namespace

Looked lookup(const Spec& spec, const std::string& table, const std::string& key,
              const std::optional<std::string>& column, const std::vector<std::string>& modifiers) {
  const Table* t = spec.table(table);
  if (!t) {
    return program_error(not_found(fmt::format("spec '{}' has no table '{}'", spec.id, table), table,
                                   names_of(spec.tables, [](const Table& x) { return x.id; }), "tables"));
  }
  const auto* matrix = std::get_if<Matrix>(&t->body);
  if (!modifiers.empty() && t->kind != TableKind::bands && !(matrix && matrix->cell == CellType::dice)) {
    return program_error(fmt::format("table '{}' is a {} table; die roll modifiers apply to die-result tables", t->id,
                                     table_kind_name(t->kind)));
  }
  return std::visit(
      [&](const auto& body) -> Looked {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, BandTable>) return lookup_bands(spec, *t, body, key, column, modifiers);
        if constexpr (std::is_same_v<T, Matrix>) return lookup_matrix(spec, *t, body, key, column, modifiers);
        if constexpr (std::is_same_v<T, ModifierTable>) {
          return lookup_item(spec, *t, body.items, key, [](const ModifierItem& m, LookupAnswer& a) {
            a.fields = {m.value_notation(), m.text.render()};
          });
        }
        if constexpr (std::is_same_v<T, FactsTable>) {
          return lookup_item(spec, *t, body.items, key, [](const Fact& f, LookupAnswer& a) {
            a.fields = {f.value, f.text.render()};
          });
        }
        if constexpr (std::is_same_v<T, ListTable>) {
          return lookup_item(spec, *t, body.sections, key, [](const ListSection& s, LookupAnswer& a) {
            a.fields = {s.title};
            for (const auto& i : s.items) a.lines.push_back(i.text.render());
          });
        }
      },
      t->body);
}

}  // namespace qrsc
