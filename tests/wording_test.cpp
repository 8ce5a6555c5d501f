// Every expectation in tests/expected/wording.tsv: the words a variant's sheet prints where its
// own figure words a text differently from its parent, copied from the source documents (not
// from the specs) and compared with what the compiled sheet prints (the effect as `qrsc lookup`
// and `qrsc show` give it, list lines as the printed sheet composes them).
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "qrsc/model/words.hpp"
#include "test_support.hpp"

namespace {

struct Wording {
  int line = 0;
  std::string spec, path, text;
};

std::vector<Wording> load() {
  std::vector<Wording> out;
  std::ifstream in(qrs_test::source_dir() / "tests" / "expected" / "wording.tsv");
  EXPECT_TRUE(in) << "missing tests/expected/wording.tsv";
  std::string s;
  int n = 0;
  while (std::getline(in, s)) {
    ++n;
    if (!s.empty() && s.back() == '\r') s.pop_back();
    if (s.empty() || s[0] == '#') continue;
    const auto t1 = s.find('\t');
    const auto t2 = t1 == std::string::npos ? t1 : s.find('\t', t1 + 1);
    if (t2 == std::string::npos) {
      ADD_FAILURE() << "wording.tsv:" << n << ": expected SPEC<TAB>PATH<TAB>TEXT";
      continue;
    }
    out.push_back({n, s.substr(0, t1), s.substr(t1 + 1, t2 - t1 - 1), s.substr(t2 + 1)});
  }
  return out;
}

std::vector<std::string> split(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const auto slash = path.find('/', start);
    parts.push_back(path.substr(start, slash == std::string::npos ? std::string::npos : slash - start));
    if (slash == std::string::npos) return parts;
    start = slash + 1;
  }
}

// An item as the sheet prints it: "text; condition".
std::string item_line(const qrsc::ListItem& i) {
  const std::string text = i.text.render();
  return i.condition.empty() ? text : text + "; " + i.condition.render();
}

void item_lines(const std::vector<qrsc::ListItem>& items, std::set<std::string>& out) {
  for (const auto& i : items) {
    out.insert(item_line(i));
    item_lines(i.items, out);
  }
}

// What the sheet prints at PATH (see the format in wording.tsv); nullopt when PATH names nothing.
// A list section gives every line it prints, so the expected line must be one of them.
std::optional<std::set<std::string>> printed(const qrsc::Spec& spec, const std::string& path) {
  std::string where = path, field;
  if (const auto hash = path.find('#'); hash != std::string::npos) {
    where = path.substr(0, hash);
    field = path.substr(hash + 1);
  }
  const auto p = split(where);
  const qrsc::Table* t = spec.table(p[0]);
  if (!t) return std::nullopt;
  if (p.size() == 1) {
    if (field.empty()) return std::set<std::string>{t->title};
    if (field == "caption") return std::set<std::string>{t->caption};
    return std::nullopt;
  }
  if (const auto* b = std::get_if<qrsc::BandTable>(&t->body)) {
    for (const auto& r : b->rows) {
      if (r.id != p[1]) continue;
      if (p.size() == 2) return std::set<std::string>{field == "title" ? r.title : r.effect()};
      for (const auto& part : r.parts) {
        if (part.id == p[2]) return std::set<std::string>{part.text.render()};
      }
    }
    return std::nullopt;
  }
  if (const auto* m = std::get_if<qrsc::ModifierTable>(&t->body)) {
    for (const auto& i : m->items) {
      if (i.id == p[1] && p.size() == 2) return std::set<std::string>{i.text.render()};
    }
    return std::nullopt;
  }
  if (const auto* f = std::get_if<qrsc::FactsTable>(&t->body)) {
    for (const auto& i : f->items) {
      if (i.id == p[1] && p.size() == 2) return std::set<std::string>{i.text.render()};
    }
    return std::nullopt;
  }
  if (const auto* m = std::get_if<qrsc::Matrix>(&t->body)) {
    for (const auto& r : m->rows) {
      if (r.id != p[1]) continue;
      if (p.size() == 2) return std::set<std::string>{r.name};
      for (std::size_t c = 0; c < m->columns.size(); ++c) {
        if (m->columns[c].id == p[2]) return std::set<std::string>{r.cells[c].notation};
      }
    }
    return std::nullopt;
  }
  if (const auto* l = std::get_if<qrsc::ListTable>(&t->body)) {
    for (const auto& s : l->sections) {
      if (s.id != p[1] || p.size() != 2) continue;
      std::set<std::string> lines;
      item_lines(s.items, lines);
      if (!s.items.empty()) {  // a one-item section printed inline: "Title. text"
        const std::string first = s.items.front().text.render();
        lines.insert(qrsc::title_before(s.title, first) + " " + first);
      }
      return lines;
    }
  }
  return std::nullopt;
}

TEST(VariantWording, EachSheetPrintsItsOwnFiguresWords) {
  const auto lines = load();
  ASSERT_FALSE(lines.empty());
  for (const auto& w : lines) {
    SCOPED_TRACE("wording.tsv:" + std::to_string(w.line));
    const auto got = printed(qrs_test::spec(w.spec), w.path);
    ASSERT_TRUE(got) << w.spec << ": no " << w.path;
    if (got->size() == 1) {
      EXPECT_EQ(*got->begin(), w.text) << w.spec << " " << w.path;
    } else {
      std::string all;
      for (const auto& g : *got) all += "\n  " + g;
      EXPECT_TRUE(got->count(w.text)) << w.spec << " " << w.path << " prints no line\n  " << w.text << "\nbut:" << all;
    }
  }
}

}  // namespace
