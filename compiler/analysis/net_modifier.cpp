#include "net_modifier.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <map>

#include "diagnostics.hpp"
#include "qrs/modifiers.hpp"

namespace qrsc {

namespace {

bool is_signed_number(const std::string& s) {
  std::size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  if (i == s.size() || s.size() - i > 3) return false;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
  }
  return true;
}

// A modifier a term can name: its value, its words, and its non-cumulative group (if any).
struct Candidate {
  int value = 0;
  std::string text;
  std::string group;  // "table/group"; empty when cumulative
  bool factor_only = false;
};

std::map<std::string, Candidate> candidates(const Spec& spec, const BandTable& bt) {
  std::map<std::string, Candidate> out;
  if (!bt.dice) return out;
  for (const auto& name : bt.dice->modifiers) {
    const Table* t = spec.table(name);
    if (!t) continue;
    if (const auto* mt = std::get_if<ModifierTable>(&t->body)) {
      for (const auto& m : mt->items) {
        const std::string group = m.group >= 0 ? t->id + "/" + mt->groups[static_cast<std::size_t>(m.group)].id : "";
        out.emplace(m.id, Candidate{m.value.value_or(0), m.text.render(), group, !m.value.has_value()});
      }
    } else if (const auto* rows = std::get_if<BandTable>(&t->body)) {
      // A band table of modifiers (fire points): its rows are alternatives, one group.
      for (const auto& r : rows->rows) {
        if (r.number) out.emplace(r.id, Candidate{*r.number, r.title, t->id + "/", false});
      }
    }
  }
  return out;
}

}  // namespace

NetModifier net_modifier(const Spec& spec, const Table& table, const std::vector<std::string>& terms) {
  NetModifier out;
  const auto* bt = std::get_if<BandTable>(&table.body);
  const auto known = bt ? candidates(spec, *bt) : std::map<std::string, Candidate>{};
  std::vector<std::string> ids;
  for (const auto& [id, c] : known) ids.push_back(id);
  std::map<std::string, std::size_t> best;  // group -> index in applied of its counted member
  std::vector<std::string> errors;
  for (const auto& term : terms) {
    if (is_signed_number(term)) {
      out.applied.push_back({term, {}, std::atoi(term.c_str()), true});
      continue;
    }
    const auto it = known.find(term);
    if (it == known.end()) {
      errors.push_back(ids.empty() ? fmt::format("'{}' is not a number, and no modifier list applies to table '{}'",
                                                 term, table.id)
                                   : with_suggestion(fmt::format("table '{}' has no modifier '{}'", table.id, term), term, ids));
      continue;
    }
    const Candidate& c = it->second;
    if (c.factor_only) {
      errors.push_back(fmt::format("'{}' ({}) multiplies fire points; it is not a die roll modifier", term, c.text));
      continue;
    }
    out.applied.push_back({term, c.text, c.value, true});
    if (c.group.empty()) continue;
    const auto [slot, fresh] = best.emplace(c.group, out.applied.size() - 1);
    if (fresh) continue;
    AppliedModifier& held = out.applied[slot->second];
    AppliedModifier& now = out.applied.back();
    if (qrs::outweighs(now.value, held.value)) {
      held.counted = false;
      slot->second = out.applied.size() - 1;
    } else {
      now.counted = false;
    }
  }
  for (const auto& m : out.applied) out.total += m.counted ? m.value : 0;
  if (!errors.empty()) out.error = fmt::format("{}", fmt::join(errors, "; "));
  return out;
}

}  // namespace qrsc
