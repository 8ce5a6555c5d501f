#include "frontend.hpp"

#include "build_model.hpp"
#include "source_tree.hpp"
#include "resolve.hpp"

namespace qrsc {

namespace fs = std::filesystem;

std::string display_path(const fs::path& file) {
  const fs::path abs = fs::weakly_canonical(fs::absolute(file));
  for (fs::path dir = abs.parent_path(); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path()) {
    if (dir.filename() == "rules") return (fs::path("rules") / fs::relative(abs, dir)).generic_string();
  }
  return file.generic_string();
}

std::optional<Spec> compile_spec(const fs::path& file, Diagnostics& diags, const SpecSearchPath& search) {
  // An abstract spec without a parent is a patch: it only makes sense where it is applied
  // (or extended), so alone it is only loaded, and yields no outputs.
  if (const NodePtr own = load_yaml_file(file, diags); !own) {
    return std::nullopt;
  } else if (const NodePtr abstract = own->is_map() ? own->get("abstract") : nullptr;
             abstract && abstract->scalar == "true" && !own->get("extends")) {
    Spec patch;
    patch.id = file.stem().string();
    patch.path = display_path(file);
    patch.abstract = true;
    patch.lineage.push_back(patch.path);
    patch.inputs.push_back(fs::absolute(file).lexically_normal().string());
    return patch;
  }
  Resolution r = resolve_spec(file, diags, search);
  if (!r.tree) return std::nullopt;
  // The id defaults to the file name; it is never inherited from a parent.
  if (!r.tree->get("id")) {
    auto id = std::make_shared<Node>();
    id->kind = Node::Kind::scalar;
    id->scalar = file.stem().string();
    id->loc = r.tree->loc;
    r.tree->set("id", id);
  }
  std::optional<Spec> spec = build_model(r.tree, display_path(file), diags);
  if (!spec) return spec;
  for (const auto& l : r.lineage) {
    spec->lineage.push_back(display_path(l));
    spec->inputs.push_back(fs::absolute(l).lexically_normal().string());
  }
  spec->renames = std::move(r.renames);
  spec->scaled_values = std::move(r.scaled);
  spec->scale_factor = r.factor;
  spec->rounding = r.rounding;
  if (diags.has_errors()) return std::nullopt;
  return spec;
}

std::optional<Spec> compile_baseline(const fs::path& file, Diagnostics& diags, const SpecSearchPath& search) {
  Resolution r = resolve_baseline(file, diags, search);
  if (!r.tree) return std::nullopt;
  auto id = std::make_shared<Node>();
  id->kind = Node::Kind::scalar;
  id->scalar = file.stem().string() + " (baseline)";
  r.tree->set("id", id);
  auto spec = build_model(r.tree, display_path(file), diags);
  if (spec) spec->renames = std::move(r.renames);  // the baseline already carries every rename
  return spec;
}

}  // namespace qrsc
