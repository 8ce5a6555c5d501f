// Consistency checks beyond what loading guarantees: declared orders, unused vocabulary,
// errata assertions, and changes against the parent that no erratum explains.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

struct ErrataCount {
  int items = 0;    // errata citing the document
  int checked = 0;  // of those, with at least one machine-checked assertion
};

struct CheckReport {
  std::map<std::string, ErrataCount> by_document;
  int changes = 0;     // differences from the baseline
  int undeclared = 0;  // of those, explained by no erratum
};

// `baseline` is the parent as the spec sees it (renames and scale applied), if any.
CheckReport check_spec(const Spec& spec, const std::optional<Spec>& baseline, Diagnostics& diags);

}  // namespace qrsc
