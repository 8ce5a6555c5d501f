// The runtime at the extremes of every number game code or the CLI gives it, compiled with
// -fsanitize=undefined and no recovery: a signed overflow anywhere ends this program with
// UBSan's report. A d10 table read at INT_MAX and INT_MIN net modifiers finds the open-ended
// rows ("8 or more", "-2 or less"), as the sheet says of any die result beyond its edges.
#include <array>
#include <climits>
#include <cstdio>

#include "qrs/band.hpp"
#include "qrs/modifiers.hpp"
#include "qrs/odds.hpp"

namespace {

int failures = 0;
void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAIL %s\n", what);
    ++failures;
  }
}

}  // namespace

int main() {
  using qrs::Fraction;
  // 1812 V3 charge effects' shape: 8 or more, 3 - 7, -2 or less (and what lies between).
  const std::array<qrs::Band, 3> bands{qrs::band_from(Fraction(8)), qrs::band_between(Fraction(3), Fraction(8)),
                                       qrs::band_below(Fraction(-1))};
  const qrs::odds::Distribution d10 = qrs::odds::die(10);
  for (const int net : {INT_MAX, INT_MAX - 1, INT_MIN, INT_MIN + 1, 0}) {
    const auto p = qrs::odds::row_odds(bands, qrs::KeyDomain{}, d10, net);
    if (net > 0) expect(p[0] == Fraction(1), "INT_MAX: every roll is 8 or more");
    if (net < 0) expect(p[2] == Fraction(1), "INT_MIN: every roll is -2 or less");
    if (net == 0) expect(p[0] == Fraction(3, 10) && p[1] == Fraction(1, 2), "net 0: 8-10 and 3-7");
  }
  const qrs::odds::Distribution two = qrs::odds::combine(d10, d10, /*subtract=*/true);
  for (const int net : {INT_MAX, INT_MIN}) {
    const auto p = qrs::odds::row_odds(bands, qrs::KeyDomain{}, two, net);
    expect(p[net > 0 ? 0 : 2] == Fraction(1), "a difference roll at an extreme modifier");
  }
  // A key of -2 to 12: clamped, an extreme result reads the end row; under no_effect, no row.
  const qrs::KeyDomain clamp = qrs::key_domain(Fraction(-2), Fraction(12), qrs::Outside::clamp);
  const qrs::KeyDomain none = qrs::key_domain(Fraction(-2), Fraction(12), qrs::Outside::no_effect);
  for (const int net : {INT_MAX, INT_MIN}) {
    std::array<Fraction, 3> p{};
    expect(qrs::odds::fill_row_odds(bands, clamp, d10, net, p) == Fraction(0) && p[net > 0 ? 0 : 2] == Fraction(1),
           "a clamped key at an extreme modifier reads the end row");
    expect(qrs::odds::fill_row_odds(bands, none, d10, net, p) == Fraction(1), "past the range under no_effect: no row");
    expect(!none.read(net) && clamp.read(net) == (net > 0 ? 12 : -2), "KeyDomain::read at an extreme key");
  }
  std::printf("runtime extremes: %s\n", failures == 0 ? "all passed" : "failures");
  return failures == 0 ? 0 : 1;
}
