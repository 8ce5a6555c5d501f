// Shell completion (bash, zsh) and the man page, generated from the command-line definition
// itself so that they can never disagree with `qrsc --help`.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace qrsc::cli {

// Completion scripts that ask qrsc itself (`qrsc complete`, complete_command.cpp).
std::string bash_completion(const CLI::App& app);
std::string zsh_completion(const CLI::App& app);
std::string man_page(const CLI::App& app, const std::vector<const CLI::App*>& commands, const std::string& version);

}  // namespace qrsc::cli
