#include "qrsc/reports/lookup_documents.hpp"

#include <fmt/format.h>

#include "qrsc/model/roll_again.hpp"
#include "qrsc/model/roll_range.hpp"

namespace qrsc {

namespace {

// An opposed roll's effect: the row read, or under `tie: both` each side's row in its column.
std::string opposed_effect(const LookupAnswer& a) {
  if (!a.outcome.both()) return a.effect;
  const auto in_column = [](const std::string& c) { return c.empty() ? c : " (" + c + ")"; };
  const auto& as = *a.sides[0].reads;
  const auto& ds = *a.sides[1].reads;
  return fmt::format("Attacker{}: {}\nDefender{}: {}", in_column(as.column), as.effect, in_column(ds.column),
                     ds.effect);
}

// "the defender loses", "a tie, lost by the attacker", "a tie: nothing happens".
std::string loser_words(const LookupAnswer::Outcome& o) {
  if (o.both()) return "a tie: both sides are affected";
  if (o.tie && o.rule == qrs::Tie::none) return "a tie: nothing happens";
  return o.tie ? fmt::format("a tie, lost by the {}", kSideNames[o.loser])
               : fmt::format("the {} loses", kSideNames[o.loser]);
}

std::string opposed_text(const LookupAnswer& a) {
  const auto side = [&](std::size_t i) {
    const auto& s = a.sides[i];
    return side_words(kSideNames[i], s.type_name, s.roll, s.modifiers);
  };
  std::string out =
      fmt::format("{}: {}, {}: {} {}, {}{}\n{}\n", a.table_title, side(0), side(1),
                  a.outcome.key_name.empty() ? "key" : a.outcome.key_name, a.result, loser_words(a.outcome),
                  a.column.empty() || a.outcome.both() || !a.outcome.read ? "" : "; " + a.column, opposed_effect(a));
  if (a.outcome.both()) {
    // Each side reads its own row: each says whether it rolls again, as the row's words do.
    for (std::size_t i = 0; i < a.sides.size(); ++i) {
      if (const auto& again = a.sides[i].reads->again) {
        out += fmt::format("{}: {}\n", i == 0 ? "Attacker" : "Defender", roll_again_words(*again));
      }
    }
  } else if (a.again) {
    out += roll_again_words(*a.again) + "\n";
  }
  return out;
}

std::string bands_text(const LookupAnswer& a) {
  std::string out = fmt::format("{}{}: {}{}{}\n{}{}\n", a.table_title, a.column.empty() ? "" : ", " + a.column, a.key,
                                modifier_words(a.net), a.net.applied.empty() ? "" : " = " + a.result, a.effect,
                                a.part.empty() ? "" : " " + a.part);
  if (a.again) out += roll_again_words(*a.again) + "\n";
  for (const auto& t : a.triggered) {
    out += fmt::format("Triggered by the base roll {}: {}. {}{}\n", t.base, t.title, t.text,
                       t.check.empty() ? "" : fmt::format(" Roll on the {} ({}).", t.check_title, t.check));
  }
  return out;
}

std::string matrix_text(const LookupAnswer& a) {
  std::string out = fmt::format("{}: {}, {}: {}\n{}", a.table_title, a.title, a.column, a.effect,
                                a.footnote.empty() ? "" : a.footnote + "\n");
  if (a.unit_number) {
    out += fmt::format("M {}{} = {} {}\n", *a.unit_number, modifier_words(a.net), a.result,
                       a.result == "1" ? "die" : "dice");
  }
  return out;
}

std::string entry_text(const LookupAnswer& a) {
  return a.table_title + ": " + a.effect + "\n" + (a.footnote.empty() ? "" : a.footnote + "\n");
}

// The modifiers a row that rolls again drops (`again.without`), and the answer's words.
Json again_json(const std::vector<DroppedModifier>& dropped) {
  Json without = Json::array();
  for (const auto& d : dropped) without.push_back({{"table", d.list}, {"item", d.id}, {"text", d.text}});
  return {{"without", without}, {"words", roll_again_words(dropped)}};
}

Json modifiers_json(const NetModifier& net) {
  Json mods = Json::array();
  for (const auto& m : net.applied) {
    Json one{{"term", m.term}, {"text", m.text}, {"value", m.value}, {"counted", m.counted}};
    if (!m.why.empty()) one["why"] = m.why;  // why it does not count, as the text answer says
    mods.push_back(std::move(one));
  }
  return mods;
}

}  // namespace

std::string lookup_text(const LookupAnswer& a) {
  switch (a.kind) {
    case LookupAnswer::Kind::bands: return bands_text(a);
    case LookupAnswer::Kind::opposed: return opposed_text(a);
    case LookupAnswer::Kind::matrix: return matrix_text(a);
    case LookupAnswer::Kind::entry: return entry_text(a);
  }
  return {};
}

std::string lookup_tsv(const LookupAnswer& a) {
  switch (a.kind) {
    case LookupAnswer::Kind::bands: return a.row + "\t" + a.title + (a.number ? "\t" + format_signed(*a.number) : "");
    case LookupAnswer::Kind::matrix:
      return a.row + "\t" + a.column_id + "\t" + a.cell + (a.unit_number ? "\t" + a.result : "");
    case LookupAnswer::Kind::entry: {
      std::string out = fmt::format("{}\t{}", a.row, fmt::join(a.fields, "\t"));
      for (const auto& l : a.lines) out += "\n\t" + l;
      return out;
    }
    case LookupAnswer::Kind::opposed: {
      const auto& o = a.outcome;
      std::string out = fmt::format("{}\t{}\t{}\t{}\t{}", a.row, a.title, a.result,
                                    o.tie && o.rule != qrs::Tie::one_side ? "tie" : kSideNames[o.loser], o.column_id);
      if (o.both()) out += fmt::format("\t{}\t{}", a.sides[1].reads->row, a.sides[1].reads->column_id);
      return out;
    }
  }
  return {};
}

std::string lookup_tsv_detail(const LookupAnswer& a) {
  if (a.kind == LookupAnswer::Kind::opposed) return opposed_effect(a) + "\n";
  if (a.kind != LookupAnswer::Kind::bands) return {};
  std::string out = a.effect + "\n";
  if (!a.part_id.empty()) out += a.part_id + "\t" + a.part + "\n";
  for (const auto& t : a.triggered) out += fmt::format("{}\t{}\t{}\n", t.section, t.title, t.text);
  return out;
}

// An opposed roll's answer has each side's modifiers and net under `sides`, and none of its own;
// under `tie: both` each side's entry also says what it reads (`reads`), on a tie.
Json lookup_json(const LookupAnswer& a) {
  Json out = {{"table", a.table_title}, {"column", a.column}, {"key", a.key}};
  if (a.sides.empty()) {
    out["modifiers"] = modifiers_json(a.net);
    out["net"] = a.net.total;
  }
  const std::string line = lookup_tsv(a);
  for (const auto& [name, value] : {std::pair<const char*, const std::string*>{"result", &a.result},
                                    {"row", &a.row},
                                    {"title", &a.title},
                                    {"effect", &a.effect},
                                    {"part", &a.part},
                                    {"line", &line},
                                    {"note", &a.note},
                                    {"footnote", &a.footnote}}) {
    out[name] = *value;
  }
  if (!a.sides.empty()) {
    Json sides = Json::array();
    for (std::size_t i = 0; i < a.sides.size(); ++i) {
      const auto& s = a.sides[i];
      Json side = {{"side", kSideNames[i]}, {"type", s.type},
                   {"roll", s.roll},        {"modifiers", modifiers_json(s.modifiers)},
                   {"net", s.net},          {"result", s.result}};
      // Where each side reads the table for itself (a tie under `tie: both`), its own row.
      if (s.reads) {
        side["reads"] = {
            {"column", s.reads->column}, {"row", s.reads->row}, {"title", s.reads->title}, {"effect", s.reads->effect}};
        if (s.reads->again) side["reads"]["again"] = again_json(*s.reads->again);
      }
      sides.push_back(std::move(side));
    }
    out["sides"] = sides;
  }
  if (!a.triggered.empty()) {
    Json triggered = Json::array();
    for (const auto& t : a.triggered) {
      triggered.push_back({{"table", t.table},
                           {"section", t.section},
                           {"title", t.title},
                           {"text", t.text},
                           {"check", t.check.empty() ? Json(nullptr) : Json(t.check)}});
    }
    out["triggered"] = triggered;
  }
  if (a.again) out["again"] = again_json(*a.again);
  return out;
}

}  // namespace qrsc
