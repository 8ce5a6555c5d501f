// Modifiers for some types only (a modifier's `only` or `except`: "-2 in bad going, except
// light foot"). The types are terms of one vocabulary: the columns of every opposed roll whose
// sides read the list by type, so that a side's type is the term's index in it. Checked once
// the dice are (every list a roll names is then a list), and each item given its mask
// (qrs::applies_to).
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <utility>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/builder.hpp"
#include "qrsc/frontend/types_vocabulary.hpp"

namespace qrsc {

namespace {

// A roll that reads a list: its table and, for an opposed roll, the side.
struct ListReader {
  std::size_t table = 0;
  std::optional<qrs::Side> side;
  Loc at;  // where it names the list
};

std::vector<ListReader> readers_of(const Spec& spec, const std::string& list) {
  std::vector<ListReader> out;
  for (std::size_t i = 0; i < spec.tables.size(); ++i) {
    const auto* bt = std::get_if<BandTable>(&spec.tables[i].body);
    if (!bt || !bt->dice) continue;
    const DiceRoll& d = *bt->dice;
    const auto names = [&](const std::vector<std::string>& lists) {
      return std::find(lists.begin(), lists.end(), list) != lists.end();
    };
    if (!d.opposed) {
      if (names(d.modifiers)) out.push_back({i, std::nullopt, d.modifiers_loc});
      continue;
    }
    for (const qrs::Side side : {qrs::Side::attacker, qrs::Side::defender}) {
      if (names(d.opposed->side(side).modifiers)) out.push_back({i, side, d.opposed->side(side).modifiers_loc});
    }
  }
  return out;
}

}  // namespace

void Builder::type_conditions() {
  for (std::size_t i = 0; i < spec_.tables.size(); ++i) {
    const Table& t = spec_.tables[i];
    const auto* mt = std::get_if<ModifierTable>(&t.body);
    if (!mt || !mt->for_some_types()) continue;
    const ModifierItem& first =
        *std::find_if(mt->items.begin(), mt->items.end(), [](const ModifierItem& m) { return m.for_some_types(); });
    const std::string what = fmt::format("modifier list '{}'", t.id);
    const std::vector<ListReader> readers = readers_of(spec_, t.id);
    // The vocabulary: one that has every type the items name, the readers' own first.
    std::vector<std::string> named, reading;
    for (const ModifierItem& m : mt->items) {
      named.insert(named.end(), m.only.begin(), m.only.end());
      named.insert(named.end(), m.except.begin(), m.except.end());
    }
    for (const ListReader& r : readers) {
      reading.push_back(std::get<BandTable>(spec_.tables[r.table].body).columns_vocabulary);
    }
    std::vector<VocabularyTerms> vocabularies;
    for (const Vocabulary& v : spec_.vocabularies) {
      VocabularyTerms& terms = vocabularies.emplace_back(VocabularyTerms{v.id, {}});
      for (const Term& term : v.terms) terms.terms.push_back(term.id);
    }
    const std::optional<std::string> chosen = types_vocabulary(reading, vocabularies, named);
    const Vocabulary* vocabulary = chosen ? spec_.vocabulary(*chosen) : nullptr;
    if (!vocabulary) {
      std::vector<std::string> terms;
      for (const Vocabulary& v : spec_.vocabularies) {
        for (const Term& term : v.terms) terms.push_back(term.id);
      }
      bool named = false;
      for (const ModifierItem& m : mt->items) {
        for (const auto* types : {&m.only, &m.except}) {
          for (const std::string& id : *types) {
            if (std::find(terms.begin(), terms.end(), id) != terms.end()) continue;
            named = true;
            diags_.error(m.types_loc,
                         with_suggestion(fmt::format("modifier '{}' of {}: '{}' is no term of a vocabulary; "
                                                     "the types a modifier applies to are the terms of the "
                                                     "vocabulary of the sides' types",
                                                     m.id, what, id),
                                         id, terms));
          }
        }
      }
      if (!named) {
        diags_.error(first.types_loc,
                     fmt::format("{}: the types its modifiers apply to are terms of no one vocabulary; "
                                 "they are the terms of the vocabulary of the sides' types",
                                 what));
      }
      continue;
    }
    if (!within_limit(
            vocabulary->terms.size(), limits::kMaxMatchupTypes, first.types_loc,
            fmt::format("{}: the types its modifiers apply to (the terms of vocabulary '{}')", what, vocabulary->id))) {
      continue;
    }
    // Each roll that reads the list reads it for a side of one of those types.
    for (const ListReader& r : readers) {
      const Table& reader = spec_.tables[r.table];
      const BandTable& bt = std::get<BandTable>(reader.body);
      const std::string by =
          r.side ? fmt::format("the {} of table '{}'", kSideNames[static_cast<std::size_t>(*r.side)], reader.id)
                 : fmt::format("table '{}'", reader.id);
      if (!r.side || bt.dice->opposed->column == qrs::ColumnBy::chosen) {
        diags_.error(r.at,
                     fmt::format("{} reads {}, whose modifier '{}' applies to some types only, and the roll has no "
                                 "side's type; such a list is read by a side of an opposed roll read in the loser's "
                                 "or the winner's column (key.dice.column: loser or winner)",
                                 by, what, first.id));
      } else if (bt.columns_vocabulary != vocabulary->id) {
        diags_.error(r.at, fmt::format("{} reads {}, whose modifiers apply to terms of vocabulary '{}', and the sides' "
                                       "types of '{}' are not those terms; its columns are the types: columns: {}",
                                       by, what, vocabulary->id, reader.id, vocabulary->id));
      }
    }
    // The masks, by the terms' order (a side's type is its term's index).
    Table with = t;
    ModifierTable& typed = std::get<ModifierTable>(with.body);
    typed.types_vocabulary = vocabulary->id;
    for (ModifierItem& m : typed.items) {
      if (!m.for_some_types()) continue;
      std::uint64_t named = 0;
      for (std::size_t k = 0; k < vocabulary->terms.size(); ++k) {
        const std::string& id = vocabulary->terms[k].id;
        const auto& types = m.only.empty() ? m.except : m.only;
        if (std::find(types.begin(), types.end(), id) != types.end()) named |= std::uint64_t{1} << k;
      }
      m.type_mask = m.only.empty() ? qrs::kEveryType & ~named : named;
      m.types_note = types_note(*vocabulary, m);
    }
    spec_.tables.replace(i, std::move(with));
    // A difference roll whose sides throw the same dice is also read at one net modifier (every
    // list's modifiers summed); a modifier that depends on a side's type has no place there.
    for (const ListReader& r : readers) {
      const Table& reader = spec_.tables[r.table];
      const DiceRoll& d = *std::get<BandTable>(reader.body).dice;
      if (!d.opposed || !d.difference) continue;
      Table apart = reader;
      DiceRoll& sides = *std::get<BandTable>(apart.body).dice;
      sides.difference = false;
      sides.count = 0;
      sides.modifiers.clear();
      spec_.tables.replace(r.table, std::move(apart));
    }
  }
}

}  // namespace qrsc
