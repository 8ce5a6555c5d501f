#include "compile.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checks.hpp"
#include "frontend.hpp"

namespace qrsc::cli {

namespace {

void print_diagnostics(const Diagnostics& diags, Format format, nlohmann::json& json) {
  if (format == Format::text) {
    diags.print(std::cerr);
    return;
  }
  static const char* kNames[] = {"error", "warning", "note"};
  for (const auto& d : diags.all()) {
    json.push_back({{"file", d.loc.file ? *d.loc.file : ""},
                    {"line", d.loc.line},
                    {"column", d.loc.col},
                    {"severity", kNames[static_cast<int>(d.severity)]},
                    {"message", d.message}});
  }
}

}  // namespace

std::optional<std::vector<Spec>> compile_all(const std::vector<std::string>& files, const CompileOptions& opt) {
  std::vector<Spec> specs;
  bool ok = true;
  nlohmann::json json = nlohmann::json::array();
  for (const auto& f : files) {
    Diagnostics diags;
    auto spec = compile_spec(f, diags);
    if (spec && !spec->lineage.empty() && !(spec->abstract && spec->tables.empty())) {
      std::optional<Spec> baseline;
      if (opt.against_parent) baseline = compile_baseline(f, diags);
      const CheckReport report = check_spec(*spec, baseline, diags);
      if (opt.summary && opt.format == Format::text) {
        for (const auto& [doc, count] : report.by_document) {
          std::cout << fmt::format("{}: {}: {} errata, {} machine-checked\n", spec->path, doc, count.items, count.checked);
        }
        if (baseline) {
          std::cout << fmt::format("{}: {} changes to its parent, {} undeclared\n", spec->path, report.changes,
                                   report.undeclared);
        }
      }
    }
    print_diagnostics(diags, opt.format, json);
    const bool warned = std::any_of(diags.all().begin(), diags.all().end(),
                                    [](const Diagnostic& d) { return d.severity == Severity::warning; });
    if (!spec || diags.has_errors() || (opt.werror && warned)) {
      ok = false;
      continue;
    }
    specs.push_back(std::move(*spec));
  }
  // File names (and so messages) need not be UTF-8: replace what is not, never throw.
  if (opt.format == Format::json) std::cout << json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  if (!ok) return std::nullopt;
  return specs;
}

std::optional<Spec> compile_one(const std::string& file) {
  Diagnostics diags;
  auto spec = compile_spec(file, diags);
  diags.print(std::cerr);
  return spec;
}

bool write_outputs(const std::vector<PendingFile>& files) {
  if (const std::string err = write_files_atomically(files); !err.empty()) {
    std::cerr << "qrsc: error: " << err << '\n';
    return false;
  }
  return true;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace qrsc::cli
