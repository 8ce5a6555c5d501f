#include "lookup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace qrsc {

namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

template <class T, class F>
std::string names_of(const std::vector<T>& items, F f) {
  std::vector<std::string> names;
  for (const auto& i : items) names.push_back(f(i));
  return fmt::format("{}", fmt::join(names, ", "));
}

LookupAnswer fail(std::string msg) { return {false, {}, std::move(msg), {}}; }

// A column by id or by name; nullopt with an error message when absent.
std::optional<std::size_t> find_column(const std::vector<Column>& cols, const std::string& c, const std::string& table,
                                       std::string& error) {
  for (std::size_t i = 0; i < cols.size(); ++i) {
    if (cols[i].id == c || lower(cols[i].name) == lower(c)) return i;
  }
  error = fmt::format("table '{}' has no column '{}'; its columns are: {}", table, c,
                      names_of(cols, [](const Column& x) { return x.id; }));
  return std::nullopt;
}

LookupAnswer lookup_bands(const Table& t, const BandTable& bt, const std::string& key,
                          const std::optional<std::string>& column) {
  std::size_t col = 0;
  if (bt.single_column()) {
    if (column) return fail(fmt::format("table '{}' has a single column; drop --column", t.id));
  } else {
    if (!column) {
      return fail(fmt::format("table '{}' has several columns; choose one with --column ({})", t.id,
                              names_of(bt.columns, [](const Column& x) { return x.id; })));
    }
    std::string err;
    const auto c = find_column(bt.columns, *column, t.id, err);
    if (!c) return fail(err);
    col = *c;
  }
  const auto k = parse_number(key);
  if (!k) return fail(fmt::format("'{}' is not a number (a die result such as 7, or fire points such as 11.5)", key));
  if (bt.key_type == KeyType::integer && !k->is_integer()) {
    return fail(fmt::format("table '{}' is keyed by whole die results; '{}' is not one", t.id, key));
  }
  if ((bt.min && *k < *bt.min) || (bt.max && *k > *bt.max)) {
    return fail(fmt::format("{} is outside table '{}' ({} {} to {})", key, t.id,
                            bt.key_name.empty() ? "keys" : bt.key_name, bt.min ? format_number(*bt.min) : "any",
                            bt.max ? format_number(*bt.max) : "any"));
  }
  for (const auto& row : bt.rows) {
    if (!row.bands[col].band.contains(*k)) continue;
    LookupAnswer a{true, row.id + "\t" + row.title, {}, {}};
    if (row.number) a.line += "\t" + format_signed(*row.number);
    for (const auto& p : row.paragraphs) a.detail += p.render() + "\n";
    for (const auto& part : row.parts) {
      if (part.bands[col].band.contains(*k)) a.detail += part.id + "\t" + part.text.render() + "\n";
    }
    return a;
  }
  return fail(fmt::format("no row of table '{}' covers {}{}", t.id, key,
                          bt.single_column() ? "" : " in column '" + bt.columns[col].id + "'"));
}

LookupAnswer lookup_matrix(const Table& t, const Matrix& m, const std::string& key,
                           const std::optional<std::string>& column) {
  const auto row = std::find_if(m.rows.begin(), m.rows.end(),
                                [&](const MatrixRow& r) { return r.id == key || lower(r.name) == lower(key); });
  if (row == m.rows.end()) {
    return fail(fmt::format("table '{}' has no row '{}'; its rows are: {}", t.id, key,
                            names_of(m.rows, [](const MatrixRow& r) { return r.id; })));
  }
  if (!column) {
    return fail(fmt::format("table '{}' is a matrix; name the column with --column ({})", t.id,
                            names_of(m.columns, [](const Column& x) { return x.id; })));
  }
  std::string err;
  const auto c = find_column(m.columns, *column, t.id, err);
  if (!c) return fail(err);
  return {true, row->id + "\t" + m.columns[*c].id + "\t" + row->cells[*c].notation, {}, {}};
}

template <class T, class F>
LookupAnswer lookup_item(const Table& t, const std::vector<T>& items, const std::string& key, F line) {
  for (const auto& i : items) {
    if (i.id == key) return {true, line(i), {}, {}};
  }
  return fail(fmt::format("table '{}' has no entry '{}'; its entries are: {}", t.id, key,
                          names_of(items, [](const T& x) { return x.id; })));
}

}  // namespace

LookupAnswer lookup(const Spec& spec, const std::string& table, const std::string& key,
                    const std::optional<std::string>& column) {
  const Table* t = spec.table(table);
  if (!t) {
    return fail(fmt::format("spec '{}' has no table '{}'; its tables are: {}", spec.id, table,
                            names_of(spec.tables, [](const Table& x) { return x.id; })));
  }
  return std::visit(
      [&](const auto& body) -> LookupAnswer {
        using T = std::decay_t<decltype(body)>;
        if constexpr (std::is_same_v<T, BandTable>) return lookup_bands(*t, body, key, column);
        if constexpr (std::is_same_v<T, Matrix>) return lookup_matrix(*t, body, key, column);
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
