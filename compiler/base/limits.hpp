// The limits on what a spec may hold (docs/spec-format.md, "Limits"). A spec is input from
// whoever wrote it; these bound the memory, time and stack qrsc spends on it, and keep every
// header qrsc writes within what g++ and clang++ compile (constexpr step limits, enum sizes).
// The real specs stay far below each of them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace qrsc::limits {

inline constexpr std::size_t kMaxFileBytes = 4 * 1024 * 1024;   // one spec file
inline constexpr int kMaxDepth = 64;                            // nesting of maps and lists
inline constexpr std::size_t kMaxNodes = 500'000;               // per file, aliases expanded
inline constexpr std::size_t kMaxIdLength = 64;                 // any id (becomes a C++ name or a file name)
inline constexpr std::size_t kMaxTextLength = 16 * 1024;        // any one scalar (a C++ string literal)
inline constexpr std::size_t kMaxKeyLength = 256;               // a map key
inline constexpr std::size_t kMaxListItems = 16'384;            // items of one list
inline constexpr std::size_t kMaxMapEntries = 4096;             // keys of one map
inline constexpr std::size_t kMaxTreeBytes = 32 * 1024 * 1024;  // text in one file's tree, aliases expanded
inline constexpr std::size_t kMaxSpecFiles = 32;                // files one spec resolves (itself, parents, applied)
inline constexpr std::size_t kMaxRenames = 256;                 // renames along one spec's lineage
// Numbers: whole parts and numerators up to 10^9 in magnitude (so every integer fits a C++
// int), denominators up to 10^6 (six decimal places); arithmetic on them stays in 64 bits.
inline constexpr std::int64_t kMaxMagnitude = 1'000'000'000;
inline constexpr std::int64_t kMaxDenominator = 1'000'000;
// Band tables: at most kMaxBandRows rows (a generated index keeps a row in 16 bits). A table
// whose keys span at most kMaxDenseSpan values, and kMaxDenseSlots over all its columns, gets
// a dense index (one slot per key, written by qrsc as literal data); a wider one is searched in
// key order (qrsc writes the order; the compiler checks it in linear time).
inline constexpr std::size_t kMaxBandRows = 10'000;
// ... and at most this many bands (rows, or parts, times columns): the compilers build every
// band in one constant expression, and clang stops at 2^20 steps.
inline constexpr std::size_t kMaxBandCells = 40'000;
inline constexpr std::int64_t kMaxDenseSpan = 1024;
inline constexpr std::int64_t kMaxDenseSlots = 40 * 1024;
// A roll against a unit's value (`key.dice.against`) gets a column per value; the values lie
// within +-kMaxAgainstValue, so that a band shifted by one stays a C++ int.
inline constexpr int kMaxAgainstValues = 64;
inline constexpr int kMaxAgainstValue = 1000;
// Matchups (`matchups`) and type modifiers (`type_modifiers`) are looked up in squares, one
// entry per pair of types: a table with either has at most this many types.
inline constexpr std::size_t kMaxMatchupTypes = 64;
// A die-roll modifier (a modifier's `value`, a type modifier's cell) is within +-this, so that
// a side's modified result stays a C++ int whatever its modifiers add.
inline constexpr std::int64_t kMaxModifierValue = 32767;
// The most occurrences of one modifier counted per occurrence (`at_most`: "-1 per overlap, at
// most 2"); the web module and qrsc hold a count per modifier in a byte.
inline constexpr std::int64_t kMaxOccurrences = 99;
// A modifier's shares, and the kinds of unit one share names: small, as a sheet's rule states a
// few ("sharpshooters, or charging stands armed with SM or RP"). A list's traits, their texts
// and the modifiers shares decide are held to the runtime's limits (qrs/share.hpp).
inline constexpr std::size_t kMaxShares = 8;
inline constexpr std::size_t kMaxShareUnits = 16;
// Rows, columns, items, terms of any other table or vocabulary, and the cells of one table
// (rows times columns).
// Measured (docs/reliability.md, docs/benchmarks.md): the largest band table and matrix these
// allow compile with clang's default constexpr step limit (-fconstexpr-steps=1048576) and
// g++'s in seconds.
inline constexpr std::size_t kMaxRows = 10'000;
inline constexpr std::size_t kMaxCells = 50'000;  // a quarter of it for rate cells, half for fraction cells
// The text of one table (titles, names, cells, ...). Generated headers give every text as
// "..."sv, so the compilers do not count its characters against their constexpr step limits.
inline constexpr std::size_t kMaxTableTextBytes = 4 * 1024 * 1024;

// Templates (qrsc --templates DIR) are input too: a file of at most kMaxTemplateBytes, a
// rendered output of at most kMaxRenderedBytes, at most kMaxRenderSteps operations and section
// items in one render, and at most kMaxGeneratedItems items of generated lists (each builds a
// table's data): sections nested over long lists multiply. The embedded templates are under
// 20 KB; the synthetic spec of tests/scripts/big_spec.py (1.8 MB) renders a 3.5 MB header.
inline constexpr std::size_t kMaxTemplateBytes = 1024 * 1024;
inline constexpr std::size_t kMaxRenderedBytes = 256 * 1024 * 1024;
inline constexpr std::uint64_t kMaxRenderSteps = 200'000'000;
inline constexpr std::uint64_t kMaxGeneratedItems = 100'000;

}  // namespace qrsc::limits
