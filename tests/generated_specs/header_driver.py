"""One C++ program per batch of specs: it includes every generated header and answers cases
on stdin, one a line, through the header's own `lookup` and the runtime's generic helpers
(`qrs::effect_at`, `qrs::row_odds`), as game code calls them (docs/game-code.md).

Cases (tab-separated):
  L SPEC TABLE COLUMN KEY   the header's lookup          -> row id or "-"
  E SPEC TABLE COLUMN KEY   qrs::effect_at<Table>         -> row id or "-"
  O SPEC TABLE COLUMN NET   qrs::row_odds<Table>          -> "id=n/d id=n/d ..."
  S SPEC TABLE COLUMN KEY   kRoll.shows(KEY)              -> 1 or 0 (a roll read as digits)
  R SPEC TABLE CASE 0       resolve(Attacker, Defender)   -> "ROW COLUMN" ("ROW COLUMN DROW DCOLUMN"
                            under tie: both: the defender's effect and column too)
  P SPEC TABLE CASE 0       odds(Attacker, Defender)      -> "id=n/d id=n/d ..." (the rows)
  T SPEC TABLE CASE 0       resolve(Attacker, Defender)   -> "A D" (Outcome::settled: each side's
                            modified result, its type modifier included)

  N SPEC LIST CASE 0         LIST::total({...}, type)      -> the total (a list with modifiers for
                            some types only: CASE names its modifiers and the side's type; a
                            list with modifiers counted per occurrence: CASE lists an id once
                            per occurrence, `total({...})` where the list has no types)
  K SPEC LIST CASE 0         qrs::applies_to(LIST::kTypes[m], type) -> 1 or 0 (CASE: "MODIFIER:TYPE")

  D SPEC MATRIX ROW/COL/NET M  cell(Row, Column).count_with(M, NET) -> the count, or "-" where the
                            cell's Maybe is empty (a matrix of dice cells; `?`: not given)
  Q SPEC MATRIX "" 0         MATRIX::kModifierTables     -> "id,id," (a dice matrix naming lists)

R, P and T are an opposed table read by the loser's or the winner's type: CASE names one of the
sides written into the program (each side's roll, its `type`, a `Type` enumerator where the
table has matchups or type modifiers, else a `Column` one, and its modifiers as the lists'
`Modifier` enumerators); the column read is named by comparing `Outcome::column` with each
`Column` enumerator, the matchups' included. N and K name a type by the vocabulary's enum.
"""
import os
import subprocess

import oracle

PRELUDE = r"""
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
#include "qrs/runtime.hpp"
#include "qrs/rolled.hpp"

namespace {
qrs::Fraction parse_key(const std::string& s) {
  const std::size_t slash = s.find('/');
  if (slash == std::string::npos) return qrs::Fraction(std::stoll(s));
  return qrs::Fraction(std::stoll(s.substr(0, slash)), std::stoll(s.substr(slash + 1)));
}
template <class Table, class E>
std::string row_id(const qrs::Maybe<E>& e) {
  return e ? std::string(Table::kRows[static_cast<std::size_t>(*e)].id) : std::string("-");
}
template <class Table, class E>
std::string row_id(const std::optional<E>& e) {
  return e ? std::string(Table::kRows[static_cast<std::size_t>(*e)].id) : std::string("-");
}
template <class Table>
std::string odds_text(int net, typename Table::Column c) {
  const auto p = qrs::row_odds<Table>(net, c);
  std::ostringstream out;
  for (std::size_t i = 0; i < p.size(); ++i)
    out << (i ? " " : "") << Table::kRows[i].id << '=' << p[i].num() << '/' << p[i].den();
  return out.str();
}
// The rows that roll again (qrs::rolls_again) and the modifiers each drops (kAgain's entries;
// "!" after one that qrs::counts_again still counts): " row:list/item,list/item, row2:".
template <class Table>
std::string again_text() {
  std::ostringstream out;
  for (std::size_t r = 0; r < Table::kRows.size(); ++r) {
    if (!qrs::rolls_again(Table::kAgain, r)) continue;
    out << ' ' << Table::kRows[r].id << ':';
    for (const qrs::RollAgain& a : Table::kAgain) {
      if (a.row != r || a.item.empty()) continue;
      out << a.list << '/' << a.item << (qrs::counts_again(Table::kAgain, r, a.list, a.item) ? "!" : "") << ',';
    }
  }
  return out.str();
}
// A dice cell's count (qrs::Cell<Dice>::count_with), or "-" where it has none: a cell the
// sources do not give (`?`), which is not a count of none. (A template: a batch without dice
// matrices does not use it, and -Werror would refuse an unused function.)
template <class N>
std::string count_text(const qrs::Maybe<N>& n) {
  return n ? std::to_string(*n) : std::string("-");
}
}  // namespace
"""


def cpp_name(id_):
    """An id as qrsc names it in C++: a leading digit takes an `n` (an against table's column
    `4` is `n4`), a minus sign is an underscore (`-2` is `_2`)."""
    id_ = id_.replace("-", "_")
    return "n" + id_ if id_[0].isdigit() else id_


def cpp_type_name(id_):
    """A vocabulary's enum as qrsc names it: each part after `_`, `-` or `.` capitalised and
    joined (`unit_types` is `UnitTypes`), a leading digit after a `T`."""
    out = "".join(part[:1].upper() + part[1:] for part in id_.replace("-", "_").replace(".", "_").split("_"))
    return "T" + out if not out or out[0].isdigit() else out


def namespace(spec_id):
    return "qrs::gen::" + cpp_name(spec_id.replace("-", "_").replace(".", "_"))


def column_expr(ns, tid, col):
    return f"{ns}::{tid}::Table::Column::{cpp_name(col) if col else 'all'}"


def side_expr(ns, tid, table, who, side):
    """An `Attacker`/`Defender` aggregate: roll, type, each modifier list's enumerators. The type
    is a `Type` where both sides' types are read together (matchups, type modifiers)."""
    enum = "Type" if oracle.matchups(table) or oracle.has_type_modifiers(table) else "Column"
    fields = [f".roll = {side['roll']}", f".type = {ns}::{tid}::{enum}::{cpp_name(side['type'])}"]
    for lid, ids in side["lists"]:
        fields.append(f".{cpp_name(lid)} = {{" + ", ".join(f"{ns}::{cpp_name(lid)}::Modifier::{cpp_name(m)}" for m in ids) + "}")
    return f"{ns}::{tid}::{who}{{" + ", ".join(fields) + "}"


def sides_code(ns, tid, table, cases):
    """The R and P cases of an opposed table read by type (see the module's docstring)."""
    T = f"{ns}::{tid}::Table"
    out = ["    const auto column_id = [](" + f"{T}::Column c) -> std::string {{"]
    for c in oracle.column_ids(table):
        out.append(f'      if (c == {T}::Column::{cpp_name(c)}) return "{c}";')
    out.append('      return "?";')
    out.append("    };")
    both = oracle.dice_of(table)["tie"] == "both"
    for case in cases:
        a = side_expr(ns, tid, table, "Attacker", case["attacker"])
        d = side_expr(ns, tid, table, "Defender", case["defender"])
        if case["kind"] == "R":
            out.append(f'    if (kind == "R" && column == "{case["id"]}") {{')
            out.append(f"      const auto o = {ns}::{tid}::resolve({a}, {d});")
            tail = ' + " " + row_id<' + T + '>(o.defender_effect) + " " + column_id(o.defender_column)' if both else ""
            out.append(f'      return row_id<{T}>(o.effect) + " " + column_id(o.column){tail};')
            out.append("    }")
            out.append(f'    if (kind == "T" && column == "{case["id"]}") {{')
            out.append(f"      const auto o = {ns}::{tid}::resolve({a}, {d});")
            out.append('      return std::to_string(o.settled.attacker) + " " + std::to_string(o.settled.defender);')
            out.append("    }")
        else:
            out.append(f'    if (kind == "P" && column == "{case["id"]}") {{')
            out.append(f"      const auto p = {ns}::{tid}::odds({a}, {d});")
            out.append("      std::ostringstream text;")
            out.append(f"      for (std::size_t i = 0; i + 1 < p.size(); ++i) text << (i ? \" \" : \"\") << {T}::kRows[i].id << '=' << p[i].num() << '/' << p[i].den();")
            out.append("      return text.str();")
            out.append("    }")
    out.append("    (void)column_id;")
    return out


def table_code(index, spec_id, table, side_cases=()):
    """The routing of one band table's cases."""
    ns = namespace(spec_id)
    tid = table["id"]
    T = f"{ns}::{tid}::Table"
    cols = oracle.column_ids(table)  # the types' columns, then the matchups'

    fraction = table["key"]["type"] == "fraction"
    opposed = "attacker" in table["key"].get("dice", {})
    arg = "key" if fraction else "static_cast<int>(key.num())"
    out = [f'  if (spec == {index} && table == "{tid}") {{']
    if oracle.has_again(table):
        out.append(f'    if (kind == "A") return again_text<{T}>();')
    if "roll" in table["key"].get("dice", {}) and oracle.digits_faces(table["key"]["dice"]["roll"]):
        out.append(f'    if (kind == "S") return {T}::kRoll.shows(static_cast<int>(key.num())) ? "1" : "0";')
    for i, c in enumerate(cols):
        cexpr = column_expr(ns, tid, c)
        call = f"{ns}::{tid}::lookup({cexpr + ', ' if c else ''}{arg})"
        out.append(f'    if (column == "{c}") {{')
        out.append(f'      if (kind == "L") {{ const qrs::Maybe<{T}::Effect> e = {call}; return row_id<{T}>(e); }}')
        out.append(f'      if (kind == "E") return row_id<{T}>(qrs::effect_at<{T}>(key, {cexpr}));')
        if not opposed and not fraction:
            out.append(f'      if (kind == "O") return odds_text<{T}>(static_cast<int>(key.num()), {cexpr});')
        out.append("    }")
    if side_cases:
        out += sides_code(ns, tid, table, side_cases)
    out.append("  }")
    return "\n".join(out)


def list_code(index, spec_id, list_id, vocabulary, cases):
    """The routing of one modifier list's N and K cases: its `total` for a side of a type and
    whether each modifier's `kTypes` mask holds a type (`qrs::applies_to`)."""
    ns = namespace(spec_id)
    L = f"{ns}::{cpp_name(list_id)}"
    V = f"{ns}::{cpp_type_name(vocabulary)}" if vocabulary else None
    out = [f'  if (spec == {index} && table == "{list_id}") {{']
    for case in cases:
        if case["kind"] == "U":
            # units of their parts and traits; the ids of the modifiers their shares reach
            lines = [f'    if (kind == "U" && column == "{case["id"]}") {{',
                     f"      qrs::ShareParts<{L}::kShares.size()> parts;",
                     "      qrs::Fraction total{0};"]
            for amount, traits in case["units"]:
                bits = ", ".join(f"{L}::Trait::{cpp_name(t)}" for t in sorted(traits))
                lines.append(f"      parts.add({L}::kShares, {L}::kShareUnits, qrs::Fraction{{{amount.numerator}, {amount.denominator}}}, "
                             f'qrs::Traits<{L}::Trait>{{{bits}}}.bits(), "", "");')
                lines.append(f"      total += qrs::Fraction{{{amount.numerator}, {amount.denominator}}};")
            lines += ["      std::string s;",
                      f"      for (std::size_t i = 0; i < {L}::kModifiers.size(); ++i) "
                      f"if (parts.applies({L}::kShares, i, total)) s += std::string({L}::kTexts[i].id) + \",\";",
                      "      return s;", "    }"]
            out += lines
        elif case["kind"] == "N":
            # a modifier counted per occurrence is listed once per occurrence
            mods = ", ".join(f"{L}::Modifier::{cpp_name(m)}" for m in case["ids"])
            of_type = f", {V}::{cpp_name(case['type'])}" if case["type"] else ""
            out.append(f'    if (kind == "N" && column == "{case["id"]}") return std::to_string({L}::total({{{mods}}}{of_type}));')
        else:
            out.append(f'    if (kind == "K" && column == "{case["id"]}") return qrs::applies_to({L}::kTypes[static_cast<std::size_t>('
                       f'{L}::Modifier::{cpp_name(case["item"])})], static_cast<std::size_t>({V}::{cpp_name(case["type"])})) ? "1" : "0";')
    out.append("  }")
    return "\n".join(out)


def matrix_code(index, spec_id, table):
    """The routing of one dice matrix's D and Q cases: `cell(Row, Column).count_with(M, net)`
    (the cell's Maybe, as game code reads a count) for each row and column, and
    `kModifierTables` where it names lists."""
    ns = namespace(spec_id)
    X = f"{ns}::{cpp_name(table['id'])}"
    out = [f'  if (spec == {index} && table == "{table["id"]}") {{']
    if oracle.dice_modifier_lists(table):
        out.append(f'    if (kind == "Q") {{ std::string s; for (std::string_view x : {X}::kModifierTables) s += std::string(x) + ","; return s; }}')
    out.append('    if (kind == "D") {')
    out.append("      const std::size_t cut = column.rfind('/');")
    out.append("      const std::string at = column.substr(0, cut);")
    out.append("      const int net = std::stoi(column.substr(cut + 1)), m = static_cast<int>(key.num());")
    for row in table["rows"]:
        for c in table["columns"]:
            out.append(f'      if (at == "{row["id"]}/{c["id"]}") return count_text({X}::cell({X}::Row::{cpp_name(row["id"])}, '
                       f'{X}::Column::{cpp_name(c["id"])}).count_with(m, net));')
    out.append("    }")
    out.append("  }")
    return "\n".join(out)


def program(entries):
    """entries: [(index, spec_id, header path, [band tables], {table id: [R and P cases]},
    [(list id, vocabulary id, [N and K cases])], [dice matrices])]"""
    lines = ["// Written by tests/generated_specs/header_driver.py."]
    lines += [f'#include "{e[2]}"' for e in entries]
    lines.append(PRELUDE)
    lines.append("std::string answer(const std::string& kind, int spec, const std::string& table, const std::string& column, qrs::Fraction key) {")
    lines.append("  (void)kind, (void)spec, (void)table, (void)column, (void)key;")
    for index, spec_id, _, tables, side_cases, list_cases, matrices in entries:
        for t in tables:
            lines.append(table_code(index, spec_id, t, side_cases.get(t["id"], ())))
        for list_id, vocabulary, cases in list_cases:
            lines.append(list_code(index, spec_id, list_id, vocabulary, cases))
        for t in matrices:
            lines.append(matrix_code(index, spec_id, t))
    lines.append('  return "(no such case)";')
    lines.append("}")
    lines.append(r"""
int main() {
  for (std::string line; std::getline(std::cin, line);) {
    std::vector<std::string> f;
    std::size_t start = 0;
    for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1) f.push_back(line.substr(start, tab - start));
    f.push_back(line.substr(start));
    std::cout << answer(f[0], std::stoi(f[1]), f[2], f[3], parse_key(f[4])) << '\n';
  }
}
""")
    return "\n".join(lines)


def run(cxx, root, out_dir, entries, cases, work):
    """Compiles the batch's program and answers CASES (lists of fields). Returns (answers, error)."""
    src = os.path.join(work, "driver.cpp")
    exe = os.path.join(work, "driver")
    with open(src, "w", encoding="utf-8") as f:
        f.write(program(entries))
    r = subprocess.run([cxx, "-std=c++20", "-O0", "-Wall", "-Wextra", "-pedantic", "-Werror", f"-I{root}/runtime", f"-I{out_dir}",
                        src, "-o", exe], capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr[-4000:]
    stdin = "".join("\t".join(c) + "\n" for c in cases)
    r = subprocess.run([exe], input=stdin, capture_output=True, text=True)
    if r.returncode != 0:
        return None, f"driver exited {r.returncode}: {r.stderr[-2000:]}"
    return r.stdout.splitlines(), None
