// A sheet's WebAssembly module: the generated header and the runtime's C ABI
// (runtime/qrs/web/) compiled by clang for wasm32-wasi, run as a helper program like the PDF
// backend's Chromium.
#pragma once

#include <string>
#include <vector>

#include "qrsc/base/expected.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// The band tables the page answers: those whose key is rolled (`key.dice`), in sheet order.
std::vector<const Table*> rolled_tables(const Spec& spec);
// The tables that modify a rolled table (its `key.dice.modifiers` that the sheet has), in
// order: a modifier list, or a band table of numbered rows.
std::vector<const Table*> modifier_lists(const Spec& spec, const BandTable& bt);
// The lists that modify one side's roll: an opposed roll's attacker's or defender's; for any
// other roll its own lists are the attacker's (the page's side 0) and the defender has none.
std::vector<const Table*> side_modifier_lists(const Spec& spec, const BandTable& bt, qrs::Side side);
// An opposed roll the page settles side by side (qrs/opposed.hpp), not read at one net modifier.
bool rolled_by_sides(const BandTable& bt);
// Every modifier list of the sheet's rolled tables, each once, in order of first use: the
// module's lists, which the page names by index.
std::vector<const Table*> sheet_modifier_lists(const Spec& spec);

// The matrices whose columns are all ranges (a header's kColumnRanges), in sheet order: the
// page finds their column from a distance.
std::vector<const Table*> range_matrices(const Spec& spec);
// The matrices of dice cells that have rows (a header's kCells grid), in sheet order: the page
// asks the module how many dice a unit rolls from one (qrs_pool_dice).
std::vector<const Table*> dice_matrices(const Spec& spec);

// The compiler qrsc uses when none is given: the one the build found where it is
// (compiler/cmake/wasm_toolchain.cmake), else clang++ on PATH.
std::string default_wasm_compiler();

// Compiles the sheet's module from its generated header and the runtime embedded in qrsc: the
// module's bytes, or why there are none.
Expected<std::string> build_wasm_module(const Spec& spec, const std::string& header, const std::string& compiler);

}  // namespace qrsc
