// qrsc explain SPEC: lineage, renames, scale conversion and overrides.
#include <iostream>
#include <memory>
#include <vector>

#include "qrsc/cli/compile.hpp"
#include "qrsc/model/notation.hpp"

namespace qrsc::cli {

namespace {

// A scaled value's place in words: "Line, Open Ground / open" for movement_rates/infantry_line/open.
std::string entry_name(const Spec& spec, const std::string& path) {
  const std::size_t a = path.find('/');
  if (a == std::string::npos) return path.empty() ? "(sheet)" : path;
  const Table* t = spec.table(path.substr(0, a));
  const std::size_t b = path.find('/', a + 1);
  const std::string id = path.substr(a + 1, b == std::string::npos ? std::string::npos : b - a - 1);
  const std::string rest = b == std::string::npos ? "" : " / " + path.substr(b + 1);
  std::string name = id;
  if (t) {
    visit_kind(t->body, Overloaded{[&](const Matrix& body) {
                                     for (const auto& r : body.rows) {
                                       if (r.id == id) name = r.group.empty() ? r.name : r.group + " " + r.name;
                                     }
                                   },
                                   [&](const BandTable& body) {
                                     for (const auto& r : body.rows) {
                                       if (r.id == id) name = r.title;
                                     }
                                   },
                                   [&](const FactsTable& body) {
                                     for (const auto& f : body.items) {
                                       if (f.id == id) name = f.label.empty() ? f.id : f.label;
                                     }
                                   },
                                   [&](const ListTable& body) {
                                     for (const auto& sec : body.sections) {
                                       if (sec.id == id) name = sec.title.empty() ? sec.id : sec.title;
                                     }
                                   },
                                   [&](const ModifierTable& body) {
                                     for (const auto& m : body.items) {
                                       if (m.id == id) name = m.text.render();
                                     }
                                   }});
  }
  return name + rest;
}

int run_explain(const std::string& file) {
  const auto spec = compile_one(file);
  if (!spec) return kFailed;
  std::cout << spec->id << ": " << spec->path << '\n';
  for (std::size_t i = 1; i < spec->lineage.size(); ++i) std::cout << "  based on " << spec->lineage[i] << '\n';
  for (const auto& r : spec->renames) {
    std::cout << "rename: " << r.from_text << " -> " << r.to_text << "  (" << r.loc.str() << ")\n";
  }
  if (spec->scale_factor) {
    std::cout << "scale: distances x " << format_number(*spec->scale_factor) << ", rounding " << spec->rounding << '\n';
  }
  // The scaled values grouped by table, in the sheet's order, each under its row's name.
  std::vector<bool> shown(spec->scaled_values.size(), false);
  const auto print = [&](const ScaledValue& v, const std::string& indent) {
    std::cout << indent << entry_name(*spec, v.path) << ": " << v.provenance.kind_name() << " " << v.where;
    if (v.provenance.kind == Provenance::Kind::overridden) std::cout << " -- " << v.provenance.detail;
    std::cout << "  (" << v.loc.str() << ")\n";
  };
  for (const auto& t : spec->tables) {
    bool heading = false;
    for (std::size_t i = 0; i < spec->scaled_values.size(); ++i) {
      const ScaledValue& v = spec->scaled_values[i];
      if (v.path != t.id && v.path.rfind(t.id + "/", 0) != 0) continue;
      if (!heading) std::cout << t.title << " (" << t.id << "):\n";
      heading = true;
      shown[i] = true;
      print(v, "  ");
    }
  }
  for (std::size_t i = 0; i < spec->scaled_values.size(); ++i) {
    if (!shown[i]) print(spec->scaled_values[i], "");  // outside every table (none today)
  }
  return kOk;
}

}  // namespace

Command add_explain_command(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  auto* sub = app.add_subcommand("explain", "show a spec's lineage, renames and scale conversion");
  sub->add_option("spec", *file, "spec file or name (acw-2.1-15mm)")->required();
  return {sub, [file] { return run_explain(*file); }};
}

}  // namespace qrsc::cli
