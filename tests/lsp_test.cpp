// The language server's core (compiler/lsp/server.hpp) driven message by message on the real
// specs of rules/, as an editor drives it: diagnostics as the text changes, hover with the
// provenance of a converted value, definitions, completion of keys; and the hostile corpus
// replayed through didOpen/didChange.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <set>
#include <sstream>

#include "qrsc/base/limits.hpp"
#include "qrsc/format/spec_format.hpp"
#include "qrsc/lsp/server.hpp"
#include "qrsc/lsp/text_position.hpp"
#include "qrsc/lsp/transport.hpp"
#include "qrsc/lsp/yaml_outline.hpp"
#include "test_support.hpp"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

using qrs_test::read_text;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The 0-based index of the first line that starts with `prefix` after line `from`.
int line_starting(const std::vector<std::string>& lines, const std::string& prefix, int from = 0) {
  for (int i = from; i < static_cast<int>(lines.size()); ++i) {
    if (lines[static_cast<std::size_t>(i)].starts_with(prefix)) return i;
  }
  ADD_FAILURE() << "no line starts with '" << prefix << "'";
  return 0;
}

class LspTest : public ::testing::Test {
 protected:
  // The hostile corpus's parents (base.yaml, ...) are found through the search path, as
  // `qrsc -I tests/hostile` finds them; the specs of rules/ find theirs in their rules root.
  qrsc::lsp::Server server{qrsc::SpecSearchPath{{qrs_test::source_dir() / "tests/hostile"}, {}}};
  int next_id = 1;
  std::map<std::string, int> versions;

  static std::string uri(const std::string& rules_file) {
    return qrsc::lsp::uri_of_path(qrsc::lsp::canonical_file(qrs_test::source_dir() / "rules" / rules_file));
  }
  json request(const std::string& method, json params) {
    const auto out = server.handle({{"jsonrpc", "2.0"}, {"id", next_id++}, {"method", method}, {"params", params}});
    EXPECT_EQ(out.size(), 1u);
    return out.empty() ? json() : out.front().value("result", json());
  }
  // The diagnostics published for `u` after the notification.
  json notify(const std::string& method, const json& params, const std::string& u) {
    json found;
    for (const json& m : server.handle({{"jsonrpc", "2.0"}, {"method", method}, {"params", params}})) {
      if (m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == u)
        found = m["params"]["diagnostics"];
    }
    return found;
  }
  json open(const std::string& u, const std::string& text) {
    versions[u] = 1;
    return notify("textDocument/didOpen",
                  {{"textDocument", {{"uri", u}, {"languageId", "yaml"}, {"version", 1}, {"text", text}}}}, u);
  }
  json change(const std::string& u, const std::string& text) {
    return notify("textDocument/didChange",
                  {{"textDocument", {{"uri", u}, {"version", ++versions[u]}}}, {"contentChanges", {{{"text", text}}}}},
                  u);
  }
  json at(const std::string& method, const std::string& u, int line, int character) {
    return request(method, {{"textDocument", {{"uri", u}}}, {"position", {{"line", line}, {"character", character}}}});
  }
  // The labels completion offers at a place.
  std::vector<std::string> completion_labels(const std::string& u, int line, int character) {
    std::vector<std::string> labels;
    for (const json& i : at("textDocument/completion", u, line, character)) labels.push_back(i["label"]);
    return labels;
  }
  void SetUp() override {
    const json init = request("initialize", {{"processId", nullptr}, {"capabilities", json::object()}});
    ASSERT_TRUE(init["capabilities"]["hoverProvider"].get<bool>());
    server.handle({{"jsonrpc", "2.0"}, {"method", "initialized"}, {"params", json::object()}});
  }
};

std::vector<json> errors_in(const json& diagnostics) {
  std::vector<json> out;
  for (const json& d : diagnostics) {
    if (d["severity"] == 1) out.push_back(d);
  }
  return out;
}

TEST_F(LspTest, MisspelledKeyIsReportedAtItsLineAndClearedWhenFixed) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  const std::string text = read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml");
  EXPECT_TRUE(errors_in(open(u, text)).empty());
  auto lines = lines_of(text);
  const int row = line_starting(lines, "      - id: double_quick");
  const int title = line_starting(lines, "        title: Double Quick", row);
  lines[static_cast<std::size_t>(title)] = "        titel: Double Quick";
  // As `qrsc check` reports it: the unknown key, and the row that now lacks its title.
  const auto errors = errors_in(change(u, joined(lines)));
  ASSERT_EQ(errors.size(), 2u) << json(errors).dump();
  const auto at_key =
      std::find_if(errors.begin(), errors.end(), [&](const json& d) { return d["range"]["start"]["line"] == title; });
  ASSERT_NE(at_key, errors.end()) << json(errors).dump();
  EXPECT_EQ((*at_key)["range"]["start"]["character"], 8);
  EXPECT_EQ((*at_key)["range"]["end"]["character"], 13);  // the key "titel"
  EXPECT_NE((*at_key)["message"].get<std::string>().find("unknown key 'titel'"), std::string::npos)
      << (*at_key)["message"];
  EXPECT_NE((*at_key)["message"].get<std::string>().find("did you mean 'title'"), std::string::npos);
  EXPECT_TRUE(std::any_of(errors.begin(), errors.end(), [&](const json& d) {
    return d["range"]["start"]["line"] == row &&
           d["message"].get<std::string>().find("needs 'title'") != std::string::npos;
  })) << json(errors).dump();
  EXPECT_TRUE(errors_in(change(u, text)).empty());
}

// A system's layout sits among its specs (rules/rff/rff.layout.yaml) but is no spec: opened in
// an editor, it gets no spec diagnostics (it has no `qrs:` or `id:`), and a spec opened beside it
// still gets its own.
TEST_F(LspTest, ASheetLayoutAmongTheSpecsIsNoSpec) {
  const std::string layout = uri("rff/rff.layout.yaml");
  const std::string text = read_text(qrs_test::source_dir() / "rules/rff/rff.layout.yaml");
  ASSERT_NE(text.find("pages:"), std::string::npos);
  EXPECT_TRUE(open(layout, text).is_null()) << "nothing published for the layout";
  EXPECT_TRUE(at("textDocument/hover", layout, 12, 2).is_null());
  const std::string spec = uri("rff/acw-2.1-15mm.yaml");
  EXPECT_TRUE(errors_in(open(spec, read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml"))).empty());
}

// A system's package file is read outside the spec cache: its save (the editor has it open, the
// server does not check it) or a watched-file change checks the open specs of its system again,
// as a parent's edit does.
TEST_F(LspTest, AChangedPackageFileChecksItsSystemsOpenSpecsAgain) {
  const fs::path spec = qrs_test::write_temp_spec(
      "house.yaml",
      "qrs: 1\nsystem: t\ntitle: House\ntables:\n  - id: firing\n    kind: facts\n    title: Firing\n"
      "    items: [{ id: aim, text: Aim }]\n");
  const fs::path package = spec.parent_path() / "t.package.yaml";
  const auto declare = [&](const std::string& reads) {
    std::ofstream(package) << "procedures:\n  - id: drill\n    title: Drill\n    reads: [" << reads << "]\n";
  };
  const auto warned = [](const json& diags) {
    return std::any_of(diags.begin(), diags.end(), [](const json& d) {
      return d["message"].get<std::string>().find("the sheet has no table 'volley'") != std::string::npos;
    });
  };
  declare("firing");
  const std::string u = qrsc::lsp::uri_of_path(qrsc::lsp::canonical_file(spec));
  const std::string pu = qrsc::lsp::uri_of_path(qrsc::lsp::canonical_file(package));
  const json first = open(u, read_text(spec));
  ASSERT_TRUE(first.is_array());
  EXPECT_FALSE(warned(first)) << first.dump();
  open(pu, read_text(package));
  declare("firing, volley");
  const json saved = notify("textDocument/didSave", {{"textDocument", {{"uri", pu}}}}, u);
  EXPECT_TRUE(warned(saved)) << saved.dump();
  declare("firing");
  const json watched = notify("workspace/didChangeWatchedFiles", {{"changes", {{{"uri", pu}, {"type", 2}}}}}, u);
  ASSERT_TRUE(watched.is_array());
  EXPECT_FALSE(warned(watched)) << watched.dump();
  fs::remove_all(spec.parent_path().parent_path().parent_path());
}

// A client that registers file watchers for a server (dynamicRegistration) is asked, once
// initialized, to watch the files an open spec's check reads (specs, package and layout files,
// page files); one that cannot is asked nothing, and the client's answer to the request is no
// message the server answers.
TEST(LspWatchers, AClientThatRegistersWatchersIsAskedToWatchTheFilesAChecksReads) {
  for (const bool dynamic : {true, false}) {
    qrsc::lsp::Server server{qrsc::SpecSearchPath{}};
    const json capabilities = {{"workspace", {{"didChangeWatchedFiles", {{"dynamicRegistration", dynamic}}}}}};
    server.handle(
        {{"jsonrpc", "2.0"}, {"id", 1}, {"method", "initialize"}, {"params", {{"capabilities", capabilities}}}});
    const auto sent = server.handle({{"jsonrpc", "2.0"}, {"method", "initialized"}, {"params", json::object()}});
    if (!dynamic) {
      EXPECT_TRUE(sent.empty());
      continue;
    }
    ASSERT_EQ(sent.size(), 1U);
    const json& ask = sent[0];
    EXPECT_EQ(ask["method"], "client/registerCapability");
    ASSERT_TRUE(ask.contains("id"));
    const json& registration = ask["params"]["registrations"][0];
    EXPECT_EQ(registration["method"], "workspace/didChangeWatchedFiles");
    std::vector<std::string> globs;
    for (const json& w : registration["registerOptions"]["watchers"]) globs.push_back(w["globPattern"]);
    EXPECT_EQ(globs, (std::vector<std::string>{"**/*.yaml", "**/*.{js,html,css}"}));
    EXPECT_TRUE(server.handle({{"jsonrpc", "2.0"}, {"id", ask["id"]}, {"result", nullptr}}).empty());
  }
}

TEST_F(LspTest, ParentEditThatBreaksAVariantIsShownInTheVariant) {
  const std::string parent = uri("rff/acw-2.1-15mm.yaml");
  const std::string child = uri("rff/maw-3-15mm.yaml");
  const std::string text = read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml");
  open(parent, text);
  EXPECT_TRUE(errors_in(open(child, read_text(qrs_test::source_dir() / "rules/rff/maw-3-15mm.yaml"))).empty());
  // A table id the variant patches, renamed in the parent: the variant's patch names a table
  // its parent no longer has.
  std::string broken = text;
  const std::string id = "  - id: maneuver_modifiers\n";
  broken.replace(broken.find(id), id.size(), "  - id: maneuver_modifiers_renamed\n");
  // The edit of the parent checks the variant again (its sheet reads the parent): the variant's
  // diagnostics come with the parent's.
  const json params = {{"textDocument", {{"uri", parent}, {"version", 2}}}, {"contentChanges", {{{"text", broken}}}}};
  const json diags = notify("textDocument/didChange", params, child);
  ASSERT_TRUE(diags.is_array());
  EXPECT_FALSE(errors_in(diags).empty()) << diags.dump();
  // An unrelated spec's edit leaves both as they are.
  const std::string other = uri("battlecry/1812.yaml");
  open(other, read_text(qrs_test::source_dir() / "rules/battlecry/1812.yaml"));
  EXPECT_EQ(errors_in(change(other, read_text(qrs_test::source_dir() / "rules/battlecry/1812.yaml") + "\n")).size(),
            0u);
  const json params_other = {
      {"textDocument", {{"uri", other}, {"version", 9}}},
      {"contentChanges", {{{"text", read_text(qrs_test::source_dir() / "rules/battlecry/1812.yaml")}}}}};
  EXPECT_EQ(notify("textDocument/didChange", params_other, child), diags);
}

// The diagnostics of every document a notification published, by URI, less the line that sums up
// an open variant's errors in its parent (found by the files of the variant's last clean model,
// which a server that never compiled it does not know).
std::map<std::string, json> published(const std::vector<json>& messages) {
  std::map<std::string, json> out;
  for (const json& m : messages) {
    if (m["method"] != "textDocument/publishDiagnostics") continue;
    json own = json::array();
    for (const json& d : m["params"]["diagnostics"]) {
      const std::string message = d["message"];
      if (message.find(", which extends this spec: ") == std::string::npos) own.push_back(d);
    }
    out[m["params"]["uri"]] = std::move(own);
  }
  return out;
}

// `text` with its first `from` replaced by `to` (which must be there).
std::string with(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// What an edit keeps of the last check (parsed nodes it did not change, renamed and converted
// tables, built tables) must not show: after each edit of a sequence, to the root and to its
// variants, every open document's diagnostics are those of a server that has just opened the
// same texts. The sequence breaks the variants through their parent and fixes them, edits a
// variant's renames and another's scale, moves every line, and breaks the parent's YAML.
TEST_F(LspTest, EveryEditsDiagnosticsAreThoseOfAFreshCheckOfTheSameTexts) {
  const std::vector<std::string> files = {"rff/acw-2.1-15mm.yaml", "rff/1812-2.1-25mm.yaml", "rff/1812-3-15mm.yaml",
                                          "rff/maw-3-15mm.yaml"};
  std::vector<std::string> uris, texts, originals;
  for (const auto& f : files) {
    uris.push_back(uri(f));
    originals.push_back(read_text(qrs_test::source_dir() / "rules" / f));
  }
  texts = originals;
  for (std::size_t i = 0; i < files.size(); ++i) open(uris[i], texts[i]);
  const std::string& root = originals[0];
  const std::string& maw = originals[3];
  const std::string crack = "      - { id: crack_unit, value: +2, text: Crack unit }";
  struct Edit {
    std::size_t file;
    std::string text;
    bool maw_has_errors;
  };
  const std::vector<Edit> edits = {
      {0, with(root, "for 15mm\n", "for 15mm (draft)\n"), false},
      {0, with(root, crack, "      - { id: crack_unit, value: +3, text: Crack unit }"), true},  // an erratum asserts +2
      {0, root, false},
      {0, with(root, "  - id: maneuver_modifiers\n", "  - id: maneuver_modifiers_renamed\n"), true},
      {0, root, false},
      {0, with(root, "value: 8in, text: clear", "value: 10in, text: clear"), true},  // converted for 25mm
      {0, root, false},
      {3,
       with(maw, "ids: [maneuver_modifiers/crack_unit, charge_modifiers/crack_unit]",
            "ids: [maneuver_modifiers/crack_unit]"),
       true},
      {3, with(maw, "    name: Elite\n", "    name: Elites\n"), true},
      {3, maw, false},
      // A rename naming a row its table lacks: reported by the table's renaming, again after an
      // edit of the parent that leaves the table as it was.
      {3, with(maw, "fire_modifiers/green_firing]", "fire_modifiers/green_firing, fire_point_factors/green_x]"), true},
      {0, with(root, "for 15mm\n", "for 15mm (draft)\n"), true},
      {3, maw, false},
      {0, root, false},
      // A patch of a row its table lacks: reported by the table's merge, again after an edit of
      // the parent that leaves the table as it was.
      {3, with(maw, "      - id: obscured\n", "      - id: obscurred\n"), true},
      {0, with(root, "for 15mm\n", "for 15mm (draft)\n"), true},
      {3, maw, false},
      {0, root, false},
      // Another patch of the same table: a key the builder rejects, then the patch as it was.
      {3,
       with(maw, "        text: \"line of sight through dense chaparral",
            "        txt: \"line of sight through dense chaparral"),
       true},
      {3, maw, false},
      // Another scale over the same parent tables.
      {1, with(originals[1], "factor: 1.5,", "factor: 2,"), false},
      // The documents the tables' source notes name, renamed: the tables, unchanged, read them.
      {0, with(root, "    file: 003_a6f04452eb944eb1.txt\n", "    file: 003_renamed.txt\n"), true},
      {0, root, false},
      {0, "# a line more: every location moves\n" + root, false},
      {0, with(root, "\ntables:\n", "\ntables: [\n"), true},  // no longer YAML: summed up in each variant
      {0, root, false},
      {2, with(originals[2], "\nedition: \"3\"\n", "\neditoin: \"3\"\n"), false},
      {2, originals[2], false},
      {1, originals[1], false},
  };
  for (std::size_t e = 0; e < edits.size(); ++e) {
    const Edit& edit = edits[e];
    texts[edit.file] = edit.text;
    const int version = ++versions[uris[edit.file]];
    const auto after_edit =
        published(server.handle({{"jsonrpc", "2.0"},
                                 {"method", "textDocument/didChange"},
                                 {"params",
                                  {{"textDocument", {{"uri", uris[edit.file]}, {"version", version}}},
                                   {"contentChanges", {{{"text", edit.text}}}}}}}));
    qrsc::lsp::Server fresh{qrsc::SpecSearchPath{{qrs_test::source_dir() / "tests/hostile"}, {}}};
    std::map<std::string, json> cold;
    for (std::size_t i = 0; i < files.size(); ++i) {
      const json doc = {{"uri", uris[i]}, {"languageId", "yaml"}, {"version", 1}, {"text", texts[i]}};
      for (auto& [u, d] : published(fresh.handle(
               {{"jsonrpc", "2.0"}, {"method", "textDocument/didOpen"}, {"params", {{"textDocument", doc}}}}))) {
        cold[u] = d;
      }
    }
    for (const auto& u : uris) {
      ASSERT_TRUE(after_edit.contains(u)) << "edit " << e << ": no diagnostics for " << u;
      EXPECT_EQ(after_edit.at(u), cold.at(u)) << "edit " << e << " of " << files[edit.file] << ", diagnostics of " << u;
    }
    EXPECT_EQ(!errors_in(after_edit.at(uris[3])).empty(), edit.maw_has_errors) << "edit " << e;
  }
}

TEST_F(LspTest, HoverOnARangeThe25mmSheetConvertsShowsIts15mmOrigin) {
  // 001 lines 162-166: the 25mm sheet prints musketry at 6" 12" 18", 1.5 x the 15mm 4" 8" 12".
  const std::string acw = uri("rff/acw-2.1-15mm.yaml");
  const std::string text = read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml");
  open(acw, text);
  open(uri("rff/1812-2.1-25mm.yaml"), read_text(qrs_test::source_dir() / "rules/rff/1812-2.1-25mm.yaml"));
  const auto lines = lines_of(text);
  const int r4 = line_starting(lines, "      - { id: r4, range: 4in }");
  const json h = at("textDocument/hover", acw, r4, 24);
  ASSERT_TRUE(h.is_object()) << h.dump();
  const std::string md = h["contents"]["value"];
  EXPECT_NE(md.find("acw-2.1-15mm (this spec): `4\"`\n  - stated here"), std::string::npos) << md;
  EXPECT_NE(md.find("1812-2.1-25mm: `6\"`\n  - converted x1.5 from 4in in rules/rff/acw-2.1-15mm.yaml line " +
                    std::to_string(r4 + 1)),
            std::string::npos)
      << md;
}

TEST_F(LspTest, HoverOnARolledRowShowsItsOddsAtNetZero) {
  const std::string acw = uri("rff/acw-2.1-15mm.yaml");
  const std::string text = read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml");
  open(acw, text);
  // Double Quick is "8 or more" on one d10: 8, 9 or 10 at net 0, 3 faces of 10.
  const int row = line_starting(lines_of(text), "      - id: double_quick");
  const json h = at("textDocument/hover", acw, row, 14);
  ASSERT_TRUE(h.is_object());
  const std::string md = h["contents"]["value"];
  EXPECT_NE(md.find("odds at net modifier 0: 30.0%"), std::string::npos) << md;
}

// Hover is Markdown: text from the spec (here an erratum's) shows as written, without links,
// remote images or lines of its own.
TEST_F(LspTest, HoverEscapesTheSpecsTextAsMarkdown) {
  const std::string acw = uri("rff/acw-2.1-15mm.yaml");
  std::string text = read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml");
  const std::string erratum = "    text: Redesigned Maneuver Table.\n";
  ASSERT_NE(text.find(erratum), std::string::npos);
  text.replace(
      text.find(erratum), erratum.size(),
      "    text: \"Redesigned [table](http://example.com) ![x](http://example.com/i.png)\\n- forged: `4in`\"\n");
  open(acw, text);
  const int row = line_starting(lines_of(text), "      - id: double_quick");
  const json h = at("textDocument/hover", acw, row, 14);
  ASSERT_TRUE(h.is_object());
  const std::string md = h["contents"]["value"];
  EXPECT_NE(
      md.find("Redesigned \\[table\\](http://example.com) !\\[x\\](http://example.com/i.png) - forged: \\`4in\\`"),
      std::string::npos)
      << md;
  EXPECT_EQ(md.find("\n- forged"), std::string::npos) << md;
}

TEST_F(LspTest, DefinitionOfExtendsIsTheParentFileAndOfAPatchTheParentsRow) {
  const std::string u = uri("rff/1812-2.1-25mm.yaml");
  const std::string text = read_text(qrs_test::source_dir() / "rules/rff/1812-2.1-25mm.yaml");
  open(u, text);
  const auto lines = lines_of(text);
  const int extends = line_starting(lines, "extends: rff/1812-2.1-15mm");
  const json d = at("textDocument/definition", u, extends, 14);
  ASSERT_TRUE(d.is_object()) << d.dump();
  EXPECT_EQ(d["uri"], uri("rff/1812-2.1-15mm.yaml"));
  // The 25mm sheet's movement rate for infantry line patches the row of the ACW sheet.
  const int row = line_starting(lines, "      - { id: infantry_line,");
  const json p = at("textDocument/definition", u, row, 16);
  ASSERT_TRUE(p.is_object()) << p.dump();
  EXPECT_EQ(p["uri"], uri("rff/acw-2.1-15mm.yaml"));
  const auto acw = lines_of(read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml"));
  const int target = p["range"]["start"]["line"];
  ASSERT_LT(target, static_cast<int>(acw.size()));
  EXPECT_NE(acw[static_cast<std::size_t>(target)].find("id: infantry_line"), std::string::npos)
      << acw[static_cast<std::size_t>(target)];
}

TEST_F(LspTest, ReferencesAndRenameOfARowAreEveryLineOfTheFamilyThatNamesIt) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  const std::string text = read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml");
  open(u, text);
  const auto lines = lines_of(text);
  const int row = line_starting(lines, "      - { id: infantry_line,");
  std::set<std::pair<std::string, int>> found;
  for (const json& loc : at("textDocument/references", u, row, 16)) {
    found.insert({loc["uri"].get<std::string>(), loc["range"]["start"]["line"].get<int>()});
  }
  // Every line of the rules folder that has the id as a whole word (the MAW sheet's
  // infantry_line_mex is another row): entries, patches, after:, covers and assertions.
  std::set<std::pair<std::string, int>> expected;
  const auto whole = [](const std::string& line) {
    const std::string id = "infantry_line";
    const auto id_char = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; };
    for (std::size_t at = line.find(id); at != std::string::npos; at = line.find(id, at + 1)) {
      const std::size_t end = at + id.size();
      if ((at == 0 || !id_char(line[at - 1])) && (end == line.size() || !id_char(line[end]))) return true;
    }
    return false;
  };
  for (const fs::path& file : qrs_test::rules_spec_files()) {
    const auto spec_lines = lines_of(read_text(file));
    for (std::size_t i = 0; i < spec_lines.size(); ++i) {
      if (whole(spec_lines[i])) {
        expected.insert({qrsc::lsp::uri_of_path(qrsc::lsp::canonical_file(file)), static_cast<int>(i)});
      }
    }
  }
  EXPECT_GE(expected.size(), 10u);
  EXPECT_EQ(found, expected);
  // Rename changes the id at the same places, and only the id ("movement_rates/" stays).
  const json edit = request(
      "textDocument/rename",
      {{"textDocument", {{"uri", u}}}, {"position", {{"line", row}, {"character", 16}}}, {"newName", "line_infantry"}});
  std::set<std::pair<std::string, int>> renamed;
  for (const auto& [file, edits] : edit["changes"].items()) {
    const auto file_lines = lines_of(read_text(*qrsc::lsp::path_of_uri(file)));
    for (const json& e : edits) {
      const int line = e["range"]["start"]["line"];
      renamed.insert({file, line});
      EXPECT_EQ(e["newText"], "line_infantry");
      const std::size_t from = e["range"]["start"]["character"], to = e["range"]["end"]["character"];
      EXPECT_EQ(file_lines[static_cast<std::size_t>(line)].substr(from, to - from), "infantry_line");
    }
  }
  EXPECT_EQ(renamed, expected);
  const auto refused = server.handle(
      {{"jsonrpc", "2.0"},
       {"id", 99},
       {"method", "textDocument/rename"},
       {"params",
        {{"textDocument", {{"uri", u}}}, {"position", {{"line", row}, {"character", 16}}}, {"newName", "Not An Id"}}}});
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_TRUE(refused[0].contains("error")) << refused[0].dump();
}

TEST_F(LspTest, CompletionOffersTheKeysOfTheTablesKind) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  auto lines = lines_of(read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml"));
  open(u, joined(lines));
  const int row = line_starting(lines, "      - id: double_quick");
  lines.insert(lines.begin() + row + 1, "        ba");
  change(u, joined(lines));
  const json items = at("textDocument/completion", u, row + 1, 10);
  std::vector<std::string> labels;
  for (const json& i : items) labels.push_back(i["label"]);
  // docs/spec-format.md, band tables: rows have id, title, text, number, label, band or bands, parts.
  for (const char* key : {"band", "bands", "parts", "number", "label", "title", "text"}) {
    EXPECT_NE(std::find(labels.begin(), labels.end(), key), labels.end()) << key;
  }
  EXPECT_EQ(std::find(labels.begin(), labels.end(), "cells"), labels.end());  // a matrix row's
  // In a table: the keys of band tables (key, rows), not those of a matrix (cell).
  const int kind = line_starting(lines, "    kind: bands", row - 30);
  lines.insert(lines.begin() + kind + 1, "    ");
  change(u, joined(lines));
  std::vector<std::string> table_keys;
  for (const json& i : at("textDocument/completion", u, kind + 1, 4)) table_keys.push_back(i["label"]);
  EXPECT_NE(std::find(table_keys.begin(), table_keys.end(), "rows"), table_keys.end());
  EXPECT_NE(std::find(table_keys.begin(), table_keys.end(), "key"), table_keys.end());
  EXPECT_EQ(std::find(table_keys.begin(), table_keys.end(), "cell"), table_keys.end());
  // The tables a roll's `modifiers` name (docs/spec-format.md: "The tables whose modifiers (or
  // row numbers) add to the roll"): modifier tables and band tables whose rows carry numbers,
  // not effect tables, lists, rows or items.
  const int mods = line_starting(lines, "        modifiers: [maneuver_modifiers]", kind);
  std::vector<std::string> ids;
  for (const json& i : at("textDocument/completion", u, mods, 20)) ids.push_back(i["label"]);
  EXPECT_NE(std::find(ids.begin(), ids.end(), "maneuver_modifiers"), ids.end());
  EXPECT_NE(std::find(ids.begin(), ids.end(), "fire_point_modifiers"), ids.end());  // rows with numbers
  for (const char* wrong : {"fire_effects", "troop_maneuvers", "maneuver_good_order/double_quick",
                            "maneuver_modifiers/veteran", "game_scale"}) {
    EXPECT_EQ(std::find(ids.begin(), ids.end(), wrong), ids.end()) << wrong;
  }
}

// add/after/remove belong to a variant's patch: a root spec's entries do not take them.
TEST_F(LspTest, CompletionOffersAddAfterAndRemoveOnlyInAVariant) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  auto lines = lines_of(read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml"));
  open(u, joined(lines));
  const int row = line_starting(lines, "      - id: double_quick");
  lines.insert(lines.begin() + row + 1, "        a");
  change(u, joined(lines));
  const auto labels = completion_labels(u, row + 1, 9);
  EXPECT_NE(std::find(labels.begin(), labels.end(), "band"), labels.end());
  for (const char* key : {"add", "after", "remove"})
    EXPECT_EQ(std::find(labels.begin(), labels.end(), key), labels.end()) << key;
}

// Inside `bands: {` the keys are the table's column ids (fire_effects: its target_rating terms).
TEST_F(LspTest, CompletionInBandsOffersTheTablesColumnIds) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  auto lines = lines_of(read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml"));
  open(u, joined(lines));
  const int line = line_starting(lines, "        bands: { crack: 11 or more,");
  auto& l = lines[static_cast<std::size_t>(line)];
  l = "        bands: { ";
  change(u, joined(lines));
  const auto labels = completion_labels(u, line, static_cast<int>(l.size()));
  EXPECT_EQ(labels, (std::vector<std::string>{"crack", "veteran", "trained", "green"}));
}

// Definition of `columns: VOCABULARY` is the vocabulary; of an assertion's `row:`, the row.
// A row's `again: [...]` names items of the lists its table's dice add: definition goes to the
// item, completion offers the sheet's modifiers, and a rename of the item (from either place)
// changes it there too, in every file of the family (MAW's patch of the row names them again).
TEST_F(LspTest, AgainNamesTheRollsModifiers) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  auto lines = lines_of(read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml"));
  open(u, joined(lines));
  const int again = line_starting(lines, "        again: [cold_steel, cavalry_charge]");
  const int item = line_starting(lines, "      - { id: cavalry_charge,");
  const json d = at("textDocument/definition", u, again, 30);
  ASSERT_TRUE(d.is_object()) << d.dump();
  EXPECT_EQ(d["range"]["start"]["line"], item);
  const auto maw = lines_of(read_text(qrs_test::source_dir() / "rules/rff/maw-3-15mm.yaml"));
  const std::set<std::pair<std::string, int>> want = {
      {u, item},
      {u, again},
      {uri("rff/maw-3-15mm.yaml"), line_starting(maw, "        again: [cold_steel, lancers, cavalry_charge]")}};
  // References from the item (they edit nothing), then a rename from the row (it keeps the files
  // not open as the edit leaves them).
  std::set<std::pair<std::string, int>> referred;
  for (const json& r : at("textDocument/references", u, item, 16)) {
    referred.insert({r["uri"].get<std::string>(), r["range"]["start"]["line"].get<int>()});
  }
  for (const auto& w : want) EXPECT_TRUE(referred.contains(w)) << w.first << ":" << w.second;
  const json edit = request("textDocument/rename", {{"textDocument", {{"uri", u}}},
                                                    {"position", {{"line", again}, {"character", 30}}},
                                                    {"newName", "horse_charge"}});
  std::set<std::pair<std::string, int>> renamed;
  for (const auto& [file, edits] : edit["changes"].items()) {
    for (const json& e : edits) renamed.insert({file, e["range"]["start"]["line"].get<int>()});
  }
  EXPECT_EQ(renamed, referred);
  lines[static_cast<std::size_t>(again)] = "        again: [";
  change(u, joined(lines));
  const auto labels = completion_labels(u, again, 16);
  for (const char* id : {"cold_steel", "cavalry_charge", "veteran"}) {
    EXPECT_NE(std::find(labels.begin(), labels.end(), id), labels.end()) << id;
  }
}

// A share's `from` names traits of its list and matrix rows: definition of a trait goes to it,
// of a row (table/row) to the row, and completion offers both.
TEST_F(LspTest, ShareFromNamesTraitsAndMatrixRows) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  auto lines = lines_of(read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml"));
  open(u, joined(lines));
  const int from =
      line_starting(lines, "            from: [\"in_a_charge + buck_and_ball + musketry_fire_points/sm_sh\"");
  const int trait = line_starting(lines, "      - id: buck_and_ball");
  const int row = line_starting(lines, "      - id: sm_sh");
  const std::string& l = lines[static_cast<std::size_t>(from)];
  const auto column = [&](const std::string& word) { return static_cast<int>(l.find(word)) + 2; };
  const json d = at("textDocument/definition", u, from, column("buck_and_ball"));
  ASSERT_TRUE(d.is_object()) << d.dump();
  EXPECT_EQ(d["range"]["start"]["line"], trait);
  const json r = at("textDocument/definition", u, from, column("musketry_fire_points/sm_sh"));
  ASSERT_TRUE(r.is_object()) << r.dump();
  EXPECT_EQ(r["range"]["start"]["line"], row);
  lines[static_cast<std::size_t>(from)] = "            from: [";
  change(u, joined(lines));
  const auto labels = completion_labels(u, from, 19);
  for (const char* id :
       {"sharpshooters", "in_a_charge", "green", "musketry_fire_points/rp", "cannonade_fire_points/hr"}) {
    EXPECT_NE(std::find(labels.begin(), labels.end(), id), labels.end()) << id;
  }
}

TEST_F(LspTest, DefinitionOfAVocabularyAndOfAnAssertionsRow) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  const std::string text = read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml");
  open(u, text);
  const auto lines = lines_of(text);
  const int columns = line_starting(lines, "    columns: target_rating");
  const json v = at("textDocument/definition", u, columns, 16);
  ASSERT_TRUE(v.is_object()) << v.dump();
  EXPECT_EQ(v["uri"], u);
  EXPECT_EQ(v["range"]["start"]["line"], line_starting(lines, "  - id: target_rating"));
  const int assertion =
      line_starting(lines, "      - { table: maneuver_good_order, row: double_quick, band: 8 or more }");
  const std::size_t at_row = lines[static_cast<std::size_t>(assertion)].find("double_quick");
  const json r = at("textDocument/definition", u, assertion, static_cast<int>(at_row) + 2);
  ASSERT_TRUE(r.is_object()) << r.dump();
  EXPECT_EQ(r["range"]["start"]["line"], line_starting(lines, "      - id: double_quick"));
  // A group's members are the table's items.
  const int members = line_starting(lines, "        members: [provisional_command, out_of_command]");
  const std::size_t at_member = lines[static_cast<std::size_t>(members)].find("out_of_command");
  const json m = at("textDocument/definition", u, members, static_cast<int>(at_member) + 2);
  ASSERT_TRUE(m.is_object()) << m.dump();
  const int item = m["range"]["start"]["line"];
  EXPECT_NE(lines[static_cast<std::size_t>(item)].find("id: out_of_command"), std::string::npos)
      << lines[static_cast<std::size_t>(item)];
}

// An assertion's `table:` written quoted names the same table (one reader of a flow map's
// values serves the outline and the definitions): definition of its `row:` is that row.
TEST_F(LspTest, DefinitionOfAnAssertionsRowUnderAQuotedTable) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  const std::string assertion = "      - { table: maneuver_good_order, row: double_quick, band: 8 or more }";
  const std::string text = with(read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml"), assertion,
                                "      - { table: \"maneuver_good_order\", row: double_quick, band: 8 or more }");
  EXPECT_TRUE(errors_in(open(u, text)).empty());
  const auto lines = lines_of(text);
  const int line = line_starting(lines, "      - { table: \"maneuver_good_order\", row: double_quick");
  const std::size_t at_row = lines[static_cast<std::size_t>(line)].find("double_quick");
  const json r = at("textDocument/definition", u, line, static_cast<int>(at_row) + 2);
  ASSERT_TRUE(r.is_object()) << r.dump();
  EXPECT_EQ(r["range"]["start"]["line"], line_starting(lines, "      - id: double_quick"));
}

// References and rename of a vocabulary term: its entry, the bands keyed by it, a variant's
// rename of it; not a modifier of the same spelling (maneuver_modifiers' `green`).
TEST_F(LspTest, ReferencesAndRenameOfAVocabularyTerm) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  const std::string text = read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml");
  open(u, text);
  const auto lines = lines_of(text);
  const int term = line_starting(lines, "      - { id: green, name: Green }");
  std::set<std::pair<std::string, int>> found;
  for (const json& loc : at("textDocument/references", u, term, 15)) {
    found.insert({loc["uri"].get<std::string>(), loc["range"]["start"]["line"].get<int>()});
  }
  EXPECT_TRUE(found.contains({u, term}));
  EXPECT_TRUE(found.contains(
      {u,
       line_starting(
           lines, "        bands: { crack: 11 or more, veteran: 10 or more, trained: 9 or more, green: 8 or more }")}));
  const auto maw = lines_of(read_text(qrs_test::source_dir() / "rules/rff/maw-3-15mm.yaml"));
  EXPECT_TRUE(found.contains({uri("rff/maw-3-15mm.yaml"), line_starting(maw, "    term: green")}));
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find("id: green, value") != std::string::npos) {
      EXPECT_FALSE(found.contains({u, static_cast<int>(i)})) << lines[i];
    }
  }
  const json edit = request(
      "textDocument/rename",
      {{"textDocument", {{"uri", u}}}, {"position", {{"line", term}, {"character", 15}}}, {"newName", "novice"}});
  std::size_t edits = 0;
  for (const auto& [file, list] : edit["changes"].items()) {
    const auto file_lines = lines_of(read_text(*qrsc::lsp::path_of_uri(file)));
    for (const json& e : list) {
      ++edits;
      const std::size_t from = e["range"]["start"]["character"], to = e["range"]["end"]["character"];
      EXPECT_EQ(file_lines[e["range"]["start"]["line"].get<std::size_t>()].substr(from, to - from), "green");
    }
  }
  EXPECT_EQ(edits, found.size());
}

// Two vocabularies with a term of one id (a rating's and a morale's `green`): references and
// rename of either are its own vocabulary's places alone. The morale's are its entry, the bands of
// the table whose columns are the morale, a modifier's `except` of a list the morale's sides read,
// a column's `against` and a row of the matrix of their type modifiers; the rating's are its
// entry, its table's bands and a variant's rename of it.
TEST_F(LspTest, ATermsPlacesAreThoseOfItsVocabulary) {
  const fs::path spec =
      fs::canonical(qrs_test::write_temp_spec("rally.yaml", qrs_test::kTwoVocabulariesWithATermOfOneId));
  const fs::path variant = spec.parent_path() / "rally-raw.yaml";
  std::ofstream(variant)
      << "qrs: 1\nextends: t/rally\nrenames:\n  - vocabulary: rating\n    term: green\n    to: raw\n";
  const std::string u = qrsc::lsp::uri_of_path(spec), v = qrsc::lsp::uri_of_path(variant);
  const std::string text = read_text(spec);
  EXPECT_TRUE(errors_in(open(u, text)).empty());
  const auto lines = lines_of(text);
  // The places of the `green` written on the line, as references finds them.
  const auto column_of_green = [&](int line) {
    return static_cast<int>(lines[static_cast<std::size_t>(line)].find("green")) + 1;
  };
  const auto places = [&](int line) {
    std::set<std::pair<std::string, int>> found;
    for (const json& loc : at("textDocument/references", u, line, column_of_green(line))) {
      found.insert({loc["uri"].get<std::string>(), loc["range"]["start"]["line"].get<int>()});
    }
    return found;
  };
  const auto in_spec = [&](std::initializer_list<const char*> starts) {
    std::set<std::pair<std::string, int>> out;
    for (const char* start : starts) out.insert({u, line_starting(lines, start)});
    return out;
  };
  auto morale = in_spec({"      - { id: green, name: Shaken }", "      - { id: vs_shaken,",
                         "      - { id: green, cells:", "      - { id: officer,", "      - { id: drummer,",
                         "      - { id: routed,", "      - { id: held,"});
  EXPECT_EQ(places(line_starting(lines, "      - { id: green, name: Shaken }")), morale);
  auto rating = in_spec({"      - { id: green, name: Green }", "      - { id: hit,", "      - { id: miss,"});
  rating.insert({v, 4});  // the variant's `term: green`
  EXPECT_EQ(places(line_starting(lines, "      - { id: green, name: Green }")), rating);
  // From a use: the fire table's band is the rating's green, the rally table's the morale's.
  EXPECT_EQ(places(line_starting(lines, "      - { id: hit,")), rating);
  EXPECT_EQ(places(line_starting(lines, "      - { id: officer,")), morale);
  // A rename edits the places references finds (once: the server then holds the edit of the
  // files that are not open, as an editor that applied it would have them).
  const int officer = line_starting(lines, "      - { id: officer,");
  const json edit =
      request("textDocument/rename", {{"textDocument", {{"uri", u}}},
                                      {"position", {{"line", officer}, {"character", column_of_green(officer)}}},
                                      {"newName", "wavering"}});
  std::set<std::pair<std::string, int>> edited;
  for (const auto& [file, edits] : edit["changes"].items()) {
    for (const json& e : edits) edited.insert({file, e["range"]["start"]["line"].get<int>()});
  }
  EXPECT_EQ(edited, morale);
  fs::remove_all(spec.parent_path().parent_path().parent_path());
}

// A second rename before the edits are saved sees the first's edits in files that are not open.
TEST_F(LspTest, ASecondRenameSeesTheFirstsUnsavedEdits) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  auto lines = lines_of(read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml"));
  open(u, joined(lines));
  const int row = line_starting(lines, "      - { id: infantry_line,");
  const auto edited_lines = [&](const json& edit) {
    std::set<std::pair<std::string, int>> out;
    for (const auto& [file, list] : edit["changes"].items()) {
      for (const json& e : list) out.insert({file, e["range"]["start"]["line"].get<int>()});
    }
    return out;
  };
  const json first = request(
      "textDocument/rename",
      {{"textDocument", {{"uri", u}}}, {"position", {{"line", row}, {"character", 16}}}, {"newName", "line_infantry"}});
  const auto first_lines = edited_lines(first);
  ASSERT_GT(first_lines.size(), 5u);
  // The editor applies the edit to the open document (and sends it), not yet to the others' files.
  for (const json& e : first["changes"][u]) {
    auto& l = lines[e["range"]["start"]["line"].get<std::size_t>()];
    const std::size_t from = e["range"]["start"]["character"];
    l.replace(from, std::string("infantry_line").size(), "line_infantry");
  }
  change(u, joined(lines));
  const json second = request(
      "textDocument/rename",
      {{"textDocument", {{"uri", u}}}, {"position", {{"line", row}, {"character", 16}}}, {"newName", "foot_line"}});
  EXPECT_EQ(edited_lines(second), first_lines);
}

// Hover on a variant's patch entry id shows what it patches.
TEST_F(LspTest, HoverOnAPatchEntryIdShowsThePatchedTable) {
  const std::string u = uri("rff/1812-2.1-25mm.yaml");
  const std::string text = read_text(qrs_test::source_dir() / "rules/rff/1812-2.1-25mm.yaml");
  open(u, text);
  const int line = line_starting(lines_of(text), "  - id: movement_rates");
  const json h = at("textDocument/hover", u, line, 10);
  ASSERT_TRUE(h.is_object()) << h.dump();
  const std::string md = h["contents"]["value"];
  // The element's name as Markdown escapes it (movement\_rates).
  EXPECT_NE(md.find("table 'movement\\_rates' (matrix)** (patched here)"), std::string::npos) << md;
  EXPECT_NE(md.find("1812-2.1-25mm (this spec): `Movement Rate`"), std::string::npos) << md;
  EXPECT_EQ(h["range"]["start"]["line"], line);
}

// Hover on a root's `band:` shows each open variant's, also one that replaced `band` with
// `bands` per column (MAW Figure 5: US 8 or more, MEX 11 or more); an erratum is listed only where
// it changed the value (MAW change 12 covers the field gun row, whose open cell stays 12 / 16).
TEST_F(LspTest, HoverListsAVariantsBandsAndOnlyTheErrataThatChangedAValue) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  const std::string text = read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml");
  open(u, text);
  open(uri("rff/maw-3-15mm.yaml"), read_text(qrs_test::source_dir() / "rules/rff/maw-3-15mm.yaml"));
  const auto lines = lines_of(text);
  const int band = line_starting(lines, "        band: 8 or more");
  const json h = at("textDocument/hover", u, band, 15);
  ASSERT_TRUE(h.is_object()) << h.dump();
  const std::string md = h["contents"]["value"];
  EXPECT_NE(md.find("- maw-3-15mm (us): `8 or more`"), std::string::npos) << md;
  EXPECT_NE(md.find("- maw-3-15mm (mex): `11 or more`"), std::string::npos) << md;
  const int gun = line_starting(lines, "      - { id: artillery_field_gun,");
  const std::size_t open_cell = lines[static_cast<std::size_t>(gun)].find("12 / 16");
  const json c = at("textDocument/hover", u, gun, static_cast<int>(open_cell) + 1);
  ASSERT_TRUE(c.is_object()) << c.dump();
  const std::string cell = c["contents"]["value"];
  EXPECT_NE(cell.find("- maw-3-15mm: `12 / 16`"), std::string::npos) << cell;
  EXPECT_EQ(cell.find("changed by erratum 12 "), std::string::npos) << cell;
  // A cell the change states (the siege gun row is MAW's own): the erratum is listed.
  const std::string m = uri("rff/maw-3-15mm.yaml");
  const auto maw = lines_of(read_text(qrs_test::source_dir() / "rules/rff/maw-3-15mm.yaml"));
  const int siege = line_starting(maw, "        cells: { open: 6 / 8, broken: 4 / 6, rough: 2 / 4, road: x2 }");
  const json s = at("textDocument/hover", m, siege, 25);
  ASSERT_TRUE(s.is_object()) << s.dump();
  EXPECT_NE(s["contents"]["value"].get<std::string>().find("changed by erratum 12 "), std::string::npos) << s.dump();
}

// A variant's entry of a list merging by id also takes add, after and remove
// (docs/spec-format.md: "In a variant it also takes `add: true` (a new entry), `after: ID` ...");
// an object that is no such entry (a table's source) does not.
TEST_F(LspTest, CompletionOffersAVariantEntrysAddAfterAndRemove) {
  const std::string u = uri("rff/maw-3-15mm.yaml");
  auto lines = lines_of(read_text(qrs_test::source_dir() / "rules/rff/maw-3-15mm.yaml"));
  open(u, joined(lines));
  const int row = line_starting(lines, "      - id: well_handled");
  lines.insert(lines.begin() + row + 1, "        a");
  change(u, joined(lines));
  const auto labels_at = [&](int line, int character) { return completion_labels(u, line, character); };
  const auto in_row = labels_at(row + 1, 9);
  for (const char* key : {"add", "after", "remove", "band"}) {
    EXPECT_NE(std::find(in_row.begin(), in_row.end(), key), in_row.end()) << key;
  }
  const int source = line_starting(lines, "    source:", row);
  lines.insert(lines.begin() + source + 1, "      ");
  change(u, joined(lines));
  const auto in_source = labels_at(source + 1, 6);
  EXPECT_NE(std::find(in_source.begin(), in_source.end(), "doc"), in_source.end());
  EXPECT_EQ(std::find(in_source.begin(), in_source.end(), "after"), in_source.end());
}

// A variant entry's `add` and `remove` take `true` only (the format's description of them, which
// the JSON Schema reads too): completion offers that, where another boolean offers both.
TEST_F(LspTest, CompletionOfAVariantEntrysAddAndRemoveOffersWhatTheFormatAllows) {
  const std::string u = uri("rff/maw-3-15mm.yaml");
  auto lines = lines_of(read_text(qrs_test::source_dir() / "rules/rff/maw-3-15mm.yaml"));
  open(u, joined(lines));  // a clean model first: the patched table's kind comes from it
  const int row = line_starting(lines, "      - id: well_handled");
  lines.insert(lines.begin() + row + 1, "        add: ");
  lines.insert(lines.begin() + row + 2, "        remove: ");
  const int top = line_starting(lines, "edition:");
  lines.insert(lines.begin() + top + 1, "abstract: ");
  change(u, joined(lines));
  const auto labels_at = [&](int line, int character) { return completion_labels(u, line, character); };
  // The rows moved down by the line inserted above them.
  EXPECT_EQ(labels_at(row + 2, 13), std::vector<std::string>{"true"});
  EXPECT_EQ(labels_at(row + 3, 16), std::vector<std::string>{"true"});
  EXPECT_EQ(labels_at(top + 1, 10), (std::vector<std::string>{"true", "false"}));
}

TEST_F(LspTest, DocumentSymbolsAreTheTablesAndTheirRows) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  open(u, read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml"));
  const json symbols = request("textDocument/documentSymbol", {{"textDocument", {{"uri", u}}}});
  ASSERT_TRUE(symbols.is_array());
  const auto table =
      std::find_if(symbols.begin(), symbols.end(), [](const json& s) { return s["name"] == "maneuver_good_order"; });
  ASSERT_NE(table, symbols.end());
  ASSERT_FALSE((*table)["children"].empty());
  EXPECT_EQ((*table)["children"][0]["name"], "double_quick");
}

// Every file of the hostile corpus, opened and then edited (cut in halves, then emptied), as a
// spec of its own folder: the server answers each message (at the top and on the file's longest
// line), in bounded time, and never throws.
TEST_F(LspTest, HostileCorpusThroughOpenAndChange) {
  const fs::path hostile = qrs_test::source_dir() / "tests/hostile";
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(hostile)) {
    if (!entry.is_regular_file()) continue;
    const std::string u = qrsc::lsp::uri_of_path(qrsc::lsp::canonical_file(entry.path()));
    const std::string text = read_text(entry.path());
    const auto start = std::chrono::steady_clock::now();
    EXPECT_NO_THROW({
      open(u, text);
      change(u, text.substr(0, text.size() / 2));
      change(u, text + "\n  - {");
      at("textDocument/hover", u, 3, 4);
      at("textDocument/completion", u, 3, 4);
      at("textDocument/definition", u, 3, 4);
      // On the file's longest line too (limits/line_40000's is 40,000 characters).
      const auto all = lines_of(text);
      const auto longest =
          std::max_element(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
      const int longest_line = all.empty() ? 0 : static_cast<int>(longest - all.begin());
      for (const char* method : {"textDocument/completion", "textDocument/definition", "textDocument/references"}) {
        at(method, u, longest_line, 10);
      }
      request("textDocument/documentSymbol", {{"textDocument", {{"uri", u}}}});
      notify("textDocument/didClose", {{"textDocument", {{"uri", u}}}}, u);
    }) << entry.path();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20)) << entry.path();
    ++files;
  }
  EXPECT_GT(files, 100);
}

// What the server says of each hostile case is what qrsc says of it (tests/hostile/expected.tsv:
// the error's fragment at its line, or no error for a case qrsc accepts), read when the case
// is opened as a spec of its own folder.
TEST_F(LspTest, HostileCorpusDiagnosticsAreQrscs) {
  const fs::path hostile = qrs_test::source_dir() / "tests/hostile";
  std::istringstream expected(read_text(hostile / "expected.tsv"));
  int placed = 0, accepted = 0;
  for (std::string line; std::getline(expected, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string field; std::getline(fields, field, '\t');) f.push_back(field);
    f.resize(5);
    if (f[4] == "build") continue;  // a backend's check (C++ names): qrsc build's, not qrsc check's
    const fs::path file = hostile / (f[0] + ".yaml");
    if (!fs::is_regular_file(file)) continue;
    const std::string u = qrsc::lsp::uri_of_path(qrsc::lsp::canonical_file(file));
    const json diagnostics = open(u, read_text(file));
    notify("textDocument/didClose", {{"textDocument", {{"uri", u}}}}, u);
    const auto errors = [&] {
      std::vector<json> out;
      for (const json& d : diagnostics) {
        if (d.value("severity", 0) == 1) out.push_back(d);
      }
      return out;
    }();
    if (f[1] == "0") {
      EXPECT_TRUE(errors.empty()) << f[0] << ": " << diagnostics.dump();
      ++accepted;
      continue;
    }
    const std::size_t colon = f[2].find(':');
    if (colon == std::string::npos) continue;  // anywhere, or the file itself
    const int line_number = std::stoi(f[2].substr(0, colon));
    const bool found = std::any_of(errors.begin(), errors.end(), [&](const json& d) {
      return d["range"]["start"]["line"] == line_number - 1 &&
             d["message"].get<std::string>().find(f[3]) != std::string::npos;
    });
    EXPECT_TRUE(found) << f[0] << ": expected '" << f[3] << "' at line " << line_number << ", got "
                       << diagnostics.dump();
    ++placed;
  }
  EXPECT_GT(placed, 60);
  EXPECT_GT(accepted, 10);
}

// The server's input is an editor's, or anything a process can write to its standard input.

std::string framed(const std::string& body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

// A header block without Content-Length cannot say where its body ends: it is answered with an
// error at once, and the reader goes on with the next message that has one.
TEST_F(LspTest, AHeaderWithoutContentLengthIsAnsweredAndTheNextMessageRead) {
  const std::string init = R"({"jsonrpc":"2.0","id":7,"method":"initialize","params":{"capabilities":{}}})";
  std::istringstream in("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + init + framed(init));
  qrsc::lsp::MessageReader reader(in);
  const auto first = reader.next();
  ASSERT_TRUE(first.has_value());
  const auto refused = server.handle_frame(*first);
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_TRUE(refused[0]["id"].is_null());
  EXPECT_EQ(refused[0]["error"]["code"], -32600) << refused[0].dump();
  EXPECT_NE(refused[0]["error"]["message"].get<std::string>().find("Content-Length"), std::string::npos);
  const auto second = reader.next();
  ASSERT_TRUE(second.has_value());
  const auto answered = server.handle_frame(*second);
  ASSERT_EQ(answered.size(), 1u);
  EXPECT_EQ(answered[0]["id"], 7);
  EXPECT_TRUE(answered[0]["result"].contains("capabilities")) << answered[0].dump();
  EXPECT_FALSE(reader.next().has_value());  // the end of the stream
}

// JSON nested 100,000 levels deep (a 200 KB message) is refused before it is parsed: copying or
// printing it would recurse once per level.
TEST_F(LspTest, AMessageNestedDeeperThanTheLimitIsRefusedAndTheServerAnswersOn) {
  const std::size_t depth = 100'000;
  const std::string deep = R"({"jsonrpc":"2.0","method":"textDocument/hover","id":)" + std::string(depth, '[') +
                           std::string(depth, ']') + "}";
  const auto refused = server.handle_frame({deep, ""});
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(refused[0]["error"]["code"], -32600) << refused[0].dump().substr(0, 200);
  // At the limit it is a message like any other (an id that is an array: JSON-RPC refuses it).
  const int limit = qrsc::lsp::kMaxJsonDepth;
  const std::string at_limit =
      R"({"jsonrpc":"2.0","method":"shutdown","id":)" + std::string(limit - 1, '[') + std::string(limit - 1, ']') + "}";
  EXPECT_FALSE(qrsc::lsp::nested_deeper_than(at_limit, limit));
  EXPECT_TRUE(qrsc::lsp::nested_deeper_than(R"({"a":[[]]})", 2));
  EXPECT_FALSE(qrsc::lsp::nested_deeper_than(R"({"a":"[[[[\"[[["})", 1));  // brackets in a string
  EXPECT_EQ(server.handle_frame({at_limit, ""}).size(), 1u);
  EXPECT_EQ(request("shutdown", json()), json());
}

// A line of 100,000 characters (spaces, as a flow entry may hold) is read by a scanner: the
// regular expression it replaced recursed once per character and overflowed the stack.
TEST_F(LspTest, AnEntrysValueIsFoundOnAVeryLongLine) {
  const std::string text = "tables:\n  - {" + std::string(100'000, ' ') + "id: far, kind: list }\n";
  EXPECT_EQ(qrsc::lsp::entry_value(text, 1, 2, "id"), "far");
  EXPECT_EQ(qrsc::lsp::entry_value(text, 1, 2, "kind"), "list");
  EXPECT_EQ(qrsc::lsp::entry_value(text, 1, 2, "title"), "");
  const std::string u = uri("fuzz-long-line.yaml");
  open(u, text);
  EXPECT_NO_THROW(at("textDocument/completion", u, 1, 100'010));
  EXPECT_NO_THROW(at("textDocument/references", u, 1, 100'020));
}

// Positions are the protocol's uintegers (0 to 2^31 - 1): the largest answers as any line past
// the end does, and what is not one is refused as invalid params, never wrapped or overflowed.
TEST_F(LspTest, PositionsAtAndPastTheProtocolsLimitAreAnsweredOrRefused) {
  const std::string u = uri("rff/acw-2.1-15mm.yaml");
  open(u, read_text(qrs_test::source_dir() / "rules/rff/acw-2.1-15mm.yaml"));
  for (const char* method :
       {"textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/completion"}) {
    const auto out = server.handle(
        {{"jsonrpc", "2.0"},
         {"id", 1},
         {"method", method},
         {"params",
          {{"textDocument", {{"uri", u}}}, {"position", {{"line", 2147483647}, {"character", 2147483647}}}}}});
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(out[0].contains("result")) << method << ": " << out[0].dump();
    for (const json& bad : {json(2147483648LL), json(-1), json(1e300), json(4294967296LL), json("3")}) {
      const auto refused = server.handle(
          {{"jsonrpc", "2.0"},
           {"id", 2},
           {"method", method},
           {"params", {{"textDocument", {{"uri", u}}}, {"position", {{"line", bad}, {"character", 0}}}}}});
      ASSERT_EQ(refused.size(), 1u);
      EXPECT_EQ(refused[0]["error"]["code"], -32602)
          << method << " at line " << bad.dump() << ": " << refused[0].dump();
    }
  }
}

// A rules folder that holds what the front end never reads: the server reads none of it either
// (the front end's file policy: regular files inside the folder, at most the spec size limit).
class LspFilePolicyTest : public LspTest {
 protected:
  fs::path root, outside, rules;
  std::string a_uri, b_uri;
  void SetUp() override {
    LspTest::SetUp();
    // <root>/rules/t/outside.yaml names the row too; the rules folder is <root>/ws/rules.
    outside = fs::canonical(qrs_test::write_temp_spec("outside.yaml", "qrs: 1\ncovers: [moves/march]\n"));
    root = outside.parent_path().parent_path().parent_path();
    rules = root / "ws" / "rules";
    fs::create_directories(rules);
    const std::string a = "qrs: 1\nid: a\ntables:\n  - id: moves\n    items:\n      - { id: march, text: March }\n";
    std::ofstream(rules / "a.yaml") << a;
    std::ofstream(rules / "b.yaml") << "qrs: 1\nid: b\ncovers: [moves/march]\n";
    a_uri = qrsc::lsp::uri_of_path(rules / "a.yaml");
    b_uri = qrsc::lsp::uri_of_path(rules / "b.yaml");
    open(a_uri, a);
  }
  void TearDown() override { fs::remove_all(root); }
  // The places references finds for `march`, and the files a rename of it would edit.
  std::pair<std::set<std::pair<std::string, int>>, std::set<std::string>> march() {
    std::set<std::pair<std::string, int>> found;
    for (const json& loc : at("textDocument/references", a_uri, 5, 16)) {
      found.insert({loc["uri"].get<std::string>(), loc["range"]["start"]["line"].get<int>()});
    }
    std::set<std::string> edited;
    const json edit = request(
        "textDocument/rename",
        {{"textDocument", {{"uri", a_uri}}}, {"position", {{"line", 5}, {"character", 16}}}, {"newName", "advance"}});
    for (const auto& [file, edits] : edit["changes"].items()) edited.insert(file);
    return {found, edited};
  }
};

TEST_F(LspFilePolicyTest, ALinkOutOfTheRulesFolderAndAnOversizedFileAreNotRead) {
  fs::create_symlink(outside, rules / "link_out.yaml");
  {
    std::ofstream big(rules / "big.yaml");
    big << "covers: [moves/march]\n" << std::string(qrsc::limits::kMaxFileBytes, '#') << "\n";
  }
  const auto [found, edited] = march();
  const std::set<std::pair<std::string, int>> expected = {{a_uri, 5}, {b_uri, 2}};
  EXPECT_EQ(found, expected);
  EXPECT_EQ(edited, (std::set<std::string>{a_uri, b_uri}));
}

TEST_F(LspFilePolicyTest, ALinkToADeviceAndAFifoAreNotReadAndTheServerAnswersOn) {
  fs::create_symlink("/dev/zero", rules / "zero.yaml");
  ASSERT_EQ(::mkfifo((rules / "fifo.yaml").c_str(), 0600), 0);
  const auto [found, edited] = march();
  const std::set<std::pair<std::string, int>> expected = {{a_uri, 5}, {b_uri, 2}};
  EXPECT_EQ(found, expected);
  EXPECT_EQ(edited, (std::set<std::string>{a_uri, b_uri}));
  // Completion of spec names lists the specs the front end would read, and no more.
  const std::string variant = "qrs: 1\nid: c\nextends: \n";
  const std::string c_uri = qrsc::lsp::uri_of_path(rules / "c.yaml");
  open(c_uri, variant);
  const auto names = completion_labels(c_uri, 2, 9);
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()), (std::set<std::string>{"a", "b"}));
}

// A client of its own server, for a copy of rules/ (the fixture's server answers rules/ itself).
struct Editor {
  qrsc::lsp::Server server{qrsc::SpecSearchPath{}};
  int next_id = 1;
  json request(const std::string& method, const json& params) {
    const auto out = server.handle({{"jsonrpc", "2.0"}, {"id", next_id++}, {"method", method}, {"params", params}});
    return out.empty() ? json() : out.front().value("result", json());
  }
  Editor() {
    request("initialize", {{"processId", nullptr}, {"capabilities", json::object()}});
    server.handle({{"jsonrpc", "2.0"}, {"method", "initialized"}, {"params", json::object()}});
  }
  // The errors of every document the opening published.
  std::vector<std::string> open(const fs::path& file) {
    const std::string u = qrsc::lsp::uri_of_path(qrsc::lsp::canonical_file(file));
    std::vector<std::string> errors;
    const json doc = {{"uri", u}, {"languageId", "yaml"}, {"version", 1}, {"text", read_text(file)}};
    for (const json& m :
         server.handle({{"jsonrpc", "2.0"}, {"method", "textDocument/didOpen"}, {"params", {{"textDocument", doc}}}})) {
      if (m["method"] != "textDocument/publishDiagnostics") continue;
      for (const json& d : errors_in(m["params"]["diagnostics"]))
        errors.push_back(m["params"]["uri"].get<std::string>() + ": " + d["message"].get<std::string>());
    }
    return errors;
  }
  json at(const std::string& method, const fs::path& file, int line, int character, json extra = json::object()) {
    extra["textDocument"] = {{"uri", qrsc::lsp::uri_of_path(qrsc::lsp::canonical_file(file))}};
    extra["position"] = {{"line", line}, {"character", character}};
    return request(method, extra);
  }
};

// Every error `qrsc check` reports on the specs of a rules folder, each opened in a new server.
std::vector<std::string> check_errors(const fs::path& rules) {
  std::vector<std::string> errors;
  for (const fs::path& file : qrsc::spec_files_under(rules, 10'000)) {
    Editor editor;
    for (auto& error : editor.open(file)) errors.push_back(std::move(error));
  }
  return errors;
}

// The key whose value the byte of a spec's line is in (`title: ...`, `{ text: ... }`), as the
// line writes it: the nearest "KEY: " before it.
std::string key_before(const std::string& line, std::size_t byte) {
  const std::size_t colon = line.rfind(": ", byte);
  if (colon == std::string::npos) return "";
  std::size_t start = colon;
  while (start > 0 && (std::isalnum(static_cast<unsigned char>(line[start - 1])) || line[start - 1] == '_')) --start;
  return line.substr(start, colon - start);
}

// An id of each kind the format describes, in a spec of rules/, with what hover shows of it (its
// title, name or value as the spec writes it). List items have no ids in rules/: the case gives
// one an id first, as the format allows.
struct IdCase {
  std::string_view kind;  // the object type's name in the format's description
  const char* file;
  const char* line;  // the start of the line that states the id
  const char* id;
  const char* hover;
  const char* edit_from = nullptr;
  const char* edit_to = nullptr;
};

const IdCase kIdCases[] = {
    {"sourceDoc", "battlecry/1812.yaml", "  - id: s004", "s004", "**source 's004'**"},
    {"vocabulary", "rff/acw-2.1-15mm.yaml", "  - id: target_rating", "target_rating", "`Target rating`"},
    // rules/ has no type modifiers: the case adds a roll whose sides read a matrix whose rows
    // are the terms and whose class columns are read against them, both renamed with the term,
    // and a list of modifiers for some of those types only (`except`, `only`), renamed too.
    {"term", "rff/acw-2.1-15mm.yaml", "      - { id: veteran, name: Veteran }", "veteran", "`Veteran`", "\ntables:\n",
     "\ntables:\n"
     "  - id: duel_modifiers\n"
     "    kind: modifiers\n"
     "    title: Duel Modifiers\n"
     "    items:\n"
     "      - { id: steady, value: +1, text: Steady, except: [veteran] }\n"
     "      - { id: eager, value: +1, text: Eager, only: [green, veteran] }\n"
     "  - id: duel_factors\n"
     "    kind: matrix\n"
     "    title: Duel Factors\n"
     "    cell: integer\n"
     "    columns:\n"
     "      - { id: vs_seasoned, name: Against seasoned, against: [crack, veteran] }\n"
     "      - { id: vs_raw, name: Against raw, against: [trained, green] }\n"
     "    rows:\n"
     "      - { id: crack, cells: { vs_seasoned: \"1\", vs_raw: \"2\" } }\n"
     "      - { id: veteran, cells: { vs_seasoned: \"0\", vs_raw: \"1\" } }\n"
     "      - { id: trained, cells: { vs_seasoned: \"0\", vs_raw: \"0\" } }\n"
     "      - { id: green, cells: { vs_seasoned: \"-1\", vs_raw: \"0\" } }\n"
     "  - id: duel\n"
     "    kind: bands\n"
     "    title: Duel\n"
     "    key: { name: Margin, min: 0, outside: clamp, columns_title: Loser, dice: { attacker: { roll: d6, modifiers: "
     "[duel_modifiers], type_modifiers: duel_factors }, defender: { roll: d6, type_modifiers: duel_factors }, result: "
     "margin, "
     "column: loser } }\n"
     "    columns: target_rating\n"
     "    rows:\n"
     "      - { id: beaten, title: Beaten, bands: { crack: 1 or more, veteran: 1 or more, trained: 1 or more, green: 1 "
     "or more } }\n"
     "      - { id: held, title: Held, bands: { crack: \"0\", veteran: \"0\", trained: \"0\", green: \"0\" } }\n"},
    {"table", "rff/acw-2.1-15mm.yaml", "  - id: maneuver_good_order", "maneuver_good_order",
     "`Troops in Good Order and Guns Effects`"},
    {"column", "rff/acw-2.1-15mm.yaml", "      - { id: r4, range: 4in }", "r4", "`4\"`"},
    {"bandRow", "rff/acw-2.1-15mm.yaml", "      - id: double_quick", "double_quick", "Double Quick"},
    {"part", "rff/acw-2.1-15mm.yaml", "          - id: charge_checked", "charge_checked", "`Charge checked.`"},
    {"modifier", "rff/acw-2.1-15mm.yaml", "      - { id: out_of_command,", "out_of_command", "`-2 Out of command`"},
    {"trait", "rff/acw-2.1-15mm.yaml", "      - id: buck_and_ball", "buck_and_ball", "Smoothbore muskets (SM) firing"},
    {"modifierGroup", "rff/acw-2.1-15mm.yaml", "      - id: leader_rating", "leader_rating",
     "gallant_leader, able_leader, poor_leader"},
    {"matrixRow", "rff/acw-2.1-15mm.yaml", "      - { id: infantry_line,", "infantry_line", "`Line`"},
    {"listItem", "rff/acw-2.1-15mm.yaml", "          - id: defensive_fire", "defensive_fire",
     "`Opponent resolves all defensive fire combat.`",
     "          - text: Opponent resolves all defensive fire combat.\n",
     "          - id: defensive_fire\n            text: Opponent resolves all defensive fire combat.\n"},
    {"section", "rff/acw-2.1-15mm.yaml", "      - id: maneuver_phase", "maneuver_phase", "`Maneuver (1st) Phase`"},
    {"fact", "rff/acw-2.1-15mm.yaml", "      - { id: ground,", "ground", "`1\"`"},
    // rules/ has no opposed roll read by type: the case adds one, with a matchup.
    {"matchup", "rff/acw-2.1-15mm.yaml", "      - id: green_by_crack", "green_by_crack", "Green beaten by Crack",
     "\ntables:\n",
     "\ntables:\n"
     "  - id: duel\n"
     "    kind: bands\n"
     "    title: Duel\n"
     "    key: { name: Margin, min: 0, columns_title: Loser, dice: { attacker: { roll: d6 }, defender: { roll: d6 }, "
     "result: margin, column: loser } }\n"
     "    columns: target_rating\n"
     "    rows:\n"
     "      - { id: beaten, title: Beaten, bands: { crack: 1 or more, veteran: 1 or more, trained: 1 or more, green: 1 "
     "or more } }\n"
     "      - { id: held, title: Held, bands: { crack: \"0\", veteran: \"0\", trained: \"0\", green: \"0\" } }\n"
     "    matchups:\n"
     "      - id: green_by_crack\n"
     "        loser: green\n"
     "        winner: crack\n"
     "        bands: { beaten: 0 or more }\n"},
};

// Hover and rename of an id of every kind the format describes (format::id_kinds(): a new kind
// without a case here fails), on a copy of rules/, its declaration written plain and then
// double-quoted: hover shows the entry; rename changes the id at every place of the family that
// names it and nothing else (no sheet text), and `qrsc check` is as clean after it as before.
TEST(LspIdKinds, HoverAndRenameOfEveryIdKindOfTheFormat) {
  for (const qrsc::format::ObjectType* kind : qrsc::format::id_kinds()) {
    const auto c =
        std::find_if(std::begin(kIdCases), std::end(kIdCases), [&](const IdCase& i) { return i.kind == kind->name; });
    ASSERT_NE(c, std::end(kIdCases)) << "no hover and rename case for the id kind '" << kind->name << "'";
  }
  EXPECT_EQ(std::size(kIdCases), qrsc::format::id_kinds().size());
  // One case: its ASSERTs end that case only.
  const auto run = [](const IdCase& c, bool quoted) {
    const fs::path root = qrs_test::write_temp_spec("unused.yaml", "").parent_path().parent_path().parent_path();
    const fs::path rules = root / "rules";
    fs::remove_all(rules);
    fs::copy(qrs_test::source_dir() / "rules", rules, fs::copy_options::recursive);
    const fs::path file = rules / c.file;
    std::string text = read_text(file);
    if (c.edit_from) text = with(text, c.edit_from, c.edit_to);
    const std::string plain = std::string("id: ") + c.id;
    const std::size_t declared = text.find(std::string("\n") + c.line);
    ASSERT_NE(declared, std::string::npos) << c.line;
    if (quoted) text.replace(text.find(plain, declared), plain.size(), std::string("id: \"") + c.id + "\"");
    std::ofstream(file, std::ios::binary) << text;
    ASSERT_EQ(check_errors(rules), std::vector<std::string>{});
    const auto lines = lines_of(text);
    const int line = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(declared) + 1, '\n'));
    const int character = static_cast<int>(lines[static_cast<std::size_t>(line)].find(c.id)) + 1;
    Editor editor;
    editor.open(file);
    const json h = editor.at("textDocument/hover", file, line, character);
    ASSERT_TRUE(h.is_object()) << h.dump();
    EXPECT_NE(h["contents"]["value"].get<std::string>().find(c.hover), std::string::npos) << h.dump();
    const std::string renamed = std::string(c.id) + "_renamed";
    const json edit = editor.at("textDocument/rename", file, line, character, {{"newName", renamed}});
    ASSERT_TRUE(edit.is_object()) << edit.dump();
    bool declaration = false;
    for (const auto& [u, list] : edit["changes"].items()) {
      const fs::path changed = *qrsc::lsp::path_of_uri(u);
      auto changed_lines = lines_of(read_text(changed));
      // The last edit of a line first: each keeps the earlier columns (ids are ASCII).
      std::vector<json> edits(list.begin(), list.end());
      std::sort(edits.begin(), edits.end(), [](const json& a, const json& b) {
        return std::make_pair(a["range"]["start"]["line"].get<int>(), a["range"]["start"]["character"].get<int>()) >
               std::make_pair(b["range"]["start"]["line"].get<int>(), b["range"]["start"]["character"].get<int>());
      });
      for (const json& e : edits) {
        const auto n = e["range"]["start"]["line"].get<std::size_t>();
        const std::size_t from = e["range"]["start"]["character"], to = e["range"]["end"]["character"];
        std::string& l = changed_lines[n];
        EXPECT_EQ(l.substr(from, to - from), c.id) << u << ":" << n + 1 << ": " << l;
        const std::string key = key_before(l, from);
        EXPECT_FALSE(qrsc::format::is_sheet_text(key) || key == "notes" || key == "note")
            << "sheet text renamed: " << u << ":" << n + 1 << ": " << l;
        if (changed == qrsc::lsp::canonical_file(file) && static_cast<int>(n) == line) declaration = true;
        l.replace(from, to - from, renamed);
      }
      std::ofstream(changed, std::ios::binary) << joined(changed_lines);
    }
    EXPECT_TRUE(declaration) << edit.dump();
    EXPECT_EQ(check_errors(rules), std::vector<std::string>{});
    fs::remove_all(root);
  };
  for (const IdCase& c : kIdCases) {
    for (const bool quoted : {false, true}) {
      SCOPED_TRACE(std::string(c.kind) + (quoted ? " (quoted)" : ""));
      run(c, quoted);
    }
  }
}

TEST_F(LspTest, ShutdownThenExitEndsCleanly) {
  EXPECT_TRUE(request("shutdown", json()).is_null());
  server.handle({{"jsonrpc", "2.0"}, {"method", "exit"}});
  EXPECT_TRUE(server.exited());
  EXPECT_EQ(server.exit_code(), 0);
}

}  // namespace
