// A fresh folder under the system's temporary folder, removed with everything in it: where a
// helper program (Chromium, a compiler) reads and writes its files, or an earlier edition is
// checked out. Removed when it goes out of scope and, should the process be interrupted
// (SIGINT, SIGTERM, SIGHUP), by the signal handler (remove_on_signal.hpp).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

#include "qrsc/base/remove_on_signal.hpp"

namespace qrsc {

struct TempDir {
  std::filesystem::path path;  // empty when it could not be made
  explicit TempDir(const std::string& prefix) {
    std::string tmpl = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (::mkdtemp(tmpl.data()) != nullptr) {
      path = tmpl;
      on_signal_ = RemoveOnSignal(tmpl, RemoveOnSignal::What::folder);
    }
  }
  ~TempDir() {
    std::error_code ec;
    if (!path.empty()) std::filesystem::remove_all(path, ec);
    on_signal_.release();
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

 private:
  RemoveOnSignal on_signal_;
};

}  // namespace qrsc
