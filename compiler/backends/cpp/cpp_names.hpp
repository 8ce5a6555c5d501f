// Spelling spec ids and strings as C++.
#pragma once

#include <cstddef>
#include <string>

#include "qrsc/model/notation.hpp"

namespace qrsc {

std::string cpp_identifier(const std::string& id);  // "3" -> "n3", "and" -> "and_"
std::string cpp_type_name(const std::string& id);   // "target_rating" -> "TargetRating"
std::string cpp_string(const std::string& text);    // escaped contents of a "..." literal
std::string cpp_fraction(Fraction f);               // "qrs::Fraction{1, 2}"
std::string cpp_enum_type(std::size_t count);       // the smallest unsigned type that numbers `count` values

}  // namespace qrsc
