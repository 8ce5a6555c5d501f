#!/usr/bin/python3
"""Printing a web page prints the sheet as the PDF does: for every spec of
rules/, the page of `qrsc build --emit web` printed by headless Chromium (as a player's Print
does, the same flags as qrsc's PDF backend) against the PDF of `qrsc build --emit pdf`:

- the same number of pages, and two for each Regimental Fire and Fury sheet (the published
  quick reference sheets are two pages: ../shared/seeds);
- the same text, word for word (pdftotext): the printed sheet's tables, and none of the page's
  controls (table list, dice, Undo, modifiers' check boxes).

Usage: web_print_test.py QRSC ROOT. Exit 77 when the WebAssembly toolchain, Chromium or
poppler-utils is missing.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402
from web_build import build_web, run  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from spec_files import spec_files  # noqa: E402


def print_page(chromium, page, pdf, profile):
    """The page printed to `pdf` by headless Chromium, as qrsc's PDF backend prints a sheet."""
    r = run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}", "--no-pdf-header-footer",
             "--disable-pdf-tagging", f"--print-to-pdf={pdf}", "file://" + page], timeout=120)
    return r.returncode == 0 and os.path.isfile(pdf)


def pages(pdf):
    m = re.search(r"^Pages:\s+(\d+)", run(["pdfinfo", pdf]).stdout, re.M)
    return int(m.group(1)) if m else None


def words(pdf):
    return run(["pdftotext", "-layout", pdf, "-"]).stdout.split()


def main():
    qrsc, root = sys.argv[1], os.path.abspath(sys.argv[2])
    chromium = cdp.find_chromium()
    if not chromium or not shutil.which("pdfinfo"):
        print("SKIP: Chromium or poppler-utils not found (apt-get install chromium poppler-utils)")
        return 77
    tmp = tempfile.mkdtemp(prefix="qrs-web-print-")
    out = os.path.join(tmp, "out")
    specs = spec_files(os.path.join(root, "rules"))
    failed = build_web(qrsc, [*specs, "-o", out])
    if failed:
        return failed
    r = run([qrsc, "-q", "build", *specs, "-o", out, "--emit", "pdf"])
    if r.returncode != 0:
        print(r.stderr)
        return 1
    failures, checked = [], 0
    for page in sorted(glob.glob(os.path.join(out, "*", "*.web.html"))):
        name = os.path.relpath(page, out)
        sheet_pdf = page[:-len(".web.html")] + ".pdf"
        printed = os.path.join(tmp, name.replace("/", "_") + ".pdf")
        if not print_page(chromium, page, printed, os.path.join(tmp, "profile")):
            failures.append(f"{name}: Chromium did not print it")
            continue
        checked += 1
        want, got = pages(sheet_pdf), pages(printed)
        if got != want:
            failures.append(f"{name}: prints on {got} pages, the PDF has {want}")
        if name.startswith("rff/") and got != 2:
            failures.append(f"{name}: prints on {got} pages; a Regimental Fire and Fury sheet is two")
        a, b = words(printed), words(sheet_pdf)
        if a != b:
            at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            failures.append(f"{name}: printed text differs from the PDF's at word {at}: "
                            f"{' '.join(a[max(0, at - 5):at + 8])!r} against {' '.join(b[max(0, at - 5):at + 8])!r}")
        print(f"{name}: {got} pages (the PDF: {want}), {len(a)} words")
    shutil.rmtree(tmp, ignore_errors=True)
    for f in failures:
        print("FAIL: " + f)
    print(f"printed {checked} web pages; {len(failures)} failures")
    return 1 if failures or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
