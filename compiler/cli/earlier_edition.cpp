#include "qrsc/cli/earlier_edition.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string_view>

#include "qrsc/base/limits.hpp"
#include "qrsc/base/printable.hpp"
#include "qrsc/base/process.hpp"
#include "qrsc/base/temp_dir.hpp"
#include "qrsc/cli/compile.hpp"

namespace qrsc::cli {

namespace {

namespace fs = std::filesystem;

constexpr std::chrono::seconds kGitTimeout{60};

// Runs git in `dir`; its standard output, or nothing with the error printed.
std::optional<std::string> git(const fs::path& dir, std::vector<std::string> args) {
  args.insert(args.begin(), {"git", "-C", dir.string()});
  const auto ran = run_process(args, kGitTimeout);
  if (!ran) {
    print_error(ran.error().message);
    return std::nullopt;
  }
  const ProcessResult& r = *ran;
  if (r.exit_code != 0) {
    std::string err = r.err;
    while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
    print_error("git " + args[3] + " failed: " + err);
    return std::nullopt;
  }
  return r.out;
}

// One record of `git ls-tree -l -z`: "MODE TYPE OBJECT SIZE\tPATH" (SIZE right-aligned, "-"
// for what is not a blob).
struct TreeEntry {
  std::string name, object;
  bool file = false;  // a regular file's blob (not a link, 120000, nor a submodule)
  std::uint64_t size = 0;
};
std::optional<TreeEntry> tree_entry(std::string_view record) {
  const std::size_t tab = record.find('\t');
  if (tab == std::string_view::npos) return std::nullopt;
  std::vector<std::string_view> fields;
  for (std::string_view meta = record.substr(0, tab); !meta.empty();) {
    const std::size_t space = meta.find(' ');
    if (space != 0) fields.push_back(meta.substr(0, space));
    meta = space == std::string_view::npos ? std::string_view() : meta.substr(space + 1);
  }
  if (fields.size() != 4) return std::nullopt;
  TreeEntry e;
  e.name = std::string(record.substr(tab + 1));
  e.object = std::string(fields[2]);
  e.file = fields[1] == "blob" && (fields[0] == "100644" || fields[0] == "100755");
  if (e.file) {
    const auto [end, ec] = std::from_chars(fields[3].data(), fields[3].data() + fields[3].size(), e.size);
    if (ec != std::errc() || end != fields[3].data() + fields[3].size()) return std::nullopt;
  }
  return e;
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
  // With each blob's size (-l), so that none larger than a spec may be is ever read.
  const auto listing = git(top_dir, {"ls-tree", "-r", "-z", "-l", rev, "--", root_in_repo.generic_string()});
  if (!listing) return std::nullopt;
  const TempDir scratch("qrsc-edition");
  if (scratch.path.empty()) {
    print_error("cannot make a scratch folder for " + spec.path + " at " + rev);
    return std::nullopt;
  }
  bool found = false;
  for (std::size_t at = 0; at < listing->size();) {
    const std::size_t end = listing->find('\0', at);
    const auto entry = tree_entry(listing->substr(at, end == std::string::npos ? std::string::npos : end - at));
    at = end == std::string::npos ? listing->size() : end + 1;
    if (!entry || !entry->file) continue;  // a link or a submodule: not a spec file at that revision
    const std::string& name = entry->name;
    // The specs, and the other files of their packages (a procedure's page files, which the
    // front end reads with the package): a file past a spec's size limit is no spec, and no
    // package reads one, so it is left behind.
    const bool spec_file = fs::path(name).extension() == ".yaml";
    if (!spec_file && entry->size > limits::kMaxFileBytes) continue;
    if (entry->size > limits::kMaxFileBytes) {
      print_error(fmt::format("{} at git revision {} is {} bytes, larger than the limit of {} bytes for a spec file",
                              printable(name), printable(rev), entry->size, limits::kMaxFileBytes));
      return std::nullopt;
    }
    // The blob by its id: the object ls-tree measured, whatever the revision names meanwhile.
    const auto text = git(top_dir, {"cat-file", "blob", entry->object});
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
