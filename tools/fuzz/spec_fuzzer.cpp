// The fuzz target: one spec through the whole pipeline qrsc runs on it (front end, checks
// against the parent, every text backend), with diagnostics rendered as text and JSON. Built
// two ways (CMakeLists.txt here): with libFuzzer (clang -fsanitize=fuzzer, tools/fuzz.sh) and
// as a plain executable whose own driver (standalone_main.cpp) gives the test suite a short
// deterministic smoke run.
//
// The input is written as rules/fuzz/input.yaml inside a private copy of the repository's
// rules/, so `extends: rff/acw-2.1-15mm` and `apply:` reach real parents.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "qrsc/analysis/checks.hpp"
#include "qrsc/backends/registry.hpp"
#include "qrsc/frontend/frontend.hpp"
#include "rules_copy.hpp"

namespace fs = std::filesystem;

namespace {

struct Workspace {
  RulesCopy copy{"qrs_fuzz"};
  fs::path input;
  std::vector<std::unique_ptr<qrsc::Backend>> backends;

  Workspace() {
    fs::create_directories(copy.rules / "fuzz");
    input = copy.rules / "fuzz" / "input.yaml";
    qrsc::Diagnostics diags;
    for (const char* name : {"cpp", "html", "json"})
      backends.push_back(qrsc::make_backend(*qrsc::find_backend(name), {}, diags));
    if (diags.has_errors()) std::abort();
  }
};

Workspace& workspace() {
  static Workspace ws;
  return ws;
}

void render(const qrsc::Diagnostics& diags) {
  std::ostringstream text;
  diags.print(text);
  nlohmann::json json = nlohmann::json::array();
  for (const auto& d : diags.all()) {
    json.push_back({{"file", d.loc.file ? *d.loc.file : ""}, {"line", d.loc.line}, {"message", d.message}});
    // An exception the front end did not foresee is a bug even though it is reported.
    if (d.message.rfind("cannot compile: ", 0) == 0) __builtin_trap();
  }
  (void)json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Workspace& ws = workspace();
  {
    std::ofstream out(ws.input, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  qrsc::Diagnostics diags;
  auto spec = qrsc::compile_spec(ws.input, diags);
  if (spec && !spec->abstract && !diags.has_errors()) {
    const std::optional<qrsc::Spec> baseline = qrsc::compile_baseline(ws.input, diags);
    qrsc::check_spec(*spec, baseline, diags);
    for (const auto& b : ws.backends) b->check(*spec, diags);
    if (!diags.has_errors()) {
      for (const auto& b : ws.backends) (void)b->sheet_files(*spec, diags);
    }
  }
  render(diags);
  return 0;
}

// ---- Structure-aware mutation ----------------------------------------------------------
// Byte mutation rarely builds the shapes that break a YAML front end, so half of the
// mutations rewrite the text as a spec author (or attacker) would: long ids, anchors and
// aliases, deep nesting, boundary numbers, repeated rows, stray bytes, a second document.
// QRS_FUZZ_MODE=bytes turns it off.

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

namespace {

std::string pick(std::mt19937& rng, const std::vector<std::string>& options) {
  return options[std::uniform_int_distribution<std::size_t>(0, options.size() - 1)(rng)];
}

std::size_t pick_index(std::mt19937& rng, std::size_t n) {
  return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
}

// Positions of every occurrence of `what`.
std::vector<std::size_t> find_all(const std::string& s, const std::string& what) {
  std::vector<std::size_t> out;
  for (std::size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) out.push_back(p);
  return out;
}

std::size_t line_end(const std::string& s, std::size_t from) {
  const std::size_t e = s.find('\n', from);
  return e == std::string::npos ? s.size() : e;
}

// Replaces the value after a random "key: " with `value`.
bool replace_value(std::string& s, const std::string& key, const std::string& value, std::mt19937& rng) {
  const auto at = find_all(s, key);
  if (at.empty()) return false;
  const std::size_t p = at[pick_index(rng, at.size())] + key.size();
  s.replace(p, line_end(s, p) - p, value);
  return true;
}

void mutate_structure(std::string& s, std::mt19937& rng) {
  const std::vector<std::string> lengths = {"63", "64", "65", "300", "20000"};
  switch (pick_index(rng, 10)) {
    case 0: {  // a long or strange id
      const std::size_t n = std::stoul(pick(rng, lengths));
      const std::string id = pick(rng, {std::string(n, 'a'), std::string(n / 2, 'a') + "_" + std::string(n / 2, 'a'),
                                        "a/../b", "a__b", "a_b", "name", "and", "and_", "n3", "3", "offsetof", "_x"});
      replace_value(s, pick(rng, {"id: ", "term: ", "to: ", "system: "}), id, rng);
      break;
    }
    case 1: {  // anchors and aliases: self-reference, laughs, an alias to another value
      const std::string what =
          pick(rng, {"zz: &zz [*zz]\n",
                     "l0: &l0 [a, a, a, a, a, a, a, a]\nl1: &l1 [*l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0]\nl2: &l2 "
                     "[*l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1]\nl3: [*l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2]\n"});
      if (pick_index(rng, 2) == 0) {
        s = what + s;
      } else {
        const auto colons = find_all(s, ": ");
        if (colons.size() < 2) break;
        std::size_t a = colons[pick_index(rng, colons.size())], b = colons[pick_index(rng, colons.size())];
        if (a > b) std::swap(a, b);
        if (a == b) break;
        s.replace(b + 2, line_end(s, b + 2) - (b + 2), "*qa");
        s.insert(a + 2, "&qa ");
      }
      break;
    }
    case 2: {  // deep nesting around a value
      const std::size_t depth = std::stoul(pick(rng, {"62", "63", "64", "65", "3000"}));
      const auto colons = find_all(s, ": ");
      if (colons.empty()) break;
      const std::size_t p = colons[pick_index(rng, colons.size())] + 2;
      const std::size_t e = line_end(s, p);
      s = s.substr(0, p) + std::string(depth, '[') + s.substr(p, e - p) + std::string(depth, ']') + s.substr(e);
      break;
    }
    case 3: {  // a boundary number in place of a number
      std::vector<std::size_t> digits;
      for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] >= '0' && s[i] <= '9' && (i == 0 || !(s[i - 1] >= '0' && s[i - 1] <= '9'))) digits.push_back(i);
      }
      if (digits.empty()) break;
      const std::size_t p = digits[pick_index(rng, digits.size())];
      std::size_t e = p;
      while (e < s.size() && s[e] >= '0' && s[e] <= '9') ++e;
      s.replace(p, e - p,
                pick(rng, {"0", "1000000000", "1000000001", "2147483647", "2147483648", "4294967297",
                           "9223372036854775807", "9223372036854775808", "99999999999999999999", "1/0", "0.0000001",
                           "999999.999999", "1000000 1/999999"}));
      break;
    }
    case 4: {  // repeat a list entry (rows and terms near the limits, with fresh ids)
      const auto items = find_all(s, "- id: ");
      if (items.empty()) break;
      const std::size_t p = items[pick_index(rng, items.size())];
      const std::size_t e = line_end(s, p);
      const std::size_t times = std::stoul(pick(rng, {"253", "254", "255", "256", "257", "1001"}));
      std::string block;
      for (std::size_t k = 0; k < times; ++k)
        block += s.substr(p, e - p) + "_r" + std::to_string(k) + "\n" + std::string(p - s.rfind('\n', p) - 1, ' ');
      s.insert(p, block);
      break;
    }
    case 5: {  // a stray byte
      const std::string bytes = pick(rng, {std::string(1, '\0'), "\x01", "\x1b[31m", "\x7f", "\xc2\x85", "\xff",
                                           "\xc0\xaf", "\xed\xa0\x80", "\\"});
      s.insert(pick_index(rng, s.size() + 1), bytes);
      break;
    }
    case 6:  // a second document, or an unterminated quote at the end
      s += pick(rng, {"\n---\nqrs: 1\n", "\ntitle: \"unterminated", "\n'", "\n...\n"});
      break;
    case 7:  // a huge die-result span or key
      replace_value(s, pick(rng, {"band: ", "min: ", "max: "}),
                    pick(rng, {"1000000 or more", "-1000000 or less", "1 - 1000000", "1000000000"}), rng);
      break;
    case 8:  // a text ending in a backslash, or with a brace
      replace_value(s, pick(rng, {"title: ", "text: ", "name: "}),
                    pick(rng, {"'ends in \\'", "\"{99999999999in}\"", "'{'", "'\\'"}), rng);
      break;
    default:  // a scale conversion with an odd factor
      s += pick(rng, {"\nscale: {convert: {factor: 0}}\n", "\nscale: {convert: {factor: -1}}\n",
                      "\nscale: {convert: {factor: 1000000000, rounding: nearest_half}}\n",
                      "\nscale: {convert: {factor: 1/999999}}\n"});
      break;
  }
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size,
                                               unsigned int seed) {
  static const bool bytes_only = [] {
    const char* mode = std::getenv("QRS_FUZZ_MODE");
    return mode && std::string(mode) == "bytes";
  }();
  std::mt19937 rng(seed);
  if (bytes_only || rng() % 2 == 0) return LLVMFuzzerMutate(data, size, max_size);
  std::string s(reinterpret_cast<const char*>(data), size);
  mutate_structure(s, rng);
  if (s.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  std::copy(s.begin(), s.end(), data);
  return s.size();
}
