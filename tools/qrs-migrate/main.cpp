// qrs-migrate: rewrites C++ that uses one sheet's generated header so that it uses another's.
//   qrs-migrate --from SPEC --to SPEC [-p BUILD_DIR] [--dry-run] [--break-hardlinks] FILE... [-- FLAGS]
// The compile commands follow the Clang tools' convention: `-p BUILD_DIR` reads the build
// folder's compile_commands.json, flags after `--` are a fixed compilation database; with
// neither, the project's own (C++20, runtime/ and generated/ beside the spec's rules/).
// A SPEC is a file or a name, found as qrsc finds it (./rules, QRS_PATH, the installed specs).
// Exit status: 0 when everything migrated, 1 when anything could not be (each such use is
// reported as file:line:col: error: and left as it is), 2 on usage errors.
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Core/Replacement.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/CommandLine.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "migration.hpp"
#include "qrsc/base/output.hpp"
#include "qrsc/base/printable.hpp"
#include "qrsc/frontend/spec_argument.hpp"
#include "sheet_map.hpp"
#include "unified_diff.hpp"

namespace fs = std::filesystem;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory kCategory("qrs-migrate options");
cl::opt<std::string> kFrom("from", cl::desc("the spec whose header the code uses now"), cl::value_desc("SPEC"),
                           cl::Required, cl::cat(kCategory));
cl::opt<std::string> kTo("to", cl::desc("the spec whose header the code should use"), cl::value_desc("SPEC"),
                         cl::Required, cl::cat(kCategory));
cl::opt<std::string> kBuildPath("p", cl::desc("build folder with compile_commands.json (or give the flags after --)"),
                                cl::value_desc("BUILD_DIR"), cl::cat(kCategory));
cl::opt<bool> kDryRun("dry-run", cl::desc("print a unified diff instead of editing the files"), cl::cat(kCategory));
cl::opt<bool> kBreakHardLinks("break-hardlinks",
                              cl::desc("replace a file that has other hard links (they keep the old content)"),
                              cl::cat(kCategory));
cl::list<std::string> kFiles(cl::Positional, cl::desc("FILE..."), cl::OneOrMore, cl::cat(kCategory));
cl::extrahelp kCompileCommandsHelp(
    "\nCompile commands, as Clang tools take them: -p BUILD_DIR reads compile_commands.json there (or in a\n"
    "folder above it); FILE... -- FLAGS uses FLAGS for every file; with neither, C++20 with the runtime/\n"
    "and generated/ beside the spec's rules/ folder. A SPEC is a file or a name (1812-3-15mm), found as\n"
    "qrsc finds it: ./rules, QRS_PATH, the installed specs.\n");

// The folder that holds rules/ (and runtime/, generated/ next to it), found from a spec path.
std::optional<fs::path> project_root(const fs::path& spec) {
  for (fs::path dir = fs::absolute(spec).parent_path(); dir.has_relative_path(); dir = dir.parent_path()) {
    if (dir.filename() == "rules") return dir.parent_path();
  }
  return std::nullopt;
}

// With neither -p nor `--`: C++20 with the runtime and the generated headers of the project
// whose rules/ holds the spec on the include path.
std::unique_ptr<clang::tooling::CompilationDatabase> project_database(const std::optional<fs::path>& root,
                                                                      const std::string& spec) {
  std::error_code ec;
  if (!root || !fs::is_directory(*root / "generated", ec)) {
    std::cerr << "qrs-migrate: " << qrsc::printable(spec)
              << " is not in a project's rules/ folder beside runtime/ and generated/; give -p BUILD_DIR or the "
                 "compile flags after --\n";
    return nullptr;
  }
  std::vector<std::string> args{"-std=c++20", "-I" + (*root / "runtime").string(),
                                "-I" + (*root / "generated").string()};
  return std::make_unique<clang::tooling::FixedCompilationDatabase>(".", args);
}

// The compile commands: -p's build folder (or one above it), the flags after `--`, or the project's.
std::unique_ptr<clang::tooling::CompilationDatabase> compilation_database(
    std::unique_ptr<clang::tooling::CompilationDatabase> fixed, const std::optional<fs::path>& root,
    const std::string& spec) {
  if (kBuildPath.empty()) return fixed ? std::move(fixed) : project_database(root, spec);
  if (fixed) {
    std::cerr << "qrs-migrate: give either -p BUILD_DIR or the compile flags after --, not both\n";
    return nullptr;
  }
  std::string error;
  auto db = clang::tooling::CompilationDatabase::autoDetectFromDirectory(kBuildPath, error);
  if (!db) std::cerr << "qrs-migrate: " << error << "\n";
  return db;
}

// The spec file a --from or --to names (a file or a name, as qrsc finds it).
std::optional<std::string> spec_file(const std::string& arg, const qrsc::SpecSearchPath& search) {
  auto file = qrsc::spec_argument(arg, search);
  if (!file) {
    std::cerr << "qrs-migrate: error: " << qrsc::printable(file.error().message) << "\n";
    return std::nullopt;
  }
  return std::move(*file);
}

// A path as the diff names it: relative to the working folder when under it.
std::string display_path(const fs::path& path) {
  std::error_code ec;
  const fs::path rel = fs::relative(path, ec);
  return ec || rel.empty() || *rel.begin() == ".." ? path.generic_string() : rel.generic_string();
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A file named on the command line, checked before Clang opens it: it must be a regular file
// (a FIFO would hang the parse, a link loop would throw). `error` says what it is otherwise.
std::optional<fs::path> regular_file(const std::string& name, std::string& error) {
  std::error_code ec;
  const fs::file_status st = fs::status(name, ec);
  if (ec) {
    error = qrsc::printable(name) + ": " + ec.message();
    return std::nullopt;
  }
  if (!fs::is_regular_file(st)) {
    error = qrsc::printable(name) + ": not a regular file";
    return std::nullopt;
  }
  fs::path real = fs::canonical(name, ec);
  if (ec) {
    error = qrsc::printable(name) + ": " + ec.message();
    return std::nullopt;
  }
  return real;
}

}  // namespace

int main(int argc, const char** argv) {
  cl::HideUnrelatedOptions(kCategory);
  cl::SetVersionPrinter([](llvm::raw_ostream& os) { os << "qrs-migrate (qrs)\n"; });
  // Flags after `--` first: they are taken off the command line before the options are read.
  std::string fixed_error;
  std::unique_ptr<clang::tooling::CompilationDatabase> fixed =
      clang::tooling::FixedCompilationDatabase::loadFromCommandLine(argc, argv, fixed_error);
  if (!fixed_error.empty()) {
    std::cerr << "qrs-migrate: " << fixed_error << "\n";
    return 2;
  }
  if (!cl::ParseCommandLineOptions(argc, argv, "qrs-migrate: move code from one sheet's header to another's\n",
                                   &llvm::errs())) {
    return 2;
  }
  const qrsc::SpecSearchPath search = qrsc::command_line_search_path({});
  const auto from = spec_file(kFrom.getValue(), search);
  const auto to = spec_file(kTo.getValue(), search);
  if (!from || !to) return 2;
  const auto map = qrs_migrate::build_sheet_map(*from, *to, search);
  if (!map) return 2;

  const auto root = project_root(*from);
  const auto db = compilation_database(std::move(fixed), root, *from);
  if (!db) return 2;
  // The project's own headers are never edited, whatever folder the given files are in.
  std::vector<fs::path> excluded;
  if (root) {
    for (const char* dir : {"runtime", "generated"}) {
      if (fs::exists(*root / dir)) excluded.push_back(fs::canonical(*root / dir));
    }
  }

  std::vector<fs::path> roots;
  std::vector<std::string> files;
  for (const auto& f : kFiles) {
    std::string error;
    const auto real = regular_file(f, error);
    if (!real) {
      std::cerr << "qrs-migrate: error: " << error << "\n";
      return 2;
    }
    roots.push_back(real->parent_path());
    files.push_back(fs::absolute(f).string());
  }

  clang::tooling::ClangTool tool(*db, files);
  // Builtin headers from the packaged clang; warnings of the project's own flags stay warnings.
  tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      {"-resource-dir=" QRS_CLANG_RESOURCE_DIR, "-Wno-error"}, clang::tooling::ArgumentInsertPosition::END));
  qrs_migrate::Migration migration(*map, roots, excluded);
  if (tool.run(migration.action_factory().get()) != 0) {
    std::cerr << "qrs-migrate: the code does not compile against " << map->from_header << "; nothing was changed\n";
    return 1;
  }

  const auto& result = migration.result();
  for (const auto& p : result.problems)
    std::cerr << display_path(p.file) << ":" << p.line << ":" << p.col << ": error: " << p.message << "\n";
  int status = result.problems.empty() ? 0 : 1;
  // Every file's new text first, and every file checked, so that a file that cannot be
  // replaced (or an include that cannot be rewritten) changes nothing at all: a migration half
  // made would leave code that compiles against neither header.
  std::vector<std::pair<std::string, std::string>> rewritten;  // path, new text
  bool refused = !result.left_unchanged.empty();
  for (const auto& [path, edits] : result.edits) {
    const std::string before = read_file(path);
    auto after = clang::tooling::applyAllReplacements(before, edits);
    if (!after) {
      std::cerr << "qrs-migrate: error: " << qrsc::printable(path) << ": " << llvm::toString(after.takeError()) << "\n";
      refused = true;
      continue;
    }
    if (*after == before) continue;
    if (kDryRun) {
      std::cout << qrs_migrate::unified_diff(display_path(path), before, *after);
      continue;
    }
    if (const auto ok = qrsc::replaceable(path, kBreakHardLinks); !ok) {
      std::cerr << "qrs-migrate: error: " << ok.error().message << "\n";
      refused = true;
    }
    rewritten.emplace_back(path, std::move(*after));
  }
  if (refused) {
    if (!rewritten.empty()) std::cerr << "qrs-migrate: nothing was changed\n";
    return 1;
  }
  for (const auto& [path, text] : rewritten) {
    if (const auto written = qrsc::replace_file(path, text, kBreakHardLinks); !written) {
      std::cerr << "qrs-migrate: error: " << written.error().message << "\n";
      status = 1;
    }
  }
  return status;
}
