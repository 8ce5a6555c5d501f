#!/usr/bin/env python3
"""Dice read as digits (`roll: d22` to `d99`) against Debian's dicelab and a count of the throws.

Usage: digit_roll_dicelab_test.py QRSC [--seed N] [--specs N]

`roll: dNN` (N one digit, 2 to 9, written twice) is two dice of N faces, the first die the tens
and the second the units: N*N equally likely numbers from 11 to 11*N, none with a digit of 0 or
above N (docs/spec-format.md, "Dice read as digits"). This test generates specs (a fixed seed,
`--seed` to change it; d66 about half of them and every other die at least once) of one band
table rolled so, of 1 to 3 columns, each column cut on its own into 1 to 6 bands at random
points of the key's range, so that bands start and end on numbers the dice cannot write (`17 -
24`), some hold none (`27 - 30`, a row that never occurs), some are one value (`66`) or a list
(`41, 42`), and a column that has fewer bands than the table has rows reads `-` in the others.
The expected answers come from those semantics, never from qrsc's output:

- `qrsc check SPEC` accepts each spec;
- `qrsc odds SPEC roll --format json`: each row's chance in each column is exactly the number of
  the N*N throws (enumerated here) whose number its band holds, out of N*N, and equals dicelab's
  distribution of `dN*10+dN` summed over the band (six decimals: within half a millionth per
  outcome summed); a `-` row has no chance; each column's rows add up to exactly 1;
- `qrsc lookup SPEC roll KEY [--column C] --format json` on 0 and every number from 10 to
  11*N+1: a number the dice write reads the row whose band holds it; any other is refused
  (exit 1, "cannot show it"); the text answer of one written number per column names the key
  and the row;
- broken copies of some specs: a band shrunk so that a number the dice write is left uncovered
  (`21 - 36` made `22 - 36`) is refused by `qrsc check` at that band's row ("no band covers",
  naming a gap that holds the number and nothing the band still holds), and no other error is
  reported; `modifiers: [x]` added to the dice is refused at the key ("takes no modifiers").

Exits 77 (skipped) when dicelab is not installed, 1 with FAIL lines on any difference, 0
otherwise. The generated specs are written to a temporary folder removed at the end.
"""
import argparse
import json
import os
import random
import re
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

from odds_dicelab_test import dicelab_exact, refused_at, report, run

KEY_LINE = 9  # the line of `key:` in every spec written here

HEAD = """qrs: 1
id: {id}
system: t
title: Digits {id}
tables:
  - id: roll
    kind: bands
    title: Roll
    key: {{ name: Event, min: 11, max: {hi}, dice: {{ roll: d{n}{n} }} }}
"""


def written(n):
    """The numbers two dice of n faces write, the first die the tens."""
    return {10 * tens + units for tens in range(1, n + 1) for units in range(1, n + 1)}


def throw_counts(n):
    """How many of the n*n throws write each number (each exactly one here, by enumeration)."""
    counts = {}
    for tens in range(1, n + 1):
        for units in range(1, n + 1):
            key = 10 * tens + units
            counts[key] = counts.get(key, 0) + 1
    return counts


def dicelab(n):
    """dicelab's distribution of two dice of n faces read as tens and units."""
    return dicelab_exact(f"d{n}*10+d{n}")


def band_text(rng, start, end):
    """A band over start..end in one of the sheet's notations."""
    if start == end:
        return f"{start}"
    if end - start <= 2 and rng.random() < 0.5:
        return ", ".join(str(v) for v in range(start, end + 1))
    r = rng.random()
    if r < 0.08:
        return f"{end} - {start}"  # either order
    if r < 0.16:
        return f"{start} to {end}"
    return f"{start} - {end}"


def make_spec(rng, index, n):
    """One spec: a dict with its dice, columns, rows and each column's bands (None: `-`)."""
    lo, hi = 11, 11 * n
    ncols = rng.randint(1, 3)
    cuts = []
    for _ in range(ncols):
        k = rng.randint(1, 6)
        starts = [lo] + sorted(rng.sample(range(lo + 1, hi + 1), k - 1))
        cuts.append([(s, starts[i + 1] - 1 if i + 1 < k else hi) for i, s in enumerate(starts)])
    nrows = max(len(c) for c in cuts)
    columns = []  # per column: per row, (start, end) or None
    for bands in cuts:
        at = sorted(rng.sample(range(nrows), len(bands)))
        per_row = [None] * nrows
        for row, band in zip(at, bands):
            per_row[row] = band
        columns.append(per_row)
    texts = [[band_text(rng, *b) if b else "-" for b in col] for col in columns]
    return {"id": f"d{n}{n}_{index}", "n": n, "hi": hi, "columns": columns, "texts": texts}


def write_spec(folder, spec, texts=None, modifiers=False):
    """Writes the spec (with `texts` in place of its bands' text); its path and each row's line."""
    texts = texts or spec["texts"]
    lines = HEAD.format(id=spec["id"], hi=spec["hi"], n=spec["n"]).splitlines()
    if modifiers:
        lines[KEY_LINE - 1] = lines[KEY_LINE - 1].replace(" }", ", modifiers: [x] }", 1)
    ncols = len(spec["columns"])
    if ncols > 1:
        lines.append("    columns:")
        lines += [f"      - {{ id: c{c}, name: C{c} }}" for c in range(ncols)]
    lines.append("    rows:")
    row_lines = []
    for r in range(len(spec["columns"][0])):
        head = f"      - {{ id: r{r}, title: R{r}, text: Row {r} happens., "
        if ncols == 1:
            lines.append(head + f'band: "{texts[0][r]}" }}')
        else:
            bands = ", ".join(f'c{c}: "{texts[c][r]}"' for c in range(ncols))
            lines.append(head + f"bands: {{ {bands} }} }}")
        row_lines.append(len(lines))
    path = os.path.join(folder, spec["id"] + ("_mod" if modifiers else "") + ".yaml")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path, row_lines


def check_odds(qrsc, spec, path, dist, failures):
    """Each row's chance against the throws counted here and against dicelab; the figures compared."""
    n, name = spec["n"], spec["id"]
    counts = throw_counts(n)
    out = run([qrsc, "odds", path, "roll", "--format", "json"])
    if out.returncode != 0:
        failures.append(f"{name}: qrsc odds exited {out.returncode}: {out.stderr.strip()}")
        return 0
    columns = json.loads(out.stdout)["columns"]
    if len(columns) != len(spec["columns"]):
        failures.append(f"{name}: qrsc odds gives {len(columns)} columns, not {len(spec['columns'])}")
        return 0
    compared = 0
    for c, (col, per_row) in enumerate(zip(columns, spec["columns"])):
        where = f"{name} column {c}" if len(columns) > 1 else name
        rows = col["odds"][0]["rows"]
        got = {}
        for r in rows:
            if r["id"] in got:
                failures.append(f"{where}: row {r['id']} twice in qrsc odds")
            got[r["id"]] = Fraction(r["numerator"], r["denominator"])
        total = sum(got.values())
        if total != 1:
            failures.append(f"{where}: the rows add up to {total}, not 1")
        for r, band in enumerate(per_row):
            rid = f"r{r}"
            if band is None:
                if got.get(rid, 0) != 0:
                    failures.append(f"{where}: row {rid} reads '-' but qrsc gives it {got[rid]}")
                continue
            if rid not in got:
                failures.append(f"{where}: row {rid} ({band[0]}..{band[1]}) missing from qrsc odds")
                continue
            start, end = band
            exact = Fraction(sum(k for v, k in counts.items() if start <= v <= end), n * n)
            want = sum(p for v, p in dist.items() if start <= v <= end)
            held = sum(1 for v in dist if start <= v <= end)
            if got[rid] != exact:
                failures.append(f"{where} row {rid} ({start}..{end}, d{n}{n}): qrsc {got[rid]}, "
                                f"the throws {exact}")
            if abs(float(got[rid]) - want) > 5e-7 * max(held, 1) + 1e-12:
                failures.append(f"{where} row {rid} ({start}..{end}, d{n}{n}): qrsc {float(got[rid])!r}, "
                                f"dicelab {want!r}")
            compared += 1
    return compared


def lookups(qrsc, spec, path, rng, pool, failures):
    """Every key from 10 to 11*N+1 (and 0) in every column; the number of lookups."""
    n, name, ncols = spec["n"], spec["id"], len(spec["columns"])
    writes = written(n)
    jobs = []
    for c, per_row in enumerate(spec["columns"]):
        column = ["--column", f"c{c}"] if ncols > 1 else []
        for key in [0] + list(range(10, spec["hi"] + 2)):
            want = None
            if key in writes:
                want = next(f"r{r}" for r, b in enumerate(per_row) if b and b[0] <= key <= b[1])
            args = [qrsc, "lookup", path, "roll", str(key)] + column + ["--format", "json"]
            jobs.append((c, key, want, pool.submit(run, args)))
        # The text answer of one number the dice write.
        key = rng.choice(sorted(writes))
        row = next(r for r, b in enumerate(per_row) if b and b[0] <= key <= b[1])
        jobs.append((c, key, ("text", row), pool.submit(run, [qrsc, "lookup", path, "roll", str(key)] + column)))
    for c, key, want, future in jobs:
        out = future.result()
        where = f"{name}{f' column c{c}' if ncols > 1 else ''} key {key}"
        if want is None:
            if out.returncode != 1 or "cannot show it" not in out.stderr:
                failures.append(f"{where}: d{n}{n} cannot write it; qrsc lookup must refuse it, got "
                                f"{out.returncode}: {out.stdout.strip()[:200]} {out.stderr.strip()}")
        elif isinstance(want, tuple):
            lines = out.stdout.splitlines()
            title = f"Roll, C{c}: {key}" if ncols > 1 else f"Roll: {key}"
            if out.returncode != 0 or len(lines) < 2 or lines[0] != title or \
                    not lines[1].startswith(f"R{want[1]}"):
                failures.append(f"{where}: the text answer must read '{title}' then row R{want[1]}, got "
                                f"{out.returncode}: {out.stdout.strip()!r} {out.stderr.strip()}")
        else:
            got = json.loads(out.stdout).get("row") if out.returncode == 0 else None
            if got != want:
                failures.append(f"{where}: qrsc lookup reads row {got} ({out.returncode}: "
                                f"{out.stderr.strip()}), the band of row {want} holds it")
    return len(jobs)


def gap_candidates(spec):
    """(column, row, first written number) of bands, not a column's first, holding 2+ written numbers."""
    writes = written(spec["n"])
    found = []
    for c, per_row in enumerate(spec["columns"]):
        bands = [(r, b) for r, b in enumerate(per_row) if b]
        for r, (start, end) in bands[1:]:
            held = sorted(v for v in writes if start <= v <= end)
            if len(held) >= 2:
                found.append((c, r, held[0]))
    return found


def check_gap(qrsc, folder, spec, candidate, failures):
    """The spec with one band made to start past its first written number: refused at that row."""
    c, r, first = candidate
    start, end = spec["columns"][c][r]
    texts = [list(t) for t in spec["texts"]]
    texts[c][r] = f"{first + 1} - {end}" if first + 1 < end else f"{end}"
    broken = dict(spec, id=spec["id"] + "_gap")
    path, row_lines = write_spec(folder, broken, texts)
    out = run([qrsc, "check", path])
    where = f"{broken['id']} (column c{c} row r{r} '{spec['texts'][c][r]}' made '{texts[c][r]}')"
    errors = [line for line in out.stderr.splitlines() if ": error: " in line]
    at = f"{path}:{row_lines[r]}:"
    ok = out.returncode == 1 and errors and all(e.startswith(at) and "no band covers" in e for e in errors)
    if ok:
        for e in errors:
            m = re.search(r"no band covers (-?\d+)(?: to (-?\d+))?", e)
            low, high = (int(m.group(1)), int(m.group(2) or m.group(1))) if m else (None, None)
            if m is None or not (start <= low <= first <= high <= first):
                ok = False
    if not ok:
        failures.append(f"{where}: qrsc check must refuse it at {at} with 'no band covers' a gap "
                        f"holding {first} within {start}..{first}, got {out.returncode}: {out.stderr.strip()}")
    return ok


def check_modifiers(qrsc, folder, spec, failures):
    path, _ = write_spec(folder, spec, modifiers=True)
    ok, got = refused_at(qrsc, path, KEY_LINE, "takes no modifiers", alone=False)
    if not ok:
        failures.append(f"{spec['id']} with modifiers: qrsc check must refuse it at {path}:{KEY_LINE}: ('takes no "
                        f"modifiers'), got {got}")
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("qrsc")
    parser.add_argument("--seed", type=int, default=6606)
    parser.add_argument("--specs", type=int, default=40)
    args = parser.parse_args()
    if shutil.which("dicelab") is None:
        print("SKIP: dicelab is not installed (apt-get install dicelab)")
        return 77
    rng = random.Random(args.seed)
    # Every die from d22 to d99 once, then d66 about half of the rest.
    dice = list(range(2, 10))
    while len(dice) < args.specs:
        dice.append(6 if rng.random() < 0.6 else rng.choice([2, 3, 4, 5, 7, 8, 9]))
    rng.shuffle(dice)
    specs = [make_spec(rng, i, n) for i, n in enumerate(dice[:args.specs])]

    failures = []
    dists = {}
    work = tempfile.mkdtemp(prefix="qrs-digit-dicelab-")
    try:
        checked = odds = looked = 0
        with ThreadPoolExecutor(max_workers=4) as pool:
            for spec in specs:
                n = spec["n"]
                if n not in dists:
                    dists[n] = dicelab(n)
                    if set(dists[n]) != written(n):
                        failures.append(f"dicelab d{n}*10+d{n} gives {sorted(dists[n])}, not the numbers "
                                        f"the dice write")
                path, _ = write_spec(work, spec)
                out = run([args.qrsc, "check", path])
                if out.returncode != 0:
                    failures.append(f"{spec['id']}: qrsc check exited {out.returncode}: {out.stderr.strip()}")
                    continue
                checked += 1
                odds += check_odds(args.qrsc, spec, path, dists[n], failures)
                looked += lookups(args.qrsc, spec, path, rng, pool, failures)
        by_die = ", ".join(f"d{n}{n} x{sum(1 for s in specs if s['n'] == n)}" for n in range(2, 10))
        print(f"{len(specs)} specs ({by_die}): {checked} accepted by qrsc check")
        print(f"{len(specs)} specs: {odds} row odds agree with the throws counted and with dicelab")
        print(f"{len(specs)} specs: {looked} lookups read the band's row or refuse a number the dice "
              f"cannot write")

        with_gap = [(s, cands) for s in specs if (cands := gap_candidates(s))]
        gaps = sum(check_gap(args.qrsc, work, s, rng.choice(cands), failures)
                   for s, cands in rng.sample(with_gap, min(10, len(with_gap))))
        print(f"{min(10, len(with_gap))} broken copies: {gaps} gaps refused at their band's row")
        mods = sum(check_modifiers(args.qrsc, work, s, failures) for s in rng.sample(specs, min(10, len(specs))))
        print(f"{min(10, len(specs))} copies with modifiers: {mods} refused at the key")
    finally:
        shutil.rmtree(work)
    return report(failures)


if __name__ == "__main__":
    sys.exit(main())
