// Running a helper program (Chromium, pdftotext) directly: posix_spawn, no shell, in its own
// process group so that a hung program and its children can be stopped, with a timeout.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "qrsc/base/expected.hpp"

namespace qrsc {

// How a program that ran ended, and what it wrote.
struct ProcessResult {
  bool timed_out = false;
  int exit_code = -1;  // -1 when the process did not exit normally
  std::string out, err;
};

// Runs argv (argv[0] is a path, or a name looked up in PATH) and captures its output, or says
// why it could not start it. With `temp_folder`, the program's TMPDIR is that folder, so that
// its own temporaries (a compiler's objects, a browser's files) go where the caller removes
// them, also on a signal.
Expected<ProcessResult> run_process(const std::vector<std::string>& argv, std::chrono::seconds timeout,
                                    const std::string& temp_folder = {});

// A program to run: `preferred` when it is executable, else the first `name` on PATH, else
// `preferred` (whose absence the caller then reports with the package that installs it).
std::string find_program(const std::string& preferred, const std::string& name);

}  // namespace qrsc
