#!/usr/bin/python3
"""Dice read as digits on the web page (examples/events/campaign_events.yaml: d66 tables, one
with columns), at 390x844 and 1280x800: each table offers one button for each number two d6
write (11 to 66, no 17 to 20: 36 buttons, from the runtime's Roll::shows, not from the key's
range); a button clicked where it is drawn answers the row `qrsc lookup` reads; the Roll button
writes a number two d6 can show, and its answer is lookup's; every row's chance the page shows
is `qrsc odds`'s, exactly, in each column. A fragment naming a number no throw writes is not
taken.

Usage: web_digits_test.py QRSC ROOT. Exit 77 when the WebAssembly toolchain or Chromium is
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
from web_inputs_test import choose_table, click, opened  # noqa: E402

SPEC = "examples/events/campaign_events.yaml"
WRITTEN = [10 * a + b for a in range(1, 7) for b in range(1, 7)]  # what two d6 read as digits write
TABLES = {"between_battles": [None], "encounter": ["open", "woods"]}


def qrsc_json(qrsc, root, *args):
    r = subprocess.run([qrsc, *args[:1], os.path.join(root, SPEC), *args[1:], "--format", "json"],
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


def main():
    qrsc, root = sys.argv[1], os.path.abspath(sys.argv[2])
    tmp = tempfile.mkdtemp(prefix="qrs-web-digits-")
    chromium, status = web_pages_or_skip(qrsc, [os.path.join(root, SPEC), "-o", tmp])
    if not chromium:
        return status
    page = "file://" + os.path.join(tmp, "illustration", "campaign_events.web.html")
    titles = {}  # (table, column, number) -> the title qrsc lookup reads
    for table, columns in TABLES.items():
        for column in columns:
            for n in WRITTEN:
                extra = ["--column", column] if column else []
                titles[(table, column, n)] = qrsc_json(qrsc, root, "lookup", table, str(n), *extra)["title"]
    failures, compared = [], 0
    b = cdp.Browser(chromium)
    try:
        for width, height in ((390, 844), (1280, 800)):
            b.open_page(width, height)
            where = f"{width}x{height}"
            if not opened(b, page):
                failures.append(f"{where}: the page is not ready")
                continue
            for table, columns in TABLES.items():
                index = choose_table(b, table)
                time.sleep(0.2)
                base = f'section.sheet-table[data-id="{table}"] '
                buttons = b.eval(f"[...document.querySelectorAll({json.dumps(base + '.die-buttons button')})].map(x => Number(x.dataset.die))")
                if buttons != WRITTEN:
                    failures.append(f"{where} {table}: die buttons {buttons}, not the 36 numbers two d6 write")
                for c, column in enumerate(columns):
                    if column:
                        b.eval(f"""(() => {{ const r = document.querySelector({json.dumps(base + f'input[data-column="{c}"]')});
                          r.checked = true; r.dispatchEvent(new Event('change', {{bubbles: true}})); }})()""")
                    odds = qrsc_json(qrsc, root, "odds", table)
                    col = next(x for x in odds["columns"] if column is None or x["id"] == column)
                    want = [f"{r['numerator']}/{r['denominator']}" for r in col["odds"][0]["rows"] if r["id"] != "outside"]
                    got = b.eval(f"[...document.querySelectorAll({json.dumps(base + '.row')})].map(li => li.dataset.p)")
                    compared += len(want)
                    if got != want:
                        failures.append(f"{where} {table} {column}: the page's odds {got}, qrsc odds {want}")
                    for n in (11, 16, 21, 36, 41, 42, 56, 61, 66):
                        if not click(b, base + f'.die-buttons button[data-die="{n}"]', failures, f"{where} {table}"):
                            continue
                        got = b.eval(f"document.querySelector({json.dumps(base + '.effect-title')}).textContent")
                        compared += 1
                        if got != titles[(table, column, n)]:
                            failures.append(f"{where} {table} {column} {n}: the page answers {got!r}, qrsc lookup {titles[(table, column, n)]!r}")
                    for _ in range(12):
                        if not click(b, base + ".roll", failures, f"{where} {table}"):
                            break
                        n = int(b.eval(f"document.querySelector({json.dumps(base + '.sum-label')}).textContent"))
                        got = b.eval(f"document.querySelector({json.dumps(base + '.effect-title')}).textContent")
                        compared += 1
                        if n not in WRITTEN or got != titles[(table, column, n)]:
                            failures.append(f"{where} {table} {column}: Roll gave {n}, answered {got!r}")
                # A fragment naming a number no throw writes picks no die.
                for bad in ("17", "20", "67"):
                    opened(b, page + f"#t={index}&k={bad}")
                    pressed = b.eval(f"[...document.querySelectorAll({json.dumps(base + '.die-buttons button[aria-pressed=true]')})].length")
                    if pressed != 0:
                        failures.append(f"{where} {table}: the fragment k={bad} picked a die")
                opened(b, page)
    finally:
        b.close()
    for f in failures:
        print("FAIL:", f)
    print(f"web_digits: {compared} answers and chances compared with qrsc, {len(failures)} failures")
    return 1 if failures or compared == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
