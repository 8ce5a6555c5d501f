// The printable sheets, checked in a real browser. For every non-abstract spec under rules/
// and both paper sizes, one Chromium run prints the sheet; poppler then tells us the page
// count and size, where every word landed (nothing outside the printable area), and the text,
// which must hold every effect title, modifier, matrix cell, list item and fact of the model.
// The expected strings come from walking the model, not from a hand-written list.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <sstream>

#include "qrsc/backends/common/template_store.hpp"
#include "qrsc/backends/html/emit_html.hpp"
#include "qrsc/backends/pdf/pdf.hpp"
#include "qrsc/base/process.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;
using qrsc::Paper;

constexpr const char* kNoChromium = "chromium is not installed (Debian package chromium); browser checks skipped";

bool have_chromium() { return ::access(qrsc::default_chromium().c_str(), X_OK) == 0; }

// The sheets are laid out for Liberation Sans Narrow (or Arial Narrow, its metric twin); a
// wider fallback font makes every table taller and the pages overflow.
bool have_sheet_font() {
  const char* home = std::getenv("HOME");
  for (const fs::path& dir :
       {fs::path("/usr/share/fonts"), fs::path("/usr/local/share/fonts"),
        fs::path(home ? home : "/") / ".local/share/fonts", fs::path(home ? home : "/") / ".fonts"}) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      std::string name = it->path().filename().string();
      std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
      if (name.rfind("liberationsansnarrow", 0) == 0 || name.rfind("arialn", 0) == 0) return true;
    }
  }
  return false;
}

// Text as compared: lower case (headings are printed in capitals), no whitespace (lines wrap
// anywhere), and the sheet's typography mapped back to the spec's notation.
std::string normalise(const std::string& text) {
  static const std::vector<std::pair<std::string, std::string>> kSigns = {
      {"\u00bd", "1/2"}, {"\u00bc", "1/4"}, {"\u00be", "3/4"}, {"\u2153", "1/3"}, {"\u2154", "2/3"},
      {"\u2212", "-"},   {"\u2013", "-"},   {"\u00d7", "x"},   {"\u00ad", ""},    {"\ufb01", "fi"},
      {"\ufb02", "fl"},  {"\u2019", "'"},   {"\u201c", "\""},  {"\u201d", "\""}};
  std::string s = text;
  for (const auto& [from, to] : kSigns) {
    for (std::size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size())
      s.replace(pos, from.size(), to);
  }
  std::string out;
  for (const unsigned char c : s) {
    if (!std::isspace(c)) out += static_cast<char>(std::tolower(c));
  }
  return out;
}

struct Expected {
  std::string what, text;
};

// Everything of the model the printed sheet must show, each with where it comes from.
std::vector<Expected> expected_texts(const qrsc::Spec& spec) {
  std::vector<Expected> out;
  const auto add = [&](const std::string& what, const std::string& text) {
    if (!text.empty()) out.push_back({what, text});
  };
  add("title", spec.title);
  add("subtitle", spec.subtitle);
  add("version", spec.publisher.version);
  add("scale", spec.figures);
  for (const auto& t : spec.tables) {
    if (t.appendix) continue;  // reference material: printed only with --appendix
    const std::string at = "table " + t.id;
    add(at + " title", t.title);
    add(at + " caption", t.caption);
    if (const auto* bt = std::get_if<qrsc::BandTable>(&t.body)) {
      for (const auto& c : bt->columns) add(at + " column", c.name);
      for (const auto& r : bt->rows) {
        const std::string row = at + " row " + r.id;
        add(row + " title", r.title);
        add(row + " label", r.label);
        for (const auto& p : r.paragraphs) add(row + " text", p.render());
        for (const auto& p : r.parts) {
          add(row + " part " + p.id, p.text.render());
          for (const auto& b : p.bands) add(row + " part " + p.id + " band", b.notation);
        }
        if (r.label.empty() && r.parts.empty()) {
          for (const auto& b : r.bands)
            add(row + " band", b.notation.empty() ? qrsc::format_band(b.band, bt->key_type) : b.notation);
        }
        if (r.number) add(row + " number", qrsc::format_signed(*r.number));
      }
    } else if (const auto* mt = std::get_if<qrsc::ModifierTable>(&t.body)) {
      for (const auto& m : mt->items) add(at + " modifier " + m.id, m.value_notation() + " " + m.text.render());
    } else if (const auto* m = std::get_if<qrsc::Matrix>(&t.body)) {
      for (const auto& c : m->columns) add(at + " column", c.name);
      for (const auto& g : m->column_groups) add(at + " column group", g.name);
      for (const auto& r : m->rows) {
        // The row as printed: its name, then its cells left to right (blank cells print nothing).
        std::string line = r.name;
        for (const auto& c : r.cells) line += c.present || c.unknown ? " " + c.notation : "";
        add(at + " row " + r.id, line);
        add(at + " row group", r.group);
      }
    } else if (const auto* lt = std::get_if<qrsc::ListTable>(&t.body)) {
      std::function<void(const std::vector<qrsc::ListItem>&)> items = [&](const std::vector<qrsc::ListItem>& list) {
        for (const auto& i : list) {
          add(at + " item", i.text.render() + (i.condition.empty() ? "" : "; " + i.condition.render()));
          items(i.items);
        }
      };
      for (const auto& s : lt->sections) {
        add(at + " section", s.title);
        items(s.items);
      }
    } else if (const auto* ft = std::get_if<qrsc::FactsTable>(&t.body)) {
      for (const auto& f : ft->items) add(at + " fact " + f.id, f.value + " " + f.text.render());
    }
  }
  return out;
}

// -------------------------------------------------------------- running poppler on a PDF

std::string run(const std::vector<std::string>& argv) {
  const auto r = qrsc::run_process(argv, std::chrono::seconds(60));
  if (!r) {
    ADD_FAILURE() << r.error().message;
    return {};
  }
  EXPECT_EQ(r->exit_code, 0) << argv[0] << " failed: " << r->err;
  return r->out;
}

struct PdfFacts {
  int pages = 0;
  double width = 0, height = 0;  // points
};

PdfFacts pdf_facts(const fs::path& pdf) {
  PdfFacts f;
  const std::string info = run({"pdfinfo", pdf.string()});
  std::smatch m;
  if (std::regex_search(info, m, std::regex(R"(Pages:\s+(\d+))"))) f.pages = std::stoi(m[1]);
  if (std::regex_search(info, m, std::regex(R"(Page size:\s+([\d.]+) x ([\d.]+) pts)"))) {
    f.width = std::stod(m[1]);
    f.height = std::stod(m[2]);
  }
  return f;
}

// Words printed outside the printable area (the page less its margins): text a box pushed
// off its page, which the reader of a printed sheet would never see.
std::vector<std::string> words_outside(const fs::path& pdf, double margin) {
  const std::string xml = run({"pdftotext", "-bbox", pdf.string(), "-"});
  static const std::regex page_re(R"re(<page width="([\d.]+)" height="([\d.]+)">)re");
  static const std::regex word_re(
      R"re(<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>)re");
  std::vector<std::string> out;
  double w = 0, h = 0;
  int page = 0;
  const double slack = 1.0;  // points: glyph boxes may poke out by a hair
  std::istringstream lines(xml);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, page_re)) {
      w = std::stod(m[1]);
      h = std::stod(m[2]);
      ++page;
    } else if (std::regex_search(line, m, word_re)) {
      const double x0 = std::stod(m[1]), y0 = std::stod(m[2]), x1 = std::stod(m[3]), y1 = std::stod(m[4]);
      if (x0 < margin - slack || y0 < margin - slack || x1 > w - margin + slack || y1 > h - margin + slack) {
        out.push_back("page " + std::to_string(page) + ": '" + m[5].str() + "'");
      }
    }
  }
  return out;
}

// -------------------------------------------------------------- measuring the printed page

struct Word {
  int page = 0;
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  std::string text;
};
struct PageBox {
  double width = 0, height = 0;
};

std::vector<Word> words_of(const fs::path& pdf, std::vector<PageBox>& pages) {
  const std::string xml = run({"pdftotext", "-bbox", pdf.string(), "-"});
  static const std::regex page_re(R"re(<page width="([\d.]+)" height="([\d.]+)">)re");
  static const std::regex word_re(
      R"re(<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>)re");
  std::vector<Word> out;
  std::istringstream lines(xml);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, page_re)) {
      pages.push_back({std::stod(m[1]), std::stod(m[2])});
    } else if (std::regex_search(line, m, word_re)) {
      out.push_back(
          {static_cast<int>(pages.size()), std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4]), m[5]});
    }
  }
  return out;
}

// The relative column widths of each page of the sheet ("grid-template-columns: 34fr 38fr
// 28fr"), or none for a page that flows.
std::vector<std::vector<double>> page_grids(const std::string& html) {
  std::vector<std::vector<double>> out;
  static const std::regex page_re(R"re(<section class="page")re");
  static const std::regex grid_re(R"re(grid-template-columns:([^"]*)")re");
  static const std::regex fr_re(R"(([\d.]+)fr)");
  std::vector<std::size_t> starts;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), page_re); it != std::sregex_iterator(); ++it) {
    starts.push_back(static_cast<std::size_t>(it->position()));
  }
  starts.push_back(html.size());
  for (std::size_t i = 0; i + 1 < starts.size(); ++i) {
    const std::string page = html.substr(starts[i], starts[i + 1] - starts[i]);
    std::vector<double> widths;
    std::smatch m;
    if (std::regex_search(page, m, grid_re)) {
      const std::string cols = m[1];
      for (auto it = std::sregex_iterator(cols.begin(), cols.end(), fr_re); it != std::sregex_iterator(); ++it) {
        widths.push_back(std::stod((*it)[1]));
      }
    }
    out.push_back(widths);
  }
  return out;
}

// How much of each column of each page is empty below its last line, as a share of the
// space between the sheet's title and its footer. A publisher balances the columns: the
// published sheets leave no column much emptier than the others.
void check_balance(const std::vector<Word>& words, const std::vector<PageBox>& pages, const std::string& html,
                   double margin) {
  const auto grids = page_grids(html);
  constexpr double kGap = 7;          // the .cols column gap, points
  constexpr double kMaxEmpty = 0.16;  // "about 15%"
  for (std::size_t p = 0; p < pages.size() && p < grids.size(); ++p) {
    const auto& grid = grids[p];
    if (grid.size() < 2) continue;
    const int page = static_cast<int>(p) + 1;
    double top = pages[p].height, foot = pages[p].height;
    for (const auto& w : words) {
      if (w.page != page) continue;
      top = std::min(top, w.y1);
      if (w.text == "Page" && w.y0 > pages[p].height / 2) foot = std::min(foot, w.y0);
    }
    top += 6;    // below the title line
    foot -= 12;  // above the footer (and a change-mark legend)
    double total = 0;
    for (const double fr : grid) total += fr;
    const double avail = pages[p].width - 2 * margin - kGap * static_cast<double>(grid.size() - 1);
    double x0 = margin;
    for (std::size_t c = 0; c < grid.size(); ++c) {
      const double x1 = x0 + avail * grid[c] / total;
      double bottom = top;
      for (const auto& w : words) {
        if (w.page == page && w.x0 >= x0 - 1 && w.x1 <= x1 + kGap / 2 && w.y0 > top && w.y1 < foot)
          bottom = std::max(bottom, w.y1);
      }
      const double empty = (foot - bottom) / (foot - top);
      EXPECT_LE(empty, kMaxEmpty) << "page " << page << " column " << c + 1 << " is " << static_cast<int>(empty * 100)
                                  << "% empty";
      x0 = x1 + kGap;
    }
  }
}

// Row labels of a matrix print on one line (the published sheets' "Field Column or Extended
// Line"), unless longer than any the published sheets print on one line.
void check_labels_unwrapped(const std::vector<Word>& words, const qrsc::Spec& spec) {
  constexpr std::size_t kLongest = 34;  // characters; "Field Gun: Heavy Carriage or Ox-drawn Light Carriage" wraps
  for (const auto& t : spec.tables) {
    const auto* m = std::get_if<qrsc::Matrix>(&t.body);
    if (!m || m->cell == qrsc::CellType::text) continue;
    for (const auto& r : m->rows) {
      if (r.name.size() > kLongest) continue;
      std::vector<std::string> parts;
      std::istringstream in(r.name);
      for (std::string w; in >> w;) parts.push_back(w);
      if (parts.size() < 2) continue;
      bool found = false, one_line = false;
      for (std::size_t i = 0; i + parts.size() <= words.size() && !one_line; ++i) {
        bool match = true;
        for (std::size_t k = 0; k < parts.size() && match; ++k) match = words[i + k].text == parts[k];
        if (!match) continue;
        found = true;
        one_line = std::abs(words[i].y0 - words[i + parts.size() - 1].y0) < 1.0;
      }
      if (found) {
        EXPECT_TRUE(one_line) << t.id << ": row label wraps: " << r.name;
      }
    }
  }
}

fs::path temp_dir() {
  std::string tmpl = (fs::temp_directory_path() / "qrs_sheet_test_XXXXXX").string();
  EXPECT_NE(::mkdtemp(tmpl.data()), nullptr);
  return tmpl;
}

// Prints a spec on one paper size and checks the PDF; returns its text for further checks.
std::string print_and_check(const qrsc::Spec& spec, Paper paper) {
  const std::string html = qrsc::emit_html_sheet(spec, paper);
  const auto printed = qrsc::print_pdf(html, qrsc::default_chromium());
  if (!printed) {
    ADD_FAILURE() << printed.error().message;
    return "";
  }
  // The browser that printed it measured it: nothing left that does not fit.
  for (const auto& f : printed->findings) {
    EXPECT_TRUE(f.fixed) << "page " << f.page << ", table " << f.table << ": " << f.what;
  }
  const fs::path dir = temp_dir();
  const fs::path pdf = dir / "sheet.pdf";
  std::ofstream(pdf, std::ios::binary) << printed->pdf;

  const PdfFacts facts = pdf_facts(pdf);
  const bool a4 = paper == Paper::a4;
  EXPECT_NEAR(facts.width, a4 ? 841.89 : 792.0, 1.0) << "landscape width";
  EXPECT_NEAR(facts.height, a4 ? 595.28 : 612.0, 1.0) << "landscape height";
  // A page whose content does not fit grows past the paper and spills onto an extra page, so
  // the page count and each page's own footer show overflow.
  const std::optional<int> intended = qrsc::html_sheet_page_count(spec);
  if (intended) {
    EXPECT_EQ(facts.pages, *intended) << "a page overflowed, or a page is missing";
    for (int p = 1; p <= facts.pages; ++p) {
      const std::string text = run({"pdftotext", "-f", std::to_string(p), "-l", std::to_string(p), pdf.string(), "-"});
      EXPECT_NE(normalise(text).find(normalise("Page " + std::to_string(p) + " of " + std::to_string(*intended))),
                std::string::npos)
          << "printed page " << p << " is not the sheet's page " << p;
    }
  } else {
    EXPECT_GE(facts.pages, 1);
  }
  const double margin = 0.3 * 72;
  for (const auto& w : words_outside(pdf, margin)) ADD_FAILURE() << "printed outside the printable area: " << w;
  if (spec.system == "rff") {
    // As published: two pages, the columns balanced, row labels on one line.
    EXPECT_EQ(facts.pages, 2) << "the published RFF sheets are two pages";
    std::vector<PageBox> boxes;
    const std::vector<Word> words = words_of(pdf, boxes);
    check_balance(words, boxes, html, margin);
    check_labels_unwrapped(words, spec);
    // With change marks (the Version 3 sheets' numbered errata) the sheet is still two pages.
    const qrsc::SheetOptions marked{paper, false, true};
    const std::string marked_html = qrsc::emit_html_sheet(spec, marked);
    if (marked_html.find("class=\"mark\"") != std::string::npos) {
      const auto m = qrsc::print_pdf(marked_html, qrsc::default_chromium());
      if (m) {
        const fs::path marked_pdf = dir / "marked.pdf";
        std::ofstream(marked_pdf, std::ios::binary) << m->pdf;
        EXPECT_EQ(pdf_facts(marked_pdf).pages, 2) << "with change marks";
      } else {
        ADD_FAILURE() << m.error().message;
      }
    }
  }

  std::string text = run({"pdftotext", "-raw", pdf.string(), "-"});
  std::error_code ec;
  fs::remove_all(dir, ec);
  return text;
}

// -------------------------------------------------------------- one test per spec and paper

struct SheetCase {
  std::string name;  // rff/acw-2.1-15mm
  Paper paper;
};

std::vector<SheetCase> sheet_cases() {
  std::vector<std::string> names;
  const fs::path rules = qrs_test::rules_dir();
  for (const fs::path& file : qrs_test::rules_spec_files()) {
    qrsc::Diagnostics diags;
    const auto spec = qrsc::compile_spec(file, diags);
    if (spec && spec->abstract) continue;  // no sheet of its own; a broken spec still gets a (failing) test
    names.push_back(fs::relative(file, rules).replace_extension().string());
  }
  std::sort(names.begin(), names.end());
  std::vector<SheetCase> out;
  for (const auto& n : names) {
    for (const Paper p : {Paper::letter, Paper::a4}) out.push_back({n, p});
  }
  return out;
}

void PrintTo(const SheetCase& c, std::ostream* os) {
  *os << c.name << (c.paper == Paper::a4 ? " on A4" : " on Letter");
}

std::string case_name(const testing::TestParamInfo<SheetCase>& info) {
  std::string out;
  for (const char c : info.param.name) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out + (info.param.paper == Paper::a4 ? "_a4" : "_letter");
}

class PrintedSheet : public testing::TestWithParam<SheetCase> {};

TEST(SheetFont, IsInstalled) {
  if (!have_chromium()) GTEST_SKIP() << kNoChromium;
  EXPECT_TRUE(have_sheet_font()) << "the sheets are laid out for Liberation Sans Narrow: install the Debian package "
                                    "fonts-liberation, or every sheet overflows its pages";
}

TEST_P(PrintedSheet, FitsItsPagesAndShowsTheWholeModel) {
  if (!have_chromium()) GTEST_SKIP() << kNoChromium;
  const qrsc::Spec& spec = qrs_test::spec(GetParam().name);
  ASSERT_FALSE(spec.tables.empty()) << "spec did not compile";
  const std::string text = normalise(print_and_check(spec, GetParam().paper));
  ASSERT_FALSE(text.empty());
  for (const auto& e : expected_texts(spec)) {
    EXPECT_NE(text.find(normalise(e.text)), std::string::npos) << e.what << " is not on the printed sheet: " << e.text;
  }
}

INSTANTIATE_TEST_SUITE_P(Rules, PrintedSheet, testing::ValuesIn(sheet_cases()), case_name);

// -------------------------------------------------------------- without a browser

// Every table of every spec is placed on the sheet exactly once, whatever the layout names;
// reference tables (print: appendix) only when the appendix is asked for.
TEST(SheetHtml, EveryTableOnceAndTheIndexListsEverySheet) {
  std::vector<qrsc::Spec> specs;
  for (const auto& c : sheet_cases()) {
    if (c.paper != Paper::letter) continue;
    specs.push_back(qrs_test::spec(c.name));
    const qrsc::Spec& spec = specs.back();
    const std::string html = qrsc::emit_html_sheet(spec, Paper::letter);
    const std::string with_appendix = qrsc::emit_html_sheet(spec, qrsc::SheetOptions{Paper::letter, true, false});
    for (const auto& t : spec.tables) {
      const std::string anchor = "id=\"t-" + t.id + "\"";
      const std::string& sheet = t.appendix ? with_appendix : html;
      const auto first = sheet.find(anchor);
      EXPECT_NE(first, std::string::npos) << c.name << ": table " << t.id << " is not on the sheet";
      EXPECT_EQ(sheet.find(anchor, first + 1), std::string::npos) << c.name << ": table " << t.id << " is on it twice";
      if (t.appendix) {
        EXPECT_EQ(html.find(anchor), std::string::npos) << c.name << ": reference table " << t.id << " printed";
      }
    }
    EXPECT_NE(html.find("@page { size: letter landscape"), std::string::npos);
    EXPECT_NE(qrsc::emit_html_sheet(spec, Paper::a4).find("@page { size: A4 landscape"), std::string::npos);
    // One script, the layout's (it fits the page in the reader's browser as in qrsc's PDF).
    const std::string fit = "<script>\n" + std::string(qrsc::load_template("html/measure.js"));
    const auto script = html.find("<script");
    EXPECT_EQ(html.find(fit), script) << "the sheet's script is templates/html/measure.js";
    EXPECT_EQ(html.find("<script", script + 1), std::string::npos) << "one script";
    EXPECT_EQ(html.find("http://"), std::string::npos) << "sheets load nothing from the network";
    EXPECT_EQ(html.find("https://"), std::string::npos) << "sheets load nothing from the network";
  }
  const std::string index = qrsc::emit_html_index(specs);
  for (const auto& s : specs) {
    EXPECT_NE(index.find("href=\"" + qrsc::html_sheet_path(s) + "\""), std::string::npos) << s.id;
    EXPECT_NE(index.find(s.figures), std::string::npos) << s.id;
  }
}

// The MAW and 1812 Version 3 sheets mark what each numbered change covers, as the published
// Version 3 sheets do, with a legend naming the change list; without the option, no marks.
TEST(SheetHtml, ChangeMarksFollowTheErrata) {
  const qrsc::Spec& maw = qrs_test::spec("rff/maw-3-15mm");
  const std::string plain = qrsc::emit_html_sheet(maw, Paper::letter);
  const std::string marked = qrsc::emit_html_sheet(maw, qrsc::SheetOptions{Paper::letter, false, true});
  EXPECT_EQ(plain.find("class=\"mark\""), std::string::npos);
  // 002 change 23: the Rally maneuver added to the guns' Well Handled list, marked beside the
  // item as Figure 2 prints it ("Rally (23)"); change 25 asserts words over several items, so it
  // is marked beside the section's title.
  EXPECT_NE(marked.find("Rally <span class=\"mark\">(23)</span>"), std::string::npos);
  EXPECT_NE(marked.find("Well Handled <span class=\"mark\">(25)</span>"), std::string::npos);
  // 002 change 12: siege guns on the movement chart.
  EXPECT_NE(marked.find("Siege Gun: Heavy Carriage <span class=\"mark\">(12)</span>"), std::string::npos);
  EXPECT_NE(marked.find("class=\"legend\""), std::string::npos);
  EXPECT_NE(marked.find("change n in the list of changes of"), std::string::npos);
  const qrsc::Spec& v3 = qrs_test::spec("rff/1812-3-15mm");
  EXPECT_NE(qrsc::emit_html_sheet(v3, qrsc::SheetOptions{Paper::a4, false, true}).find("class=\"mark\""),
            std::string::npos);
}

// Headings the published sheets print: TARGET over the fire-effect ratings, a heading over
// the unit effectiveness stands; the footer's imprint, not the spec's path.
TEST(SheetHtml, PublishedHeadingsAndImprint) {
  const qrsc::Spec& acw = qrs_test::spec("rff/acw-2.1-15mm");
  const std::string html = qrsc::emit_html_sheet(acw, qrsc::SheetOptions{Paper::letter, true, false});
  EXPECT_NE(html.find(">Target</th>"), std::string::npos);
  EXPECT_NE(html.find("<th class=\"row-heading\">Stands</th>"), std::string::npos);
  // The footer states each fact once: the subtitle already gives the version and the scale
  // ("Quick Reference Sheet Ver. 2.1 for 15mm"), so neither is repeated after it.
  EXPECT_EQ(html.find("<span>Version 2.1</span>"), std::string::npos);
  EXPECT_EQ(html.find("<span>Scale: 15mm</span>"), std::string::npos);
  EXPECT_NE(html.find("<span>Regimental Fire and Fury: Quick Reference Sheet Ver. 2.1 for 15mm</span>"),
            std::string::npos);
  // A value the sources do not give cites the document by its title, not its file name.
  EXPECT_NE(html.find("not given in the source: RFF QRS Version 2.1 for the American Civil War"), std::string::npos);
  EXPECT_EQ(html.find("003_a6f04452eb944eb1.txt"), std::string::npos);
  const std::string battlecry = qrsc::emit_html_sheet(qrs_test::spec("battlecry/1812"), Paper::letter);
  EXPECT_NE(battlecry.find("<span>Scale: 1 figure = 10-20 men (depending on the scenario)</span>"), std::string::npos);
  EXPECT_EQ(html.find("Compiled from"), std::string::npos);
}

// Battlecry's shooting dice print their pool odds (key.dice.pool_odds: 6): under the table, the
// chance that k or more of n dice show a symbol, n = 1..6. Expected values from 004's faces
// ("1-2 or Infantryman", "3 or Swords", ...: two faces of six, and one) by the binomial formula
// in floating point, not by the runtime's exact counts; whole percents, "<1" (escaped) for what rounds to 0.
TEST(SheetHtml, PoolOddsUnderTheShootingDice) {
  const std::string html = qrsc::emit_html_sheet(qrs_test::spec("battlecry/1812"), Paper::letter);
  const auto table = html.find("<table class=\"pool-odds\">");
  ASSERT_NE(table, std::string::npos);
  ASSERT_GT(table, html.find("id=\"t-shooting_dice\""));
  const std::string odds = html.substr(table, html.find("</table>", table) - table);
  EXPECT_NE(odds.find(">Infantryman</th>"), std::string::npos) << odds;
  EXPECT_NE(odds.find(">Swords, Flag, Horseman, Cannon (each)</th>"), std::string::npos) << odds;
  const auto at_least = [](int n, int k, double p) {
    double sum = 0;
    for (int i = k; i <= n; ++i) {
      double ways = 1;
      for (int j = 0; j < i; ++j) ways = ways * (n - j) / (j + 1);
      sum += ways * std::pow(p, i) * std::pow(1 - p, n - i);
    }
    const double percent = 100 * sum;
    return percent < 0.5 ? std::string("&lt;1") : std::to_string(static_cast<int>(std::lround(percent)));
  };
  std::regex row_re("<tr><td class=\"value\">(\\d+)</td>((?:<td>[^<]*</td>)+)</tr>");
  std::regex cell_re("<td>([^<]*)</td>");
  int rows = 0;
  for (auto it = std::sregex_iterator(odds.begin(), odds.end(), row_re); it != std::sregex_iterator(); ++it) {
    const int n = std::stoi((*it)[1]);
    const std::string cells_html = (*it)[2];
    std::vector<std::string> cells;
    for (auto c = std::sregex_iterator(cells_html.begin(), cells_html.end(), cell_re); c != std::sregex_iterator();
         ++c) {
      cells.push_back((*c)[1]);
    }
    ASSERT_EQ(cells.size(), 12U) << "dice " << n;
    for (int k = 1; k <= 6; ++k) {
      const auto i = static_cast<std::size_t>(k - 1);
      EXPECT_EQ(cells[i], k <= n ? at_least(n, k, 2.0 / 6) : "") << "Infantryman, " << k << "+ of " << n;
      EXPECT_EQ(cells[6 + i], k <= n ? at_least(n, k, 1.0 / 6) : "") << "one face, " << k << "+ of " << n;
    }
    ++rows;
  }
  EXPECT_EQ(rows, 6);
  // Only a spec that asks for it prints pool odds.
  EXPECT_EQ(qrsc::emit_html_sheet(qrs_test::spec("rff/acw-2.1-15mm"), Paper::letter).find("pool-odds\">"),
            std::string::npos);
}

// The rules of the modifiers are printed: the members of a non-cumulative group carry its key,
// and a note under the list names the group and says only the largest counts (003 change 2:
// provisional command and out of command are not cumulative).
TEST(SheetHtml, NonCumulativeGroupsArePrinted) {
  const std::string html = qrsc::emit_html_sheet(qrs_test::spec("rff/acw-2.1-15mm"), Paper::letter);
  const auto table = html.find("id=\"t-maneuver_modifiers\"");
  ASSERT_NE(table, std::string::npos);
  const std::string mods = html.substr(table, html.find("</div>\n</div>", table) - table);
  for (const char* member : {"Provisional command", "Out of command"}) {
    EXPECT_NE(mods.find(std::string(member) + " <span class=\"group-key\">b</span>"), std::string::npos) << member;
  }
  EXPECT_NE(mods.find("Not cumulative, only the largest of a group counts:"), std::string::npos);
  EXPECT_NE(mods.find("<span class=\"group-key\">b</span> Command"), std::string::npos);
  EXPECT_EQ(mods.find("Gallant leader <span class=\"group-key\">b</span>"), std::string::npos);
  // A unit has one rating (Green, Trained, Veteran, Crack): its group is exclusive, which the
  // sheet says in a note of its own, not as a group that is only not cumulative.
  const auto paragraph = [&mods](const std::string& start) {
    const auto at = mods.find(start);
    return at == std::string::npos ? std::string()
                                   : mods.substr(at, std::min(mods.find("</p>", at), mods.find(". ", at)) - at);
  };
  const std::string not_cumulative = paragraph("Not cumulative, only the largest of a group counts:");
  const std::string exclusive = paragraph("One of a group at most:");
  EXPECT_NE(exclusive.find("Unit rating"), std::string::npos) << exclusive;
  EXPECT_EQ(not_cumulative.find("rating"), std::string::npos) << not_cumulative;
  EXPECT_NE(mods.find("Veteran <span class=\"group-key\">"), std::string::npos);
}

// Legible when printed: no type smaller than 7pt, at the smallest base size a layout uses.
TEST(SheetHtml, NoTypeUnderSevenPoints) {
  const std::string css(qrsc::load_template("html/sheet.css"));
  static const std::regex size_re(R"(font-size:\s*([\d.]+)(pt|em))");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(css, m, std::regex(R"(:root, :host \{[^}]*font-size:\s*([\d.]+)pt)")));
  const double base = std::stod(m[1]);
  for (auto it = std::sregex_iterator(css.begin(), css.end(), size_re); it != std::sregex_iterator(); ++it) {
    const double size = std::stod((*it)[1]) * ((*it)[2] == "em" ? base : 1.0);
    EXPECT_GE(size, 7.0) << (*it)[0];
  }
  // The default layout and each system's (rules/<system>/<system>.layout.yaml).
  std::string layouts(qrsc::load_template("html/layouts.yaml"));
  for (const auto& system : fs::directory_iterator(qrs_test::source_dir() / "rules")) {
    const fs::path own = system.path() / (system.path().filename().string() + ".layout.yaml");
    if (!fs::exists(own)) continue;
    std::stringstream text;
    text << std::ifstream(own).rdbuf();
    layouts += text.str();
  }
  ASSERT_NE(layouts.find("font_size"), std::string::npos) << "no system's layout read";
  static const std::regex layout_re(R"(font_size:\s*([\d.]+)pt)");
  for (auto it = std::sregex_iterator(layouts.begin(), layouts.end(), layout_re); it != std::sregex_iterator(); ++it) {
    EXPECT_GE(std::stod((*it)[1]), base) << "a layout's base size below the sheet's: " << (*it)[0];
  }
}

// Spec text is text: markup characters and quotes in it are escaped, in the HTML and so on the
// printed page, where they appear as written.
TEST(SheetHtml, SpecTextIsEscaped) {
  const fs::path file = qrs_test::write_temp_spec("escape.yaml", R"(qrs: 1
system: t
title: 'Fire & "Fury" <b>bold</b>'
subtitle: It's <i>escaped</i>
edition: "1 < 2"
scale: { figures: 15mm }
tables:
  - id: roll
    kind: bands
    title: "<script>alert('x')</script> Roll"
    key: { name: Die result, type: integer }
    rows:
      - { id: hi, title: "Hits & <runs>", text: "Say \"hello\" & <wave>", band: 4 or more }
      - { id: lo, title: Misses, text: It's a 'miss', band: 3 or less }
  - id: mods
    kind: modifiers
    title: Modifiers
    items:
      - { id: a, value: +1, text: "a < b & c > d" }
)");
  qrsc::Diagnostics diags;
  const auto spec = qrsc::compile_spec(file, diags);
  ASSERT_TRUE(spec.has_value());
  const std::string html = qrsc::emit_html_sheet(*spec, Paper::letter);
  for (const char* raw :
       {"<b>bold</b>", "<script>alert", "<runs>", "<wave>", "<i>escaped</i>", "a < b", "\"Fury\"", "It's"}) {
    EXPECT_EQ(html.find(raw), std::string::npos) << "unescaped: " << raw;
  }
  for (const char* escaped : {"&lt;b&gt;bold&lt;/b&gt;", "&lt;script&gt;", "Hits &amp; &lt;runs&gt;",
                              "&quot;Fury&quot;", "a &lt; b &amp; c &gt; d", "1 &lt; 2"}) {
    EXPECT_NE(html.find(escaped), std::string::npos) << "missing: " << escaped;
  }
  if (!have_chromium()) GTEST_SKIP() << kNoChromium;
  const std::string text = normalise(print_and_check(*spec, Paper::a4));
  for (const char* shown : {"Fire & \"Fury\" <b>bold</b>", "<script>alert('x')</script> Roll", "Say \"hello\" & <wave>",
                            "+1 a < b & c > d", "It's <i>escaped</i>"}) {
    EXPECT_NE(text.find(normalise(shown)), std::string::npos) << "not printed as written: " << shown;
  }
}

}  // namespace

// A scaled sheet writes a converted distance one way in its tables and its text. Seed 001, the
// 25mm 1812 sheet, prints its converted ground scale as 1.5" ("1.5" ground: 25 yards", line
// 157): decimals, the rff layout's default. A house 25mm variant of the 15mm Version 3 sheet
// (1812-3-15mm, whose movement rates are not overridden) converts the square's broken-ground
// rate 3 to 4.5 (1.5 x 3) and the ground scale 1" to 1.5".
TEST(SheetHtml, ConvertedDistancesOneWayInTablesAndText) {
  const fs::path file = qrs_test::write_temp_spec("house-25mm.yaml", R"(qrs: 1
id: house-25mm
system: rff
extends: rff/1812-3-15mm
title: House 25mm
scale:
  figures: 25mm
  convert: { factor: 1.5, rounding: none }
)");
  qrsc::Diagnostics diags;
  const auto spec = qrsc::compile_spec(file, diags, qrsc::SpecSearchPath{{qrs_test::source_dir() / "rules"}, {}});
  ASSERT_TRUE(spec.has_value());
  const std::string html = qrsc::emit_html_sheet(*spec, Paper::letter);
  EXPECT_NE(html.find("1.5&quot;</b> ground"), std::string::npos) << "the ground scale as seed 001 prints it";
  EXPECT_NE(html.find(">4.5<"), std::string::npos) << "the square's broken-ground rate, decimal like the text";
  EXPECT_EQ(html.find("4 1/2"), std::string::npos) << "a converted rate written as a fraction beside 1.5\" text";
  const std::string published = qrsc::emit_html_sheet(qrs_test::spec("rff/1812-2.1-25mm"), Paper::letter);
  EXPECT_NE(published.find("1.5&quot;</b> ground"), std::string::npos);

  // The other choice (the sheet's own layout, a copy of its system's with `distances:
  // fraction`) writes both as fractions.
  std::stringstream text;
  text << std::ifstream(qrs_test::source_dir() / "rules" / "rff" / "rff.layout.yaml").rdbuf();
  const std::string decimal = "\ndistances: decimal";
  std::string changed = text.str();
  ASSERT_NE(changed.find(decimal), std::string::npos);
  changed.replace(changed.find(decimal), decimal.size(), "\ndistances: fraction");
  const fs::path own_layout = fs::path(file).replace_extension(".layout.yaml");
  std::ofstream(own_layout) << changed;
  const std::string fractions = qrsc::emit_html_sheet(*spec, Paper::letter);
  fs::remove(own_layout);
  EXPECT_NE(fractions.find(">4 1/2<"), std::string::npos);
  EXPECT_NE(fractions.find("1 1/2&quot;</b> ground"), std::string::npos);
  EXPECT_EQ(fractions.find(">4.5<"), std::string::npos);
  EXPECT_EQ(fractions.find("1.5&quot;</b> ground"), std::string::npos);
}
