#include "diff.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "html_escape.hpp"
#include "words.hpp"

namespace qrsc {

std::string Change::path() const {
  std::string p = table;
  if (!row.empty()) p += "/" + row;
  if (!column.empty()) p += "/" + column;
  return p;
}

namespace {

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

std::string paragraphs(const std::vector<RichText>& ps) {
  std::string out;
  for (const auto& p : ps) out += (out.empty() ? "" : " ") + p.render();
  return out;
}

// Finds an element by id, also by an id it had before a rename it follows (old_ids).
template <class T>
const T* by_id(const std::vector<T>& items, const std::string& id) {
  for (const auto& i : items) {
    if (i.id == id) return &i;
  }
  if constexpr (requires(const T& t) { t.old_ids; }) {
    for (const auto& i : items) {
      if (std::find(i.old_ids.begin(), i.old_ids.end(), id) != i.old_ids.end()) return &i;
    }
  }
  return nullptr;
}

// The old sheet's element that a new one continues: the same id, or one of its old ids.
template <class T>
const T* old_counterpart(const std::vector<T>& old_items, const T& item) {
  if (const T* same = by_id(old_items, item.id)) return same;
  if constexpr (requires(const T& t) { t.old_ids; }) {
    for (const auto& id : item.old_ids) {
      if (const T* o = by_id(old_items, id)) return o;
    }
  }
  return nullptr;
}

class Differ {
 public:
  Differ(const Spec& o, const Spec& n) : old_(o), new_(n) {
    // Columns renamed along the way (crack -> elite) are the same column.
    for (const auto& v : n.vocabularies) {
      for (const auto& t : v.terms) {
        if (!t.old_id.empty()) renamed_[t.id] = t.old_id;
      }
    }
  }

  // The old text as the new sheet's renames would print it, so that a rename is reported
  // once (as a rename) and not again in every text it touches.
  std::string O(const std::string& text) const {
    std::string out = text;
    for (const auto& r : new_.renames) {
      if (!already_renamed(r)) out = replace_word(out, r.from_text, r.to_text);
    }
    return out;
  }

  std::vector<Change> run() {
    for (const auto& r : new_.renames) {
      if (already_renamed(r)) continue;
      add({"", "", "", "Terms", fmt::format("{} is renamed {}", r.from_text, r.to_text), r.loc});
    }
    for (const auto& t : old_.tables) {
      if (!new_.table(t.id)) add({t.id, "", "", t.title, fmt::format("{} is removed from the sheet", t.title), new_loc()});
    }
    for (const auto& t : new_.tables) {
      const Table* o = old_.table(t.id);
      if (!o) {
        add({t.id, "", "", t.title, fmt::format("New table: {}", t.title), t.loc});
        continue;
      }
      if (O(o->title) != t.title) add({t.id, "", "", t.title, fmt::format("{} is now titled {}", o->title, t.title), t.loc});
      if (o->kind != t.kind) {
        add({t.id, "", "", t.title, fmt::format("{} is now a {} table", t.title, table_kind_name(t.kind)), t.loc});
        continue;
      }
      std::visit([&](const auto& body) { table(*o, t, body); }, t.body);
    }
    return std::move(changes_);
  }

 private:
  bool already_renamed(const Rename& r) const {
    return std::any_of(old_.renames.begin(), old_.renames.end(),
                       [&](const Rename& x) { return x.from_text == r.from_text && x.to_text == r.to_text; });
  }
  Loc new_loc() const { return new_.tables.empty() ? Loc{} : new_.tables.front().loc; }
  void add(Change c) { changes_.push_back(std::move(c)); }

  std::string old_column_id(const std::string& id) const {
    const auto it = renamed_.find(id);
    return it == renamed_.end() ? id : it->second;
  }

  // The index of a new column in the old sheet's columns (same id, or its id before a
  // rename), or old_columns.size() when the column is new.
  std::size_t old_column_index(const std::vector<Column>& old_columns, const std::string& id) const {
    for (std::size_t i = 0; i < old_columns.size(); ++i) {
      if (old_columns[i].id == id || old_columns[i].id == old_column_id(id)) return i;
    }
    return old_columns.size();
  }

  void table(const Table& ot, const Table& nt, const BandTable& nb) {
    const auto& ob = std::get<BandTable>(ot.body);
    // How the key is rolled and rounded (key.dice, key.rounding).
    const auto roll = [](const BandTable& b) {
      if (!b.dice) return std::string("not rolled");
      std::string r = b.dice->count == 1 ? "" : std::to_string(b.dice->count);
      r += "d" + std::to_string(b.dice->sides) + (b.dice->difference ? " each side, the difference" : "");
      if (!b.dice->pool.empty()) r += " symbol dice (" + b.dice->pool + ")";
      if (!b.dice->modifiers.empty()) r += fmt::format(" modified by {}", fmt::join(b.dice->modifiers, ", "));
      return r;
    };
    if (roll(ob) != roll(nb)) {
      // The key's dice and rounding are explained by covering 'table/key'.
      add({nt.id, "key", "", nt.title, fmt::format("The {} is now {} instead of {}", nb.key_name.empty() ? "key" : nb.key_name,
                                                roll(nb), roll(ob)), nt.loc});
    }
    if (ob.rounding != nb.rounding) {
      add({nt.id, "key", "", nt.title,
           nb.rounding == "down" ? fmt::format("{}: fractions are now rounded down", nb.key_name.empty() ? "Key" : nb.key_name)
                                 : fmt::format("{}: fractions are no longer rounded down", nb.key_name.empty() ? "Key" : nb.key_name),
           nb.rounding.empty() ? nt.loc : nb.rounding_loc});
    }
    for (const auto& orow : ob.rows) {
      if (!by_id(nb.rows, orow.id)) add({nt.id, orow.id, "", nt.title, fmt::format("{} is removed", orow.title), nt.loc});
    }
    for (const auto& row : nb.rows) {
      const BandRow* orow = old_counterpart(ob.rows, row);
      if (!orow) {
        add({nt.id, row.id, "", nt.title, fmt::format("New result: {}", row.title), row.loc});
        continue;
      }
      if (O(orow->title) != row.title) {
        add({nt.id, row.id, "", nt.title, fmt::format("{} now reads {}", quoted(orow->title), quoted(row.title)), row.loc});
      }
      if (O(paragraphs(orow->paragraphs)) != paragraphs(row.paragraphs)) {
        add({nt.id, row.id, "", nt.title, fmt::format("{} now reads: {}", row.title, quoted(paragraphs(row.paragraphs))),
             row.paragraphs.empty() ? row.loc : row.paragraphs.front().loc});
      }
      if (orow->number != row.number) {
        add({nt.id, row.id, "", nt.title,
             fmt::format("{} now gives {} instead of {}", row.title, row.number ? format_signed(*row.number) : "nothing",
                         orow->number ? format_signed(*orow->number) : "nothing"),
             row.loc});
      }
      for (std::size_t c = 0; c < nb.columns.size(); ++c) {
        const std::string col_id = nb.columns[c].id;
        const std::size_t oc = old_column_index(ob.columns, col_id);
        if (oc == ob.columns.size()) {
          if (!nb.single_column()) {
            add({nt.id, row.id, col_id, nt.title,
                 fmt::format("{} occurs on {} in the new {} column", row.title, format_band(row.bands[c].band, nb.key_type),
                             nb.columns[c].name),
                 row.loc, true});
          }
          continue;
        }
        const qrs::Band& a = orow->bands[oc].band;
        const qrs::Band& b = row.bands[c].band;
        if (a.present == b.present && (!a.present || (a.has_lo == b.has_lo && a.has_hi == b.has_hi &&
                                                      (!a.has_lo || a.lo == b.lo) && (!a.has_hi || a.hi == b.hi)))) {
          continue;
        }
        const std::string where = nb.single_column() ? "" : fmt::format(" against {}", nb.columns[c].name);
        std::string text;
        if (nb.key_type == KeyType::fraction && row.number && b.has_lo && a.has_lo) {
          text = fmt::format("a {} modifier now begins at {} points instead of {}", format_signed(*row.number),
                             format_number(b.lo), format_number(a.lo));
        } else if (!b.present) {
          text = fmt::format("{} no longer occurs{}", row.title, where);
        } else if (!a.present) {
          text = fmt::format("{} now occurs{} on {}", row.title, where, format_band(b, nb.key_type));
        } else {
          text = fmt::format("{} now occurs{} on {} instead of {}", row.title, where, format_band(b, nb.key_type),
                             format_band(a, nb.key_type));
        }
        add({nt.id, row.id, nb.single_column() ? "" : col_id, nt.title, text, row.bands[c].loc, true});
      }
    }
  }

  void table(const Table& ot, const Table& nt, const ModifierTable& nm) {
    const auto& om = std::get<ModifierTable>(ot.body);
    for (const auto& oi : om.items) {
      if (!by_id(nm.items, oi.id)) {
        add({nt.id, oi.id, "", nt.title, fmt::format("No longer a modifier: {} {}", oi.value_notation(), oi.text.render()), nt.loc});
      }
    }
    for (const auto& i : nm.items) {
      const ModifierItem* oi = old_counterpart(om.items, i);
      if (!oi) {
        add({nt.id, i.id, "", nt.title, fmt::format("New modifier: {} {}", i.value_notation(), i.text.render()), i.loc});
        continue;
      }
      if (oi->value_notation() != i.value_notation()) {
        add({nt.id, i.id, "", nt.title,
             fmt::format("{} is now {} instead of {}", i.text.render(), i.value_notation(), oi->value_notation()), i.value_loc});
      }
      if (O(oi->text.render()) != i.text.render()) {
        add({nt.id, i.id, "", nt.title,
             fmt::format("{} {} now reads {}", i.value_notation(), quoted(oi->text.render()), quoted(i.text.render())), i.text.loc});
      }
    }
  }

  void table(const Table& ot, const Table& nt, const Matrix& nm) {
    const auto& om = std::get<Matrix>(ot.body);
    for (const auto& c : om.columns) {
      if (!by_id(nm.columns, c.id)) add({nt.id, "", c.id, nt.title, fmt::format("Column {} is removed", c.name), nt.loc});
    }
    for (const auto& c : nm.columns) {
      const std::size_t index = old_column_index(om.columns, c.id);
      const Column* oc = index < om.columns.size() ? &om.columns[index] : nullptr;
      if (!oc) {
        add({nt.id, "", c.id, nt.title, fmt::format("New column: {}", c.name), c.loc});
      } else if (O(oc->name) != c.name) {
        add({nt.id, "", c.id, nt.title, fmt::format("Column {} is now {}", oc->name, c.name), c.loc});
      }
    }
    for (const auto& r : om.rows) {
      if (!by_id(nm.rows, r.id)) add({nt.id, r.id, "", nt.title, fmt::format("{} is removed", r.name), nt.loc});
    }
    for (const auto& r : nm.rows) {
      const MatrixRow* orow = old_counterpart(om.rows, r);
      if (!orow) {
        add({nt.id, r.id, "", nt.title, fmt::format("New row: {}", r.name), r.loc});
        continue;
      }
      if (O(orow->name) != r.name) add({nt.id, r.id, "", nt.title, fmt::format("{} is now {}", orow->name, r.name), r.loc});
      for (std::size_t c = 0; c < nm.columns.size(); ++c) {
        const std::size_t oc = old_column_index(om.columns, nm.columns[c].id);
        if (oc == om.columns.size()) continue;  // the new column is reported once
        const MatrixCell& a = orow->cells[oc];
        const MatrixCell& b = r.cells[c];
        if (a.notation == b.notation) continue;
        const std::string where = fmt::format("{}, {}", r.name, nm.columns[c].name);
        std::string text = !b.present ? fmt::format("{}: no longer {}", where, a.notation)
                           : !a.present ? fmt::format("{}: now {}", where, b.notation)
                                        : fmt::format("{}: now {} instead of {}", where, b.notation, a.notation);
        add({nt.id, r.id, nm.columns[c].id, nt.title, text, b.present ? b.loc : r.loc});
      }
    }
  }

  static void flatten(const std::vector<ListItem>& items, std::vector<const ListItem*>& out) {
    for (const auto& i : items) {
      out.push_back(&i);
      flatten(i.items, out);
    }
  }
  static std::string item_text(const ListItem& i) {
    return i.condition.empty() ? i.text.render() : i.text.render() + "; " + i.condition.render();
  }

  void table(const Table& ot, const Table& nt, const ListTable& nl) {
    const auto& ol = std::get<ListTable>(ot.body);
    for (const auto& os : ol.sections) {
      if (!by_id(nl.sections, os.id)) add({nt.id, os.id, "", nt.title, fmt::format("{} is removed", os.title), nt.loc});
    }
    for (const auto& s : nl.sections) {
      const ListSection* os = by_id(ol.sections, s.id);
      std::vector<const ListItem*> a, b;
      if (os) flatten(os->items, a);
      flatten(s.items, b);
      std::multiset<std::string> old_texts, new_texts;
      for (const auto* i : a) old_texts.insert(O(item_text(*i)));
      for (const auto* i : b) new_texts.insert(item_text(*i));
      const std::string where = s.title.empty() ? nt.title : s.title;
      for (const auto* i : b) {
        if (!old_texts.count(item_text(*i))) add({nt.id, s.id, "", nt.title, fmt::format("{}: new {}", where, quoted(item_text(*i))), i->loc});
      }
      for (const auto* i : a) {
        if (!new_texts.count(O(item_text(*i)))) add({nt.id, s.id, "", nt.title, fmt::format("{}: no longer {}", where, quoted(item_text(*i))), s.loc});
      }
    }
  }

  void table(const Table& ot, const Table& nt, const FactsTable& nf) {
    const auto& of = std::get<FactsTable>(ot.body);
    const auto line = [](const Fact& f) { return f.value.empty() ? f.text.render() : f.value + " " + f.text.render(); };
    for (const auto& o : of.items) {
      if (!by_id(nf.items, o.id)) add({nt.id, o.id, "", nt.title, fmt::format("No longer {}", quoted(line(o))), nt.loc});
    }
    for (const auto& f : nf.items) {
      const Fact* o = by_id(of.items, f.id);
      if (!o) {
        add({nt.id, f.id, "", nt.title, fmt::format("New: {}", quoted(line(f))), f.loc});
      } else if (O(line(*o)) != line(f)) {
        add({nt.id, f.id, "", nt.title, fmt::format("{} instead of {}", quoted(line(f)), quoted(line(*o))),
             f.text.loc});
      }
    }
  }

  const Spec& old_;
  const Spec& new_;
  std::map<std::string, std::string> renamed_;
  std::vector<Change> changes_;
};

// Changes grouped by table, in the order found ("Terms" first); a heading names the table's
// id too when several tables share a title ("Die Roll Modifiers").
std::vector<std::pair<std::string, std::vector<const Change*>>> grouped(const std::vector<Change>& changes) {
  std::map<std::string, std::set<std::string>> ids_by_title;
  for (const auto& c : changes) ids_by_title[c.table_title].insert(c.table);
  std::vector<std::pair<std::string, std::vector<const Change*>>> groups;
  std::vector<std::string> keys;
  for (const auto& c : changes) {
    auto it = std::find(keys.begin(), keys.end(), c.table);
    if (it == keys.end()) {
      keys.push_back(c.table);
      const bool shared = ids_by_title[c.table_title].size() > 1;
      groups.emplace_back(shared ? fmt::format("{} ({})", c.table_title, c.table) : c.table_title,
                          std::vector<const Change*>{});
      it = keys.end() - 1;
    }
    groups[static_cast<std::size_t>(it - keys.begin())].second.push_back(&c);
  }
  return groups;
}

}  // namespace

std::vector<Change> diff_specs(const Spec& old_spec, const Spec& new_spec) { return Differ(old_spec, new_spec).run(); }

std::string render_changes_markdown(const Spec& o, const Spec& n, const std::vector<Change>& changes) {
  std::string out = fmt::format("# Summary of changes: {} to {}\n\n", o.subtitle.empty() ? o.id : o.subtitle,
                                n.subtitle.empty() ? n.id : n.subtitle);
  out += fmt::format("From `{}` to `{}`: {} changes.\n", o.path, n.path, changes.size());
  int number = 0;
  for (const auto& [title, items] : grouped(changes)) {
    out += "\n## " + title + "\n\n";
    for (const auto* c : items) out += fmt::format("{}. {}\n", ++number, c->text);
  }
  return out;
}

std::string render_changes_html(const Spec& o, const Spec& n, const std::vector<Change>& changes) {
  std::string out = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Summary of changes</title>"
                    "<style>body{font:11pt/1.4 serif;max-width:48em;margin:2em auto}h2{font-size:12pt}</style></head><body>\n";
  out += fmt::format("<h1>Summary of changes: {} to {}</h1>\n", html_escape(o.subtitle.empty() ? o.id : o.subtitle),
                     html_escape(n.subtitle.empty() ? n.id : n.subtitle));
  int number = 0;
  for (const auto& [title, items] : grouped(changes)) {
    out += "<h2>" + html_escape(title) + "</h2>\n";
    out += fmt::format("<ol start=\"{}\">\n", number + 1);
    for (const auto* c : items) {
      out += "<li>" + html_escape(c->text) + "</li>\n";
      ++number;
    }
    out += "</ol>\n";
  }
  return out + "</body></html>\n";
}

}  // namespace qrsc
