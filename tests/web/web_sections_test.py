#!/usr/bin/python3
"""The web page holds the whole printed sheet: for every spec of rules/, the page of
`qrsc build --emit web` against the printed sheet of `qrsc sheet --appendix` (every table the
sheet can print).

- the page's tables are the printed sheet's, in its order, each under the same printed section
  (the sections counted and their headings compared);
- each table on the page carries its drawing as printed (the sheet's own partial, `id="t-ID"`),
  and the footnote of its `?` values is shown outside that drawing, as the sheet prints it;
- a table that is not interactive on the page is shown as printed, never dropped;
- the page's title names the sheet's period as the printed sheet's header does, so that no two
  pages of rules/ have the same title.

Usage: web_sections_test.py QRSC ROOT. Exit 77 when the WebAssembly toolchain is missing.
"""
import glob
import html
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_build import build_web, run  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from spec_files import spec_files  # noqa: E402

SECTION = re.compile(r'<section class="sec">\s*(?:<h2>(.*?)</h2>)?')
PRINTED_TABLE = re.compile(r'<div class="table kind-[a-z]+" id="t-([^"]+)"')
PAGE_SECTION = re.compile(r'<section class="sheet-table[^"]*" id="table-(\d+)"[^>]*? data-id="([^"]*)" data-section="(\d+)"[^>]*>')


def printed_sheet(text):
    """[(section ordinal, heading, table id)] in print order, and each table's ? footnotes."""
    marks = sorted([(m.start(), "s", m.group(1) or "") for m in SECTION.finditer(text)] +
                   [(m.start(), "t", m.group(1)) for m in PRINTED_TABLE.finditer(text)])
    out, ordinal, heading = [], -1, ""
    for _, kind, value in marks:
        if kind == "s":
            ordinal, heading = ordinal + 1, html.unescape(value)
        else:
            out.append((ordinal, heading, value))
    notes = {}
    for m in PRINTED_TABLE.finditer(text):
        end = text.find('<div class="table kind-', m.end())
        body = text[m.end():end if end >= 0 else len(text)]
        notes[m.group(1)] = re.findall(r'<p class="unknown-note">.*?</p>', body)
    return out, notes


def page_sheet(text):
    """[(section ordinal, heading, table id, section body)] in page order."""
    out = []
    for m in PAGE_SECTION.finditer(text):
        end = text.find("</section>", m.end())
        body = text[m.end():end]
        heading = re.match(r'\s*<div class="table-head">\s*(?:<p class="in-section">(.*?)</p>)?', body)
        out.append((int(m.group(3)), html.unescape(heading.group(1) or ""), m.group(2), body))
    return out


def main():
    qrsc, root = sys.argv[1], os.path.abspath(sys.argv[2])
    tmp = tempfile.mkdtemp(prefix="qrs-web-sections-")
    specs = spec_files(os.path.join(root, "rules"))
    failed = build_web(qrsc, [*specs, "-o", os.path.join(tmp, "web")])
    if failed:
        return failed
    failures, titles, counted = [], {}, [0, 0, 0]
    for page_path in sorted(glob.glob(os.path.join(tmp, "web", "*", "*.web.html"))):
        page = open(page_path, encoding="utf-8").read()
        spec_id = re.search(r'<body data-spec="([^"]*)"', page).group(1)
        spec = next(s for s in specs if os.path.basename(s)[:-5] == spec_id)
        sheet_path = os.path.join(tmp, spec_id + ".html")
        r = run([qrsc, "-q", "sheet", spec, "--appendix", "-o", sheet_path])
        if r.returncode != 0:
            failures.append(f"{spec_id}: qrsc sheet failed: {r.stderr[:300]}")
            continue
        sheet = open(sheet_path, encoding="utf-8").read()
        printed, notes = printed_sheet(sheet)
        shown = page_sheet(page)
        want = [(s, h, t) for s, h, t in printed]
        got = [(s, h, t) for s, h, t, _ in shown]
        if got != want:
            failures.append(f"{spec_id}: the page's sections and tables {got}\n  are not the printed sheet's {want}")
        counted[0] += len({s for s, _, _ in printed})
        counted[1] += len(printed)
        for _, _, table, body in shown:
            if f'id="t-{table}"' not in body:
                failures.append(f"{spec_id} {table}: the table as printed is not in its section")
            outside = re.sub(r'<details class="as-printed">.*?</details>', "", body, flags=re.S)
            for note in notes.get(table, []):
                counted[2] += 1
                if note not in outside:
                    failures.append(f"{spec_id} {table}: the footnote {note!r} is not shown")
        period = re.search(r'class="sheet-period">([^<]*)', sheet)
        title = re.search(r"<title>(.*?)</title>", page).group(1)
        if period and period.group(1) not in title:
            failures.append(f"{spec_id}: the page's title {title!r} does not name the period {period.group(1)!r}")
        if title in titles:
            failures.append(f"{spec_id}: the page's title {title!r} is also {titles[title]}'s")
        titles[title] = spec_id
    for f in failures:
        print("FAIL", f)
    print(f"{len(titles)} pages: {counted[0]} sections, {counted[1]} tables and {counted[2]} footnotes of ? compared"
          f" with the printed sheets; {len(failures)} differences")
    return 1 if failures or not titles else 0


if __name__ == "__main__":
    sys.exit(main())
