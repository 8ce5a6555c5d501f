#include "unified_diff.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

namespace qrs_migrate {

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// One line of the edit script: ' ' kept, '-' removed, '+' added.
struct Op {
  char kind;
  std::size_t a, b;  // line indexes in before / after
};

// The edit script from the longest common subsequence (files here are small sources).
std::vector<Op> edit_script(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::vector<unsigned>> lcs(a.size() + 1, std::vector<unsigned>(b.size() + 1, 0));
  for (std::size_t i = a.size(); i-- > 0;) {
    for (std::size_t j = b.size(); j-- > 0;) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::vector<Op> ops;
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j]) {
      ops.push_back({' ', i++, j++});
    } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
      ops.push_back({'-', i++, j});  // removals first, as diff -u prints them
    } else {
      ops.push_back({'+', i, j++});
    }
  }
  return ops;
}

}  // namespace

std::string unified_diff(const std::string& path, const std::string& before, const std::string& after) {
  const auto a = lines_of(before), b = lines_of(after);
  const auto ops = edit_script(a, b);
  constexpr std::size_t kContext = 3;
  std::ostringstream out;
  // git's prefixes; an absolute path keeps one slash ("a/srv/game/main.cpp", as git diff --no-index).
  const std::string name = path.starts_with('/') ? path.substr(1) : path;
  out << "--- a/" << name << "\n+++ b/" << name << "\n";
  std::size_t k = 0;
  while (k < ops.size()) {
    if (ops[k].kind == ' ') {
      ++k;
      continue;
    }
    // A hunk: from kContext kept lines before this change to kContext after the last change
    // that is closer than 2 * kContext lines to the previous one.
    const std::size_t start = k >= kContext ? k - kContext : 0;
    std::size_t end = k;
    for (std::size_t kept = 0; end < ops.size() && kept <= 2 * kContext; ++end) {
      kept = ops[end].kind == ' ' ? kept + 1 : 0;
    }
    while (end > k && ops[end - 1].kind == ' ') --end;
    end = std::min(ops.size(), end + kContext);
    std::size_t a_count = 0, b_count = 0;
    for (std::size_t x = start; x < end; ++x) {
      if (ops[x].kind != '+') ++a_count;
      if (ops[x].kind != '-') ++b_count;
    }
    out << "@@ -" << ops[start].a + (a_count ? 1 : 0) << "," << a_count << " +" << ops[start].b + (b_count ? 1 : 0)
        << "," << b_count << " @@\n";
    for (std::size_t x = start; x < end; ++x) {
      out << ops[x].kind << (ops[x].kind == '+' ? b[ops[x].b] : a[ops[x].a]) << "\n";
    }
    k = end;
  }
  return out.str();
}

}  // namespace qrs_migrate
