#include "qrsc/frontend/schema.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "qrsc/base/limits.hpp"

namespace qrsc {

bool is_identifier(const std::string& id) {
  if (id.empty() || id.size() > limits::kMaxIdLength || id[0] == '_') return false;
  return std::all_of(id.begin(), id.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

bool is_sheet_id(const std::string& id) {
  if (id.empty() || id.size() > limits::kMaxIdLength || id[0] == '_' || id[0] == '-' || id[0] == '.') return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
  });
}

std::string shown(const std::string& text) {
  if (text.size() <= 80) return printable(text);
  std::size_t cut = 80;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
  return printable(text.substr(0, cut)) + "...";
}

const format::Key* Object::key(const std::string& name) const {
  if (const format::Key* k = format::find_key(keys_, name)) return k;
  return kind_ ? format::find_key(kind_->keys, name) : nullptr;
}

void Object::unknown_key(const std::string& name, const Loc& at) {
  if (kind_) {
    const auto kinds = format::kinds_with_key(name);
    if (!kinds.empty()) {
      std::string owners;
      for (const auto kind : kinds) owners += (owners.empty() ? "" : " and ") + std::string(kind);
      report(at,
             fmt::format("key '{}' belongs to {} tables, not to a {} table ({})", name, owners, kind_->kind, what_));
      return;
    }
  }
  std::vector<std::string> names;  // only for the suggestion
  for (const format::Key& k : keys_) names.emplace_back(k.name);
  if (kind_) {
    for (const format::Key& k : kind_->keys) names.emplace_back(k.name);
  }
  report(at, with_suggestion("unknown key '" + name + "' in " + what_, name, names));
}

void Object::check_keys() {
  if (!node_ || !node_->is_map()) {
    if (node_) diags_.error(node_->loc, what_ + " must be a map of keys");
    return;
  }
  ok_ = true;
  for (std::size_t i = 0; i < node_->entries.size(); ++i) {
    const std::string& name = node_->entries[i].first;  // not a structured binding: clang 14 cannot capture one
    const auto& value = node_->entries[i].second;
    const format::Key* k = key(name);
    if (!k) {
      unknown_key(name, node_->key_locs[i]);
      continue;
    }
    if (k->type == format::Type::boolean) {
      const bool allowed =
          value->is_scalar() && (k->choices.empty() ? value->scalar == "true" || value->scalar == "false"
                                                    : value->scalar == k->choices.front());
      if (!allowed) {
        report(value->loc, k->choices.empty()
                               ? fmt::format("'{}' of {} must be true or false", name, what_)
                               : fmt::format("'{}' of {} can only be {}", name, what_, k->choices.front()));
      }
      continue;
    }
    if (k->type != format::Type::choice || !value->is_scalar()) continue;
    if (std::any_of(k->choices.begin(), k->choices.end(), [&](const char* c) { return value->scalar == c; })) continue;
    const std::vector<std::string> choices(k->choices.begin(), k->choices.end());
    std::string listed;
    for (const auto& c : choices) listed += (listed.empty() ? "'" : ", '") + c + "'";
    report(value->loc, with_suggestion(fmt::format("'{}' of {} must be one of {}, not '{}'", name, what_, listed,
                                                   shown(value->scalar)),
                                       value->scalar, choices));
  }
  check_required();
}

bool Object::missing(std::string_view key) const {
  const NodePtr n = node_->get(std::string(key));
  return !n || n->is_null();
}

namespace {

std::string quoted_list(std::span<const char* const> names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    out += std::string(i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + "'" + names[i] + "'";
  }
  return out;
}

}  // namespace

std::string Object::named() const {
  // A list entry by its id: "modifier 'green' of table 'x'" for "modifier of table 'x'".
  const NodePtr id = node_->get("id");
  const format::Key* k = key("id");
  if (!id || !id->is_scalar() || id->scalar.empty() || !k || !(k->flags & format::kRequired)) return what_;
  if (what_.find("'" + shown(id->scalar) + "'") != std::string::npos) return what_;  // it names itself already
  const std::size_t of = what_.find(" of ");
  const std::size_t at = of == std::string::npos ? what_.size() : of;
  return what_.substr(0, at) + " '" + shown(id->scalar) + "'" + what_.substr(at);
}

void Object::check_required() {
  const auto required = [&](const format::Key& k) {
    if (!(k.flags & (format::kRequired | format::kComplete)) || !missing(k.name)) return;
    if (std::any_of(k.unless.begin(), k.unless.end(), [&](const char* u) { return !missing(u); })) return;
    // A choice names its choices and a key of one value its value, so the message says what to write.
    std::string hint;
    if (k.type == format::Type::choice) hint = " (one of " + quoted_list(k.choices) + ")";
    if (k.type == format::Type::integer && k.minimum == k.maximum && k.maximum != 0) {
      hint = fmt::format(" ('{}: {}')", k.name, k.maximum);
    }
    if (!k.unless.empty()) hint = " (unless it has " + quoted_list(k.unless) + ")";
    report(node_->loc, fmt::format("{} needs '{}'{}", named(), k.name, hint));
  };
  for (const format::Key& k : keys_) required(k);
  if (kind_) {
    for (const format::Key& k : kind_->keys) required(k);
  }
  for (const format::OneOf& group : one_of_) {
    // The group's keys present, in the order written: a second one is the error, at its key.
    std::vector<std::size_t> present;
    for (std::size_t e = 0; e < node_->entries.size(); ++e) {
      const std::string& name = node_->entries[e].first;
      if (!node_->entries[e].second->is_null() &&
          std::any_of(group.keys.begin(), group.keys.end(), [&](const char* k) { return name == k; })) {
        present.push_back(e);
      }
    }
    const bool exactly = group.flags & (format::kRequired | format::kComplete);
    if (present.size() > 1) {
      report(node_->key_locs[present[1]],
             fmt::format("{} has both '{}' and '{}': {} one of {}", named(), node_->entries[present[0]].first,
                         node_->entries[present[1]].first, exactly ? "exactly" : "at most", quoted_list(group.keys)));
    } else if (present.empty() && exactly) {
      report(node_->loc, fmt::format("{} needs one of {}", named(), quoted_list(group.keys)));
    }
  }
}

void Object::report(const Loc& at, std::string message) {
  reported_ = true;
  const Loc& patch = node_->patched_at();
  if (!patch.file || (at.file && *at.file == *patch.file)) {
    diags_.error(at, std::move(message));
    return;
  }
  diags_.error(patch, std::move(message) + " (after this spec's changes)");
  diags_.note(at, "the parent's " + what_ + " is here");
}

Loc Object::loc_of(const char* key) const {
  const NodePtr n = get(key);
  return n ? n->loc : loc();
}

std::string Object::str(const char* key) {
  const NodePtr n = get(key);
  if (!n || n->is_null()) return {};
  if (!n->is_scalar()) {
    diags_.error(n->loc, "'" + std::string(key) + "' of " + what_ + " must be a single value, not a list or map");
    return {};
  }
  return n->scalar;
}

std::optional<int> Object::integer(const char* key) {
  const NodePtr n = get(key);
  if (!n) return std::nullopt;
  std::string why;
  const auto v = n->is_scalar() ? parse_whole(n->scalar, &why) : std::nullopt;
  if (!v) {
    diags_.error(n->loc, "'" + std::string(key) + "' of " + what_ + " must be a whole number such as +1, 0 or -2" +
                             (why.empty() ? "" : ": " + why));
    return std::nullopt;
  }
  // The bounds the format description states for the key (the JSON Schema's minimum and maximum).
  const format::Key* k = this->key(key);
  if (k && k->maximum > k->minimum && (*v < k->minimum || *v > k->maximum)) {
    diags_.error(n->loc,
                 fmt::format("'{}' of {} must be from {} to {}, not {}", key, what_, k->minimum, k->maximum, *v));
    return std::nullopt;
  }
  return static_cast<int>(*v);
}

std::optional<Fraction> Object::number(const char* key) {
  const NodePtr n = get(key);
  if (!n) return std::nullopt;
  std::string why;
  const auto v = n->is_scalar() ? parse_number(n->scalar, &why) : std::nullopt;
  if (!v) {
    diags_.error(n->loc, "'" + std::string(key) + "' of " + what_ + " must be a number such as 2, 1/2 or 1.5" +
                             (why.empty() ? "" : ": " + why));
  }
  return v;
}

std::optional<Fraction> Object::distance(const char* key) {
  const NodePtr n = get(key);
  if (!n) return std::nullopt;
  std::string why;
  const auto v = n->is_scalar() ? parse_distance(n->scalar, &why) : std::nullopt;
  if (!v) {
    diags_.error(n->loc, "'" + std::string(key) + "' of " + what_ + " must be a distance such as 8in or 1.5in" +
                             (why.empty() ? "" : ": " + why));
  }
  return v;
}

bool Object::boolean(const char* key, bool fallback) {
  const NodePtr n = get(key);
  if (!n) return fallback;
  if (n->is_scalar() && (n->scalar == "true" || n->scalar == "false")) return n->scalar == "true";
  // A key the format describes was reported when the object's keys were checked (check_keys).
  if (!this->key(key)) diags_.error(n->loc, "'" + std::string(key) + "' of " + what_ + " must be true or false");
  return fallback;
}

std::vector<NodePtr> Object::list(const char* key) {
  const NodePtr n = get(key);
  if (!n || n->is_null()) return {};
  if (!n->is_seq()) {
    diags_.error(n->loc, "'" + std::string(key) + "' of " + what_ + " must be a list");
    return {};
  }
  return {n->items.begin(), n->items.end()};
}

std::vector<std::string> Object::strings(const char* key) {
  const NodePtr n = get(key);
  if (!n || n->is_null()) return {};
  if (n->is_scalar()) return {n->scalar};
  std::vector<std::string> out;
  if (!n->is_seq()) {
    diags_.error(n->loc, "'" + std::string(key) + "' of " + what_ + " must be text or a list of texts");
    return out;
  }
  for (const auto& i : n->items) {
    if (i->is_scalar()) {
      out.push_back(i->scalar);
    } else {
      diags_.error(i->loc, "'" + std::string(key) + "' of " + what_ + " must be text or a list of texts");
    }
  }
  return out;
}

}  // namespace qrsc
