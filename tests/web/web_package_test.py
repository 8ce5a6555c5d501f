#!/usr/bin/env python3
"""A system's package file declares what its procedures read, and a sheet's web module is built
from that declaration (docs/game-code.md, "A system's package"). On RFF's fire combat
(rules/rff/rff.package.yaml):

- a house sheet of ACW keeping only the tables the package says fire combat reads (and
  fallen_leader, which the fire additional effects' trigger names: the sheet's own reference,
  not the procedure's) builds its web page with no warning, and its module offers fire combat
  (`qrs_procedures` returns "fire_combat"): the declaration names every table the procedure's
  source reads;
- with a copy of the package earlier on the search path that leaves one of those tables out of
  `reads`, the same sheet's module fails to compile: a declaration that lags the code is caught;
- a house sheet that also drops fire_point_factors is warned of, naming the table and the
  declaration, and its module offers no fire combat;
- the procedure's page part (the package's `page:` files) is on the page of the sheet that has
  the procedure, each file as it is, and on no page of a sheet without it; the depfile lists them.
- a part that throws as it starts (a second procedure of a package copy whose page script does)
  is left out: in Chromium, the page with it answers a fire combat as the page without it does.

Usage: web_package_test.py QRSC ROOT. Exit status 77 when the WebAssembly toolchain is missing."""
import base64
import os
import re
import shutil
import sys
import tempfile

import time

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402
from web_build import run  # noqa: E402


def house_sheet(root, folder, keep, name):
    """A variant of acw-2.1-15mm in FOLDER/rules/house/NAME.yaml removing every table not in KEEP."""
    with open(os.path.join(root, "rules", "rff", "acw-2.1-15mm.yaml"), encoding="utf-8") as f:
        ids = [t["id"] for t in yaml.safe_load(f)["tables"]]
    lines = ["qrs: 1", f"id: {name}", "extends: rff/acw-2.1-15mm", f"title: {name}", "tables:"]
    lines += [f"  - {{ id: {i}, remove: true }}" for i in ids if i not in keep]
    path = os.path.join(folder, "rules", "house", name + ".yaml")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return path


def procedures_offered(page):
    """What the page's module says qrs_procedures returns: the string in its data, read from the
    module's bytes (the ids are the only text qrs_procedures can return)."""
    with open(page, encoding="utf-8") as f:
        found = re.search(r'<script type="application/wasm-base64" id="module">([^<]*)</script>', f.read())
    wasm = base64.b64decode(found.group(1)) if found else b""
    return "fire_combat" if b"fire_combat\0" in wasm else ""


def build(qrsc, root, spec, out, *more):
    return run([qrsc, "-I", os.path.join(root, "rules"), "build", spec, "-o", out, "--emit", "web", *more])


def page_parts(root, fire):
    """The text of each of the procedure's page files (rules/rff/, the package's folder)."""
    parts = {}
    for key, name in fire.get("page", {}).items():
        with open(os.path.join(root, "rules", "rff", name), encoding="utf-8") as f:
            parts[key] = f.read()
    return parts


def parts_on(page, parts):
    """The page files whose whole text is on PAGE."""
    with open(page, encoding="utf-8") as f:
        text = f.read()
    return sorted(key for key, part in parts.items() if part in text)


def answered(chromium, page):
    """The fire effects' answer on PAGE, opened with a firing unit (4 stands of the first weapon at
    6") and a 7 rolled: whether the page got ready, the answer's title and the units' total."""
    b = cdp.Browser(chromium, 1024, 800)
    try:
        b.open_page(1024, 800)
        b.navigate("file://" + page)
        time.sleep(1)
        table = b.eval("[...document.querySelectorAll('section.sheet-table')].findIndex(s => s.querySelector('.fire'))")
        b.eval(f"location.hash = 't={table}&c=0&k=7&u=0.0-4-6-0'")  # the page reads it (hashchange)
        time.sleep(0.5)
        base = "section.sheet-table:not([hidden]) "
        return b.eval(f"[document.body.dataset.ready, document.querySelector('{base}.effect-title').textContent,"
                      f" (document.querySelector('{base}.fire-total') || {{}}).textContent]")
    finally:
        b.close()


def broken_part(qrsc, root, tmp, package, reads, page, chromium):
    """The fire-only sheet built with a package copy that adds a procedure whose page script throws
    as it starts: its page answers as PAGE (built with the real package) does."""
    own = os.path.join(tmp, "broken", "rules", "rff")
    shutil.copytree(os.path.join(root, "rules", "rff", "web"), os.path.join(own, "web"))
    with open(os.path.join(own, "web", "broken.js"), "w", encoding="utf-8") as f:
        f.write('self.qrsProcedures.broken = () => { throw new Error("broken on purpose"); };\n')
    broken = {"id": "broken", "title": "Broken", "page": {"script": "web/broken.js"}, "reads": ["fire_effects"]}
    with open(os.path.join(own, "rff.package.yaml"), "w", encoding="utf-8") as f:
        yaml.safe_dump({"procedures": package["procedures"] + [broken]}, f)
    spec = house_sheet(root, os.path.join(tmp, "broken"), set(reads) | {"fallen_leader"}, "fire-only")
    r = build(qrsc, root, spec, os.path.join(tmp, "broken", "out"))
    with_broken = os.path.join(tmp, "broken", "out", "rff", "fire_only.web.html")
    if r.returncode != 0 or "broken on purpose" not in open(with_broken, encoding="utf-8").read():
        return [f"a part that throws: the page was not built with it, exit {r.returncode}, {r.stderr[:400]}"]
    want, got = answered(chromium, page), answered(chromium, with_broken)
    if want[0] != "1" or not want[1] or not want[2] or got != want:
        return [f"a part that throws: the page with it answers {got}, the page without it {want}"]
    return []


def main():
    qrsc, root = sys.argv[1], os.path.abspath(sys.argv[2])
    with open(os.path.join(root, "rules", "rff", "rff.package.yaml"), encoding="utf-8") as f:
        package = yaml.safe_load(f)
    fire = next(p for p in package["procedures"] if p["id"] == "fire_combat")
    reads = fire["reads"]
    failures = []
    tmp = tempfile.mkdtemp(prefix="qrs-package-")

    parts = page_parts(root, fire)
    if sorted(parts) != ["markup", "script", "style"]:
        failures.append(f"the package's fire combat names page files {sorted(parts)}: want script, markup and style")

    # The declared tables are enough.
    spec = house_sheet(root, tmp, set(reads) | {"fallen_leader"}, "fire-only")
    depfile = os.path.join(tmp, "fire-only.d")
    r = build(qrsc, root, spec, os.path.join(tmp, "out"), "--depfile", depfile)
    if "WebAssembly toolchain" in r.stderr:
        print("SKIP: " + r.stderr.strip().splitlines()[-1])
        return 77
    page = os.path.join(tmp, "out", "rff", "fire_only.web.html")
    if r.returncode != 0 or "warning" in r.stderr:
        failures.append(f"the declared tables alone: exit {r.returncode}, {r.stderr[:400]}")
    elif procedures_offered(page) != "fire_combat":
        failures.append("the declared tables alone: the module offers no fire combat")
    elif parts_on(page, parts) != sorted(parts):
        failures.append(f"the declared tables alone: the page carries page files {parts_on(page, parts)}, "
                        f"want {sorted(parts)}")
    else:
        with open(depfile, encoding="utf-8") as f:
            listed = f.read()
        missing = [n for n in fire["page"].values() if os.path.basename(n) not in listed]
        if missing:
            failures.append(f"the depfile does not list the page files {missing}")

    # A declaration that leaves a table the source reads out of `reads` fails the module.
    lagging = {k: v for k, v in fire.items() if k != "page"}  # its page files are not copied
    lagging["reads"] = [t for t in reads if t != "fire_point_factors"]
    own = os.path.join(tmp, "lag", "rules", "rff")
    os.makedirs(own)
    with open(os.path.join(own, "rff.package.yaml"), "w", encoding="utf-8") as f:
        yaml.safe_dump({"procedures": [lagging]}, f)
    spec = house_sheet(root, os.path.join(tmp, "lag"), set(lagging["reads"]) | {"fallen_leader"}, "lagging")
    r = build(qrsc, root, spec, os.path.join(tmp, "lag", "out"))
    if r.returncode != 1 or "compiling the sheet's WebAssembly module" not in r.stderr:
        failures.append(f"a lagging declaration: exit {r.returncode} (want 1, the module's compile failing), "
                        f"{r.stderr[:400]}")

    # A sheet without one of the tables: warned of, no fire combat.
    spec = house_sheet(root, tmp, (set(reads) | {"fallen_leader"}) - {"fire_point_factors"}, "no-factors")
    r = build(qrsc, root, spec, os.path.join(tmp, "out"))
    page = os.path.join(tmp, "out", "rff", "no_factors.web.html")
    warning = ("warning: the sheet has no table 'fire_point_factors', which its system's procedure 'fire_combat' "
               "(Fire combat, declared at ")
    if r.returncode != 0 or warning not in r.stderr or "rff.package.yaml:9:5) reads" not in r.stderr:
        failures.append(f"a sheet without fire_point_factors: exit {r.returncode}, want the warning; {r.stderr[:800]}")
    elif procedures_offered(page):
        failures.append("a sheet without fire_point_factors: its module still offers fire combat")
    elif parts_on(page, parts):
        failures.append(f"a sheet without fire_point_factors: its page carries {parts_on(page, parts)}")

    # A part that throws as it starts is left out; the rest of the page answers as before.
    cases = 4
    chromium = cdp.find_chromium()
    if chromium:
        cases += 1
        failures += broken_part(qrsc, root, tmp, package, reads, os.path.join(tmp, "out", "rff", "fire_only.web.html"),
                                chromium)

    shutil.rmtree(tmp, ignore_errors=True)
    for f in failures:
        print("FAIL " + f)
    print(f"system package: {cases - len(failures)} of {cases} cases as declared")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
