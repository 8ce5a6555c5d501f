// qrsc lsp: the language server for spec authors, over standard input and output (docs/editors.md).
#include <iostream>

#include "compile.hpp"
#include "server.hpp"
#include "transport.hpp"

namespace qrsc::cli {

Command add_lsp_command(CLI::App& app) {
  auto* sub = app.add_subcommand("lsp", "run the language server for spec editors (LSP over stdin and stdout)");
  return {sub, [] {
            std::ios::sync_with_stdio(false);
            lsp::Server server(global_options().search);
            while (!server.exited()) {
              const auto body = lsp::read_message(std::cin);
              if (!body) return kFailed;  // the client went away without `exit`
              const auto message = nlohmann::json::parse(*body, nullptr, false);
              if (message.is_discarded()) {
                lsp::write_message(std::cout, lsp::Server::parse_error());
                continue;
              }
              for (const auto& out : server.handle(message)) lsp::write_message(std::cout, out);
            }
            return server.exit_code();
          }};
}

}  // namespace qrsc::cli
