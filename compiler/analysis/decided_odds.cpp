#include "qrsc/analysis/decided_odds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace qrsc {

namespace {

// Per column, the chance of each row of the table and last of no row read (a result outside
// the table that has no effect, a tie that nothing comes of); empty where never decided.
using Decided = std::vector<std::vector<Fraction>>;

// The rolls met on the way (each drops at least one word, so there are few): past this many a
// table's rows name so many different modifiers that the answer is not worth the wait.
constexpr std::size_t kMostRolls = 256;

class UntilDecided {
 public:
  UntilDecided(const BandTable& bt, const OddsOfWords& odds_of) : bt_(bt), odds_of_(odds_of) {}

  std::string outside_title;  // of no row read, from a roll that has one

  Expected<Decided> at(const RollWords& words) {
    if (const auto known = memo_.find(words); known != memo_.end()) return known->second;
    if (memo_.size() >= kMostRolls) {
      return program_error(
          fmt::format("the rows that roll again lead to more than {} different rolls; the odds until decided "
                      "are not given",
                      kMostRolls));
    }
    const auto report = odds_of_(words);
    if (!report) return report.error();
    if (report->row_ids.size() > bt_.rows.size()) outside_title = report->row_titles.back();
    Decided out;
    for (const OddsColumn& c : report->columns) {
      auto one = column(words, c.p.front(), out.size());
      if (!one) return one.error();
      out.push_back(std::move(*one));
    }
    memo_.emplace(words, out);
    return out;
  }

 private:
  // One column: the first roll's odds `p` (a row each, maybe one more for no row read).
  Expected<std::vector<Fraction>> column(const RollWords& words, const std::vector<Fraction>& p, std::size_t c) {
    const std::size_t rows = bt_.rows.size();
    // Results past the key that are rolled again are shared out among the rows; where every
    // result is, the roll never ends and the runtime's odds put it all on no row read
    // (qrs::fill_row_odds, fill_opposed_odds). Any other share of no row read (a tie that
    // nothing comes of) is an end.
    if (bt_.outside == Outside::reroll && p.size() > rows && p[rows] == Fraction(1)) return std::vector<Fraction>{};
    std::vector<Fraction> out(rows + 1);
    Fraction repeat(0);  // the chance of a row that rolls again with every modifier still given
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (p[i] == Fraction(0)) continue;
      const std::size_t to = std::min(i, rows);
      if (i >= rows || !bt_.rows[i].again) {
        out[to] += p[i];
        continue;
      }
      const RollWords next = words_again(words, *bt_.rows[i].again);
      if (next == words) {
        repeat += p[i];
        continue;
      }
      const auto after = at(next);
      if (!after) return after.error();
      const std::vector<Fraction>& q = (*after)[c];
      if (q.empty()) return std::vector<Fraction>{};  // the new roll is never decided
      for (std::size_t k = 0; k < q.size(); ++k) out[k] += p[i] * q[k];
    }
    if (repeat == Fraction(1)) return std::vector<Fraction>{};
    for (Fraction& f : out) f = f / (Fraction(1) - repeat);
    return out;
  }

  const BandTable& bt_;
  const OddsOfWords& odds_of_;
  std::map<RollWords, Decided> memo_;
};

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
    return program_error("the odds until decided are not given for a roll whose tie both sides read");
  }
  UntilDecided until(bt, odds_of);
  Decided decided;
  try {
    auto d = until.at(words);
    if (!d) return d.error();
    decided = std::move(*d);
  } catch (const qrs::FractionOverflow&) {
    return program_error(std::string("the odds until decided are past 64-bit fractions; they are not given"));
  }
  for (std::size_t i = 0; i < bt.rows.size(); ++i) {
    if (bt.rows[i].again) r.again_rows.push_back(i);
  }
  r.decided_outside_title = until.outside_title;
  for (std::size_t c = 0; c < r.columns.size() && c < decided.size(); ++c) {
    r.columns[c].decided = std::move(decided[c]);
    r.columns[c].never_decided = r.columns[c].decided.empty();
  }
  return {};
}

}  // namespace qrsc
