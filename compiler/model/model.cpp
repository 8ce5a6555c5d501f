#include "qrsc/model/model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "qrsc/base/enum_names.hpp"
#include "qrsc/model/words.hpp"

namespace qrsc {

std::string ModifierItem::value_notation() const {
  if (factor) return "x " + format_number(*factor);
  return value ? format_signed(*value) : "";
}

std::string ModifierGroup::name() const {
  if (!title.empty()) return title;
  std::string out = id;
  std::replace(out.begin(), out.end(), '_', ' ');
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

const char* OpposedRoll::tie_name() const {
  switch (tie) {
    case qrs::Tie::none: return kTieNames[2];
    case qrs::Tie::both: return kTieNames[3];
    case qrs::Tie::one_side: break;
  }
  return kTieNames[static_cast<std::size_t>(tie_loser)];
}

std::vector<std::string> DiceRoll::modifier_tables() const {
  if (!opposed || !modifiers.empty()) return modifiers;
  std::vector<std::string> ids;
  for (const DiceSide& side : opposed->sides) {
    for (const auto& id : side.modifiers) {
      if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    }
  }
  return ids;
}

std::string BandTable::key_id() const {
  std::string id;
  for (const char c : key_name) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
      id += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!id.empty() && id.back() != '_') {
      id += '_';
    }
  }
  while (!id.empty() && id.back() == '_') id.pop_back();
  return id;
}

std::string BandTable::key_heading() const {
  if (!key_name.empty()) return key_name;
  return dice ? "Die result" : "Result";
}

std::string BandRow::effect() const {
  std::string text;
  for (const auto& p : paragraphs) {
    const std::string para = p.render();
    if (!para.empty()) text += (text.empty() ? "" : " ") + para;
  }
  const std::string name = title_before(title, text);
  return name.empty() ? text : text.empty() ? name : name + " " + text;
}

std::string RichText::render(DistanceStyle style) const {
  std::string out;
  for (const auto& s : segments) out += s.inches ? format_inches(*s.inches, style) : s.literal;
  return out;
}

std::string RichText::source() const {
  std::string out;
  for (const auto& s : segments) out += s.inches ? "{" + format_number(*s.inches) + "in}" : s.literal;
  return out;
}

bool RichText::empty() const {
  return std::all_of(segments.begin(), segments.end(),
                     [](const TextSegment& s) { return !s.inches && s.literal.empty(); });
}

const char* table_kind_name(TableKind k) { return kTableKindNames[static_cast<std::size_t>(k)]; }

std::optional<TableKind> table_kind_from(std::string_view name) { return enum_named<TableKind>(kTableKindNames, name); }

std::string document_title(const std::vector<SourceDoc>& sources, const std::string& doc) {
  for (const auto& s : sources) {
    if (s.id != doc && s.file != doc) continue;
    // The title proper, before a description of what the document holds ("...; changes 1-53"),
    // and before its first comma when that is still long.
    constexpr std::size_t kLong = 50;
    std::string out = s.title.empty() ? s.file : s.title.substr(0, s.title.find_first_of(";:"));
    if (out.size() > kLong) out = out.substr(0, out.find(','));
    if (!s.edition.empty()) out += ", edition " + s.edition;
    return out;
  }
  return doc;
}

std::string unknown_value_source(const Table& t, const std::optional<SourceNote>& row_source,
                                 const std::vector<SourceDoc>* sources) {
  const bool row_explains = row_source && (row_source->note.find('?') != std::string::npos ||
                                           row_source->note.find("unknown") != std::string::npos);
  const std::optional<SourceNote>& note = row_explains ? row_source : t.source;
  std::string where = !note     ? std::string("the source documents")
                      : sources ? document_title(*sources, note->doc)
                                : note->doc;
  where += row_explains ? " (see the source note of each row)" : " (see the source note of " + t.title + ")";
  return where;
}

std::string types_note(const Vocabulary& types, const ModifierItem& m) {
  if (!m.for_some_types()) return {};
  std::vector<std::string> names;
  for (const auto& id : m.only.empty() ? m.except : m.only) {
    const auto t =
        std::find_if(types.terms.begin(), types.terms.end(), [&](const Term& term) { return term.id == id; });
    names.push_back(t == types.terms.end() ? id : t->name);
  }
  return fmt::format("{} {}", m.only.empty() ? "not" : "only", fmt::join(names, ", "));
}

std::string ModifierItem::with_notes(std::string text) const {
  std::vector<std::string> notes;
  if (!types_note.empty()) notes.push_back(types_note);
  if (at_most > 1) notes.push_back(fmt::format("up to {} times", at_most));
  if (notes.empty()) return text;
  const std::string joined = fmt::format("{}", fmt::join(notes, "; "));
  return text.empty() ? joined : text + " (" + joined + ")";
}

std::string against_line(const Spec& spec, const Table& matrix, const Column& column) {
  if (column.against.empty()) return {};
  // The types' names, from a band table whose sides read this matrix.
  const BandTable* reader = nullptr;
  for (const auto& t : spec.tables) {
    const auto* bt = std::get_if<BandTable>(&t.body);
    if (!bt || !bt->dice || !bt->dice->opposed) continue;
    for (const DiceSide& side : bt->dice->opposed->sides) {
      if (side.type_modifiers == matrix.id) reader = bt;
    }
  }
  std::string names;
  for (const auto& id : column.against) {
    std::string name = id;
    if (reader) {
      for (const auto& c : reader->type_columns()) {
        if (c.id == id) name = c.name;
      }
    }
    names += (names.empty() ? "" : ", ") + name;
  }
  return column.name + ": " + names + ".";
}

std::string unknown_footnote(const std::string& where) {
  return std::string(kUnknownNotation) + " not given in the source: " + where + ".";
}

const Table* Spec::table(const std::string& id) const {
  for (const auto& t : tables) {
    if (t.id == id) return &t;
  }
  return nullptr;
}

const Vocabulary* Spec::vocabulary(const std::string& id) const {
  for (const auto& v : vocabularies) {
    if (v.id == id) return &v;
  }
  return nullptr;
}

ErratumIdKind erratum_id_kind(const std::string& id) {
  const auto digit = [](unsigned char c) { return std::isdigit(c) != 0; };
  const auto code_char = [](unsigned char c) { return std::isalnum(c) != 0 || c == '.'; };
  const bool has_digit = std::any_of(id.begin(), id.end(), digit);
  if (!id.empty() && id.size() <= 8 && has_digit && std::all_of(id.begin(), id.end(), code_char)) {
    return ErratumIdKind::number;
  }
  const bool name_chars =
      std::all_of(id.begin(), id.end(), [&](unsigned char c) { return code_char(c) || c == '-' || c == '_'; });
  const bool joined = id.find_first_of("-_") != std::string::npos;
  if (!id.empty() && name_chars && (joined || !has_digit)) return ErratumIdKind::name;
  return ErratumIdKind::unshowable;
}

bool change_number_less(const std::string& a, const std::string& b) {
  // Runs of digits compare by value, everything else character by character.
  std::size_t i = 0, j = 0;
  const auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      std::size_t ie = i, je = j;
      while (ie < a.size() && digit(a[ie])) ++ie;
      while (je < b.size() && digit(b[je])) ++je;
      std::string x = a.substr(i, ie - i), y = b.substr(j, je - j);
      x.erase(0, std::min(x.find_first_not_of('0'), x.size() - 1));
      y.erase(0, std::min(y.find_first_not_of('0'), y.size() - 1));
      if (x.size() != y.size()) return x.size() < y.size();
      if (x != y) return x < y;
      i = ie, j = je;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i, ++j;
  }
  return a.size() - i < b.size() - j;
}

std::string superseded_by(const std::vector<Erratum>& errata, const std::string& id) {
  for (const auto& e : errata) {
    if (std::find(e.supersedes.begin(), e.supersedes.end(), id) != e.supersedes.end()) return e.id;
  }
  return "";
}

}  // namespace qrsc
