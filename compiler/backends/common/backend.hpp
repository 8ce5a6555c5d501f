// The one interface every output implements (protoc's CodeGenerator, a TableGen emitter).
// A backend reads the resolved model and nothing else. The command line creates each selected
// backend once per run, so a backend loads and parses its templates in its constructor, and
// writes all the files of a run at once, all or none.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "qrsc/backends/common/backend_error.hpp"
#include "qrsc/base/diagnostics.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// One file a backend writes: its path relative to the output folder, and its bytes.
struct OutputFile {
  std::string path;
  std::string content;
};

// One output, its content moved in (a braced list would copy it: its elements are const).
std::vector<OutputFile> one_output(std::string path, std::string content);

// Settings a backend may read; each backend ignores what is not its business.
struct BackendOptions {
  std::string paper = "letter";  // html, pdf, web (how the page prints): letter or a4
  std::string chromium;          // pdf: the browser to print with; empty for the default
  std::string wasm_cxx;          // web: the clang++ that compiles for wasm32; empty for the default
  bool appendix = false;         // html, pdf, web: add the reference tables (`print: appendix`)
  bool change_marks = false;     // html, pdf, web: print each erratum's number beside what it covers
};

class Backend {
 public:
  virtual ~Backend() = default;
  // The files this backend writes for one sheet, or none with the reason in `diags`. Abstract
  // specs are never passed.
  [[nodiscard]] std::vector<OutputFile> sheet_files(const Spec& spec, Diagnostics& diags) const;
  // Files written once per run from every sheet of the run (an index page), or none with the
  // reason in `diags`.
  [[nodiscard]] std::vector<OutputFile> run_files(const std::vector<const Spec*>& specs, Diagnostics& diags) const;
  // Reports what this backend cannot write for a sheet the front end accepted (two ids that
  // become the same C++ name); emit is called only when this added no error. Nothing by default.
  virtual void check(const Spec& spec, Diagnostics& diags) const;
  // The files other than the spec's own (Spec::inputs) that this backend reads for a sheet (an
  // author's layout file): a build's depfile lists them and `--watch` watches them. None by default.
  [[nodiscard]] virtual std::vector<std::string> files_read(const Spec& spec) const;

 protected:
  // What each backend implements; both may throw BackendError (backend_error.hpp). emit_run
  // writes none by default.
  [[nodiscard]] virtual std::vector<OutputFile> emit(const Spec& spec) const = 0;
  [[nodiscard]] virtual std::vector<OutputFile> emit_run(const std::vector<const Spec*>& specs) const;
};

struct BackendInfo {
  std::string_view name;                                              // as given to --emit
  std::string_view description;                                       // for --help
  bool by_default = false;                                            // written by `qrsc build` without --emit
  std::unique_ptr<Backend> (*make)(const BackendOptions&) = nullptr;  // may throw BackendError: use make_backend
  // The file emit writes for a sheet, and the ones emit_run writes for a run (none by default),
  // relative to the output folder: what `qrsc outputs` tells a build system before any is made.
  std::string (*sheet_path)(const Spec&) = nullptr;
  std::span<const std::string_view> run_files;
};

// The backend `info` describes, made with `options` (its templates loaded and parsed), or
// nothing with the reason in `diags`.
std::unique_ptr<Backend> make_backend(const BackendInfo& info, const BackendOptions& options, Diagnostics& diags);

// A sheet's file name without extension: its id with '-' and '.' as '_' ("acw-2.1-15mm" ->
// "acw_2_1_15mm"). Every backend writes <system>/<file id>.<ext>.
std::string sheet_file_id(const Spec& spec);

}  // namespace qrsc
