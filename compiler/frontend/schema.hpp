// Typed access to one object of a spec, reporting wrong types, missing and unknown keys.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/format/spec_format.hpp"
#include "qrsc/model/notation.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

class Object {
 public:
  // `what` names the object in messages ("row 'tardy'"). Keys are checked against the spec
  // format's description of the object type, here and not by the builders: unknown keys, values
  // outside a key's choices, missing keys the format requires, and keys that exclude each other
  // (format::OneOf). The builders read resolved trees, where a variant's patch has been merged
  // into its parent's object, so a key required unless patching (kComplete) is required here.
  Object(NodePtr node, std::string what, Diagnostics& diags, const format::ObjectType& type)
      : node_(std::move(node)), what_(std::move(what)), diags_(diags), keys_(type.keys), one_of_(type.one_of) {
    check_keys();
  }
  // A table of `kind`: the keys of every table and those of its kind.
  Object(NodePtr node, std::string what, Diagnostics& diags, const format::TableKindKeys& kind)
      : node_(std::move(node)),
        what_(std::move(what)),
        diags_(diags),
        keys_(format::object_type("table").keys),
        kind_(&kind) {
    check_keys();
  }

  [[nodiscard]] bool ok() const { return ok_; }
  // A map whose keys are as the format describes them: none unknown, none missing, no value
  // outside its choices, no group broken (nothing check_keys reported). A builder that would
  // only add errors of its own about such an object leaves it.
  [[nodiscard]] bool as_described() const { return ok_ && !reported_; }
  [[nodiscard]] const Loc& loc() const { return node_->loc; }
  [[nodiscard]] NodePtr node() const { return node_; }
  [[nodiscard]] bool has(const char* key) const { return ok_ && node_->get(key) != nullptr; }
  [[nodiscard]] NodePtr get(const char* key) const { return ok_ ? node_->get(key) : nullptr; }
  [[nodiscard]] Loc loc_of(const char* key) const;

  std::string str(const char* key);
  std::optional<int> integer(const char* key);
  std::optional<Fraction> number(const char* key);
  std::optional<Fraction> distance(const char* key);
  bool boolean(const char* key, bool fallback);
  // A sequence; a missing key gives an empty list.
  std::vector<NodePtr> list(const char* key);
  // A string or a list of strings.
  std::vector<std::string> strings(const char* key);
  [[nodiscard]] const std::string& what() const { return what_; }

 private:
  // An error about this object; when a variant's patch changed it, the error is the patch's
  // (at its line) with a note at the parent's.
  void report(const Loc& at, std::string message);
  // Sets ok_ for a map, and reports every key the object type does not have and every value
  // outside a key's choices.
  void check_keys();
  // Reports each key the format requires that is missing, and each group of keys that exclude
  // each other with more than one present (or none, where one is required).
  void check_required();
  [[nodiscard]] bool missing(std::string_view key) const;
  // what_, with the object's id where it is a list entry's: the messages of check_required.
  [[nodiscard]] std::string named() const;
  [[nodiscard]] const format::Key* key(const std::string& name) const;
  void unknown_key(const std::string& name, const Loc& at);

  NodePtr node_;
  std::string what_;
  Diagnostics& diags_;
  std::span<const format::Key> keys_;
  std::span<const format::OneOf> one_of_;
  const format::TableKindKeys* kind_ = nullptr;
  bool ok_ = false;
  bool reported_ = false;  // check_keys reported something
};

// An id that becomes a C++ name: [a-z0-9][a-z0-9_]*, at most limits::kMaxIdLength.
bool is_identifier(const std::string& id);
// A spec's id, which names its output files: [a-z0-9][a-z0-9._-]*, at most kMaxIdLength.
bool is_sheet_id(const std::string& id);
// Text from a spec as shown in a message: control characters escaped, cut after 80 bytes.
std::string shown(const std::string& text);

}  // namespace qrsc
