#include "test_support.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "qrsc/frontend/frontend.hpp"
#include "qrsc/frontend/spec_search_path.hpp"

namespace qrs_test {

namespace fs = std::filesystem;

fs::path source_dir() { return QRS_SOURCE_DIR; }

fs::path rules_dir() { return fs::canonical(source_dir() / "rules"); }

std::vector<fs::path> rules_spec_files() {
  std::vector<fs::path> files = qrsc::spec_files_under(rules_dir(), 10'000);
  std::sort(files.begin(), files.end());
  return files;
}

const qrsc::Spec& spec(const std::string& name) { return spec_file(source_dir() / "rules" / (name + ".yaml")); }

const qrsc::Spec& spec_file(const fs::path& file) {
  static std::map<fs::path, qrsc::Spec> cache;
  if (auto it = cache.find(file); it != cache.end()) return it->second;
  qrsc::Diagnostics diags;
  auto s = qrsc::compile_spec(file, diags);
  std::ostringstream out;
  diags.print(out);
  if (!s) {
    ADD_FAILURE() << "spec " << file.string() << " did not compile:\n" << out.str();
    static qrsc::Spec empty;
    return empty;
  }
  return cache.emplace(file, std::move(*s)).first->second;
}

ExpectationFile load_expectations(const std::string& file_name) {
  ExpectationFile f;
  std::ifstream in(source_dir() / "tests" / "expected" / file_name);
  EXPECT_TRUE(in) << "missing tests/expected/" << file_name;
  std::string text;
  int n = 0;
  while (std::getline(in, text)) {
    ++n;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.rfind("# spec:", 0) == 0) {
      f.spec = text.substr(7);
      f.spec.erase(0, f.spec.find_first_not_of(' '));
      continue;
    }
    if (text.empty() || text[0] == '#') continue;
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (true) {
      const std::size_t tab = text.find('\t', start);
      fields.push_back(text.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    if (fields.size() < 4) {
      ADD_FAILURE() << file_name << ":" << n << ": expected TABLE<TAB>KEY<TAB>COLUMN<TAB>EXPECTED...";
      continue;
    }
    f.lines.push_back({file_name, n, fields[0], fields[1], fields[2], {fields.begin() + 3, fields.end()}});
  }
  return f;
}

std::int64_t for_each_roll(const qrsc::DiceRoll& d, const std::function<void(int)>& f) {
  const int dice = d.pool.empty() ? (d.difference ? 2 : 1) * d.count : 1;
  std::vector<int> faces(static_cast<std::size_t>(dice), 1);
  std::int64_t total = 0;
  while (true) {
    int key = 0;
    for (std::size_t i = 0; i < faces.size(); ++i)
      key += d.difference && i >= static_cast<std::size_t>(d.count) ? -faces[i] : faces[i];
    f(key);
    ++total;
    std::size_t i = 0;
    while (i < faces.size() && faces[i] == d.sides) faces[i++] = 1;
    if (i == faces.size()) return total;
    ++faces[i];
  }
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const char* const kTwoVocabulariesWithATermOfOneId = R"(qrs: 1
system: t
title: Rally
vocabularies:
  - id: rating
    title: Rating
    terms:
      - { id: crack, name: Crack }
      - { id: green, name: Green }
  - id: morale
    title: Morale
    terms:
      - { id: steady, name: Steady }
      - { id: green, name: Shaken }
tables:
  - id: factors
    kind: matrix
    title: Factors
    cell: integer
    columns:
      - { id: vs_steady, name: Against steady, against: [steady] }
      - { id: vs_shaken, name: Against shaken, against: [green] }
    rows:
      - { id: steady, cells: { vs_steady: "0", vs_shaken: "2" } }
      - { id: green, cells: { vs_steady: "-1", vs_shaken: "0" } }
  - id: nerve
    kind: modifiers
    title: Nerve
    items:
      - { id: officer, value: +1, text: Officer present, except: [green] }
      - { id: drummer, value: +1, text: Drummer, only: [green] }
  - id: rally
    kind: bands
    title: Rally
    key: { name: Margin, min: 0, dice: { attacker: { roll: d6, modifiers: [nerve], type_modifiers: factors }, defender: { roll: d6, modifiers: [nerve], type_modifiers: factors }, result: margin, column: loser } }
    columns: morale
    rows:
      - { id: routed, title: Routed, bands: { steady: 4 or more, green: 2 or more } }
      - { id: held, title: Held, bands: { steady: 0 - 3, green: 0 - 1 } }
  - id: fire
    kind: bands
    title: Fire
    key: { type: integer }
    columns: rating
    rows:
      - { id: hit, title: Hit, bands: { crack: 5 or more, green: 7 or more } }
      - { id: miss, title: Miss, bands: { crack: 4 or less, green: 6 or less } }
)";

fs::path write_temp_spec(const std::string& name, const std::string& text) {
  static int counter = 0;
  // One folder per process and call: ctest runs tests in parallel processes.
  const fs::path dir =
      fs::temp_directory_path() / ("qrs_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  fs::remove_all(dir);
  fs::create_directories(dir / "rules" / "t");
  const fs::path p = dir / "rules" / "t" / name;
  std::ofstream(p) << text;
  return p;
}

}  // namespace qrs_test
