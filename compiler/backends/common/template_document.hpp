// A document rendered from one template of templates/ by the project's mustache (the sheets'
// index, a change list, the odds report), so that its markup is in the template and the text
// it shows is escaped in one place: HTML by the renderer's own escaping (the sheets'), Markdown
// by markdown_escape (base/markdown.hpp). {{{triple}}} tags are for text a template must show as written (a file
// path in a Markdown code span). A section that may be false or empty closes at the start of
// the line after it (`{{/groups}}</body></html>`): the renderer, as kainjow's does, keeps the
// line break after a closing tag alone on its line when it skips the section.
#pragma once

#include <string>
#include <vector>

#include "qrsc/backends/common/mustache.hpp"

namespace qrsc {

enum class Markup { html, markdown };

class TemplateDocument {
 public:
  // Parses templates/<name> and each partial it may use, named in the template by its path
  // under templates/ ({{> reports/odds_chart.svg.mustache}}); throws BackendError
  // (at NAME:LINE:COL) for an invalid one.
  TemplateDocument(std::string name, Markup markup, std::vector<std::string> partials = {});

  [[nodiscard]] std::string render(tmpl::data& d);

 private:
  std::string name_;
  std::vector<std::string> partials_;
  tmpl::mustache tmpl_;
};

}  // namespace qrsc
