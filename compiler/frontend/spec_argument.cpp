#include "qrsc/frontend/spec_argument.hpp"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "qrsc/base/diagnostics.hpp"

namespace qrsc {

namespace fs = std::filesystem;

namespace {

bool is_spec_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && p.extension() == ".yaml" && !is_package_file(p);
}

// The published specs of an installed tool: <prefix>/share/qrs/rules, found from where the
// executable is (QRS_INSTALLED_RULES is that folder relative to the installed bin folder), so
// an installed tree works wherever it is unpacked. Empty when there is none (a build tree).
fs::path installed_rules() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const fs::path rules = exe.parent_path() / QRS_INSTALLED_RULES;
  return fs::is_directory(rules, ec) ? rules.lexically_normal() : fs::path();
}

// The files under `root` whose name (without .yaml) is `name`, sorted; every name seen, by file
// name and by path under the root, is added to `seen`.
std::vector<fs::path> files_named(const fs::path& root, const std::string& name, std::vector<std::string>& seen) {
  std::vector<fs::path> found;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (!is_spec_file(it->path())) continue;
    seen.push_back(it->path().stem().string());
    seen.push_back(fs::path(it->path()).replace_extension().lexically_relative(root).generic_string());
    if (it->path().stem() == name) found.push_back(it->path());
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::string ambiguity(const std::string& arg, const fs::path& root, const std::vector<fs::path>& found) {
  std::string names;
  std::error_code ec;
  for (const auto& f : found) names += ' ' + fs::relative(f, root, ec).replace_extension().string();
  return "spec name '" + arg + "' is ambiguous in " + root.string() + ":" + names +
         " (name one by its path under the rules folder)";
}

}  // namespace

SpecSearchPath command_line_search_path(std::vector<fs::path> include_dirs) {
  SpecSearchPath search{std::move(include_dirs), {}};
  if (const char* path = std::getenv("QRS_PATH")) {
    for (auto& dir : split_search_path(path)) search.include_dirs.push_back(std::move(dir));
  }
  search.installed = installed_rules();
  return search;
}

std::vector<fs::path> command_line_roots(const SpecSearchPath& search) {
  std::vector<fs::path> roots;
  std::error_code ec;
  if (fs::is_directory("rules", ec)) roots.emplace_back("rules");
  roots.insert(roots.end(), search.include_dirs.begin(), search.include_dirs.end());
  if (!search.installed.empty()) roots.push_back(search.installed);
  return roots;
}

std::vector<std::string> spec_names_under(const fs::path& root) {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it.depth() > 8) it.disable_recursion_pending();  // a rules tree is shallow
    if (is_spec_file(it->path())) {
      names.push_back(fs::path(it->path()).replace_extension().lexically_relative(root).generic_string());
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

Expected<std::string> spec_argument(const std::string& arg, const SpecSearchPath& search) {
  std::error_code ec;
  if (is_package_file(arg)) {
    return program_error("'" + arg +
                         "' is a package's file (a sheet layout, docs/sheets.md, or a system's procedures, "
                         "docs/game-code.md), not a spec: it is read for the sheets it serves; give the spec");
  }
  if (fs::exists(arg, ec)) return std::string(arg);  // a file (or something the front end will refuse, with a reason)
  const std::vector<fs::path> roots = command_line_roots(search);
  const std::string name = arg.size() > 5 && arg.ends_with(".yaml") ? arg.substr(0, arg.size() - 5) : arg;
  const bool safe = !name.empty() && name.find("..") == std::string::npos && name[0] != '/';
  std::vector<std::string> seen;
  for (const auto& root : roots) {
    if (!safe) break;
    // A path under the root ("rff/acw-2.1-15mm"), or a file name anywhere under it ("acw-2.1-15mm").
    if (const fs::path direct = root / (name + ".yaml"); is_spec_file(direct)) return direct.string();
    const std::vector<fs::path> found = files_named(root, name, seen);
    if (found.size() == 1) return found.front().string();
    if (found.size() > 1) return program_error(ambiguity(arg, root, found));
  }
  std::string looked;
  for (const auto& r : roots) looked += (looked.empty() ? "" : ", ") + r.string();
  return program_error(
      with_suggestion("no spec file or spec named '" + arg + "'", name, seen) +
      (roots.empty() ? std::string(" (no rules folder here; give a file, or -I DIR)") : " (looked in " + looked + ")"));
}

}  // namespace qrsc
