#!/usr/bin/env python3
"""qrsc odds at the limits of exact odds, against Debian's dicelab (an independent calculator).

Usage: odds_dicelab_test.py QRSC

For rolls at the limits of a rolled key (docs/spec-format.md#limits: 14d20, 24d6, 5d100 and the
difference of two 2d100), each row's exact probability from `qrsc odds --format json` must
equal dicelab's distribution summed over the row's band (dicelab prints six decimals, so
within half a millionth per summed outcome), and the rows must add up to exactly 1. Rolls past
the limits (16d20, 30d6, 10d100, d999 doubled) must be refused by `qrsc check` at the dice's
line. Exits 77 (skipped) when dicelab is not installed.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

QRSC = sys.argv[1]

SPEC = """qrs: 1
system: t
id: {id}
title: T
tables:
  - id: roll
    kind: bands
    title: Roll
    key: {{ name: Die result, type: integer, min: {lo}, max: {hi}, dice: {{ roll: {roll}, difference: {difference} }} }}
    rows:
{rows}"""


def dicelab(expr):
    out = subprocess.run(["dicelab", "-c"], input=expr, capture_output=True, text=True, check=True, timeout=600).stdout
    dist = {}
    for line in out.splitlines():
        value, p = line.split()
        dist[int(value)] = float(p)
    return dist


_dicelab_cache = {}


def dicelab_exact(expr):
    """dicelab's distribution of `expr`, {value: probability}, kept for the run; refuses output on
    stderr and a distribution whose mass is not 1 (shared by the dicelab tests)."""
    if expr not in _dicelab_cache:
        run = subprocess.run(["dicelab", "-c"], input=expr, capture_output=True, text=True, timeout=120)
        if run.returncode != 0 or run.stderr.strip():
            raise RuntimeError(f"dicelab {expr!r}: exit {run.returncode}: {run.stderr.strip()}")
        dist = {}
        for line in run.stdout.splitlines():
            value, p = line.split()
            dist[int(value)] = float(p)
        if abs(sum(dist.values()) - 1) > 5e-7 * len(dist) + 1e-9:
            raise RuntimeError(f"dicelab {expr!r}: the distribution adds up to {sum(dist.values())}")
        _dicelab_cache[expr] = dist
    return _dicelab_cache[expr]


def run(args):
    """A qrsc run, its output kept (the dicelab tests' commands)."""
    return subprocess.run(args, capture_output=True, text=True, timeout=60)


def refused_at(qrsc, path, line, fragment, alone):
    """`qrsc check PATH`: whether it exits 1 with an error at PATH:LINE: holding `fragment` (with
    `alone`, and no other error); and its stderr, for the failure's message."""
    out = run([qrsc, "check", path])
    errors = [e for e in out.stderr.splitlines() if ": error: " in e]
    hits = [e for e in errors if e.startswith(f"{path}:{line}:") and fragment in e]
    ok = out.returncode == 1 and bool(hits) and (not alone or len(errors) == 1)
    return ok, f"{out.returncode}: {out.stderr.strip()}"


def report(failures):
    """Prints each failure; the exit status."""
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


def write_spec(folder, name, roll, difference, lo, hi, edges):
    """Bands cut at `edges` (each the first value of the next band) over lo..hi."""
    starts = [lo] + edges
    rows = []
    for i, start in enumerate(starts):
        end = starts[i + 1] - 1 if i + 1 < len(starts) else hi
        rows.append(f"      - {{ id: r{i}, title: R{i}, band: '{start} - {end}' }}")
    path = os.path.join(folder, name + ".yaml")
    with open(path, "w") as f:
        f.write(SPEC.format(id=name, roll=roll, difference="true" if difference else "false", lo=lo, hi=hi,
                            rows="\n".join(rows) + "\n"))
    return path, [(s, (starts[i + 1] - 1 if i + 1 < len(starts) else hi)) for i, s in enumerate(starts)]


def main():
    if shutil.which("dicelab") is None:
        print("SKIP: dicelab is not installed (apt-get install dicelab)")
        return 77
    failures = []
    work = tempfile.mkdtemp(prefix="qrs-odds-dicelab-")
    try:
        cases = [
            # name, roll, difference, dicelab expression, lo, hi, band edges
            ("d20x14", "14d20", False, "sum(14#d20)", 14, 280, [120, 140, 147, 150, 160, 180]),
            ("d6x24", "24d6", False, "sum(24#d6)", 24, 144, [70, 80, 84, 90, 100]),
            ("d100x5", "5d100", False, "sum(5#d100)", 5, 500, [200, 250, 253, 300]),
            ("d100x2diff", "2d100", True, "sum(2#d100) - sum(2#d100)", -198, 198, [-50, 0, 1, 50]),
        ]
        for name, roll, difference, expr, lo, hi, edges in cases:
            path, bands = write_spec(work, name, roll, difference, lo, hi, edges)
            run = subprocess.run([QRSC, "odds", path, "roll", "--format", "json"], capture_output=True, text=True)
            if run.returncode != 0:
                failures.append(f"{roll}: qrsc odds exited {run.returncode}: {run.stderr.strip()}")
                continue
            rows = json.loads(run.stdout)["columns"][0]["odds"][0]["rows"]
            total = sum(Fraction(r["numerator"], r["denominator"]) for r in rows)
            if total != 1:
                failures.append(f"{roll}: the rows add up to {total}, not 1")
            dist = dicelab(expr)
            for (start, end), row in zip(bands, rows):
                want = sum(p for v, p in dist.items() if start <= v <= end)
                got = row["numerator"] / row["denominator"]
                if not 0 <= got <= 1 or abs(got - want) > 5e-7 * (end - start + 1) + 1e-12:
                    failures.append(f"{roll} {start}..{end}: qrsc {got!r}, dicelab {want!r}")
            print(f"{roll}{' difference' if difference else ''}: {len(rows)} rows agree with dicelab")
        # Otherwise valid specs (every result a row reads): only the limits refuse them.
        for name, roll, difference, lo, hi in [("d20x16", "16d20", False, 16, 320), ("d6x30", "30d6", False, 30, 180),
                                               ("d100x10", "10d100", False, 10, 1000),
                                               ("d999diff", "d999", True, -998, 998)]:
            path, _ = write_spec(work, name, roll, difference, lo, hi, [(lo + hi) // 2])
            run = subprocess.run([QRSC, "check", path], capture_output=True, text=True)
            want = f"{path}:9:"
            if run.returncode != 1 or want not in run.stderr or "past the limits of a rolled key" not in run.stderr:
                failures.append(f"{roll}: qrsc check must refuse it at line 9, got {run.returncode}: {run.stderr.strip()}")
            else:
                print(f"{roll}: refused by qrsc check at its line")
    finally:
        shutil.rmtree(work)
    return report(failures)


if __name__ == "__main__":
    sys.exit(main())
