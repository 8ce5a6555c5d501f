#include "qrsc/analysis/decided_odds.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "qrs/decided_odds.hpp"
#include "qrsc/model/roll_again.hpp"

namespace qrsc {

namespace {

using qrs::odds::Decided;

// The table's rolls as qrs::odds::decided_odds sees them, named by the words given (as `qrsc
// odds` takes them); one roll's odds are the caller's odds_of, asked once per roll.
class WordRolls {
 public:
  WordRolls(const BandTable& bt, const OddsOfWords& odds_of) : bt_(bt), odds_of_(odds_of) {}

  std::size_t column = 0;
  mutable std::string outside_title;  // of no row read, from a roll that has one
  mutable std::optional<Diagnostic> error;

  [[nodiscard]] std::size_t rows() const { return bt_.rows.size(); }
  [[nodiscard]] bool rerolls_outside() const { return bt_.outside == Outside::reroll; }
  [[nodiscard]] bool rolls_again(std::size_t row) const { return bt_.rows[row].again.has_value(); }
  [[nodiscard]] RollWords again(const RollWords& words, std::size_t row) const {
    return words_again(words, *bt_.rows[row].again);
  }
  bool first_odds(const RollWords& words, Fraction* p) const {
    auto known = reports_.find(words);
    if (known == reports_.end()) known = reports_.emplace(words, odds_of_(words)).first;
    const Expected<OddsReport>& report = known->second;
    if (!report) {
      error = report.error();
      return false;
    }
    if (report->row_ids.size() > rows()) outside_title = report->row_titles.back();
    const std::vector<Fraction>& one = report->columns.at(column).p.front();  // a row each, maybe no row read
    for (std::size_t k = 0; k <= rows(); ++k) p[k] = k < one.size() ? one[k] : Fraction(0);
    return true;
  }

 private:
  const BandTable& bt_;
  const OddsOfWords& odds_of_;
  mutable std::map<RollWords, Expected<OddsReport>> reports_;  // every column's odds of a roll
};

// One column's odds until decided at `words` (empty where never decided), or why not.
Expected<std::vector<Fraction>> column_decided(WordRolls& rolls, const RollWords& words) {
  std::vector<qrs::odds::DecidedRoll<RollWords>> met(qrs::odds::kMostDecidedRolls);
  std::vector<Fraction> odds(met.size() * (rolls.rows() + 1));
  qrs::odds::DecidedMemo<RollWords> memo{met.data(), met.size(), odds.data()};
  const Fraction* p = nullptr;
  switch (qrs::odds::decided_odds(rolls, words, memo, p)) {
    case Decided::given: return std::vector<Fraction>(p, p + rolls.rows() + 1);
    case Decided::never: return std::vector<Fraction>{};
    case Decided::too_many: return program_error(decided_too_many_words());
    case Decided::failed: break;
  }
  return rolls.error ? *rolls.error : program_error("the odds of a roll again are not given");
}

}  // namespace

RollWords words_again(const RollWords& words, const std::vector<std::string>& dropped) {
  RollWords out;
  for (const auto& side : words) {
    std::vector<std::string>& kept = out.emplace_back();
    for (const std::string& w : side) {
      const std::string id = w.substr(0, w.find('='));
      if (std::find(dropped.begin(), dropped.end(), id) == dropped.end()) kept.push_back(w);
    }
  }
  return out;
}

Expected<void> add_decided_odds(const BandTable& bt, OddsReport& r, const RollWords& words,
                                const OddsOfWords& odds_of) {
  if (std::none_of(bt.rows.begin(), bt.rows.end(), [](const BandRow& row) { return row.again.has_value(); })) return {};
  if (r.modifiers.size() != 1) return {};  // a chart over net modifiers: no modifier is named to drop
  if (bt.dice && bt.dice->opposed && bt.dice->opposed->tie == qrs::Tie::both) {
    // Each side reads its own row on a tie: the odds count a tie once per side, and what rolls
    // again when one side's row does and the other's does not is the sheet's to say.
    return program_error(kDecidedNotForTieBoth);
  }
  WordRolls rolls(bt, odds_of);
  std::vector<std::vector<Fraction>> decided;
  try {
    for (rolls.column = 0; rolls.column < r.columns.size(); ++rolls.column) {
      auto d = column_decided(rolls, words);
      if (!d) return d.error();
      decided.push_back(std::move(*d));
    }
  } catch (const qrs::FractionOverflow&) {
    return program_error(kDecidedPastFractions);
  }
  for (std::size_t i = 0; i < bt.rows.size(); ++i) {
    if (bt.rows[i].again) r.again_rows.push_back(i);
  }
  r.decided_outside_title = rolls.outside_title;
  for (std::size_t c = 0; c < r.columns.size(); ++c) {
    r.columns[c].decided = std::move(decided[c]);
    r.columns[c].never_decided = r.columns[c].decided.empty();
  }
  return {};
}

}  // namespace qrsc
