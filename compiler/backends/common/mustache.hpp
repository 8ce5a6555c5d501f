// qrsc's mustache: the templates of templates/ (and of --templates DIR) parsed once into a flat
// list of operations and rendered straight into one string.
//
// It renders exactly what kainjow::mustache (Debian's libkainjow-mustache-dev, the reference
// the tests hold it to) renders for the same template and data, including its reading of
// standalone lines (a line is dropped when it held a section tag and nothing but spaces), its
// lookups (dotted names resolved whole in each context, innermost first) and its error
// messages; tests/mustache_test.cpp checks that against the library on our templates and on
// cases written for each rule. What differs is the cost: the library copies data at every set
// and push_back (its move constructor is not noexcept), keeps objects in hash maps of
// heap-allocated values, re-parses a partial each time it is reached, and renders through a
// std::function into an ostringstream; rendering is most of a variant's build.
// Not supported: lambdas (qrsc's data has none).
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "qrsc/base/diagnostics.hpp"

namespace qrsc::tmpl {

class data;
using list = std::vector<data>;
using partial = std::function<std::string()>;  // a partial's template text, asked for when used

// A list whose items are made one at a time, when a section reaches each, and dropped once it
// is rendered: a sheet's tables as one tree of data would be most of a header's memory.
// An item may have a key (not empty): items with equal keys are equal data. A section keeps
// the text of an item whose key it meets a second time (a run of one spec keeps nothing) and
// reuses it where the item's output depends on nothing but the item: each name the section
// looked up outside the item gives the same string or boolean again (an item that read an
// outside list, object or partial is not kept), and the item starts a line. So a variant's
// header renders only the tables the variant changed.
struct generated_list {
  std::size_t count = 0;
  std::function<std::string(std::size_t)> key;  // may be empty: no reuse
  std::function<data(std::size_t)> make;
};

// A value of the data a template is rendered with: an object (named fields, in the order set),
// a string, a list, true or false, or a partial.
class data {
 public:
  enum class type : unsigned char { object, string, list, bool_true, bool_false, partial, generated };

  data() : value_(fields_t{}) {}
  data(type t) : type_(t) {  // NOLINT: data::type::list reads as a value, as in kainjow
    if (t == type::object) value_ = fields_t{};
    if (t == type::list) value_ = list{};
    if (t == type::string) value_ = std::string();
  }
  data(std::string s) : type_(type::string), value_(std::move(s)) {}                                // NOLINT
  data(const char* s) : type_(type::string), value_(std::string(s)) {}                              // NOLINT
  data(bool b) : type_(b ? type::bool_true : type::bool_false) {}                                   // NOLINT
  data(partial p) : type_(type::partial), value_(std::make_shared<const partial>(std::move(p))) {}  // NOLINT
  data(generated_list g)                                                                            // NOLINT
      : type_(type::generated), value_(std::make_shared<const generated_list>(std::move(g))) {}

  [[nodiscard]] bool is_object() const { return type_ == type::object; }
  [[nodiscard]] bool is_string() const { return type_ == type::string; }
  [[nodiscard]] bool is_list() const { return type_ == type::list; }
  [[nodiscard]] bool is_true() const { return type_ == type::bool_true; }
  [[nodiscard]] bool is_false() const { return type_ == type::bool_false; }
  [[nodiscard]] bool is_partial() const { return type_ == type::partial; }
  [[nodiscard]] type type_of() const { return type_; }
  [[nodiscard]] bool is_generated() const { return type_ == type::generated; }
  // A list or a generated list, with no items or with some.
  [[nodiscard]] bool is_empty_list() const {
    return (is_list() && list_value().empty()) || (is_generated() && generated_value().count == 0);
  }
  [[nodiscard]] bool is_non_empty_list() const {
    return (is_list() && !list_value().empty()) || (is_generated() && generated_value().count > 0);
  }

  // object: the field named `key` (replaced if it is there), moved in; nothing for other types.
  void set(std::string_view key, data value);
  // object: the field named `key`, or null (also when this is not an object).
  [[nodiscard]] const data* get(std::string_view key) const;
  // list: one more item, moved in (nothing for any other type, as in kainjow).
  void push_back(data value);

  using fields_t = std::vector<std::pair<std::string, data>>;
  // The value as each type: empty for a value of another type.
  [[nodiscard]] const std::string& string_value() const;
  [[nodiscard]] const list& list_value() const;
  [[nodiscard]] list& list_items();  // a list's items, to move them out (a list only)
  [[nodiscard]] const partial& partial_value() const { return *std::get<std::shared_ptr<const partial>>(value_); }
  [[nodiscard]] const generated_list& generated_value() const {
    return *std::get<std::shared_ptr<const generated_list>>(value_);
  }
  [[nodiscard]] const fields_t& fields() const;

 private:
  type type_ = type::object;
  // One of these, by type_ (true and false hold nothing): 48 bytes a value, where separate
  // members took 104, and values are moved a great deal while data is built.
  std::variant<std::monostate, std::string, list, fields_t, std::shared_ptr<const partial>,
               std::shared_ptr<const generated_list>>
      value_;
};

// A parsed template. Invalid text gives is_valid() false and the library's error message.
class mustache {
 public:
  explicit mustache(std::string_view text);
  // A template of text that outlives it (a template embedded in the program, or kept for the
  // run): its operations view that text instead of a copy.
  struct outliving_text {};
  mustache(outliving_text, std::string_view text);
  ~mustache();
  mustache(mustache&&) noexcept;
  mustache& operator=(mustache&&) noexcept;

  [[nodiscard]] bool is_valid() const { return error_.empty(); }
  [[nodiscard]] const std::string& error_message() const { return error_; }
  // The error as a diagnostic: at NAME:LINE:COL for an error in this template's text, at NAME
  // for one in a partial it used.
  [[nodiscard]] Diagnostic error_diagnostic(const std::string& name) const;

  // How a {{variable}} is escaped ({{{variable}}} and {{&variable}} are not): HTML by default.
  using escape_handler = std::function<std::string(const std::string&)>;
  void set_custom_escape(escape_handler escape) { escape_ = std::move(escape); }

  // The template rendered with `d`; when a partial fails to parse, what was rendered before it
  // and is_valid() false.
  std::string render(const data& d);

  struct Op;
  struct State;
  struct Chunk;

 private:
  void render_ops(std::size_t begin, std::size_t end, State& s);
  bool within_limits(const Op& op, State& s, bool generated_item = false);
  void render_section(const Op& op, std::size_t index, const data* var, State& s);
  // One item of a generated list with a key: its text reused or rendered and kept.
  void render_keyed_item(const Op& op, std::size_t index, const generated_list& g, std::size_t i, State& s);
  mustache& partial_template(const std::string& text);

  void parse_text();
  // The template as written, which its operations' texts view: the caller's (outliving_text)
  // or a copy held apart, so that moving the template moves no character they point at.
  std::unique_ptr<const std::string> copy_;
  std::string_view text_;
  std::vector<Op> ops_;
  std::string error_;       // as the library words it ("... at OFFSET")
  std::string error_what_;  // without the offset
  std::size_t error_at_ = std::string_view::npos;
  escape_handler escape_;
  std::map<std::string, std::unique_ptr<mustache>, std::less<>> partials_;  // parsed once per text
  std::size_t last_size_ = 0;                                               // what the last render wrote
  // Rendered items of generated lists, by the section's place in ops_ and the item's key.
  std::map<std::pair<std::size_t, std::string>, std::unique_ptr<Chunk>> chunks_;
};

// The escaping {{variable}} gets by default: & < > " ' as HTML entities.
void append_html_escaped(std::string& out, std::string_view text);

// Called after every render of a template (not of its partials) with the template's text, the
// data, the escape ({} for HTML) and what was rendered: the seam through which
// tests/mustache_test.cpp renders everything the backends render with kainjow::mustache too.
using render_observer = std::function<void(const std::string& text, const data& d,
                                           const mustache::escape_handler& escape, const std::string& out)>;
void set_render_observer(render_observer observer);

}  // namespace qrsc::tmpl
