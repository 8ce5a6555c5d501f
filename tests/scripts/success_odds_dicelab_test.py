#!/usr/bin/env python3
"""qrsc odds on success dice (key.dice.target), against Debian's dicelab (an independent calculator).

Usage: success_odds_dicelab_test.py QRSC

The spec of docs/spec-format.md's kind (d6 hits on 4+ thrown again on a 1, then saves on 5+
counting failures), and specs generated here (a fixed seed) as a spec author might write them:
d4 to d10 and a fixed 3d6, targets that some net modifiers make always or never reached (and one
above the die, where only exploding faces succeed), faces thrown again (one face, two),
exploding faces (one, two), dice counted as failures, chains (a die per success of another
table: hits then saves, the second counting failures, thrown again or exploding), bands of one
count, of a run, of a list and open ("3 or more"), and keys with a `max` past which `outside:
no_effect` leaves the count unread or `outside: clamp` reads the last row. For each table, each
number of dice (1 to 4; a chain's first roll 1 to 3 at a few --first modifiers) and each net
modifier of the chart (`qrsc odds SPEC TABLE --dice N --format json`, -6 to +6):

- every `counts` figure (exactly k, k or more, and `more`) must equal dicelab's distribution
  (six decimals: within half a millionth per value summed);
- every row's chance, and the unread line's, must equal dicelab's distribution summed over the
  counts the row's band reads;
- as fractions, `exactly` and `more` add up to 1, `at_least` is their tail, each row is the sum
  of the counts its band reads, and the rows (with the unread line) add up to exactly 1.

The oracle is built from the semantics, never from qrsc's output: per die, a first throw (thrown
again once on a reroll face: `let y=dD in if (==1 y) then dD else y`), then for exploding faces
one fresh die more (`while`), each die giving a token 1 when it counts (a face of `explode`, or
face + modifier >= target; for failures face + modifier < target); the key is the number of
tokens of N dice (`N#...`), and for a chain of the dice thrown one per success of the first
roll (`let h = ... in h#...`). dicelab's `while` stops after some throws however likely the
next explosion is; the expression marks such a cut chain with a token 2 (its last die exploded
and was not followed), so the distribution reads `successes + 1000 * cut chains`. A cut chain's
true count is at least the successes it shows, so counts below the fewest such successes are
exact, and "k or more" up to them; only those are compared (bands of exploding tables end in
"N or more" below them). dicelab answers some errors (a variable it does not find) on stderr
with status 0 and a wrong distribution, so any stderr output, or a distribution not adding up to
1, is a failure.

Also: `--dice` past the table's limit (41, and one past the limit qrsc states) is refused and
the limit itself answers; `--dice` left out of a table thrown as the players say is refused;
signed modifiers, `--modifier=-2`, modifier ids and `--first` ids give the chart's figures;
`qrsc lookup SPEC TABLE k` reads count k's row (past a key's max: clamped or "outside"), and
refuses modifiers on a count; `qrsc check` refuses exploding failures, a face both thrown
again and exploding, a chain whose first roll explodes, and every face thrown again.

Exits 77 (skipped) when dicelab is not installed, 1 with FAIL lines on any difference, 0
otherwise.
"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

from odds_dicelab_test import dicelab_exact, report

QRSC = sys.argv[1]
CUT = 1000  # dicelab value = successes + CUT * chains dicelab's `while` cut short
MODS = {"plus1": 1, "minus2": -2}  # the shooting table's modifier list
SAVE_MODS = {"cover": 1}

HEAD = """qrs: 1
id: {id}
system: t
title: Success {id}
tables:
  - id: mods
    kind: modifiers
    title: Mods
    items:
      - {{ id: plus1, value: +1, text: Plus one }}
      - {{ id: minus2, value: -2, text: Minus two }}
  - id: save_mods
    kind: modifiers
    title: Save mods
    items:
      - {{ id: cover, value: +1, text: Cover }}
"""


class Die:
    """One table's success dice, as the spec says them."""

    def __init__(self, sides, target, reroll=(), explode=(), failures=False, fixed=None):
        self.sides, self.target, self.failures, self.fixed = sides, target, failures, fixed
        self.reroll, self.explode = tuple(reroll), tuple(explode)
        self.reroll_text = self.explode_text = None

    def yaml(self, per_success_of, modifiers):
        roll = f"{self.fixed}d{self.sides}" if self.fixed else f"d{self.sides}"
        parts = [f"roll: {roll}"]
        if per_success_of:
            parts.append(f"per_success_of: {per_success_of}")
        parts.append(f"target: {self.target}")
        if self.reroll:
            parts.append(f'reroll: "{self.reroll_text}"')
        if self.explode:
            parts.append(f'explode: "{self.explode_text}"')
        if self.failures:
            parts.append("count: failures")
        parts.append(f"modifiers: [{modifiers}]")
        return "{ " + ", ".join(parts) + " }"

    def describe(self):
        s = f"{self.fixed or ''}d{self.sides} {self.target}+"
        s += f" reroll {self.reroll_text}" if self.reroll else ""
        s += f" explode {self.explode_text}" if self.explode else ""
        return s + (" failures" if self.failures else "")


class Table:
    """A band table read by a die's count: bands [(lo, hi or None)], key max and outside."""

    def __init__(self, tid, die, bands, texts, key_max=None, outside=None, first=None):
        self.id, self.die, self.bands, self.texts = tid, die, bands, texts
        self.key_max, self.outside, self.first = key_max, outside, first

    def read(self, k):
        """The row index count k reads (None: unread)."""
        if self.key_max is not None and k > self.key_max:
            if self.outside == "no_effect":
                return None
            k = self.key_max
        for i, (lo, hi) in enumerate(self.bands):
            if lo <= k and (hi is None or k <= hi):
                return i
        return None

    def reach(self):
        """From this count on every count reads alike."""
        edges = [lo for lo, _ in self.bands] + [hi + 1 for _, hi in self.bands if hi is not None]
        if self.key_max is not None:
            edges.append(self.key_max + 1)
        return max(edges)

    def yaml(self):
        key = ["      name: Count", "      min: 0"]
        if self.key_max is not None:
            key += [f"      max: {self.key_max}", f"      outside: {self.outside}"]
        mods = "save_mods" if self.first else "mods"
        key.append(f"      dice: {self.die.yaml(self.first.id if self.first else None, mods)}")
        rows = [f"      - {{ id: {self.id}_r{i}, title: {'S' if self.first else 'R'}{i}, band: '{t}' }}"
                for i, t in enumerate(self.texts)]
        return "\n".join([f"  - id: {self.id}", "    kind: bands", f"    title: {self.id.title()}", "    key:"]
                         + key + ["    rows:"] + rows) + "\n"


# ---- the oracle: dicelab expressions from the semantics ------------------------------------------

def alt(var, faces):
    """dicelab: nonempty when `var` shows one of `faces`."""
    return ",".join(f"(=={f} {var})" for f in faces)


def die_tokens(die, modifier):
    """dicelab list for one die (and the dice it adds): a 1 per die that counts, a 2 when dicelab
    cut an exploding chain short."""
    d = die.sides
    k = min(max(die.target - modifier, 1), d + 1)  # the least natural face that succeeds
    first = f"(let y=d{d} in if {alt('y', die.reroll)} then d{d} else y)" if die.reroll else f"d{d}"
    if not die.explode:
        return f"(if ({'<' if die.failures else '>='}{k} {first}) then 1 else ())"
    chain = f"(while x={first} do ((count({alt('x', die.explode)}))#d{d}))"
    counted = f"(>={k} z)," + alt("z", die.explode)
    last = ",".join(f"(=={f} (last 1 L))" for f in die.explode)
    return (f"(let L = {chain} in ((foreach z in L do (if {counted} then 1 else ())),"
            f"(if {last} then 2 else ())))")


def oracle_expr(table, dice, modifier, first_modifier):
    tokens = die_tokens(table.die, modifier)
    count = f"(count(==1 A)) + {CUT}*(count(==2 A))"
    if table.first:
        hits = die_tokens(table.first.die, first_modifier)
        return f"let h = (count(==1 ({dice}#{hits}))) in let A = (h#{tokens}) in {count}"
    return f"let A = ({dice}#{tokens}) in {count}"


class Oracle:
    """dicelab's distribution of a count: exact below `safe` (no chain dicelab cut reaches it)."""

    def __init__(self, dist):
        self.p = {v: q for v, q in dist.items() if v < CUT}
        cut = [v % CUT for v in dist if v >= CUT]
        self.safe = min(cut) if cut else None

    def exact_below(self, k):
        return self.safe is None or k < self.safe

    def at_least(self, k):
        """P(count >= k) and its tolerance (k values summed)."""
        return 1 - sum(q for v, q in self.p.items() if v < k), 5e-7 * (k + 1) + 1e-9


# ---- qrsc ------------------------------------------------------------------------------------------

def qrsc(*argv):
    return subprocess.run([QRSC, *argv], capture_output=True, text=True, timeout=120)


def fraction(p):
    return Fraction(p["numerator"], p["denominator"])


def odds(path, table, dice, extra=()):
    argv = ["odds", path, table.id, "--format", "json"] + ([] if dice is None else ["--dice", str(dice)]) + list(extra)
    run = qrsc(*argv)
    if run.returncode != 0:
        raise RuntimeError(f"qrsc {' '.join(argv)}: exit {run.returncode}: {run.stderr.strip()}")
    return json.loads(run.stdout)


def figures(report_json):
    """{modifier: (row fractions by id, counts entry)} of the only column."""
    rows = {o["modifier"]: {r["id"]: fraction(r) for r in o["rows"]} for o in report_json["columns"][0]["odds"]}
    counts = {o["modifier"]: o for o in report_json["counts"]["columns"][0]["odds"]}
    return {m: (rows[m], counts[m]) for m in rows}


def compare(name, table, dice, modifier, first_modifier, rows, counts, failures):
    """One chart column against dicelab; returns the number of figures compared with it."""
    where = f"{name} {table.id} --dice {dice}" + (f" --first={first_modifier:+d}" if table.first else "") + \
        f" -m {modifier:+d}"
    exactly = [fraction(p) for p in counts["exactly"]]
    at_least = [fraction(p) for p in counts["at_least"]]
    more = fraction(counts["more"])
    size = len(exactly)
    # Exact, among qrsc's own figures.
    if sum(exactly) + more != 1:
        failures.append(f"{where}: exactly and more add up to {sum(exactly) + more}")
    if len(at_least) != size or any(at_least[k] != sum(exactly[k:]) + more for k in range(len(at_least))):
        failures.append(f"{where}: at_least is not the tail of exactly and more")
    ids = [f"{table.id}_r{i}" for i in range(len(table.bands))]
    if list(rows)[:len(ids)] != ids or set(rows) - set(ids) - {"outside"}:
        failures.append(f"{where}: rows {list(rows)}, not {ids} (and the unread line)")
        return 0
    if sum(rows.values()) != 1:
        failures.append(f"{where}: the rows and the unread line add up to {sum(rows.values())}")
    from_counts = [Fraction(0)] * (len(ids) + 1)
    for k in range(size + 1):
        r = table.read(k)
        from_counts[len(ids) if r is None else r] += exactly[k] if k < size else more
    for i, rid in enumerate(ids + ["outside"]):
        if rows.get(rid, Fraction(0)) != from_counts[i]:
            failures.append(f"{where}: {rid} is {rows.get(rid, 0)}, its counts add up to {from_counts[i]}")
    if table.die.explode and size < table.reach() + 1:
        failures.append(f"{where}: {size} counts shown, the bands tell apart {table.reach() + 1}")
    if not table.die.explode and (size != dice + 1 or more != 0):
        failures.append(f"{where}: {size} counts shown and {more} past them, not every count of {dice} dice")
    # Against dicelab.
    oracle = Oracle(dicelab_exact(oracle_expr(table, dice, modifier, first_modifier)))
    compared = 0
    if not table.die.explode and (oracle.safe is not None or max(oracle.p) >= size):
        failures.append(f"{where}: dicelab counts up to {max(oracle.p)}, qrsc shows {size} counts")
    for k in range(size):
        if oracle.exact_below(k):
            want = oracle.p.get(k, 0.0)
            if abs(float(exactly[k]) - want) > 5e-7 + 1e-12:
                failures.append(f"{where}: exactly {k}: qrsc {float(exactly[k])!r}, dicelab {want!r}")
            compared += 1
        if oracle.exact_below(k - 1):
            want, tol = oracle.at_least(k)
            if abs(float(at_least[k]) - want) > tol:
                failures.append(f"{where}: at least {k}: qrsc {float(at_least[k])!r}, dicelab {want!r}")
            compared += 1
    if oracle.exact_below(size - 1):
        want, tol = oracle.at_least(size)
        if abs(float(more) - want) > tol:
            failures.append(f"{where}: more ({size} or more): qrsc {float(more)!r}, dicelab {want!r}")
        compared += 1
    reach = table.reach()
    if not oracle.exact_below(reach - 1):
        raise RuntimeError(f"{where}: the bands reach {reach}, dicelab's counts are exact below {oracle.safe}")
    want_rows = [0.0] * (len(ids) + 1)
    for k in range(reach):
        r = table.read(k)
        want_rows[len(ids) if r is None else r] += oracle.p.get(k, 0.0)
    tail, tol = oracle.at_least(reach)
    r = table.read(reach)
    want_rows[len(ids) if r is None else r] += tail
    for i, rid in enumerate(ids + ["outside"]):
        got = float(rows.get(rid, Fraction(0)))
        if abs(got - want_rows[i]) > tol + 5e-7 * reach:
            failures.append(f"{where}: row {rid}: qrsc {got!r}, dicelab {want_rows[i]!r}")
        compared += 1
    return compared


# ---- the specs -------------------------------------------------------------------------------------

def faces_text(rng, faces):
    if len(faces) == 1:
        return str(faces[0])
    return rng.choice([f"{faces[0]} - {faces[-1]}", ", ".join(str(f) for f in faces)])


def make_bands(rng, last_open_at_most, key_max=None):
    """Bands over the counts 0 upward: the last one open (or closed at key_max)."""
    top = key_max if key_max is not None else last_open_at_most
    n = rng.randint(2, min(4, top + 1))
    starts = [0] + sorted(rng.sample(range(1, top + 1), n - 1))
    bands, texts = [], []
    for i, lo in enumerate(starts):
        hi = starts[i + 1] - 1 if i + 1 < len(starts) else key_max
        bands.append((lo, hi))
        if hi is None or (hi == key_max and rng.random() < 0.3):
            texts.append(f"{lo} or more")
        elif lo == hi:
            texts.append(str(lo))
        elif hi - lo <= 2 and rng.random() < 0.5:
            texts.append(", ".join(str(k) for k in range(lo, hi + 1)))
        else:
            texts.append(f"{lo} - {hi}")
    return bands, texts


def make_die(rng, shape, sides=None, fixed=None):
    """A die with the features `shape` names: reroll1, reroll2, explode1, explode2, failures, high
    (a target past the die), d4 .. d10 (its faces; else drawn)."""
    sides = sides or next((int(f[1:]) for f in shape if f[0] == "d"), None) or rng.choice([4, 6, 8, 10])
    target = rng.randint(2, sides)
    if "high" in shape:
        target = sides + 1  # only exploding faces succeed at modifiers up to 0
    reroll = [1] if "reroll1" in shape else [1, 2] if "reroll2" in shape else []
    explode = [sides] if "explode1" in shape else [sides - 1, sides] if "explode2" in shape else []
    if "reroll1" in shape and not explode and rng.random() < 0.3:
        reroll = [sides]  # a high face thrown again
    die = Die(sides, target, reroll, explode, "failures" in shape, fixed)
    die.reroll_text = faces_text(rng, reroll) if reroll else None
    die.explode_text = faces_text(rng, explode) if explode else None
    return die


# (shooting die features, key max/outside, saving die features or None for no chain)
SHAPES = [
    ({"plain"}, None, None),
    ({"plain"}, None, None),
    ({"reroll1"}, None, None),
    ({"reroll2"}, None, None),
    ({"explode1"}, None, None),
    ({"explode2", "d6"}, None, None),
    ({"reroll1", "explode1"}, None, None),
    ({"reroll2", "explode2"}, None, None),
    ({"explode1", "high", "d4"}, None, None),
    ({"failures"}, None, None),
    ({"failures", "reroll1"}, None, None),
    ({"fixed", "reroll1"}, None, None),
    ({"plain"}, "no_effect", None),
    ({"explode1"}, "clamp", None),
    ({"plain"}, None, {"failures"}),
    ({"reroll1"}, None, {"failures", "reroll1"}),
    ({"fixed"}, None, {"explode1"}),
    ({"reroll2"}, None, {"reroll1", "failures"}),
]


def generate(rng, work):
    """[(name, path, [Table])]: the brief's example first, then one spec per shape."""
    specs = []
    shoot = Table("shoot", Die(6, 4, [1]), [(0, 0), (1, 1), (2, None)], ["0", "1", "2 or more"])
    shoot.die.reroll_text = "1"
    saves = Table("saves", Die(6, 5, failures=True), [(0, 0), (1, None)], ["0", "1 or more"], first=shoot)
    specs.append(("example", [shoot, saves]))
    for i, (shape, outside, second) in enumerate(SHAPES):
        fixed = 3 if "fixed" in shape else None
        die = make_die(rng, shape, 6 if fixed else None, fixed)
        key_max = rng.randint(1, 3) if outside else None
        bands, texts = make_bands(rng, 4, key_max)
        tables = [Table("shoot", die, bands, texts, key_max, outside)]
        if second:
            sbands, stexts = make_bands(rng, 3)
            tables.append(Table("saves", make_die(rng, second), sbands, stexts, first=tables[0]))
        specs.append((f"s{i}", tables))
    out = []
    for name, tables in specs:
        path = os.path.join(work, name + ".yaml")
        with open(path, "w") as f:
            f.write(HEAD.format(id=name) + "".join(t.yaml() for t in tables))
        out.append((name, path, tables))
    return out


# ---- the checks ------------------------------------------------------------------------------------

def check_table(rng, name, path, table, failures):
    """Every chart column of each number of dice against dicelab; returns the figures compared."""
    compared = 0
    fixed = table.first.die.fixed if table.first else table.die.fixed
    if fixed:
        counts = [fixed]
    else:
        counts = [1, 2, 3] if table.first else [1, 2, 3, 4]
    for dice in counts:
        firsts = [rng.randint(-2, 2)] if table.first else [0]
        if table.first and dice == counts[-1]:
            firsts.append(rng.choice([-3, 3]))
        for first in firsts:
            extra = [f"--first={first:+d}"] if table.first else []
            got = odds(path, table, None if fixed else dice, extra)
            c = got["counts"]
            want_first = {"table": table.first.id, "modifier": first} if table.first else None
            if c["dice"] != dice or c["counting"] != ("failures" if table.die.failures else "successes") or \
                    c.get("first") != want_first:
                failures.append(f"{name} {table.id} --dice {dice}: counts say {c['dice']} dice, {c['counting']}, "
                                f"first {c.get('first')}")
            chart = figures(got)
            if sorted(chart) != list(range(-6, 7)):
                failures.append(f"{name} {table.id}: the chart's modifiers are {sorted(chart)}")
            for m, (rows, cnt) in sorted(chart.items()):
                compared += compare(name, table, dice, m, first, rows, cnt, failures)
            # Modifiers given on the command line read the chart's column.
            if dice == counts[0]:
                ids = SAVE_MODS if table.first else MODS
                spot = [(["-m", "+1"], 1), (["--modifier=-2"], -2)] + [(["-m", i], v) for i, v in ids.items()]
                if table.first:
                    spot.append((["-m", "cover", "-m", "+2"], 3))
                else:
                    spot.append((["-m", "plus1", "-m", "minus2"], -1))
                for argv, m in spot:
                    one = figures(odds(path, table, None if fixed else dice, extra + argv))
                    if list(one) != [m] or one[m][0] != chart[m][0] or one[m][1] != chart[m][1]:
                        failures.append(f"{name} {table.id} {' '.join(argv)}: not the chart's {m:+d} column")
    if table.first and not fixed:
        # The first roll's modifiers by id, as --modifier takes them.
        a = figures(odds(path, table, 2, ["--first", "plus1", "-m", "+0"]))
        b = figures(odds(path, table, 2, ["--first=+1", "-m", "+0"]))
        if a != b:
            failures.append(f"{name} {table.id}: --first plus1 differs from --first=+1")
    return compared


def check_lookups(name, path, table, failures):
    """qrsc lookup reads a count's row; it refuses modifiers on a count."""
    for k in range(table.reach() + 2):
        run = qrsc("lookup", path, table.id, str(k), "--format", "json")
        r = table.read(k)
        want = "outside" if r is None else f"{table.id}_r{r}"
        got = json.loads(run.stdout)["row"] if run.returncode == 0 else f"exit {run.returncode}: {run.stderr.strip()}"
        if got != want:
            failures.append(f"{name}: qrsc lookup {table.id} {k}: {got}, not {want}")
    run = qrsc("lookup", path, table.id, "1", "+1")
    if run.returncode == 0 or "give the count alone" not in run.stderr:
        failures.append(f"{name}: qrsc lookup {table.id} 1 +1 must be refused, got {run.returncode}: "
                        f"{run.stdout.strip()}")


def check_refusals(path, failures):
    """The example spec: --dice past the limit, --dice left out, --first on a first roll, lookup;
    dice the checks refuse."""
    run = qrsc("odds", path, "shoot", "--dice", "41", "--format", "json")
    if run.returncode == 0 or "--dice 41" not in run.stderr:
        failures.append(f"odds --dice 41 must be refused with a message, got {run.returncode}: {run.stderr.strip()}")
    limit = re.search(r"exact for 1 to (\d+) dice", run.stderr)
    if not limit:
        failures.append(f"odds --dice 41: no limit stated: {run.stderr.strip()}")
    else:
        most = int(limit.group(1))
        ok = qrsc("odds", path, "shoot", "--dice", str(most), "-m", "+1", "--format", "json")
        if ok.returncode != 0:
            failures.append(f"odds --dice {most} (the stated limit) exits {ok.returncode}: {ok.stderr.strip()}")
        else:
            c = json.loads(ok.stdout)["counts"]["columns"][0]["odds"][0]
            if len(c["exactly"]) != most + 1 or sum(fraction(p) for p in c["exactly"]) + fraction(c["more"]) != 1:
                failures.append(f"odds --dice {most}: {len(c['exactly'])} counts that do not add up to 1")
        past = qrsc("odds", path, "shoot", "--dice", str(most + 1), "--format", "json")
        if past.returncode == 0 or f"--dice {most + 1}" not in past.stderr:
            failures.append(f"odds --dice {most + 1} (past the limit) must be refused, got {past.returncode}")
    for argv, want in [(["odds", path, "shoot", "-m", "+1"], "--dice"),
                       (["odds", path, "shoot", "--dice", "2", "--first", "+1"], "--first"),
                       (["lookup", path, "shoot", "2", "+1"], "give the count alone")]:
        run = qrsc(*argv)
        if run.returncode == 0 or want not in run.stderr:
            failures.append(f"qrsc {' '.join(argv[:1] + argv[2:])} must be refused mentioning {want!r}, "
                            f"got {run.returncode}: {run.stderr.strip()}")
    run = qrsc("lookup", path, "shoot", "2")
    if run.returncode != 0 or run.stdout.strip().splitlines()[-1:] != ["R2"]:
        failures.append(f"qrsc lookup shoot 2 must answer R2, got {run.returncode}: {run.stdout.strip()}")
    # Dice the checks refuse at the key: exploding failures, a face thrown again and exploding, a
    # chain whose first roll explodes, every face thrown again.
    with open(path) as f:
        text = f.read()
    for what, old, new, word in [
            ("exploding failures", "target: 5, count: failures", 'target: 5, explode: "6", count: failures',
             "failures"),
            ("a face thrown again and exploding", 'reroll: "1"', 'reroll: "1", explode: "1"', "explod"),
            ("a chain's first roll exploding", 'reroll: "1"', 'explode: "6"', "explodes"),
            ("every face thrown again", 'reroll: "1"', 'reroll: "1 - 6"', "reroll")]:
        bad = path.replace(".yaml", "-bad.yaml")
        with open(bad, "w") as f:
            f.write(text.replace(old, new, 1))
        run = qrsc("check", bad)
        if run.returncode != 1 or not re.search(re.escape(bad) + r":\d+:", run.stderr) or word not in run.stderr:
            failures.append(f"qrsc check must refuse {what} at its line, got {run.returncode}: {run.stderr.strip()}")


def main():
    if shutil.which("dicelab") is None:
        print("SKIP: dicelab is not installed (apt-get install dicelab)")
        return 77
    failures = []
    rng = random.Random(61)
    work = tempfile.mkdtemp(prefix="qrs-success-dicelab-")
    compared = 0
    try:
        specs = generate(rng, work)
        for name, path, tables in specs:
            run = qrsc("check", path)
            if run.returncode != 0:
                failures.append(f"{name}: qrsc check exits {run.returncode}: {run.stderr.strip()}")
                continue
            for table in tables:
                try:
                    n = check_table(rng, name, path, table, failures)
                except RuntimeError as e:
                    failures.append(str(e))
                    continue
                check_lookups(name, path, table, failures)
                compared += n
                print(f"{name} {table.id} ({table.die.describe()}; {' | '.join(table.texts)}"
                      f"{f'; max {table.key_max} {table.outside}' if table.key_max is not None else ''}): "
                      f"{n} figures agree with dicelab")
        check_refusals(specs[0][1], failures)
    finally:
        shutil.rmtree(work)
    print(f"{len(specs)} specs, {compared} figures compared with dicelab, {len(failures)} failures")
    return report(failures)


if __name__ == "__main__":
    sys.exit(main())
