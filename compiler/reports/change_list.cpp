#include "qrsc/reports/change_list.hpp"

#include <algorithm>
#include <cctype>

#include "qrsc/backends/common/backend_error.hpp"
#include "qrsc/backends/common/json_writer.hpp"
#include "qrsc/backends/common/mustache_data.hpp"
#include "qrsc/backends/common/template_document.hpp"
#include "qrsc/base/markdown.hpp"

namespace qrsc {

namespace {

// A side of the change list by title and edition ("1812 QRS Version 3, edition 3"); its path is
// the other half of its name.
std::string title_of(const Spec& s) {
  const std::string title = s.subtitle.empty() ? s.id : s.subtitle;
  return s.edition.empty() ? title : title + ", edition " + s.edition;
}

// "change 50", "erratum figure-2": an erratum as a change list names it.
std::string erratum_name(const std::string& id) {
  return (erratum_id_kind(id) == ErratumIdKind::number ? "change " : "erratum ") + id;
}

// "Change 50 is superseded by change E1.", for each erratum new in `n` that supersedes another.
std::vector<std::string> supersessions(const Spec& o, const Spec& n) {
  std::vector<std::string> out;
  for (const auto& e : errata_since(o, n)) {
    for (const auto& id : e.supersedes) {
      std::string line = erratum_name(id) + " is superseded by " + erratum_name(e.id) + ".";
      line[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(line[0])));
      out.push_back(std::move(line));
    }
  }
  return out;
}

// "(change 12)", "(changes 3, 42)", "(erratum figure-2)": what explains a change, after a space;
// empty when nothing does.
std::string citation(const Change& c) {
  if (c.errata.empty()) return "";
  std::vector<std::string> numbered, named;
  for (const auto& e : c.errata) {
    (erratum_id_kind(e) == ErratumIdKind::number ? numbered : named).push_back(e);
  }
  const auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
    return s;
  };
  std::string out;
  if (!numbered.empty()) out += (numbered.size() > 1 ? "changes " : "change ") + join(numbered);
  if (!named.empty())
    out += (out.empty() ? "" : "; ") + std::string(named.size() > 1 ? "errata " : "erratum ") + join(named);
  return " (" + out + ")";
}

// What templates/reports/changes.* show: the two sheets, and the summary numbered from 1.
mst::data change_list_data(const Spec& o, const Spec& n, const std::vector<Change>& changes,
                           const ChangeSummary& summary) {
  mst::data d;
  put(d, "old_title", title_of(o));
  put(d, "new_title", title_of(n));
  put(d, "old_path", o.path);
  put(d, "new_path", n.path);
  put(d, "old_path_code", markdown_code(o.path));  // Markdown's code spans, fenced to hold any path
  put(d, "new_path_code", markdown_code(n.path));
  put(d, "count", std::to_string(changes.size()));
  mst::data superseded = list_of();
  const auto lines = supersessions(o, n);
  for (const auto& line : lines) {
    mst::data item;
    put(item, "text", line);
    append(superseded, std::move(item));
  }
  put(d, "has_superseded", !lines.empty());
  put(d, "superseded", std::move(superseded));
  put(d, "has_conversion", !summary.conversion.empty());
  put(d, "conversion", summary.conversion);
  int number = summary.conversion.empty() ? 0 : 1;
  mst::data groups = list_of();
  for (const auto& g : summary.groups) {
    mst::data group;
    put(group, "heading", g.heading);
    put(group, "start", std::to_string(number + 1));
    mst::data items = list_of();
    for (const Change* c : g.changes) {
      mst::data item;
      put(item, "number", std::to_string(++number));
      put(item, "text", c->words());
      const std::string cite = citation(*c);
      put(item, "has_cite", !cite.empty());
      put(item, "cite", cite);
      append(items, std::move(item));
    }
    put(group, "changes", std::move(items));
    append(groups, std::move(group));
  }
  put(d, "groups", std::move(groups));
  return d;
}

Expected<std::string> render(const char* name, Markup markup, const Spec& o, const Spec& n,
                             const std::vector<Change>& changes, const ChangeListOptions& options) {
  return guarded([&] {
    mst::data d = change_list_data(o, n, changes, summarize_changes(o, n, changes, options));
    return TemplateDocument(name, markup).render(d);
  });
}

}  // namespace

Expected<std::string> render_changes_markdown(const Spec& o, const Spec& n, const std::vector<Change>& changes,
                                              const ChangeListOptions& options) {
  return render("reports/changes.md.mustache", Markup::markdown, o, n, changes, options);
}

Expected<std::string> render_changes_html(const Spec& o, const Spec& n, const std::vector<Change>& changes,
                                          const ChangeListOptions& options) {
  return render("reports/changes.html.mustache", Markup::html, o, n, changes, options);
}

Expected<std::string> render_changes_json(const Spec& o, const Spec& n, const std::vector<Change>& changes,
                                          const ChangeListOptions& options) {
  const ChangeSummary summary = summarize_changes(o, n, changes, options);
  Json list = Json::array();
  for (const auto& g : summary.groups) {
    for (const Change* c : g.changes) {
      list.push_back(Json{{"heading", g.heading},
                          {"table", c->table},
                          {"row", c->row},
                          {"column", c->column},
                          {"kind", change_kind_name(c->kind)},
                          {"values", c->values},
                          {"text", c->words()},
                          {"converted", c->converted},
                          {"errata", c->errata}});
    }
  }
  Json superseded = Json::array();
  for (const auto& e : errata_since(o, n)) {
    for (const auto& id : e.supersedes) superseded.push_back(Json{{"erratum", id}, {"by", e.id}});
  }
  return json_document(Json{{"old", Json{{"id", o.id}, {"edition", o.edition}, {"path", o.path}}},
                            {"new", Json{{"id", n.id}, {"edition", n.edition}, {"path", n.path}}},
                            {"conversion", summary.conversion.empty() ? Json(nullptr) : Json(summary.conversion)},
                            {"changes", std::move(list)},
                            {"superseded", std::move(superseded)}});
}

}  // namespace qrsc
