#include "qrsc/cli/compile.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include "qrsc/analysis/checks.hpp"
#include "qrsc/backends/common/json_writer.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "qrsc/frontend/spec_argument.hpp"
#include "qrsc/frontend/spec_cache.hpp"

namespace qrsc::cli {

namespace {

// Known limits of the source documents that the specs document, counted by kind; those a
// variant inherits from a parent sheet in another rules folder (an installed sheet, a -I
// folder: where the variant's author cannot act) kept apart, each once per run however many
// variants reach it, by the parent's file.
struct KnownCounts {
  int disagreements = 0;                                   // disputed errata
  int not_given = 0;                                       // values no document gives ('?')
  std::map<std::string, std::set<std::string>> inherited;  // parent's file -> its diagnostics
  // A parent's errors, each printed once per run, and by the parent's file the specs of the
  // run that reached them.
  std::set<std::string> printed_errors;
  std::map<std::string, std::vector<std::string>> errors_reached_by;
  void add(Diagnostic::Known k) {
    if (k == Diagnostic::Known::disagreement) ++disagreements;
    if (k == Diagnostic::Known::not_given) ++not_given;
  }
  // Asked for each diagnostic of each spec (a variant replays its parent's), so answered once
  // per file or pair of files for the run: each answer walks or stats the file system.
  const std::string& shown_path(const std::string& file) {
    auto it = shown_paths_.find(file);
    if (it == shown_paths_.end()) it = shown_paths_.emplace(file, display_path(file)).first;
    return it->second;
  }
  // Whether `file` is in another rules folder than `own_file`.
  bool other_root(const std::string& file, const std::string& own_file) {
    auto it = other_root_.find({file, own_file});
    if (it == other_root_.end()) {
      std::error_code ec;
      it = other_root_
               .emplace(std::pair{file, own_file},
                        !std::filesystem::equivalent(rules_root_of(file), rules_root_of(own_file), ec))
               .first;
    }
    return it->second;
  }

 private:
  std::map<std::string, std::string> shown_paths_;
  std::map<std::pair<std::string, std::string>, bool> other_root_;
};

bool is_known(const Diagnostic& d) { return d.known != Diagnostic::Known::no; }

// Whether `d` is a known limit of a sheet outside the rules folder of the spec in `own_file`.
bool is_inherited(const Diagnostic& d, const std::string& own_file, KnownCounts& known) {
  return is_known(d) && d.loc.file && known.other_root(*d.loc.file, own_file);
}

// Whether `d` is located in another file than the spec's own (a parent's, an applied spec's).
bool is_elsewhere(const Diagnostic& d, const std::string& own_file) {
  std::error_code ec;
  return d.loc.file && !std::filesystem::equivalent(*d.loc.file, own_file, ec);
}

// Records a parent's error for the spec in `own_file`; whether it is new to this run.
bool first_report_of(const Diagnostic& d, const std::string& own_file, KnownCounts& known) {
  auto& reached_by = known.errors_reached_by[known.shown_path(*d.loc.file)];
  const std::string& spec = known.shown_path(own_file);
  if (reached_by.empty() || reached_by.back() != spec) reached_by.push_back(spec);
  return known.printed_errors.insert(format_diagnostic(d)).second;
}

void print_parent_errors(const KnownCounts& known) {
  for (const auto& [parent, specs] : known.errors_reached_by) {
    if (specs.size() > 1) print_note(fmt::format("the errors of {} above reached {}", parent, fmt::join(specs, ", ")));
  }
}

void print_inherited(const KnownCounts& known) {
  for (const auto& [parent, diagnostics] : known.inherited) {
    std::cerr << fmt::format(
        "qrsc: note: inherits {} known limit{} of the source documents from {} (values they do not "
        "give, disputed errata); qrsc check --inherited lists them\n",
        diagnostics.size(), diagnostics.size() == 1 ? "" : "s", parent);
  }
}

// Prints what needs action; the known limits of the source documents are listed only when
// asked for (qrsc check) and otherwise counted, for one line at the end.
void print_diagnostics(const Diagnostics& diags, const CompileOptions& opt, Json& json, KnownCounts& known,
                       const std::string& own_file) {
  const bool quiet = global_options().quiet;
  // A diagnostic of the file's parse reached twice (the spec, and the baseline `check` compares
  // it with) is printed once.
  std::set<std::string> printed;
  if (opt.format == Format::text) {
    for (const auto& d : diags.all()) {
      if (!printed.insert(format_diagnostic(d)).second) continue;
      if (!opt.inherited && is_inherited(d, own_file, known)) {
        known.inherited[known.shown_path(*d.loc.file)].insert(format_diagnostic(d));
        continue;
      }
      if (d.severity == Severity::error && is_elsewhere(d, own_file) && !first_report_of(d, own_file, known)) continue;
      if (!opt.report_all) known.add(d.known);
      const bool needs_action = d.severity == Severity::error || (d.severity == Severity::warning && !is_known(d));
      if (quiet ? d.severity != Severity::error : !(needs_action || opt.report_all)) continue;
      std::cerr << format_diagnostic(d) << '\n';
    }
    return;
  }
  static const char* kNames[] = {"error", "warning", "note"};
  for (const auto& d : diags.all()) {
    if (!printed.insert(format_diagnostic(d)).second) continue;
    Json entry = {{"file", d.loc.file ? *d.loc.file : ""},
                  {"line", d.loc.line},
                  {"column", d.loc.col},
                  {"severity", kNames[static_cast<int>(d.severity)]},
                  {"message", d.message}};
    if (d.known == Diagnostic::Known::disagreement) entry["known"] = "disagreement";
    if (d.known == Diagnostic::Known::not_given) entry["known"] = "not given";
    json.push_back(std::move(entry));
  }
}

}  // namespace

GlobalOptions& global_options() {
  static GlobalOptions options;
  return options;
}

namespace {
// Everything this run parsed and resolved: a subcommand that compiles several specs (build,
// check, diff, publish) parses each file and resolves each parent once. Never destroyed:
// freeing every parsed tree one node at a time when the process ends anyway cost a tenth of a
// one-sheet build (clang's -disable-free, for the same reason); still reachable, so leak
// checkers do not count it.
std::unique_ptr<SpecCache>& run_cache_holder() {
  static auto& holder = *new std::unique_ptr<SpecCache>(std::make_unique<SpecCache>());
  return holder;
}

SpecCache& run_cache() {
  auto& holder = run_cache_holder();
  if (!holder) holder = std::make_unique<SpecCache>();
  return *holder;
}
}  // namespace

void release_run_cache() { run_cache_holder().reset(); }

std::optional<std::string> named_spec(const std::string& arg) {
  auto file = spec_argument(arg, global_options().search);
  if (!file) {
    print_error(file.error());
    return std::nullopt;
  }
  return std::move(*file);
}

std::optional<std::vector<Spec>> compile_all(const std::vector<std::string>& files, const CompileOptions& opt) {
  std::vector<Spec> specs;
  specs.reserve(files.size());
  bool ok = true;
  Json json = Json::array();
  KnownCounts known;
  const SpecSearchPath& search = global_options().search;
  const bool summary = opt.summary && opt.format == Format::text && !global_options().quiet;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string& arg = files[i];
    const auto file = named_spec(arg);
    if (!file) {
      ok = false;
      continue;
    }
    const std::string& f = *file;
    Diagnostics diags;
    auto spec = compile_spec(f, diags, search, &run_cache());
    if (spec && !spec->lineage.empty() && !(spec->abstract && spec->tables.empty())) {
      std::optional<Spec> baseline;
      if (opt.against_parent) baseline = compile_baseline(f, diags, search, &run_cache());
      const CheckReport report = check_spec(*spec, baseline, diags);
      if (summary) {
        for (const auto& [doc, count] : report.by_document) {
          std::cout << fmt::format("{}: {}: {} errata, {} machine-checked\n", spec->path, doc, count.items,
                                   count.checked);
        }
        if (baseline) {
          std::cout << fmt::format("{}: {} changes to its parent, {} undeclared\n", spec->path, report.changes,
                                   report.undeclared);
        }
      }
    }
    print_diagnostics(diags, opt, json, known, f);
    // Known disagreements are resolved in the specs: --werror fails only on warnings that need action.
    const bool warned = std::any_of(diags.all().begin(), diags.all().end(), [](const Diagnostic& d) {
      return d.severity == Severity::warning && !is_known(d);
    });
    if (!spec || diags.has_errors() || (opt.werror && warned)) {
      ok = false;
      continue;
    }
    // What only this spec used: the tables of its own resolution, its renamed, converted and patched
    // tables (kept while their parent's lives, so many variants of one sheet would add up),
    // and its file's tree when it is a small variant (a sheet's file is kept: its variants may follow).
    run_cache().tables().forget_unreachable();
    run_cache().derived().clear();
    if (spec->lineage.size() > 1) run_cache().forget_parsed_if_small(f);
    if (opt.on_compiled) {
      if (i + 1 == files.size()) release_run_cache();
      opt.on_compiled(*spec, ok);
    }
    specs.push_back(std::move(*spec));
  }
  // File names (and so messages) need not be UTF-8: replace what is not, never throw.
  if (opt.format == Format::json) std::cout << json_document(json);
  print_parent_errors(known);
  if (!global_options().quiet) print_inherited(known);
  if (!global_options().quiet && (known.disagreements > 0 || known.not_given > 0)) {
    std::vector<std::string> parts;
    if (known.disagreements > 0) {
      parts.push_back(fmt::format("{} known disagreement{} of the source documents", known.disagreements,
                                  known.disagreements == 1 ? "" : "s"));
    }
    if (known.not_given > 0) {
      parts.push_back(fmt::format("{} value{} they do not give", known.not_given, known.not_given == 1 ? "" : "s"));
    }
    std::cerr << fmt::format("qrsc: note: {}; see qrsc check\n", fmt::join(parts, ", "));
  }
  if (!ok) return std::nullopt;
  return specs;
}

std::optional<Spec> compile_one(const std::string& arg) {
  const auto file = named_spec(arg);
  if (!file) return std::nullopt;
  Diagnostics diags;
  auto spec = compile_spec(*file, diags, global_options().search, &run_cache());
  Json unused;
  KnownCounts known;
  print_diagnostics(diags, CompileOptions{}, unused, known, *file);
  return spec;
}

void print_error(std::string_view message) { std::cerr << "qrsc: error: " << printable(message) << '\n'; }
void print_error(const Diagnostic& error) { std::cerr << format_diagnostic(error) << '\n'; }
void print_note(std::string_view message) { std::cerr << "qrsc: note: " << printable(message) << '\n'; }

bool write_outputs(const std::vector<PendingFile>& files, const std::filesystem::path& root) {
  const auto written = write_files_atomically(files, root);
  if (!written) print_error(written.error());
  return written.ok();
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace qrsc::cli
