// "What does this roll mean": answers a key against one table of a compiled spec.
#pragma once

#include <optional>
#include <string>

#include "model.hpp"

namespace qrsc {

struct LookupAnswer {
  bool ok = false;
  std::string line;   // the answer (one line, tab-separated), when ok
  std::string error;  // a message for the user, when !ok
  std::string detail; // the effect in the sheet's words (name and text, parts), for --verbose
  std::string note;   // something the user should know about the answer (a renamed column)
};

LookupAnswer lookup(const Spec& spec, const std::string& table, const std::string& key,
                    const std::optional<std::string>& column);

}  // namespace qrsc
