// qrsc publish SPEC... -o DIR: the bundle a publisher uploads. For each sheet: PDFs on Letter and
// A4 (with change marks when the spec has numbered errata), the HTML sheet, the change list
// against its parent (Markdown and HTML), and one index page linking everything. The sheets
// come from the html and pdf backends; the change list needs the parent spec, which a backend
// (the model of one sheet) does not have, so it is made here.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <memory>

#include "backend.hpp"
#include "compile.hpp"
#include "diff.hpp"
#include "html_escape.hpp"
#include "registry.hpp"

namespace qrsc::cli {

namespace {

struct PublishOptions {
  std::vector<std::string> files;
  std::string out;
  std::string chromium;
};

bool has_numbered_errata(const Spec& spec) {
  return std::any_of(spec.errata.begin(), spec.errata.end(), [](const Erratum& e) {
    return !e.id.empty() && std::all_of(e.id.begin(), e.id.end(), [](unsigned char c) { return std::isdigit(c); });
  });
}

// The sheet's own files, each under <system>/<file id>...; returned as (label, path) links.
struct Published {
  const Spec* spec;
  std::vector<std::pair<std::string, std::string>> links;
};

int run_publish(const PublishOptions& o) {
  const auto specs = compile_all(o.files, CompileOptions{});
  if (!specs) return kFailed;
  std::vector<PendingFile> files;
  std::vector<Published> published;
  for (const Spec& spec : *specs) {
    if (spec.abstract) continue;
    Published p{&spec, {}};
    const bool marks = has_numbered_errata(spec);
    for (const char* paper : {"letter", "a4"}) {
      BackendOptions bo;
      bo.paper = paper;
      bo.chromium = o.chromium;
      bo.change_marks = marks;
      for (auto& f : find_backend("pdf")->make(bo)->emit(spec)) {
        const std::string path = f.path.substr(0, f.path.size() - 4) + "-" + paper + ".pdf";
        p.links.emplace_back(fmt::format("PDF, {}{}", paper == std::string("a4") ? "A4" : "Letter",
                                         marks ? ", with change marks" : ""),
                             path);
        files.push_back({o.out + "/" + path, std::move(f.content)});
      }
    }
    BackendOptions html_options;
    html_options.change_marks = marks;
    for (auto& f : find_backend("html")->make(html_options)->emit(spec)) {
      p.links.emplace_back("HTML sheet", f.path);
      files.push_back({o.out + "/" + f.path, std::move(f.content)});
    }
    // The change list against the spec it extends (the first of its lineage after itself).
    if (spec.lineage.size() > 1) {
      const auto parent = compile_one(spec.lineage[1]);
      if (!parent) return kFailed;
      const auto changes = diff_specs(*parent, spec);
      const std::string base = spec.system + "/" + sheet_file_id(spec) + "-changes";
      files.push_back({o.out + "/" + base + ".md", render_changes_markdown(*parent, spec, changes)});
      files.push_back({o.out + "/" + base + ".html", render_changes_html(*parent, spec, changes)});
      p.links.emplace_back("Changes from " + (parent->subtitle.empty() ? parent->id : parent->subtitle) + " (Markdown)",
                           base + ".md");
      p.links.emplace_back("Changes (HTML)", base + ".html");
    }
    published.push_back(std::move(p));
  }
  std::string index =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Quick Reference Sheets</title>"
      "<style>body{font:11pt/1.4 sans-serif;max-width:50em;margin:2em auto}h2{font-size:13pt;margin-bottom:0.2em}"
      "</style></head><body>\n<h1>Quick Reference Sheets</h1>\n";
  for (const auto& p : published) {
    const Spec& s = *p.spec;
    index += "<h2>" + html_escape(s.title) + (s.subtitle.empty() ? "" : ": " + html_escape(s.subtitle)) + "</h2>\n<p>";
    index += html_escape(s.period.empty() ? "" : s.period + ". ") + "Scale " + html_escape(s.figures) +
             (s.publisher.version.empty() ? "" : ", version " + html_escape(s.publisher.version)) + ".</p>\n<ul>\n";
    for (const auto& [label, path] : p.links) index += "<li><a href=\"" + html_escape(path) + "\">" + html_escape(label) + "</a></li>\n";
    index += "</ul>\n";
  }
  files.push_back({o.out + "/index.html", index + "</body></html>\n"});
  return write_outputs(files) ? kOk : kFailed;
}

}  // namespace

Command add_publish_command(CLI::App& app) {
  auto o = std::make_shared<PublishOptions>();
  auto* sub = app.add_subcommand("publish", "the publishing bundle: PDFs (Letter, A4), HTML, change lists, an index");
  sub->add_option("specs", o->files, "spec files")->required()->check(CLI::ExistingFile);
  sub->add_option("-o,--output", o->out, "the bundle's folder")->required();
  sub->add_option("--chromium", o->chromium, "the Chromium to print with (default /usr/bin/chromium)");
  return {sub, [o] {
            try {
              return run_publish(*o);
            } catch (const std::exception& e) {
              print_error(e.what());
              return kFailed;
            }
          }};
}

}  // namespace qrsc::cli
