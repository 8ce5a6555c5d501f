#include "qrsc/analysis/diff.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "qrsc/model/roll_range.hpp"
#include "qrsc/model/words.hpp"

namespace qrsc {

std::string Change::path() const {
  std::string p = table;
  if (!row.empty()) p += "/" + row;
  if (!column.empty()) p += "/" + column;
  return p;
}

namespace {

std::string paragraphs(const std::vector<RichText>& ps) {
  std::string out;
  for (const auto& p : ps) out += (out.empty() ? "" : " ") + p.render();
  return out;
}

// A modifier's shares as ids: "1/2:a+b,c;..." (what a diff compares).
std::string share_notation(const ModifierItem& m) {
  std::string out;
  for (const Share& s : m.shares) {
    out += format_number(s.at_least) + ":";
    for (const auto& unit : s.from) {
      for (const ShareTerm& t : unit) out += t.notation() + "+";
      out += ",";
    }
    out += ";";
  }
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
  Differ(const Spec& o, const Spec& n) : old_(o), new_(n), factor_(n.scale_factor) {
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

  // The old text with its distances times the new sheet's scale factor (as the new sheet would
  // print it had it only converted them); the text itself when there is no factor.
  std::string scaled(const RichText& t) const {
    std::string out;
    for (const auto& s : t.segments)
      out += s.inches ? format_inches(factor_ ? *s.inches * *factor_ : *s.inches) : s.literal;
    return O(out);
  }
  std::string scaled(const std::vector<RichText>& ps) const {
    std::string out;
    for (const auto& p : ps) out += (out.empty() ? "" : " ") + scaled(p);
    return out;
  }
  void add_if(Change c, bool converted) {
    c.converted = factor_.has_value() && converted;
    add(std::move(c));
  }
  // A rate the new sheet states (an override) that is nonetheless exactly the old one times the
  // factor (the 25mm sheet's 36 for the 15mm 24) is a conversion too.
  bool scaled_rate(const MatrixCell& a, const MatrixCell& b, CellType type) const {
    if (!factor_ || type != CellType::rate || !a.present || !b.present) return false;
    const qrs::Rate& x = a.value.rate;
    const qrs::Rate& y = b.value.rate;
    if (!x.present || !y.present || x.is_multiplier || y.is_multiplier || x.has_double_quick != y.has_double_quick)
      return false;
    return y.full == x.full * *factor_ && (!x.has_double_quick || y.double_quick == x.double_quick * *factor_);
  }
  // A row's name, with its group where another row of the table has the same name ("Cavalry
  // Line" beside "Infantry Line").
  static std::string row_label(const Matrix& m, const MatrixRow& r) {
    const auto same = std::count_if(m.rows.begin(), m.rows.end(), [&](const MatrixRow& x) { return x.name == r.name; });
    return same > 1 && !r.group.empty() ? r.group + " " + r.name : r.name;
  }

  std::vector<Change> run() {
    for (const auto& r : new_.renames) {
      if (already_renamed(r)) continue;
      add({"", "", "", "Terms", ChangeKind::term_renamed, {r.from_text, r.to_text}, r.loc});
    }
    for (const auto& t : old_.tables) {
      if (!new_.table(t.id))
        add({t.id, "", "", t.title, ChangeKind::table_removed, {t.title}, removed_at(t.id, new_loc())});
    }
    for (const auto& t : new_.tables) {
      const Table* o = old_.table(t.id);
      if (!o) {
        add({t.id, "", "", t.title, ChangeKind::table_added, {t.title}, t.loc});
        continue;
      }
      if (O(o->title) != t.title)
        add({t.id, "", "", t.title, ChangeKind::table_retitled, {o->title, t.title}, t.title_loc});
      if (o->kind != t.kind) {
        add({t.id, "", "", t.title, ChangeKind::table_kind, {t.title, table_kind_name(t.kind)}, t.loc});
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
  // Where the new sheet removes the entry at `path` (its `remove: true`), else `otherwise`.
  Loc removed_at(const std::string& path, const Loc& otherwise) const {
    const auto it = new_.removed_at.find(path);
    return it == new_.removed_at.end() ? otherwise : it->second;
  }
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
    // How the key is rolled (key.dice), in the roll's notation, which names every kind of roll.
    if (std::string old_roll = roll_words(ob.dice), new_roll = roll_words(nb.dice); old_roll != new_roll) {
      // The key's dice and rounding are explained by covering 'table/key'.
      add({nt.id,
           "key",
           "",
           nt.title,
           ChangeKind::key_roll,
           {key_words(nb.key_name), std::move(new_roll), std::move(old_roll)},
           // at the roll where it changed, else at the lists that modify it
           ob.dice && nb.dice && roll_notation(*ob.dice) == roll_notation(*nb.dice) ? nb.dice_modifiers_loc
                                                                                    : nb.dice_loc});
    }
    if (ob.rounding != nb.rounding) {
      add({nt.id,
           "key",
           "",
           nt.title,
           nb.rounding == "down" ? ChangeKind::key_rounded_down : ChangeKind::key_not_rounded,
           {key_words(nb.key_name, true)},
           nb.rounding.empty() ? nt.loc : nb.rounding_loc});
    }
    for (const auto& orow : ob.rows) {
      if (!by_id(nb.rows, orow.id))
        add({nt.id,
             orow.id,
             "",
             nt.title,
             ChangeKind::removed,
             {orow.title},
             removed_at(nt.id + "/" + orow.id, nt.loc)});
    }
    for (const auto& row : nb.rows) {
      const BandRow* orow = old_counterpart(ob.rows, row);
      if (!orow) {
        add({nt.id, row.id, "", nt.title, ChangeKind::result_added, {row.title}, row.loc});
        continue;
      }
      if (O(orow->title) != row.title) {
        add({nt.id, row.id, "", nt.title, ChangeKind::row_retitled, {orow->title, row.title}, row.title_loc});
      }
      if (O(paragraphs(orow->paragraphs)) != paragraphs(row.paragraphs)) {
        add_if({nt.id,
                row.id,
                "",
                nt.title,
                ChangeKind::row_text,
                {row.title, paragraphs(row.paragraphs)},
                row.paragraphs.empty() ? row.loc : row.paragraphs.front().loc},
               scaled(orow->paragraphs) == paragraphs(row.paragraphs));
      }
      if (orow->number != row.number) {
        add({nt.id,
             row.id,
             "",
             nt.title,
             ChangeKind::row_number,
             {row.title, number_words(row.number), number_words(orow->number)},
             row.number_loc});
      }
      if (orow->again != row.again) {
        // A row that rolls again: the modifiers that no longer count on the new roll, by id.
        add({nt.id,
             row.id,
             "",
             nt.title,
             ChangeKind::row_again,
             {row.title, again_words(row.again), again_words(orow->again)},
             row.again ? row.again_loc : row.loc});
      }
      for (std::size_t c = 0; c < nb.columns.size(); ++c) {
        const std::string col_id = nb.columns[c].id;
        const std::size_t oc = old_column_index(ob.columns, col_id);
        if (oc == ob.columns.size()) {
          // A row with no band in the new column (a matchup's that does not name it) does not
          // occur there; one that does is stated where its band is (the matchup's own entry).
          const BandCell& cell = row.bands[c];
          if (!nb.single_column() && (cell.band.present || cell.unknown)) {
            add({nt.id,
                 row.id,
                 col_id,
                 nt.title,
                 ChangeKind::band_in_new_column,
                 {row.title, cell.unknown ? std::string(kUnknownNotation) : format_band(cell.band, nb.key_type),
                  nb.columns[c].name},
                 cell.loc.line > 0 ? cell.loc : row.loc,
                 true});
          }
          continue;
        }
        const qrs::Band& a = orow->bands[oc].band;
        const qrs::Band& b = row.bands[c].band;
        if (qrs::same_keys(a, b)) {
          continue;
        }
        // Against a column, where the table has several: "... now occurs against Green on 8".
        const bool in = !nb.single_column();
        std::vector<std::string> values{row.title};
        if (in) values.push_back(nb.columns[c].name);
        ChangeKind kind = ChangeKind::band_moved;
        if (nb.key_type == KeyType::fraction && row.number && b.has_lo && a.has_lo) {
          kind = ChangeKind::band_points;
          values = {format_signed(*row.number), format_number(b.lo), format_number(a.lo)};
        } else if (!b.present) {
          kind = in ? ChangeKind::band_gone_in : ChangeKind::band_gone;
        } else if (!a.present) {
          kind = in ? ChangeKind::band_added_in : ChangeKind::band_added;
          values.push_back(format_band(b, nb.key_type));
        } else {
          kind = in ? ChangeKind::band_moved_in : ChangeKind::band_moved;
          values.push_back(format_band(b, nb.key_type));
          values.push_back(format_band(a, nb.key_type));
        }
        add({nt.id, row.id, in ? col_id : "", nt.title, kind, std::move(values), row.bands[c].loc, true});
      }
    }
  }

  void table(const Table& ot, const Table& nt, const ModifierTable& nm) {
    const auto& om = std::get<ModifierTable>(ot.body);
    // What a unit can be (the traits of its shares), by id.
    for (const Trait& ot_trait : om.traits) {
      if (!by_id(nm.traits, ot_trait.id))
        add({nt.id,
             ot_trait.id,
             "",
             nt.title,
             ChangeKind::trait_removed,
             {nt.title, ot_trait.text},
             removed_at(nt.id + "/" + ot_trait.id, nt.loc)});
    }
    for (const Trait& t : nm.traits) {
      const Trait* was = by_id(om.traits, t.id);
      if (!was) {
        add({nt.id, t.id, "", nt.title, ChangeKind::trait_added, {nt.title, t.text}, t.loc});
      } else if (O(was->text) != t.text) {
        add({nt.id, t.id, "", nt.title, ChangeKind::trait_text, {nt.title, was->text, t.text}, t.text_loc});
      }
    }
    for (const auto& oi : om.items) {
      if (!by_id(nm.items, oi.id)) {
        add({nt.id,
             oi.id,
             "",
             nt.title,
             ChangeKind::modifier_removed,
             {oi.value_notation(), oi.text.render()},
             removed_at(nt.id + "/" + oi.id, nt.loc)});
      }
    }
    for (const auto& i : nm.items) {
      const ModifierItem* oi = old_counterpart(om.items, i);
      if (!oi) {
        add({nt.id,
             i.id,
             "",
             nt.title,
             ChangeKind::modifier_added,
             {i.value_notation(), i.with_notes(i.text.render())},
             i.loc});
        continue;
      }
      // When the units decide it, compared by the ids its shares name (a trait's new text is a
      // change of the trait).
      if (share_notation(*oi) != share_notation(i)) {
        add({nt.id,
             i.id,
             "",
             nt.title,
             ChangeKind::modifier_shares,
             {i.text.render(), share_words(i, nm), share_words(*oi, om)},
             i.shares.empty() ? i.loc : i.shares_loc});
      }
      // The types it applies to ("only ...", "not ..."), compared by their ids.
      if (oi->only != i.only || oi->except != i.except) {
        add({nt.id,
             i.id,
             "",
             nt.title,
             ChangeKind::modifier_types,
             {i.text.render(), types_words(i), types_words(*oi)},
             i.for_some_types() ? i.types_loc : i.loc});
      }
      if (oi->value_notation() != i.value_notation()) {
        add({nt.id,
             i.id,
             "",
             nt.title,
             ChangeKind::modifier_value,
             {i.text.render(), i.value_notation(), oi->value_notation()},
             i.value_loc});
      }
      if (O(oi->text.render()) != i.text.render()) {
        add_if({nt.id,
                i.id,
                "",
                nt.title,
                ChangeKind::modifier_text,
                {i.value_notation(), oi->text.render(), i.text.render()},
                i.text.loc},
               scaled(oi->text) == i.text.render());
      }
    }
  }

  void table(const Table& ot, const Table& nt, const Matrix& nm) {
    const auto& om = std::get<Matrix>(ot.body);
    for (const auto& c : om.columns) {
      if (!by_id(nm.columns, c.id))
        add({nt.id, "", c.id, nt.title, ChangeKind::column_removed, {c.name}, removed_at(nt.id + "/" + c.id, nt.loc)});
    }
    for (const auto& c : nm.columns) {
      const std::size_t index = old_column_index(om.columns, c.id);
      const Column* oc = index < om.columns.size() ? &om.columns[index] : nullptr;
      if (!oc) {
        add({nt.id, "", c.id, nt.title, ChangeKind::column_added, {c.name}, c.loc});
      } else if (O(oc->name) != c.name) {
        add_if({nt.id, "", c.id, nt.title, ChangeKind::column_renamed, {oc->name, c.name}, c.name_loc},
               factor_ && oc->range && c.range && *c.range == *oc->range * *factor_);
      }
    }
    for (const auto& r : om.rows) {
      if (!by_id(nm.rows, r.id))
        add({nt.id,
             r.id,
             "",
             nt.title,
             ChangeKind::removed,
             {row_label(om, r)},
             removed_at(nt.id + "/" + r.id, nt.loc)});
    }
    for (const auto& r : nm.rows) {
      const MatrixRow* orow = old_counterpart(om.rows, r);
      if (!orow) {
        add({nt.id, r.id, "", nt.title, ChangeKind::matrix_row_added, {row_label(nm, r)}, r.loc});
        continue;
      }
      if (O(orow->name) != r.name) {
        add({nt.id,
             r.id,
             "",
             nt.title,
             ChangeKind::matrix_row_renamed,
             {row_label(om, *orow), row_label(nm, r)},
             r.name_loc});
      }
      for (std::size_t c = 0; c < nm.columns.size(); ++c) {
        const std::size_t oc = old_column_index(om.columns, nm.columns[c].id);
        if (oc == om.columns.size()) continue;  // the new column is reported once
        const MatrixCell& a = orow->cells[oc];
        const MatrixCell& b = r.cells[c];
        if (a.notation == b.notation) continue;
        std::vector<std::string> values{row_label(nm, r), nm.columns[c].name};
        const ChangeKind kind = !b.present   ? ChangeKind::cell_removed
                                : !a.present ? ChangeKind::cell_added
                                             : ChangeKind::cell_changed;
        if (b.present) values.push_back(b.notation);  // the new cell, then the old one where each is written
        if (!b.present || a.present) values.push_back(a.notation);
        add_if({nt.id, r.id, nm.columns[c].id, nt.title, kind, std::move(values), b.present ? b.loc : r.loc},
               b.provenance.kind == Provenance::Kind::converted || scaled_rate(a, b, nm.cell));
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
      if (!by_id(nl.sections, os.id))
        add({nt.id, os.id, "", nt.title, ChangeKind::removed, {os.title}, removed_at(nt.id + "/" + os.id, nt.loc)});
    }
    for (const auto& s : nl.sections) {
      const ListSection* os = by_id(ol.sections, s.id);
      std::vector<const ListItem*> a, b;
      if (os) flatten(os->items, a);
      flatten(s.items, b);
      std::multiset<std::string> old_texts, new_texts, scaled_texts;
      const auto scaled_item = [&](const ListItem& i) {
        return i.condition.empty() ? scaled(i.text) : scaled(i.text) + "; " + scaled(i.condition);
      };
      for (const auto* i : a) old_texts.insert(O(item_text(*i)));
      for (const auto* i : a) scaled_texts.insert(scaled_item(*i));
      for (const auto* i : b) new_texts.insert(item_text(*i));
      const std::string where = s.title.empty() ? nt.title : s.title;
      for (const auto* i : b) {
        if (!old_texts.count(item_text(*i))) {
          add_if({nt.id, s.id, "", nt.title, ChangeKind::item_added, {where, item_text(*i)}, i->loc},
                 scaled_texts.count(item_text(*i)) > 0);
        }
      }
      for (const auto* i : a) {
        if (!new_texts.count(O(item_text(*i)))) {
          add_if({nt.id, s.id, "", nt.title, ChangeKind::item_removed, {where, item_text(*i)}, s.items_loc},
                 new_texts.count(scaled_item(*i)) > 0);
        }
      }
    }
  }

  void table(const Table& ot, const Table& nt, const FactsTable& nf) {
    const auto& of = std::get<FactsTable>(ot.body);
    const auto line = [](const Fact& f) { return f.value.empty() ? f.text.render() : f.value + " " + f.text.render(); };
    for (const auto& o : of.items) {
      if (!by_id(nf.items, o.id))
        add({nt.id, o.id, "", nt.title, ChangeKind::fact_removed, {line(o)}, removed_at(nt.id + "/" + o.id, nt.loc)});
    }
    for (const auto& f : nf.items) {
      const Fact* o = by_id(of.items, f.id);
      if (!o) {
        add({nt.id, f.id, "", nt.title, ChangeKind::fact_added, {line(f)}, f.loc});
      } else if (O(line(*o)) != line(f)) {
        const std::string scaled_value = o->inches && factor_ ? format_inches(*o->inches * *factor_) : o->value;
        const std::string scaled_line = scaled_value.empty() ? scaled(o->text) : scaled_value + " " + scaled(o->text);
        add_if({nt.id, f.id, "", nt.title, ChangeKind::fact_changed, {line(f), line(*o)}, f.text.loc},
               scaled_line == line(f));
      }
    }
  }

  const Spec& old_;
  const Spec& new_;
  std::optional<Fraction> factor_;  // the new sheet's scale factor, if it converts distances
  std::map<std::string, std::string> renamed_;
  std::vector<Change> changes_;
};

// A heading several tables share ("Die Roll Modifiers") qualified by the words of the table's
// id that its title lacks: "Charge: Die Roll Modifiers", "Fire Point: Die Roll Modifiers".
std::string qualified_heading(const std::string& id, const std::string& title) {
  std::string lower_title;
  for (const char c : title) lower_title += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string qualifier;
  std::size_t start = 0;
  while (start <= id.size()) {
    std::size_t end = id.find('_', start);
    if (end == std::string::npos) end = id.size();
    std::string word = id.substr(start, end - start);
    if (!word.empty() && lower_title.find(word) == std::string::npos) {
      word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
      qualifier += (qualifier.empty() ? "" : " ") + word;
    }
    start = end + 1;
  }
  return qualifier.empty() ? fmt::format("{} ({})", title, id) : qualifier + ": " + title;
}

// Changes grouped by table, in the order found ("Terms" first).
std::vector<ChangeGroup> grouped(const std::vector<const Change*>& changes) {
  std::map<std::string, std::set<std::string>> ids_by_title;
  for (const auto* c : changes) ids_by_title[c->table_title].insert(c->table);
  std::vector<ChangeGroup> groups;
  std::vector<std::string> keys;
  for (const auto* c : changes) {
    auto it = std::find(keys.begin(), keys.end(), c->table);
    if (it == keys.end()) {
      keys.push_back(c->table);
      const bool shared = ids_by_title[c->table_title].size() > 1;
      groups.push_back({shared ? qualified_heading(c->table, c->table_title) : c->table_title, {}});
      it = keys.end() - 1;
    }
    groups[static_cast<std::size_t>(it - keys.begin())].changes.push_back(c);
  }
  return groups;
}

}  // namespace

std::vector<Erratum> errata_since(const Spec& old_spec, const Spec& new_spec) {
  std::vector<Erratum> out;
  for (const auto& e : new_spec.errata) {
    const bool known =
        std::any_of(old_spec.errata.begin(), old_spec.errata.end(), [&](const Erratum& o) { return o.same_change(e); });
    if (!known) out.push_back(e);
  }
  return out;
}

std::vector<Change> diff_specs(const Spec& old_spec, const Spec& new_spec) {
  std::vector<Change> changes = Differ(old_spec, new_spec).run();
  const std::vector<Erratum> errata = errata_since(old_spec, new_spec);
  for (auto& c : changes) {
    const std::string path = c.table.empty() ? "terms" : c.path();
    for (const auto& e : errata) {
      const bool covers = std::any_of(e.covers.begin(), e.covers.end(), [&](const std::string& p) {
        return path == p || (path.size() > p.size() && path.compare(0, p.size(), p) == 0 && path[p.size()] == '/');
      });
      if (covers) c.errata.push_back(e.id);
    }
  }
  return changes;
}

ChangeSummary summarize_changes(const Spec& o, const Spec& n, const std::vector<Change>& changes,
                                const ChangeListOptions& options) {
  std::vector<const Change*> listed;
  std::size_t converted = 0;
  for (const auto& c : changes) {
    if (c.converted && !options.expand) {
      ++converted;
    } else {
      listed.push_back(&c);
    }
  }
  ChangeSummary out;
  if (converted > 0 && n.scale_factor) {
    out.conversion = conversion_words(*n.scale_factor, o.figures.empty() ? o.id : o.figures, converted);
  }
  out.groups = grouped(listed);
  return out;
}

}  // namespace qrsc
