#include "qrsc/yaml/source_tree.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "qrsc/base/limits.hpp"
#include "qrsc/base/unicode.hpp"

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

void Node::set(const std::string& key, NodePtr value, const Loc& key_loc) {
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].first == key) {
      entries[i].second = std::move(value);
      key_locs[i] = key_loc;
      return;
    }
  }
  key_locs.push_back(key_loc);
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

namespace {
const NodeChanges kNoChanges;

NodeChanges changed(const std::shared_ptr<const NodeChanges>& c) { return c ? *c : NodeChanges{}; }
}  // namespace

const std::string& Node::converted_from() const { return (changes ? *changes : kNoChanges).converted_from; }
const Loc& Node::patched_at() const { return (changes ? *changes : kNoChanges).patched_at; }

void Node::set_converted_from(std::string before) {
  NodeChanges c = changed(changes);
  c.converted_from = std::move(before);
  changes = std::make_shared<const NodeChanges>(std::move(c));
}

void Node::set_patched_at(Loc at) {
  NodeChanges c = changed(changes);
  c.patched_at = std::move(at);
  changes = std::make_shared<const NodeChanges>(std::move(c));
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

Loc loc_of(const yaml_mark_t& m, const File& file) {
  return {file, static_cast<int>(m.line) + 1, static_cast<int>(m.column) + 1};
}

std::string_view text_of(const yaml_char_t* s) {
  return s ? std::string_view(reinterpret_cast<const char*>(s)) : std::string_view();
}

// A plain scalar that YAML reads as null (and an empty node, which the parser gives as "").
bool is_null_word(std::string_view s) { return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL"; }

// One libyaml event, freed however the loop below is left.
struct Event {
  yaml_event_t e{};
  bool held = false;
  ~Event() { release(); }
  void release() {
    if (std::exchange(held, false)) yaml_event_delete(&e);
  }
};

// One libyaml parser over a string, freed however the parse ends.
struct Parser {
  yaml_parser_t p{};
  explicit Parser(const std::string& text) {
    yaml_parser_initialize(&p);
    yaml_parser_set_input_string(&p, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  }
  ~Parser() { yaml_parser_delete(&p); }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;
};

// Builds the located tree from libyaml's parser events (libyaml is an event parser in C:
// it neither recurses nor builds a graph, so nesting and aliases are ours to bound). An alias
// is a copy, counted against the node and byte limits, and an alias inside its own anchor is an
// error.
class TreeBuilder {
 public:
  TreeBuilder(File file, Diagnostics& diags) : file_(std::move(file)), diags_(diags) {}

  NodePtr root() const { return root_; }

  void scalar(const yaml_event_t& e) {
    const auto& d = e.data.scalar;
    const std::string_view tag = text_of(d.tag);
    const bool plain = d.style == YAML_PLAIN_SCALAR_STYLE;
    const std::string_view value(reinterpret_cast<const char*>(d.value), d.length);
    const bool null = plain && tag.empty() && is_null_word(value);
    // A map's key is kept as text, never made a node (half the scalars of a spec are keys);
    // an anchored key, a null one or one that is not a scalar goes the general way.
    if (!null && !d.anchor && !stack_.empty() && stack_.back().node->is_map() && !stack_.back().waiting()) {
      Open& o = stack_.back();
      o.key_loc = loc_of(e.start_mark, file_);
      count(1, value.size(), o.key_loc);
      o.key_text.assign(value);
      o.has_key_text = true;
      check_text(o.key_text, d.style, o.key_loc);
      return;
    }
    if (null) {
      finish(make(e.start_mark, Node::Kind::null), d.anchor);
      return;
    }
    auto n = make(e.start_mark, Node::Kind::scalar);
    count(0, value.size(), n->loc);
    n->quoted = !plain || tag == "!";
    n->scalar.assign(value);
    check_text(n->scalar, d.style, n->loc);
    finish(n, d.anchor);
  }

  void alias(const yaml_event_t& e) {
    const Loc loc = loc_of(e.start_mark, file_);
    const std::string name(text_of(e.data.alias.anchor));
    const auto it = anchors_.find(name);
    if (it == anchors_.end()) {
      diags_.error(loc, fmt::format("alias '*{}' names no anchor: an anchor '&{}' must come before it", printable(name),
                                    printable(name)));
      finish(make(e.start_mark, Node::Kind::null), nullptr);
      return;
    }
    if (!it->second.node) {
      // The anchor is still open: the alias is inside the node it names.
      diags_.error(loc, "alias refers to a node that contains it (a cycle)");
      finish(make(e.start_mark, Node::Kind::null), nullptr);
      return;
    }
    count(it->second.nodes, it->second.bytes, loc);
    NodePtr copy = it->second.node->clone();
    copy->loc = loc;
    add(copy);
  }

  void open(const yaml_event_t& e, Node::Kind kind, const yaml_char_t* anchor) {
    NodePtr n = make(e.start_mark, kind);
    if (stack_.size() >= static_cast<std::size_t>(limits::kMaxDepth)) {
      throw Abort{n->loc, fmt::format("nested deeper than the limit of {} levels", limits::kMaxDepth)};
    }
    std::string name(text_of(anchor));
    if (!name.empty()) anchors_[name] = {};  // open: an alias to it now is a cycle
    Open o;
    o.node = n;
    o.anchor = std::move(name);
    o.nodes_before = nodes_ - 1;
    o.bytes_before = bytes_;
    o.items_begin = items_.size();
    o.entries_begin = entries_.size();
    stack_.push_back(std::move(o));
  }

  void close() {
    Open o = std::move(stack_.back());
    stack_.pop_back();
    // The children, gathered on the builder's stacks, move into vectors of their exact size.
    take_from(items_, o.items_begin, o.node->items);
    take_from(entries_, o.entries_begin, o.node->entries);
    take_from(key_locs_, o.entries_begin, o.node->key_locs);
    if (!o.anchor.empty()) anchors_[o.anchor] = {o.node, nodes_ - o.nodes_before, bytes_ - o.bytes_before};
    add(o.node);
  }

 private:
  struct Open {
    NodePtr node;
    std::string anchor;
    std::size_t nodes_before = 0;  // for the size of an anchored node
    std::size_t bytes_before = 0;
    // Where its children begin on the builder's stacks (items_, entries_ and key_locs_).
    std::size_t items_begin = 0, entries_begin = 0;
    NodePtr key;           // a map's key waiting for its value, as a node
    std::string key_text;  // or as text (a plain scalar, the usual case)
    Loc key_loc;
    bool has_key_text = false;
    std::unordered_set<std::string> keys;
    bool full = false;  // reached the item or key limit (reported once)
    [[nodiscard]] bool waiting() const { return key || has_key_text; }
  };
  struct Anchored {
    NodePtr node;  // null while the anchored node is still open
    std::size_t nodes = 0;
    std::size_t bytes = 0;
  };

  // Moves the top of `stack` from `begin` on into `list`.
  template <class T>
  static void take_from(std::vector<T>& stack, std::size_t begin, ChildList<T>& list) {
    const auto first = stack.begin() + static_cast<std::ptrdiff_t>(begin);
    list.assign(std::make_move_iterator(first), std::make_move_iterator(stack.end()));
    stack.erase(first, stack.end());
  }

  NodePtr make(const yaml_mark_t& mark, Node::Kind kind) {
    auto n = std::make_shared<Node>();
    n->kind = kind;
    n->loc = loc_of(mark, file_);
    count(1, 0, n->loc);
    return n;
  }

  // A scalar's text against the length limit and, for a double-quoted one, the characters.
  void check_text(const std::string& text, yaml_scalar_style_t style, const Loc& loc) {
    if (text.size() > limits::kMaxTextLength) {
      diags_.error(loc, fmt::format("text of {} bytes is longer than the limit of {} bytes", text.size(),
                                    limits::kMaxTextLength));
    } else if (style != YAML_DOUBLE_QUOTED_SCALAR_STYLE) {
      // Every other style only holds characters of the file, which were checked before parsing;
      // only a double-quoted escape ("\0", "\x85") makes a character that is not in it.
    } else if (const std::string bad = invalid_text(text); !bad.empty()) {
      diags_.error(loc, bad);
    }
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

  void finish(const NodePtr& n, const yaml_char_t* anchor) {
    if (anchor) anchors_[std::string(text_of(anchor))] = {n, 1, n->scalar.size()};
    add(n);
  }

  // False when the open map already has `key`. Most maps have a few keys: a scan of them; a
  // set only once a map is large (so duplicate checks stay linear on hostile input).
  bool first_use(Open& o, const std::string& key) {
    constexpr std::size_t kScanned = 16;
    const auto begin = entries_.begin() + static_cast<std::ptrdiff_t>(o.entries_begin);
    if (entries_.size() - o.entries_begin < kScanned) {
      return std::none_of(begin, entries_.end(), [&](const auto& e) { return e.first == key; });
    }
    if (o.keys.empty()) {
      for (auto e = begin; e != entries_.end(); ++e) o.keys.insert(e->first);
    }
    return o.keys.insert(key).second;
  }

  // Attaches a finished node to the open list or map (or makes it the root).
  void add(const NodePtr& n) {
    if (stack_.empty()) {
      root_ = n;
      return;
    }
    Open& o = stack_.back();
    if (o.node->is_seq()) {
      if (items_.size() - o.items_begin < limits::kMaxListItems) {
        items_.push_back(n);
      } else if (!std::exchange(o.full, true)) {
        diags_.error(n->loc, fmt::format("a list holds at most {} items", limits::kMaxListItems));
      }
      return;
    }
    if (!o.waiting()) {
      o.key = n;
      return;
    }
    std::string key;
    Loc key_loc;
    if (std::exchange(o.has_key_text, false)) {
      key = std::move(o.key_text);
      key_loc = std::move(o.key_loc);
    } else {
      const NodePtr node = std::exchange(o.key, nullptr);
      if (!node->is_scalar()) {
        diags_.error(node->loc, "map keys must be plain words");
        return;
      }
      // The key's text moves into the map unless an anchor keeps the key node for an alias.
      key = node.use_count() == 1 ? std::move(node->scalar) : node->scalar;
      key_loc = node->loc;
    }
    if (key.size() > limits::kMaxKeyLength) {
      diags_.error(key_loc, fmt::format("a key is at most {} bytes long", limits::kMaxKeyLength));
      return;
    }
    if (!first_use(o, key)) {
      diags_.error(key_loc, "duplicate key '" + key + "'");
      return;
    }
    if (entries_.size() - o.entries_begin >= limits::kMaxMapEntries) {
      if (!std::exchange(o.full, true)) {
        diags_.error(key_loc, fmt::format("a map holds at most {} keys", limits::kMaxMapEntries));
      }
      return;
    }
    key_locs_.push_back(std::move(key_loc));
    entries_.emplace_back(std::move(key), n);
  }

  File file_;
  Diagnostics& diags_;
  NodePtr root_;
  std::vector<Open> stack_;
  // The children of the open lists and maps, innermost last: a node's vectors are made once,
  // at their size, when it closes (growing each one a child at a time allocated several times
  // and left a quarter of the room unused).
  std::vector<NodePtr> items_;
  std::vector<std::pair<std::string, NodePtr>> entries_;
  std::vector<Loc> key_locs_;
  std::unordered_map<std::string, Anchored> anchors_;
  std::size_t nodes_ = 0;
  std::size_t bytes_ = 0;
};

// The byte offset of a 0-based line and column (columns count characters, as libyaml does).
std::size_t offset_of(const std::string& text, std::size_t line, std::size_t column) {
  std::size_t i = 0;
  for (std::size_t l = 0; l < line && i < text.size(); ++i) {
    if (text[i] == '\n') ++l;
  }
  for (std::size_t c = 0; c < column && i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++c;
  }
  while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  return i;
}

// libyaml's syntax error as a diagnostic: where the problem is, and what it is in (a quote that
// never closes is reported at the quote, in words a spec author knows).
void syntax_error(const yaml_parser_t& p, const std::string& text, const File& file, Diagnostics& diags) {
  if (p.error == YAML_MEMORY_ERROR) {
    diags.error({file, 0, 0}, "out of memory while reading the file");
    return;
  }
  const std::string problem = p.problem ? p.problem : "unreadable YAML";
  const std::string context = p.context ? p.context : "";
  if (context == "while scanning a quoted scalar") {
    const std::size_t at = offset_of(text, p.context_mark.line, p.context_mark.column);
    const bool single = at < text.size() && text[at] == '\'';
    diags.error(loc_of(p.context_mark, file), std::string("unterminated ") + (single ? "single" : "double") +
                                                  "-quoted text: the closing quote is missing");
    return;
  }
  std::string message = "YAML syntax: " + problem;
  if (!context.empty()) {
    message += fmt::format(" ({} that starts at line {}, column {})", context, p.context_mark.line + 1,
                           p.context_mark.column + 1);
  }
  diags.error(loc_of(p.problem_mark, file), printable(message));
}

// The 1-based line and column of a byte offset.
Loc loc_at(const std::string& text, std::size_t offset, const File& file) {
  const auto [line, col] = line_and_column(text, offset);
  return {file, line, col};
}

}  // namespace

// True when none of the 8 bytes of `w` is outside printable ASCII 0x20..0x7E (word-at-a-time:
// most of a spec is such text, and the check runs over every byte of every file).
constexpr bool printable_ascii(std::uint64_t w) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  const std::uint64_t below_space = (w - kOnes * 0x20) & ~w;                         // a byte < 0x20 (or >= 0x80)
  const std::uint64_t del = ((w ^ (kOnes * 0x7F)) - kOnes) & ~(w ^ (kOnes * 0x7F));  // a byte == 0x7F
  return ((w | below_space | del) & kHigh) == 0;
}

std::size_t invalid_utf8_at(std::string_view s, bool allow_newlines) {
  std::size_t i = 0;
  while (i < s.size()) {
    if (i + 8 <= s.size()) {
      std::uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      if (printable_ascii(w)) {
        i += 8;
        continue;
      }
    }
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      const bool layout = c == '\t' || (allow_newlines && (c == '\n' || c == '\r'));
      if ((c < 0x20 && !layout) || c == 0x7F) return i;
      ++i;
      continue;
    }
    const auto d = decode_utf8(s, i);
    if (!d || c1_control(d->cp) || invisible_format_name(d->cp)) return i;
    i += d->len;
  }
  return std::string::npos;
}

std::string refused_character(std::string_view s, std::size_t at) {
  const unsigned char c = static_cast<unsigned char>(s[at]);
  if (c < 0x80) return fmt::format("control character 0x{:02X}", c);
  const auto d = decode_utf8(s, at);
  if (!d) return fmt::format("invalid UTF-8 byte 0x{:02X}", c);
  if (c1_control(d->cp)) return fmt::format("C1 control character U+{:04X}", d->cp);
  if (const char* name = invisible_format_name(d->cp)) {
    return fmt::format("invisible format character U+{:04X} ({}), which can make text read other than it is", d->cp,
                       name);
  }
  return fmt::format("character U+{:04X}", d->cp);
}

std::string invalid_text(const std::string& s) {
  const std::size_t at = invalid_utf8_at(s, true);
  if (at == std::string::npos) return {};
  return fmt::format("text holds the {} at byte {} of the text", refused_character(s, at), at);
}

namespace {
void too_large(Diagnostics& diags, const Loc& where) {
  diags.error(where, fmt::format("file is larger than the limit of {} bytes", limits::kMaxFileBytes));
}
}  // namespace

NodePtr load_yaml_string(const std::string& text, const std::string& file_name, Diagnostics& diags) {
  auto file = std::make_shared<const std::string>(file_name);
  if (text.size() > limits::kMaxFileBytes) {
    too_large(diags, Loc{file, 0, 0});
    return nullptr;
  }
  // The bytes first: the parser must only ever see UTF-8 text (a C parser would take a NUL
  // byte for the end of a string, or guess UTF-16 from one).
  std::size_t begin = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  if (const std::size_t at = invalid_utf8_at(std::string_view(text).substr(begin), true); at != std::string::npos) {
    const std::size_t offset = begin + at;
    diags.error(loc_at(text, offset, file),
                fmt::format("{} (byte offset {}); a spec is UTF-8 text without control or invisible format characters",
                            refused_character(text, offset), offset));
    return nullptr;
  }
  TreeBuilder builder(file, diags);
  Parser parser(text);
  bool in_document = false;  // the first document has started
  try {
    for (;;) {
      Event ev;
      if (!yaml_parser_parse(&parser.p, &ev.e)) {
        syntax_error(parser.p, text, file, diags);
        return nullptr;
      }
      ev.held = true;
      const yaml_event_t& e = ev.e;
      switch (e.type) {
        case YAML_DOCUMENT_START_EVENT:
          if (std::exchange(in_document, true)) {
            diags.error(loc_of(e.start_mark, file), "a spec file holds one YAML document; a second one starts here");
            return nullptr;
          }
          break;
        case YAML_SCALAR_EVENT: builder.scalar(e); break;
        case YAML_ALIAS_EVENT: builder.alias(e); break;
        case YAML_SEQUENCE_START_EVENT: builder.open(e, Node::Kind::sequence, e.data.sequence_start.anchor); break;
        case YAML_MAPPING_START_EVENT: builder.open(e, Node::Kind::map, e.data.mapping_start.anchor); break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT: builder.close(); break;
        default: break;
      }
      if (e.type == YAML_STREAM_END_EVENT) break;
    }
  } catch (const Abort& a) {
    diags.error(a.loc, a.message);
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

std::optional<std::string> read_spec_file(const std::filesystem::path& path, Diagnostics& diags) {
  const auto file = std::make_shared<const std::string>(path.string());
  const Loc where{file, 0, 0};
  const auto not_regular = [&](bool folder) {
    diags.error(where, folder ? "is a folder, not a spec file" : "is not a regular file (a spec is a text file)");
    return std::nullopt;
  };
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec) {
    diags.error(where, "cannot read file: " + ec.message());
    return std::nullopt;
  }
  if (!std::filesystem::is_regular_file(status)) return not_regular(std::filesystem::is_directory(status));
  // Opened without blocking (a FIFO put in its place since would), and checked again once open.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    diags.error(where, "cannot read file: " + std::string(std::strerror(errno)));
    return std::nullopt;
  }
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return not_regular(S_ISDIR(st.st_mode));
  // Read at most one byte more than the limit, whatever size the file claims, in blocks (a
  // buffer of the whole limit would cost more than parsing a real spec), into room for the
  // size it claims (no copy as the text grows).
  std::string text;
  text.reserve(static_cast<std::size_t>(std::min<std::uintmax_t>(
                   static_cast<std::uintmax_t>(std::max<off_t>(st.st_size, 0)), limits::kMaxFileBytes)) +
               1);
  char block[16 * 1024];
  while (text.size() <= limits::kMaxFileBytes) {
    const ssize_t n = ::read(fd, block, sizeof block);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      diags.error(where, "cannot read file: " + std::string(std::strerror(errno)));
      return std::nullopt;
    }
    if (n == 0) break;
    text.append(block, static_cast<std::size_t>(n));
  }
  if (text.size() > limits::kMaxFileBytes) {
    too_large(diags, where);
    return std::nullopt;
  }
  return text;
}

NodePtr load_yaml_file(const std::filesystem::path& path, Diagnostics& diags, std::size_t* bytes_read) {
  const auto text = read_spec_file(path, diags);
  if (!text) return nullptr;
  if (bytes_read) *bytes_read = text->size();
  return load_yaml_string(*text, path.string(), diags);
}

}  // namespace qrsc
