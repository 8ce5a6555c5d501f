#include "source_tree.hpp"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "limits.hpp"

namespace qrsc {

NodePtr Node::get(const std::string& key) const {
  for (const auto& [k, v] : entries) {
    if (k == key) return v;
  }
  return nullptr;
}

Loc Node::key_loc(const std::string& key) const {
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].first == key) return key_locs[i];
  }
  return loc;
}

void Node::set(const std::string& key, NodePtr value) {
  for (auto& [k, v] : entries) {
    if (k == key) {
      v = std::move(value);
      return;
    }
  }
  key_locs.push_back(value ? value->loc : loc);
  entries.emplace_back(key, std::move(value));
}

void Node::erase(const std::string& key) {
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].first == key) {
      entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(i));
      key_locs.erase(key_locs.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
  }
}

NodePtr Node::clone() const {
  auto n = std::make_shared<Node>(*this);
  for (auto& i : n->items) i = i->clone();
  for (auto& [k, v] : n->entries) v = v->clone();
  return n;
}


namespace {

using File = std::shared_ptr<const std::string>;

// Aborts the parse at the first input that would exceed a limit (depth, nodes, bytes): going
// on would spend the memory or the stack the limit is there to protect.
struct Abort {
  Loc loc;
  std::string message;
};

Loc loc_of(const YAML::Mark& m, const File& file) {
  if (m.line < 0) return {file, 0, 0};
  return {file, m.line + 1, m.column + 1};
}

// Builds the located tree from the parser's events. yaml-cpp's own node graph shares an
// anchored node between its aliases (and may contain itself: `a: &a [*a]`); here an alias is
// a copy, so copies are counted against the node and byte limits and an alias inside its own
// anchor is an error.
class TreeBuilder final : public YAML::EventHandler {
 public:
  TreeBuilder(const std::string& text, File file, Diagnostics& diags)
      : text_(text), file_(std::move(file)), diags_(diags) {}

  NodePtr root() const { return root_; }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto n = make(mark, Node::Kind::null);
    finish(n, anchor);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    const Loc loc = loc_of(mark, file_);
    const auto it = anchors_.find(anchor);
    if (it == anchors_.end()) {
      // The anchor is still open: the alias is inside the node it names.
      diags_.error(loc, "alias refers to a node that contains it (a cycle)");
      finish(make(mark, Node::Kind::null), 0);
      return;
    }
    count(it->second.nodes, it->second.bytes, loc);
    NodePtr copy = it->second.node->clone();
    copy->loc = loc;
    add(copy);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    auto n = make(mark, Node::Kind::scalar);
    count(0, value.size(), n->loc);
    n->quoted = tag == "!";
    if (n->quoted) check_closed_quote(mark);
    if (value.size() > limits::kMaxTextLength) {
      diags_.error(n->loc, fmt::format("text of {} bytes is longer than the limit of {} bytes", value.size(),
                                       limits::kMaxTextLength));
    } else if (const std::string bad = invalid_text(value); !bad.empty()) {
      diags_.error(n->loc, bad);
    }
    n->scalar = value;
    finish(n, anchor);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(make(mark, Node::Kind::sequence), anchor);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(make(mark, Node::Kind::map), anchor);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Open {
    NodePtr node;
    YAML::anchor_t anchor = 0;
    std::size_t nodes_before = 0;  // for the size of an anchored node
    std::size_t bytes_before = 0;
    NodePtr key;                   // a map's key waiting for its value
    std::unordered_set<std::string> keys;
    bool full = false;             // reached the item or key limit (reported once)
  };
  struct Anchored {
    NodePtr node;
    std::size_t nodes = 0;
    std::size_t bytes = 0;
  };

  NodePtr make(const YAML::Mark& mark, Node::Kind kind) {
    auto n = std::make_shared<Node>();
    n->kind = kind;
    n->loc = loc_of(mark, file_);
    count(1, 0, n->loc);
    return n;
  }

  void count(std::size_t nodes, std::size_t bytes, const Loc& loc) {
    nodes_ += nodes;
    bytes_ += bytes;
    if (nodes_ > limits::kMaxNodes) {
      throw Abort{loc, fmt::format("more than {} nodes in one file (aliases count once per use)", limits::kMaxNodes)};
    }
    if (bytes_ > limits::kMaxTreeBytes) {
      throw Abort{loc, fmt::format("more than {} bytes of text in one file (aliases count once per use)",
                                   limits::kMaxTreeBytes)};
    }
  }

  void open(NodePtr n, YAML::anchor_t anchor) {
    if (stack_.size() >= static_cast<std::size_t>(limits::kMaxDepth)) {
      throw Abort{n->loc, fmt::format("nested deeper than the limit of {} levels", limits::kMaxDepth)};
    }
    stack_.push_back({n, anchor, nodes_ - 1, bytes_, nullptr, {}, false});
  }

  void close() {
    Open o = std::move(stack_.back());
    stack_.pop_back();
    if (o.anchor != 0) anchors_[o.anchor] = {o.node, nodes_ - o.nodes_before, bytes_ - o.bytes_before};
    add(o.node);
  }

  void finish(const NodePtr& n, YAML::anchor_t anchor) {
    if (anchor != 0) anchors_[anchor] = {n, 1, n->scalar.size()};
    add(n);
  }

  // Attaches a finished node to the open list or map (or makes it the root).
  void add(const NodePtr& n) {
    if (stack_.empty()) {
      root_ = n;
      return;
    }
    Open& o = stack_.back();
    if (o.node->is_seq()) {
      if (o.node->items.size() < limits::kMaxListItems) {
        o.node->items.push_back(n);
      } else if (!std::exchange(o.full, true)) {
        diags_.error(n->loc, fmt::format("a list holds at most {} items", limits::kMaxListItems));
      }
      return;
    }
    if (!o.key) {
      o.key = n;
      return;
    }
    const NodePtr key = std::exchange(o.key, nullptr);
    if (!key->is_scalar()) {
      diags_.error(key->loc, "map keys must be plain words");
      return;
    }
    if (key->scalar.size() > limits::kMaxKeyLength) {
      diags_.error(key->loc, fmt::format("a key is at most {} bytes long", limits::kMaxKeyLength));
      return;
    }
    if (!o.keys.insert(key->scalar).second) {
      diags_.error(key->loc, "duplicate key '" + key->scalar + "'");
      return;
    }
    if (o.node->entries.size() >= limits::kMaxMapEntries) {
      if (!std::exchange(o.full, true)) {
        diags_.error(key->loc, fmt::format("a map holds at most {} keys", limits::kMaxMapEntries));
      }
      return;
    }
    o.node->entries.emplace_back(key->scalar, n);
    o.node->key_locs.push_back(key->loc);
  }

  // yaml-cpp ends a quoted scalar at the end of the input without complaint; a quote that
  // never closes is an error.
  void check_closed_quote(const YAML::Mark& mark) {
    if (mark.pos < 0 || static_cast<std::size_t>(mark.pos) >= text_.size()) return;
    const std::size_t start = static_cast<std::size_t>(mark.pos);
    const char q = text_[start];
    if (q != '"' && q != '\'') return;
    for (std::size_t i = start + 1; i < text_.size(); ++i) {
      if (q == '"' && text_[i] == '\\') {
        ++i;
      } else if (text_[i] == q) {
        if (q == '\'' && i + 1 < text_.size() && text_[i + 1] == '\'') {
          ++i;
          continue;
        }
        return;
      }
    }
    diags_.error(loc_of(mark, file_), std::string("unterminated ") + (q == '"' ? "double" : "single") +
                                          "-quoted text: the closing quote is missing");
  }

  const std::string& text_;
  File file_;
  Diagnostics& diags_;
  NodePtr root_;
  std::vector<Open> stack_;
  std::unordered_map<YAML::anchor_t, Anchored> anchors_;
  std::size_t nodes_ = 0;
  std::size_t bytes_ = 0;
};

// Records where a second document starts, and stops there.
class SecondDocument final : public YAML::EventHandler {
 public:
  struct Found {
    YAML::Mark mark;
  };
  void OnDocumentStart(const YAML::Mark& mark) override { throw Found{mark}; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { throw Found{mark}; }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { throw Found{mark}; }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string&) override {
    throw Found{mark};
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    throw Found{mark};
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    throw Found{mark};
  }
  void OnMapEnd() override {}
};

// The 1-based line and column of a byte offset.
Loc loc_at(const std::string& text, std::size_t offset, const File& file) {
  int line = 1, col = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++col;
    }
  }
  return {file, line, col};
}

}  // namespace

std::size_t invalid_utf8_at(const std::string& s, bool allow_newlines) {
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      const bool layout = c == '\t' || (allow_newlines && (c == '\n' || c == '\r'));
      if ((c < 0x20 && !layout) || c == 0x7F) return i;
      ++i;
      continue;
    }
    std::size_t len = 0;
    std::uint32_t cp = 0;
    if ((c & 0xE0) == 0xC0) {
      len = 2;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      cp = c & 0x07;
    } else {
      return i;
    }
    if (i + len > s.size()) return i;
    for (std::size_t k = 1; k < len; ++k) {
      const unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (cc & 0x3F);
    }
    // Overlong forms, surrogates, beyond U+10FFFF, and the C1 control characters.
    static constexpr std::uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[len] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF || (cp >= 0x80 && cp <= 0x9F)) return i;
    i += len;
  }
  return std::string::npos;
}

std::string invalid_text(const std::string& s) {
  const std::size_t at = invalid_utf8_at(s, true);
  if (at == std::string::npos) return {};
  const unsigned char c = static_cast<unsigned char>(s[at]);
  if (c < 0x20 || c == 0x7F) return fmt::format("text holds the control character 0x{:02X} at byte {} of the text", c, at);
  return fmt::format("text is not valid UTF-8 (byte 0x{:02X} at byte {} of the text)", c, at);
}

NodePtr load_yaml_string(const std::string& text, const std::string& file_name, Diagnostics& diags) {
  auto file = std::make_shared<const std::string>(file_name);
  // The bytes first: the parser must only ever see UTF-8 text (yaml-cpp would take a NUL
  // byte for the end of a string, or guess UTF-16 from one).
  std::size_t begin = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  if (const std::size_t at = invalid_utf8_at(text.substr(begin), true); at != std::string::npos) {
    const std::size_t offset = begin + at;
    const unsigned char c = static_cast<unsigned char>(text[offset]);
    diags.error(loc_at(text, offset, file),
                c < 0x80 ? fmt::format("control character 0x{:02X} (byte offset {}); a spec is UTF-8 text", c, offset)
                         : fmt::format("invalid UTF-8 byte 0x{:02X} (byte offset {}); a spec is UTF-8 text", c, offset));
    return nullptr;
  }
  TreeBuilder builder(text, file, diags);
  try {
    std::istringstream in(text);
    YAML::Parser parser(in);
    parser.HandleNextDocument(builder);
    try {
      SecondDocument second;
      if (parser.HandleNextDocument(second)) {
        diags.error({file, 0, 0}, "a spec file holds one YAML document; this one has a second");
      }
    } catch (const SecondDocument::Found& f) {
      diags.error(loc_of(f.mark, file), "a spec file holds one YAML document; a second one starts here");
    }
  } catch (const Abort& a) {
    diags.error(a.loc, a.message);
    return nullptr;
  } catch (const YAML::Exception& e) {
    diags.error(loc_of(e.mark, file), "YAML syntax: " + printable(e.msg));
    return nullptr;
  }
  if (diags.has_errors()) return nullptr;
  NodePtr root = builder.root();
  if (!root) {
    root = std::make_shared<Node>();
    root->loc = {file, 1, 1};
  }
  return root;
}

NodePtr load_yaml_file(const std::filesystem::path& path, Diagnostics& diags) {
  const auto file = std::make_shared<const std::string>(path.string());
  const Loc where{file, 0, 0};
  // Only regular files: a FIFO would block, /dev/zero would never end, a folder has no text.
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec) {
    diags.error(where, "cannot read file: " + ec.message());
    return nullptr;
  }
  if (!std::filesystem::is_regular_file(status)) {
    diags.error(where, std::filesystem::is_directory(status) ? "is a folder, not a spec file"
                                                             : "is not a regular file (a spec is a text file)");
    return nullptr;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.error(where, "cannot read file");
    return nullptr;
  }
  // Read at most one byte more than the limit, whatever size the file claims, in blocks (a
  // buffer of the whole limit would cost more than parsing a real spec).
  std::string text;
  char block[64 * 1024];
  while (text.size() <= limits::kMaxFileBytes && in.read(block, sizeof block).gcount() > 0) {
    text.append(block, static_cast<std::size_t>(in.gcount()));
  }
  if (text.size() > limits::kMaxFileBytes) {
    diags.error(where, fmt::format("file is larger than the limit of {} bytes", limits::kMaxFileBytes));
    return nullptr;
  }
  return load_yaml_string(text, path.string(), diags);
}

}  // namespace qrsc
