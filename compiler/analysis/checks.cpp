#include "qrsc/analysis/checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "qrsc/analysis/diff.hpp"
#include "qrsc/model/written_cells.hpp"

namespace qrsc {

namespace {

const OrderException* exception_for(const Table& t, const std::string& row, const std::string& column) {
  for (const auto& e : t.order_exceptions) {
    if (e.row == row && (e.column.empty() || e.column == column)) return &e;
  }
  return nullptr;
}

// Band table "order: columns": columns run from the best-rated target to the worst and rows
// from the worst effect to the mildest, so at any result a column's row is never above the
// next column's row.
void check_column_order(const Table& t, const BandTable& bt, Diagnostics& diags) {
  std::set<std::string> reported;
  for (std::size_t c = 0; c + 1 < bt.columns.size(); ++c) {
    for (int key = -30; key <= 40; ++key) {
      std::size_t a = bt.rows.size(), b = bt.rows.size();
      for (std::size_t r = 0; r < bt.rows.size(); ++r) {
        if (bt.rows[r].bands[c].band.contains(key)) a = r;
        if (bt.rows[r].bands[c + 1].band.contains(key)) b = r;
      }
      if (a == bt.rows.size() || b == bt.rows.size() || a >= b) continue;
      const auto& row = bt.rows[a];
      if (exception_for(t, row.id, bt.columns[c].id)) continue;
      if (!reported.insert(row.id + "/" + bt.columns[c].id).second) continue;
      diags.error(row.bands[c].loc,
                  fmt::format("table '{}': at {} a {} target suffers {} but a {} target only {}; a better-rated target "
                              "must never suffer a worse effect (mark a deliberate exception in 'order_exceptions')",
                              t.id, key, bt.columns[c].name, row.title, bt.columns[c + 1].name, bt.rows[b].title));
    }
  }
}

// A comparable amount for a matrix cell (a fraction, a dice count), or nothing.
std::optional<Fraction> amount(const MatrixCell& c, CellType type) {
  if (!c.present) return std::nullopt;
  if (type == CellType::fraction) return c.value.fraction.amount;
  if (type == CellType::integer) return Fraction(c.value.integer.value);
  if (type == CellType::dice) {
    if (c.value.dice.kind == qrs::Dice::Kind::relative || c.value.dice.kind == qrs::Dice::Kind::fixed) {
      return Fraction(c.value.dice.offset);
    }
    return Fraction(-1000);  // cannot fire: less than any number of dice
  }
  return std::nullopt;
}

// Matrix "order: decreasing": a later range band never gives more than an earlier one.
void check_decreasing(const Table& t, const Matrix& m, Diagnostics& diags) {
  for (const auto& row : m.rows) {
    std::optional<Fraction> least;  // the smallest amount so far along the row
    std::size_t least_column = 0;
    for (std::size_t c = 0; c < m.columns.size(); ++c) {
      const auto v = amount(row.cells[c], m.cell);
      if (!v) continue;
      if (least && *v > *least) {
        if (!exception_for(t, row.id, m.columns[c].id)) {
          diags.error(row.cells[c].loc,
                      fmt::format("table '{}', row '{}': {} at {} is more than {} at {}; a later column must not give "
                                  "more (mark a deliberate exception in 'order_exceptions')",
                                  t.id, row.id, row.cells[c].notation, m.columns[c].name,
                                  row.cells[least_column].notation, m.columns[least_column].name));
        }
        continue;
      }
      least = v;
      least_column = c;
    }
  }
}

void check_exceptions_are_used(const Table& t, Diagnostics& diags) {
  for (const auto& e : t.order_exceptions) {
    if (t.order.empty()) diags.error(e.loc, "table '" + t.id + "' declares order exceptions but no 'order'");
    if (e.reason.empty()) diags.error(e.loc, "an order exception needs its 'reason'");
  }
}

// Every value the sources do not give ("?") is reported: the sheet prints it as unknown, and a
// later source may settle it.
void check_unknown_values(const Spec& spec, Diagnostics& diags) {
  const auto warn = [&](const Loc& loc, const std::string& where) {
    diags.known_not_given(
        loc, fmt::format("{} is not given in the source documents ('?'); the sheet prints it as unknown", where));
  };
  for (const auto& t : spec.tables) {
    if (const auto* m = std::get_if<Matrix>(&t.body)) {
      for (const auto& r : m->rows) {
        for (std::size_t c = 0; c < r.cells.size(); ++c) {
          if (r.cells[c].unknown) warn(r.cells[c].loc, t.id + "/" + r.id + "/" + m->columns[c].id);
        }
      }
    } else if (const auto* f = std::get_if<FactsTable>(&t.body)) {
      for (const auto& i : f->items) {
        if (i.unknown) warn(i.loc, t.id + "/" + i.id);
      }
    } else if (const auto* b = std::get_if<BandTable>(&t.body)) {
      const auto column = [&](std::size_t c) { return b->single_column() ? "" : "/" + b->columns[c].id; };
      for (const auto& r : b->rows) {
        for (std::size_t c = 0; c < r.bands.size(); ++c) {
          if (r.bands[c].unknown) warn(r.bands[c].loc, t.id + "/" + r.id + column(c));
        }
        for (const auto& p : r.parts) {  // a part's own band, which the row's is the union of
          for (std::size_t c = 0; c < p.bands.size(); ++c) {
            if (p.bands[c].unknown) warn(p.bands[c].loc, t.id + "/" + r.id + "/" + p.id + column(c));
          }
        }
      }
    }
  }
}

void check_unused_vocabularies(const Spec& spec, Diagnostics& diags) {
  std::set<std::string> used;
  for (const auto& t : spec.tables) {
    if (const auto* b = std::get_if<BandTable>(&t.body)) used.insert(b->columns_vocabulary);
    if (const auto* m = std::get_if<Matrix>(&t.body)) used.insert(m->columns_vocabulary);
  }
  for (const auto& v : spec.vocabularies) {
    if (!used.count(v.id)) {
      diags.note(v.loc, fmt::format("vocabulary '{}' is not used as the columns of any table (it is still emitted "
                                    "as an enum for game code)",
                                    v.id));
    }
  }
}

// --- errata -----------------------------------------------------------------------------

struct Verdict {
  bool checkable = true;
  bool holds = false;
  std::string actual;
};

std::string quoted_text(const std::string& s) {
  const std::string trimmed = s.size() > 120 ? s.substr(0, 117) + "..." : s;
  return "\"" + trimmed + "\"";
}

const BandRow* band_row(const BandTable& bt, const std::string& id) {
  for (const auto& r : bt.rows) {
    if (r.id == id) return &r;
  }
  return nullptr;
}

Verdict judge_rename(const Spec& spec, const Assertion& a) {
  const bool found = std::any_of(spec.renames.begin(), spec.renames.end(), [&](const Rename& r) {
    return r.from_text == a.from && (r.to_text == a.expected || r.to == a.expected);
  });
  return {true, found, found ? "renamed" : "no such rename"};
}

// Whether the table has an entry (row, item, section) with the id; an empty id is the table.
bool has_entry(const Table& t, const std::string& id) {
  if (id.empty()) return true;
  const auto has = [&](const auto& entries) {
    return std::any_of(entries.begin(), entries.end(), [&](const auto& e) { return e.id == id; });
  };
  return visit_kind(
      t.body,
      Overloaded{[&](const BandTable& b) { return has(b.rows); }, [&](const ModifierTable& m) { return has(m.items); },
                 [&](const Matrix& m) { return has(m.rows); }, [&](const ListTable& l) { return has(l.sections); },
                 [&](const FactsTable& f) { return has(f.items); }});
}

// The words of a row, item, fact, matrix row or list section (every section for an empty id),
// or nothing when the table has no such entry.
std::optional<std::string> entry_text(const Table& t, const std::string& id) {
  std::string text;
  bool found = false;
  const auto list_items = [&](const auto& self, const std::vector<ListItem>& items) -> void {
    for (const auto& i : items) {
      text += " " + i.text.render() + (i.condition.empty() ? "" : "; " + i.condition.render());
      self(self, i.items);
    }
  };
  visit_kind(t.body, Overloaded{[&](const BandTable& body) {
                                  for (const auto& r : body.rows) {
                                    if (r.id != id) continue;
                                    found = true;
                                    text = r.title;
                                    for (const auto& p : r.paragraphs) text += " " + p.render();
                                    for (const auto& p : r.parts) text += " " + p.text.render();
                                  }
                                },
                                [&](const ModifierTable& body) {
                                  for (const auto& i : body.items) {
                                    if (i.id == id) found = true, text = i.text.render();
                                  }
                                },
                                [&](const FactsTable& body) {
                                  for (const auto& i : body.items) {
                                    if (i.id == id)
                                      found = true, text = i.label + " " + i.value + " " + i.text.render();
                                  }
                                },
                                [&](const Matrix& body) {
                                  for (const auto& r : body.rows) {
                                    if (r.id == id) found = true, text = r.group + " " + r.name;
                                  }
                                },
                                [&](const ListTable& body) {
                                  for (const auto& sec : body.sections) {
                                    if (sec.id != id && !id.empty()) continue;
                                    found = true;
                                    text += " " + sec.title;
                                    list_items(list_items, sec.items);
                                  }
                                }});
  if (!found) return std::nullopt;
  return text;
}

// A band's start, end or notation (starts, ends, band), or a band row's number (value).
Verdict judge_band(const BandTable& bt, const Assertion& a) {
  const BandRow* row = band_row(bt, a.row);
  if (!row) return {true, false, "no row '" + a.row + "'"};
  std::size_t c = 0;
  if (!bt.single_column()) {
    const auto it =
        std::find_if(bt.columns.begin(), bt.columns.end(), [&](const Column& x) { return x.id == a.column; });
    if (it == bt.columns.end()) return {true, false, "no column '" + a.column + "'"};
    c = static_cast<std::size_t>(it - bt.columns.begin());
  }
  const qrs::Band& b = row->bands[c].band;
  // Compared as qrsc writes bands ("0, -1, -2" is "-2 - 0"), quoted as the spec writes it.
  const std::string actual = written_band(row->bands[c], bt.key_type);
  if (a.kind == Assertion::Kind::band) {
    const BandParse want = parse_band(a.expected, bt.key_type);
    const bool same = want && format_band(*want, bt.key_type) == format_band(b, bt.key_type);
    return {true, same, actual};
  }
  const auto want = parse_number(a.expected);
  if (!want) return {true, false, "'" + a.expected + "' is not a number"};
  if (a.kind == Assertion::Kind::starts) return {true, b.present && b.has_lo && b.lo == *want, actual};
  if (a.kind == Assertion::Kind::ends) {
    const Fraction last = bt.key_type == KeyType::integer ? b.hi - Fraction(1) : b.hi;
    return {true, b.present && b.has_hi && last == *want, actual};
  }
  return {true, row->number && Fraction(*row->number) == *want, row->number ? format_signed(*row->number) : "none"};
}

Verdict judge_modifier_value(const ModifierTable& mt, const std::string& id, const Assertion& a) {
  for (const auto& i : mt.items) {
    if (i.id != id) continue;
    const std::string have = i.value_notation();
    const auto want = parse_number(a.expected);
    const bool same = i.value && want ? Fraction(*i.value) == *want : have == a.expected;
    return {true, same, have};
  }
  return {true, false, "no modifier '" + id + "'"};
}

Verdict judge_cell(const Matrix& m, const Assertion& a) {
  for (const auto& r : m.rows) {
    if (r.id != a.row) continue;
    for (std::size_t c = 0; c < m.columns.size(); ++c) {
      if (m.columns[c].id == a.column) return {true, r.cells[c].notation == a.expected, r.cells[c].notation};
    }
    return {true, false, "no column '" + a.column + "'"};
  }
  return {true, false, "no row '" + a.row + "'"};
}

Verdict judge_fact_value(const FactsTable& f, const std::string& id, const Assertion& a) {
  for (const auto& i : f.items) {
    if (i.id != id) continue;
    const auto d = parse_distance(a.expected);
    return {true, d ? i.inches == d : i.value == a.expected, i.value};
  }
  return {true, false, "no fact '" + id + "'"};
}

Verdict judge(const Spec& spec, const Assertion& a) {
  if (a.kind == Assertion::Kind::renamed) return judge_rename(spec, a);
  const Table* t = spec.table(a.table);
  if (!t)
    return {true, a.kind == Assertion::Kind::absent && a.row.empty() && a.item.empty(), "no table '" + a.table + "'"};
  const std::string id = a.row.empty() ? a.item : a.row;
  if (a.kind == Assertion::Kind::exists || a.kind == Assertion::Kind::absent) {
    const bool present = has_entry(*t, id);
    return {true, present == (a.kind == Assertion::Kind::exists), present ? "present" : "absent"};
  }
  if (a.kind == Assertion::Kind::contains) {
    const auto text = entry_text(*t, id);
    if (!text) return {true, false, "no entry '" + id + "'"};
    return {true, text->find(a.expected) != std::string::npos, quoted_text(*text)};
  }
  const Verdict not_applicable{
      false, false, "this kind of assertion does not apply to a " + std::string(table_kind_name(t->kind)) + " table"};
  const bool value = a.kind == Assertion::Kind::value;
  const bool band_kind =
      value || a.kind == Assertion::Kind::starts || a.kind == Assertion::Kind::ends || a.kind == Assertion::Kind::band;
  return visit_kind(
      t->body,
      Overloaded{[&](const BandTable& b) { return band_kind ? judge_band(b, a) : not_applicable; },
                 [&](const ModifierTable& m) { return value ? judge_modifier_value(m, id, a) : not_applicable; },
                 [&](const Matrix& m) { return a.kind == Assertion::Kind::cell ? judge_cell(m, a) : not_applicable; },
                 [&](const FactsTable& f) { return value ? judge_fact_value(f, id, a) : not_applicable; },
                 [&](const ListTable&) { return not_applicable; }});
}

std::string describe(const Assertion& a) {
  static const char* kWords[] = {"starts at", "ends at",   "is",      "has value", "holds",
                                 "exists",    "is absent", "renamed", "contains"};
  if (a.kind == Assertion::Kind::renamed) return fmt::format("{} is renamed {}", a.from, a.expected);
  std::string where = a.table;
  for (const auto* part : {&a.row, &a.item, &a.column}) {
    if (!part->empty()) where += "/" + *part;
  }
  if (a.kind == Assertion::Kind::exists || a.kind == Assertion::Kind::absent) {
    return fmt::format("{} {}", where, kWords[static_cast<int>(a.kind)]);
  }
  if (a.kind == Assertion::Kind::contains) return fmt::format("{} contains \"{}\"", where, a.expected);
  return fmt::format("{} {} {}", where, kWords[static_cast<int>(a.kind)], a.expected);
}

// Every id a path may name inside a table: rows, items, sections and list items, groups, parts
// (and the ids rows had before renames they follow), its columns, and "key" (how it is rolled).
std::vector<std::string> names_in(const Table& t) {
  std::vector<std::string> out{"key"};
  visit_kind(t.body, Overloaded{[&](const BandTable& body) {
                                  for (const auto& r : body.rows) {
                                    out.push_back(r.id);
                                    out.insert(out.end(), r.old_ids.begin(), r.old_ids.end());
                                    for (const auto& p : r.parts) out.push_back(p.id);
                                  }
                                  for (const auto& c : body.columns) out.push_back(c.id);
                                },
                                [&](const Matrix& body) {
                                  for (const auto& r : body.rows) {
                                    out.push_back(r.id);
                                    out.insert(out.end(), r.old_ids.begin(), r.old_ids.end());
                                  }
                                  for (const auto& c : body.columns) out.push_back(c.id);
                                },
                                [&](const ModifierTable& body) {
                                  for (const auto& i : body.items) {
                                    out.push_back(i.id);
                                    out.insert(out.end(), i.old_ids.begin(), i.old_ids.end());
                                  }
                                  for (const auto& g : body.groups) out.push_back(g.id);
                                  for (const auto& t : body.traits) out.push_back(t.id);
                                },
                                [&](const FactsTable& body) {
                                  for (const auto& i : body.items) out.push_back(i.id);
                                },
                                [&](const ListTable& body) {
                                  std::function<void(const std::vector<ListItem>&)> walk =
                                      [&](const std::vector<ListItem>& items) {
                                        for (const auto& i : items) {
                                          if (!i.id.empty()) out.push_back(i.id);
                                          walk(i.items);
                                        }
                                      };
                                  for (const auto& sec : body.sections) {
                                    out.push_back(sec.id);
                                    walk(sec.items);
                                  }
                                }});
  return out;
}

bool contains_name(const std::vector<std::string>& names, const std::string& n) {
  return std::find(names.begin(), names.end(), n) != names.end();
}

// What an assertion names that the sheet does not have (a typo, not a disagreement of the
// source): "" when every name is there. exists/absent and renamed assertions name things that
// may rightly be missing.
std::string missing_target(const Spec& spec, const Assertion& a) {
  using K = Assertion::Kind;
  if (a.kind == K::renamed || a.kind == K::exists || a.kind == K::absent) return {};
  const Table* t = spec.table(a.table);
  if (!t) {
    std::vector<std::string> tables;
    for (const auto& x : spec.tables) tables.push_back(x.id);
    return with_suggestion("the sheet has no table '" + a.table + "'", a.table, tables);
  }
  const std::vector<std::string> names = names_in(*t);
  for (const std::string* id : {&a.row, &a.item, &a.column}) {
    if (!id->empty() && !contains_name(names, *id)) {
      return with_suggestion("table '" + t->id + "' has no '" + *id + "'", *id, names);
    }
  }
  return {};
}

bool covers(const Erratum& e, const std::string& path) {
  return std::any_of(e.covers.begin(), e.covers.end(), [&](const std::string& c) {
    return path == c || (path.size() > c.size() && path.compare(0, c.size(), c) == 0 && path[c.size()] == '/');
  });
}

// Each id an erratum supersedes names another erratum of the spec (its own or an applied
// spec's), superseded once.
void check_supersedes(const Spec& spec, const Erratum& e, Diagnostics& diags) {
  std::vector<std::string> ids;
  for (const auto& x : spec.errata) ids.push_back(x.id);
  for (const auto& id : e.supersedes) {
    if (id == e.id) {
      diags.error(e.loc, fmt::format("erratum '{}' supersedes itself", e.id));
    } else if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
      diags.error(
          e.loc,
          with_suggestion(fmt::format("erratum '{}' supersedes '{}', which is not among the spec's errata", e.id, id),
                          id, ids));
    } else if (const std::string first = superseded_by(spec.errata, id); first != e.id) {
      diags.error(e.loc,
                  fmt::format("erratum '{}' supersedes '{}', which erratum '{}' already supersedes", e.id, id, first));
    }
  }
}

}  // namespace

namespace {

// The checks of a table's own data: exceptions used, column order, decreasing matrices.
void check_tables(const Spec& spec, Diagnostics& diags) {
  for (const auto& t : spec.tables) {
    check_exceptions_are_used(t, diags);
    if (t.order.empty()) continue;
    if (const auto* b = std::get_if<BandTable>(&t.body)) check_column_order(t, *b, diags);
    if (const auto* m = std::get_if<Matrix>(&t.body)) check_decreasing(t, *m, diags);
  }
  check_unused_vocabularies(spec, diags);
  check_unknown_values(spec, diags);
}

// An erratum's document is among the spec's sources, and its id can be shown as a change mark.
void check_erratum_id(const Spec& spec, const Erratum& e, Diagnostics& diags) {
  const bool known_doc =
      spec.sources.empty() || std::any_of(spec.sources.begin(), spec.sources.end(),
                                          [&](const SourceDoc& d) { return d.id == e.doc || d.file == e.doc; });
  if (!known_doc) {
    diags.error(e.loc, fmt::format("erratum '{}' cites '{}', which is not among the spec's sources", e.id, e.doc));
  }
  if (erratum_id_kind(e.id) == ErratumIdKind::unshowable) {
    diags.warning(e.loc,
                  fmt::format("erratum id '{}' cannot be shown as a change mark on the sheet: a change number is "
                              "up to 8 letters, digits and dots with a digit (50, E1, 12a); a named change joins "
                              "words with '-' (figure-2)",
                              e.id));
  }
}

struct AssertionCount {
  bool checked = false;     // at least one assertion could be judged
  bool any_failed = false;  // at least one does not hold
};

// Judges an erratum's assertions against the data; a failed one is an error unless the spec
// says how it resolved the document's disagreement with itself (`disputed`).
AssertionCount check_assertions(const Spec& spec, const Erratum& e, Diagnostics& diags) {
  AssertionCount count;
  for (const auto& a : e.asserts) {
    if (const std::string typo = missing_target(spec, a); !typo.empty()) {
      diags.error(a.loc, "erratum '" + e.id + "' asserts about something the sheet does not have: " + typo);
      continue;
    }
    const Verdict v = judge(spec, a);
    count.any_failed = count.any_failed || (v.checkable && !v.holds);
    if (!v.checkable) {
      diags.error(a.loc, "erratum '" + e.id + "': " + v.actual);
      continue;
    }
    count.checked = true;
    if (v.holds) {
      if (!a.disputed.empty()) {
        diags.error(a.loc, fmt::format("erratum '{}': {} holds, but the assertion is marked disputed; the data "
                                       "follows the claim, so remove 'disputed'",
                                       e.id, describe(a)));
      }
      continue;
    }
    const std::string& resolution = a.disputed.empty() ? e.disputed : a.disputed;
    const std::string msg = fmt::format("erratum '{}' of {} says {}, but the data has {}", e.id, e.doc, describe(a),
                                        v.actual.empty() ? std::string("a blank cell") : v.actual);
    if (resolution.empty()) {
      diags.error(a.loc, msg + " (if the document disagrees with itself, say how the spec resolved it in 'disputed')");
    } else {
      diags.known_disagreement(a.loc, msg + "; resolved: " + resolution);
    }
  }
  return count;
}

// Covered tables must exist in the sheet or in its parent (a removal is a change too), and each
// further part of a `covers` path names something of that table; without the parent at hand (a
// build, not a check) a missing table is not an error.
void check_covers(const Spec& spec, const std::optional<Spec>& baseline, const Erratum& e, Diagnostics& diags) {
  const bool has_parent = spec.lineage.size() > 1;
  if (has_parent && !baseline) return;
  for (const auto& c : e.covers) {
    const std::string table = c.substr(0, c.find('/'));
    if (table == "terms") continue;
    const Table* in_sheet = spec.table(table);
    const Table* in_parent = baseline ? baseline->table(table) : nullptr;
    if (!in_sheet && !in_parent) {
      std::vector<std::string> tables;
      for (const auto& x : spec.tables) tables.push_back(x.id);
      diags.error(e.loc,
                  with_suggestion("erratum '" + e.id + "' covers '" + c + "', but there is no table '" + table + "'",
                                  table, tables));
      continue;
    }
    std::vector<std::string> names = in_sheet ? names_in(*in_sheet) : std::vector<std::string>{};
    if (in_parent) {
      const auto more = names_in(*in_parent);
      names.insert(names.end(), more.begin(), more.end());
    }
    for (std::size_t at = c.find('/'); at != std::string::npos;) {
      const std::size_t next = c.find('/', at + 1);
      const std::string part = c.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
      if (!contains_name(names, part)) {
        diags.error(e.loc, with_suggestion("erratum '" + e.id + "' covers '" + c + "', but table '" + table +
                                               "' has no '" + part + "'",
                                           part, names));
        break;
      }
      at = next;
    }
  }
}

void check_erratum(const Spec& spec, const std::optional<Spec>& baseline, const Erratum& e, CheckReport& report,
                   Diagnostics& diags) {
  check_erratum_id(spec, e, diags);
  auto& count = report.by_document[e.doc];
  ++count.items;
  check_supersedes(spec, e, diags);
  // A superseded erratum's claims no longer hold: its assertions are retired, what it covers stays.
  const std::string superseding = superseded_by(spec.errata, e.id);
  if (!superseding.empty() && !e.asserts.empty()) {
    diags.note(e.loc, fmt::format("erratum '{}' is superseded by erratum '{}': its assertions are not checked", e.id,
                                  superseding));
  }
  const AssertionCount judged = superseding.empty() ? check_assertions(spec, e, diags) : AssertionCount{};
  count.checked += judged.checked ? 1 : 0;
  if (!e.disputed.empty() && !e.asserts.empty() && !judged.any_failed && superseding.empty()) {
    diags.error(e.loc, fmt::format("erratum '{}' is marked disputed, but the data agrees with all its assertions; "
                                   "assert the claim the spec does not follow, or remove 'disputed'",
                                   e.id));
  }
  check_covers(spec, baseline, e, diags);
}

// Every change from the parent sheet is covered by an erratum.
void check_declared_changes(const Spec& spec, const Spec& baseline, CheckReport& report, Diagnostics& diags) {
  for (const auto& change : diff_specs(baseline, spec)) {
    ++report.changes;
    const std::string path = change.table.empty() ? "terms" : change.path();
    const bool declared =
        std::any_of(spec.errata.begin(), spec.errata.end(), [&](const Erratum& e) { return covers(e, path); });
    if (declared) continue;
    ++report.undeclared;
    diags.error(change.loc, fmt::format("undeclared change to the parent sheet: {} (no erratum covers '{}'; add one "
                                        "with its source, or `covers: [{}]` on the erratum that explains it)",
                                        change.words(), path, path));
  }
}

}  // namespace

CheckReport check_spec(const Spec& spec, const std::optional<Spec>& baseline, Diagnostics& diags) {
  CheckReport report;
  check_tables(spec, diags);
  for (const auto& e : spec.errata) check_erratum(spec, baseline, e, report, diags);
  if (baseline) check_declared_changes(spec, *baseline, report, diags);
  return report;
}

}  // namespace qrsc
