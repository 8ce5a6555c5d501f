#include "qrsc/frontend/spec_search_path.hpp"

#include <algorithm>
#include <system_error>

#include "qrsc/frontend/canonical_path.hpp"
#include "qrsc/frontend/schema.hpp"

namespace qrsc {

namespace fs = std::filesystem;

namespace {

constexpr const char* kExtension = ".yaml";

// The roots to search for `from`, in order, each once.
std::vector<fs::path> roots_for(const SpecSearchPath& search, const fs::path& from) {
  std::vector<fs::path> candidates{rules_root_of(from)};
  candidates.insert(candidates.end(), search.include_dirs.begin(), search.include_dirs.end());
  if (!search.installed.empty()) candidates.push_back(search.installed);
  std::vector<fs::path> roots, seen;
  for (const auto& c : candidates) {
    std::error_code ec;
    const fs::path canonical = canonical_path(fs::absolute(c), ec);
    if (ec || std::find(seen.begin(), seen.end(), canonical) != seen.end()) continue;
    seen.push_back(canonical);
    roots.push_back(canonical);
  }
  return roots;
}

// Why `name` cannot be a spec name, or "" when it can.
std::string bad_name(const std::string& name) {
  if (name.empty()) return "an empty spec name";
  const fs::path p(name);
  if (p.is_absolute() || name.front() == '/') return "an absolute path; name a spec by its path under a rules folder";
  for (const auto& part : p) {
    if (part == "..") return "a path with '..'; a spec can only name specs inside the search roots";
  }
  return "";
}

bool is_inside(const fs::path& file, const fs::path& root) {
  const auto [r, f] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  return r == root.end();
}

// Every spec name under the roots, for a did-you-mean.
std::vector<std::string> names_under(const std::vector<fs::path>& roots) {
  constexpr std::size_t kMaxNames = 10000;
  std::vector<std::string> names;
  for (const auto& root : roots) {
    for (const fs::path& file : spec_files_under(root, kMaxNames - names.size())) {
      names.push_back(fs::path(file).replace_extension().lexically_relative(root).generic_string());
    }
  }
  return names;
}

}  // namespace

std::optional<fs::path> file_inside_root(const fs::path& candidate, const fs::path& root, std::string& why) {
  std::error_code ec;
  const fs::path real = fs::canonical(candidate, ec);
  if (ec || !is_inside(real, root)) {
    why = "leads out of its root " + root.string() + (ec ? "" : " (to " + real.string() + ")") +
          "; specs are only read inside the search roots";
    return std::nullopt;
  }
  if (!fs::is_regular_file(real, ec)) {
    why = "is not a file";
    return std::nullopt;
  }
  return real;
}

std::vector<fs::path> spec_files_under(const fs::path& root, std::size_t limit) {
  std::vector<fs::path> files;
  std::error_code ec;
  const fs::path canonical_root = canonical_path(fs::absolute(root, ec), ec);
  if (ec) return files;
  // A root that is no rules folder (a home folder, /) costs a bounded walk.
  constexpr std::size_t kMaxEntries = 20'000;
  std::size_t entries = 0;
  for (fs::recursive_directory_iterator it(canonical_root, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end && files.size() < limit && ++entries <= kMaxEntries; it.increment(ec)) {
    if (it.depth() > 8) it.disable_recursion_pending();  // a rules tree is shallow
    if (it->path().extension() != kExtension || is_package_file(it->path())) continue;
    std::string why;
    if (auto real = file_inside_root(it->path(), canonical_root, why)) files.push_back(std::move(*real));
  }
  return files;
}

bool is_package_file(const fs::path& file) {
  const std::string name = file.filename().string();
  return name.ends_with(".layout.yaml") || name.ends_with(".package.yaml");
}

std::vector<fs::path> system_folders(const SpecSearchPath& search, const fs::path& from, const std::string& system) {
  std::vector<fs::path> folders;
  if (!is_identifier(system)) return folders;  // a path segment of its own: no '/', no '..'
  for (const fs::path& root : roots_for(search, from)) {
    std::error_code ec;
    const fs::path real = fs::canonical(root / system, ec);
    if (!ec && is_inside(real, root) && fs::is_directory(real, ec)) folders.push_back(real);
  }
  return folders;
}

fs::path rules_root_of(const fs::path& spec_file) {
  const fs::path abs = fs::absolute(spec_file).lexically_normal();
  for (fs::path dir = abs.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (dir.filename() == "rules") return dir;
    if (dir == dir.root_path()) break;
  }
  return abs.parent_path();
}

std::vector<fs::path> split_search_path(const std::string& value) {
  std::vector<fs::path> out;
  std::size_t start = 0;
  while (start <= value.size()) {
    const std::size_t end = std::min(value.find(':', start), value.size());
    if (end > start) out.emplace_back(value.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::optional<fs::path> find_spec(const SpecSearchPath& search, const fs::path& from, const std::string& name,
                                  const Loc& loc, Diagnostics& diags) {
  if (const std::string why = bad_name(name); !why.empty()) {
    diags.error(loc, "spec name '" + name + "' is " + why);
    return std::nullopt;
  }
  const std::vector<fs::path> roots = roots_for(search, from);
  std::string looked;
  for (const auto& root : roots) {
    const fs::path candidate = root / (name + kExtension);
    looked += (looked.empty() ? "" : ", ") + candidate.string();
    std::error_code ec;
    if (!fs::exists(candidate, ec)) continue;
    std::string why;
    auto real = file_inside_root(candidate, root, why);
    if (!real) diags.error(loc, "spec '" + name + "' found as " + candidate.string() + ", which " + why);
    return real;
  }
  diags.error(loc, with_suggestion("cannot find spec '" + name + "'", name, names_under(roots)) + " (looked for " +
                       looked + "; add folders to search with -I DIR or QRS_PATH)");
  return std::nullopt;
}

}  // namespace qrsc
