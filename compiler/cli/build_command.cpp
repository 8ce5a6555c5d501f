// qrsc build SPEC... [-o DIR] [--emit cpp,html,json,pdf]: every selected backend over every spec.
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>

#include "registry.hpp"
#include "compile.hpp"
#include "diagnostics.hpp"

namespace qrsc::cli {

namespace {

struct BuildOptions {
  std::vector<std::string> files;
  std::string out_dir = "generated";
  std::vector<std::string> emit;
  BackendOptions backend;
  bool werror = false;
};

std::vector<std::string> default_backends() {
  std::vector<std::string> out;
  for (const BackendInfo* b : all_backends()) {
    if (b->by_default) out.emplace_back(b->name);
  }
  return out;
}

std::string backend_names() {
  std::string out;
  for (const BackendInfo* b : all_backends()) out += (out.empty() ? "" : ", ") + std::string(b->name);
  return out;
}

int run_build(const BuildOptions& o) {
  // Backends are made (templates loaded and parsed) once per run, before any spec is read.
  std::vector<std::unique_ptr<Backend>> backends;
  for (const auto& name : o.emit.empty() ? default_backends() : o.emit) {
    const BackendInfo* info = find_backend(name);
    if (!info) {
      std::vector<std::string> names;
      for (const BackendInfo* b : all_backends()) names.emplace_back(b->name);
      std::cerr << "qrsc: error: " << with_suggestion("unknown output '" + name + "'", name, names)
                << " (outputs: " << backend_names() << ")\n";
      return kUsage;
    }
    backends.push_back(info->make(o.backend));
  }
  CompileOptions opt;
  opt.werror = o.werror;
  const auto specs = compile_all(o.files, opt);
  if (!specs) return kFailed;
  std::vector<const Spec*> sheets;  // abstract specs exist only to be extended
  for (const auto& spec : *specs) {
    if (!spec.abstract) sheets.push_back(&spec);
  }
  // What a backend cannot write (C++ names that collide), and two sheets of the run that
  // would write the same file, fail the build before anything is written.
  Diagnostics diags;
  std::map<std::string, const Spec*> owners;
  for (const Spec* spec : sheets) {
    for (const auto& backend : backends) backend->check(*spec, diags);
    const auto [it, fresh] = owners.emplace(spec->system + "/" + sheet_file_id(*spec), spec);
    if (!fresh) {
      diags.error(Loc{std::make_shared<const std::string>(spec->path), 0, 0},
                  "spec id '" + spec->id + "' and the id '" + it->second->id + "' of " + it->second->path +
                      " name the same output files (" + it->first + ".*)");
    }
  }
  diags.print(std::cerr);
  if (diags.has_errors()) return kFailed;
  std::vector<PendingFile> outputs;
  const auto add = [&](std::vector<OutputFile> files) {
    for (auto& f : files) outputs.push_back({std::filesystem::path(o.out_dir) / f.path, std::move(f.content)});
  };
  for (const auto& backend : backends) {
    for (const Spec* spec : sheets) add(backend->emit(*spec));
    add(backend->emit_run(sheets));
  }
  return write_outputs(outputs) ? kOk : kFailed;
}

}  // namespace

Command add_build_command(CLI::App& app) {
  auto o = std::make_shared<BuildOptions>();
  auto* sub = app.add_subcommand("build", "compile specs into generated headers, sheets and other outputs");
  sub->add_option("specs", o->files, "spec files")->required()->check(CLI::ExistingFile);
  sub->add_option("-o,--output", o->out_dir, "output folder")->capture_default_str();
  sub->add_option("--emit", o->emit, "outputs, comma-separated: " + backend_names() + " (default: cpp,html)")
      ->delimiter(',');
  sub->add_option("--paper", o->backend.paper, "page size of html and pdf sheets")
      ->check(CLI::IsMember({"letter", "a4"}))
      ->capture_default_str();
  sub->add_option("--chromium", o->backend.chromium, "the Chromium pdf output prints with (default /usr/bin/chromium)");
  sub->add_flag("--werror", o->werror, "treat warnings as errors");
  return {sub, [o] { return run_build(*o); }};
}

}  // namespace qrsc::cli
