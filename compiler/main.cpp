// qrsc: the Quick Reference Sheet compiler.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <fmt/format.h>
#include <iostream>

#include <nlohmann/json.hpp>

#include "checks.hpp"
#include "diff.hpp"
#include "emit_cpp.hpp"
#include "emit_html.hpp"
#include "frontend.hpp"
#include "lookup.hpp"
#include "output.hpp"
#include "pdf.hpp"
#include "templates.hpp"

namespace fs = std::filesystem;
using namespace qrsc;

namespace {

constexpr int kOk = 0;
constexpr int kFailed = 1;
constexpr int kUsage = 2;

enum class Format { text, json };

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

struct CompileOptions {
  bool werror = false;
  bool against_parent = false;  // also report changes no erratum explains (qrsc check)
  bool summary = false;         // print the errata counts per document
  Format format = Format::text;
};

// Compiles and checks every spec, printing diagnostics; returns the specs when all are clean.
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
  if (opt.format == Format::json) std::cout << json.dump(2) << '\n';
  if (!ok) return std::nullopt;
  return specs;
}

int run_build(const std::vector<std::string>& files, const std::string& out_dir, bool werror) {
  CompileOptions opt;
  opt.werror = werror;
  const auto specs = compile_all(files, opt);
  if (!specs) return kFailed;
  std::vector<PendingFile> outputs;
  for (const auto& spec : *specs) {
    if (spec.abstract) continue;  // abstract specs exist only to be extended
    outputs.push_back({fs::path(out_dir) / cpp_header_path(spec), emit_cpp_header(spec)});
    outputs.push_back({fs::path(out_dir) / html_sheet_path(spec), emit_html_sheet(spec, Paper::letter)});
  }
  outputs.push_back({fs::path(out_dir) / "index.html", emit_html_index(*specs)});
  if (const std::string err = write_files_atomically(outputs); !err.empty()) {
    std::cerr << "qrsc: error: " << err << '\n';
    return kFailed;
  }
  return kOk;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// One printable sheet: the HTML as written, or printed to PDF by headless Chromium.
int run_sheet(const std::string& file, const std::string& out, const std::string& paper, const std::string& chromium) {
  const auto specs = compile_all({file}, CompileOptions{});
  if (!specs) return kFailed;
  const Spec& spec = specs->front();
  if (spec.abstract) {
    std::cerr << "qrsc: error: " << file << " is abstract: it has no sheet of its own\n";
    return kFailed;
  }
  std::string content = emit_html_sheet(spec, paper_from(paper).value_or(Paper::letter));
  if (ends_with(out, ".pdf")) {
    PdfResult pdf = print_pdf(content, chromium.empty() ? default_chromium() : chromium);
    if (!pdf.error.empty()) {
      std::cerr << "qrsc: error: " << pdf.error << '\n';
      return kFailed;
    }
    content = std::move(pdf.pdf);
  }
  if (const std::string err = write_files_atomically({{out, content}}); !err.empty()) {
    std::cerr << "qrsc: error: " << err << '\n';
    return kFailed;
  }
  return kOk;
}

int run_lookup(const std::string& file, const std::string& table, const std::string& key,
               const std::optional<std::string>& column, bool verbose) {
  Diagnostics diags;
  const auto spec = compile_spec(file, diags);
  diags.print(std::cerr);
  if (!spec) return kFailed;
  const LookupAnswer a = lookup(*spec, table, key, column);
  if (!a.ok) {
    std::cerr << "qrsc: error: " << a.error << '\n';
    return kFailed;
  }
  std::cout << a.line << '\n';
  if (verbose) std::cout << a.detail;
  return kOk;
}

int run_diff(const std::string& old_file, const std::string& new_file, const std::string& out) {
  Diagnostics diags;
  const auto old_spec = compile_spec(old_file, diags);
  const auto new_spec = compile_spec(new_file, diags);
  diags.print(std::cerr);
  if (!old_spec || !new_spec) return kFailed;
  const auto changes = diff_specs(*old_spec, *new_spec);
  const bool html = out.size() > 5 && out.compare(out.size() - 5, 5, ".html") == 0;
  const std::string text = html ? render_changes_html(*old_spec, *new_spec, changes)
                                : render_changes_markdown(*old_spec, *new_spec, changes);
  if (out.empty()) {
    std::cout << text;
    return kOk;
  }
  if (const std::string err = write_files_atomically({{out, text}}); !err.empty()) {
    std::cerr << "qrsc: error: " << err << '\n';
    return kFailed;
  }
  return kOk;
}

int run_explain(const std::string& file) {
  Diagnostics diags;
  const auto spec = compile_spec(file, diags);
  diags.print(std::cerr);
  if (!spec) return kFailed;
  std::cout << spec->id << ": " << spec->path << '\n';
  for (std::size_t i = 1; i < spec->lineage.size(); ++i) std::cout << "  based on " << spec->lineage[i] << '\n';
  for (const auto& r : spec->renames) {
    std::cout << "rename: " << r.from_text << " -> " << r.to_text << "  (" << r.loc.str() << ")\n";
  }
  if (spec->scale_factor) {
    std::cout << "scale: distances x " << format_number(*spec->scale_factor) << ", rounding " << spec->rounding << '\n';
  }
  static const char* kKinds[] = {"stated", "inherited", "converted", "overridden"};
  for (const auto& v : spec->scaled_values) {
    std::cout << v.loc.str() << ": " << kKinds[static_cast<int>(v.provenance.kind)] << ": " << v.where;
    if (v.provenance.kind == Provenance::Kind::overridden) std::cout << " -- " << v.provenance.detail;
    std::cout << '\n';
  }
  return kOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"qrsc: compiles wargame Quick Reference Sheet specs into C++ headers and sheets"};
  app.require_subcommand(1);
  std::string templates;
  app.add_option("--templates", templates, "read templates from this folder instead of the built-in copies");

  std::vector<std::string> build_files;
  std::string out_dir = "generated";
  bool werror = false;
  auto* build = app.add_subcommand("build", "compile specs into generated headers and printable sheets");
  build->add_option("specs", build_files, "spec files")->required()->check(CLI::ExistingFile);
  build->add_option("-o,--output", out_dir, "output folder")->capture_default_str();
  build->add_flag("--werror", werror, "treat warnings as errors");

  std::vector<std::string> check_files;
  std::string format = "text";
  auto* check = app.add_subcommand("check", "check specs and their errata, and changes no erratum explains");
  check->add_option("specs", check_files, "spec files")->required()->check(CLI::ExistingFile);
  check->add_flag("--werror", werror, "treat warnings as errors");
  check->add_option("--format", format, "diagnostics as text or json")->check(CLI::IsMember({"text", "json"}));

  std::string diff_old, diff_new, diff_out;
  auto* diff = app.add_subcommand("diff", "the numbered change list from one spec to another");
  diff->add_option("old", diff_old, "the earlier sheet's spec")->required()->check(CLI::ExistingFile);
  diff->add_option("new", diff_new, "the later sheet's spec")->required()->check(CLI::ExistingFile);
  diff->add_option("-o,--output", diff_out, "write FILE.md or FILE.html instead of printing Markdown");

  std::string spec_file, table, key;
  std::optional<std::string> column;
  bool verbose = false;
  auto* lk = app.add_subcommand("lookup", "what does this roll mean: look a key up in a table");
  lk->add_option("spec", spec_file, "spec file")->required()->check(CLI::ExistingFile);
  lk->add_option("table", table, "table id")->required();
  lk->add_option("key", key, "die result, fire points (11.5), or row of a matrix")->required();
  lk->add_option("--column,-c", column, "column (target rating, US/MEX, range...)");
  lk->add_flag("--verbose,-v", verbose, "also print the effect text");

  std::string sheet_spec, sheet_out, paper = "letter", chromium;
  auto* sheet = app.add_subcommand("sheet", "a printable sheet: HTML, or PDF through headless Chromium");
  sheet->add_option("spec", sheet_spec, "spec file")->required()->check(CLI::ExistingFile);
  sheet->add_option("-o,--output", sheet_out, "OUT.html or OUT.pdf")
      ->required()
      ->check(CLI::Validator(
          [](std::string& s) {
            return ends_with(s, ".html") || ends_with(s, ".pdf") ? std::string() : "must end in .html or .pdf";
          },
          "OUT.html|OUT.pdf"));
  sheet->add_option("--paper", paper, "page size")->check(CLI::IsMember({"letter", "a4"}))->capture_default_str();
  sheet->add_option("--chromium", chromium, "the Chromium to print with (default /usr/bin/chromium)");

  std::string explain_file;
  auto* explain = app.add_subcommand("explain", "show a spec's lineage, renames and scale conversion");
  explain->add_option("spec", explain_file, "spec file")->required()->check(CLI::ExistingFile);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kOk : kUsage;
  }
  if (!templates.empty()) set_template_dir(fs::path(templates));
  try {
    if (*build) return run_build(build_files, out_dir, werror);
    if (*check) {
      CompileOptions opt;
      opt.werror = werror;
      opt.against_parent = true;
      opt.summary = true;
      opt.format = format == "json" ? Format::json : Format::text;
      return compile_all(check_files, opt) ? kOk : kFailed;
    }
    if (*diff) return run_diff(diff_old, diff_new, diff_out);
    if (*lk) return run_lookup(spec_file, table, key, column, verbose);
    if (*explain) return run_explain(explain_file);
    if (*sheet) return run_sheet(sheet_spec, sheet_out, paper, chromium);
  } catch (const std::exception& e) {
    std::cerr << "qrsc: error: " << e.what() << '\n';
    return kFailed;
  }
  return kUsage;
}
