#include "qrsc/backends/web/wasm_module.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>

#include "qrsc/backends/common/mustache_data.hpp"
#include "qrsc/backends/common/template_document.hpp"
#include "qrsc/backends/cpp/cpp_names.hpp"
#include "qrsc/backends/cpp/emit_cpp.hpp"
#include "qrsc/base/process.hpp"
#include "qrsc/base/temp_dir.hpp"
#include "qrsc/model/notation.hpp"
#include "qrsc/model/roll_again.hpp"
#include "qrsc/model/runtime_values.hpp"

namespace qrsc {

const std::map<std::string_view, std::string_view>& embedded_runtime();

namespace fs = std::filesystem;

namespace {

// What a compile for wasm32 needs from Debian, named when it fails, and the compiler the build
// found (compiler/cmake/wasm_toolchain.cmake; empty when it found none).
constexpr std::string_view kToolchainPackages = QRS_WASM_PACKAGES;
constexpr std::string_view kConfiguredCompiler = QRS_WASM_CXX;

bool write_file(const fs::path& path, std::string_view content) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary);
  out.write(content.data(), static_cast<std::streamsize>(content.size()));
  return static_cast<bool>(out);
}

// The ids of the system's procedures compiled into the module (those with a web source),
// space-separated.
std::string procedure_ids(const Spec& spec) {
  std::string ids;
  for (const SystemProcedure& p : spec.procedures) {
    if (!p.web.empty()) ids += (ids.empty() ? "" : " ") + p.id;
  }
  return ids;
}

// The modifiers a table's rows that roll again drop, as qrs::web::AgainDrop initializers: the
// row, the list's index among the module's lists and the item's in its list ("kKeepsAll" for a
// row that drops none); dropped_on_again names them, as for the page's words and qrsc lookup.
template <class ListIndex>
std::string again_drops(const Spec& spec, const BandTable& bt, const ListIndex& list_index) {
  std::string out;
  for (std::size_t r = 0; r < bt.rows.size(); ++r) {
    if (!bt.rows[r].again) continue;
    const std::vector<DroppedModifier> dropped = dropped_on_again(spec, bt, bt.rows[r]);
    if (dropped.empty()) out += fmt::format("{{{}, qrs::web::kKeepsAll, 0}}, ", r);
    for (const DroppedModifier& d : dropped) {
      const Table* list = spec.table(d.list);
      const auto& items = std::get<ModifierTable>(list->body).items;
      const auto item = std::find_if(items.begin(), items.end(), [&](const ModifierItem& i) { return i.id == d.id; });
      out += fmt::format("{{{}, {}, {}}}, ", r, list_index(list), item - items.begin());
    }
  }
  return out;
}

// The source that hands the header's tables to the C ABI (templates/web/module.cpp.mustache).
std::string module_source(const Spec& spec) {
  const std::vector<const Table*> lists = sheet_modifier_lists(spec);
  const auto list_index = [&](const Table* t) {
    return static_cast<std::size_t>(std::find(lists.begin(), lists.end(), t) - lists.begin());
  };
  mst::data d;
  put(d, "namespace", cpp_namespace(spec));
  mst::data ld = list_of();
  for (const Table* t : lists) {
    mst::data l;
    put(l, "table", cpp_identifier(t->id));
    put(l, "numbered_rows", mst::data(std::holds_alternative<BandTable>(t->body)));
    const auto* mt = std::get_if<ModifierTable>(&t->body);
    put(l, "typed", mst::data(mt && !mt->types_vocabulary.empty()));
    append(ld, std::move(l));
  }
  put(d, "lists", std::move(ld));
  mst::data td = list_of();
  std::size_t i = 0;
  for (const Table* t : rolled_tables(spec)) {
    const auto& bt = std::get<BandTable>(t->body);
    mst::data e;
    put(e, "index", std::to_string(i++));
    put(e, "table", cpp_identifier(t->id));
    const bool parts = std::any_of(bt.rows.begin(), bt.rows.end(), [](const BandRow& r) { return !r.parts.empty(); });
    put(e, "parts", mst::data(parts));
    // The header's kRoll: a roll read at one net modifier (an opposed roll whose sides roll
    // alike and whose key is their difference has one too).
    put(e, "has_roll", mst::data(bt.dice->net_readable()));
    const auto uses = [&](qrs::Side side) {
      std::string out;
      for (const Table* l : side_modifier_lists(spec, bt, side)) out += std::to_string(list_index(l)) + ", ";
      return out;
    };
    put(e, "lists", uses(qrs::Side::attacker));
    put(e, "has_lists", mst::data(!uses(qrs::Side::attacker).empty()));
    put(e, "defender_lists", uses(qrs::Side::defender));
    put(e, "has_defender_lists", mst::data(!uses(qrs::Side::defender).empty()));
    put(e, "opposed", mst::data(rolled_by_sides(bt)));
    put(e, "is_opposed", rolled_by_sides(bt) ? "true" : "false");
    const std::string again = again_drops(spec, bt, list_index);  // an entry for each row that rolls again
    put(e, "again", again);
    put(e, "has_again", mst::data(!again.empty()));
    append(td, std::move(e));
  }
  put(d, "tables", std::move(td));
  // The matrices the module reads by index: each by its C++ name in the header.
  const auto matrices = [](const std::vector<const Table*>& tables) {
    mst::data out = list_of();
    for (const Table* t : tables) {
      mst::data m;
      put(m, "table", cpp_identifier(t->id));
      append(out, std::move(m));
    }
    return out;
  };
  put(d, "ranges", matrices(range_matrices(spec)));
  put(d, "dice", matrices(dice_matrices(spec)));
  // The limits qrsc reads a typed number within: the page's distances are read as qrsc reads one.
  const qrs::text::NumberLimits limits = number_limits();
  put(d, "max_magnitude", std::to_string(limits.magnitude));
  put(d, "max_denominator", std::to_string(limits.denominator));
  put(d, "procedures", procedure_ids(spec));
  static TemplateDocument doc("web/module.cpp.mustache", Markup::html);
  return doc.render(d);
}

// The header naming the sheet for the module's sources (templates/web/module.hpp.mustache).
std::string module_header(const Spec& spec) {
  mst::data d;
  put(d, "namespace", cpp_namespace(spec));
  static TemplateDocument doc("web/module.hpp.mustache", Markup::html);
  return doc.render(d);
}

// The system's procedures for the page (Spec::procedures, from its package file) that have a
// web source: the embedded runtime's files. One the runtime does not have is an error naming
// its declaration.
Expected<std::vector<std::string>> procedure_sources(const Spec& spec) {
  std::vector<std::string> out;
  for (const SystemProcedure& p : spec.procedures) {
    if (p.web.empty()) continue;
    if (!embedded_runtime().count(p.web)) {
      return program_error("procedure '" + p.id + "' (" + p.loc.str() + ") names web source '" + p.web +
                           "', which qrsc's runtime does not have");
    }
    out.push_back(p.web);
  }
  return out;
}

}  // namespace

std::vector<const Table*> rolled_tables(const Spec& spec) {
  std::vector<const Table*> out;
  for (const Table& t : spec.tables) {
    const auto* bt = std::get_if<BandTable>(&t.body);
    // Every rolled table: a die result, or an opposed roll's key (a ratio is a fraction). Not
    // success dice: their key counts dice, which the module does not throw (the page shows
    // such a table as printed, its rule over it).
    if (bt && bt->dice && !bt->dice->success() && (bt->key_type == KeyType::integer || bt->dice->opposed))
      out.push_back(&t);
  }
  return out;
}

namespace {

std::vector<const Table*> lists_named(const Spec& spec, const std::vector<std::string>& names) {
  std::vector<const Table*> out;
  for (const auto& name : names) {
    const Table* t = spec.table(name);
    if (t && (std::holds_alternative<ModifierTable>(t->body) || std::holds_alternative<BandTable>(t->body))) {
      out.push_back(t);
    }
  }
  return out;
}

}  // namespace

std::vector<const Table*> modifier_lists(const Spec& spec, const BandTable& bt) {
  return bt.dice ? lists_named(spec, bt.dice->modifiers) : std::vector<const Table*>{};
}

std::vector<const Table*> range_matrices(const Spec& spec) {
  std::vector<const Table*> out;
  for (const Table& t : spec.tables) {
    const auto* m = std::get_if<Matrix>(&t.body);
    if (m && column_ranges(m->columns)) out.push_back(&t);
  }
  return out;
}

std::vector<const Table*> dice_matrices(const Spec& spec) {
  std::vector<const Table*> out;
  for (const Table& t : spec.tables) {
    const auto* m = std::get_if<Matrix>(&t.body);
    if (m && m->cell == CellType::dice && !m->rows.empty()) out.push_back(&t);
  }
  return out;
}

bool rolled_by_sides(const BandTable& bt) { return bt.dice && bt.dice->opposed; }

std::vector<const Table*> side_modifier_lists(const Spec& spec, const BandTable& bt, qrs::Side side) {
  if (rolled_by_sides(bt)) return lists_named(spec, bt.dice->opposed->side(side).modifiers);
  return side == qrs::Side::attacker ? modifier_lists(spec, bt) : std::vector<const Table*>{};
}

std::vector<const Table*> sheet_modifier_lists(const Spec& spec) {
  std::vector<const Table*> out;
  const auto add = [&out](const std::vector<const Table*>& lists) {
    for (const Table* l : lists) {
      if (std::find(out.begin(), out.end(), l) == out.end()) out.push_back(l);
    }
  };
  for (const Table* t : rolled_tables(spec)) {
    const auto& bt = std::get<BandTable>(t->body);
    add(modifier_lists(spec, bt));
    // An opposed roll's sides may have lists of their own.
    for (const qrs::Side side : {qrs::Side::attacker, qrs::Side::defender}) add(side_modifier_lists(spec, bt, side));
  }
  return out;
}

// The configured compiler where it is (an installed qrsc may run on another machine), else the
// clang++ on PATH.
std::string default_wasm_compiler() {
  return kConfiguredCompiler.empty() ? find_program("/usr/bin/clang++", "clang++")
                                     : find_program(std::string(kConfiguredCompiler), "clang++");
}

Expected<std::string> build_wasm_module(const Spec& spec, const std::string& header, const std::string& compiler) {
  const std::string install = "; install the Debian packages " + std::string(kToolchainPackages) +
                              " (tools/bootstrap.sh does), or pass --wasm-cxx PATH";
  if (::access(compiler.c_str(), X_OK) != 0) {
    return program_error("WebAssembly toolchain not found: no C++ compiler at " + compiler + install);
  }
  TempDir tmp("qrsc-web");
  if (tmp.path.empty()) {
    return program_error("cannot create a temporary folder");
  }
  for (const auto& [name, text] : embedded_runtime()) {
    if (!write_file(tmp.path / "include" / fs::path(std::string(name)), text)) {
      return program_error("cannot write the runtime into a temporary folder");
    }
  }
  if (!write_file(tmp.path / "include" / "sheet.hpp", header) ||
      !write_file(tmp.path / "include" / "module.hpp", module_header(spec)) ||
      !write_file(tmp.path / "module.cpp", module_source(spec))) {
    return program_error("cannot write the module's sources into a temporary folder");
  }
  const fs::path wasm = tmp.path / "sheet.wasm";
  std::vector<std::string> args{compiler,
                                "--target=wasm32-wasi",
                                "-std=c++20",
                                "-Os",
                                "-fno-exceptions",
                                "-Wall",
                                "-Wextra",
                                "-Werror",
                                "-nostartfiles",
                                "-Wl,--no-entry",
                                "-Wl,--strip-all",
                                "-I",
                                (tmp.path / "include").string(),
                                (tmp.path / "module.cpp").string(),
                                (tmp.path / "include" / "qrs" / "web" / "abi.cpp").string()};
  const auto procedures = procedure_sources(spec);
  if (!procedures) return procedures.error();
  for (const std::string& source : *procedures) args.push_back((tmp.path / "include" / fs::path(source)).string());
  args.insert(args.end(), {"-o", wasm.string()});
  const auto ran = run_process(args, std::chrono::seconds(300), tmp.path.string());
  if (!ran) return program_error(ran.error().message + install);
  const ProcessResult& p = *ran;
  if (p.timed_out || p.exit_code != 0) {
    // The compiler's error lines (a diagnostic is one line: the first few say what went wrong).
    std::string errors;
    std::istringstream lines(p.err);
    int shown = 0;
    for (std::string line; std::getline(lines, line) && shown < 3;) {
      if (line.find("error:") == std::string::npos) continue;
      errors += (shown++ ? "; " : ": ") + line;
    }
    const bool toolchain =
        p.err.find("wasm32") != std::string::npos || p.err.find("file not found") != std::string::npos;
    return program_error(spec.path + ": compiling the sheet's WebAssembly module with " + compiler +
                         (p.timed_out ? " timed out" : " failed") + errors +
                         (toolchain ? "; WebAssembly toolchain incomplete" + install : ""));
  }
  std::ifstream in(wasm, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  std::string module = bytes.str();
  if (module.empty()) return program_error("the compiler wrote no module");
  return module;
}

}  // namespace qrsc
