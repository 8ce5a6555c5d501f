// Where extends: and apply: find specs: the spec's own rules root, then -I folders (and
// QRS_PATH's), then the installed specs; names stay inside those roots.
#include "qrsc/frontend/spec_search_path.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "qrsc/frontend/frontend.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;

namespace {

const char* const kParent = "qrs: 1\nsystem: t\ntitle: Parent in {}\n";

struct Roots {
  fs::path base, house, shared, installed;
};

// A house spec in its own rules folder, a shared folder (-I) and an "installed" folder, each
// with a parent of the same name, so the order is visible in the inherited title.
Roots make_roots() {
  const fs::path house_spec = qrs_test::write_temp_spec("house.yaml", "qrs: 1\nextends: pub/parent\n");
  Roots r{house_spec.parent_path().parent_path().parent_path(), house_spec.parent_path().parent_path(), {}, {}};
  r.shared = r.base / "shared";
  r.installed = r.base / "share" / "qrs" / "rules";
  for (const auto& [dir, name] : {std::pair{r.shared, "shared"}, {r.installed, "installed"}}) {
    fs::create_directories(dir / "pub");
    std::string text = kParent;
    text.replace(text.find("{}"), 2, name);
    std::ofstream(dir / "pub" / "parent.yaml") << text;
  }
  return r;
}

std::string compile(const fs::path& spec, const qrsc::SpecSearchPath& search, std::string* title = nullptr) {
  qrsc::Diagnostics diags;
  const auto s = qrsc::compile_spec(spec, diags, search);
  if (s && title) *title = s->title;
  std::ostringstream out;
  diags.print(out);
  return out.str();
}

TEST(SpecSearchPath, OwnRootThenIncludeFoldersThenInstalled) {
  const Roots r = make_roots();
  const fs::path house = r.house / "t" / "house.yaml";
  std::string title, d;
  d = compile(house, {{r.shared}, r.installed}, &title);
  EXPECT_EQ(title, "Parent in shared") << d;
  d = compile(house, {{}, r.installed}, &title);
  EXPECT_EQ(title, "Parent in installed") << d;
  // The spec's own rules root comes first.
  fs::create_directories(r.house / "pub");
  std::ofstream(r.house / "pub" / "parent.yaml") << "qrs: 1\nsystem: t\ntitle: Parent at home\n";
  d = compile(house, {{r.shared}, r.installed}, &title);
  EXPECT_EQ(title, "Parent at home") << d;
}

TEST(SpecSearchPath, AFailureListsEveryPlaceLookedWithADidYouMean) {
  const Roots r = make_roots();
  const fs::path spec = r.house / "t" / "typo.yaml";
  std::ofstream(spec) << "qrs: 1\nextends: pub/parnet\n";
  const std::string d = compile(spec, {{r.shared}, r.installed});
  EXPECT_NE(d.find("typo.yaml:2:10: error: cannot find spec 'pub/parnet'; did you mean 'pub/parent'?"),
            std::string::npos)
      << d;
  for (const auto& root : {r.house, r.shared, r.installed}) {
    EXPECT_NE(d.find((root / "pub" / "parnet.yaml").string()), std::string::npos) << d;
  }
}

TEST(SpecSearchPath, NamesCannotLeaveTheRoots) {
  const Roots r = make_roots();
  std::ofstream(r.base / "secret.yaml") << "qrs: 1\nsystem: t\ntitle: Secret\n";
  const auto check = [&](const std::string& name, const std::string& line, const std::string& want) {
    const fs::path spec = r.house / "t" / "hostile.yaml";
    std::ofstream(spec) << "qrs: 1\n" << line << name << "\n";
    const std::string d = compile(spec, {{r.shared}, r.installed});
    EXPECT_NE(d.find(want), std::string::npos) << name << "\n" << d;
    EXPECT_EQ(d.find("Secret"), std::string::npos) << d;
  };
  check("../secret", "extends: ", "hostile.yaml:2:10: error: spec name '../secret' is a path with '..'");
  check("pub/../../secret", "extends: ", "is a path with '..'");
  check((r.base / "secret").string(),
        "extends: ", "hostile.yaml:2:10: error: spec name '" + (r.base / "secret").string() + "' is an absolute path");
  check("../secret", "apply: ", "hostile.yaml:2:8: error: spec name '../secret' is a path with '..'");
  // A symlink inside a root that leads out of it.
  fs::create_symlink(r.base / "secret.yaml", r.shared / "pub" / "leak.yaml");
  check("pub/leak", "extends: ",
        "hostile.yaml:2:10: error: spec 'pub/leak' found as " + (r.shared / "pub" / "leak.yaml").string() +
            ", which leads out of its root");
}

TEST(SpecSearchPath, QrsPathIsSplitOnColons) {
  const auto dirs = qrsc::split_search_path("/a::/b/c:");
  ASSERT_EQ(dirs.size(), 2u);
  EXPECT_EQ(dirs[0], fs::path("/a"));
  EXPECT_EQ(dirs[1], fs::path("/b/c"));
}

TEST(HouseSources, ADocumentThatIsNotAFileIsNamedByItsTitle) {
  const fs::path spec = qrs_test::write_temp_spec("house.yaml", R"(qrs: 1
system: t
title: House
sources:
  - { id: house, title: House rules, edition: "2", date: "2026", url: "https://example.org/house" }
  - { id: nameless, edition: "1" }
tables:
  - id: roll
    kind: bands
    title: Roll
    key: { type: integer }
    source: { doc: house, note: our own table }
    rows:
      - { id: hit, title: Hit, band: 5 or more }
      - { id: miss, title: Miss, band: 4 or less }
)");
  qrsc::Diagnostics diags;
  qrsc::compile_spec(spec, diags);
  std::ostringstream out;
  diags.print(out);
  EXPECT_EQ(diags.error_count(), 1) << out.str();
  EXPECT_NE(out.str().find("house.yaml:6:5: error: source document 'nameless' needs 'file' (unless it has 'title')"),
            std::string::npos)
      << out.str();
}

}  // namespace
