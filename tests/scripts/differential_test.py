#!/usr/bin/env python3
"""qrsc's answers against the generated headers' answers, case by case.

`qrsc lookup` and a game program that includes a generated header must answer every question
alike. For every band table of every spec in rules/ this asks both:
  - every key the table's dice and modifiers can reach (and every band edge, one beyond), in
    every column;
  - every pair, and 200 triples sampled with a fixed seed, of the modifiers from the tables
    that modify its roll (`key.dice.modifiers`), each in both orders, on a base roll drawn
    from its dice: the net modifier, the row and the part;
and for every matrix of range columns, every row at every distance from 0 to one step beyond
its longest range in half inches: the column (`column_for`) and the cell, "?" for a cell the
sources do not give.

qrsc answers all of a spec's cases in one run (`qrsc lookup SPEC --cases FILE --format json`,
the code path of every lookup); the headers answer through one program that includes every
header and tests/differential/header_answers.hpp, built with each compiler named. Any
disagreement fails, and so does a header build that warns.

Usage: differential_test.py QRSC PROJECT_ROOT [CXX...]   (default: g++ clang++)
"""
import glob
import itertools
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from spec_files import spec_files  # noqa: E402

TRIPLES = 200
SEED = 23


def key_text(f):
    f = Fraction(f)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def number(v):
    """A JSON number of the sheet: an integer or {"num": n, "den": d}."""
    return Fraction(v["num"], v["den"]) if isinstance(v, dict) else Fraction(v)


def band_edges(bands):
    edges = []
    for row in bands["rows"]:
        for cell in row["bands"] + [c for p in row.get("parts", []) for c in p["bands"]]:
            if cell is None:
                continue
            edges += [number(cell[k]) for k in ("from", "below") if k in cell]
    key = bands["key"]
    edges += [number(key[k]) for k in ("min", "max") if key[k] is not None]
    return edges


def modifier_candidates(tables, bands):
    """(source table, id, value, one-row source, exclusive group or None) of every die-roll modifier
    the table's roll takes."""
    dice = bands["key"]["dice"]
    out = []
    for source in (dice["modifiers"] if dice else []):
        t = tables[source]
        if t["kind"] == "modifiers":
            exclusive = {g["id"] for g in t["modifiers"]["groups"] if g.get("exclusive")}
            out += [(source, m["id"], m["value"], False, (source, m["group"]) if m["group"] in exclusive else None)
                    for m in t["modifiers"]["items"] if m["value"] is not None]
        elif t["kind"] == "bands":
            out += [(source, r["id"], r["number"], True, None) for r in t["bands"]["rows"] if r["number"] is not None]
    return out


def dice_range(dice):
    """The base keys a roll gives."""
    low, high = dice["count"], dice["count"] * dice["sides"]
    if dice["pool"]:
        return 1, dice["sides"]
    if dice["difference"]:
        return low - high, high - low
    return low, high


def band_keys(bands, candidates):
    """Every key the dice and modifiers reach, and every edge and bound with a step either side."""
    key = bands["key"]
    edges = band_edges(bands)
    if key["type"] == "integer":
        reach = sum(abs(c[2]) for c in candidates)
        low, high = dice_range(key["dice"]) if key["dice"] else (math.floor(min(edges)), math.ceil(max(edges)))
        low, high = min(low - reach, math.floor(min(edges)) - 2), max(high + reach, math.ceil(max(edges)) + 2)
        return [Fraction(k) for k in range(low, high + 1)]
    # Fraction keys (fire points): steps of half the finest edge's denominator, over the edges.
    den = 2 * math.lcm(*[e.denominator for e in edges])
    low, high = math.floor(min(edges)) - 2, math.ceil(max(edges)) + 2
    return [Fraction(k, den) for k in range(low * den, high * den + 1)]


def allowed(combo):
    """Each id once (an id twice is a pair of its own), at most one row of a band table of modifiers,
    and at most one member of an exclusive group (two are refused by qrsc and abort the header)."""
    ids = [(c[0], c[1]) for c in combo]
    rows = [c[0] for c in combo if c[3]]
    groups = [c[4] for c in combo if c[4]]
    return len(set(ids)) == len(ids) and len(set(rows)) == len(rows) and len(set(groups)) == len(groups)


def modifier_combos(candidates, rng):
    combos = []
    for a, b in itertools.combinations(candidates, 2):
        if allowed((a, b)):
            combos += [(a, b), (b, a)]
    combos += [(c, c) for c in candidates if not c[3]]  # a modifier given twice counts once
    triples = [t for t in itertools.combinations(candidates, 3) if allowed(t)]
    for t in rng.sample(triples, min(TRIPLES, len(triples))):
        combos += [t, t[::-1]]
    return combos


class Spec:
    def __init__(self, index, json_path):
        self.index = index
        self.sheet = json.load(open(json_path, encoding="utf-8"))
        self.header = os.path.splitext(json_path)[0] + ".hpp"
        text = open(self.header, encoding="utf-8").read()
        self.namespace = re.search(r"^namespace (qrs::\S+) \{", text, re.M).group(1)
        sheet = text[text.index("struct Sheet {"):]
        # The table's C++ name: the Sheet struct lists every table, in the spec's order.
        names = re.findall(r"^  using (\w+) = [\w:]+::(?:Opposed)?Table;", sheet, re.M)
        self.tables = {t["id"]: t for t in self.sheet["tables"]}
        self.cpp = dict(zip([t["id"] for t in self.sheet["tables"]], names))
        assert len(names) == len(self.sheet["tables"]), self.header
        self.cli_cases, self.header_cases = [], []

    def add(self, cli, header):
        self.cli_cases.append(cli)
        self.header_cases.append(header)

    def band_cases(self, tid, rng):
        bands = self.tables[tid]["bands"]
        columns = bands["columns"]
        candidates = modifier_candidates(self.tables, bands)
        for k in band_keys(bands, candidates):
            for c, col in enumerate(columns):
                self.add([tid, key_text(k), col["id"]], ["B", str(self.index), tid, str(c), key_text(k)])
        if not candidates:
            return
        low, high = dice_range(bands["key"]["dice"])
        for n, combo in enumerate(modifier_combos(candidates, rng)):
            c = n % len(columns)
            base = rng.randint(low, high)
            self.add([tid, str(base), columns[c]["id"]] + [m[1] for m in combo],
                     ["B", str(self.index), tid, str(c), str(base)] + [f"{m[0]}:{m[1]}" for m in combo])

    def matrix_cases(self, tid):
        m = self.tables[tid]["matrix"]
        ranges = [c.get("range_inches") for c in m["columns"]]
        if not ranges or None in ranges:
            return
        longest = max(number(r) for r in ranges)
        for half in range(0, int(longest * 2) + 2):
            d = Fraction(half, 2)
            for row in m["rows"]:
                self.add([tid, row["id"], key_text(d) + "in"],
                         ["M", str(self.index), tid, row["id"], key_text(d)])

    # ---- the C++ that routes a case to its table
    def cpp_source(self):
        s, ns = f"s{self.index}", self.namespace
        out = [f"namespace {s} = {ns};",
               f"int {s}_total(const std::string& table, const std::vector<std::string>& ids) {{",
               "  (void)ids;  // a sheet may have no modifier table"]
        for tid, t in self.tables.items():
            if t["kind"] == "modifiers":
                out.append(f'  if (table == "{tid}") return qrs_differential::list_total<{s}::Sheet::{self.cpp[tid]}>(ids);')
            elif t["kind"] == "bands" and any(r["number"] is not None for r in t["bands"]["rows"]):
                out.append(f'  if (table == "{tid}") return qrs_differential::row_number<{s}::Sheet::{self.cpp[tid]}>(ids);')
        out += ['  qrs_differential::fail("no modifier table " + table);', "}"]
        out.append(f"std::string {s}_band(const std::string& table, std::size_t column, qrs::Fraction base, int net) {{")
        out += ["  (void)column;", "  const qrs::Fraction key = base + qrs::Fraction(net);"]
        for tid, t in self.tables.items():
            if t["kind"] != "bands":
                continue
            b, name = t["bands"], f"{s}::{self.cpp[tid]}"
            single = len(b["columns"]) == 1 and b["columns"][0]["id"] == ""
            col = "" if single else f"static_cast<{name}::Column>(column), "
            arg = "key" if b["key"]["type"] == "fraction" else "static_cast<int>(key.num())"
            parts = any(r.get("parts") for r in b["rows"])
            out += [f'  if (table == "{tid}") {{',
                    f"    const qrs::Maybe<{name}::Effect> e = {name}::lookup({col}{arg});",
                    "    std::string part;"]
            if parts:
                out += [f"    if (const auto p = {name}::part({col}key)) part = {name}::kPartTexts[static_cast<std::size_t>(*p)];"]
            column_name = '""' if single else f"{name}::kColumnNames[column]"
            out += [f"    return qrs_differential::band_answer<{s}::Sheet::{self.cpp[tid]}>(e, {column_name}, net, part);", "  }"]
        out += ['  qrs_differential::fail("no band table " + table);', "}"]
        out.append(f"std::string {s}_matrix(const std::string& table, const std::string& row, qrs::Fraction distance) {{")
        out.append("  (void)row, (void)distance;  // a sheet may have no range matrix")
        for tid, t in self.tables.items():
            if t["kind"] == "matrix" and all(c.get("range_inches") is not None for c in t["matrix"]["columns"]):
                out.append(f'  if (table == "{tid}") return qrs_differential::range_answer<{s}::Sheet::{self.cpp[tid]}>(row, distance);')
        out += ['  qrs_differential::fail("no range matrix " + table);', "}"]
        return "\n".join(out)


def program(specs, out_dir):
    lines = ["// Written by tests/scripts/differential_test.py.", '#include "header_answers.hpp"']
    lines += [f'#include "{os.path.relpath(s.header, out_dir)}"' for s in specs]
    lines += [s.cpp_source() for s in specs]
    route = "\n".join(
        f"    if (spec == {s.index} && kind == \"B\") answer = s{s.index}_band(f[2], column, key, net(s{s.index}_total));\n"
        f"    if (spec == {s.index} && kind == \"M\") answer = s{s.index}_matrix(f[2], f[3], key);"
        for s in specs)
    lines.append(f"""
int main() {{
  for (std::string line; std::getline(std::cin, line);) {{
    const std::vector<std::string> f = qrs_differential::fields_of(line);
    const std::string& kind = f[0];
    const int spec = std::stoi(f[1]);
    const std::size_t column = kind == "B" ? std::stoul(f[3]) : 0;
    // B: the base key; M: the distance.
    const qrs::Fraction key = qrs_differential::parse_key(f[4]);
    // The net modifier: each table's total of the modifiers named from it.
    const auto net = [&](auto total) {{
      std::vector<std::pair<std::string, std::vector<std::string>>> by_table;
      for (std::size_t i = 5; i < f.size(); ++i) {{
        const std::size_t colon = f[i].find(':');
        const std::string table = f[i].substr(0, colon);
        auto it = by_table.begin();
        while (it != by_table.end() && it->first != table) ++it;
        if (it == by_table.end()) it = by_table.insert(by_table.end(), {{table, {{}}}});
        it->second.push_back(f[i].substr(colon + 1));
      }}
      int sum = 0;
      for (const auto& [table, ids] : by_table) sum += total(table, ids);
      return sum;
    }};
    std::string answer;
{route}
    std::cout << answer << '\\n';
  }}
}}
""")
    return "\n".join(lines)


def cli_answer(case, header_case, j):
    """The CLI's answer in the header program's words, or an error when it answered otherwise."""
    if header_case[0] == "B":
        if "error" in j:
            if "outside table" in j["error"] or "no row of table" in j["error"]:
                return "-"
            raise ValueError(f"qrsc refused the case: {j['error']}")
        return f"{j['row']}\t{j['column']}\t{j['net']}\t{j['part']}"
    if "error" in j:
        if "has no column at" in j["error"]:
            return "-"
        raise ValueError(f"qrsc refused the case: {j['error']}")
    # The cell as the answer words it: "?" (with the sheet's footnote) where the sources give
    # none, "(blank)" for a blank cell.
    cell = "" if j["effect"] == "(blank)" else j["effect"]
    if (j["footnote"] != "") != (cell == "?"):
        raise ValueError(f"footnote {j['footnote']!r} for the cell {j['effect']!r}")
    row, column, _ = j["line"].split("\t")
    return f"{row}\t{column}\t{cell}"


def comparable(header_case, answer):
    """A header answer as cli_answer words it: a band lookup that found nothing is '-'."""
    return "-" if header_case[0] == "B" and answer.startswith("-\t") else answer


def main():
    qrsc, root = sys.argv[1], os.path.abspath(sys.argv[2])
    compilers = sys.argv[3:] or ["g++", "clang++"]
    tmp = tempfile.mkdtemp(prefix="qrs-differential-")
    out = os.path.join(tmp, "out")
    specs_yaml = spec_files(os.path.join(root, "rules"))
    subprocess.run([qrsc, "-q", "build", *specs_yaml, "-o", out, "--emit", "cpp,json"], check=True)
    specs = [Spec(i, p) for i, p in enumerate(sorted(glob.glob(os.path.join(out, "**", "*.json"), recursive=True)))]
    rng = random.Random(SEED)
    for s in specs:
        for tid, t in s.tables.items():
            if t["kind"] == "bands":
                s.band_cases(tid, rng)
            elif t["kind"] == "matrix":
                s.matrix_cases(tid)

    source = os.path.join(tmp, "header_answers.cpp")
    with open(source, "w", encoding="utf-8") as f:
        f.write(program(specs, out))
    header_input = "".join("\t".join(c) + "\n" for s in specs for c in s.header_cases)

    def build_and_run(cxx):
        exe = os.path.join(tmp, f"answers-{cxx}")
        subprocess.run([cxx, "-std=c++20", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O1",
                        f"-I{root}/runtime", f"-I{out}", f"-I{root}/tests/differential", source, "-o", exe], check=True)
        return subprocess.run([exe], input=header_input, capture_output=True, text=True, check=True).stdout.splitlines()

    def cli_run(s):
        cases = os.path.join(tmp, f"cases-{s.index}.tsv")
        with open(cases, "w", encoding="utf-8") as f:
            f.writelines("\t".join(c) + "\n" for c in s.cli_cases)
        spec_file = os.path.join(root, s.sheet["spec"])
        r = subprocess.run([qrsc, "lookup", spec_file, "--cases", cases, "--format", "json"], capture_output=True, text=True)
        return [json.loads(line) for line in r.stdout.splitlines()]

    with ThreadPoolExecutor(max_workers=len(compilers) + 1) as pool:
        header_runs = {cxx: pool.submit(build_and_run, cxx) for cxx in compilers}
        cli = [a for s in specs for a in cli_run(s)]
    cases = [(s, c, h) for s in specs for c, h in zip(s.cli_cases, s.header_cases)]
    assert len(cli) == len(cases), f"qrsc answered {len(cli)} of {len(cases)} cases"

    failures, found = 0, 0
    for cxx, run in header_runs.items():
        answers = run.result()
        assert len(answers) == len(cases), f"{cxx}: the headers answered {len(answers)} of {len(cases)} cases"
        for (s, case, header_case), j, answer in zip(cases, cli, answers):
            try:
                mine = cli_answer(case, header_case, j)
            except ValueError as e:
                mine = f"({e})"
            found += mine != "-" and cxx == compilers[0]
            if mine != comparable(header_case, answer):
                failures += 1
                if failures <= 20:
                    print(f"DIFFERENT ({cxx}) {s.sheet['id']}: qrsc lookup {' '.join(case)}\n"
                          f"  qrsc:   {mine!r}\n  header: {answer!r}")
    counts = {"B": 0, "M": 0}
    modified = 0
    for _, case, header_case in cases:
        counts[header_case[0]] += 1
        modified += len(header_case) > 5
    print(f"{len(cases)} cases ({counts['B'] - modified} band keys, {modified} with modifiers, {counts['M']} range "
          f"distances) on {len(specs)} sheets, {found} of them answered with a row or cell, each against "
          f"{' and '.join(compilers)}: {failures} disagreements")
    subprocess.run(["rm", "-rf", tmp])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
