#!/usr/bin/python3
"""Every sheet of rules/ as a publisher sends it to print, measured from the PDF itself.

For every spec of rules/ that is not abstract, and for US Letter and A4, `qrsc sheet` prints the
sheet once (with change marks: the publisher's bundle prints them), and poppler's
`pdftotext -bbox` gives the box of every printed word. From those boxes alone (nothing the
page's own measuring script reports) it checks:

1. No two words overlap: text printed over text. A word's box is poppler's (the font's ascent
   to descent, the advance widths); two boxes of neighbouring lines touch by design (line
   height 1.1 of the size against a box of ~1.12), so each box is first shrunk to its middle
   (kShrinkY of its height off the top and bottom, kShrinkX points off each side). What is
   left overlaps only when glyphs are printed on glyphs.
2. No word crosses a column gutter. The column boxes come from the sheet's layout as printed:
   the HTML's `grid-template-columns` (relative widths, `Nfr`) of each row of columns of each
   page, the printable width (the paper less two margins) and the gap between columns
   (`.cols` in sheet.css). Gutter g of a row is the band [end of column g, start of column
   g+1]. Where a page has several rows of columns (one above the other), the rows are told
   apart by the word clusters: the boundary between two rows is the widest horizontal band
   of the page that no word covers (the rows are separated by a section's margin, wider than
   any line spacing). A word crosses a gutter when its box reaches more than kSlack points
   into the band.
3. No word is printed outside the printable area, and the sheet has the pages its layout has
   (two for Regimental Fire and Fury and Battlecry! 1812).

The same is checked for the house variants of tests/print_layout, each of which makes a table
too wide for its column in a way that wrapping fixes (the layout wraps a table's column headings
first, then its text columns, before it sets the table smaller). For them it also checks, from
the word boxes, that the fix is the wrapping: the phrases that must wrap are printed on more
than one line, those that must not on one, and the table is printed at the sheet's size (every
word of those phrases as tall as the page's most common word height; a table set smaller
prints shorter boxes).

Usage: print_layout_test.py QRSC ROOT [PDF_DIR]
PDF_DIR keeps the PDFs and the HTML (otherwise a temporary folder). Exit 77 when Chromium or
poppler is missing.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from spec_files import spec_files  # noqa: E402

kShrinkY = 0.25    # of a word box's height, off its top and off its bottom
kShrinkX = 0.4     # points, off each side of a word box
kSlack = 0.5       # points a word may reach into a gutter (glyph side bearings)
kGap = 7.0         # points between columns: `.cols { gap: 0 7pt }` in templates/html/sheet.css
kMargin = 0.3 * 72  # points: the @page margin (kMargin in compiler/backends/html/emit_html.cpp)
kPapers = {"letter": (792.0, 612.0), "a4": (841.89, 595.28)}
kPages = {"rff": 2, "battlecry": 2}
# tests/print_layout/<name>.yaml: the phrases its fixed table prints over several lines, and
# those it still prints on one.
kHouse = {
    "heading-wraps": {"wrapped": ["Railroad and Steamboat Movement by the Timetable of the Day"],
                      "one_line": ["Field Column or Extended Line"]},
    "row-names-wrap": {"wrapped": ["Field Column or Extended Line"], "one_line": []},
}
kSameHeight = 0.05  # points: word boxes of one type size

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')


def words_of(pdf):
    """[(page, x0, y0, x1, y1, text)] from pdftotext -bbox, pages counted from 1."""
    xml = subprocess.run(["pdftotext", "-bbox", pdf, "-"], check=True, capture_output=True, text=True).stdout
    out, page = [], 0
    for line in xml.splitlines():
        if PAGE.search(line):
            page += 1
        elif m := WORD.search(line):
            out.append((page, float(m[1]), float(m[2]), float(m[3]), float(m[4]), m[5]))
    return out, page


def page_rows(html):
    """Per page of the HTML, the relative widths of each row of columns ([] for a flowing row)."""
    pages = []
    for chunk in re.split(r'<section class="page"', html)[1:]:
        rows = []
        for style in re.findall(r'<div class="(?:cols|flow)" style="([^"]*)"', chunk):
            rows.append([float(f) for f in re.findall(r"([\d.]+)fr", style)])
        pages.append(rows)
    return pages


def shrunk(w):
    _, x0, y0, x1, y1, _ = w
    dy = (y1 - y0) * kShrinkY
    return x0 + kShrinkX, y0 + dy, x1 - kShrinkX, y1 - dy


def overlaps(words):
    """Pairs of words of one page whose shrunk boxes intersect."""
    found = []
    by_page = {}
    for w in words:
        by_page.setdefault(w[0], []).append(w)
    for page, ws in by_page.items():
        ws.sort(key=lambda w: w[1])
        boxes = [shrunk(w) for w in ws]
        for i, a in enumerate(boxes):
            for j in range(i + 1, len(ws)):
                b = boxes[j]
                if b[0] >= a[2]:
                    break  # sorted by left edge: no later word starts left of a's right edge
                if b[1] < a[3] and a[1] < b[3] and b[0] < a[2]:
                    found.append((page, ws[i], ws[j]))
    return found


def row_bands(words, page, rows, top, bottom):
    """The vertical extent [y0, y1) of each row of columns on a page: split at the widest
    bands no word covers (len(rows) - 1 of them, between the sheet's title and its footer)."""
    if len(rows) == 1:
        return [(top, bottom)]
    spans = sorted((w[2], w[4]) for w in words if w[0] == page and w[2] > top and w[4] < bottom)
    gaps, reach = [], spans[0][0] if spans else top
    for y0, y1 in spans:
        if y0 > reach:
            gaps.append((y0 - reach, reach, y0))
        reach = max(reach, y1)
    cuts = sorted((a + b) / 2 for _, a, b in sorted(gaps, reverse=True)[: len(rows) - 1])
    edges = [top] + cuts + [bottom]
    return list(zip(edges, edges[1:]))


def gutter_crossings(words, pages, grids, width, height):
    """Words that reach into a gutter of the row of columns they are printed in."""
    found = []
    avail_x0, avail_x1 = kMargin, width - kMargin
    for p in range(1, pages + 1):
        rows = grids[p - 1] if p - 1 < len(grids) else []
        if not rows:
            continue
        ws = [w for w in words if w[0] == p]
        # Between the sheet's title line and the footer (its rule and line of small type).
        if not ws:
            continue
        title_bottom = min(w[4] for w in ws)
        foot_top = max([w[2] for w in ws if w[5] == "Page"] or [height - kMargin])
        for (y0, y1), fr in zip(row_bands(words, p, rows, title_bottom + 1, foot_top - 1), rows):
            if len(fr) < 2:
                continue
            avail = avail_x1 - avail_x0 - kGap * (len(fr) - 1)
            x = avail_x0
            for g, share in enumerate(fr[:-1]):
                left = x + avail * share / sum(fr)
                right = left + kGap
                for w in ws:
                    if w[2] >= y0 and w[4] <= y1 and w[3] > left + kSlack and w[1] < right - kSlack:
                        found.append((p, g + 1, left, right, w))
                x = right
    return found


def outside(words, width, height):
    s = 1.0
    return [w for w in words if w[1] < kMargin - s or w[2] < kMargin - s or w[3] > width - kMargin + s
            or w[4] > height - kMargin + s]


def phrase_lines(words, phrase):
    """For each place the phrase is printed, its words. In poppler's reading order a cell's
    lines may have a neighbouring cell's words between them, so words that are not the next
    of the phrase are skipped, as long as the phrase goes on on the same line or the next."""
    parts = phrase.split()
    found = []
    for i, first in enumerate(words):
        if first[5] != parts[0]:
            continue
        taken = [first]
        for w in words[i + 1:i + 4 * len(parts)]:
            if len(taken) == len(parts):
                break
            last = taken[-1]
            if w[5] == parts[len(taken)] and 0 <= w[2] - last[2] < 1.5 * (last[4] - last[2]):
                taken.append(w)
        if len(taken) == len(parts):
            found.append(taken)
    return found


def wrapping_failures(words, expected):
    """What the house variant's fixed table prints otherwise than by wrapping at its own size."""
    heights = {}
    for w in words:
        h = round(w[4] - w[2], 2)
        heights[h] = heights.get(h, 0) + 1
    common = max(heights, key=heights.get)
    out = []
    for wrapped in (True, False):
        for phrase in expected["wrapped" if wrapped else "one_line"]:
            found = phrase_lines(words, phrase)
            if not found:
                out.append(f"'{phrase}' is not printed")
            for ws in found:
                lines = len({round(w[2]) for w in ws})
                if wrapped != (lines > 1):
                    out.append(f"'{phrase}' printed on {lines} line(s)")
                small = [w for w in ws if abs((w[4] - w[2]) - common) > kSameHeight]
                if small:
                    out.append(f"'{phrase}' set at another size than the sheet's: {fmt(small[0])}, not {common:.2f}pt tall")
    return out


def fmt(w):
    return f"'{w[5]}' at ({w[1]:.1f}, {w[2]:.1f})-({w[3]:.1f}, {w[4]:.1f})"


def specs(root):
    """[(spec file, system, name)]: every sheet of rules/, then the house variants."""
    out = []
    for path in spec_files(os.path.join(root, "rules")):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if re.search(r"^abstract:\s*true", text, re.M):
            continue
        system = re.search(r"^system:\s*(\S+)", text, re.M)
        out.append((path, system[1] if system else "", os.path.relpath(path, os.path.join(root, "rules"))[:-5]))
    for name in sorted(kHouse):
        out.append((os.path.join(root, "tests", "print_layout", name + ".yaml"), "rff", "house/" + name))
    return out


def main():
    qrsc, root = sys.argv[1], sys.argv[2]
    if not (shutil.which("chromium") or os.access("/usr/bin/chromium", os.X_OK)) or not shutil.which("pdftotext"):
        print("chromium or poppler-utils is not installed: print layout checks skipped")
        return 77
    keep = sys.argv[3] if len(sys.argv) > 3 else None
    out = keep or tempfile.mkdtemp(prefix="qrs_print_layout_")
    os.makedirs(out, exist_ok=True)
    failures = []
    rules = ["-I", os.path.join(root, "rules")]
    for path, system, name in specs(root):
        for paper, (width, height) in kPapers.items():
            stem = os.path.join(out, name.replace("/", "_") + "-" + paper)
            where = f"{name} ({paper})"
            html_run = subprocess.run([qrsc] + rules + ["sheet", path, "-o", stem + ".html", "--paper", paper,
                                      "--change-marks"], capture_output=True, text=True)
            pdf_run = subprocess.run([qrsc] + rules + ["sheet", path, "-o", stem + ".pdf", "--paper", paper,
                                     "--change-marks"], capture_output=True, text=True)
            if html_run.returncode != 0 or pdf_run.returncode != 0:
                failures.append(f"{where}: qrsc sheet failed:\n{html_run.stderr}{pdf_run.stderr}")
                continue
            with open(stem + ".html", encoding="utf-8") as f:
                grids = page_rows(f.read())
            words, pages = words_of(stem + ".pdf")
            if system in kPages and pages != kPages[system]:
                failures.append(f"{where}: {pages} pages, not {kPages[system]}")
            for page, a, b in overlaps(words):
                failures.append(f"{where} page {page}: {fmt(a)} overlaps {fmt(b)}")
            for page, g, left, right, w in gutter_crossings(words, pages, grids, width, height):
                failures.append(f"{where} page {page}: {fmt(w)} crosses gutter {g} ({left:.1f}-{right:.1f})")
            for w in outside(words, width, height):
                failures.append(f"{where} page {w[0]}: {fmt(w)} is outside the printable area")
            house = kHouse.get(name.split("/")[-1]) if name.startswith("house/") else None
            if house:
                page1 = [w for w in words if w[0] == 1]
                failures += [f"{where}: {f}" for f in wrapping_failures(page1, house)]
    if not keep:
        shutil.rmtree(out, ignore_errors=True)
    for f in failures:
        print("FAIL " + f)
    print(f"print layout: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
