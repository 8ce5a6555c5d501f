#include "qrsc/analysis/net_modifier.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <memory>

#include "qrsc/base/diagnostics.hpp"
#include "qrsc/base/limits.hpp"
#include "qrsc/model/notation.hpp"
#include "qrsc/model/runtime_values.hpp"

namespace qrsc {

namespace {

// A signed whole number of any length ("+1", "-2", "1000"). Its value is bounded as a spec's
// numbers are (parse_number). An id may be digits only ("2"): one that names a modifier of the
// table is that modifier, and "+2" is the number.
bool is_signed_number(const std::string& s) {
  std::size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  if (i == s.size()) return false;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
  }
  return true;
}

// One table that modifies the roll, as the runtime holds it: a header's kModifiers for a
// modifier list; for a band table, its numbered rows as the members of one group.
struct ModifierSource {
  std::vector<qrs::Modifier> mods;
  std::vector<std::string> ids, texts;
  std::vector<bool> factor_only;
  std::vector<std::string> group_ids;  // by qrs::Modifier::group
  const BandTable* keyed = nullptr;    // a band table of numbered rows: its rows, which its key selects
  std::vector<std::uint8_t> occurs;    // how many times the terms name each of mods (0: it does not apply)
  // Where some modifiers apply to some types only: each one's mask (qrs::applies_to) and the
  // vocabulary of the types.
  std::vector<std::uint64_t> types;
  const Vocabulary* vocabulary = nullptr;

  void add(const std::string& id, const std::string& text, qrs::Modifier m, bool factor) {
    ids.push_back(id);
    texts.push_back(text);
    mods.push_back(m);
    factor_only.push_back(factor);
  }
  [[nodiscard]] qrs::View<std::uint8_t> applying() const { return occurs; }
};

std::vector<ModifierSource> sources_of(const Spec& spec, const std::vector<std::string>& tables) {
  std::vector<ModifierSource> out;
  for (const auto& name : tables) {
    const Table* t = spec.table(name);
    if (!t) continue;
    ModifierSource s;
    if (const auto* mt = std::get_if<ModifierTable>(&t->body)) {
      for (const auto& m : mt->items) s.add(m.id, m.text.render(), runtime_modifier(*mt, m), !m.value.has_value());
      for (const auto& g : mt->groups) s.group_ids.push_back(g.id);
      s.vocabulary = spec.vocabulary(mt->types_vocabulary);
      if (s.vocabulary) {
        for (const auto& m : mt->items) s.types.push_back(m.type_mask);
      }
    } else if (const auto* rows = std::get_if<BandTable>(&t->body)) {
      s.keyed = rows;
      for (const auto& r : rows->rows) {
        if (r.number) s.add(r.id, r.title, qrs::numbered_row_modifier(*r.number), false);
      }
    }
    s.occurs.assign(s.mods.size(), 0);
    out.push_back(std::move(s));
  }
  return out;
}

struct Named {
  ModifierSource* source = nullptr;
  std::size_t index = 0;
};

Named find_named(std::vector<ModifierSource>& sources, const std::string& id) {
  for (auto& s : sources) {
    for (std::size_t i = 0; i < s.ids.size(); ++i) {
      if (s.ids[i] == id) return {&s, i};
    }
  }
  return {};
}

// "overlap=2": a modifier counted per occurrence (its `at_most`), named with how many times it
// occurs. Nothing when the name is no such modifier; the reason in *why when the count is not a
// whole number from 0 to 255.
Named find_occurrences(std::vector<ModifierSource>& sources, const std::string& term, int* times, std::string* why) {
  const std::size_t eq = term.find('=');
  const Named n = find_named(sources, term.substr(0, eq));
  if (!n.source || n.source->mods[n.index].at_most <= 1) return {};
  const std::string count = term.substr(eq + 1);
  const bool whole = !count.empty() && count.size() <= 3 &&
                     std::all_of(count.begin(), count.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!whole || std::stoi(count) > 255) {
    *why = fmt::format("'{}': how many times '{}' occurs is a whole number from 0 to 255", term, term.substr(0, eq));
    return {};
  }
  *times = std::stoi(count);
  return n;
}

// "fire_points=11.5": the row of a numbered band table that its own key (named by key_id)
// selects, the key rounded as the table rounds it. Nothing, with the reason in *why when the
// name is a table's key, when no table has that key or its value selects no row.
Named find_by_key(std::vector<ModifierSource>& sources, const std::string& term, std::string* why) {
  const std::size_t eq = term.find('=');
  const std::string name = term.substr(0, eq);
  for (auto& s : sources) {
    const BandTable* bt = s.keyed;
    if (!bt || name.empty() || bt->key_id() != name || !bt->single_column()) continue;
    std::string err;
    const auto v = parse_number(term.substr(eq + 1), &err);
    if (!v) {
      *why = fmt::format("'{}': {}", term, err.empty() ? "not a number" : err);
      return {};
    }
    const Fraction k = bt->rounding == "down" ? Fraction(v->floor()) : *v;
    const std::size_t r = qrs::find_band(band_column(*bt, 0), k);
    if ((bt->min && k < *bt->min) || (bt->max && k > *bt->max) || r == qrs::npos || !bt->rows[r].number) {
      *why = fmt::format("'{}': no row of '{}' reads {} {}", term, name, bt->key_name, format_number(k));
      return {};
    }
    const auto at = std::find(s.ids.begin(), s.ids.end(), bt->rows[r].id);
    return {&s, static_cast<std::size_t>(at - s.ids.begin())};
  }
  return {};
}

}  // namespace

namespace {

Expected<NetModifier> net_over(const Spec& spec, const Table& table, const std::vector<std::string>& tables,
                               const std::vector<std::string>& terms, std::optional<std::size_t> type) {
  NetModifier out;
  std::vector<ModifierSource> sources = sources_of(spec, tables);
  std::vector<std::string> ids;
  for (const auto& s : sources) ids.insert(ids.end(), s.ids.begin(), s.ids.end());
  std::vector<Named> named(terms.size());  // the modifier each term names, if it names one
  std::vector<std::string> errors;
  const auto report = [&](std::string e) {  // each distinct mistake once, however often given
    if (std::find(errors.begin(), errors.end(), e) == errors.end()) errors.push_back(std::move(e));
  };
  std::int64_t numbers = 0;  // the numbers given, summed in 64 bits (each is at most 10^9)
  const std::size_t side_type = type.value_or(qrs::kNoType);
  for (std::size_t k = 0; k < terms.size(); ++k) {
    const std::string& term = terms[k];
    if (is_signed_number(term) && (term[0] == '+' || term[0] == '-' || !find_named(sources, term).source)) {
      std::string why;
      const auto v = parse_number(term, &why);
      if (!v) {
        report(fmt::format("modifier '{}': {}", term, why));
        continue;
      }
      out.applied.push_back({term, {}, static_cast<int>(v->num()), true, {}});
      numbers += v->num();
      continue;
    }
    std::string why;
    int times = 1;  // occurrences: "overlap=2" names two
    Named n =
        term.find('=') == std::string::npos ? find_named(sources, term) : find_occurrences(sources, term, &times, &why);
    if (!n.source && why.empty() && term.find('=') != std::string::npos) n = find_by_key(sources, term, &why);
    if (!why.empty()) {
      report(why);
      continue;
    }
    if (!n.source) {
      report(ids.empty()
                 ? fmt::format("'{}' is not a number, and no modifier list applies to table '{}'", term, table.id)
                 : with_suggestion(fmt::format("table '{}' has no modifier '{}'", table.id, term), term, ids));
      continue;
    }
    if (n.source->factor_only[n.index]) {
      report(fmt::format("'{}' ({}) is a factor, not a die roll modifier", term, n.source->texts[n.index]));
      continue;
    }
    // A modifier counted per occurrence counts each time it is named, up to its at_most; any
    // other counts once however often it is named.
    const qrs::Modifier& m = n.source->mods[n.index];
    const int before = n.source->occurs[n.index];
    n.source->occurs[n.index] = static_cast<std::uint8_t>(std::min(255, before + times));
    named[out.applied.size()] = n;
    const std::string& text = n.source->texts[n.index];
    const std::string said = times == 1 ? text : fmt::format("{} x{}", text, times);
    // A modifier for other types than the side's does not apply (qrs::applies_to), however
    // often it is named: none of its occurrences counts toward its most.
    if (!qrs::applies_to(n.source->types, n.index, side_type)) {
      out.applied.push_back({term, said, m.value * times, false,
                             fmt::format("does not apply to {}", n.source->vocabulary->terms[side_type].name)});
      continue;
    }
    if (m.at_most <= 1) {
      out.applied.push_back({term, text, m.value, before == 0, before > 0 ? "given twice, counts once" : ""});
      continue;
    }
    const int counted = std::max(0, std::min(before + times, int{m.at_most}) - before);
    if (counted == 0 && times > 0) {
      out.applied.push_back({term, said, m.value * times, false, fmt::format("counts up to {} times", m.at_most)});
    } else {
      out.applied.push_back(
          {term,
           counted == times ? said : fmt::format("{}, {} of them count{}", said, counted, counted == 1 ? "s" : ""),
           m.value * counted,
           true,
           {}});
    }
  }
  // Two members of an exclusive group (a unit's one rating) cannot both apply; the runtime's
  // sum has it as a precondition. A member for other types than the side's does not apply.
  for (const auto& s : sources) {
    const auto applies = [&](std::size_t i) { return s.occurs[i] > 0 && qrs::applies_to(s.types, i, side_type); };
    for (std::size_t i = 0; i < s.mods.size(); ++i) {
      for (std::size_t j = i + 1; applies(i) && j < s.mods.size(); ++j) {
        if (!applies(j) || !qrs::detail::excludes(s.mods, i, j)) continue;
        report(fmt::format("'{}' and '{}' cannot both apply: group '{}' allows one of its members at most", s.ids[i],
                           s.ids[j], s.group_ids[static_cast<std::size_t>(s.mods[i].group)]));
      }
    }
  }
  if (!errors.empty()) return program_error(fmt::format("{}", fmt::join(errors, "; ")));
  // Which of the modifiers named count, and their sum: the runtime's rule, list by list.
  for (std::size_t k = 0; k < out.applied.size(); ++k) {
    AppliedModifier& a = out.applied[k];
    const ModifierSource* s = named[k].source;
    if (!s || !a.counted) continue;
    a.counted = qrs::counts(s->mods, s->applying(), named[k].index, s->types, side_type);
    if (!a.counted) a.why = "not cumulative, does not count";
  }
  std::int64_t total = numbers;
  for (const auto& s : sources) total += qrs::accumulate(s.mods, s.applying(), s.types, side_type);
  if (total > limits::kMaxMagnitude || total < -limits::kMaxMagnitude) {
    report(fmt::format("the modifiers add up to {}, beyond the {} a die result may be", total, limits::kMaxMagnitude));
  } else {
    out.total = static_cast<int>(total);
  }
  if (!errors.empty()) return program_error(fmt::format("{}", fmt::join(errors, "; ")));
  return out;
}

}  // namespace

bool reads_base_roll_alone(const BandTable& bt) { return bt.dice && !bt.dice->opposed && bt.dice->modifiers.empty(); }

std::string takes_no_modifiers(const std::string& table) {
  return fmt::format("table '{}' reads its roll without modifiers (its dice state none)", table);
}

Expected<NetModifier> net_modifier(const Spec& spec, const Table& table, const std::vector<std::string>& terms) {
  const auto* bt = std::get_if<BandTable>(&table.body);
  const auto* dice_matrix = std::get_if<Matrix>(&table.body);  // its modifiers add dice to a cell's count
  auto net = net_over(spec, table,
                      bt && bt->dice ? bt->dice->modifiers
                      : dice_matrix  ? dice_matrix->modifiers
                                     : std::vector<std::string>{},
                      terms, std::nullopt);
  if (net && net->total != 0 && bt && reads_base_roll_alone(*bt)) return program_error(takes_no_modifiers(table.id));
  return net;
}

Expected<NetModifier> side_modifier(const Spec& spec, const Table& table, qrs::Side side,
                                    const std::vector<std::string>& terms, std::optional<std::size_t> type) {
  const auto* bt = std::get_if<BandTable>(&table.body);
  const bool opposed = bt && bt->dice && bt->dice->opposed;
  return net_over(spec, table, opposed ? bt->dice->opposed->side(side).modifiers : std::vector<std::string>{}, terms,
                  type);
}

std::string modifier_words(const NetModifier& net) {
  std::string out;
  for (const auto& m : net.applied) {
    std::string one = m.text.empty() ? format_signed(m.value) : fmt::format("{} ({})", format_signed(m.value), m.text);
    out += " " + (m.counted ? one : "[" + one + ": " + m.why + "]");
  }
  return out;
}

std::string side_words(const char* side, const std::string& type_name, std::optional<int> roll,
                       const NetModifier& net) {
  std::string out = side;
  if (!type_name.empty()) out += " (" + type_name + ")";
  if (roll) out += " " + std::to_string(*roll);
  out += modifier_words(net);
  if (roll && !net.applied.empty()) out += " = " + std::to_string(*roll + net.total);
  return out;
}

}  // namespace qrsc
