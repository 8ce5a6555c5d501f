// The language server's fuzz target: one input is what an editor writes to `qrsc lsp`'s
// standard input, read frame by frame by the server's own reader (MessageReader) and answered
// by a fresh server, as the command does. Built two ways, like the spec target (CMakeLists.txt
// here): with libFuzzer (tools/fuzz.sh lsp) and as a plain executable for the test suite's
// smoke run (standalone_main.cpp).
//
// The requests reach a small workspace: a private copy of the repository's rules/ with the
// house variants of tests/variants, and beside them what the server must not read (a link to
// /dev/zero, a FIFO, a link to a file outside the rules folder). In a frame's body,
// "file:///ws/" stands for that rules folder, so the seeds (tools/fuzz/lsp_seeds) name it.
// A rename's answer with an edit to the file outside the rules folder is a finding (a trap).
#include <sys/stat.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "qrsc/lsp/server.hpp"
#include "qrsc/lsp/text_position.hpp"
#include "qrsc/lsp/transport.hpp"
#include "rules_copy.hpp"

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kPlaceholder = "file:///ws/";

struct Workspace {
  RulesCopy copy{"qrs_lsp_fuzz"};
  std::string uri_prefix;   // the rules folder's
  std::string outside_uri;  // a file beside rules/, linked from it

  Workspace() {
    const fs::path& rules = copy.rules;
    for (const char* f : {"house-15mm.yaml", "house-28mm.yaml"})
      fs::copy(fs::path(QRS_SOURCE_DIR) / "tests/variants" / f, rules / f);
    std::ofstream(copy.root / "outside.yaml")
        << "qrs: 1\nid: outside\ncovers: [infantry_line, game_scale/infantry_line]\n";
    fs::create_symlink(copy.root / "outside.yaml", rules / "outside.yaml");
    fs::create_symlink("/dev/zero", rules / "zero.yaml");
    if (::mkfifo((rules / "fifo.yaml").c_str(), 0600) != 0) std::abort();
    uri_prefix = qrsc::lsp::uri_of_path(rules) + "/";
    outside_uri = qrsc::lsp::uri_of_path(copy.root / "outside.yaml");
  }
};

Workspace& workspace() {
  static Workspace ws;
  return ws;
}

void replace_all(std::string& s, std::string_view from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

// No edit of a rename's answer is to the file outside the rules folder, unless the input opened
// it itself (an editor may rename in any file it has open).
void check_edits(const nlohmann::json& out, const Workspace& ws, std::string_view input) {
  if (!out.is_object() || !out.contains("result")) return;
  const nlohmann::json& result = out["result"];
  if (!result.is_object() || !result.contains("changes") || !result["changes"].is_object()) return;
  for (const auto& [uri, edits] : result["changes"].items()) {
    if (uri == ws.outside_uri && input.find("outside") == std::string_view::npos) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Workspace& ws = workspace();
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::istringstream in{std::string(input)};
  qrsc::lsp::MessageReader reader(in);
  qrsc::lsp::Server server(qrsc::SpecSearchPath{});
  std::ostringstream sink;
  while (!server.exited()) {
    auto frame = reader.next();
    if (!frame) break;
    replace_all(frame->body, kPlaceholder, ws.uri_prefix);
    for (const auto& out : server.handle_frame(*frame)) {
      check_edits(out, ws, input);
      qrsc::lsp::write_message(sink, out);
    }
  }
  return 0;
}

// ---- Frame-aware mutation --------------------------------------------------------------
// A byte mutation of the stream mostly breaks a Content-Length and so everything after it;
// half of the mutations change one frame's body and write every length again.

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

namespace {

// The bodies of a stream framed as the seeds are ("Content-Length: N\r\n\r\n" then N bytes).
std::vector<std::string> bodies_of(const std::string& s) {
  std::vector<std::string> bodies;
  constexpr std::string_view kHeader = "Content-Length: ";
  for (std::size_t at = s.find(kHeader); at != std::string::npos;) {
    std::size_t p = at + kHeader.size();
    std::size_t n = 0;
    while (p < s.size() && s[p] >= '0' && s[p] <= '9' && n < (1u << 24))
      n = n * 10 + static_cast<std::size_t>(s[p++] - '0');
    if (s.compare(p, 4, "\r\n\r\n") != 0) break;
    p += 4;
    bodies.push_back(s.substr(p, n));
    at = s.find(kHeader, p + std::min(n, s.size() - p));
  }
  return bodies;
}

std::string framed(const std::vector<std::string>& bodies) {
  std::string s;
  for (const auto& b : bodies) s += "Content-Length: " + std::to_string(b.size()) + "\r\n\r\n" + b;
  return s;
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size,
                                               unsigned int seed) {
  std::mt19937 rng(seed);
  auto bodies = bodies_of(std::string(reinterpret_cast<const char*>(data), size));
  if (rng() % 2 == 0 || bodies.empty()) return LLVMFuzzerMutate(data, size, max_size);
  std::string& body = bodies[rng() % bodies.size()];
  switch (rng() % 4) {
    case 0: {  // a number in a position made extreme
      const char* numbers[] = {"2147483647", "2147483648", "-1", "4294967296", "1e300", "0.5", "99999999999999999999"};
      const std::size_t at = body.find_first_of("0123456789", rng() % (body.size() + 1));
      if (at != std::string::npos) body.replace(at, 1, numbers[rng() % 7]);
      break;
    }
    case 1: {  // a frame repeated (a request asked again after an edit)
      bodies.push_back(bodies[rng() % bodies.size()]);
      break;
    }
    default: {  // the body's bytes mutated
      const std::size_t room = body.size() + 4096;
      body.resize(room);
      const std::size_t n = LLVMFuzzerMutate(reinterpret_cast<std::uint8_t*>(body.data()), room - 4096, room);
      body.resize(n);
      break;
    }
  }
  const std::string s = framed(bodies);
  if (s.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  std::copy(s.begin(), s.end(), data);
  return s.size();
}
