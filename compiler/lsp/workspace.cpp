#include "qrsc/lsp/workspace.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "qrsc/analysis/checks.hpp"
#include "qrsc/frontend/canonical_path.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "qrsc/lsp/text_position.hpp"
#include "qrsc/model/procedure_files.hpp"

namespace qrsc::lsp {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path canonical_file(const fs::path& p) {
  std::error_code ec;
  fs::path c = canonical_path(fs::absolute(p, ec), ec);
  return ec ? p.lexically_normal() : c;
}

namespace {

// The protocol's severities: 1 error, 2 warning, 3 information. A known limit of the source
// documents (a value they do not give, a disputed erratum) is information: nothing to act on.
int severity_of(const Diagnostic& d) {
  if (d.severity == Severity::error) return 1;
  if (d.severity == Severity::warning && d.known == Diagnostic::Known::no) return 2;
  return 3;
}

// The canonical form of each file diagnostics are located in, found once per file (it asks the
// file system about every folder of the path).
class CanonicalFiles {
 public:
  const std::string& of(const std::string& file) {
    auto [it, fresh] = known_.try_emplace(file);
    if (fresh) it->second = canonical_file(file).string();
    return it->second;
  }

 private:
  std::map<std::string, std::string> known_;
};

// What one document's check found, by the file each diagnostic is located in.
struct Found {
  std::map<std::string, std::vector<Diagnostic>> by_file;
  std::set<std::string> seen;  // formatted, so that a parent's diagnostic reached twice is kept once
  void add(const Diagnostic& d, CanonicalFiles& canonical) {
    if (!seen.insert(format_diagnostic(d)).second) return;
    by_file[d.loc.file ? canonical.of(*d.loc.file) : std::string()].push_back(d);
  }
};

json lsp_diagnostic(const LineIndex& lines, const Diagnostic& d) {
  return {
      {"range", token_range(lines, d.loc)}, {"severity", severity_of(d)}, {"source", "qrsc"}, {"message", d.message}};
}

// One line at the top of a document for what lies elsewhere ("3 errors in rules/rff/x.yaml: ...").
json summary(const LineIndex& lines, const std::string& what, const Diagnostic& first, int severity) {
  Diagnostic at_top = first;
  at_top.loc.line = 1;
  at_top.loc.col = 1;
  json d = lsp_diagnostic(lines, at_top);
  d["severity"] = severity;
  d["message"] = what + ": " + format_diagnostic(first);
  d["range"] = {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}};
  return d;
}

}  // namespace

Workspace::Workspace(SpecSearchPath search) : search_(std::move(search)) {
  cache_.set_overlay([this](const fs::path& canonical) -> const std::string* {
    for (const auto& [uri, doc] : docs_) {
      if (doc.path == canonical) return &doc.text;
    }
    return edited_text(canonical);
  });
}

bool Workspace::open(const std::string& uri, std::string text, int version) {
  const auto path = path_of_uri(uri);
  // A package's file beside the specs (a layout, a system's procedures) is no spec: the
  // server leaves it alone.
  if (!path || is_package_file(*path)) return false;
  Document& doc = docs_[uri];
  doc.uri = uri;
  doc.path = canonical_file(*path);
  doc.text = std::move(text);
  doc.version = version;
  cache_.changed(doc.path);
  edited_.insert(doc.path.string());
  unsaved_.erase(doc.path.string());  // the editor's text from now on
  std::erase(closed_, uri);
  return true;
}

void Workspace::keep_edited(const fs::path& file, std::string text) {
  const fs::path canonical = canonical_file(file);
  unsaved_.insert_or_assign(canonical.string(), std::move(text));
  cache_.changed(canonical);
  edited_.insert(canonical.string());
}

const std::string* Workspace::edited_text(const fs::path& file) const {
  const auto it = unsaved_.find(file.string());
  return it == unsaved_.end() ? nullptr : &it->second;
}

void Workspace::saved(const std::string& uri) {
  const auto path = path_of_uri(uri);
  if (!path) return;
  const fs::path canonical = canonical_file(*path);
  if (unsaved_.erase(canonical.string()) == 0) {
    // A file the server does not check (a package's file): what reads it is checked again. An
    // open spec's own save changes nothing (its text was the editor's already).
    changed_on_disk(uri);
    return;
  }
  cache_.changed(canonical);
  edited_.insert(canonical.string());
}

void Workspace::changed_on_disk(const std::string& uri) {
  const auto path = path_of_uri(uri);
  if (!path) return;
  const fs::path canonical = canonical_file(*path);
  for (const auto& [open_uri, doc] : docs_) {
    if (doc.path == canonical) return;  // the editor's text stands for the disk's
  }
  if (edited_text(canonical)) return;  // so does the text a rename left unsaved
  cache_.changed(canonical);
  edited_.insert(canonical.string());
}

void Workspace::close(const std::string& uri) {
  const auto it = docs_.find(uri);
  if (it == docs_.end()) return;
  cache_.changed(it->second.path);  // the disk's text from now on
  edited_.insert(it->second.path.string());
  models_.erase(it->second.path.string());
  checked_.erase(it->second.path.string());
  docs_.erase(it);
  closed_.push_back(uri);
}

const Document* Workspace::document(const std::string& uri) const {
  const auto it = docs_.find(uri);
  return it == docs_.end() ? nullptr : &it->second;
}

Workspace::Checked Workspace::check(const Document& doc) {
  Diagnostics diags;
  std::optional<Spec> spec = compile_spec(doc.path, diags, search_, &cache_);
  if (spec && !spec->lineage.empty() && !(spec->abstract && spec->tables.empty())) {
    const std::optional<Spec> baseline = compile_baseline(doc.path, diags, search_, &cache_);
    check_spec(*spec, baseline, diags);
  }
  cache_.forget_unreachable();
  const std::string own = doc.path.string();
  if (spec && !diags.has_errors()) models_.insert_or_assign(own, std::move(*spec));
  Checked c{diags.all(), {}};
  // The files of the last clean model: an edit of one of them checks this document again. Its
  // system's package files are read outside the cache (frontend/system_package.hpp), so they
  // are listed here.
  if (const auto it = models_.find(own); it != models_.end()) {
    const Spec& m = it->second;
    std::vector<std::string> files = m.inputs;
    if (!m.system_layout.empty()) files.push_back(m.system_layout);
    for (std::string& f : procedure_files(m)) files.push_back(std::move(f));
    for (const auto& input : files) c.lineage.push_back(canonical_file(input).string());
  }
  return c;
}

std::vector<json> Workspace::diagnose() {
  for (const auto& [uri, doc] : docs_) {
    const std::string own = doc.path.string();
    const auto it = checked_.find(own);
    const bool affected = it == checked_.end() || it->second.lineage.empty() || edited_.contains(own) ||
                          std::any_of(it->second.lineage.begin(), it->second.lineage.end(),
                                      [&](const std::string& f) { return edited_.contains(f); });
    if (affected) checked_.insert_or_assign(own, check(doc));
  }
  edited_.clear();
  // By file, every diagnostic once; by open document, its errors located elsewhere (a parent's)
  // and its own.
  Found all;
  CanonicalFiles canonical;
  std::map<std::string, std::vector<Diagnostic>> elsewhere, own_errors;
  for (const auto& [own, c] : checked_) {
    for (const Diagnostic& d : c.diagnostics) {
      all.add(d, canonical);
      if (d.severity != Severity::error) continue;
      const std::string file = d.loc.file ? canonical.of(*d.loc.file) : own;
      (file == own ? own_errors : elsewhere)[own].push_back(d);
    }
  }
  std::vector<json> out;
  for (const auto& [uri, doc] : docs_) {
    const std::string own = doc.path.string();
    json list = json::array();
    const LineIndex lines(doc.text);  // one pass over the text for all its diagnostics
    for (const Diagnostic& d : all.by_file[own]) list.push_back(lsp_diagnostic(lines, d));
    // The errors of its parents (shown at their lines too where a parent is open), summed up
    // at the top: this spec does not compile while they last.
    if (const auto& inherited = elsewhere[own]; !inherited.empty()) {
      list.push_back(summary(lines,
                             fmt::format("{} error{} in the specs this one extends or applies", inherited.size(),
                                         inherited.size() == 1 ? "" : "s"),
                             inherited.front(), 1));
    }
    // An open variant that extends this document and has errors of its own: summed up here.
    for (const auto& [variant, c] : checked_) {
      if (variant == own || std::find(c.lineage.begin(), c.lineage.end(), own) == c.lineage.end()) continue;
      const auto& errors = own_errors[variant];
      if (errors.empty()) continue;
      list.push_back(summary(lines,
                             fmt::format("{} error{} in {}, which extends this spec", errors.size(),
                                         errors.size() == 1 ? "" : "s", display_path(variant)),
                             errors.front(), 2));
    }
    out.push_back({{"uri", uri}, {"version", doc.version}, {"diagnostics", std::move(list)}});
  }
  for (const auto& uri : closed_) out.push_back({{"uri", uri}, {"diagnostics", json::array()}});
  closed_.clear();
  return out;
}

const Spec* Workspace::model(const fs::path& file) const {
  const auto it = models_.find(file.string());
  return it == models_.end() ? nullptr : &it->second;
}

std::vector<const Spec*> Workspace::models(const fs::path& first) const {
  std::vector<const Spec*> out;
  if (const Spec* own = model(first)) out.push_back(own);
  for (const auto& [file, spec] : models_) {
    if (file != first.string()) out.push_back(&spec);
  }
  return out;
}

std::optional<Spec> Workspace::compile(const fs::path& file) {
  Diagnostics ignored;
  return compile_spec(file, ignored, search_, &cache_);
}

std::optional<Spec> Workspace::baseline(const fs::path& file) {
  Diagnostics ignored;
  return compile_baseline(file, ignored, search_, &cache_);
}

NodePtr Workspace::tree(const Document& doc) const {
  Diagnostics ignored;
  return load_yaml_string(doc.text, doc.path.string(), ignored);
}

}  // namespace qrsc::lsp
