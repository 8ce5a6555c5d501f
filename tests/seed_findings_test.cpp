// The seeds' own inconsistencies, and how well `qrsc diff` reproduces their change lists.
//  - Every disagreement a spec records (an erratum marked `disputed`) is reported by
//    `qrsc check` as a warning, and tests/expected/findings.txt pins the full list: a finding
//    that appears or disappears fails here.
//  - For each variant, the change list generated from the specs alone is compared with the
//    document's own numbered list: an item counts as reproduced when a generated change
//    falls in what the item covers.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "qrsc/analysis/checks.hpp"
#include "qrsc/analysis/diff.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> all_specs() { return qrs_test::rules_spec_files(); }

TEST(SeedFindings, EveryRecordedDisagreementIsReportedAndPinned) {
  std::set<std::pair<std::string, std::string>> reported;
  for (const auto& path : all_specs()) {
    qrsc::Diagnostics diags;
    const auto spec = qrsc::compile_spec(path, diags);
    ASSERT_TRUE(spec) << path;
    if (spec->tables.empty()) continue;  // a patch: checked where it is applied
    const auto baseline = qrsc::compile_baseline(path, diags);
    qrsc::check_spec(*spec, baseline, diags);
    static const std::regex re(R"(^erratum '([^']*)' of .*; resolved: )");
    for (const auto& d : diags.all()) {
      std::smatch m;
      if (d.severity == qrsc::Severity::warning && std::regex_search(d.message, m, re)) {
        reported.emplace(spec->path, m[1]);
      }
    }
  }
  std::set<std::pair<std::string, std::string>> pinned;
  std::ifstream in(qrs_test::source_dir() / "tests" / "expected" / "findings.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto tab1 = line.find('\t');
    const auto tab2 = line.find('\t', tab1 + 1);
    ASSERT_NE(tab1, std::string::npos) << line;
    pinned.emplace(line.substr(0, tab1), line.substr(tab1 + 1, tab2 - tab1 - 1));
  }
  for (const auto& p : reported)
    EXPECT_TRUE(pinned.count(p)) << "new finding, not in findings.txt: " << p.first << " " << p.second;
  for (const auto& p : pinned)
    EXPECT_TRUE(reported.count(p)) << "pinned finding no longer reported: " << p.first << " " << p.second;
  EXPECT_FALSE(pinned.empty());
}

struct Coverage {
  int numbered = 0;
  int reproduced = 0;
  std::string missing;
};

bool matches(const std::string& cover, const std::string& path) {
  const auto prefix = [](const std::string& a, const std::string& b) {
    return a == b || (b.size() > a.size() && b.compare(0, a.size(), a) == 0 && b[a.size()] == '/');
  };
  return prefix(cover, path) || prefix(path, cover);
}

// The variant's numbered errata against the changes qrsc diff finds from its parent.
Coverage coverage(const std::string& variant, const std::string& parent) {
  qrsc::Diagnostics diags;
  const auto o = qrsc::compile_spec(qrs_test::source_dir() / "rules" / (parent + ".yaml"), diags);
  const auto n = qrsc::compile_spec(qrs_test::source_dir() / "rules" / (variant + ".yaml"), diags);
  EXPECT_TRUE(o && n);
  Coverage c;
  if (!o || !n) return c;
  const auto changes = qrsc::diff_specs(*o, *n);
  static const std::regex numbered(R"(^\d+$)");
  for (const auto& e : n->errata) {
    if (!std::regex_match(e.id, numbered)) continue;
    ++c.numbered;
    const bool found = std::any_of(changes.begin(), changes.end(), [&](const qrsc::Change& ch) {
      const std::string path = ch.table.empty() ? "terms" : ch.path();
      return std::any_of(e.covers.begin(), e.covers.end(), [&](const std::string& cv) { return matches(cv, path); });
    });
    if (found) {
      ++c.reproduced;
    } else {
      c.missing += " " + e.id;
    }
  }
  std::cout << variant << ": qrsc diff from " << parent << " reproduces " << c.reproduced << " of " << c.numbered
            << " numbered changes; not reproduced:" << (c.missing.empty() ? " none" : c.missing) << "\n";
  return c;
}

TEST(ChangeLists, DiffReproducesTheBulkOfEachSeedsList) {
  for (const auto& [variant, parent] :
       {std::pair{"rff/1812-3-15mm", "rff/acw-2.1-15mm"}, std::pair{"rff/maw-3-15mm", "rff/acw-2.1-15mm"}}) {
    const Coverage c = coverage(variant, parent);
    EXPECT_GT(c.numbered, 40) << variant << ": its document's change list should be encoded as errata";
    EXPECT_GE(c.reproduced * 2, c.numbered) << variant << ": qrsc diff should reproduce the bulk of the list";
  }
}

}  // namespace
