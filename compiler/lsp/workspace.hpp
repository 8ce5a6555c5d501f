// The documents an editor has open, their unsaved text seen by the front end in place of the
// files', and what `qrsc check` makes of them: diagnostics for each, the last clean model of each.
// One spec cache is kept across edits: an edit forgets the edited file's parsed tree and the
// resolutions that read it (a variant's edit keeps its parents'); every other file stays parsed,
// and the edited file's nodes the edit did not change stay the same nodes, so the tables renamed,
// converted, patched and built from them are found again (spec_cache.hpp). An edit checks again
// only the open documents whose sheets read the edited file.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "qrsc/frontend/spec_cache.hpp"
#include "qrsc/frontend/spec_search_path.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc::lsp {

struct Document {
  std::string uri;
  std::filesystem::path path;  // canonical
  std::string text;
  int version = 0;  // the editor's, given back with the document's diagnostics
};

class Workspace {
 public:
  explicit Workspace(SpecSearchPath search);
  Workspace(const Workspace&) = delete;  // its cache reads the documents through `this`
  Workspace& operator=(const Workspace&) = delete;

  // False when the URI names no file (another scheme).
  bool open(const std::string& uri, std::string text, int version);
  void close(const std::string& uri);
  [[nodiscard]] const Document* document(const std::string& uri) const;

  // Checks every open document as `qrsc check` does; the params of one publishDiagnostics per
  // open document, and an empty one for each document closed since the last call.
  std::vector<nlohmann::json> diagnose();

  // The last model of `file` (canonical) that compiled cleanly, if it is open.
  [[nodiscard]] const Spec* model(const std::filesystem::path& file) const;
  // The last clean models of every open document, the one of `first` first.
  [[nodiscard]] std::vector<const Spec*> models(const std::filesystem::path& first) const;
  // A spec's model (a parent's), from the shared cache.
  std::optional<Spec> compile(const std::filesystem::path& file);
  // A variant's baseline (what its parents and applied specs make before its own changes);
  // nothing for a root spec.
  std::optional<Spec> baseline(const std::filesystem::path& file);
  // The document's text parsed as it stands (null when it does not parse).
  [[nodiscard]] NodePtr tree(const Document& doc) const;
  [[nodiscard]] const SpecSearchPath& search() const { return search_; }

  // The text of a file the server has edited (a rename's workspace edit) that is not open, kept
  // until the editor opens or saves it: a second rename, and every check, reads it rather than
  // the disk's older text.
  void keep_edited(const std::filesystem::path& file, std::string text);
  [[nodiscard]] const std::string* edited_text(const std::filesystem::path& file) const;
  // The editor saved the document: its disk text is current.
  void saved(const std::string& uri);
  // A file changed on disk (the editor saved a file the server does not check, or watched files
  // changed): an open spec that reads it, as a parent or as its system's package, layout or
  // page file, is checked again.
  void changed_on_disk(const std::string& uri);

 private:
  // What checking one open document found: its diagnostics, and the files of its last clean
  // model (itself first, then its parents, and its system's package files; none when it never
  // compiled, and then every edit checks it again).
  struct Checked {
    std::vector<Diagnostic> diagnostics;
    std::vector<std::string> lineage;
  };
  Checked check(const Document& doc);

  SpecSearchPath search_;
  SpecCache cache_;
  std::map<std::string, Document> docs_;        // by URI
  std::map<std::string, Spec> models_;          // by canonical path
  std::map<std::string, Checked> checked_;      // by canonical path, open documents only
  std::set<std::string> edited_;                // files opened, changed or closed since the last diagnose()
  std::vector<std::string> closed_;             // URIs closed since the last diagnose()
  std::map<std::string, std::string> unsaved_;  // by canonical path: keep_edited's texts
};

// The canonical form of a path, as the front end's locations are compared.
std::filesystem::path canonical_file(const std::filesystem::path& p);

}  // namespace qrsc::lsp
