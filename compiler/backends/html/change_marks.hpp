// Change marks, as the published Version 3 sheets print them: each numbered change of the
// spec's errata (an id model.hpp's erratum_id_kind calls a change number: "23", "E1") beside the rows, cells and items
// it covers ("Rally (23)"), with a legend that names the document whose change list the numbers refer to.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "qrsc/model/model.hpp"

namespace qrsc::html {

class ChangeMarks {
 public:
  explicit ChangeMarks(const Spec& spec);

  // The numbers of the changes that cover exactly this path ("table", "table/row",
  // "table/row/column"), in order, as printed: "(23)", "(23, 24)"; empty when none.
  [[nodiscard]] std::string at(const std::string& path) const;
  [[nodiscard]] std::string at(const std::string& table, const std::string& row) const { return at(table + "/" + row); }
  [[nodiscard]] std::string at(const std::string& table, const std::string& row, const std::string& column) const {
    return at(table + "/" + row + "/" + column);
  }
  [[nodiscard]] bool empty() const { return by_path_.empty(); }
  // "change n in the list of changes of <document>", for each document whose changes are marked.
  [[nodiscard]] std::vector<std::string> legend() const;

 private:
  std::set<std::string> place_on_items(const Spec& spec, const Erratum& e);

  // "table/row[/column]"; list items as "table/section/<index in print order>"
  std::map<std::string, std::vector<std::string>> by_path_;
  std::vector<std::string> documents_;  // titles (or file names) of the documents marked
};

}  // namespace qrsc::html
