#!/usr/bin/env python3
"""Writes a big synthetic spec (headers must scale to the limits) and, with --check, a C++
program that checks its generated header's lookups against the rule the spec was written from.

The spec: a band table of ROWS rows over two columns (row i holds die results [3i, 3i+3) in
column "a" and [5i, 5i+5) in column "b"; the first row is open below, the last open above),
a band table of ROWS rows over fire points in quarters (row i holds [i/4, (i+1)/4), the first
from 0, the last open above), and a matrix of MROWS x MCOLS integer cells (cell r, c = r * MCOLS + c).

With --errata N, the spec also states N errata, erratum i covering row r(i mod ROWS) of the
wide table ("wide/r7"): N lines that name the table, as the language server's references find.
--text-length pads each erratum's text to that many characters.

Usage: big_spec.py SPEC.yaml [--rows 10000] [--matrix-rows 1000] [--matrix-columns 50]
                   [--errata 0] [--text-length 20] [--check CHECK.cpp --header NAME.hpp]
"""
import argparse


def spec(rows, mrows, mcols, errata=0, text_length=20):
    out = ["qrs: 1", "system: synthetic", "id: big", "title: Big synthetic sheet"]
    if errata:
        out += ["sources:", "  - { id: src, title: Source }", "errata:"]
        for i in range(errata):
            text = f"Erratum {i} ".ljust(text_length, "x")
            out.append(f"  - {{ id: e{i}, doc: src, text: {text}, covers: [wide/r{i % rows}] }}")
    out.append("tables:")
    out += ["  - id: wide", "    kind: bands", "    title: Wide", "    key: {name: Die result, type: integer}",
            "    columns: [{id: a, name: A}, {id: b, name: B}]", "    rows:"]
    for i in range(rows):
        def band(width):
            lo, hi = width * i, width * i + width - 1
            if i == 0:
                return f"{hi} or less"
            if i == rows - 1:
                return f"{lo} or more"
            return f"{lo} - {hi}"
        out.append(f'      - {{id: r{i}, title: Row {i}, bands: {{a: "{band(3)}", b: "{band(5)}"}}}}')
    out += ["  - id: fine", "    kind: bands", "    title: Fine", "    key: {name: Fire points, type: fraction, min: 0}",
            "    rows:"]
    for i in range(rows):
        # The fire-point notation: each row from its threshold up to the next row's.
        band = "less than 0.25" if i == 0 else f"at least {i / 4:g}"
        out.append(f'      - {{id: f{i}, title: F{i}, band: "{band}"}}')
    out += ["  - id: grid", "    kind: matrix", "    title: Grid", "    cell: integer", "    columns:"]
    out += [f"      - {{id: c{c}}}" for c in range(mcols)]
    out.append("    rows:")
    for r in range(mrows):
        cells = ", ".join(str(r * mcols + c) for c in range(mcols))
        out.append(f"      - {{id: m{r}, cells: [{cells}]}}")
    return "\n".join(out) + "\n"


def check(header, rows, mrows, mcols):
    return f"""// Checks the big synthetic header's lookups against the rule big_spec.py wrote it from.
#include <cstdio>
#include "{header}"

namespace s = qrs::synthetic::big;

int main() {{
  int failures = 0;
  const auto expect = [&](bool ok, const char* what, long long key) {{
    if (!ok) {{ std::printf("wrong: %s at %lld\\n", what, key); ++failures; }}
  }};
  for (int k = -10; k < {rows} * 5 + 10; ++k) {{
    const int a = k < 0 ? 0 : (k / 3 >= {rows} ? {rows} - 1 : k / 3);
    const int b = k < 0 ? 0 : (k / 5 >= {rows} ? {rows} - 1 : k / 5);
    expect(static_cast<int>(s::wide::lookup(s::wide::Column::a, k)) == a, "wide a", k);
    expect(static_cast<int>(s::wide::lookup(s::wide::Column::b, k)) == b, "wide b", k);
  }}
  for (int q = 0; q < {rows} * 4 + 8; ++q) {{
    const auto r = s::fine::lookup(qrs::Fraction(q, 4));
    const int want = q >= {rows} ? {rows} - 1 : q;
    expect(r && static_cast<int>(*r) == want, "fine", q);
  }}
  static_assert(s::grid::kRowIds.size() == {mrows} && s::grid::kColumnIds.size() == {mcols});
  int grid_errors = 0;
  for (int r = 0; r < {mrows}; ++r) {{
    for (int c = 0; c < {mcols}; ++c) {{
      const auto& cell = s::grid::cell(static_cast<s::grid::Row>(r), static_cast<s::grid::Column>(c));
      if (!cell.value.present || cell.value.value != r * {mcols} + c) ++grid_errors;
    }}
  }}
  expect(grid_errors == 0, "grid", grid_errors);
  std::printf("%s\\n", failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}}
"""


def main():
    p = argparse.ArgumentParser()
    p.add_argument("spec")
    p.add_argument("--rows", type=int, default=10000)
    p.add_argument("--matrix-rows", type=int, default=1000)
    p.add_argument("--matrix-columns", type=int, default=50)
    p.add_argument("--errata", type=int, default=0)
    p.add_argument("--text-length", type=int, default=20)
    p.add_argument("--check")
    p.add_argument("--header", default="big.hpp")
    a = p.parse_args()
    with open(a.spec, "w", encoding="utf-8") as f:
        f.write(spec(a.rows, a.matrix_rows, a.matrix_columns, a.errata, a.text_length))
    if a.check:
        with open(a.check, "w", encoding="utf-8") as f:
            f.write(check(a.header, a.rows, a.matrix_rows, a.matrix_columns))


if __name__ == "__main__":
    main()
