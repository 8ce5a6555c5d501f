#include "qrsc/lsp/sheet_elements.hpp"

#include <fmt/format.h>

#include "qrsc/model/written_cells.hpp"

namespace qrsc::lsp {

namespace {

std::string joined(const std::string& a, const std::string& b) { return b.empty() ? a : a + "/" + b; }

void columns_of(const Table& t, const std::vector<Column>& columns, const std::function<void(const SheetElement&)>& f) {
  for (const Column& c : columns) {
    if (c.id.empty()) continue;
    const std::string value = c.range ? format_inches(*c.range) : c.name;
    f({fmt::format("column '{}' of table '{}'", c.id, t.id), value, t.id, c.loc, c.range.has_value()});
  }
}

void items_of(const std::string& table, const std::string& under, const std::vector<ListItem>& items,
              const std::function<void(const SheetElement&)>& f) {
  for (const ListItem& item : items) {
    if (item.id.empty()) continue;
    const std::string path = joined(under, item.id);
    f({fmt::format("item '{}' of table '{}'", item.id, table), item.text.render(), path, item.loc});
    items_of(table, path, item.items, f);
  }
}

}  // namespace

void for_each_element(const Spec& spec, const std::function<void(const SheetElement&)>& f) {
  // What is not a table's: paths that no `covers` writes (':' is in no id).
  for (const SourceDoc& d : spec.sources) {
    f({fmt::format("source '{}'", d.id), d.title.empty() ? d.file : d.title, "source:" + d.id, d.loc});
  }
  for (const Vocabulary& v : spec.vocabularies) {
    const std::string vocabulary = "vocabulary:" + v.id;
    f({fmt::format("vocabulary '{}'", v.id), v.title, vocabulary, v.loc});
    for (const Term& term : v.terms) {
      f({fmt::format("term '{}' of vocabulary '{}'", term.id, v.id), term.name, joined(vocabulary, term.id), term.loc});
    }
  }
  for (const Table& t : spec.tables) {
    f({fmt::format("table '{}' ({})", t.id, table_kind_name(t.kind)), t.title, t.id, t.loc});
    visit_kind(
        t.body,
        Overloaded{
            [&](const BandTable& b) {
              columns_of(t, b.columns, f);
              for (std::size_t ri = 0; ri < b.rows.size(); ++ri) {
                const BandRow& r = b.rows[ri];
                const std::string row = joined(t.id, r.id);
                f({fmt::format("row '{}' of table '{}'", r.id, t.id), r.effect(), row, r.loc, false, &b, ri});
                for (const RichText& text : r.paragraphs) {
                  f({fmt::format("text of row '{}'", r.id), text.render(), row, text.loc});
                }
                for (std::size_t i = 0; i < r.bands.size() && i < b.columns.size(); ++i) {
                  const std::string column = b.columns[i].id;
                  f({fmt::format("band of row '{}'{}", r.id, column.empty() ? "" : " under '" + column + "'"),
                     written_band(r.bands[i], b.key_type), joined(row, column), r.bands[i].loc});
                }
                for (const BandPart& p : r.parts) {
                  f({fmt::format("part '{}' of row '{}'", p.id, r.id), p.text.render(), joined(row, p.id), p.loc});
                  for (std::size_t i = 0; i < p.bands.size() && i < b.columns.size(); ++i) {
                    f({fmt::format("band of part '{}'", p.id), written_band(p.bands[i], b.key_type),
                       joined(row, b.columns[i].id), p.bands[i].loc});
                  }
                }
              }
            },
            [&](const ModifierTable& m) {
              for (const ModifierItem& item : m.items) {
                const std::string value =
                    fmt::format("{} {}", item.value_notation(), item.with_notes(item.text.render()));
                f({fmt::format("modifier '{}' of table '{}'", item.id, t.id), value, joined(t.id, item.id), item.loc});
                f({fmt::format("value of modifier '{}'", item.id), item.value_notation(), joined(t.id, item.id),
                   item.value_loc});
              }
              for (const ModifierGroup& g : m.groups) {
                std::string members;
                for (const std::string& member : g.members) members += (members.empty() ? "" : ", ") + member;
                f({fmt::format("group '{}' of table '{}'", g.id, t.id),
                   g.title.empty() ? members : g.title + " (" + members + ")", joined(t.id, g.id), g.loc});
              }
              for (const Trait& trait : m.traits) {
                f({fmt::format("trait '{}' of table '{}'", trait.id, t.id), trait.text, joined(t.id, trait.id),
                   trait.loc});
              }
            },
            [&](const Matrix& m) {
              columns_of(t, m.columns, f);
              for (const MatrixRow& r : m.rows) {
                const std::string row = joined(t.id, r.id);
                f({fmt::format("row '{}' of table '{}'", r.id, t.id), r.name, row, r.loc});
                for (std::size_t i = 0; i < r.cells.size() && i < m.columns.size(); ++i) {
                  const MatrixCell& c = r.cells[i];
                  f({fmt::format("cell of row '{}' under '{}'", r.id, m.columns[i].id), cell_in_words(c),
                     joined(row, m.columns[i].id), c.loc});
                }
              }
            },
            [&](const ListTable& list) {
              for (const ListSection& section : list.sections) {
                const std::string path = joined(t.id, section.id);
                f({fmt::format("section '{}' of table '{}'", section.id, t.id), section.title, path, section.loc});
                items_of(t.id, path, section.items, f);
              }
            },
            [&](const FactsTable& facts) {
              for (const Fact& fact : facts.items) {
                const std::string value = fact.unknown ? "?" : !fact.value.empty() ? fact.value : fact.text.render();
                f({fmt::format("fact '{}' of table '{}'", fact.id, t.id),
                   fact.label.empty() ? value : fact.label + ": " + value, joined(t.id, fact.id), fact.loc, true});
              }
            }});
  }
  for (const Erratum& e : spec.errata) {
    f({fmt::format("erratum '{}' of {}", e.id, e.doc), e.text, "", e.loc});
  }
}

}  // namespace qrsc::lsp
