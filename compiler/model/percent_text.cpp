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
  Wide scale = 100;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  const Wide num = p.num(), den = p.den();
  // Half up: floor(p * scale + 1/2), the numerator and denominator doubled to stay whole.
  const Wide units = (2 * num * scale + den) / (2 * den);
  Wide one = 1;
  for (int i = 0; i < decimals; ++i) one *= 10;
  const std::string smallest =
      decimals == 0 ? "1" : "0." + std::string(static_cast<std::size_t>(decimals - 1), '0') + "1";
  if (num > 0 && units == 0) return "<" + smallest;
  if (num < den && units == 100 * one) {
    return ">" + (decimals == 0 ? std::string("99") : "99." + std::string(static_cast<std::size_t>(decimals), '9'));
  }
  std::string out = digits(units / one);
  if (decimals > 0) {
    std::string fraction = digits(units % one);
    out += "." + std::string(static_cast<std::size_t>(decimals) - fraction.size(), '0') + fraction;
  }
  return out;
}

std::string percent_text(Fraction p, int decimals) { return percent_number(p, decimals) + "%"; }

}  // namespace qrsc
