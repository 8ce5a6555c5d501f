// Printing a sheet to PDF with headless Chromium. Chromium is run directly (posix_spawn, no
// shell), in its own process group so that a hung browser and its helpers can be stopped.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace qrsc {

struct ProcessResult {
  bool started = false;
  bool timed_out = false;
  int exit_code = -1;  // -1 when the process did not exit normally
  std::string out, err;
  std::string error;  // why it could not be started
};

// Runs argv (argv[0] is a path, or a name looked up in PATH) and captures its output.
ProcessResult run_process(const std::vector<std::string>& argv, std::chrono::seconds timeout);

// The Chromium qrsc uses when none is given: /usr/bin/chromium, else `chromium` on PATH.
std::string default_chromium();

struct PdfResult {
  std::string pdf;    // the PDF's bytes; empty on failure
  std::string error;  // empty on success
};

// Prints a self-contained HTML document to PDF. The page size comes from the document's
// @page rule. A missing Chromium is reported with the Debian package to install.
PdfResult print_pdf(const std::string& html, const std::string& chromium);

}  // namespace qrsc
