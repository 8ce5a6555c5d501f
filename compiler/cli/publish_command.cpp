// qrsc publish SPEC... -o DIR [--since OLD]: the bundle a publisher uploads. For each sheet: PDFs
// on Letter and A4 (with change marks when the spec has numbered errata), the HTML sheet, the
// change list against its parent, or with --since against its earlier edition (Markdown and
// HTML; the marks then mark only the changes since), and the html backend's index page linking
// everything.
// The sheets come from the html and pdf backends, the change lists from reports/ (a backend
// has the model of one sheet, and a change list needs the parent's too).
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "qrsc/backends/common/backend.hpp"
#include "qrsc/backends/html/emit_html.hpp"
#include "qrsc/backends/registry.hpp"
#include "qrsc/cli/compile.hpp"
#include "qrsc/cli/earlier_edition.hpp"
#include "qrsc/reports/change_list.hpp"

namespace qrsc::cli {

namespace {

struct PublishOptions {
  std::vector<std::string> files;
  std::string out;
  std::string chromium;
  std::string since;  // the earlier edition: a spec file, or a git revision
};

bool has_numbered_errata(const Spec& spec) {
  return std::any_of(spec.errata.begin(), spec.errata.end(),
                     [](const Erratum& e) { return erratum_id_kind(e.id) == ErratumIdKind::number; });
}

// The files the backend `name` makes for a sheet, or none with its errors printed and `failed` set.
std::vector<OutputFile> backend_files(const char* name, const BackendOptions& options, const Spec& spec, bool& failed) {
  Diagnostics diags;
  std::vector<OutputFile> files;
  if (const auto backend = make_backend(*find_backend(name), options, diags)) files = backend->sheet_files(spec, diags);
  diags.print(std::cerr);
  failed = failed || diags.has_errors();
  return files;
}

int run_publish(const PublishOptions& o) {
  const auto specs = compile_all(o.files, CompileOptions{});
  if (!specs) return kFailed;
  bool failed = false;
  std::vector<PendingFile> files;
  std::vector<IndexEntry> published;  // each sheet and its files, under <system>/<file id>...
  const auto sheets = std::count_if(specs->begin(), specs->end(), [](const Spec& s) { return !s.abstract; });
  std::error_code ec;
  if (sheets > 1 && std::filesystem::is_regular_file(o.since, ec)) {
    print_error("--since names one earlier spec file, but there are " + std::to_string(sheets) +
                " sheets to publish; give a git revision, or publish one sheet");
    return kUsage;
  }
  std::vector<Spec> marked;  // with --since: each sheet with only the errata new since its earlier edition
  marked.reserve(specs->size());
  for (const Spec& published_spec : *specs) {
    if (published_spec.abstract) continue;
    std::optional<Spec> earlier;
    if (!o.since.empty()) {
      earlier = compile_earlier_edition(o.since, published_spec);
      if (!earlier) return kFailed;
      marked.push_back(published_spec);
      marked.back().errata = errata_since(*earlier, published_spec);
    }
    const Spec& spec = earlier ? marked.back() : published_spec;
    IndexEntry p{&spec, {}};
    const bool marks = has_numbered_errata(spec);
    for (const char* paper : {"letter", "a4"}) {
      BackendOptions bo;
      bo.paper = paper;
      bo.chromium = o.chromium;
      bo.change_marks = marks;
      for (auto& f : backend_files("pdf", bo, spec, failed)) {
        const std::string path = f.path.substr(0, f.path.size() - 4) + "-" + paper + ".pdf";
        p.files.push_back(
            {fmt::format("PDF, {}{}", paper == std::string("a4") ? "A4" : "Letter", marks ? ", with change marks" : ""),
             path});
        files.push_back({o.out + "/" + path, std::move(f.content)});
      }
    }
    BackendOptions html_options;
    html_options.change_marks = marks;
    for (auto& f : backend_files("html", html_options, spec, failed)) {
      files.push_back({o.out + "/" + f.path, std::move(f.content)});
    }
    // The change list against the earlier edition, else the spec it extends (the first of its
    // lineage after itself).
    if (earlier || spec.lineage.size() > 1) {
      const auto parent = earlier ? earlier : compile_one(spec.lineage[1]);
      if (!parent) return kFailed;
      const auto changes = diff_specs(*parent, published_spec);
      const std::string base = spec.system + "/" + sheet_file_id(spec) + "-changes";
      for (const auto& [ext, list] : {std::pair{".md", render_changes_markdown(*parent, published_spec, changes)},
                                      std::pair{".html", render_changes_html(*parent, published_spec, changes)}}) {
        if (!list) print_error(list.error());
        failed = failed || !list;
        if (list) files.push_back({o.out + "/" + base + ext, *list});
      }
      const std::string from = parent->subtitle.empty() ? parent->id : parent->subtitle;
      p.files.push_back({"Changes from " + (earlier ? parent->path : from) + " (Markdown)", base + ".md"});
      p.files.push_back({"Changes (HTML)", base + ".html"});
    }
    published.push_back(std::move(p));
  }
  // The sheet itself is the link of its title.
  const auto index = guarded([&] { return HtmlSheetEmitter().index(published); });
  if (!index) print_error(index.error());
  if (failed || !index) return kFailed;
  files.push_back({o.out + "/index.html", *index});
  return write_outputs(files, o.out) ? kOk : kFailed;
}

}  // namespace

Command add_publish_command(CLI::App& app) {
  auto o = std::make_shared<PublishOptions>();
  auto* sub = app.add_subcommand("publish", "the publishing bundle: PDFs (Letter, A4), HTML, change lists, an index");
  sub->add_option("specs", o->files, "spec files")->required()->check(CLI::ExistingFile);
  sub->add_option("-o,--output", o->out, "the bundle's folder")->required();
  sub->add_option("--chromium", o->chromium, "the Chromium to print with (default /usr/bin/chromium)");
  sub->add_option("--since", o->since,
                  "list and mark the changes since an earlier edition: a spec file, or a git revision (v2.1)");
  return {sub, [o] { return run_publish(*o); }};
}

}  // namespace qrsc::cli
