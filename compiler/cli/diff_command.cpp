// qrsc diff OLD NEW [--odds] [-o FILE.md|FILE.html]: the numbered change list from one sheet to another.
#include <iostream>
#include <memory>

#include "compile.hpp"
#include "diff.hpp"

namespace qrsc::cli {

Command add_diff_command(CLI::App& app) {
  struct Options {
    std::string old_file, new_file, out;
    bool odds = false;
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand("diff", "the numbered change list from one spec to another");
  sub->add_option("old", o->old_file, "the earlier sheet's spec")->required();
  sub->add_option("new", o->new_file, "the later sheet's spec")->required();
  sub->add_option("-o,--output", o->out, "write FILE.md or FILE.html instead of printing Markdown");
  sub->add_flag("--odds", o->odds, "state how each changed band moves its row's probability (at a net modifier of 0)");
  return {sub, [o] {
            const auto old_spec = compile_one(o->old_file);
            const auto new_spec = compile_one(o->new_file);
            if (!old_spec || !new_spec) return kFailed;
            auto changes = diff_specs(*old_spec, *new_spec);
            if (o->odds) add_odds_to_changes(*old_spec, *new_spec, changes);
            const std::string text = ends_with(o->out, ".html")
                                         ? render_changes_html(*old_spec, *new_spec, changes)
                                         : render_changes_markdown(*old_spec, *new_spec, changes);
            if (o->out.empty()) {
              std::cout << text;
              return kOk;
            }
            return write_outputs({{o->out, text}}) ? kOk : kFailed;
          }};
}

}  // namespace qrsc::cli
