// The spec as a tree of located nodes. A parser's own nodes cannot say which file they came
// from; once variants merge a parent into a child, every node must still know its origin
// so that diagnostics point at the right file and scale conversion knows what it inherited.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/yaml/child_list.hpp"

namespace qrsc {

struct Node;
using NodePtr = std::shared_ptr<Node>;
using ConstNodePtr = std::shared_ptr<const Node>;  // a tree only read (a parsed file, shared)

// What a variant's resolution did to a node: rare (most nodes are a file's own), so kept apart
// from the node, which a spec has thousands of (memory is time on a first build).
struct NodeChanges {
  std::string converted_from;  // scale conversion: the value before it was converted
  Loc patched_at;              // a variant's patch that changed this map (its keys), if any
};

struct Node {
  enum class Kind : unsigned char { null, scalar, sequence, map };
  Kind kind = Kind::null;
  bool quoted = false;  // scalar was quoted in the source
  Loc loc;
  std::string scalar;                                  // kind == scalar
  ChildList<NodePtr> items;                            // kind == sequence
  ChildList<std::pair<std::string, NodePtr>> entries;  // kind == map, in document order
  ChildList<Loc> key_locs;                             // kind == map, location of each key
  // Shared by the copies copy-on-write resolution makes; replaced, never changed in place.
  std::shared_ptr<const NodeChanges> changes;

  [[nodiscard]] const std::string& converted_from() const;
  [[nodiscard]] const Loc& patched_at() const;
  void set_converted_from(std::string before);
  void set_patched_at(Loc at);

  [[nodiscard]] bool is_map() const { return kind == Kind::map; }
  [[nodiscard]] bool is_seq() const { return kind == Kind::sequence; }
  [[nodiscard]] bool is_scalar() const { return kind == Kind::scalar; }
  [[nodiscard]] bool is_null() const { return kind == Kind::null; }

  [[nodiscard]] NodePtr get(const std::string& key) const;
  [[nodiscard]] Loc key_loc(const std::string& key) const;
  void set(const std::string& key, NodePtr value);
  // Also moves the key's location to `key_loc` (a patch's key replacing or adding a parent's).
  void set(const std::string& key, NodePtr value, const Loc& key_loc);
  void erase(const std::string& key);
  [[nodiscard]] NodePtr clone() const;
};

// The byte offset of the first byte that is not UTF-8, is a control character (C0 but tab,
// always allowed, and line breaks when allow_newlines; DEL; C1) or an invisible format
// character (bidirectional controls, zero-width characters), or npos.
std::size_t invalid_utf8_at(std::string_view s, bool allow_newlines);
// What the character at byte `at` of `s` (invalid_utf8_at's answer) is, for a diagnostic:
// "invalid UTF-8 byte 0xFF", "C1 control character U+0085", "invisible format character U+202E (...)".
std::string refused_character(std::string_view s, std::size_t at);
// "" for valid text, else what is wrong with it (for a diagnostic).
std::string invalid_text(const std::string& s);

// The text of a spec file, read as qrsc reads every file a spec names or the language server
// looks at: a regular file only (a FIFO would block, /dev/zero would never end, a folder has
// no text; checked before and again once opened, without blocking), of at most
// limits::kMaxFileBytes. Nothing, with the reason as an error located at the file, otherwise.
std::optional<std::string> read_spec_file(const std::filesystem::path& path, Diagnostics& diags);
// Parses a YAML file (a regular file of at most limits::kMaxFileBytes, UTF-8, one document). Syntax errors become
// diagnostics; returns null on failure. `bytes_read`, when given, is set to the size of the text read (left as it is if
// none was).
NodePtr load_yaml_file(const std::filesystem::path& path, Diagnostics& diags, std::size_t* bytes_read = nullptr);
// YAML text (at most limits::kMaxFileBytes, UTF-8, one document), named `file_name` in diagnostics.
NodePtr load_yaml_string(const std::string& text, const std::string& file_name, Diagnostics& diags);

}  // namespace qrsc
