#include "qrsc/model/percent_text.hpp"

#include <cstdint>

namespace qrsc {

namespace {

// 128 bits: ten to the decimals times a numerator near 2^63 does not fit in 64.
__extension__ using Wide = __int128;

std::string digits(Wide v) {
  std::string out;
  do {
    out.insert(out.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  } while (v > 0);
  return out;
}

}  // namespace

std::string percent_number(Fraction p, int decimals) {
  Wide one = 1;  // one percent in units of the last decimal
  for (int i = 0; i < decimals; ++i) one *= 10;
  // A number of those units as written: "6.3" for 63 at one decimal.
  const auto written = [&](Wide units) {
    std::string out = digits(units / one);
    if (decimals == 0) return out;
    const std::string fraction = digits(units % one);
    return out + "." + std::string(static_cast<std::size_t>(decimals) - fraction.size(), '0') + fraction;
  };
  const Wide num = p.num(), den = p.den();
  // Half up: floor(p * 100 * one + 1/2), the numerator and denominator doubled to stay whole.
  const Wide units = (2 * num * 100 * one + den) / (2 * den);
  if (num > 0 && units == 0) return "<" + written(1);
  if (num < den && units == 100 * one) return ">" + written(100 * one - 1);
  return written(units);
}

std::string percent_text(Fraction p, int decimals) { return percent_number(p, decimals) + "%"; }

}  // namespace qrsc
