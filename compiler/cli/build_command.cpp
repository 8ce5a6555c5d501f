// qrsc build SPEC... [-o DIR] [--emit cpp,html,json,pdf] [--depfile FILE] [--stamp FILE] [--watch]: every
// selected backend over every spec; with --watch, again whenever a spec or a file it reads changes.
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/base/output.hpp"
#include "qrsc/cli/backend_choice.hpp"
#include "qrsc/cli/compile.hpp"
#include "qrsc/cli/depfile.hpp"
#include "qrsc/cli/file_watch.hpp"
#include "qrsc/cli/fingerprint.hpp"
#include "qrsc/cli/live_reload.hpp"
#include "qrsc/frontend/spec_argument.hpp"

namespace qrsc::cli {

namespace {

struct BuildOptions {
  std::vector<std::string> files;
  std::string out_dir = "generated";
  std::vector<std::string> emit;
  std::string depfile;
  std::string stamp;
  BackendOptions backend;
  bool werror = false;
  bool watch = false;
};

using Backends = std::vector<std::unique_ptr<Backend>>;

// One build of every spec; `inputs` gets every file read by the specs that compiled.
int build_once(const BuildOptions& o, const Backends& backends, std::set<std::string>& inputs) {
  // Each spec is checked and its outputs made as soon as it has compiled, and only its sheet
  // fields are kept after: a run's memory does not grow with its specs. What a backend cannot
  // write (C++ names that collide), and two sheets of the run that would write the same file,
  // fail the build; so does any spec that does not compile. Outputs are staged (written beside
  // their targets) as they are made and moved in at the end: all or nothing.
  OutputTransaction outputs(o.out_dir);
  // Every file written, per backend (a backend's files together): the depfile's targets and the
  // stamp's lines.
  struct Written {
    std::string path;         // absolute
    std::string fingerprint;  // of its bytes, with --stamp
  };
  std::vector<std::vector<Written>> written(backends.size());
  bool failed = false;  // staging, or a backend, failed: its error is printed, nothing more is written
  bool checks_failed = false;
  std::map<std::string, std::pair<std::string, std::string>> owners;  // output stem: id, path
  const auto stage = [&](const PendingFile& p) {
    if (failed) return;
    const auto staged = outputs.stage(p);
    if (!staged) print_error(staged.error());
    failed = !staged;
  };
  // A backend's files for a sheet or the run, or the errors why it made none.
  const auto add = [&](std::size_t backend, const Diagnostics& diags, std::vector<OutputFile> files) {
    diags.print(std::cerr);
    failed = failed || diags.has_errors();
    if (o.watch) files = with_live_reload(std::move(files));
    for (auto& f : files) {
      PendingFile p{std::filesystem::path(o.out_dir) / f.path, std::move(f.content)};
      if (!o.depfile.empty() || !o.stamp.empty()) {
        written[backend].push_back({std::filesystem::absolute(p.path).lexically_normal().string(),
                                    o.stamp.empty() ? std::string() : fingerprint(p.content)});
      }
      stage(p);
    }
  };
  std::vector<std::string> read_by_backends;  // for the depfile: an author's layout file
  CompileOptions opt;
  opt.werror = o.werror;
  opt.on_compiled = [&](Spec& spec, bool all_clean) {
    if (spec.abstract || !all_clean) return;  // abstract specs exist only to be extended
    Diagnostics diags;
    for (const auto& backend : backends) backend->check(spec, diags);
    const std::string stem = spec.system + "/" + sheet_file_id(spec);
    if (const auto [it, fresh] = owners.emplace(stem, std::pair{spec.id, spec.path}); !fresh) {
      diags.error(Loc{std::make_shared<const std::string>(spec.path), 0, 0},
                  "spec id '" + spec.id + "' and the id '" + it->second.first + "' of " + it->second.second +
                      " name the same output files (" + stem + ".*)");
    }
    diags.print(std::cerr);
    checks_failed = checks_failed || diags.has_errors();
    if (checks_failed || failed) return;
    inputs.insert(spec.inputs.begin(), spec.inputs.end());
    for (std::size_t b = 0; b < backends.size() && !failed; ++b) {
      for (auto& file : backends[b]->files_read(spec)) {
        inputs.insert(file);
        read_by_backends.push_back(std::move(file));
      }
      Diagnostics emitted;
      auto files = backends[b]->sheet_files(spec, emitted);
      add(b, emitted, std::move(files));
    }
    spec.keep_header_only();  // what index.html and the depfile read
  };
  const auto specs = compile_all(o.files, opt);
  if (!specs || checks_failed || failed) return kFailed;
  std::vector<const Spec*> sheets;
  for (const auto& spec : *specs) {
    if (!spec.abstract) sheets.push_back(&spec);
  }
  for (std::size_t b = 0; b < backends.size() && !failed; ++b) {
    Diagnostics emitted;
    auto files = backends[b]->run_files(sheets, emitted);
    add(b, emitted, std::move(files));
  }
  // The outputs and their fingerprints, written with them: the one file a build system that cannot
  // name the outputs before qrsc runs depends on. Its bytes change exactly when an output's do, so
  // a build system that compares times (Ninja's restat) rebuilds what reads it only then.
  if (!o.stamp.empty() && !failed) {
    std::string listing;
    for (const auto& files : written) {
      for (const auto& w : files) listing += w.fingerprint + "  " + w.path + "\n";
    }
    stage({o.stamp, std::move(listing)});
  }
  if (!o.depfile.empty() && !failed) {  // written with the outputs, all or nothing
    // The outputs; with --stamp the stamp alone: the build system declared no other.
    std::vector<std::string> targets;
    if (!o.stamp.empty()) {
      targets.push_back(std::filesystem::absolute(o.stamp).lexically_normal().string());
    } else {
      for (const auto& files : written) {
        for (const auto& w : files) targets.push_back(w.path);
      }
    }
    std::vector<std::string> inputs;
    for (const auto& spec : *specs) inputs.insert(inputs.end(), spec.inputs.begin(), spec.inputs.end());
    inputs.insert(inputs.end(), read_by_backends.begin(), read_by_backends.end());
    Depfile depfile = make_depfile(targets, inputs);
    bool refused = false;
    for (const auto& name : depfile.unwritable) {
      print_error("cannot write the depfile " + o.depfile + ": the name '" + name +
                  "' has a control character or a backslash, which make and Ninja cannot both read back");
      refused = true;
    }
    if (refused) return kFailed;  // the transaction, never committed, puts everything back
    stage({o.depfile, std::move(depfile.text)});
  }
  if (failed) return kFailed;  // the transaction, never committed, puts everything back
  const auto committed = outputs.commit();
  if (!committed) print_error(committed.error());
  return committed ? kOk : kFailed;
}

// Builds, then builds again whenever a spec or a file a spec read changes, until SIGINT or
// SIGTERM (0). Each build starts from a fresh run cache (the files changed) and writes only the
// outputs whose bytes changed; one that fails leaves the previous outputs in place.
int watch(const BuildOptions& o, const Backends& backends) {
  FileWatch files;
  std::set<std::string> watched;
  for (;;) {
    release_run_cache();
    std::set<std::string> inputs;
    const int status = build_once(o, backends, inputs);
    if (!global_options().quiet) {
      print_note(status == kOk ? "built; watching for changes (^C ends)"
                               : "the build failed; the previous outputs are left; watching for changes");
    }
    // A spec that did not compile reads what it read the last time it did; and every spec named.
    for (const auto& f : o.files) {
      if (auto file = spec_argument(f, global_options().search)) {
        inputs.insert(std::filesystem::absolute(*file).lexically_normal().string());
      }
    }
    if (status != kOk) inputs.insert(watched.begin(), watched.end());
    watched = std::move(inputs);
    files.watch(watched);
    if (!files.wait_for_change()) return kOk;
  }
}

int run_build(const BuildOptions& o) {
  // Backends are made (templates loaded and parsed) once per run, before any spec is read.
  const auto chosen = chosen_backends(o.emit);
  if (!chosen) return kUsage;
  Backends backends;
  Diagnostics made;
  for (const BackendInfo* info : *chosen) backends.push_back(make_backend(*info, o.backend, made));
  made.print(std::cerr);
  if (made.has_errors()) return kFailed;
  if (o.watch) return watch(o, backends);
  std::set<std::string> inputs;
  return build_once(o, backends, inputs);
}

}  // namespace

Command add_build_command(CLI::App& app) {
  auto o = std::make_shared<BuildOptions>();
  auto* sub = app.add_subcommand("build", "compile specs into generated headers, sheets and other outputs");
  sub->add_option("specs", o->files, "spec files or names (acw-2.1-15mm, rff/acw-2.1-15mm)")->required();
  sub->add_option("-o,--output", o->out_dir, "output folder")->capture_default_str();
  sub->add_option("--emit", o->emit, "outputs, comma-separated: " + backend_names() + " (default: cpp,html)")
      ->delimiter(',');
  sub->add_option("--paper", o->backend.paper, "page size of html and pdf sheets, and of a web page's print")
      ->check(CLI::IsMember({"letter", "a4"}))
      ->capture_default_str();
  sub->add_option("--chromium", o->backend.chromium, "the Chromium pdf output prints with (default /usr/bin/chromium)");
  sub->add_option("--wasm-cxx", o->backend.wasm_cxx,
                  "the clang++ web output compiles its WebAssembly with (default: the one found when qrsc was built, "
                  "else clang++ on PATH)");
  sub->add_option("--depfile", o->depfile,
                  "also write FILE: the outputs and every spec they were made from, in the Makefile syntax of "
                  "gcc -MD (for CMake's DEPFILE, Ninja and make)");
  sub->add_option("--stamp", o->stamp,
                  "also write FILE: each output with a fingerprint of its bytes, one per line, changed exactly when an "
                  "output is; the one file a build system declares when it cannot name the outputs before qrsc "
                  "runs (with --depfile, the depfile's target)");
  sub->add_flag("--watch", o->watch,
                "after the build, build again whenever a spec or a file it reads changes, writing only the outputs "
                "that change, until interrupted; the HTML sheets reload themselves in the browser");
  sub->add_flag("--werror", o->werror,
                "treat warnings as errors (known disagreements of the source documents are not)");
  return {sub, [o] { return run_build(*o); }};
}

}  // namespace qrsc::cli
