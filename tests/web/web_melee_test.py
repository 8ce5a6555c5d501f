#!/usr/bin/python3
"""Battlecry's melee on the web page (rules/battlecry/battlecry.package.yaml, `melee`), played as
a player plays it, on the 1812 sheet and on a house variant written here as a publisher would
(two more melee modifiers, one of them with markup in its text, and the loser retreating two
hexes), at 390, 768, 1024, 1280 and 1600 px wide, portrait (844 px high) and landscape (600),
every case at 390x844 and a few at each other size:

- each side's morale typed and its melee modifiers clicked where they are drawn (elementFromPoint
  checked): the dice each side rolls are the source's count (004, "Melee": "Both units roll their
  morale dice"; "Indians suffer a penalty of -1 dice"; the variant's +1 and +2), never below none;
- the odds of the attacker winning, the defender winning and a tie are dicelab's distribution of
  (flags of the attacker's dice) - (flags of the defender's), a flag being face 4 of a d6 (004,
  "4 or Flag"), up to 6 dice a side, and the exact binomial beyond, up to 12; past 12 the page
  says so;
- flags typed: the most flags wins, a tie names no winner, and the loser's retreat and morale
  loss are the source's (one hex, one point; the variant's two hexes);
- the page's throw: each side's flags are the 4s among the faces it shows;
- a morale or a flag count out of range, typed and left, goes back to the last good one;
- the page reopened from its own link shows the same answer.

Usage: web_melee_test.py QRSC ROOT. Exits 77 without Chromium, the WebAssembly toolchain or dicelab.
"""
import json
import os
import shutil
import sys
import tempfile
import time
from fractions import Fraction
from math import comb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import cdp  # noqa: E402
from odds_dicelab_test import dicelab_exact  # noqa: E402
from web_build import web_pages_or_skip  # noqa: E402
from web_inputs_test import click, opened, type_into  # noqa: E402

HOUSE = """qrs: 1
extends: battlecry/1812
id: house-melee
subtitle: House melee
sources:
  - { id: house, title: House rules }
errata:
  - { id: h1, doc: house, text: Veterans and uphill charges in melee; the loser retreats two hexes., covers: [melee_modifiers/veterans, melee_modifiers/uphill, melee_outcome/loser] }
tables:
  - id: melee_modifiers
    items:
      - { id: veterans, add: true, value: +1, text: Veterans }
      - { id: uphill, add: true, value: +2, text: "Charging uphill <i>&amp;</i>" }
  - id: melee_outcome
    rows:
      - { id: loser, cells: { retreat_hexes: "2" } }
"""

# What each sheet says, from its source (not from the spec): the melee modifiers' values in the
# order printed, the modifier texts as a player reads them, and what the loser suffers.
SHEETS = {
    "1812": {"modifiers": [-1], "texts": ["Indians"], "retreat": 1, "morale": 1},
    "house-melee": {"modifiers": [-1, 1, 2], "texts": ["Indians", "Veterans", "Charging uphill <i>&amp;</i>"],
                    "retreat": 2, "morale": 1},
}
FLAG = Fraction(1, 6)  # 004: "4 or Flag", one face of six


def binomial(n):
    return [comb(n, k) * FLAG ** k * (1 - FLAG) ** (n - k) for k in range(n + 1)]


def melee_odds(a, d):
    """(attacker wins, defender wins, tie), each (chance, how many of dicelab's six-decimal values
    it sums): dicelab up to 6 dice a side, the exact binomial beyond (and where a side has none)."""
    if 0 < a <= 6 and 0 < d <= 6:
        dist = dicelab_exact(f"(count ==4 {a}#d6) - (count ==4 {d}#d6)")
        return tuple((sum(p for v, p in dist.items() if keep(v)), sum(keep(v) for v in dist))
                     for keep in (lambda v: v > 0, lambda v: v < 0, lambda v: v == 0))
    pa, pd = binomial(a), binomial(d)
    more = sum(pa[i] * pd[j] for i in range(a + 1) for j in range(d + 1) if i > j)
    fewer = sum(pa[i] * pd[j] for i in range(a + 1) for j in range(d + 1) if i < j)
    return ((float(more), 0), (float(fewer), 0), (float(1 - more - fewer), 0))


PANEL = 'section[data-id="melee_outcome"] .melee'
# Every case at 390x844; a few, the flags and a throw at each of the other sizes.
SIZES = [(w, h) for w in (390, 768, 1024, 1280, 1600) for h in (844, 600)]


def side(i, what):
    return f'{PANEL} .melee-side[data-side="{i}"] {what}'


def choose_melee(b):
    b.eval("""(() => { const i = [...document.querySelectorAll('section.sheet-table')].findIndex(s => s.dataset.id === 'melee_outcome');
      const s = document.getElementById('table'); s.value = String(i); s.dispatchEvent(new Event('change')); })()""")


def leave(b, selector):
    b.eval(f"document.querySelector({json.dumps(selector)}).blur()")


def set_modifiers(b, i, bits, count, failures, where):
    """Clicks side i's modifier boxes that differ from `bits`, each where it is drawn."""
    for bit in range(count):
        box = side(i, f'.melee-modifiers input[data-bit="{bit}"]')
        if b.eval(f"document.querySelector({json.dumps(box)}).checked") != bool(bits & (1 << bit)):
            click(b, box, failures, where)


def play(b, sheet, where, failures, every):
    """The cases on the page shown (`every`: all of them, else a few); returns how many answers
    were compared."""
    compared = 0
    texts = b.eval(f"[...document.querySelectorAll({json.dumps(side(0, '.melee-modifiers .t'))})].map(e => e.textContent)")
    if texts != sheet["texts"]:
        failures.append(f"{where}: the melee modifiers read {texts}, not {sheet['texts']}")
    count = len(sheet["modifiers"])
    cases = [(a, abits, d, dbits) for a in (0, 1, 3, 6, 12, 13) for d in (0, 2, 5) for abits in range(2 ** count)
             for dbits in ((0, 2 ** count - 1) if count > 1 else (0, 1))]
    if not every:
        cases = cases[1::17] + [(3, 2 ** count - 1, 5, 1)]
    for a, abits, d, dbits in cases:
        for i, (m, bits) in enumerate(((a, abits), (d, dbits))):
            click(b, side(i, ".melee-morale"), failures, where)
            type_into(b, side(i, ".melee-morale"), str(m))
            set_modifiers(b, i, bits, count, failures, where)
        want = [max(0, m + sum(v for k, v in enumerate(sheet["modifiers"]) if bits & (1 << k))) for m, bits in ((a, abits), (d, dbits))]
        got = [b.eval(f"document.querySelector({json.dumps(side(i, '.melee-dice'))}).dataset.dice") for i in (0, 1)]
        case = f"{where}: morale {a} (modifiers {abits:b}) against {d} ({dbits:b})"
        if got != [str(n) for n in want]:
            failures.append(f"{case}: the page rolls {got} dice, the source {want}")
            continue
        odds = b.eval(f"(() => {{ const e = document.querySelector('{PANEL} .melee-odds'); return [e.dataset.p || '', e.textContent]; }})()")
        if max(want) > 12:
            if odds[0] or "up to 12 dice" not in odds[1]:
                failures.append(f"{case}: {want} dice, the page's odds {odds}")
            continue
        page = [float(Fraction(p)) for p in odds[0].split()]
        oracle = melee_odds(*want)
        compared += 1
        if len(page) != 3 or any(abs(p - o) > 5e-7 * n + 1e-12 for p, (o, n) in zip(page, oracle)) or Fraction(sum(Fraction(p) for p in odds[0].split())) != 1:
            failures.append(f"{case}: the page's odds {odds[0]}, dicelab's {oracle}")
    return compared


def flags_and_throw(b, sheet, where, failures):
    """Flags typed (winner and outcome), a throw, fields typed out of range and left, the link reopened."""
    for i, m in enumerate((5, 4)):
        type_into(b, side(i, ".melee-morale"), str(m))
        set_modifiers(b, i, 0, len(sheet["modifiers"]), failures, where)
    loser = f"Retreat (hexes) {sheet['retreat']}, Morale lost {sheet['morale']}"
    for af, df, winner in ((2, 1, "attacker"), (0, 3, "defender"), (1, 1, "none"), (0, 0, "none")):
        type_into(b, side(0, ".melee-flags"), str(af))
        type_into(b, side(1, ".melee-flags"), str(df))
        got = b.eval(f"(() => {{ const e = document.querySelector('{PANEL} .melee-answer'); return [e.dataset.winner, e.textContent]; }})()")
        if got[0] != winner or (winner != "none") != (loser in got[1]):
            failures.append(f"{where}: flags {af} to {df}: the page says {got}, the source: {winner} wins, the loser {loser}")
    for _ in range(5):
        if not click(b, f"{PANEL} .melee-throw", failures, where):
            break
        faces = b.eval(f"document.querySelector('{PANEL} .melee-thrown').dataset.faces").split("|")
        flags = [b.eval(f"document.querySelector({json.dumps(side(i, '.melee-flags'))}).value") for i in (0, 1)]
        thrown = [[int(f) for f in s.split(",") if f] for s in faces]
        if [len(t) for t in thrown] != [5, 4] or any(not 1 <= f <= 6 for t in thrown for f in t) or \
                flags != [str(t.count(4)) for t in thrown]:
            failures.append(f"{where}: a throw of {faces} shows flags {flags}")
    for field, bad, good in ((".melee-morale", "abc", "5"), (".melee-morale", "100", "5"), (".melee-flags", "6", None)):
        before = b.eval(f"document.querySelector({json.dumps(side(0, field))}).value")
        type_into(b, side(0, field), bad)
        leave(b, side(0, field))
        left = b.eval(f"document.querySelector({json.dumps(side(0, field))}).value")
        if left != (good or before):
            failures.append(f"{where}: {bad!r} typed into {field} and left gives {left!r}, not {good or before!r}")
    type_into(b, side(0, ".melee-flags"), "3")
    type_into(b, side(1, ".melee-flags"), "1")
    answer = b.eval(f"document.querySelector('{PANEL} .melee-answer').textContent")
    b.wait_linked()  # the page writes its state into the URL a moment after the last change
    link = b.eval("location.href")
    opened(b, link)
    again = b.eval(f"document.querySelector('{PANEL} .melee-answer').textContent")
    if again != answer or "Attacker wins" not in answer:
        failures.append(f"{where}: {answer!r}, reopened from {link}: {again!r}")


def main():
    qrsc, root = sys.argv[1], os.path.abspath(sys.argv[2])
    if not shutil.which("dicelab"):
        print("SKIP: dicelab not installed (apt-get install dicelab)")
        return 77
    tmp = tempfile.mkdtemp(prefix="qrs-web-melee-")
    house = os.path.join(tmp, "house", "house-melee.yaml")
    os.makedirs(os.path.dirname(house))
    with open(house, "w") as f:
        f.write(HOUSE)
    out = os.path.join(tmp, "out")
    chromium, status = web_pages_or_skip(qrsc, ["-I", os.path.join(root, "rules"),
                                                  os.path.join(root, "rules", "battlecry", "1812.yaml"), house, "-o", out])
    if not chromium:
        return status
    failures, compared = [], 0
    b = cdp.Browser(chromium)
    try:
        b.open_page(390, 844)
        for spec_id, sheet in SHEETS.items():
            for width, height in SIZES:
                b.send("Emulation.setDeviceMetricsOverride",
                       {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
                where = f"{spec_id} at {width}x{height}"
                if not opened(b, "file://" + os.path.join(out, "battlecry", spec_id.replace("-", "_") + ".web.html")):
                    failures.append(f"{where}: the page never answered")
                    continue
                choose_melee(b)
                if not b.eval(f"!!document.querySelector('{PANEL}')"):
                    failures.append(f"{where}: no melee beside the melee outcome table")
                    continue
                compared += play(b, sheet, where, failures, every=(width, height) == (390, 844))
                flags_and_throw(b, sheet, where, failures)
    finally:
        b.close()
    for f in failures[:40]:
        print("FAIL " + f)
    print(f"{compared} melee odds compared with dicelab and the binomial, {len(failures)} failures")
    return 1 if failures or not compared else 0


if __name__ == "__main__":
    sys.exit(main())
