// Diagnostics in the gcc style: file:line:col: error|warning|note: message
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "qrsc/base/printable.hpp"  // messages echo their input through printable()

namespace qrsc {

// A position in a spec file (1-based line and column; 0 when unknown).
struct Loc {
  std::shared_ptr<const std::string> file;
  int line = 0;
  int col = 0;

  [[nodiscard]] std::string str() const;
};

enum class Severity { error, warning, note };

struct Diagnostic {
  Severity severity = Severity::error;
  Loc loc;
  std::string message;
  // A known limit of the source documents that the spec already documents: a disagreement of a
  // document with itself (a `disputed` erratum assertion) or a value no document gives ('?').
  // A warning `qrsc check` lists, but nothing a user of the sheet must act on.
  enum class Known { no, disagreement, not_given };
  Known known = Known::no;
};

// The diagnostic as one line: file:line:col: error|warning|note: message (a line break in the
// message is escaped, as every control character: one that echoes a file name cannot start a
// line of its own)
std::string format_diagnostic(const Diagnostic& d);

// The error of a step that has no place in a spec (a file it cannot write, a tool it cannot
// run): printed "qrsc: error: MESSAGE".
Diagnostic program_error(std::string message);

class Diagnostics {
 public:
  static constexpr std::size_t kMaxDiagnostics = 1000;  // kept; later ones are only counted

  void error(const Loc& loc, std::string message) { add(Severity::error, loc, std::move(message)); }
  void warning(const Loc& loc, std::string message) { add(Severity::warning, loc, std::move(message)); }
  void note(const Loc& loc, std::string message) { add(Severity::note, loc, std::move(message)); }
  void known_disagreement(const Loc& loc, std::string message);
  void known_not_given(const Loc& loc, std::string message);
  void add(Severity s, const Loc& loc, std::string message);
  void add(const Diagnostic& d);  // a diagnostic made before, replayed (known kept)
  // Every diagnostic of `other`, after these (a cached result's diagnostics, replayed).
  void append(const Diagnostics& other);

  [[nodiscard]] bool has_errors() const { return errors_ > 0; }
  [[nodiscard]] int error_count() const { return errors_; }
  [[nodiscard]] const std::vector<Diagnostic>& all() const { return all_; }
  void print(std::ostream& out) const;

 private:
  std::vector<Diagnostic> all_;
  int errors_ = 0;
};

// The 1-based line and column of a byte offset in a text (columns count UTF-8 characters).
std::pair<int, int> line_and_column(std::string_view text, std::size_t offset);

// The closest candidate by edit distance, or "" when nothing is close enough.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);
// `message`, followed by "; did you mean 'x'?" when a candidate is close to `word`.
std::string with_suggestion(std::string message, const std::string& word, const std::vector<std::string>& candidates);

}  // namespace qrsc
