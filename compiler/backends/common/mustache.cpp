#include "qrsc/backends/common/mustache.hpp"

#include <algorithm>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/base/limits.hpp"
#include "qrsc/base/trim.hpp"

namespace qrsc::tmpl {

// ------------------------------------------------------------------ data

void data::set(std::string_view key, data value) {
  if (!is_object()) return;
  auto& fields = std::get<fields_t>(value_);
  for (auto& [k, v] : fields) {
    if (k == key) {
      v = std::move(value);
      return;
    }
  }
  if (fields.empty()) fields.reserve(8);
  fields.emplace_back(std::string(key), std::move(value));
}

const data* data::get(std::string_view key) const {
  if (!is_object()) return nullptr;
  for (const auto& [k, v] : std::get<fields_t>(value_)) {
    if (k == key) return &v;
  }
  return nullptr;
}

void data::push_back(data value) {
  if (is_list()) std::get<list>(value_).push_back(std::move(value));
}

const std::string& data::string_value() const {
  static const std::string kNone;
  const auto* s = std::get_if<std::string>(&value_);
  return s ? *s : kNone;
}

const list& data::list_value() const {
  static const list kNone;
  const auto* l = std::get_if<list>(&value_);
  return l ? *l : kNone;
}

list& data::list_items() { return std::get<list>(value_); }

const data::fields_t& data::fields() const {
  static const fields_t kNone;
  const auto* f = std::get_if<fields_t>(&value_);
  return f ? *f : kNone;
}

void append_html_escaped(std::string& out, std::string_view text) {
  std::size_t done = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char* entity = nullptr;
    switch (text[i]) {
      case '&': entity = "&amp;"; break;
      case '<': entity = "&lt;"; break;
      case '>': entity = "&gt;"; break;
      case '"': entity = "&quot;"; break;
      case '\'': entity = "&apos;"; break;
      default: continue;
    }
    out.append(text.substr(done, i - done));
    out.append(entity);
    done = i + 1;
  }
  out.append(text.substr(done));
}

// ------------------------------------------------------------------ parsing

struct mustache::Op {
  enum class Kind : unsigned char { text, newline, variable, unescaped, section, inverted, partial };
  Kind kind = Kind::text;
  bool dotted = false;  // a name with dots ("a.b"), looked up a part at a time
  // The text, the line break, or the tag's name: a view of the template's own text.
  std::string_view text;
  std::size_t end = 0;  // a section: the index of the first operation after it
};

namespace {
// A name an item's section looked up outside the item, and what it found there (nothing, a
// string, true or false): the item's text holds where the name gives the same again.
struct OuterLookup {
  const mustache::Op* op = nullptr;
  data::type found = data::type::object;
  bool found_nothing = false;
  std::string text;
};
}  // namespace

struct mustache::State {
  std::string out;
  std::size_t line_start = 0;     // where the current line begins in `out`
  bool line_had_section = false;  // a section tag on this line: dropped if it is only blanks
  std::vector<const data*> stack;
  int partials = 0;             // partials being rendered, one inside another
  std::uint64_t steps = 0;      // operations and section items rendered (limits::kMaxRenderSteps)
  std::uint64_t generated = 0;  // items of generated lists made (limits::kMaxGeneratedItems)
  bool failed = false;
  // While an item with a key renders: where its contexts begin on the stack, what was looked
  // up below them, and whether something found there was more than a string or a boolean
  // (then the text is not kept).
  std::size_t item_floor = 0;
  std::vector<OuterLookup>* outer = nullptr;
  bool not_reusable = false;
};

// A keyed item's rendered text, how it left the line, and what it looked up outside the item.
struct mustache::Chunk {
  std::string out;
  std::size_t line_start = 0;
  bool line_had_section = false;
  std::vector<OuterLookup> outer;
};

namespace {
// Bounds on what a template from --templates can make the renderer do (it recurses once per
// nested section and partial): far beyond what a sheet needs (list items nest at most
// limits::kMaxDepth deep), far below what would overflow the stack.
constexpr std::size_t kMaxSectionDepth = 256;
constexpr int kMaxPartialDepth = 512;
}  // namespace

namespace {

using Op = mustache::Op;

// The context a dotted name leads to from `var`, splitting "a.b.c" as the library does
// (std::getline at each dot: no empty last part); null where a part is missing.
const data* lookup_dotted(const data* var, std::string_view name) {
  std::size_t from = 0;
  while (var && from < name.size()) {
    const std::size_t dot = name.find('.', from);
    var = var->get(name.substr(from, dot == std::string_view::npos ? std::string_view::npos : dot - from));
    if (dot == std::string_view::npos) break;
    from = dot + 1;
  }
  return var;
}

bool valid_delimiter(std::string_view d) {
  return std::none_of(d.begin(), d.end(), [](char c) { return c == '=' || is_blank(c); });
}

// "=<% %>=": the new delimiters, or false when the tag is not a valid one.
bool parse_delimiters(std::string_view contents, std::string& begin, std::string& end) {
  if (contents.size() < 5 || contents.back() != '=') return false;
  const std::string_view inner = trim_blanks(contents.substr(1, contents.size() - 2));
  const std::size_t space = inner.find(' ');
  if (space == std::string_view::npos) return false;
  const std::size_t next = inner.find_first_not_of(' ', space + 1);
  if (next == std::string_view::npos) return false;
  const std::string_view b = inner.substr(0, space), e = inner.substr(next);
  if (!valid_delimiter(b) || !valid_delimiter(e)) return false;
  begin.assign(b);
  end.assign(e);
  return true;
}

struct OpenSection {
  std::size_t op = 0;
  std::size_t position = 0;
};

// The first error of a template: the library's words, and where (a byte offset).
struct ParseError {
  std::string what;
  std::size_t at = std::string_view::npos;
};

// About as many operations as parse() makes of `text` (a hint for reserving them): a tag
// makes at most one, and so does the text before each tag or line break, each line break, and
// the text at the end. Tags are counted by the default delimiter; a {{=...=}} tag may change it.
std::size_t most_ops(std::string_view text) {
  std::size_t tags = 0, breaks = 0;
  for (std::size_t at = text.find("{{"); at != std::string_view::npos; at = text.find("{{", at + 2)) ++tags;
  for (const char c : text) breaks += c == '\n' ? 1 : 0;
  return 2 * (tags + breaks) + 1;
}

// Parses `text` into `ops`; the first error, if any.
ParseError parse(std::string_view text, std::vector<Op>& ops) {
  std::string begin = "{{", end = "}}";
  bool braces = true;
  std::vector<OpenSection> open;
  std::size_t unclosed = std::string_view::npos;  // the first section not closed by its own name
  std::string unclosed_name;
  const auto not_closed = [&](const OpenSection& s) {
    if (s.position < unclosed) {
      unclosed = s.position;
      unclosed_name = std::string(ops[s.op].text);
    }
  };
  // The text since the last tag or line break: always one piece of `text`.
  std::size_t current_at = 0, current_size = 0;
  const auto flush_text = [&] {
    if (current_size == 0) return;
    ops.push_back({Op::Kind::text, false, text.substr(current_at, current_size), 0});
    current_size = 0;
  };
  const std::size_t n = text.size();
  std::size_t pos = 0;
  while (pos < n) {
    if (text.compare(pos, begin.size(), begin) != 0) {
      const char c = text[pos];
      if (c == '\n' || c == '\r') {
        const std::size_t len = c == '\r' && pos + 1 < n && text[pos + 1] == '\n' ? 2 : 1;
        flush_text();
        ops.push_back({Op::Kind::newline, false, text.substr(pos, len), 0});
        pos += len;
      } else {
        // Text up to what may start a tag or end the line, in one piece.
        const char tag = begin[0];
        std::size_t next = pos + 1;
        while (next < n && text[next] != tag && text[next] != '\n' && text[next] != '\r') ++next;
        if (current_size == 0) current_at = pos;
        current_size += next - pos;
        pos = next;
      }
      continue;
    }
    flush_text();
    const std::size_t start = pos;
    std::size_t contents_at = start + begin.size();
    const bool triple = braces && start != n - 2 && contents_at < n && text[contents_at] == begin[0];
    const std::string_view closing = triple ? std::string_view("}}}") : std::string_view(end);
    if (triple) ++contents_at;
    const std::size_t close_at = text.find(closing, contents_at);
    if (close_at == std::string_view::npos) return {"Unclosed tag", start};
    const std::string_view contents = trim_blanks(text.substr(contents_at, close_at - contents_at));
    pos = close_at + closing.size();
    if (!contents.empty() && contents[0] == '=') {
      if (!parse_delimiters(contents, begin, end)) return {"Invalid set delimiter tag", start};
      braces = begin == "{{" && end == "}}";
      continue;
    }
    Op op;
    std::string_view name = contents;
    if (triple) {
      op.kind = Op::Kind::unescaped;
    } else if (contents.empty()) {
      op.kind = Op::Kind::variable;
    } else {
      static constexpr std::pair<char, Op::Kind> kSigils[] = {
          {'#', Op::Kind::section}, {'^', Op::Kind::inverted}, {'>', Op::Kind::partial}, {'&', Op::Kind::unescaped}};
      op.kind = Op::Kind::variable;
      const char sigil = contents[0];
      if (sigil == '!') continue;  // a comment
      if (sigil == '/') {
        const std::string_view closed = trim_blanks(contents.substr(1));
        if (open.empty()) return {"Unopened section \"" + std::string(closed) + "\"", start};
        const OpenSection s = open.back();
        open.pop_back();
        ops[s.op].end = ops.size();
        if (ops[s.op].text != closed) not_closed(s);
        continue;
      }
      for (const auto& [c, kind] : kSigils) {
        if (c == sigil) {
          op.kind = kind;
          name = trim_blanks(contents.substr(1));
        }
      }
    }
    op.text = name;
    op.dotted = name != "." && name.find('.') != std::string_view::npos;
    if (op.kind == Op::Kind::section || op.kind == Op::Kind::inverted) {
      if (open.size() >= kMaxSectionDepth) {
        return {"Sections nested deeper than " + std::to_string(kMaxSectionDepth) + " levels", start};
      }
      open.push_back({ops.size(), start});
    }
    ops.push_back(std::move(op));
  }
  flush_text();
  for (const auto& s : open) not_closed(s);
  if (unclosed == std::string_view::npos) return {};
  // The library reports the first section, in the order they open, that its own name does not close.
  return {"Unclosed section \"" + unclosed_name + "\"", unclosed};
}

// The value a tag names, looked up as the library does: "." is the innermost context; a plain
// name is the first context (innermost first) that has it; a dotted name is the first context
// in which the whole path resolves.
// `at` is set to the index on the stack of the context it was found in.
const data* lookup(const Op& op, const std::vector<const data*>& stack, std::size_t* at = nullptr) {
  if (op.text == ".") {
    if (at) *at = stack.size() - 1;
    return stack.back();
  }
  for (std::size_t i = stack.size(); i-- > 0;) {
    const data* var = stack[i];
    var = op.dotted ? lookup_dotted(var, op.text) : var->get(op.text);
    if (var) {
      if (at) *at = i;
      return var;
    }
  }
  return nullptr;
}

// A partial's name, looked up as the library does (a plain name, innermost context first).
const data* lookup_partial(const Op& op, const std::vector<const data*>& stack, std::size_t* at) {
  for (std::size_t i = stack.size(); i-- > 0;) {
    if (const data* var = stack[i]->get(op.text)) {
      *at = i;
      return var;
    }
  }
  return nullptr;
}

bool same_value(const OuterLookup& l, const data* var) {
  if (!var) return l.found_nothing;
  return !l.found_nothing && var->type_of() == l.found && (!var->is_string() || var->string_value() == l.text);
}

// Notes a lookup made while a keyed item renders when it reached below the item.
const data* noted(const Op& op, const data* var, std::size_t at, mustache::State& s) {
  if (!s.outer || (var && at >= s.item_floor)) return var;
  if (var && !var->is_string() && !var->is_true() && !var->is_false()) {
    s.not_reusable = true;
    return var;
  }
  s.outer->push_back({&op, var ? var->type_of() : data::type::object, var == nullptr,
                      var && var->is_string() ? var->string_value() : std::string()});
  return var;
}

const data* find(const Op& op, mustache::State& s) {
  std::size_t at = 0;
  const data* var = lookup(op, s.stack, &at);
  return noted(op, var, at, s);
}

// The end of a line: the line is dropped when it held a section tag and only blanks.
void end_line(mustache::State& s, std::string_view line_break) {
  const bool blank = std::all_of(s.out.begin() + static_cast<std::ptrdiff_t>(s.line_start), s.out.end(),
                                 [](char c) { return c == ' ' || c == '\t'; });
  if (s.line_had_section && blank) {
    s.out.resize(s.line_start);
  } else {
    s.out.append(line_break);
  }
  s.line_start = s.out.size();
  s.line_had_section = false;
}

render_observer& observer() {
  static render_observer o;
  return o;
}

}  // namespace

void set_render_observer(render_observer o) { observer() = std::move(o); }

mustache::mustache(std::string_view text) : copy_(std::make_unique<const std::string>(text)), text_(*copy_) {
  parse_text();
}

mustache::mustache(outliving_text, std::string_view text) : text_(text) { parse_text(); }

void mustache::parse_text() {
  ops_.reserve(most_ops(text_));  // one allocation, no room left over from growing
  const ParseError e = parse(text_, ops_);
  if (e.at != std::string_view::npos) {
    error_ = e.what + " at " + std::to_string(e.at);  // the library's message
    error_what_ = e.what;
    error_at_ = e.at;
    ops_.clear();
  }
}

Diagnostic mustache::error_diagnostic(const std::string& name) const {
  const auto file = std::make_shared<const std::string>(name);
  if (error_at_ == std::string_view::npos) return {Severity::error, Loc{file, 0, 0}, error_};
  const auto [line, col] = line_and_column(text_, error_at_);
  return {Severity::error, Loc{file, line, col}, error_what_};
}

mustache::~mustache() = default;
mustache::mustache(mustache&&) noexcept = default;
mustache& mustache::operator=(mustache&&) noexcept = default;

// ------------------------------------------------------------------ rendering

std::string mustache::render(const data& d) {
  if (!is_valid()) return {};
  State s;
  s.out.reserve(last_size_);  // a run's sheets are much alike: no copy as the text grows
  s.stack.push_back(&d);
  render_ops(0, ops_.size(), s);
  last_size_ = s.out.size();
  if (!s.failed) end_line(s, "");  // the last line, without a line break, is dropped as any other
  if (observer()) observer()(std::string(text_), d, escape_, s.out);
  return std::move(s.out);
}

// A render stops at its limits (a --templates folder is input): an error at the operation that
// went past one, which the backend reports as NAME:LINE:COL.
bool mustache::within_limits(const Op& op, State& s, bool generated_item) {
  const char* what = nullptr;
  if (generated_item && ++s.generated > limits::kMaxGeneratedItems) {
    what = "rendering makes more than 100000 items of generated lists (sections nested over the tables?)";
  } else if (++s.steps > limits::kMaxRenderSteps) {
    what = "rendering takes more than 200000000 steps (sections nested over long lists?)";
  } else if (s.out.size() > limits::kMaxRenderedBytes) {
    what = "the rendered text is larger than 256 MiB";
  }
  if (!what) return true;
  error_what_ = what;
  error_at_ = static_cast<std::size_t>(op.text.data() - text_.data());
  error_ = error_what_ + " at " + std::to_string(error_at_);
  s.failed = true;
  return false;
}

void mustache::render_ops(std::size_t begin, std::size_t end, State& s) {
  for (std::size_t i = begin; i < end && !s.failed;) {
    const Op& op = ops_[i];
    if (!within_limits(op, s)) return;
    switch (op.kind) {
      case Op::Kind::text: s.out += op.text; break;
      case Op::Kind::newline: end_line(s, op.text); break;
      case Op::Kind::variable:
      case Op::Kind::unescaped:
        if (const data* var = find(op, s); var && var->is_string()) {
          if (op.kind == Op::Kind::unescaped) {
            s.out += var->string_value();
          } else if (escape_) {
            s.out += escape_(var->string_value());
          } else {
            append_html_escaped(s.out, var->string_value());
          }
        }
        break;
      case Op::Kind::section:
        if (const data* var = find(op, s); var && !var->is_false() && !var->is_empty_list()) {
          render_section(op, i, var, s);
        }
        i = op.end;
        continue;
      case Op::Kind::inverted:
        if (const data* var = find(op, s); !var || var->is_false() || var->is_empty_list()) {
          render_section(op, i, var, s);
        }
        i = op.end;
        continue;
      case Op::Kind::partial: {
        std::size_t at = 0;
        const data* var = noted(op, lookup_partial(op, s.stack, &at), at, s);
        if (var && (var->is_partial() || var->is_string())) {
          mustache& p = partial_template(var->is_partial() ? var->partial_value()() : var->string_value());
          if (!p.is_valid()) {
            error_ = p.error_message();  // at a place in the partial, not in this template
            s.failed = true;
            return;
          }
          if (++s.partials > kMaxPartialDepth) {
            error_ = "Partials nested deeper than " + std::to_string(kMaxPartialDepth) +
                     " levels (a partial that includes itself outside any section that ends?)";
            s.failed = true;
            return;
          }
          p.render_ops(0, p.ops_.size(), s);
          --s.partials;
          if (!p.is_valid()) error_ = p.error_message();
        }
        break;
      }
    }
    ++i;
  }
}

void mustache::render_section(const Op& op, std::size_t index, const data* var, State& s) {
  // A section's tags count for the line they are on, at its start and its end, each time.
  const auto once = [&](const data* context) {
    if (!within_limits(op, s)) return;
    s.line_had_section = true;
    if (context) s.stack.push_back(context);
    render_ops(index + 1, op.end, s);
    if (context) s.stack.pop_back();
    s.line_had_section = true;
  };
  if (var && var->is_generated()) {
    const generated_list& g = var->generated_value();
    for (std::size_t i = 0; i < g.count && !s.failed; ++i) {
      if (!within_limits(op, s, /*generated_item=*/true)) return;
      // Reused only from a line's start and outside another keyed item (whose own text would
      // then depend on what this one looks up).
      if (g.key && !s.outer && s.line_start == s.out.size()) {
        render_keyed_item(op, index, g, i, s);
      } else {
        const data item = g.make(i);
        once(&item);
      }
    }
  } else if (var && var->is_non_empty_list()) {
    for (const data& item : var->list_value()) {
      if (s.failed) return;
      once(&item);
    }
  } else {
    once(var);
  }
}

void mustache::render_keyed_item(const Op& op, std::size_t index, const generated_list& g, std::size_t i, State& s) {
  std::string key = g.key(i);
  const auto reusable = [&](const Chunk& c) {
    return std::all_of(c.outer.begin(), c.outer.end(),
                       [&](const OuterLookup& l) { return same_value(l, lookup(*l.op, s.stack)); });
  };
  // A text is kept the second time its key is seen: a run of one spec keeps nothing.
  std::unique_ptr<Chunk>* kept = nullptr;
  if (!key.empty()) {
    auto [it, fresh] = chunks_.try_emplace({index, std::move(key)});
    if (const Chunk* c = it->second.get(); c && reusable(*c)) {
      s.line_start = s.out.size() + c->line_start;
      s.out += c->out;
      s.line_had_section = c->line_had_section;
      return;
    }
    if (!fresh) kept = &it->second;
  }
  const data item = g.make(i);
  // Rendered in place from the start of a line, noting what it looks up below the item.
  const std::size_t base = s.out.size();
  const std::size_t floor = s.item_floor;
  std::vector<OuterLookup>* const outer = s.outer;
  const bool not_reusable = s.not_reusable;
  auto chunk = std::make_unique<Chunk>();
  s.item_floor = s.stack.size();
  s.outer = &chunk->outer;
  s.not_reusable = false;
  s.line_had_section = true;
  s.stack.push_back(&item);
  render_ops(index + 1, op.end, s);
  s.stack.pop_back();
  s.line_had_section = true;
  const bool keep = kept && !s.failed && !s.not_reusable;
  s.item_floor = floor;
  s.outer = outer;
  s.not_reusable = not_reusable;
  if (!keep) return;
  chunk->out.assign(s.out, base);
  chunk->line_start = s.line_start - base;
  chunk->line_had_section = s.line_had_section;
  *kept = std::move(chunk);
  // A bound on what a run keeps (every variant makes a few texts of its own).
  constexpr std::size_t kMaxChunks = 4096;
  if (chunks_.size() > kMaxChunks) chunks_.clear();
}

mustache& mustache::partial_template(const std::string& text) {
  auto it = partials_.find(text);
  if (it == partials_.end()) {
    auto parsed = std::make_unique<mustache>(text);
    parsed->escape_ = escape_;
    it = partials_.emplace(text, std::move(parsed)).first;
  }
  return *it->second;
}

}  // namespace qrsc::tmpl
