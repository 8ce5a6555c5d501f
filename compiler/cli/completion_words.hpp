// The words completion offers for one role of a command-line word: spec names on the search
// path, and the tables, rows, modifier ids and columns of the spec the line names.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "qrsc/frontend/spec_search_path.hpp"

namespace qrsc::cli {

enum class Role { none, file, dir, spec, table, row, modifier, column };

// What a shell may offer: the kind of answer (see complete_command.cpp) and words.
struct Candidates {
  std::string kind = "words";
  std::vector<std::string> words;
};

// The candidates for a word of role `role`; `given` holds the spec (Role::spec) and the table
// (Role::table) the line names so far.
Candidates role_candidates(Role role, const SpecSearchPath& search, const std::map<Role, std::string>& given);

}  // namespace qrsc::cli
