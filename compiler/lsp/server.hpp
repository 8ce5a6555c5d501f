// The language server's core: one JSON-RPC message in, the messages to send back out
// (responses, diagnostics). It reads no stream, so tests drive it message by message or frame
// by frame.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "qrsc/frontend/spec_search_path.hpp"
#include "qrsc/lsp/transport.hpp"
#include "qrsc/lsp/workspace.hpp"

namespace qrsc::lsp {

class Server {
 public:
  explicit Server(SpecSearchPath search) : workspace_(std::move(search)) {}

  // The messages to send in answer to `message` (a request's response, notifications).
  std::vector<nlohmann::json> handle(const nlohmann::json& message);
  // The messages to send in answer to one frame of the stream (transport.hpp): the body's
  // message handled, or an error response for a frame without a message, a body that is not
  // JSON or one nested deeper than kMaxJsonDepth (never parsed).
  std::vector<nlohmann::json> handle_frame(const Frame& frame);

  // After `exit`: the process ends with exit_code() (0 when `shutdown` came first).
  [[nodiscard]] bool exited() const { return exited_; }
  [[nodiscard]] int exit_code() const { return shutdown_ ? 0 : 1; }

 private:
  nlohmann::json request(const std::string& method, const nlohmann::json& params);
  std::vector<nlohmann::json> notification(const std::string& method, const nlohmann::json& params);

  Workspace workspace_;
  bool watch_files_ = false;  // the client registers file watchers: asked for at `initialized`
  bool shutdown_ = false;
  bool exited_ = false;
};

}  // namespace qrsc::lsp
