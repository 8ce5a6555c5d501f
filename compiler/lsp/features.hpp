// What the server answers about one open document, each from the workspace's models and the
// document's text: hover, definitions, document symbols, completion.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "qrsc/lsp/workspace.hpp"

namespace qrsc::lsp {

// Each takes its request's params (a checked `position`, {line, character}, where it has one);
// results are the protocol's, null when none.
nlohmann::json hover(Workspace& ws, const Document& doc, const nlohmann::json& params);
nlohmann::json definition(Workspace& ws, const Document& doc, const nlohmann::json& params);
// Where the specs of the document's rules folder (and the open ones) name the table or row at
// the position: its entries and patches, `covers`, assertions, `after`.
nlohmann::json references(Workspace& ws, const Document& doc, const nlohmann::json& params);
// Those places changed to params' `newName` (a WorkspaceEdit): the specs only; game code that
// names the id moves with qrs-migrate. Throws std::invalid_argument when the name is not an id.
nlohmann::json rename(Workspace& ws, const Document& doc, const nlohmann::json& params);
nlohmann::json document_symbols(const Workspace& ws, const Document& doc);
nlohmann::json completion(Workspace& ws, const Document& doc, const nlohmann::json& params);

}  // namespace qrsc::lsp
