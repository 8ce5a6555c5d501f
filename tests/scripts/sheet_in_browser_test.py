#!/usr/bin/python3
"""The HTML sheet that `qrsc build --emit html` writes fits itself in a reader's browser.

A house variant whose movement-rate table is too wide for its column until its headings wrap
(tests/print_layout/heading-wraps.yaml) is built to HTML, and the page is opened in headless
Chromium through the DevTools protocol (tests/web/cdp.py). Measured in the page by this test
(every box of the table against the table's own box, not the page's report):

1. at load the table fits its column, its long heading is printed on more than one line, and its
   type is the sheet's size (fixed by wrapping, not by setting it smaller);
2. undone (the fixes' inline styles removed), the table is too wide again, and the browser's
   `beforeprint` event fits it again: what the reader prints is fitted even where the page was
   changed after it loaded;
3. printed by the browser (Page.printToPDF, the paper of the page's @page rule), the page gives
   the same word boxes (poppler's `pdftotext -bbox`) as the PDF `qrsc sheet` writes for it.

Usage: sheet_in_browser_test.py QRSC ROOT. Exit 77 when Chromium or poppler is missing.
"""
import base64
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "web"))
import cdp  # noqa: E402

TABLE = "t-movement_rates"
HEADING = "Railroad and Steamboat Movement by the Timetable of the Day"
kSlack = 0.5  # pixels: borders and glyph side bearings

# What the page shows of the table: how far its content reaches past its box, the heading's
# lines, the table's type size against the page's, and the layout's record of its fixes.
MEASURE = """(() => {
  const t = document.getElementById('%s');
  const box = t.getBoundingClientRect();
  let over = 0;
  for (const el of t.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width || r.height) over = Math.max(over, r.right - box.right, box.left - r.left);
  }
  const th = [...t.querySelectorAll('thead th')].find(h => h.textContent.trim() === '%s');
  const range = document.createRange();
  range.selectNodeContents(th);
  const lines = new Set([...range.getClientRects()].filter(r => r.width > 0.5).map(r => Math.round(r.top))).size;
  return {over, lines, size: getComputedStyle(t).fontSize, page: getComputedStyle(t.closest('.page')).fontSize,
          fit: t.getAttribute('data-fit') || ''};
})()""" % (TABLE, HEADING)

# The fixes undone: every inline style the layout set in the table, and its record.
UNDO = """(() => {
  const t = document.getElementById('%s');
  for (const el of [t, ...t.querySelectorAll('*')]) { el.style.whiteSpace = ''; el.style.minWidth = ''; el.style.fontSize = ''; }
  t.removeAttribute('data-fit');
})()""" % TABLE


def words(pdf):
    xml = subprocess.run(["pdftotext", "-bbox", pdf, "-"], check=True, capture_output=True, text=True).stdout
    return re.findall(r'<page [^>]*>|<word [^>]*>[^<]*</word>', xml)


def main():
    qrsc, root = sys.argv[1], os.path.abspath(sys.argv[2])
    chromium = cdp.find_chromium()
    if not chromium or not shutil.which("pdftotext"):
        print("SKIP: Chromium or poppler-utils is not installed")
        return 77
    tmp = tempfile.mkdtemp(prefix="qrs-sheet-browser-")
    spec = os.path.join(root, "tests", "print_layout", "heading-wraps.yaml")
    rules = ["-I", os.path.join(root, "rules")]
    failures = []
    try:
        for argv in (["build", spec, "--emit", "html", "-o", os.path.join(tmp, "out")],
                     ["sheet", spec, "-o", os.path.join(tmp, "qrsc.pdf")]):
            r = subprocess.run([qrsc, "-q"] + rules + argv, capture_output=True, text=True)
            if r.returncode != 0:
                print(f"FAIL qrsc {argv[0]}: {r.stderr}")
                return 1
        page = os.path.join(tmp, "out", "rff", "acw_house_railroad.html")
        b = cdp.Browser(chromium)
        try:
            b.open_page(1200, 900)
            b.navigate("file://" + page)
            loaded = b.eval(MEASURE)
            if loaded["over"] > kSlack:
                failures.append(f"at load the table reaches {loaded['over']:.1f}px past its column")
            if loaded["lines"] < 2:
                failures.append(f"at load the long heading is on {loaded['lines']} line")
            if loaded["size"] != loaded["page"]:
                failures.append(f"at load the table is set at {loaded['size']}, the page at {loaded['page']}")
            if "column headings wrapped" not in loaded["fit"]:
                failures.append(f"the table does not record its fix: {loaded['fit']!r}")
            b.eval(UNDO)
            undone = b.eval(MEASURE)
            if undone["over"] <= kSlack or undone["lines"] != 1:
                failures.append(f"undone, the table still fits ({undone}): the check cannot fail")
            b.eval("window.dispatchEvent(new Event('beforeprint'))")
            printing = b.eval(MEASURE)
            if printing["over"] > kSlack or printing["lines"] < 2:
                failures.append(f"before printing the table is not fitted again: {printing}")
            b.navigate("file://" + page)
            data = b.send("Page.printToPDF", {"preferCSSPageSize": True, "printBackground": True})["data"]
            with open(os.path.join(tmp, "browser.pdf"), "wb") as f:
                f.write(base64.b64decode(data))
        finally:
            b.close()
        printed, expected = words(os.path.join(tmp, "browser.pdf")), words(os.path.join(tmp, "qrsc.pdf"))
        if len(expected) < 500:
            failures.append(f"qrsc's PDF has {len(expected)} words: not the sheet")
        if printed != expected:
            diff = next(((a, e) for a, e in zip(printed, expected) if a != e), (len(printed), len(expected)))
            failures.append(f"the browser's print differs from qrsc's PDF: {diff}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for f in failures:
        print("FAIL " + f)
    print(f"sheet in browser: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
