#include "qrsc/base/diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace qrsc {

std::pair<int, int> line_and_column(std::string_view text, std::size_t offset) {
  int line = 1, col = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++col;
    }
  }
  return {line, col};
}

std::string Loc::str() const {
  const std::string name = file ? *file : std::string("<input>");
  return line > 0 ? fmt::format("{}:{}:{}", name, line, col) : name;
}

void Diagnostics::add(Severity s, const Loc& loc, std::string message) {
  if (s == Severity::error) ++errors_;
  // A hostile spec can cause an error per node; past the cap only the count goes on.
  if (all_.size() < kMaxDiagnostics) {
    all_.push_back({s, loc, std::move(message)});
  } else if (all_.size() == kMaxDiagnostics) {
    all_.push_back({Severity::note, loc, fmt::format("too many diagnostics; the first {} are shown", kMaxDiagnostics)});
  }
}

void Diagnostics::add(const Diagnostic& d) {
  const std::size_t before = all_.size();
  add(d.severity, d.loc, d.message);
  if (all_.size() > before) all_.back().known = d.known;
}

void Diagnostics::append(const Diagnostics& other) {
  for (const Diagnostic& d : other.all_) add(d);
  // Past the cap `other` only counted its errors.
  errors_ += other.errors_ -
             static_cast<int>(std::count_if(other.all_.begin(), other.all_.end(),
                                            [](const Diagnostic& d) { return d.severity == Severity::error; }));
}

void Diagnostics::known_disagreement(const Loc& loc, std::string message) {
  const std::size_t before = all_.size();
  add(Severity::warning, loc, std::move(message));
  if (all_.size() > before && all_.back().severity == Severity::warning)
    all_.back().known = Diagnostic::Known::disagreement;
}

void Diagnostics::known_not_given(const Loc& loc, std::string message) {
  const std::size_t before = all_.size();
  add(Severity::warning, loc, std::move(message));
  if (all_.size() > before && all_.back().severity == Severity::warning)
    all_.back().known = Diagnostic::Known::not_given;
}

std::string format_diagnostic(const Diagnostic& d) {
  static constexpr const char* kNames[] = {"error", "warning", "note"};
  return printable(d.loc.str()) + ": " + kNames[static_cast<int>(d.severity)] + ": " + printable(d.message);
}

Diagnostic program_error(std::string message) {
  static const auto kProgram = std::make_shared<const std::string>("qrsc");
  return {Severity::error, Loc{kProgram, 0, 0}, std::move(message)};
}

void Diagnostics::print(std::ostream& out) const {
  for (const auto& d : all_) out << format_diagnostic(d) << '\n';
}

namespace {
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}
}  // namespace

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_d = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

std::string with_suggestion(std::string message, const std::string& word, const std::vector<std::string>& candidates) {
  const std::string guess = did_you_mean(word, candidates);
  if (!guess.empty()) message += "; did you mean '" + guess + "'?";
  return message;
}

}  // namespace qrsc
