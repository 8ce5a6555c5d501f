// The files a sheet's system procedures are read from, beside its lineage: the system's package
// file and each procedure's page files (frontend/system_package.hpp). What an output that
// uses the procedures reads (the web backend's depfile), and what an edit of checks a spec
// again (qrsc lsp).
#pragma once

#include <string>
#include <vector>

#include "qrsc/model/model.hpp"

namespace qrsc {

// Absolute paths; none when the system has no package file.
inline std::vector<std::string> procedure_files(const Spec& spec) {
  std::vector<std::string> files;
  if (spec.package_file.empty()) return files;
  files.push_back(spec.package_file);
  for (const SystemProcedure& p : spec.procedures) files.insert(files.end(), p.page_files.begin(), p.page_files.end());
  return files;
}

}  // namespace qrsc
