// qrsc's mustache renderer (compiler/backends/common/mustache.hpp) against kainjow::mustache,
// the reference it is held to: every template the backends render for every spec of rules/, cases
// written for each rule of the library's reading, and thousands of generated templates must
// give the same output (or the same error) from both.
#include "qrsc/backends/common/mustache.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <kainjow/mustache.hpp>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "qrsc/backends/cpp/emit_cpp.hpp"
#include "qrsc/backends/html/emit_html.hpp"
#include "qrsc/reports/change_list.hpp"
#include "qrsc/reports/odds_documents.hpp"
#include "test_support.hpp"

namespace {

namespace km = kainjow::mustache;
namespace tm = qrsc::tmpl;

km::data to_kainjow(const tm::data& d) {
  if (d.is_string()) return km::data(d.string_value());
  if (d.is_true() || d.is_false()) return km::data(d.is_true());
  if (d.is_partial()) {
    const tm::partial p = d.partial_value();
    return km::data(km::partial([p] { return p(); }));
  }
  if (d.is_list()) {
    km::data l(km::data::type::list);
    for (const auto& item : d.list_value()) l.push_back(to_kainjow(item));
    return l;
  }
  if (d.is_generated()) {  // the library has no such list: its items, made
    km::data l(km::data::type::list);
    const tm::generated_list& g = d.generated_value();
    for (std::size_t i = 0; i < g.count; ++i) l.push_back(to_kainjow(g.make(i)));
    return l;
  }
  km::data o;
  for (const auto& [k, v] : d.fields()) o.set(k, to_kainjow(v));
  return o;
}

tm::data from_json(const nlohmann::json& j) {
  if (j.is_string()) return tm::data(j.get<std::string>());
  if (j.is_boolean()) return tm::data(j.get<bool>());
  if (j.is_array()) {
    tm::data l(tm::data::type::list);
    for (const auto& item : j) l.push_back(from_json(item));
    return l;
  }
  tm::data o;
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) {
      // {"partial": "text"} is a partial whose text is "text".
      if (v.is_object() && v.size() == 1 && v.contains("partial")) {
        const std::string text = v["partial"].get<std::string>();
        o.set(k, tm::data(tm::partial([text] { return text; })));
      } else {
        o.set(k, from_json(v));
      }
    }
  }
  return o;
}

struct Rendered {
  bool valid = false;
  std::string out;  // the output, or the error message
};

Rendered with_kainjow(const std::string& text, const tm::data& d, const tm::mustache::escape_handler& escape) {
  km::mustache t(text);
  if (escape) t.set_custom_escape(escape);
  if (!t.is_valid()) return {false, t.error_message()};
  std::string out = t.render(to_kainjow(d));
  if (!t.is_valid()) return {false, t.error_message()};
  return {true, out};
}

Rendered with_qrsc(const std::string& text, const tm::data& d) {
  tm::mustache t(text);
  if (!t.is_valid()) return {false, t.error_message()};
  std::string out = t.render(d);
  if (!t.is_valid()) return {false, t.error_message()};
  return {true, out};
}

void expect_same(const std::string& text, const nlohmann::json& data) {
  const tm::data d = from_json(data);
  const Rendered ours = with_qrsc(text, d), theirs = with_kainjow(text, d, {});
  EXPECT_EQ(ours.valid, theirs.valid) << "template: " << text;
  EXPECT_EQ(ours.out, theirs.out) << "template: " << text << "\ndata: " << data.dump();
}

// Every render the backends make for every sheet of rules/, rendered again by kainjow.
TEST(Mustache, EveryTemplateTheBackendsRenderMatchesKainjow) {
  int renders = 0;
  tm::set_render_observer([&](const std::string& text, const tm::data& d, const tm::mustache::escape_handler& escape,
                              const std::string& out) {
    ++renders;
    const Rendered theirs = with_kainjow(text, d, escape);
    ASSERT_TRUE(theirs.valid) << theirs.out;
    EXPECT_EQ(out, theirs.out);
  });
  std::vector<qrsc::Spec> all;
  for (const char* name : {"rff/acw-2.1-15mm", "rff/1812-2.1-15mm", "rff/1812-2.1-25mm", "rff/1812-3-15mm",
                           "rff/maw-3-15mm", "battlecry/1812"}) {
    const qrsc::Spec& spec = qrs_test::spec(name);
    all.push_back(spec);
    (void)qrsc::emit_cpp_header(spec);
    (void)qrsc::emit_html_sheet(spec, qrsc::Paper::letter);
    (void)qrsc::emit_html_sheet(spec, qrsc::SheetOptions{qrsc::Paper::a4, true, true});
  }
  (void)qrsc::emit_html_index(all);
  // The index of a publishing bundle, the change lists (HTML, and Markdown with its own escape)
  // and the odds report.
  (void)qrsc::HtmlSheetEmitter().index({{&all[0], {{"PDF, Letter", "rff/acw_2_1_15mm-letter.pdf"}}}, {&all[1], {}}});
  const auto& acw = qrs_test::spec("rff/acw-2.1-15mm");
  const auto& v3 = qrs_test::spec("rff/1812-3-15mm");
  const auto changes = qrsc::diff_specs(acw, v3);
  (void)qrsc::render_changes_html(acw, v3, changes);
  (void)qrsc::render_changes_markdown(acw, v3, changes);
  (void)qrsc::render_odds_report_html(acw);
  tm::set_render_observer({});
  EXPECT_EQ(renders, 6 * 3 + 1 + 4);
}

// What the library does, written out (not only "the same as the library").
TEST(Mustache, RendersWhatTheLibraryRenders) {
  struct Case {
    const char* text;
    const char* data;
    const char* expected;
  };
  const Case cases[] = {
      {"Hi {{name}}!", R"({"name": "<a & 'b'>"})", "Hi &lt;a &amp; &apos;b&apos;&gt;!"},
      {"{{{name}}} {{&name}}", R"({"name": "<b>"})", "<b> <b>"},
      // A line that holds only a section tag is dropped; a comment's line is not.
      {"a\n{{#x}}\nb\n{{/x}}\nc\n", R"({"x": true})", "a\nb\nc\n"},
      {"a\n{{! note }}\nc", "{}", "a\n\nc"},
      // A section that is not rendered leaves its line's blanks (the library's reading).
      {"a\n  {{#x}}b{{/x}}\nc", R"({"x": false})", "a\n  \nc"},
      {"{{#items}}{{.}},{{/items}}", R"({"items": ["1", "2", "3"]})", "1,2,3,"},
      {"{{^items}}none{{/items}}", R"({"items": []})", "none"},
      {"{{#s}}[{{s}}]{{/s}}", R"({"s": ""})", "[]"},  // an empty string is not false
      {"{{a.b.c}}|{{#a}}{{b.c}}{{/a}}", R"({"a": {"b": {"c": "deep"}}})", "deep|deep"},
      {"{{#outer}}{{#inner}}{{name}}{{/inner}}{{/outer}}", R"({"name": "top", "outer": {"inner": true}})", "top"},
      {"{{=<% %>=}}<% name %> {{name}}", R"({"name": "x"})", "x {{name}}"},
      {"{{>p}}!", R"({"p": {"partial": "[{{v}}]"}, "v": "1"})", "[1]!"},
      {"a\r\n{{#x}}\r\nb\r\n{{/x}}\r\n", R"({"x": true})", "a\r\nb\r\n"},
      {"  {{#x}}  \n{{/x}}", R"({"x": true})", ""},
  };
  for (const auto& c : cases) {
    const tm::data d = from_json(nlohmann::json::parse(c.data));
    const Rendered ours = with_qrsc(c.text, d);
    EXPECT_TRUE(ours.valid) << c.text;
    EXPECT_EQ(ours.out, c.expected) << c.text;
    expect_same(c.text, nlohmann::json::parse(c.data));
  }
}

TEST(Mustache, ReportsTheLibrarysErrors) {
  const std::pair<const char*, const char*> cases[] = {
      {"abc {{name", "Unclosed tag at 4"},
      {"{{#a}}x", "Unclosed section \"a\" at 0"},
      {"{{#a}}{{#b}}{{/a}}{{/b}}", "Unclosed section \"a\" at 0"},
      {"x{{/a}}", "Unopened section \"a\" at 1"},
      {"{{=<%%>=}}", "Invalid set delimiter tag at 0"},
      {"{{>p}}", nullptr},  // a partial with an error fails the render
  };
  for (const auto& [text, message] : cases) {
    if (!message) continue;
    tm::mustache t(text);
    EXPECT_FALSE(t.is_valid()) << text;
    EXPECT_EQ(t.error_message(), message) << text;
    expect_same(text, nlohmann::json::object());
  }
  // Bounds kainjow does not have (it recurses until the stack overflows): a hostile --templates
  // folder gets an error, not a crash.
  std::string deep;
  for (int i = 0; i < 300; ++i) deep += "{{#a}}";
  EXPECT_EQ(tm::mustache(deep).error_message(), "Sections nested deeper than 256 levels at 1536");
  tm::mustache loop("{{>self}}");
  tm::data self;
  self.set("self", tm::data(std::string("x{{>self}}")));
  (void)loop.render(self);
  EXPECT_FALSE(loop.is_valid());
  EXPECT_NE(loop.error_message().find("Partials nested deeper than 512 levels"), std::string::npos);
  // As a diagnostic: the template's name, line and column, in our words.
  EXPECT_EQ(qrsc::format_diagnostic(tm::mustache("a\n {{#x}}").error_diagnostic("t.mustache")),
            "t.mustache:2:2: error: Unclosed section \"x\"");
  tm::mustache t("a{{>p}}b");
  tm::data d;
  d.set("p", tm::data(tm::partial([] { return std::string("{{#x}}"); })));
  (void)t.render(d);
  EXPECT_FALSE(t.is_valid());
  EXPECT_EQ(t.error_message(), "Unclosed section \"x\" at 0");
  EXPECT_EQ(qrsc::format_diagnostic(t.error_diagnostic("t.mustache")),
            "t.mustache: error: Unclosed section \"x\" at 0");  // in the partial
}

// A template of tags, blanks and line breaks in every arrangement, sections mostly balanced
// and nested, now and then a stray tag.
std::string random_template(std::mt19937& rng) {
  static const std::vector<std::string> leaves = {"x",      "word",    " ",      "  ",      "\t",        "\n",
                                                  "\n",     "\n",      "\r\n",   "\r",      "{{a}}",     "{{{a}}}",
                                                  "{{&b}}", "{{ c }}", "{{.}}",  "{{a.b}}", "{{o.b.c}}", "{{! c }}",
                                                  "{{>p}}", "{{>q}}",  "<&'\">", "{",       "}}",        "{{missing}}"};
  static const std::vector<std::string> names = {"a", "l", "e", "t", "f", "o", "missing", "o.b", "s"};
  static const std::vector<std::string> strays = {"{{/a}}", "{{#l}}", "{{", "{{=| |=}}|a||={{ }}=|", "{{=<% %>=}}"};
  std::uniform_int_distribution<int> percent(0, 99);
  const auto pick = [&](const std::vector<std::string>& v) {
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)];
  };
  const std::function<std::string(int)> gen = [&](int depth) {
    std::string text;
    for (int n = std::uniform_int_distribution<int>(1, 8)(rng); n > 0; --n) {
      const int r = percent(rng);
      if (r < 20 && depth < 4) {
        const std::string name = pick(names), sigil = percent(rng) < 70 ? "#" : "^";
        const std::string pad = percent(rng) < 50 ? "\n" : (percent(rng) < 50 ? "  " : "");
        text += pad + "{{" + sigil + name + "}}" + pad + gen(depth + 1) + pad + "{{/" + name + "}}" + pad;
      } else if (r < 22) {
        text += pick(strays);
      } else {
        text += pick(leaves);
      }
    }
    return text;
  };
  return gen(0);
}

// Generated templates over data with every kind of value.
TEST(Mustache, GeneratedTemplatesMatchKainjow) {
  std::mt19937 rng(20261123);
  nlohmann::json data = {{"a", "A<&>"},
                         {"b", "B'\""},
                         {"c", "C"},
                         {"l", {"1", "2"}},
                         {"e", nlohmann::json::array()},
                         {"t", true},
                         {"f", false},
                         {"s", ""},
                         {"o", {{"a", "inner"}, {"b", {{"c", "oc"}}}}},
                         {"p", {{"partial", "[{{a}}]\n"}}},
                         {"q", {{"partial", "{{#t}}\n q \n{{/t}}\n"}}}};
  int valid = 0;
  for (int i = 0; i < 4000; ++i) {
    const std::string text = random_template(rng);
    expect_same(text, data);
    valid += tm::mustache(text).is_valid() ? 1 : 0;
    if (HasFailure()) break;
  }
  EXPECT_GT(valid, 2000);  // most of them render, not only fail alike
}

// A generated list (items made as a section reaches them, mst::generated_list) renders what
// the same items in a list render, and a keyed item's text is reused only while it holds: the
// same template object renders each generated template four times (a text is kept the second
// time, reused the third), the fourth time with the values outside the list changed, and every
// time as the library renders the items as a list.
TEST(Mustache, GeneratedListsRenderAsListsAndReuseOnlyWhatHolds) {
  std::mt19937 rng(20261125);
  int reused = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string text = random_template(rng);
    tm::mustache ours(text);
    if (!ours.is_valid()) continue;
    for (int round = 0; round < 4; ++round) {
      nlohmann::json outer = {{"a", round < 3 ? "A<&>" : "changed"},
                              {"b", "B"},
                              {"t", true},
                              {"f", round == 3},
                              {"e", nlohmann::json::array()},
                              {"o", {{"a", round < 3 ? "inner" : "inner changed"}, {"b", {{"c", "oc"}}}}},
                              {"p", {{"partial", "[{{a}}]\n"}}},
                              {"q", {{"partial", "{{#t}}\n q \n{{/t}}\n"}}}};
      tm::data d = from_json(outer);
      int made = 0;
      tm::generated_list l;
      l.count = 3;
      l.key = [](std::size_t k) { return k == 2 ? std::string() : "item " + std::to_string(k); };  // the last: no key
      l.make = [&made](std::size_t k) {
        ++made;
        if (k == 0) return tm::data("1");
        tm::data item;
        item.set("c", "item c");
        if (k == 1) item.set("a", "item a");
        return item;
      };
      d.set("l", tm::data(l));
      const std::string out = ours.render(d);
      const int made_by_us = made;  // (the library's data are made below too)
      const Rendered theirs = with_kainjow(text, d, {});
      ASSERT_EQ(ours.is_valid(), theirs.valid) << text;
      if (!theirs.valid) break;
      EXPECT_EQ(out, theirs.out) << "template: " << text << "\nround " << round;
      if (round == 2 && made_by_us < 3 && text.find("{{#l}}") != std::string::npos) ++reused;
    }
    if (HasFailure()) break;
  }
  EXPECT_GT(reused, 50);  // keyed items were reused, not only rendered again
}

TEST(Mustache, KeyedItemsRenderOnceWhileWhatTheyReadOutsideIsTheSame) {
  tm::mustache t("{{#l}}\n<{{x}}> {{y}}\n{{/l}}\nlast\n");
  int made = 0;
  const auto render = [&](const std::string& y) {
    tm::generated_list l;
    l.count = 2;
    l.key = [](std::size_t i) { return std::to_string(i); };
    l.make = [&made](std::size_t i) {
      ++made;
      tm::data item;
      item.set("x", "X" + std::to_string(i));
      return item;
    };
    tm::data d;
    d.set("l", tm::data(l));
    d.set("y", y);
    return t.render(d);
  };
  EXPECT_EQ(render("y1"), "<X0> y1\n<X1> y1\nlast\n");
  EXPECT_EQ(made, 2);
  EXPECT_EQ(render("y1"), "<X0> y1\n<X1> y1\nlast\n");
  EXPECT_EQ(made, 4);  // a text is kept the second time its key is seen (a run of one spec keeps none)
  EXPECT_EQ(render("y1"), "<X0> y1\n<X1> y1\nlast\n");
  EXPECT_EQ(made, 4);  // both reused
  EXPECT_EQ(render("y2"), "<X0> y2\n<X1> y2\nlast\n");
  EXPECT_EQ(made, 6);  // y, read outside the items, changed
  // In the middle of a line an item's text depends on what came before it: never reused.
  tm::mustache inline_list("a {{#l}}{{x}} {{/l}}\n");
  tm::generated_list l;
  l.count = 2;
  l.key = [](std::size_t i) { return std::to_string(i); };
  l.make = [&made](std::size_t i) {
    ++made;
    tm::data item;
    item.set("x", std::to_string(i));
    return item;
  };
  tm::data d;
  d.set("l", tm::data(l));
  made = 0;
  EXPECT_EQ(inline_list.render(d), "a 0 1 \n");
  EXPECT_EQ(inline_list.render(d), "a 0 1 \n");
  EXPECT_EQ(made, 4);
  // An item that reads inside an object (or list) from outside it can change with nothing it
  // looked up by name: never kept.
  tm::mustache reads_object("{{#l}}\n{{#o}}{{v}}{{/o}} {{x}}\n{{/l}}\n");
  const auto with_v = [&](const std::string& v) {
    tm::data o;
    o.set("v", v);
    tm::data outer = d;
    outer.set("o", std::move(o));
    return reads_object.render(outer);
  };
  EXPECT_EQ(with_v("1"), "1 0\n1 1\n");
  EXPECT_EQ(with_v("1"), "1 0\n1 1\n");
  EXPECT_EQ(with_v("2"), "2 0\n2 1\n");
}

}  // namespace
