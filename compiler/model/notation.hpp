// The sheet's own notations: bands ("8 or more", "1, 2"), quantities ("8in", "1/2"),
// cells ("12 / 16", "M-2", "3/2/1") and distances inside text ("retreat {2in}").
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qrs/band.hpp"
#include "qrs/cells.hpp"
#include "qrs/fraction.hpp"
#include "qrs/number_text.hpp"
#include "qrsc/base/expected.hpp"

namespace qrsc {

using qrs::Fraction;

enum class KeyType { integer, fraction };

// "?": a value the source documents do not give. Distinct from a blank (out of range, not
// allowed) and from "-" (the sheet prints a dash); a cell, fact or band written so has no
// value, and every output says so.
inline constexpr const char* kUnknownNotation = "?";
inline bool is_unknown_notation(const std::string& text) { return text == kUnknownNotation; }

// "3", "-2", "+1", "1/2", "1 1/2", "1.5". Returns nothing on anything else; a number beyond
// the limits (limits.hpp: whole parts up to 10^9, denominators up to 10^6) is refused too,
// and then `why` (when given) says so.
std::optional<Fraction> parse_number(const std::string& text, std::string* why = nullptr);
// A whole number: "3", "-2", "+1" (spaces around it allowed), within the limits; nothing on
// anything else ("1.0", "4/2"), and then `why` (when given) says why where it is out of range.
std::optional<std::int64_t> parse_whole(const std::string& text, std::string* why = nullptr);
// The limits a typed number is read within (limits.hpp), and a number read by the runtime's
// reader (qrs/number_text.hpp) as a Fraction, or nothing with the reason in `why`.
qrs::text::NumberLimits number_limits();
std::optional<Fraction> typed_number(const qrs::text::TypedNumber& n, std::string* why = nullptr);
// A distance is a number and an inch unit, with or without a space between: "8in", "1 in",
// "1 inch", "2 inches", "1.5\"", "1 1/2\"". The units, longest first so "inches" is not read as "in".
inline constexpr std::array<const char*, 4> kInchUnits = {"inches", "inch", "in", "\""};
std::optional<Fraction> parse_distance(const std::string& text, std::string* why = nullptr);
// The number part of a distance ("1 1/2" of "1 1/2\""), unparsed; nothing when the text does not end in a unit.
std::optional<std::string> distance_number(const std::string& text);
// Text that mentions inches ("1 inchh", "one inch", "3\"") whether or not it parses as a distance.
bool looks_like_distance(const std::string& text);

// Formats a number the sheet's way: "1/2", "1 1/2", "12", "-3".
std::string format_number(Fraction f);
std::string format_signed(int v);        // "+1", "0", "-2"
std::string format_decimal(Fraction f);  // 1.5, 12, 2.25; a fraction when no short decimal exists

// How a sheet writes a distance that is not whole, in its tables and its text alike: 1.5
// (decimal, as the published 25mm sheet prints its converted distances) or 1 1/2 (fraction).
// A sheet's layout chooses (its layout file's `distances`, docs/sheets.md).
enum class DistanceStyle { decimal, fraction };
inline constexpr std::array<const char*, 2> kDistanceStyleNames = {"decimal", "fraction"};
static_assert(kDistanceStyleNames.size() == static_cast<std::size_t>(DistanceStyle::fraction) + 1);
std::optional<DistanceStyle> distance_style_from(const std::string& name);
// A distance's number in a style: format_decimal or format_number.
std::string format_distance(Fraction f, DistanceStyle style);
// A distance as printed on the sheet: 8", 1.5" or 1 1/2".
std::string format_inches(Fraction f, DistanceStyle style = DistanceStyle::decimal);

// A roll as the spec writes it (`key.dice.roll`): how many dice of how many sides, and whether
// they are read as digits.
struct RollNotation {
  int count = 1, sides = 10;
  bool digits = false;
};
// "d10", "2d6": how many dice (1-99, 1 when not written) of how many sides (1-999). "d66" (a
// digit from 2 to 9 written twice): two dice of that many sides read as tens and units.
std::optional<RollNotation> parse_roll(std::string_view text);

// A band in the sheet's words ("8 or more", ...), or why it cannot be read (an error with no
// place: the caller knows where the text is).
using BandParse = Expected<qrs::Band>;
BandParse parse_band(const std::string& text, KeyType type);
// Writes a band back in the sheet's way ("8 or more", "3 - 7", "1, 2", "10", "-").
std::string format_band(const qrs::Band& band, KeyType type);

// A piece of text: literal runs and typed distances.
struct TextSegment {
  std::string literal;
  std::optional<Fraction> inches;  // set for a {Nin} distance
};
struct TextParse {
  std::vector<TextSegment> segments;
  std::vector<std::string> warnings;  // e.g. a bare inch mark
};
// A name text can refer to in braces ("{scale.figures}") and what it stands for.
struct TextReference {
  std::string name, value;
};
inline constexpr const char* kScaleReference = "scale.";  // the prefix of a reference to the spec's scale
// Splits text into literals and {Nin} distances; a reference is replaced by its value, an
// unknown one is an error (with the closest name), as is a brace that is neither.
Expected<TextParse> parse_text(const std::string& text, const std::vector<TextReference>& references = {});

enum class CellType { text, integer, fraction, rate, dice, levels };
// Each cell type's name in a spec (a matrix's `cell`), in CellType's order.
inline constexpr std::array<const char*, 6> kCellTypeNames = {"text", "integer", "fraction", "rate", "dice", "levels"};
static_assert(kCellTypeNames.size() == static_cast<std::size_t>(CellType::levels) + 1);
std::optional<CellType> cell_type_from(const std::string& name);
// The most a unit's number M (the number a dice cell counts from: Battlecry's morale) can be, as
// `qrsc lookup ... M=5` and the web page's field take it.
inline constexpr int kMaxUnitNumber = 999;
// The names of the runtime's qrs::Dice::Kind, in its order.
inline constexpr std::array<const char*, 4> kDiceKindNames = {"blank", "cannot", "relative", "fixed"};
static_assert(kDiceKindNames.size() == static_cast<std::size_t>(qrs::Dice::Kind::fixed) + 1);
const char* cell_type_name(CellType t);

// A matrix cell's typed value: the part its table's cell type sets.
struct CellValue {
  qrs::Rate rate;
  qrs::Amount fraction;
  qrs::Dice dice;
  qrs::Levels levels;
  qrs::Integer integer;
};
// A cell's value, or why its text is not one of its type (with no place, as parse_band).
using CellParse = Expected<CellValue>;
CellParse parse_cell(const std::string& text, CellType type);

}  // namespace qrsc
