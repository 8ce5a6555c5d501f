#!/usr/bin/env python3
"""qrsc odds on symbol dice (key.dice.pool), against Debian's dicelab (an independent calculator).

Usage: pool_odds_dicelab_test.py QRSC ROOT

For Battlecry's shooting dice (rules/battlecry/1812.yaml) and for pool specs generated here as a
spec author might write them (d4 to d20, two to five symbols, each a run of faces or a list of
them), `qrsc odds SPEC TABLE --dice N --format json` gives, for each symbol, the chance that
exactly k and at least k of N dice show it. Each must equal dicelab's distribution of
`count` over N dice filtered to the symbol's faces (six decimals, so within half a millionth per
summed value), and each symbol's `exactly` must add up to exactly 1. The chart without --dice
must give the same figures for 1..6 dice. dicelab enumerates every throw, so N stays where
sides^N is at most 50,000. Exits 77 (skipped) when dicelab is not installed.
"""
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

from odds_dicelab_test import dicelab, report

QRSC, ROOT = sys.argv[1], sys.argv[2]

SPEC = """qrs: 1
system: t
id: {id}
title: Pool {id}
tables:
  - id: hits
    kind: bands
    title: Hits
    key: {{ name: Face, min: 1, max: {sides}, dice: {{ roll: d{sides}, pool: dice }} }}
    rows:
{rows}
  - id: dice
    kind: matrix
    title: Dice
    cell: dice
    columns: [ {{ id: close, name: Close }} ]
    rows:
      - {{ id: line, name: Line, cells: {{ close: M }} }}
"""


def symbols(rng, sides):
    """Faces 1..sides shared out over two to five symbols: runs cut at random, some of them
    written as a list of faces ('2, 3'; a band's faces are consecutive)."""
    count = rng.randint(2, min(5, sides))
    cuts = sorted(rng.sample(range(2, sides + 1), count - 1))
    starts = [1] + cuts
    out = []
    for i, start in enumerate(starts):
        end = starts[i + 1] - 1 if i + 1 < len(starts) else sides
        faces = list(range(start, end + 1))
        if len(faces) == 1:
            band = str(start)
        elif len(faces) <= 3 and rng.random() < 0.5:
            band = ", ".join(str(f) for f in faces)
        else:
            band = f"{start} - {end}"
        out.append((f"s{i}", band, faces))
    return out


def dicelab_count(faces, dice, sides):
    """The number of `dice` dice showing one of `faces`: one throw, counted face by face."""
    return dicelab(f"let x = {dice}#d{sides} in " + " + ".join(f"count(== {f} x)" for f in faces))


def odds_json(spec, table, dice=None):
    argv = [QRSC, "odds", spec, table, "--format", "json"] + (["--dice", str(dice)] if dice else [])
    run = subprocess.run(argv, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {run.returncode}: {run.stderr.strip()}")
    return json.loads(run.stdout)["pool"]["columns"][0]["counts"]


def fraction(p):
    return Fraction(p["numerator"], p["denominator"])


def check(name, spec, table, sides, faces_of, failures):
    """faces_of: symbol id -> its faces. Returns the number of figures compared."""
    compared = 0
    most = min(12, int(math.log(50000) / math.log(sides)))
    chart = odds_json(spec, table)
    for dice in range(1, most + 1):
        counts = odds_json(spec, table, dice)
        assert len(counts) == 1 and counts[0]["dice"] == dice
        for row in counts[0]["rows"]:
            faces = faces_of[row["id"]]
            if row["faces"] != len(faces):
                failures.append(f"{name} {row['id']}: {row['faces']} faces, not {len(faces)}")
            exactly = [fraction(p) for p in row["exactly"]]
            at_least = [fraction(p) for p in row["at_least"]]
            if sum(exactly) != 1:
                failures.append(f"{name} {row['id']} x{dice}: exactly adds up to {sum(exactly)}")
            dist = dicelab_count(faces, dice, sides)
            for k in range(dice + 1):
                want = dist.get(k, 0.0)
                want_at_least = sum(p for v, p in dist.items() if v >= k)
                if abs(float(exactly[k]) - want) > 5e-7 + 1e-12:
                    failures.append(f"{name} {row['id']} x{dice}: exactly {k}: qrsc {float(exactly[k])}, dicelab {want}")
                if abs(float(at_least[k]) - want_at_least) > 5e-7 * (dice + 1) + 1e-12:
                    failures.append(f"{name} {row['id']} x{dice}: at least {k}: qrsc {float(at_least[k])}, "
                                    f"dicelab {want_at_least}")
                compared += 2
            # The chart without --dice gives the same figures, for 1..6 dice.
            if dice <= 6:
                in_chart = next(r for r in chart[dice - 1]["rows"] if r["id"] == row["id"])
                if in_chart["exactly"] != row["exactly"] or in_chart["at_least"] != row["at_least"]:
                    failures.append(f"{name} {row['id']} x{dice}: the chart differs from --dice {dice}")
    return compared


def main():
    if shutil.which("dicelab") is None:
        print("SKIP: dicelab is not installed (apt-get install dicelab)")
        return 77
    failures = []
    # Battlecry: 004's faces, "1-2 or Infantryman", "3 or Swords", "4 or Flag", "5 or Horseman",
    # "6 or Cannon".
    battlecry = os.path.join(ROOT, "rules", "battlecry", "1812.yaml")
    n = check("battlecry", battlecry, "shooting_dice", 6,
              {"infantryman": [1, 2], "swords": [3], "flag": [4], "horseman": [5], "cannon": [6]}, failures)
    print(f"battlecry shooting_dice: {n} figures agree with dicelab")
    rng = random.Random(37)
    work = tempfile.mkdtemp(prefix="qrs-pool-dicelab-")
    try:
        for i in range(12):
            sides = rng.choice([4, 6, 8, 10, 12, 20])
            syms = symbols(rng, sides)
            rows = "\n".join(f"      - {{ id: {s}, title: S{s[1:]}, band: '{band}' }}" for s, band, _ in syms)
            name = f"pool{i}"
            path = os.path.join(work, name + ".yaml")
            with open(path, "w") as f:
                f.write(SPEC.format(id=name, sides=sides, rows=rows))
            n = check(name, path, "hits", sides, {s: faces for s, _, faces in syms}, failures)
            print(f"{name} (d{sides}: {' | '.join(b for _, b, _ in syms)}): {n} figures agree with dicelab")
    finally:
        shutil.rmtree(work)
    return report(failures)


if __name__ == "__main__":
    sys.exit(main())
