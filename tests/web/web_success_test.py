#!/usr/bin/python3
"""Success dice on the web page (examples/shooting/shooting_with_saves.yaml: a pool against a
target with a reroll, exploding dice, and a chain of hits then saves), at 390x844 and 1280x800:
each table shown as printed, with its rule, and "The chances": for numbers of dice typed into
the field (and a fixed roll's field not editable) and net modifiers chosen (for the chain, its
first roll's too), every row's chance and every count's the page shows must be `qrsc odds
--dice N -m M [--first F] --format json`'s, exactly; a number of dice out of range typed and
left goes back to the last good one; the field is what lies under the pointer where it is drawn.

Usage: web_success_test.py QRSC ROOT. Exit 77 when the WebAssembly toolchain or Chromium is
missing.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402
from web_build import web_pages_or_skip  # noqa: E402
from web_inputs_test import AIM, type_into  # noqa: E402

SPEC = "examples/shooting/shooting_with_saves.yaml"
# table, numbers of dice typed (None: the roll fixes them), net modifiers, a chain's first ones
CASES = [("shooting", [1, 3, 12], [-2, 0, 2], [None]),
         ("skirmish_fire", [None], [-2, 0, 1], [None]),
         ("saves", [1, 3, 8], [-1, 2], [-2, 0, 2])]


def odds(qrsc, root, table, dice, modifier, first):
    argv = [qrsc, "odds", os.path.join(root, SPEC), table, f"--modifier={modifier:+d}", "--format", "json"]
    if dice is not None:
        argv += ["--dice", str(dice)]
    if first is not None:
        argv += [f"--first={first:+d}"]
    r = subprocess.run(argv, capture_output=True, text=True, check=True)
    d = json.loads(r.stdout)
    rows = [f"{row['numerator']}/{row['denominator']}" for row in d["columns"][0]["odds"][0]["rows"] if row["id"] != "outside"]
    c = d["counts"]["columns"][0]["odds"][0]
    counts = [f"{p['numerator']}/{p['denominator']}" for p in c["exactly"]]
    if c["more"]["numerator"] != 0:
        counts.append(f"{c['more']['numerator']}/{c['more']['denominator']}")
    return rows, counts


def choose(b, table):
    b.eval(f"""(() => {{ const s = document.getElementById('table');
      s.value = [...s.options].find(o => o.textContent === document.querySelector('section[data-id="{table}"] h2, section[data-id="{table}"] h3').textContent).value;
      s.dispatchEvent(new Event('change')); }})()""")
    time.sleep(0.2)


def select(b, selector, value):
    b.eval(f"""(() => {{ const s = document.querySelector({json.dumps(selector)});
      s.value = '{value}'; s.dispatchEvent(new Event('change')); }})()""")


def page_figures(b, base):
    return b.eval(f"""[[...document.querySelectorAll({json.dumps(base + '.success-rows td')})].map(td => td.dataset.p),
      [...document.querySelectorAll({json.dumps(base + '.success-counts td')})].map(td => td.dataset.p)]""")


def main():
    qrsc, root = sys.argv[1], os.path.abspath(sys.argv[2])
    tmp = tempfile.mkdtemp(prefix="qrs-web-success-")
    chromium, status = web_pages_or_skip(qrsc, [os.path.join(root, SPEC), "-o", tmp])
    if not chromium:
        return status
    page = os.path.join(tmp, "illustration", "shooting_with_saves.web.html")
    with open(page, encoding="utf-8") as f:
        html = f.read()
    failures, compared = [], 0
    for rule in ("Roll a d6 for each die Shooting Dice gives; each die scoring 4 or more (with modifiers) succeeds",
                 "Roll a d6 for each success of Shooting; each die scoring 4 or more (with modifiers) succeeds. Count the failures."):
        if rule not in html:
            failures.append(f"the page does not say: {rule}")
    b = cdp.Browser(chromium)
    try:
        for width, height in ((390, 844), (1280, 800)):
            b.open_page(width, height)
            b.navigate("file://" + page)
            for _ in range(100):
                if b.eval("document.body.dataset.ready") == "1":
                    break
                time.sleep(0.1)
            where = f"{width}x{height}"
            for table, dice_list, modifiers, firsts in CASES:
                choose(b, table)
                base = f'section.sheet-table[data-id="{table}"] '
                field = base + ".success-count"
                aim = b.eval(f"{AIM}({json.dumps(field)})")
                if not aim.get("ok"):
                    failures.append(f"{where} {table}: the number of dice is not under the pointer ({aim})")
                for dice in dice_list:
                    if dice is not None:
                        type_into(b, field, str(dice))
                    elif b.eval(f"document.querySelector({json.dumps(field)}).readOnly") is not True:
                        failures.append(f"{where} {table}: the roll fixes the dice, yet the field can be typed into")
                    for modifier in modifiers:
                        select(b, base + ".success-modifier", modifier)
                        for first in firsts:
                            if first is not None:
                                select(b, base + ".success-first", first)
                            got = page_figures(b, base)
                            want = list(odds(qrsc, root, table, dice, modifier, first))
                            compared += len(want[0]) + len(want[1])
                            if got != want:
                                failures.append(f"{where} {table} dice {dice} at {modifier:+d} first {first}: page {got}, "
                                                f"qrsc odds {want}")
                if dice_list[0] is not None:
                    last = str(dice_list[-1])
                    for bad in ("0", "13", ""):
                        type_into(b, field, bad)
                        b.eval(f"document.querySelector({json.dumps(field)}).blur()")
                        left = b.eval(f"document.querySelector({json.dumps(field)}).value")
                        if left != last:
                            failures.append(f"{where} {table}: {bad!r} typed and left gives {left!r}, not the last good {last}")
    finally:
        b.close()
    for f in failures:
        print("FAIL:", f)
    print(f"web_success: {compared} chances compared with qrsc odds, {len(failures)} failures")
    return 1 if failures or compared == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
