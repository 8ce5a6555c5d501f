// What the server answers about one open document, each from the workspace's models and the
// document's text: hover, definitions, document symbols, completion.
#pragma once

#include <nlohmann/json.hpp>

#include "workspace.hpp"

namespace qrsc::lsp {

// Positions are the protocol's ({line, character}); results are the protocol's, null when none.
nlohmann::json hover(Workspace& ws, const Document& doc, const nlohmann::json& position);
nlohmann::json definition(Workspace& ws, const Document& doc, const nlohmann::json& position);
// Where the specs of the document's rules folder (and the open ones) name the table or row at
// the position: its entries and patches, `covers`, assertions, `after`.
nlohmann::json references(Workspace& ws, const Document& doc, const nlohmann::json& position);
nlohmann::json document_symbols(const Workspace& ws, const Document& doc);
nlohmann::json completion(Workspace& ws, const Document& doc, const nlohmann::json& position);

}  // namespace qrsc::lsp
