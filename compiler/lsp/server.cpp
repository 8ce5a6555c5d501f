#include "qrsc/lsp/server.hpp"

#include <cstdint>
#include <exception>
#include <limits>
#include <map>

#include "qrsc/lsp/features.hpp"

namespace qrsc::lsp {

using nlohmann::json;

namespace {

// JSON-RPC's error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInternalError = -32603;
constexpr int kInvalidParams = -32602;

json error_response(const json& id, int code, const std::string& message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

struct InvalidParams : std::exception {};
struct MethodNotFound : std::exception {};

const json& field(const json& params, const char* name) {
  if (!params.is_object() || !params.contains(name)) throw InvalidParams{};
  return params.at(name);
}

std::string string_field(const json& params, const char* name) {
  const json& v = field(params, name);
  if (!v.is_string()) throw InvalidParams{};
  return v.get<std::string>();
}

int version_of(const json& doc) {
  const auto it = doc.find("version");
  return it != doc.end() && it->is_number_integer() ? it->get<int>() : 0;
}

// Whether `v` is a uinteger of the protocol: an integer in [0, 2^31 - 1], so an int holds it.
bool is_uinteger(const json& v) {
  constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<int>::max());
  if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= kMax;
  return v.is_number_integer() && v.get<std::int64_t>() >= 0 &&
         static_cast<std::uint64_t>(v.get<std::int64_t>()) <= kMax;
}

// A position: {line, character}, each a uinteger.
bool is_position(const json& p) {
  return p.is_object() && p.contains("line") && is_uinteger(p["line"]) && p.contains("character") &&
         is_uinteger(p["character"]);
}

json capabilities() {
  return {{"textDocumentSync", {{"openClose", true}, {"change", 1}, {"save", true}}},  // full text on each change
          {"hoverProvider", true},
          {"definitionProvider", true},
          {"referencesProvider", true},
          {"renameProvider", true},
          {"documentSymbolProvider", true},
          {"completionProvider", {{"triggerCharacters", json::array({" ", "[", ",", "{"})}}}};
}

// The files whose change on disk can change an open spec's check, which the server asks a client
// to watch (when it can register watchers): the specs a spec extends, systems' package and layout
// files (YAML), and the page files a package names (scripts, markup, style).
json watched_files_registration() {
  json watchers = json::array();
  for (const char* glob : {"**/*.yaml", "**/*.{js,html,css}"}) watchers.push_back({{"globPattern", glob}});
  return {{"jsonrpc", "2.0"},
          {"id", "qrsc-watch"},
          {"method", "client/registerCapability"},
          {"params",
           {{"registrations", json::array({{{"id", "qrsc-watched-files"},
                                            {"method", "workspace/didChangeWatchedFiles"},
                                            {"registerOptions", {{"watchers", std::move(watchers)}}}}})}}}};
}

// Whether the client's capabilities (initialize's params) say it registers file watchers for a
// server (workspace.didChangeWatchedFiles.dynamicRegistration).
bool registers_watchers(const json& params) {
  const json::json_pointer at("/capabilities/workspace/didChangeWatchedFiles/dynamicRegistration");
  return params.is_object() && params.contains(at) && params.at(at).is_boolean() && params.at(at).get<bool>();
}

}  // namespace

std::vector<json> Server::handle_frame(const Frame& frame) {
  if (!frame.error.empty()) return {error_response(nullptr, kInvalidRequest, frame.error)};
  if (nested_deeper_than(frame.body, kMaxJsonDepth)) {
    return {error_response(
        nullptr, kInvalidRequest,
        "the message nests arrays and objects deeper than " + std::to_string(kMaxJsonDepth) + " levels")};
  }
  const json message = json::parse(frame.body, nullptr, false);
  if (message.is_discarded()) return {error_response(nullptr, kParseError, "the message is not JSON")};
  return handle(message);
}

std::vector<json> Server::handle(const json& message) {
  if (!message.is_object() || !message.contains("method") || !message["method"].is_string()) {
    // A response to a request of ours (the watchers' registration), or nothing JSON-RPC knows.
    if (message.is_object() && message.contains("id") && !message.contains("result") && !message.contains("error")) {
      return {error_response(message["id"], kInvalidRequest, "a request needs a method")};
    }
    return {};
  }
  const std::string method = message["method"].get<std::string>();
  const json params = message.contains("params") ? message["params"] : json::object();
  const bool is_request = message.contains("id");
  const json id = is_request ? message["id"] : json();
  try {
    if (!is_request) return notification(method, params);
    if (shutdown_ && method != "exit") return {error_response(id, kInvalidRequest, "the server is shut down")};
    return {{{"jsonrpc", "2.0"}, {"id", id}, {"result", request(method, params)}}};
  } catch (const InvalidParams&) {
    if (is_request) return {error_response(id, kInvalidParams, "invalid params for " + method)};
  } catch (const MethodNotFound&) {
    if (is_request) return {error_response(id, kMethodNotFound, "no method " + method)};
  } catch (const std::exception& e) {
    if (is_request) return {error_response(id, kInternalError, e.what())};
  }
  return {};
}

json Server::request(const std::string& method, const json& params) {
  if (method == "initialize") {
    watch_files_ = registers_watchers(params);
    return {{"capabilities", capabilities()}, {"serverInfo", {{"name", "qrsc"}}}};
  }
  if (method == "shutdown") {
    shutdown_ = true;
    return nullptr;
  }
  using Feature = json (*)(Workspace&, const Document&, const json&);
  static const std::map<std::string, Feature> kFeatures = {
      {"textDocument/hover", hover},
      {"textDocument/definition", definition},
      {"textDocument/references", references},
      {"textDocument/rename", rename},
      {"textDocument/completion", completion},
      {"textDocument/documentSymbol",
       [](Workspace& ws, const Document& doc, const json&) { return document_symbols(ws, doc); }},
  };
  const auto feature = kFeatures.find(method);
  if (feature == kFeatures.end()) throw MethodNotFound{};
  const std::string uri = string_field(field(params, "textDocument"), "uri");
  const Document* doc = workspace_.document(uri);
  if (!doc) return nullptr;  // not open: nothing known of it
  const json position = params.contains("position") ? params["position"] : json::object();
  if (method != "textDocument/documentSymbol" && !is_position(position)) throw InvalidParams{};
  if (method == "textDocument/rename" && !(params.contains("newName") && params["newName"].is_string())) {
    throw InvalidParams{};
  }
  return feature->second(workspace_, *doc, params);
}

std::vector<json> Server::notification(const std::string& method, const json& params) {
  if (method == "exit") {
    exited_ = true;
    return {};
  }
  if (method == "initialized") {
    if (!watch_files_) return {};  // a client that cannot register them sends the changes it sees, or didSave
    return {watched_files_registration()};
  }
  bool changed = false;
  if (method == "textDocument/didOpen") {
    const json& doc = field(params, "textDocument");
    changed = workspace_.open(string_field(doc, "uri"), string_field(doc, "text"), version_of(doc));
  } else if (method == "textDocument/didChange") {
    const json& doc = field(params, "textDocument");
    const std::string uri = string_field(doc, "uri");
    const json& changes = field(params, "contentChanges");
    // Full sync: the last change holds the whole text.
    if (!changes.is_array() || changes.empty() || !workspace_.document(uri)) return {};
    changed = workspace_.open(uri, string_field(changes.back(), "text"), version_of(doc));
  } else if (method == "textDocument/didSave") {
    workspace_.saved(string_field(field(params, "textDocument"), "uri"));
    changed = true;
  } else if (method == "workspace/didChangeWatchedFiles") {
    // Files changed on disk (FileEvent: uri, type): a parent, or a system's package file.
    const json& changes = field(params, "changes");
    for (const json& c : changes.is_array() ? changes : json::array())
      workspace_.changed_on_disk(string_field(c, "uri"));
    changed = true;
  } else if (method == "textDocument/didClose") {
    workspace_.close(string_field(field(params, "textDocument"), "uri"));
    changed = true;
  }
  if (!changed) return {};
  std::vector<json> out;
  for (json& p : workspace_.diagnose()) {
    out.push_back({{"jsonrpc", "2.0"}, {"method", "textDocument/publishDiagnostics"}, {"params", std::move(p)}});
  }
  return out;
}

}  // namespace qrsc::lsp
