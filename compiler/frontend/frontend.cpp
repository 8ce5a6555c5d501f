#include "qrsc/frontend/frontend.hpp"

#include <stdexcept>

#include "qrsc/base/limits.hpp"
#include "qrsc/frontend/build_model.hpp"
#include "qrsc/frontend/canonical_path.hpp"
#include "qrsc/frontend/resolve.hpp"
#include "qrsc/frontend/schema.hpp"
#include "qrsc/frontend/spec_cache.hpp"
#include "qrsc/frontend/system_package.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

namespace fs = std::filesystem;

std::string display_path(const fs::path& file) {
  std::error_code ec;
  const fs::path abs = canonical_path(fs::absolute(file, ec), ec);
  if (ec) return file.generic_string();
  for (fs::path dir = abs.parent_path(); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path()) {
    if (dir.filename() == "rules") return (fs::path("rules") / fs::relative(abs, dir)).generic_string();
  }
  return file.generic_string();
}

namespace {

// Every exception the front end can meet (a file system error, an arithmetic overflow the
// limits did not foresee) becomes a diagnostic at the spec, never an escape from qrsc.
template <class F>
std::optional<Spec> guarded(const fs::path& file, Diagnostics& diags, F&& f) {
  const Loc at{std::make_shared<const std::string>(file.string()), 0, 0};
  try {
    return f();
  } catch (const fs::filesystem_error& e) {
    diags.error(at, std::string("file system: ") + e.code().message() + " (" + e.path1().string() + ")");
  } catch (const qrs::FractionOverflow& e) {
    diags.error(at, std::string("a number in this spec does not fit 64-bit arithmetic: ") + e.what());
  } catch (const std::exception& e) {
    diags.error(at, std::string("cannot compile: ") + e.what());
  }
  return std::nullopt;
}

std::optional<Spec> compile_spec_unguarded(const fs::path& file, Diagnostics& diags, const SpecSearchPath& search,
                                           SpecCache& cache) {
  // An abstract spec without a parent is a patch: it only makes sense where it is applied
  // (or extended), so alone it is only loaded, and yields no outputs.
  const SpecCache::Parsed& parsed = cache.parse(file);
  if (const NodePtr& own = parsed.tree; !own) {
    diags.append(parsed.diags);
    return std::nullopt;
  } else if (const NodePtr abstract = own->is_map() ? own->get("abstract") : nullptr;
             abstract && abstract->scalar == "true" && !own->get("extends")) {
    diags.append(parsed.diags);
    Spec patch;
    patch.id = file.stem().string();
    patch.path = display_path(file);
    patch.abstract = true;
    patch.lineage.push_back(patch.path);
    patch.inputs.push_back(fs::absolute(file).lexically_normal().string());
    return patch;
  }
  Resolution r = resolve_spec(file, diags, search, cache);
  if (!r.tree) return std::nullopt;
  // The id defaults to the file name; it is never inherited from a parent.
  const bool id_from_file_name = !r.tree->get("id");
  if (id_from_file_name) {
    auto id = std::make_shared<Node>();
    id->kind = Node::Kind::scalar;
    id->scalar = file.stem().string();
    id->loc = r.tree->loc;
    r.tree->set("id", id);
  }
  if (const NodePtr id = r.tree->get("id"); id && !(id->is_scalar() && is_sheet_id(id->scalar))) {
    // The id names the output files (rff/<id>.hpp) and the header's namespace.
    diags.error(id->loc, "the spec id '" + shown(id->scalar) +
                             "' is not valid: it names the output files, so it is lower-case letters, digits, '-', "
                             "'.' and '_', starting with a letter or digit, at most " +
                             std::to_string(limits::kMaxIdLength) + " characters" +
                             (id_from_file_name ? " (the id comes from the file name; set 'id:')" : ""));
  }
  std::optional<Spec> spec = build_model(r.tree, display_path(file), diags, &cache.tables());
  if (!spec) return spec;
  for (const auto& l : r.lineage) {
    spec->lineage.push_back(display_path(l));
    spec->inputs.push_back(fs::absolute(l).lexically_normal().string());
  }
  // What the sheet lacks of its system's procedures is said at its own file, not at a parent's.
  read_system_package(*spec, system_folders(search, file, spec->system), parsed.tree ? parsed.tree->loc : r.tree->loc,
                      diags);
  spec->renames = std::move(r.renames);
  spec->scaled_values = std::move(r.scaled);
  spec->removed_at = std::move(r.removals);
  spec->scale_factor = r.factor;
  spec->rounding = r.rounding;
  if (diags.has_errors()) return std::nullopt;
  return spec;
}

std::optional<Spec> compile_baseline_unguarded(const fs::path& file, Diagnostics& diags, const SpecSearchPath& search,
                                               SpecCache& cache) {
  Resolution r = resolve_baseline(file, diags, search, cache);
  if (!r.tree) return std::nullopt;
  auto id = std::make_shared<Node>();
  id->kind = Node::Kind::scalar;
  id->scalar = file.stem().string() + " (baseline)";
  r.tree->set("id", id);
  auto spec = build_model(r.tree, display_path(file), diags, &cache.tables());
  if (spec) spec->renames = std::move(r.renames);  // the baseline already carries every rename
  return spec;
}

}  // namespace

std::optional<Spec> compile_spec(const fs::path& file, Diagnostics& diags, const SpecSearchPath& search,
                                 SpecCache* cache) {
  SpecCache own;
  return guarded(file, diags, [&] { return compile_spec_unguarded(file, diags, search, cache ? *cache : own); });
}

std::optional<Spec> compile_baseline(const fs::path& file, Diagnostics& diags, const SpecSearchPath& search,
                                     SpecCache* cache) {
  SpecCache own;
  return guarded(file, diags, [&] { return compile_baseline_unguarded(file, diags, search, cache ? *cache : own); });
}

}  // namespace qrsc
