// The spec schema's patterns (model/notation_pattern.hpp, what an editor checks a value against)
// against qrsc's readers of the same notations (model/notation.hpp), on text made from each
// notation's words and numbers: what the reader takes the pattern takes, and what the pattern
// takes the reader takes too, but for the few refusals a pattern cannot state (a band's values
// not consecutive, a band for the other kind of key, levels that do not decrease). The patterns
// are read as an editor reads them: ECMAScript, the dialect of JSON Schema's `pattern` (here
// std::regex's default grammar, on short text).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "qrsc/model/notation.hpp"
#include "qrsc/model/notation_pattern.hpp"

namespace qrsc {
namespace {

// Texts of a notation: its words and numbers put together at random (with no space, one or
// two between them), and each of `examples` with a character added, dropped or changed.
class TextMaker {
 public:
  TextMaker(std::vector<std::string> words, std::vector<std::string> examples, unsigned seed)
      : words_(std::move(words)), examples_(std::move(examples)), rng_(seed) {}

  std::vector<std::string> make(std::size_t count) {
    std::set<std::string> out(examples_.begin(), examples_.end());
    static const std::string kChars = "0123456789 -+/.,dDxXmM?\"inoremlsthaqu";
    while (out.size() < count) {
      if (pick(3) == 0) {
        std::string s = examples_[pick(examples_.size())];
        const std::size_t at = pick(s.size() + 1);
        const char c = kChars[pick(kChars.size())];
        switch (pick(3)) {
          case 0: s.insert(at, 1, c); break;
          case 1:
            if (at < s.size()) s.erase(at, 1);
            break;
          default:
            if (at < s.size()) s[at] = c;
        }
        out.insert(s);
        continue;
      }
      std::string s;
      const std::size_t n = 1 + pick(4);
      for (std::size_t i = 0; i < n; ++i) {
        if (i > 0) s += std::string(pick(3), ' ');  // none, one or two spaces
        s += words_[pick(words_.size())];
      }
      if (pick(8) == 0) s = " " + s;
      if (pick(8) == 0) s += " ";
      out.insert(s);
    }
    return {out.begin(), out.end()};
  }

 private:
  std::size_t pick(std::size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }

  std::vector<std::string> words_, examples_;
  std::mt19937 rng_;
};

// The numbers every notation is made of: whole, signed, decimal, fractions, mixed, at and past
// the limits (whole parts up to 10^9, denominators up to 10^6, six decimal places), zero forms.
const std::vector<std::string> kNumbers = {
    "0",         "1",        "2",         "3",    "7",   "8",    "10",         "12",         "-1",         "-2",
    "+1",        "+2",       "1.5",       "0.25", ".5",  "2.",   "1/2",        "3/2",        "1 1/2",      "2 1/4",
    "-1/2",      "1/0",      "0/5",       "00",   "007", "0.0",  "1000000000", "1000000001", "9999999999", "1/1000000",
    "1/1000001", "1.123456", "1.1234567", "+0",   "-0",  "1//2", "1/2/3",      "1 1",        "one"};

// What `reads` and the pattern say of each text; a disagreement is listed unless `allowed`
// (the reader's message) names a refusal the pattern cannot state.
struct Agreement {
  std::vector<std::string> pattern_refuses;  // taken by qrsc, refused by the schema
  std::vector<std::string> pattern_takes;    // refused by qrsc, taken by the schema
  std::size_t taken = 0, refused = 0;
};

using Reader = std::function<bool(const std::string& text, std::string& why)>;

// A mixed number past the limits ("1000000000 1/2"): its whole part is within them, which is
// all a pattern says of its value.
bool mixed_past_limits(const std::string& text, const std::string& why) {
  const std::size_t slash = text.find('/'), space = text.find_first_of(' ', text.find_first_not_of(" +-"));
  return why.find("number out of range") != std::string::npos && space < slash && slash != std::string::npos;
}

Agreement compare(const std::string& pattern, const std::vector<std::string>& texts, const Reader& reads,
                  const std::vector<std::string>& allowed = {}) {
  const std::regex re(pattern, std::regex::ECMAScript);
  Agreement a;
  for (const std::string& t : texts) {
    std::string why;
    const bool qrsc = reads(t, why);
    const bool schema = std::regex_search(t, re);
    (qrsc ? a.taken : a.refused) += 1;
    if (qrsc && !schema) a.pattern_refuses.push_back("'" + t + "'");
    if (!qrsc && schema) {
      const bool semantic = mixed_past_limits(t, why) ||
                            std::any_of(allowed.begin(), allowed.end(),
                                        [&](const std::string& w) { return why.find(w) != std::string::npos; });
      if (!semantic) a.pattern_takes.push_back("'" + t + "' (" + why + ")");
    }
  }
  return a;
}

std::string first(const std::vector<std::string>& v, std::size_t n = 12) {
  std::string out;
  for (std::size_t i = 0; i < v.size() && i < n; ++i) out += (i ? ", " : "") + v[i];
  return out + (v.size() > n ? ", ..." : "");
}

void expect_agreement(const Agreement& a, const char* what) {
  EXPECT_TRUE(a.pattern_refuses.empty()) << what << ": qrsc takes, the schema refuses " << a.pattern_refuses.size()
                                         << ": " << first(a.pattern_refuses);
  EXPECT_TRUE(a.pattern_takes.empty()) << what << ": the schema takes, qrsc refuses " << a.pattern_takes.size() << ": "
                                       << first(a.pattern_takes);
  std::cout << what << ": " << a.taken << " texts taken, " << a.refused << " refused\n";
  // Both kinds of text are made: a maker that only ever made one could not find a disagreement.
  EXPECT_GT(a.taken, 50u) << what;
  EXPECT_GT(a.refused, 100u) << what;
}

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST(NotationPatterns, ABandIsTakenByTheSchemaAsQrscTakesItForSomeKindOfKey) {
  const auto texts = TextMaker(with(kNumbers, {"or", "more", "less", "than", "at", "least", "most", "and", "exactly",
                                               "equal", "to", "-", "\u2013", ",", "mroe"}),
                               {"8 or more",
                                "3 or less",
                                "3 - 7",
                                "3-7",
                                "3 to 7",
                                "3 \u2013 7",
                                "-2 - 0",
                                "1, 2",
                                "8, 9, 10",
                                "10",
                                "-",
                                "\u2013",
                                "less than 1",
                                "at least 9",
                                "more than 1 and less than 2",
                                "at least 1 and at most 2",
                                "at most 2",
                                "exactly 3/2",
                                "equal",
                                "2 1/2 or more",
                                "less than 1/100",
                                "-2 or less"},
                               1)
                         .make(20000);
  const auto reads = [](const std::string& t, std::string& why) {
    const BandParse i = parse_band(t, KeyType::integer), f = parse_band(t, KeyType::fraction);
    if (i || f) return true;
    why = i.error().message + " | " + f.error().message;
    return false;
  };
  const std::vector<std::string> semantic = {"consecutive", "holds no key", "is for fraction keys",
                                             "needs a whole number", "a band of a fraction key needs"};
  expect_agreement(compare(pattern::band(), texts, reads, semantic), "band");
  // A row's band (the front end's band_cell) may be '?' as well, exactly so.
  const auto cell = [&reads](const std::string& t, std::string& why) {
    return is_unknown_notation(t) || reads(t, why);
  };
  expect_agreement(compare(pattern::band_cell(), with(texts, {"?", " ?", "? ", "??", "?8"}), cell, semantic),
                   "a row's band");
}

TEST(NotationPatterns, NumbersAreTakenByTheSchemaAsQrscTakesThem) {
  const auto texts = TextMaker(with(kNumbers, {"/", ".", " "}), kNumbers, 2).make(8000);
  expect_agreement(compare(pattern::number(), texts,
                           [](const std::string& t, std::string& why) { return parse_number(t, &why).has_value(); }),
                   "number");
  expect_agreement(compare(pattern::positive_number(), texts,
                           [](const std::string& t, std::string& why) {
                             const auto v = parse_number(t, &why);
                             return v && Fraction(0) < *v;
                           }),
                   "positive number");
  expect_agreement(compare(pattern::whole_number(), texts,
                           [](const std::string& t, std::string& why) { return parse_whole(t, &why).has_value(); }),
                   "whole number");
}

TEST(NotationPatterns, DistancesAreTakenByTheSchemaAsQrscTakesThem) {
  const auto texts = TextMaker(with(kNumbers, {"in", "inch", "inches", "\"", "pin", "ft"}),
                               {"4in", "1 in", "1 inch", "2 inches", "1.5\"", "1 1/2\"", "-2in", "0in"}, 3)
                         .make(8000);
  expect_agreement(compare(pattern::distance(), texts,
                           [](const std::string& t, std::string& why) { return parse_distance(t, &why).has_value(); }),
                   "distance");
}

TEST(NotationPatterns, RollsAreTakenByTheSchemaAsQrscTakesThem) {
  // A roll is one word: its parts run together.
  std::vector<std::string> texts;
  const std::vector<std::string> counts = {"", "1", "2", "9", "10", "99", "100", "0", "01", " ", "-1", "x"};
  const std::vector<std::string> sides = {"1", "2", "6", "10", "66", "99", "100", "999", "1000", "0", "06", "", "d6"};
  for (const auto& c : counts) {
    for (const auto& d : {"d", "D", "", "dd"}) {
      for (const auto& s : sides) texts.push_back(c + d + s);
    }
  }
  texts = with(texts, TextMaker({"1", "2", "6", "d", "0", "9"}, {"d10", "2d6", "d66"}, 4).make(3000));
  expect_agreement(
      compare(pattern::roll(), texts, [](const std::string& t, std::string&) { return parse_roll(t).has_value(); }),
      "roll");
}

TEST(NotationPatterns, EachCellTypeIsTakenByTheSchemaAsQrscTakesIt) {
  const auto texts =
      TextMaker(with(kNumbers, {"/", "-", "x", "\u00d7", "X", "M", "m", "M-2", "M+1", "?", "3/2/1", "2/-/1", "4/3/2",
                                "5/3/1", "2/-1", "3/-/1", "1/2/3", "3/3/1", "3/2/1/0"}),
                {"12 / 16", "16", "x1.5", "-", "X", "M", "M-2", "m + 1", "2", "3/2/1", "2/-1", "2/-/1", "1/2", "1 1/2",
                 "-3", "+2", "?"},
                5)
          .make(12000);
  for (std::size_t t = 1; t < kCellTypeNames.size(); ++t) {
    const auto type = static_cast<CellType>(t);
    const auto reads = [type](const std::string& text, std::string& why) {
      if (text == kUnknownNotation) return true;
      const CellParse c = parse_cell(text, type);
      if (!c) why = c.error().message;
      return static_cast<bool>(c);
    };
    expect_agreement(compare(pattern::cell(type), texts, reads, {"levels must decrease"}), kCellTypeNames[t]);
  }
}

}  // namespace
}  // namespace qrsc
