// qrsc diff OLD NEW | NEW --since OLD [-o FILE] [--format md|html|json] [--expand] [--odds]: the
// numbered change list from one sheet to another, or from an earlier edition of a sheet (another
// file, or the spec at a git revision).
#include <iostream>
#include <memory>

#include "qrsc/analysis/diff.hpp"
#include "qrsc/cli/compile.hpp"
#include "qrsc/cli/earlier_edition.hpp"
#include "qrsc/reports/change_list.hpp"

namespace qrsc::cli {

namespace {

// The format asked for, or the one the output file's suffix names; empty when neither says
// (a file name with another suffix is refused rather than written in a format it does not name).
std::string diff_format(const std::string& format, const std::string& out) {
  if (!format.empty()) return format;
  if (out.empty() || ends_with(out, ".md")) return "md";
  if (ends_with(out, ".html")) return "html";
  if (ends_with(out, ".json")) return "json";
  return "";
}

}  // namespace

Command add_diff_command(CLI::App& app) {
  struct Options {
    std::vector<std::string> files;
    std::string since, out, format;
    bool expand = false;
    bool odds = false;
  };
  auto o = std::make_shared<Options>();
  auto* sub =
      app.add_subcommand("diff", "the numbered change list from one spec to another, or from an earlier edition");
  sub->add_option("specs", o->files, "OLD NEW: the earlier sheet's spec and the later's (NEW alone with --since)")
      ->required()
      ->expected(1, 2);
  sub->add_option("--since", o->since, "the earlier edition of NEW: a spec file, or a git revision (v2.1, HEAD~1)");
  sub->add_option("-o,--output", o->out, "write to FILE (.md, .html or .json, or any name with --format)");
  sub->add_option("--format", o->format, "md (default), html or json")->check(CLI::IsMember({"md", "html", "json"}));
  sub->add_flag("--expand", o->expand, "list every converted distance instead of one line for the scale conversion");
  sub->add_flag("--odds", o->odds, "state how each changed band moves its row's probability (at a net modifier of 0)");
  return {sub, [o] {
            const std::string format = diff_format(o->format, o->out);
            if (format.empty()) {
              print_error("cannot tell the format of '" + o->out +
                          "' from its name: use .md, .html or .json, or give --format");
              return kUsage;
            }
            if (o->files.size() != (o->since.empty() ? 2U : 1U)) {
              print_error(o->since.empty() ? "diff needs two specs, OLD and NEW (or NEW and --since OLD)"
                                           : "with --since, diff takes one spec: the later edition");
              return kUsage;
            }
            const auto new_spec = compile_one(o->files.back());
            if (!new_spec) return kFailed;
            const auto old_spec =
                o->since.empty() ? compile_one(o->files.front()) : compile_earlier_edition(o->since, *new_spec);
            if (!old_spec) return kFailed;
            auto changes = diff_specs(*old_spec, *new_spec);
            if (o->odds) add_odds_to_changes(*old_spec, *new_spec, changes);
            const ChangeListOptions options{o->expand};
            const auto text = format == "html"   ? render_changes_html(*old_spec, *new_spec, changes, options)
                              : format == "json" ? render_changes_json(*old_spec, *new_spec, changes, options)
                                                 : render_changes_markdown(*old_spec, *new_spec, changes, options);
            if (!text) {
              print_error(text.error());
              return kFailed;
            }
            if (o->out.empty()) {
              std::cout << *text;
              return kOk;
            }
            return write_outputs({{o->out, *text}}) ? kOk : kFailed;
          }};
}

}  // namespace qrsc::cli
