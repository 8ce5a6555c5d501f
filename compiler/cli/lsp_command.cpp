// qrsc lsp: the language server for spec authors, over standard input and output (docs/editors.md).
#include <iostream>

#include "qrsc/cli/compile.hpp"
#include "qrsc/lsp/server.hpp"
#include "qrsc/lsp/transport.hpp"

namespace qrsc::cli {

Command add_lsp_command(CLI::App& app) {
  auto* sub = app.add_subcommand("lsp", "run the language server for spec editors (LSP over stdin and stdout)");
  return {sub, [] {
            std::ios::sync_with_stdio(false);
            lsp::Server server(global_options().search);
            lsp::MessageReader reader(std::cin);
            while (!server.exited()) {
              const auto frame = reader.next();
              if (!frame) return kFailed;  // the client went away without `exit`
              for (const auto& out : server.handle_frame(*frame)) lsp::write_message(std::cout, out);
            }
            return server.exit_code();
          }};
}

}  // namespace qrsc::cli
