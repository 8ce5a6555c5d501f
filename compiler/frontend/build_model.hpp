// Turns a resolved spec tree into the typed model, checking everything a backend relies on.
#pragma once

#include <optional>

#include "diagnostics.hpp"
#include "model.hpp"
#include "source_tree.hpp"

namespace qrsc {

std::optional<Spec> build_model(const NodePtr& root, const std::string& path, Diagnostics& diags);

}  // namespace qrsc
