#include "lookup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "diagnostics.hpp"

namespace qrsc {

namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

template <class Items, class F>
std::vector<std::string> names_of(const Items& items, F f) {
  std::vector<std::string> names;
  for (const auto& i : items) names.push_back(f(i));
  return names;
}

LookupAnswer fail(std::string msg) {
  LookupAnswer a;
  a.error = std::move(msg);
  return a;
}

// "no X 'word'", with a did-you-mean when one name is close, then every name.
std::string not_found(const std::string& what, const std::string& word, const std::vector<std::string>& names,
                      const std::string& plural) {
  return fmt::format("{} (its {} are: {})", with_suggestion(what, word, names), plural, fmt::join(names, ", "));
}

// A distance as a user types it: 4, 4", 4in, 4 in, 1.5", 1 1/2in.
std::optional<Fraction> typed_distance(std::string s) {
  for (const std::string suffix : {"\"", "in", "\u2033"}) {
    if (s.size() > suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0) {
      s.resize(s.size() - suffix.size());
      break;
    }
  }
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return parse_number(s);
}

struct ColumnChoice {
  std::optional<std::size_t> index;
  std::string error, note;
};

// A column by id, by printed name, by the distance a range column stands for (after scale
// conversion), or by the parent sheet's name of a renamed term (with a note saying so).
ColumnChoice find_column(const Spec& spec, const std::string& vocabulary, const std::vector<Column>& cols,
                         const std::string& c, const std::string& table) {
  for (std::size_t i = 0; i < cols.size(); ++i) {
    if (cols[i].id == c || lower(cols[i].name) == lower(c)) return {i, {}, {}};
  }
  const bool ranges = std::any_of(cols.begin(), cols.end(), [](const Column& x) { return x.range.has_value(); });
  if (const auto d = typed_distance(c); d && ranges) {
    for (std::size_t i = 0; i < cols.size(); ++i) {
      if (cols[i].range && *cols[i].range == *d) return {i, {}, {}};
    }
    // A distance is never "close" to another: list the ranges as this sheet prints them.
    return {std::nullopt,
            fmt::format("table '{}' has no column at {} (its ranges are: {})", table, format_inches(*d),
                        fmt::join(names_of(cols, [](const Column& x) { return x.range ? format_inches(*x.range) : x.id; }), ", ")),
            {}};
  }
  if (const Vocabulary* v = spec.vocabulary(vocabulary)) {
    for (const auto& term : v->terms) {
      if (term.old_id.empty() || (term.old_id != c && lower(term.old_name) != lower(c))) continue;
      for (std::size_t i = 0; i < cols.size(); ++i) {
        if (cols[i].id == term.id) {
          return {i, {}, fmt::format("'{}' is the parent sheet's {}; this sheet calls it {} ('{}')", c, term.old_name,
                                     term.name, term.id)};
        }
      }
    }
  }
  std::vector<std::string> names = names_of(cols, [](const Column& x) { return x.id; });
  return {std::nullopt, not_found(fmt::format("table '{}' has no column '{}'", table, c), c, names, "columns"), {}};
}

// "+1 -2 out_of_command(-2)" for the text answer; a member of a non-cumulative group that does
// not count is shown crossed out in words.
std::string modifier_words(const NetModifier& net) {
  std::string out;
  for (const auto& m : net.applied) {
    std::string one = m.text.empty() ? format_signed(m.value) : fmt::format("{} ({})", format_signed(m.value), m.text);
    if (!m.counted) one = "[" + one + ": not cumulative, does not count]";
    out += " " + one;
  }
  return out;
}

LookupAnswer lookup_bands(const Spec& spec, const Table& t, const BandTable& bt, const std::string& key,
                          const std::optional<std::string>& column, const std::vector<std::string>& modifiers) {
  std::size_t col = 0;
  std::string note;
  if (bt.single_column()) {
    if (column) return fail(fmt::format("table '{}' has a single column; drop --column", t.id));
  } else {
    if (!column) {
      return fail(fmt::format("table '{}' has several columns; choose one with --column ({})", t.id,
                              fmt::join(names_of(bt.columns, [](const Column& x) { return x.id; }), ", ")));
    }
    const ColumnChoice c = find_column(spec, bt.columns_vocabulary, bt.columns, *column, t.id);
    if (!c.index) return fail(c.error);
    col = *c.index;
    note = c.note;
  }
  const auto given = parse_number(key);
  if (!given) return fail(fmt::format("'{}' is not a number (a die result such as 7, or fire points such as 11.5)", key));
  NetModifier net = net_modifier(spec, t, modifiers);
  if (!net.error.empty()) return fail(net.error);
  const std::optional<Fraction> k = *given + Fraction(net.total);
  if (bt.key_type == KeyType::integer && !k->is_integer()) {
    return fail(fmt::format("table '{}' is keyed by whole die results; '{}' is not one", t.id, key));
  }
  if ((bt.min && *k < *bt.min) || (bt.max && *k > *bt.max)) {
    return fail(fmt::format("{} is outside table '{}' ({} {} to {})", format_number(*k), t.id,
                            bt.key_name.empty() ? "keys" : bt.key_name, bt.min ? format_number(*bt.min) : "any",
                            bt.max ? format_number(*bt.max) : "any"));
  }
  for (const auto& row : bt.rows) {
    if (!row.bands[col].band.contains(*k)) continue;
    LookupAnswer a;
    a.ok = true;
    a.line = row.id + "\t" + row.title;
    a.note = note;
    if (row.number) a.line += "\t" + format_signed(*row.number);
    a.effect = row.effect();
    if (row.number) a.effect += (a.effect.empty() ? "" : " ") + format_signed(*row.number);
    a.detail = a.effect + "\n";
    for (const auto& part : row.parts) {
      if (!part.bands[col].band.contains(*k)) continue;
      a.detail += part.id + "\t" + part.text.render() + "\n";
      a.part = part.text.render();
    }
    a.table_title = t.title;
    a.column = bt.single_column() ? std::string() : bt.columns[col].name;
    a.row = row.id;
    a.title = row.title;
    a.key = key;
    a.result = format_number(*k);
    a.text = fmt::format("{}{}: {}{}{}\n{}{}\n", t.title, a.column.empty() ? "" : ", " + a.column, key,
                         modifier_words(net), net.applied.empty() ? "" : " = " + a.result, a.effect,
                         a.part.empty() ? "" : " " + a.part);
    a.net = std::move(net);
    return a;
  }
  return fail(fmt::format("no row of table '{}' covers {}{}", t.id, format_number(*k),
                          bt.single_column() ? "" : " in column '" + bt.columns[col].id + "'"));
}

LookupAnswer lookup_matrix(const Spec& spec, const Table& t, const Matrix& m, const std::string& key,
                           const std::optional<std::string>& column) {
  const auto row = std::find_if(m.rows.begin(), m.rows.end(),
                                [&](const MatrixRow& r) { return r.id == key || lower(r.name) == lower(key); });
  if (row == m.rows.end()) {
    return fail(not_found(fmt::format("table '{}' has no row '{}'", t.id, key), key,
                          names_of(m.rows, [](const MatrixRow& r) { return r.id; }), "rows"));
  }
  if (!column) {
    return fail(fmt::format("table '{}' is a matrix; name the column with --column ({})", t.id,
                            fmt::join(names_of(m.columns, [](const Column& x) { return x.id; }), ", ")));
  }
  const ColumnChoice c = find_column(spec, m.columns_vocabulary, m.columns, *column, t.id);
  if (!c.index) return fail(c.error);
  LookupAnswer a;
  a.ok = true;
  a.line = row->id + "\t" + m.columns[*c.index].id + "\t" + row->cells[*c.index].notation;
  a.note = c.note;
  a.table_title = t.title;
  a.column = m.columns[*c.index].name;
  a.row = row->id;
  a.title = row->name;
  a.key = key;
  a.effect = row->cells[*c.index].present ? row->cells[*c.index].notation : "(blank)";
  a.text = fmt::format("{}: {}, {}: {}\n", t.title, row->name, a.column, a.effect);
  return a;
}

template <class T, class F>
LookupAnswer lookup_item(const Table& t, const std::vector<T>& items, const std::string& key, F line) {
  for (const auto& i : items) {
    if (i.id != key) continue;
    LookupAnswer a;
    a.ok = true;
    a.line = line(i);
    a.table_title = t.title;
    a.row = i.id;
    a.key = key;
    // The TSV line's fields after the id, in words: "9 pts.  +1", "+1  Gallant leader".
    a.effect = a.line.substr(a.line.find('\t') + 1);
    for (auto& ch : a.effect) ch = ch == '\t' ? ' ' : ch;
    a.text = t.title + ": " + a.effect + "\n";
    return a;
  }
  return fail(not_found(fmt::format("table '{}' has no entry '{}'", t.id, key), key,
                        names_of(items, [](const T& x) { return x.id; }), "entries"));
}

}  // namespace

LookupAnswer lookup(const Spec& spec, const std::string& table, const std::string& key,
                    const std::optional<std::string>& column, const std::vector<std::string>& modifiers) {
  const Table* t = spec.table(table);
  if (!t) {
    return fail(not_found(fmt::format("spec '{}' has no table '{}'", spec.id, table), table,
                          names_of(spec.tables, [](const Table& x) { return x.id; }), "tables"));
  }
  if (!modifiers.empty() && t->kind != TableKind::bands) {
    return fail(fmt::format("table '{}' is a {} table; die roll modifiers apply to die-result tables", t->id,
                            table_kind_name(t->kind)));
  }
  return std::visit(
      [&](const auto& body) -> LookupAnswer {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, BandTable>) return lookup_bands(spec, *t, body, key, column, modifiers);
        if constexpr (std::is_same_v<T, Matrix>) return lookup_matrix(spec, *t, body, key, column);
        if constexpr (std::is_same_v<T, ModifierTable>) {
          return lookup_item(*t, body.items, key,
                             [](const ModifierItem& m) { return m.id + "\t" + m.value_notation() + "\t" + m.text.render(); });
        }
        if constexpr (std::is_same_v<T, FactsTable>) {
          return lookup_item(*t, body.items, key,
                             [](const Fact& f) { return f.id + "\t" + f.value + "\t" + f.text.render(); });
        }
        if constexpr (std::is_same_v<T, ListTable>) {
          return lookup_item(*t, body.sections, key, [](const ListSection& s) {
            std::string out = s.id + "\t" + s.title;
            for (const auto& i : s.items) out += "\n\t" + i.text.render();
            return out;
          });
        }
      },
      t->body);
}

}  // namespace qrsc
