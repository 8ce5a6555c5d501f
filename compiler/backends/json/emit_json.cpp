#include "qrsc/backends/json/emit_json.hpp"

#include "qrsc/backends/common/backend.hpp"
#include "qrsc/backends/common/json_writer.hpp"
#include "qrsc/model/written_cells.hpp"

namespace qrsc {

namespace {

// An exact number: an integer when whole, otherwise {"num", "den"} in lowest terms.
Json number(Fraction f) {
  if (f.is_integer()) return f.num();
  return Json{{"num", f.num()}, {"den", f.den()}};
}

Json optional_number(const std::optional<Fraction>& f) { return f ? number(*f) : Json(nullptr); }

// A band as an interval of keys: from <= key (or above < key) and key < below (or key <= to),
// either end open when absent; null where the row does not occur in that column ("-").
Json band(const BandCell& c, KeyType type) {
  if (!c.band.present) return nullptr;
  Json b = Json::object();
  if (c.band.has_lo) b[c.band.lo_open ? "above" : "from"] = number(c.band.lo);
  if (c.band.has_hi) b[c.band.hi_closed ? "to" : "below"] = number(c.band.hi);
  b["text"] = written_band(c, type);
  return b;
}

Json bands(const std::vector<BandCell>& cells, KeyType type) {
  Json out = Json::array();
  for (const auto& c : cells) out.push_back(band(c, type));
  return out;
}

Json source(const std::optional<SourceNote>& s) {
  if (!s) return nullptr;
  return Json{{"doc", s->doc}, {"note", s->note}};
}

Json provenance(const Provenance& p) {
  Json out{{"kind", p.kind_name()}};
  if (!p.detail.empty()) out["detail"] = p.detail;
  return out;
}

Json columns(const std::vector<Column>& cols) {
  Json out = Json::array();
  for (const auto& c : cols) {
    Json j{{"id", c.id}, {"name", c.name}};
    if (c.range) j["range_inches"] = number(*c.range);
    if (!c.against.empty()) j["against"] = c.against;  // a column of type modifiers: the types it is read against
    out.push_back(std::move(j));
  }
  return out;
}

Json texts(const std::vector<RichText>& paragraphs) {
  Json out = Json::array();
  for (const auto& p : paragraphs) out.push_back(p.render());
  return out;
}

// ------------------------------------------------------------------ one builder per kind

Json band_table(const BandTable& bt) {
  Json key{{"type", bt.key_type == KeyType::integer ? "integer" : "fraction"}, {"name", bt.key_name}};
  key["min"] = optional_number(bt.min);
  key["max"] = optional_number(bt.max);
  // How the key is rolled (null: not rolled) and how a computed key is rounded.
  key["dice"] = bt.dice ? Json{{"count", bt.dice->count},
                               {"sides", bt.dice->sides},
                               {"difference", bt.dice->difference},
                               {"pool", bt.dice->pool.empty() ? Json(nullptr) : Json(bt.dice->pool)},
                               {"pool_odds", bt.dice->pool_odds > 0 ? Json(bt.dice->pool_odds) : Json(nullptr)},
                               {"modifiers", bt.dice->modifiers},
                               {"source", source(bt.dice->source)}}
                        : Json(nullptr);
  if (bt.dice && bt.dice->digits) key["dice"]["digits"] = true;
  if (bt.dice && bt.dice->against) {
    // The unit's value the roll is made against: the columns are its values.
    const AgainstValue& a = *bt.dice->against;
    key["dice"]["against"] = Json{{"name", a.name}, {"min", a.lo}, {"max", a.hi}, {"source", source(a.source)}};
  }
  if (bt.dice && bt.dice->success()) {
    // Success dice: the target each die's score is compared with, the faces thrown again or
    // exploding (band notation; null when none), what the key counts, and a chain's first table.
    const DiceRoll& d = *bt.dice;
    const auto faces = [](const BandCell& c) { return c.band.present ? Json(c.notation) : Json(nullptr); };
    key["dice"]["success"] =
        Json{{"target", *d.target},
             {"reroll", faces(d.reroll)},
             {"explode", faces(d.explode)},
             {"count", d.count_failures ? "failures" : "successes"},
             {"per_success_of", d.per_success_of.empty() ? Json(nullptr) : Json(d.per_success_of)}};
  }
  if (bt.dice && bt.dice->opposed) {
    // Each side's own dice and modifier lists, the key they give and the column read.
    const OpposedRoll& o = *bt.dice->opposed;
    Json sides = Json::object();
    for (const qrs::Side s : {qrs::Side::attacker, qrs::Side::defender}) {
      Json& side = sides[kSideNames[static_cast<std::size_t>(s)]] =
          Json{{"count", o.side(s).count}, {"sides", o.side(s).sides}, {"modifiers", o.side(s).modifiers}};
      // The matrix of what the side adds by its type (row) against the other's (column).
      side["type_modifiers"] = o.side(s).type_modifiers.empty() ? Json(nullptr) : Json(o.side(s).type_modifiers);
    }
    key["dice"]["opposed"] = Json{{"attacker", sides["attacker"]},
                                  {"defender", sides["defender"]},
                                  {"result", kOpposedKeyNames[static_cast<std::size_t>(o.key)]},
                                  {"column", kColumnByNames[static_cast<std::size_t>(o.column)]},
                                  {"tie", o.tie_name()}};
    if (o.key == qrs::OpposedKey::ratio) key["dice"]["opposed"]["ratio_floor"] = number(o.ratio_floor);
  }
  key["rounding"] = bt.rounding.empty() ? Json(nullptr) : Json(bt.rounding);
  if (bt.outside != Outside::unstated) key["outside"] = kOutsideNames[static_cast<std::size_t>(bt.outside)];
  Json rows = Json::array();
  for (const auto& r : bt.rows) {
    Json row{{"id", r.id}, {"title", r.title}};
    if (!r.old_ids.empty()) row["old_ids"] = r.old_ids;  // ids it had before renames it follows
    if (!r.label.empty()) row["label"] = r.label;
    row["number"] = r.number ? Json(*r.number) : Json(nullptr);
    row["paragraphs"] = texts(r.paragraphs);
    row["bands"] = bands(r.bands, bt.key_type);
    Json parts = Json::array();
    for (const auto& p : r.parts)
      parts.push_back(Json{{"id", p.id}, {"text", p.text.render()}, {"bands", bands(p.bands, bt.key_type)}});
    row["parts"] = std::move(parts);
    // A row whose effect is to roll again: the modifiers (by id) that no longer count then.
    if (r.again) row["again"] = Json{{"without", *r.again}};
    row["source"] = source(r.source);
    rows.push_back(std::move(row));
  }
  Json table{{"key", std::move(key)},
             {"columns_vocabulary", bt.columns_vocabulary},
             // The heading the sheet prints over the columns ("Target"); empty when it prints none.
             {"columns_title", bt.columns_title},
             {"columns", columns(bt.columns)},
             {"rows", std::move(rows)}};
  if (!bt.matchups.empty()) {
    // Each matchup's column (the last ones, where its heading is) and its types, as the spec
    // writes them: the loser's and the winner's.
    Json matchups = Json::array();
    const auto ids = [&](const std::vector<std::size_t>& cols) {
      Json out = Json::array();
      for (const std::size_t c : cols) out.push_back(bt.columns[c].id);
      return out;
    };
    const bool loser_reads = bt.dice->opposed->loser_reads();
    for (const auto& m : bt.matchups) {
      matchups.push_back(Json{{"column", m.id},
                              {"loser", ids(loser_reads ? m.readers : m.others)},
                              {"winner", ids(loser_reads ? m.others : m.readers)},
                              {"source", source(m.source)}});
    }
    table["matchups"] = std::move(matchups);
  }
  return table;
}

Json modifier_table(const ModifierTable& mt) {
  Json items = Json::array();
  for (const auto& m : mt.items) {
    Json item{{"id", m.id}, {"text", m.text.render()}, {"notation", m.value_notation()}};
    if (!m.old_ids.empty()) item["old_ids"] = m.old_ids;  // ids it had before renames it follows
    item["value"] = m.value ? Json(*m.value) : Json(nullptr);
    item["factor"] = optional_number(m.factor);
    item["column"] = m.column;
    item["group"] = m.group >= 0 ? Json(mt.groups[static_cast<std::size_t>(m.group)].id) : Json(nullptr);
    // The types it is for (`only`) or not (`except`), terms of `types_vocabulary`, and as printed.
    if (!m.only.empty()) item["only"] = m.only;
    if (!m.except.empty()) item["except"] = m.except;
    if (!m.types_note.empty()) item["types_note"] = m.types_note;
    if (m.at_most > 1) item["at_most"] = m.at_most;  // counted per occurrence, at most this often
    // When the units decide it: each share's least part of the total and the units it counts
    // (each a list of terms: trait ids, or weapons "table/row").
    if (!m.shares.empty()) {
      Json shares = Json::array();
      for (const Share& s : m.shares) {
        Json from = Json::array();
        for (const auto& unit : s.from) {
          Json terms = Json::array();
          for (const ShareTerm& t : unit) terms.push_back(t.notation());
          from.push_back(std::move(terms));
        }
        shares.push_back(Json{{"at_least", number(s.at_least)}, {"from", std::move(from)}});
      }
      item["shares"] = std::move(shares);
    }
    item["source"] = source(m.source);
    items.push_back(std::move(item));
  }
  Json groups = Json::array();
  for (const auto& g : mt.groups) {
    Json group{{"id", g.id}, {"title", g.title}, {"note", g.note}, {"members", g.members}};
    if (g.exclusive) group["exclusive"] = true;  // one member at most applies
    groups.push_back(std::move(group));
  }
  Json out{{"items", std::move(items)}, {"groups", std::move(groups)}};
  if (!mt.types_vocabulary.empty()) out["types_vocabulary"] = mt.types_vocabulary;
  if (!mt.traits.empty()) {
    Json traits = Json::array();
    for (const Trait& t : mt.traits)
      traits.push_back(Json{{"id", t.id}, {"text", t.text}, {"source", source(t.source)}});
    out["traits"] = std::move(traits);
  }
  return out;
}

// The typed value of a matrix cell; null for a text cell (its notation is all there is).
Json cell_value(const CellValue& v, CellType type) {
  switch (type) {
    case CellType::text: return nullptr;
    case CellType::integer: return Json{{"integer", v.integer.value}};
    case CellType::fraction: return Json{{"in_range", v.fraction.in_range}, {"amount", number(v.fraction.amount)}};
    case CellType::rate: {
      if (v.rate.is_multiplier) return Json{{"multiplier", number(v.rate.multiplier)}};
      Json r{{"full_inches", number(v.rate.full)}};
      r["double_quick_inches"] = v.rate.has_double_quick ? number(v.rate.double_quick) : Json(nullptr);
      return r;
    }
    case CellType::dice: {
      return Json{{"dice", kDiceKindNames[static_cast<std::size_t>(v.dice.kind)]}, {"offset", v.dice.offset}};
    }
    case CellType::levels: {
      Json l{{"start", v.levels.start}};
      l["worn"] = v.levels.has_worn ? Json(v.levels.worn) : Json(nullptr);
      l["spent"] = v.levels.spent;
      return l;
    }
  }
  return nullptr;
}

Json matrix(const Matrix& m) {
  Json groups = Json::array();
  for (const auto& g : m.column_groups) groups.push_back(Json{{"name", g.name}, {"columns", g.columns}});
  Json rows = Json::array();
  for (const auto& r : m.rows) {
    Json cells = Json::array();
    for (const auto& c : r.cells) {
      if (c.unknown) {  // not given in the sources: no value, and says so
        cells.push_back(Json{{"text", c.notation}, {"unknown", true}});
        continue;
      }
      if (!c.present) {
        cells.push_back(nullptr);
        continue;
      }
      cells.push_back(
          Json{{"text", c.notation}, {"value", cell_value(c.value, m.cell)}, {"provenance", provenance(c.provenance)}});
    }
    Json row{{"id", r.id}};
    if (!r.old_ids.empty()) row["old_ids"] = r.old_ids;  // ids it had before renames it follows
    row.update(Json{{"name", r.name}, {"group", r.group}, {"cells", std::move(cells)}, {"source", source(r.source)}});
    rows.push_back(std::move(row));
  }
  Json out{{"cell", cell_type_name(m.cell)},
           // The heading over the row names ("Stands"); empty when the sheet prints none.
           {"row_heading", m.row_heading},
           {"columns_vocabulary", m.columns_vocabulary},
           {"columns", columns(m.columns)},
           {"column_groups", std::move(groups)},
           {"rows", std::move(rows)}};
  if (!m.modifiers.empty()) out["modifiers"] = m.modifiers;  // lists whose items add dice to a cell's count
  return out;
}

Json list_item(const ListItem& i) {
  Json items = Json::array();
  for (const auto& sub : i.items) items.push_back(list_item(sub));
  return Json{{"id", i.id},
              {"label", i.label},
              {"text", i.text.render()},
              {"condition", i.condition.render()},
              {"items", std::move(items)}};
}

Json list(const ListTable& lt) {
  Json sections = Json::array();
  for (const auto& s : lt.sections) {
    Json items = Json::array();
    for (const auto& i : s.items) items.push_back(list_item(i));
    Json section{{"id", s.id}, {"title", s.title}, {"numbered", s.numbered}, {"items", std::move(items)}};
    if (s.trigger) {  // an effect a base roll of another table triggers
      section["trigger"] = Json{{"table", s.trigger->table},
                                {"base", band(s.trigger->band, KeyType::integer)},
                                {"check", s.trigger->check.empty() ? Json(nullptr) : Json(s.trigger->check)},
                                {"source", source(s.trigger->source)}};
    }
    sections.push_back(std::move(section));
  }
  return Json{{"sections", std::move(sections)}};
}

Json facts(const FactsTable& ft) {
  Json items = Json::array();
  for (const auto& f : ft.items) {
    Json item{{"id", f.id}, {"label", f.label}, {"value", f.value}};
    item["inches"] = optional_number(f.inches);
    item["text"] = f.text.render();
    item["provenance"] = provenance(f.provenance);
    items.push_back(std::move(item));
  }
  return Json{{"items", std::move(items)}};
}

Json table(const Table& t) {
  Json j{
      {"id", t.id}, {"kind", table_kind_name(t.kind)}, {"title", t.title}, {"caption", t.caption}, {"notes", t.notes}};
  j["source"] = source(t.source);
  // Reference material the published sheet does not print ("appendix"), or a table of the sheet.
  j["print"] = t.appendix ? "appendix" : "sheet";
  j["order"] = t.order.empty() ? Json(nullptr) : Json(t.order);
  Json exceptions = Json::array();
  for (const auto& e : t.order_exceptions)
    exceptions.push_back(Json{{"row", e.row}, {"column", e.column}, {"reason", e.reason}});
  j["order_exceptions"] = std::move(exceptions);
  // The body under the kind's own name, so a consumer switches on "kind" and reads one key.
  j[table_kind_name(t.kind)] = visit_kind(
      t.body,
      Overloaded{[](const BandTable& b) { return band_table(b); },
                 [](const ModifierTable& m) { return modifier_table(m); }, [](const Matrix& m) { return matrix(m); },
                 [](const ListTable& l) { return list(l); }, [](const FactsTable& f) { return facts(f); }});
  return j;
}

// ------------------------------------------------------------------ the sheet

Json vocabularies(const Spec& spec) {
  Json out = Json::array();
  for (const auto& v : spec.vocabularies) {
    Json terms = Json::array();
    for (const auto& t : v.terms) {
      Json term{{"id", t.id}, {"name", t.name}};
      term["renamed_from"] =
          t.old_id.empty() && t.old_name.empty() ? Json(nullptr) : Json{{"id", t.old_id}, {"name", t.old_name}};
      terms.push_back(std::move(term));
    }
    out.push_back(Json{{"id", v.id}, {"title", v.title}, {"terms", std::move(terms)}});
  }
  return out;
}

Json renames(const Spec& spec) {
  Json out = Json::array();
  for (const auto& r : spec.renames) {
    out.push_back(Json{{"vocabulary", r.vocabulary},
                       {"term", r.term},
                       {"to", r.to},
                       {"name", r.name},
                       {"from_text", r.from_text},
                       {"to_text", r.to_text},
                       {"ids", r.ids}});
  }
  return out;
}

Json errata(const Spec& spec) {
  Json out = Json::array();
  for (const auto& e : spec.errata) {
    Json asserts = Json::array();
    for (const auto& a : e.asserts) {
      Json j{{"kind", a.kind_name()}, {"table", a.table},       {"row", a.row},  {"column", a.column},
             {"item", a.item},        {"expected", a.expected}, {"from", a.from}};
      j["disputed"] = a.disputed.empty() ? Json(nullptr) : Json(a.disputed);
      asserts.push_back(std::move(j));
    }
    Json j{{"id", e.id}, {"doc", e.doc}, {"text", e.text}};
    j["disputed"] = e.disputed.empty() ? Json(nullptr) : Json(e.disputed);
    j["covers"] = e.covers;
    j["asserts"] = std::move(asserts);
    out.push_back(std::move(j));
  }
  return out;
}

Json scaled_values(const Spec& spec) {
  Json out = Json::array();
  for (const auto& v : spec.scaled_values) {
    out.push_back(Json{{"path", v.path}, {"where", v.where}, {"provenance", provenance(v.provenance)}});
  }
  return out;
}

}  // namespace

std::string json_sheet_path(const Spec& spec) { return spec.system + "/" + sheet_file_id(spec) + ".json"; }

std::string emit_json_sheet(const Spec& spec) {
  Json j{{"format", "qrs-sheet"}, {"format_version", kJsonFormatVersion}};
  for (const auto& [key, value] : {std::pair{"id", &spec.id},
                                   {"system", &spec.system},
                                   {"title", &spec.title},
                                   {"subtitle", &spec.subtitle},
                                   {"period", &spec.period},
                                   {"edition", &spec.edition},
                                   {"figures", &spec.figures},
                                   {"spec", &spec.path}}) {
    j[key] = *value;
  }
  j["lineage"] = spec.lineage;
  // The printed imprint: null where the spec gives no such part (none is invented); the version
  // is the edition unless the spec sets its own.
  const auto given = [](const std::string& v) { return v.empty() ? Json(nullptr) : Json(v); };
  j["publisher"] = Json{{"name", given(spec.publisher.name)},
                        {"copyright", given(spec.publisher.copyright)},
                        {"version", given(spec.publisher.version)},
                        {"date", given(spec.publisher.date)}};
  Json sources = Json::array();
  for (const auto& s : spec.sources) {
    Json doc{{"id", s.id}};
    // A house document that is not a file has no "file"; the optional details only when given.
    for (const auto& [key, value] : {std::pair{"file", &s.file},
                                     {"title", &s.title},
                                     {"edition", &s.edition},
                                     {"date", &s.date},
                                     {"url", &s.url}}) {
      if (!value->empty() || (key == std::string("title") && !s.file.empty())) doc[key] = *value;
    }
    sources.push_back(std::move(doc));
  }
  j["sources"] = std::move(sources);
  j["scale"] =
      spec.scale_factor ? Json{{"factor", number(*spec.scale_factor)}, {"rounding", spec.rounding}} : Json(nullptr);
  j["renames"] = renames(spec);
  j["vocabularies"] = vocabularies(spec);
  Json tables = Json::array();
  for (const auto& t : spec.tables) tables.push_back(table(t));
  j["tables"] = std::move(tables);
  j["scaled_values"] = scaled_values(spec);
  j["errata"] = errata(spec);
  return json_document(j);
}

}  // namespace qrsc
