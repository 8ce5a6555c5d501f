// Shared by the tests: paths, compiled specs, and the expectation files in tests/expected/.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/model/model.hpp"

namespace qrs_test {

std::filesystem::path source_dir();
// The spec files of rules/ (canonical paths, sorted), as qrsc takes them (spec_files_under):
// the systems' layouts beside them are no specs. `rules` is that folder, canonical.
std::vector<std::filesystem::path> rules_spec_files();
std::filesystem::path rules_dir();
// Compiles rules/<name>.yaml once per process; fails the test when it does not compile.
const qrsc::Spec& spec(const std::string& name);
// The same for any spec file (a test's own spec under tests/).
const qrsc::Spec& spec_file(const std::filesystem::path& file);

// One line of tests/expected/*.tsv: TABLE, KEY, COLUMN, then the expected fields.
struct Expectation {
  std::string file;
  int line = 0;
  std::string table, key, column;
  std::vector<std::string> expected;
};
struct ExpectationFile {
  std::string spec;  // from the "# spec: rff/acw-2.1-15mm" line
  std::vector<Expectation> lines;
};
ExpectationFile load_expectations(const std::string& file_name);

// Every outcome of a rolled table's base dice, equally likely, enumerated face by face (both
// sides' for a difference, one die for symbol dice): calls f with the key before modifiers.
// Returns how many outcomes there are.
std::int64_t for_each_roll(const qrsc::DiceRoll& d, const std::function<void(int)>& f);

// The bytes of a file ("" when it cannot be read).
std::string read_text(const std::filesystem::path& file);

// A spec (t/rally) with two vocabularies that have a term of one id: a rating's and a morale's
// `green`. The morale is the columns of an opposed roll whose sides read a list of modifiers for
// some types (`only`, `except`) and a matrix of type modifiers (`against`); the rating is the
// columns of a plain table.
extern const char* const kTwoVocabulariesWithATermOfOneId;

// Writes text to a temporary spec file (under a fresh folder) and returns its path.
std::filesystem::path write_temp_spec(const std::string& name, const std::string& text);

}  // namespace qrs_test
