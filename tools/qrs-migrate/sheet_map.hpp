// What changes when code moves from one sheet's generated header to another's, in C++ names:
// computed from the two models (the front end), never from the headers' text.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "qrsc/frontend/spec_search_path.hpp"
#include "qrsc/model/model.hpp"

namespace qrs_migrate {

// One C++ enum of a sheet (a vocabulary, or a table's Effect, Part, Modifier, Row or Column):
// each enumerator of the source sheet and its name in the target, when the target has it.
struct EnumMap {
  std::map<std::string, std::string> enumerators;
};

struct SheetMap {
  std::string from_spec, to_spec;            // as shown in messages (rules/rff/...)
  std::string from_header, to_header;        // include paths: "rff/acw_2_1_15mm.hpp"
  std::string from_namespace, to_namespace;  // "qrs::rff::acw_2_1_15mm"
  std::string from_leaf, to_leaf;            // the last namespace component
  std::map<std::string, bool> tables;        // table namespace -> whether the target has it
  // Enums by "TargetRating" (a vocabulary) or "fire_effects::Effect" (a table's own);
  // an enum missing here is one the target does not have.
  std::map<std::string, EnumMap> enums;

  [[nodiscard]] bool has_enum(const std::string& key) const { return enums.count(key) > 0; }
  // The target's name for an enumerator of the source, or nothing when the target lacks it.
  [[nodiscard]] std::optional<std::string> enumerator(const std::string& enum_key, const std::string& name) const;
};

// Both specs compiled with the front end (the specs they extend found through `search`);
// nothing (and diagnostics on stderr) when either fails.
std::optional<SheetMap> build_sheet_map(const std::filesystem::path& from, const std::filesystem::path& to,
                                        const qrsc::SpecSearchPath& search);
SheetMap sheet_map(const qrsc::Spec& from, const qrsc::Spec& to);

}  // namespace qrs_migrate
