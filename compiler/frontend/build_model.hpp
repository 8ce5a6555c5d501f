// Turns a resolved spec tree into the typed model, checking everything a backend relies on.
#pragma once

#include <optional>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/model/model.hpp"
#include "qrsc/yaml/source_tree.hpp"

namespace qrsc {

class TableMemo;

// With a memo, a table whose resolved tree (and the vocabularies and sources it reads) is one
// an earlier spec of the run already built is copied from it, with its diagnostics replayed.
std::optional<Spec> build_model(const NodePtr& root, const std::string& path, Diagnostics& diags,
                                TableMemo* memo = nullptr);

}  // namespace qrsc
