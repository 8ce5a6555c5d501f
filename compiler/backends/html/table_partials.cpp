#include "qrsc/backends/html/table_partials.hpp"

#include "qrsc/backends/common/template_store.hpp"

namespace qrsc::html {

std::string partial_file(const std::string& name) {
  return "html/" + name + (name.find('.') == std::string::npos ? ".mustache" : "");
}

void check_table_partials() {
  for (const char* p : kTablePartials) {
    const std::string file = partial_file(p);
    if (const tmpl::mustache partial(load_template(file)); !partial.is_valid()) template_error(file, partial);
  }
}

void set_table_partials(tmpl::data& d) {
  for (const char* p : kTablePartials) d.set(p, std::string(load_template(partial_file(p))));
}

}  // namespace qrsc::html
