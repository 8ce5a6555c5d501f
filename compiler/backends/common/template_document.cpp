#include "qrsc/backends/common/template_document.hpp"

#include "qrsc/backends/common/template_store.hpp"
#include "qrsc/base/markdown.hpp"

namespace qrsc {

namespace {

tmpl::mustache parsed(const std::string& name) {
  tmpl::mustache t(tmpl::mustache::outliving_text{}, load_template(name));
  if (!t.is_valid()) template_error(name, t);
  return t;
}

}  // namespace

TemplateDocument::TemplateDocument(std::string name, Markup markup, std::vector<std::string> partials)
    : name_(std::move(name)), partials_(std::move(partials)), tmpl_(parsed(name_)) {
  // Each partial checked here, so that an error is reported in its own file at its line.
  for (const auto& p : partials_) (void)parsed(p);
  if (markup == Markup::markdown) tmpl_.set_custom_escape([](const std::string& t) { return markdown_escape(t); });
}

std::string TemplateDocument::render(tmpl::data& d) {
  // Partials are looked up by name in the data; their names hold a '/', which no data key has.
  for (const auto& p : partials_) d.set(p, std::string(load_template(p)));
  std::string out = tmpl_.render(d);
  if (!tmpl_.is_valid()) template_error(name_, tmpl_);
  return out;
}

}  // namespace qrsc
