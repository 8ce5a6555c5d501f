// What hostile specs cannot be tested through the command line alone: a rename that fails
// halfway through a build's outputs, a build killed or interrupted there, links and modes of
// the files it replaces, and 64-bit overflow in qrs::Fraction.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "qrs/fraction.hpp"
#include "qrsc/base/output.hpp"
#include "qrsc/base/temp_dir.hpp"
#include "qrsc/frontend/table_memo.hpp"
#include "qrsc/model/notation.hpp"
#include "qrsc/yaml/source_tree.hpp"
#include "test_support.hpp"

namespace {

namespace fs = std::filesystem;

// The message of a failed step, or "" when it succeeded.
std::string error_of(const qrsc::Expected<void>& r) { return r ? std::string() : r.error().message; }

TEST(Output, AFailedRenameLeavesEveryOldFileInPlace) {
  const fs::path dir = qrs_test::write_temp_spec("unused.yaml", "").parent_path() / "out";
  fs::create_directories(dir / "rff");
  std::ofstream(dir / "rff/a.hpp") << "old a";
  std::ofstream(dir / "rff/b.hpp") << "old b";
  // c.hpp is new; the rename of b's new content into place fails.
  const std::vector<qrsc::PendingFile> files = {
      {dir / "rff/a.hpp", "new a"}, {dir / "rff/c.hpp", "new c"}, {dir / "rff/b.hpp", "new b"}};
  const auto failing = [](const fs::path& target, std::error_code& ec) {
    if (target.filename() == "b.hpp") ec = std::make_error_code(std::errc::io_error);
  };
  const std::string err = error_of(qrsc::write_files_atomically(files, {}, failing));
  EXPECT_NE(err.find("cannot replace"), std::string::npos) << err;
  EXPECT_EQ(qrs_test::read_text(dir / "rff/a.hpp"), "old a");
  EXPECT_EQ(qrs_test::read_text(dir / "rff/b.hpp"), "old b");
  EXPECT_FALSE(fs::exists(dir / "rff/c.hpp"));
  // Nothing left behind: only the two old files.
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir / "rff")) ++n;
  EXPECT_EQ(n, 2U);
  // The same files with a working rename are all replaced.
  EXPECT_EQ(error_of(qrsc::write_files_atomically(files)), "");
  EXPECT_EQ(qrs_test::read_text(dir / "rff/a.hpp"), "new a");
  EXPECT_EQ(qrs_test::read_text(dir / "rff/b.hpp"), "new b");
  EXPECT_EQ(qrs_test::read_text(dir / "rff/c.hpp"), "new c");
}

TEST(Output, ATargetThatIsAFolderIsRefusedBeforeAnythingMoves) {
  const fs::path dir = qrs_test::write_temp_spec("unused.yaml", "").parent_path() / "out2";
  fs::create_directories(dir / "x.hpp");
  std::ofstream(dir / "a.hpp") << "old a";
  const std::string err = error_of(qrsc::write_files_atomically({{dir / "a.hpp", "new a"}, {dir / "x.hpp", "new x"}}));
  EXPECT_NE(err.find("not a regular file"), std::string::npos) << err;
  EXPECT_EQ(qrs_test::read_text(dir / "a.hpp"), "old a");
  EXPECT_TRUE(fs::is_directory(dir / "x.hpp"));
}

// The names in a folder, sorted.
std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

fs::path fresh_folder(const std::string& name) {
  const fs::path dir = qrs_test::write_temp_spec("unused.yaml", "").parent_path() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Three old files and their new contents; the process ends at the commit step of the second.
void commit_and_die_at_b(const fs::path& dir, int sig) {
  const auto die = [sig](const fs::path& target, std::error_code&) {
    if (target.filename() == "b.hpp") ::raise(sig);
  };
  (void)qrsc::write_files_atomically({{dir / "a.hpp", "new a"}, {dir / "b.hpp", "new b"}, {dir / "c.hpp", "new c"}}, {},
                                     die);
  std::_Exit(0);  // not reached
}

void write_old_files(const fs::path& dir) {
  for (const char* n : {"a.hpp", "b.hpp", "c.hpp"}) std::ofstream(dir / n) << "old " << n[0];
}

// Killed (SIGKILL: no handler runs) between two targets of a commit: every target is whole,
// old or new, and none is missing; the temporaries it leaves are removed by the next writer.
TEST(OutputDeathTest, AKillBetweenTwoRenamesLeavesEveryTargetWhole) {
  const fs::path dir = fresh_folder("killed");
  write_old_files(dir);
  EXPECT_EXIT(commit_and_die_at_b(dir, SIGKILL), testing::KilledBySignal(SIGKILL), "");
  EXPECT_EQ(qrs_test::read_text(dir / "a.hpp"), "new a");
  EXPECT_EQ(qrs_test::read_text(dir / "b.hpp"), "old b");
  EXPECT_EQ(qrs_test::read_text(dir / "c.hpp"), "old c");
  EXPECT_GT(names_in(dir).size(), 3U);  // the dead writer's temporaries
  EXPECT_EQ(error_of(qrsc::write_files_atomically({{dir / "d.hpp", "d"}})), "");
  EXPECT_EQ(names_in(dir), (std::vector<std::string>{"a.hpp", "b.hpp", "c.hpp", "d.hpp"}));
}

// SIGTERM (as SIGINT and SIGHUP) removes the temporaries and ends the process with that signal.
TEST(OutputDeathTest, ATerminatedBuildRemovesItsTemporaries) {
  const fs::path dir = fresh_folder("terminated");
  write_old_files(dir);
  EXPECT_EXIT(commit_and_die_at_b(dir, SIGTERM), testing::KilledBySignal(SIGTERM), "");
  EXPECT_EQ(names_in(dir), (std::vector<std::string>{"a.hpp", "b.hpp", "c.hpp"}));
  EXPECT_EQ(qrs_test::read_text(dir / "a.hpp"), "new a");
  EXPECT_EQ(qrs_test::read_text(dir / "b.hpp"), "old b");
}

// A link planted at an output's name is refused, and what it points at is untouched.
TEST(Output, ALinkAtATargetIsNeverFollowed) {
  const fs::path dir = fresh_folder("planted");
  std::ofstream(dir / "victim") << "precious";
  fs::create_symlink(dir / "victim", dir / "index.html");
  const std::string err = error_of(qrsc::write_files_atomically({{dir / "index.html", "sheet"}}));
  EXPECT_NE(err.find("not a regular file"), std::string::npos) << err;
  EXPECT_EQ(qrs_test::read_text(dir / "victim"), "precious");
  EXPECT_TRUE(fs::is_symlink(dir / "index.html"));
}

// A link planted at a folder below the output folder (out/<system> pointing at another user's
// folder) is refused, never followed: the other folder's file is untouched.
TEST(Output, ALinkAtAFolderBelowTheRootIsNeverFollowed) {
  const fs::path dir = fresh_folder("planted_folder");
  fs::create_directories(dir / "other");
  fs::create_directories(dir / "out");
  std::ofstream(dir / "other" / "x.hpp") << "precious";
  fs::create_directory_symlink(dir / "other", dir / "out" / "sys");
  const std::string err = error_of(qrsc::write_files_atomically({{dir / "out" / "sys" / "x.hpp", "new"}}, dir / "out"));
  EXPECT_NE(err.find("out/sys: it is a link or not a folder"), std::string::npos) << err;
  EXPECT_EQ(qrs_test::read_text(dir / "other" / "x.hpp"), "precious");
  EXPECT_EQ(names_in(dir / "other"), (std::vector<std::string>{"x.hpp"}));
  // A folder made below the root is made without following anything, and used.
  EXPECT_EQ(error_of(qrsc::write_files_atomically({{dir / "out" / "new" / "deeper" / "y.hpp", "y"}}, dir / "out")), "");
  EXPECT_EQ(qrs_test::read_text(dir / "out" / "new" / "deeper" / "y.hpp"), "y");
}

// SIGTERM (as SIGINT and SIGHUP) removes a scratch folder (TempDir) with its tree, links
// removed and not followed, and ends the process with that signal.
TEST(OutputDeathTest, ATerminatedRunRemovesItsScratchFolder) {
  const fs::path base = fresh_folder("scratch");
  std::ofstream(base / "outside") << "precious";
  EXPECT_EXIT(
      {
        ::setenv("TMPDIR", base.c_str(), 1);
        const qrsc::TempDir t("qrsc-test");
        fs::create_directories(t.path / "a" / "b");
        std::ofstream(t.path / "a" / "b" / "f") << "x";
        fs::create_symlink(base / "outside", t.path / "a" / "link");
        fs::create_directory_symlink(base, t.path / "up");
        ::raise(SIGTERM);
      },
      testing::KilledBySignal(SIGTERM), "");
  EXPECT_EQ(names_in(base), (std::vector<std::string>{"outside"}));
  EXPECT_EQ(qrs_test::read_text(base / "outside"), "precious");
}

// A replaced file keeps its permission bits; a new one gets 0666 less the umask.
TEST(Output, AReplacedFileKeepsItsMode) {
  const fs::path dir = fresh_folder("modes");
  std::ofstream(dir / "private.hpp") << "old";
  fs::permissions(dir / "private.hpp", fs::perms::owner_read | fs::perms::owner_write);
  ASSERT_EQ(error_of(qrsc::write_files_atomically({{dir / "private.hpp", "new"}, {dir / "fresh.hpp", "new"}})), "");
  EXPECT_EQ(fs::status(dir / "private.hpp").permissions(), fs::perms::owner_read | fs::perms::owner_write);
  const mode_t mask = ::umask(0);
  ::umask(mask);
  EXPECT_EQ(static_cast<mode_t>(fs::status(dir / "fresh.hpp").permissions()), 0666 & ~mask);
}

// qrs-migrate's replacement: a file with another hard link is refused unless asked, and the
// write names the file and the system's reason when it fails.
TEST(Output, AHardLinkedFileIsReplacedOnlyWhenAsked) {
  const fs::path dir = fresh_folder("links");
  std::ofstream(dir / "game.cpp") << "old";
  fs::create_hard_link(dir / "game.cpp", dir / "copy.cpp");
  const std::string err = error_of(qrsc::replace_file(dir / "game.cpp", "new"));
  EXPECT_NE(err.find("2 hard links"), std::string::npos) << err;
  EXPECT_EQ(qrs_test::read_text(dir / "game.cpp"), "old");
  EXPECT_EQ(error_of(qrsc::replace_file(dir / "game.cpp", "new", /*break_hard_links=*/true)), "");
  EXPECT_EQ(qrs_test::read_text(dir / "game.cpp"), "new");
  EXPECT_EQ(qrs_test::read_text(dir / "copy.cpp"), "old");
  if (::geteuid() != 0) {  // root writes anywhere
    fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec);
    const std::string denied = error_of(qrsc::replace_file(dir / "game.cpp", "newer", true));
    fs::permissions(dir, fs::perms::owner_all);
    EXPECT_NE(denied.find("cannot write " + (dir / "game.cpp").string() + ": Permission denied"), std::string::npos)
        << denied;
  }
}

using qrs::Fraction;
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

TEST(Fraction, OverflowThrowsInsteadOfWrapping) {
  EXPECT_THROW((void)(Fraction(kMax) + Fraction(1)), qrs::FractionOverflow);
  EXPECT_THROW((void)(Fraction(kMax) * Fraction(2)), qrs::FractionOverflow);
  EXPECT_THROW((void)(-Fraction(kMax) - Fraction(2)), qrs::FractionOverflow);
  EXPECT_THROW((void)(Fraction(1, 3) + Fraction(1, kMax)), qrs::FractionOverflow);
  EXPECT_THROW((void)Fraction(std::numeric_limits<std::int64_t>::min()), qrs::FractionOverflow);
  EXPECT_THROW((void)Fraction(1, 0), qrs::FractionOverflow);
  EXPECT_THROW((void)(Fraction(1) / Fraction(0)), qrs::FractionOverflow);
}

TEST(Fraction, ResultsThatFitAreExactEvenWhenIntermediatesWouldNot) {
  // Cross-reduced products and sums over the least common denominator.
  EXPECT_EQ(Fraction(kMax, 3) * Fraction(3, kMax), Fraction(1));
  EXPECT_EQ(Fraction(1, kMax) + Fraction(1, kMax), Fraction(2, kMax));
  // Comparison never overflows: these cross products are far beyond 64 bits.
  EXPECT_LT(Fraction(kMax - 1, kMax), Fraction(kMax - 2, kMax - 1) + Fraction(1, kMax - 1));
  EXPECT_LT(Fraction(kMax - 2, kMax - 1), Fraction(kMax - 1, kMax));
  EXPECT_GT(Fraction(kMax, 2), Fraction(kMax - 1, 2));
  EXPECT_LT(Fraction(-kMax, 3), Fraction(-kMax + 1, 3));
  EXPECT_EQ(Fraction(-7, 2).floor(), -4);
  EXPECT_EQ(Fraction(-7, 2).ceil(), -3);
  EXPECT_EQ(Fraction(7, 2).ceil(), 4);
}

// In a constant expression (every generated table) an overflow is a compile error: the
// overflowing computation is not a constant expression at all.
template <class F>
concept ConstantExpression = requires {
  typename std::bool_constant<(F{}(), true)>;
};
static_assert(ConstantExpression<decltype([] { return Fraction(1, 2) + Fraction(1, 3); })>);
static_assert(!ConstantExpression<decltype([] { return Fraction(kMax) + Fraction(1); })>);
static_assert(!ConstantExpression<decltype([] { return Fraction(kMax) * Fraction(2); })>);
static_assert(!ConstantExpression<decltype([] { return Fraction(1, 0); })>);
static_assert(Fraction(kMax, 3) * Fraction(3, kMax) == Fraction(1));

TEST(Numbers, TheLoaderRefusesNumbersBeyondItsLimits) {
  std::string why;
  EXPECT_FALSE(qrsc::parse_number("4294967297", &why));
  EXPECT_NE(why.find("out of range"), std::string::npos) << why;
  EXPECT_FALSE(qrsc::parse_number("9223372036854775808"));
  EXPECT_FALSE(qrsc::parse_number("1/0"));
  EXPECT_FALSE(qrsc::parse_number("1.0000001"));
  EXPECT_EQ(*qrsc::parse_number("1000000000"), Fraction(1000000000));
  EXPECT_EQ(*qrsc::parse_number("-1 1/2"), Fraction(-3, 2));
  EXPECT_EQ(qrsc::format_decimal(Fraction(999999999999, 4)), "249999999999.75");
  EXPECT_EQ(qrsc::format_decimal(Fraction(-5, 4)), "-1.25");
}

TEST(Numbers, ScannersHandleLongInputWithoutRecursion) {
  // std::regex overflowed the stack from about 50,000 characters.
  const std::string digits(200000, '7');
  EXPECT_FALSE(qrsc::parse_number(digits));
  EXPECT_FALSE(qrsc::parse_band(digits + " or more", qrsc::KeyType::integer).ok());
  EXPECT_FALSE(qrsc::parse_cell(std::string(200000, '1') + "/2/1", qrsc::CellType::levels).ok());
  EXPECT_FALSE(qrsc::parse_cell("M+" + digits, qrsc::CellType::dice).ok());
}

}  // namespace

// The tree keeps what the file says, in its order, with each key's place: maps and lists
// gather their children while open and keep them in lists made when they close (a map past
// 16 keys checks duplicates another way); a copy's children are its own.
TEST(YamlTree, ChildrenKeepTheirOrderAndPlacesThroughCopiesAndEdits) {
  std::string text = "top:\n  list: [a, {b: 1}, [], {}]\n  empty_map: {}\n  empty_list: []\n  big:\n";
  for (int i = 0; i < 20; ++i) text += "    k" + std::to_string(i) + ": " + std::to_string(i) + "\n";
  text += "last: x\n";
  qrsc::Diagnostics diags;
  const qrsc::NodePtr root = qrsc::load_yaml_string(text, "tree.yaml", diags);
  ASSERT_TRUE(root) << diags.all().size();
  ASSERT_EQ(root->entries.size(), 2u);
  EXPECT_EQ(root->entries[0].first, "top");
  EXPECT_EQ(root->entries[1].first, "last");
  EXPECT_EQ(root->key_loc("last").line, 26);
  const qrsc::NodePtr top = root->get("top");
  const qrsc::NodePtr list = top->get("list");
  ASSERT_TRUE(list->is_seq());
  ASSERT_EQ(list->items.size(), 4u);
  EXPECT_EQ(list->items[0]->scalar, "a");
  EXPECT_EQ(list->items[1]->get("b")->scalar, "1");
  EXPECT_TRUE(list->items[2]->is_seq() && list->items[2]->items.empty());
  EXPECT_TRUE(list->items[3]->is_map() && list->items[3]->entries.empty());
  EXPECT_TRUE(top->get("empty_map")->is_map() && top->get("empty_map")->entries.empty());
  EXPECT_EQ(top->get("empty_map")->entries.begin(), top->get("empty_map")->entries.end());
  const qrsc::NodePtr big = top->get("big");
  ASSERT_EQ(big->entries.size(), 20u);
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(big->entries[static_cast<std::size_t>(i)].first, "k" + std::to_string(i));
    EXPECT_EQ(big->key_loc("k" + std::to_string(i)).line, 6 + i);
    EXPECT_EQ(big->key_loc("k" + std::to_string(i)).col, 5);
  }
  // A copy changed leaves the original as it was.
  const qrsc::NodePtr copy = std::make_shared<qrsc::Node>(*big);
  copy->erase("k3");
  copy->set("k20", list);
  EXPECT_EQ(copy->entries.size(), 20u);
  EXPECT_FALSE(copy->get("k3"));
  EXPECT_EQ(copy->entries.back().first, "k20");
  EXPECT_EQ(big->entries.size(), 20u);
  EXPECT_EQ(big->get("k3")->scalar, "3");
  EXPECT_FALSE(big->get("k20"));

  // A duplicate key is found in a small map and in one past 16 keys.
  for (const int keys : {3, 18}) {
    std::string dup;
    for (int i = 0; i < keys; ++i) dup += "k" + std::to_string(i) + ": 1\n";
    dup += "k1: 2\n";
    qrsc::Diagnostics d;
    EXPECT_FALSE(qrsc::load_yaml_string(dup, "dup.yaml", d));
    ASSERT_EQ(d.all().size(), 1u);
    EXPECT_NE(d.all()[0].message.find("duplicate key 'k1'"), std::string::npos);
    EXPECT_EQ(d.all()[0].loc.line, keys + 1);
  }
}

// The run's table memo finds a table only from the very nodes it was built from, and lets it
// go once they are gone: a variant's own tables do not outlive the variant in a long run.
TEST(TableMemo, ATableIsFoundOnlyFromTheLiveNodesItWasBuiltFrom) {
  qrsc::TableMemo memo;
  auto table = std::make_shared<qrsc::Node>();
  auto vocabularies = std::make_shared<qrsc::Node>();
  auto built = std::make_shared<const qrsc::Table>();
  std::weak_ptr<const qrsc::Table> watched = built;
  memo.keep({table, vocabularies, nullptr, "15mm"}, std::move(built), {});
  ASSERT_TRUE(memo.find({table, vocabularies, nullptr, "15mm"}));
  EXPECT_FALSE(memo.find({table, nullptr, nullptr, "15mm"}));
  EXPECT_FALSE(memo.find({std::make_shared<qrsc::Node>(), vocabularies, nullptr, "15mm"}));
  // A text may name the figure scale: the same node built at another scale is another table.
  EXPECT_FALSE(memo.find({table, vocabularies, nullptr, "28mm"}));
  memo.forget_unreachable();
  EXPECT_EQ(memo.size(), 1u);  // its nodes are alive
  // Once the table's node is gone, a node at the same address is another node (simulated:
  // a pointer to that address that shares nothing with it).
  qrsc::Node* const address = table.get();
  const auto holder = std::make_shared<qrsc::Node>();
  table.reset();
  const qrsc::NodePtr same_address(holder, address);
  EXPECT_FALSE(memo.find({same_address, vocabularies, nullptr, "15mm"}));
  memo.forget_unreachable();
  EXPECT_EQ(memo.size(), 0u);
  EXPECT_TRUE(watched.expired());
}
