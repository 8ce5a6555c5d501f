#!/usr/bin/env python3
"""A roll against a unit's value (`key.dice.against`) against Debian's dicelab and a count of the throws.

Usage: against_dicelab_test.py QRSC [--seed N] [--specs N]

A band table whose dice say `against: { name: Morale, values: LO - HI }` has a column per value
(ids and names the values as text, LO to HI in order); each row writes one `band:`, the modified
roll less the unit's value (`0 or less`: at or under it), and each column's band is that band
shifted by the column's value. The modified roll is the dice summed plus the net modifier of the
modifier lists the dice name. This test generates specs (a fixed seed, `--seed` to change it) of
such a table: dice 1d6, 2d6, 3d6, d10, 2d10 or d20 (each at least once), 1 to 12 values from
-2 to 23, 2 to 5 rows cut at random margins (the first open below, the last open above, the
others a run, one number or a list, in any notation), 1 to 4 modifiers of -3 to +3 in one or two
lists, rows and dice written in flow or block YAML. The expected answers come from those
semantics, never from qrsc's output:

- `qrsc check SPEC` accepts each spec;
- `qrsc odds SPEC test --format json`: the columns are exactly LO..HI in order; for each column
  (value v) and each net modifier m of the chart, each row's chance is exactly the number of the
  throws (enumerated here) whose sum + m - v its band holds, over the throws, and equals
  dicelab's distribution of `sum(N#dS)` summed over those sums (six decimals: within half a
  millionth per outcome summed); each column's rows add up to exactly 1 and no line reads
  results outside the bands; `odds -m ID...` (a subset of the modifiers) gives the chart at their
  sum, the same figures;
- `qrsc lookup SPEC test TOTAL [ID...] --column=V --format json` on 30 random (throw, modifiers,
  value): the row whose band holds TOTAL + the modifiers' sum - V (the lists have no
  non-cumulative groups, so a plain sum), and `net` that sum;
- broken copies (10 of each), refused by `qrsc check` (exit 1) at the line written: a row with
  `bands: {...}` instead of `band:` (at its `bands:`, "write 'band:'"; a follow-on "no band
  covers" for the row it leaves out is allowed, once); a `columns:` added to the table (at its
  value, "remove 'columns'", the only error); two consecutive bands that no longer meet ("no
  band covers" the gap, at the later row's band, reported once and not once per column); and
  `values: 1 - 100` (at the values, past the limit of 64, the only error).

Exits 77 (skipped) when dicelab is not installed, 1 with FAIL lines on any difference, 0
otherwise. The generated specs are written to a temporary folder removed at the end.
"""
import argparse
import itertools
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

DICE = {"1d6": (1, 6), "2d6": (2, 6), "3d6": (3, 6), "d10": (1, 10), "2d10": (2, 10), "d20": (1, 20)}
LOOKUPS = 30  # per spec
BROKEN = 10  # copies of each kind


def throw_counts(roll):
    """How many of the equally likely throws give each sum (every throw enumerated); the throws."""
    n, s = DICE[roll]
    counts = {}
    for faces in itertools.product(range(1, s + 1), repeat=n):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    return counts, s ** n


def dicelab(roll):
    """dicelab's distribution of the dice summed."""
    n, s = DICE[roll]
    return dicelab_exact(f"sum({n}#d{s})")


def holds(band, x):
    """Whether the margin band (start, end), None for an open end, holds x."""
    return (band[0] is None or band[0] <= x) and (band[1] is None or x <= band[1])


def band_text(rng, start, end):
    """A margin band in one of the sheet's notations (start None: open below; end None: open above)."""
    if start is None:
        return f"{end} or less"
    if end is None:
        return f"{start} or more"
    if start == end:
        return f"{start}"
    if end - start <= 2 and rng.random() < 0.3:
        return ", ".join(str(v) for v in range(start, end + 1))
    r = rng.random()
    if r < 0.1:
        return f"{end} - {start}"  # either order
    if r < 0.3:
        return f"{start} to {end}"
    return f"{start} - {end}"


def values_text(rng, lo, hi):
    if lo == hi and rng.random() < 0.5:
        return f"{lo}"
    r = rng.random()
    if r < 0.15:
        return f"{lo} to {hi}"
    if r < 0.25 and lo != hi:
        return f"{hi} - {lo}"  # either order
    return f"{lo} - {hi}"


def make_spec(rng, index, roll):
    """One spec: its dice, values, modifier lists, rows (margin bands) and how it is written."""
    n, s = DICE[roll]
    lo = rng.randint(-2, 12)
    hi = lo + rng.randint(1, 12) - 1
    # Cuts (the first margin of each band after the first) where the dice meet the values.
    k = rng.randint(2, 5)
    cuts = sorted(rng.sample(range(n - hi - 2, n * s - lo + 3), k - 1))
    bands = [(None, cuts[0] - 1)] + [(cuts[i], cuts[i + 1] - 1) for i in range(k - 2)] + [(cuts[-1], None)]
    mods = [(f"m{i}", rng.choice([-3, -2, -1, 1, 2, 3])) for i in range(rng.randint(1, 4))]
    split = len(mods) >= 2 and rng.random() < 0.4
    lists = [("mods_a", mods[:len(mods) // 2]), ("mods_b", mods[len(mods) // 2:])] if split else [("mods_a", mods)]
    return {
        "id": f"against_{index}", "roll": roll, "lo": lo, "hi": hi, "bands": bands,
        "texts": [band_text(rng, *b) for b in bands], "mods": dict(mods), "lists": lists,
        "values_text": values_text(rng, lo, hi), "name": rng.choice(["Morale", "Quality", "Leadership"]),
        "block_dice": rng.random() < 0.5, "block_rows": [rng.random() < 0.4 for _ in bands],
    }


def write_spec(folder, spec, suffix="", texts=None, values=None, bands_row=None, columns=None):
    """Writes the spec (broken as asked); its path and the lines of its parts.

    texts: the rows' band texts in place of the spec's; values: the `values:` text; bands_row:
    (row, text of a `bands:` map) written in place of that row's `band:`; columns: 'flow' or
    'block', a `columns:` added to the table. The lines returned: 'values', 'columns' (the line
    of its value), and per row the line of its band (or bands) value.
    """
    texts = texts or spec["texts"]
    values = values or spec["values_text"]
    at = {"rows": []}
    lines = ["qrs: 1", f"id: {spec['id']}{suffix}", "system: t", f"title: Against {spec['id']}", "tables:"]
    for list_id, items in spec["lists"]:
        lines += [f"  - id: {list_id}", "    kind: modifiers", f"    title: Modifiers {list_id}", "    items:"]
        lines += [f"      - {{ id: {m}, value: {v:+d}, text: Modifier {m} }}" for m, v in items]
    mod_ids = ", ".join(list_id for list_id, _ in spec["lists"])
    against = f"{{ name: {spec['name']}, values: \"{values}\" }}"
    lines += ["  - id: test", "    kind: bands", "    title: Test", "    key:", "      name: Total"]
    if spec["block_dice"]:
        lines += ["      dice:", f"        roll: {spec['roll']}", f"        modifiers: [{mod_ids}]", "        against:",
                  f"          name: {spec['name']}", f"          values: \"{values}\""]
    else:
        lines.append(f"      dice: {{ roll: {spec['roll']}, modifiers: [{mod_ids}], against: {against} }}")
    at["values"] = len(lines)
    if columns == "flow":
        lines.append("    columns: [{ id: x, name: X }, { id: y, name: Y }]")
        at["columns"] = len(lines)
    elif columns == "block":
        lines += ["    columns:", "      - { id: x, name: X }", "      - { id: y, name: Y }"]
        at["columns"] = len(lines) - 1  # the list's value starts at its first item
    lines.append("    rows:")
    for r, text in enumerate(texts):
        if bands_row and bands_row[0] == r:
            band = f"bands: {bands_row[1]}"
        else:
            band = f'band: "{text}"'
        if spec["block_rows"][r]:
            lines += [f"      - id: r{r}", f"        title: R{r}", f"        text: Row {r} happens.", f"        {band}"]
        else:
            lines.append(f"      - {{ id: r{r}, title: R{r}, text: Row {r} happens., {band} }}")
        at["rows"].append(len(lines))
    path = os.path.join(folder, spec["id"] + suffix + ".yaml")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path, at


def row_of(spec, margin):
    return next(f"r{r}" for r, b in enumerate(spec["bands"]) if holds(b, margin))


def compare_rows(spec, where, rows, v, m, counts, throws, dist, failures):
    """One column's rows at one net modifier against the throws and dicelab; the figures compared."""
    got = {}
    for r in rows:
        if r["id"] in got:
            failures.append(f"{where}: row {r['id']} twice in qrsc odds")
        got[r["id"]] = Fraction(r["numerator"], r["denominator"])
    if sum(got.values()) != 1:
        failures.append(f"{where}: the rows add up to {sum(got.values())}, not 1")
    want_ids = {f"r{r}" for r in range(len(spec["bands"]))}
    extra = {i: p for i, p in got.items() if i not in want_ids and p != 0}
    if extra:
        failures.append(f"{where}: the bands cover every result, yet qrsc odds reads {extra}")
    compared = 0
    for r, band in enumerate(spec["bands"]):
        rid = f"r{r}"
        if rid not in got:
            failures.append(f"{where}: row {rid} missing from qrsc odds")
            continue
        exact = Fraction(sum(k for t, k in counts.items() if holds(band, t + m - v)), throws)
        want = sum(p for t, p in dist.items() if holds(band, t + m - v))
        held = sum(1 for t in dist if holds(band, t + m - v))
        text = spec["texts"][r]
        if got[rid] != exact:
            failures.append(f"{where} row {rid} (margin '{text}'): qrsc {got[rid]}, the throws {exact}")
        if abs(float(got[rid]) - want) > 5e-7 * max(held, 1) + 1e-12:
            failures.append(f"{where} row {rid} (margin '{text}'): qrsc {float(got[rid])!r}, dicelab {want!r}")
        compared += 1
    return compared


def check_odds(qrsc, spec, path, counts, throws, dist, rng, failures):
    """The chart and one `odds -m` of the spec; the figures compared."""
    name, lo, hi = spec["id"], spec["lo"], spec["hi"]
    compared = 0
    chosen = rng.sample(sorted(spec["mods"]), rng.randint(1, len(spec["mods"])))
    net = sum(spec["mods"][m] for m in chosen)
    for extra, label in [([], ""), ([a for m in chosen for a in ("-m", m)], f" -m {' '.join(chosen)}")]:
        out = run([qrsc, "odds", path, "test", "--format", "json"] + extra)
        if out.returncode != 0:
            failures.append(f"{name}: qrsc odds{label} exited {out.returncode}: {out.stderr.strip()}")
            continue
        columns = json.loads(out.stdout)["columns"]
        ids = [c["id"] for c in columns]
        names = [c.get("name") for c in columns]
        want = [str(v) for v in range(lo, hi + 1)]
        if ids != want or names != want:
            failures.append(f"{name}{label}: qrsc odds gives the columns {ids} named {names}, not the values {want}")
            continue
        for col in columns:
            v = int(col["id"])
            mods = [o["modifier"] for o in col["odds"]]
            if label and mods != [net]:
                failures.append(f"{name}{label} column {v}: qrsc odds gives the net modifiers {mods}, not {net}")
                continue
            if not label and (not mods or mods != list(range(mods[0], mods[0] + len(mods))) or 0 not in mods):
                failures.append(f"{name} column {v}: the chart's net modifiers {mods} are not a run through 0")
            for o in col["odds"]:
                where = f"{name}{label} ({spec['roll']}) column {v} modifier {o['modifier']:+d}"
                compared += compare_rows(spec, where, o["rows"], v, o["modifier"], counts, throws, dist, failures)
    return compared


def lookups(qrsc, spec, path, rng, pool, failures):
    """LOOKUPS random (throw, modifiers, value) read with qrsc lookup; the number compared."""
    n, s = DICE[spec["roll"]]
    jobs = []
    for _ in range(LOOKUPS):
        total = rng.randint(n, n * s)
        chosen = rng.sample(sorted(spec["mods"]), rng.randint(0, len(spec["mods"])))
        v = rng.randint(spec["lo"], spec["hi"])
        net = sum(spec["mods"][m] for m in chosen)
        want = row_of(spec, total + net - v)
        args = [qrsc, "lookup", path, "test", str(total)] + chosen + [f"--column={v}", "--format", "json"]
        jobs.append((total, chosen, v, net, want, pool.submit(run, args)))
    for total, chosen, v, net, want, future in jobs:
        out = future.result()
        where = f"{spec['id']} lookup {total} {' '.join(chosen)} --column={v}"
        if out.returncode != 0:
            failures.append(f"{where}: exited {out.returncode}: {out.stderr.strip()}")
            continue
        got = json.loads(out.stdout)
        if got.get("row") != want or got.get("net") != net:
            failures.append(f"{where}: qrsc reads row {got.get('row')} at net {got.get('net')}; margin "
                            f"{total}{net:+d}-{v} = {total + net - v} is in row {want}'s band at net {net}")
    return len(jobs)


def errors_of(out):
    return [line for line in out.stderr.splitlines() if ": error: " in line]


def check_bands_row(qrsc, folder, spec, rng, failures):
    """A row written with `bands:` (per column, shifted) instead of `band:`: refused at its bands."""
    r = rng.randrange(len(spec["bands"]))
    start, end = spec["bands"][r]
    vs = list(range(spec["lo"], spec["hi"] + 1))[:rng.randint(1, 3)]
    shifted = [band_text(rng, None if start is None else start + v, None if end is None else end + v) for v in vs]
    mapping = "{ " + ", ".join(f'"{v}": "{b}"' for v, b in zip(vs, shifted)) + " }"
    path, at = write_spec(folder, spec, "_bands", bands_row=(r, mapping))
    out = run([qrsc, "check", path])
    errors = errors_of(out)
    here = f"{path}:{at['rows'][r]}:"
    main = [e for e in errors if e.startswith(here) and "write 'band:'" in e]
    others = [e for e in errors if e not in main]
    ok = out.returncode == 1 and len(main) == 1 and len(others) <= 1 and all("no band covers" in e for e in others)
    if not ok:
        failures.append(f"{spec['id']}_bands (row r{r} as 'bands: {mapping}'): qrsc check must refuse it once at "
                        f"{here} (\"write 'band:'\"), at most one follow-on gap, got {out.returncode}: "
                        f"{out.stderr.strip()}")
    return ok, len(others)


def check_columns(qrsc, folder, spec, form, failures):
    path, at = write_spec(folder, spec, "_columns", columns=form)
    ok, got = refused_at(qrsc, path, at["columns"], "remove 'columns'", alone=True)
    if not ok:
        failures.append(f"{spec['id']}_columns ({form}): qrsc check must refuse it at {path}:{at['columns']}: "
                        f"(\"remove 'columns'\") and nothing else, got {got}")
    return ok


def gap_candidates(spec):
    """(row, gap) with row > 0 whose band can start gap later and still hold a number."""
    found = []
    for r, (start, end) in enumerate(spec["bands"]):
        for gap in (1, 2):
            if r > 0 and (end is None or end - start >= gap):
                found.append((r, gap))
    return found


def check_gap(qrsc, folder, spec, candidate, failures):
    """Row r's band starts `gap` later: refused once, at its band, naming the uncovered margins."""
    r, gap = candidate
    start, end = spec["bands"][r]
    texts = list(spec["texts"])
    texts[r] = band_text(random.Random(r), start + gap, end)
    path, at = write_spec(folder, spec, "_gap", texts=texts)
    out = run([qrsc, "check", path])
    errors = errors_of(out)
    here = f"{path}:{at['rows'][r]}:"
    where = f"{spec['id']}_gap (row r{r} '{spec['texts'][r]}' made '{texts[r]}')"
    ok = out.returncode == 1 and len(errors) == 1 and errors[0].startswith(here) and "no band covers" in errors[0]
    if ok:
        # The gap in margins, or in the totals of the column the message names.
        m = re.search(r"(?:in column '(-?\d+)': )?no band covers (-?\d+)(?: to (-?\d+))?", errors[0])
        shift = int(m.group(1)) if m and m.group(1) else 0
        named = (int(m.group(2)) - shift, int(m.group(3) or m.group(2)) - shift) if m else None
        if named != (start, start + gap - 1):
            failures.append(f"{where}: qrsc check names the gap {m.group(0) if m else errors[0]!r}; the margins "
                            f"{start} to {start + gap - 1} (plus the column's value, if it names one)")
    else:
        failures.append(f"{where}: qrsc check must refuse it once at {here} ('no band covers'), got "
                        f"{out.returncode}: {out.stderr.strip()}")
    return ok


def check_values(qrsc, folder, spec, failures):
    path, at = write_spec(folder, spec, "_values", values="1 - 100")
    ok, got = refused_at(qrsc, path, at["values"], "64", alone=True)
    if not ok:
        failures.append(f"{spec['id']}_values (values: 1 - 100): qrsc check must refuse it at {path}:{at['values']}: "
                        f"(past the limit of 64 values) and nothing else, got {got}")
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("qrsc")
    parser.add_argument("--seed", type=int, default=4210)
    parser.add_argument("--specs", type=int, default=40)
    args = parser.parse_args()
    if shutil.which("dicelab") is None:
        print("SKIP: dicelab is not installed (apt-get install dicelab)")
        return 77
    rng = random.Random(args.seed)
    rolls = list(DICE)
    while len(rolls) < args.specs:
        rolls.append(rng.choice(list(DICE)))
    rng.shuffle(rolls)
    specs = [make_spec(rng, i, roll) for i, roll in enumerate(rolls[:args.specs])]

    failures = []
    dists, throws = {}, {}
    work = tempfile.mkdtemp(prefix="qrs-against-dicelab-")
    try:
        checked = odds = looked = 0
        with ThreadPoolExecutor(max_workers=4) as pool:
            for spec in specs:
                roll = spec["roll"]
                if roll not in dists:
                    dists[roll] = dicelab(roll)
                    throws[roll] = throw_counts(roll)
                    if set(dists[roll]) != set(throws[roll][0]):
                        failures.append(f"dicelab {roll} gives the sums {sorted(dists[roll])}, not "
                                        f"{sorted(throws[roll][0])}")
                path, _ = write_spec(work, spec)
                out = run([args.qrsc, "check", path])
                if out.returncode != 0:
                    failures.append(f"{spec['id']}: qrsc check exited {out.returncode}: {out.stderr.strip()}")
                    continue
                checked += 1
                odds += check_odds(args.qrsc, spec, path, *throws[roll], dists[roll], rng, failures)
                looked += lookups(args.qrsc, spec, path, rng, pool, failures)
        by_roll = ", ".join(f"{r} x{sum(1 for s in specs if s['roll'] == r)}" for r in DICE)
        print(f"{len(specs)} specs ({by_roll}): {checked} accepted by qrsc check")
        print(f"{len(specs)} specs: {odds} row odds (column, net modifier, row) agree with the throws counted "
              f"and with dicelab")
        print(f"{len(specs)} specs: {looked} lookups read the row of the margin's band")

        def sample():
            return rng.sample(specs, min(BROKEN, len(specs)))

        results = [check_bands_row(args.qrsc, work, s, rng, failures) for s in sample()]
        follow = sum(n for _, n in results)
        print(f"{len(results)} rows written with 'bands:': {sum(ok for ok, _ in results)} refused at the row "
              f"({follow} with a follow-on 'no band covers')")
        cols = sum(check_columns(args.qrsc, work, s, ("flow", "block")[i % 2], failures)
                   for i, s in enumerate(sample()))
        print(f"{min(BROKEN, len(specs))} tables with 'columns:': {cols} refused at the columns")
        with_gap = [(s, c) for s in specs if (c := gap_candidates(s))]
        gaps = sum(check_gap(args.qrsc, work, s, rng.choice(c), failures)
                   for s, c in rng.sample(with_gap, min(BROKEN, len(with_gap))))
        print(f"{min(BROKEN, len(with_gap))} broken copies: {gaps} gaps refused once at the later row's band")
        vals = sum(check_values(args.qrsc, work, s, failures) for s in sample())
        print(f"{min(BROKEN, len(specs))} copies with 'values: 1 - 100': {vals} refused at the values")
    finally:
        shutil.rmtree(work)
    return report(failures)


if __name__ == "__main__":
    sys.exit(main())
