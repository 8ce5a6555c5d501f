// What the subcommands share: exit codes, compiling and checking specs with their
// diagnostics printed, and writing outputs all-or-nothing.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "qrsc/base/output.hpp"
#include "qrsc/frontend/spec_search_path.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc::cli {

constexpr int kOk = 0;
constexpr int kFailed = 1;
constexpr int kUsage = 2;

enum class Format { text, json };

// Options every subcommand honours, given before or after the subcommand's name.
struct GlobalOptions {
  SpecSearchPath search;  // -I folders, QRS_PATH, the installed share/qrs/rules
  bool quiet = false;     // print errors only
};
GlobalOptions& global_options();

struct CompileOptions {
  bool werror = false;
  bool against_parent = false;  // also report changes no erratum explains (qrsc check)
  bool summary = false;         // print the errata counts per document
  // List notes and each known disagreement of the source documents (qrsc check); otherwise only
  // errors and warnings that need action are printed, and known disagreements as one count.
  bool report_all = false;
  // Also list the known limits a variant inherits from its parents (qrsc check --inherited);
  // otherwise they are one line per parent.
  bool inherited = false;
  Format format = Format::text;
  // Called with each spec as soon as it compiled cleanly (`all_clean`: so did every spec
  // before it), before it is kept; it may keep less of the spec (qrsc build writes a spec's
  // outputs here and keeps only its header, so a run's memory does not grow with its
  // specs). The run's cache is released before the last spec is given (nothing else will use
  // it, and the outputs then reuse its memory).
  std::function<void(Spec& spec, bool all_clean)> on_compiled;
};

// Compiles and checks every spec, printing diagnostics; returns the specs when all are clean.
std::optional<std::vector<Spec>> compile_all(const std::vector<std::string>& files, const CompileOptions& opt);
// The spec file a command-line argument names, or nothing with the reason printed.
std::optional<std::string> named_spec(const std::string& arg);
// Compiles one spec, printing its diagnostics.
std::optional<Spec> compile_one(const std::string& file);
// Frees what the run parsed, resolved and built, once no more specs will be compiled: the
// models keep nothing of it, and the outputs then reuse its memory (qrsc build).
void release_run_cache();

// qrsc's own messages on standard error ("qrsc: error: ...", "qrsc: note: ..."), with what they
// echo of the user's input made printable: a name typed on the command line cannot drive the
// terminal. A message of several lines (a sheet's layout findings) prints as lines. Every
// message of the subcommands goes through these.
void print_error(std::string_view message);
void print_error(const Diagnostic& error);
void print_note(std::string_view message);

// Writes the files (all or none), no link below `root` followed (by default the first file's
// folder); prints the error and returns false on failure.
bool write_outputs(const std::vector<PendingFile>& files, const std::filesystem::path& root = {});
bool ends_with(const std::string& s, const std::string& suffix);

// A subcommand: added to the app with its options; `run` is called when it was chosen.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

Command add_build_command(CLI::App& app);
Command add_check_command(CLI::App& app);
Command add_diff_command(CLI::App& app);
Command add_lookup_command(CLI::App& app);
Command add_sheet_command(CLI::App& app);
Command add_explain_command(CLI::App& app);
Command add_show_command(CLI::App& app);
Command add_odds_command(CLI::App& app);
Command add_report_command(CLI::App& app);
Command add_publish_command(CLI::App& app);
Command add_outputs_command(CLI::App& app);
Command add_complete_command(CLI::App& app);
Command add_lsp_command(CLI::App& app);

}  // namespace qrsc::cli
