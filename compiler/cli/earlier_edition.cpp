#include "earlier_edition.hpp"

#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "compile.hpp"
#include "process.hpp"
#include "temp_dir.hpp"

namespace qrsc::cli {

namespace {

namespace fs = std::filesystem;

constexpr std::chrono::seconds kGitTimeout{60};

// Runs git in `dir`; its standard output, or nothing with the error printed.
std::optional<std::string> git(const fs::path& dir, std::vector<std::string> args) {
  args.insert(args.begin(), {"git", "-C", dir.string()});
  const ProcessResult r = run_process(args, kGitTimeout);
  if (!r.started) {
    print_error("cannot run git: " + r.error);
    return std::nullopt;
  }
  if (r.exit_code != 0) {
    std::string err = r.err;
    while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
    print_error("git " + args[3] + " failed: " + err);
    return std::nullopt;
  }
  return r.out;
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

// The folder whose files a spec's `extends` and `apply` names are found in first.
fs::path rules_root(const fs::path& spec_file) {
  for (fs::path dir = spec_file.parent_path(); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path()) {
    if (dir.filename() == "rules") return dir;
  }
  return spec_file.parent_path();
}

std::optional<Spec> compile_at_revision(const std::string& rev, const Spec& spec) {
  if (rev.empty() || rev.front() == '-') {  // git would read it as an option
    print_error("'" + rev + "' is neither a spec file nor a git revision");
    return std::nullopt;
  }
  const fs::path file = fs::path(spec.inputs.front());
  const fs::path root = rules_root(file);
  const auto top = git(root, {"rev-parse", "--show-toplevel"});
  if (!top) return std::nullopt;
  const fs::path top_dir = fs::weakly_canonical(trimmed(*top));
  const fs::path root_in_repo = fs::weakly_canonical(root).lexically_relative(top_dir);
  const fs::path spec_in_repo = fs::weakly_canonical(file).lexically_relative(top_dir);
  const auto listing = git(top_dir, {"ls-tree", "-r", "-z", "--name-only", rev, "--", root_in_repo.generic_string()});
  if (!listing) return std::nullopt;
  const TempDir scratch("qrsc-edition");
  if (scratch.path.empty()) {
    print_error("cannot make a scratch folder for " + spec.path + " at " + rev);
    return std::nullopt;
  }
  bool found = false;
  for (std::size_t at = 0; at < listing->size();) {
    const std::size_t end = listing->find('\0', at);
    const std::string name = listing->substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? listing->size() : end + 1;
    if (fs::path(name).extension() != ".yaml") continue;
    const auto text = git(top_dir, {"show", rev + ":" + name});
    if (!text) return std::nullopt;
    const fs::path copy = scratch.path / name;
    std::error_code ec;
    fs::create_directories(copy.parent_path(), ec);
    std::ofstream out(copy, std::ios::binary);
    out << *text;
    if (ec || !out.flush()) {
      print_error("cannot write " + copy.string() + " (" + spec.path + " at " + rev + ")");
      return std::nullopt;
    }
    found = found || fs::path(name) == spec_in_repo;
  }
  if (!found) {
    print_error(spec.path + " did not exist at git revision " + rev);
    return std::nullopt;
  }
  auto earlier = compile_one((scratch.path / spec_in_repo).string());
  if (!earlier) {
    print_note("the files above under " + scratch.path.string() + " are the rules folder of " + spec.path +
               " as it was at git revision " + rev);
    return std::nullopt;
  }
  earlier->path = spec.path + " at " + rev;
  return earlier;
}

}  // namespace

std::optional<Spec> compile_earlier_edition(const std::string& since, const Spec& spec) {
  std::error_code ec;
  if (fs::is_regular_file(since, ec)) return compile_one(since);
  return compile_at_revision(since, spec);
}

}  // namespace qrsc::cli
