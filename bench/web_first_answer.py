#!/usr/bin/python3
"""The interactive web sheets' budget: each page's size (at most 400 KB) and the time from
navigation to its first answer in headless Chromium against the time to load the static
printable HTML sheet of the same spec, in the same browser, interleaved, median of N runs.

The first answer is the page's `qrs-first-answer` performance mark (set when its module has
answered for the first time); the static sheet's time is its navigation entry's loadEventEnd.

Usage: bench/web_first_answer.py QRSC ROOT [RUNS]   (default 7)
"""
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "web"))
import cdp  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from spec_files import spec_files  # noqa: E402

BUDGET_BYTES = 400 * 1024


def timed(b, url, expression):
    b.navigate("about:blank")
    b.navigate(url)
    for _ in range(500):
        v = b.eval(expression)
        if v:
            return float(v)
        time.sleep(0.01)
    raise RuntimeError(f"{url}: no timing")


def main():
    qrsc, root = sys.argv[1], os.path.abspath(sys.argv[2])
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    out = tempfile.mkdtemp(prefix="qrs-web-bench-")
    specs = spec_files(os.path.join(root, "rules"))
    subprocess.run([qrsc, "-q", "build", *specs, "-o", out, "--emit", "html,web"], check=True)
    b = cdp.Browser(cdp.find_chromium())
    print("| sheet | web page | static sheet | first answer (web) | load (static) | ratio |")
    print("|---|---|---|---|---|---|")
    try:
        b.open_page(390, 844)
        for web in sorted(glob.glob(os.path.join(out, "**", "*.web.html"), recursive=True)):
            static = web[: -len(".web.html")] + ".html"
            web_ms, static_ms = [], []
            for _ in range(runs):
                web_ms.append(timed(b, "file://" + web,
                                    "(performance.getEntriesByName('qrs-first-answer')[0] || {}).startTime"))
                static_ms.append(timed(b, "file://" + static,
                                       "(performance.getEntriesByType('navigation')[0] || {}).loadEventEnd"))
            w, s = statistics.median(web_ms), statistics.median(static_ms)
            size = os.path.getsize(web)
            print(f"| {os.path.basename(web)} | {size / 1024:.0f} KB{'' if size <= BUDGET_BYTES else ' (over budget)'} "
                  f"| {os.path.getsize(static) / 1024:.0f} KB | {w:.0f} ms | {s:.0f} ms | {w / s:.2f} |")
    finally:
        b.close()


if __name__ == "__main__":
    main()
