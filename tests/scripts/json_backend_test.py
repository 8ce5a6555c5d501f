#!/usr/bin/python3
"""The JSON backend as a consumer in another language meets it.

Builds every spec in rules/ with `qrsc build --emit json`, then:
1. validates each file against docs/schema/qrs-sheet.schema.json with an independent validator
   (Debian's python3-jsonschema), and checks that the schema rejects broken variants of them;
2. answers every expectation in tests/expected/*.tsv (written from the seed documents, not from
   the specs) from the JSON alone, with exact fractions.
Usage: json_backend_test.py QRSC ROOT
"""
import copy
import glob
import json
import os
import subprocess
import sys
import tempfile
from fractions import Fraction

from jsonschema import Draft202012Validator
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from spec_files import spec_files  # noqa: E402

qrsc, root = sys.argv[1], sys.argv[2]
failures = []


def fail(msg):
    failures.append(msg)


def number(n):
    return Fraction(n["num"], n["den"]) if isinstance(n, dict) else Fraction(n)


def parse_key(text):
    text = text.strip()
    parts = text.split()
    if len(parts) == 2:  # "1 1/2"
        whole = Fraction(parts[0])
        return whole + (Fraction(parts[1]) if whole >= 0 else -Fraction(parts[1]))
    return Fraction(text)


def contains(band, key):
    if band is None:
        return False
    if "from" in band and key < number(band["from"]):
        return False
    if "below" in band and key >= number(band["below"]):
        return False
    return True


def find_column(columns, name):
    for i, c in enumerate(columns):
        if c["id"] == name or c["name"].lower() == name.lower():
            return i
    return None


def answer(table, key, column):
    """The lookup answer as qrsc lookup prints it, from the JSON alone; None when none."""
    kind = table["kind"]
    if kind == "bands":
        bt = table["bands"]
        col = 0 if not column else find_column(bt["columns"], column)
        if col is None:
            return None
        k = parse_key(key)
        lo, hi = bt["key"]["min"], bt["key"]["max"]
        if (lo is not None and k < number(lo)) or (hi is not None and k > number(hi)):
            return None
        for row in bt["rows"]:
            if contains(row["bands"][col], k):
                line = [row["id"], row["title"]]
                if row["number"] is not None:
                    line.append(("+" if row["number"] > 0 else "") + str(row["number"]))
                parts = [p["id"] for p in row["parts"] if contains(p["bands"][col], k)]
                return line, parts
        return None
    if kind == "matrix":
        m = table["matrix"]
        rows = [r for r in m["rows"] if r["id"] == key or r["name"].lower() == key.lower()]
        col = find_column(m["columns"], column or "")
        if not rows or col is None:
            return None
        cell = rows[0]["cells"][col]
        return [cell["text"] if cell else ""], []
    items = table[kind]["items"]
    for i in items:
        if i["id"] == key:
            return [i["notation"] if kind == "modifiers" else i["value"], i["text"]], []
    return None


def check_expectations(sheets):
    checked = 0
    for path in sorted(glob.glob(os.path.join(root, "tests", "expected", "*.tsv"))):
        spec = None
        lines = open(path, encoding="utf-8").read().split("\n")
        if not any(line.startswith("# spec: ") for line in lines):
            continue  # not a lookup table (wording.tsv names a spec on each line)
        for n, line in enumerate(lines, 1):
            if line.startswith("# spec: "):
                spec = line[len("# spec: "):].strip().split("/")[-1]
            if not line.strip() or line.startswith("#"):
                continue
            table_id, key, column, *expected = line.split("\t")
            where = f"{os.path.basename(path)}:{n}"
            sheet = sheets.get(spec)
            if sheet is None:
                fail(f"{where}: no JSON for spec {spec}")
                continue
            table = next((t for t in sheet["tables"] if t["id"] == table_id), None)
            if table is None:
                fail(f"{where}: no table {table_id}")
                continue
            got = answer(table, key, column)
            checked += 1
            if expected[0] == "ERROR":
                if got is not None:
                    fail(f"{where}: {table_id} {key} should have no answer, JSON gives {got[0]}")
                continue
            if got is None:
                fail(f"{where}: {table_id} {key} {column}: no answer in the JSON")
                continue
            line_, parts = got
            if table["kind"] == "matrix":
                want = "" if expected[0] == "BLANK" else expected[0]
                if line_[0] != want:
                    fail(f"{where}: {table_id} {key} {column}: JSON has {line_[0]!r}, expected {want!r}")
                continue
            if table["kind"] in ("facts", "modifiers"):
                if line_ != expected:
                    fail(f"{where}: {table_id} {key}: JSON has {line_}, expected {expected}")
                continue
            has_part = len(expected) == 3 and expected[2].lstrip("+-").isdigit() is False
            want = expected[:2] if has_part else expected
            if line_ != want:
                fail(f"{where}: {table_id} {key} {column}: JSON has {line_}, expected {want}")
            if has_part and expected[2] not in parts:
                fail(f"{where}: {table_id} {key} {column}: part {expected[2]} not among {parts}")
    return checked


def check_unknown(sheets):
    """A value no source gives is unknown, not blank: 002 prints no legible cell for the MAW
    Mexican heavy gun (its "4 3 2 1" cannot be placed in a column), and 000 gives no open-ground
    rate for the 1812 Version 3 siege gun; a known cell stays a number."""
    def cell(sheet, table, row, column):
        t = next(t for t in sheets[sheet]["tables"] if t["id"] == table)["matrix"]
        i = next(i for i, c in enumerate(t["columns"]) if c["id"] == column)
        return next(r for r in t["rows"] if r["id"] == row)["cells"][i]
    for sheet, table, row, column in [("maw-3-15mm", "cannonade_fire_points", "mex_hg", "r4"),
                                      ("1812-3-15mm", "movement_rates", "artillery_siege_gun", "open")]:
        c = cell(sheet, table, row, column)
        if not (isinstance(c, dict) and c.get("unknown") is True and "value" not in c):
            fail(f"{sheet} {table}/{row}/{column} is not unknown: {c}")
    c = cell("maw-3-15mm", "cannonade_fire_points", "hh", "r4")
    if not (isinstance(c, dict) and "unknown" not in c and c["value"] is not None):
        fail(f"maw-3-15mm cannonade_fire_points/hh/r4 should be a known value: {c}")


def check_presentation(sheets):
    """What the printed sheet shows around the data: the ACW sheet heads its fire-effects columns
    TARGET (003's grid) and its unit effectiveness rows "Stands", a table it does not print
    (appendix); the 1812 Version 3 sheet prints its fire effects without a row heading or appendix;
    the imprint's version defaults to the edition, and nothing else of it is invented."""
    def table(sheet, table_id):
        return next(t for t in sheets[sheet]["tables"] if t["id"] == table_id)
    acw = "acw-2.1-15mm"
    checks = [
        (table(acw, "fire_effects")["bands"]["columns_title"], "Target"),
        (table(acw, "maneuver_good_order")["bands"]["columns_title"], ""),
        (table(acw, "unit_effectiveness")["matrix"]["row_heading"], "Stands"),
        (table(acw, "movement_rates")["matrix"]["row_heading"], ""),
        (table(acw, "unit_effectiveness")["print"], "appendix"),
        (table(acw, "fire_effects")["print"], "sheet"),
        (table("maw-3-15mm", "weapons")["print"], "appendix"),
        (sheets[acw]["publisher"], {"name": None, "copyright": None, "version": "2.1", "date": None}),
        (sheets["1812-3-15mm"]["publisher"]["version"], "3"),
    ]
    for got, want in checks:
        if got != want:
            fail(f"presentation: JSON has {got!r}, expected {want!r}")
    # Every table of every sheet says whether it is printed; every appendix table is one the spec marks.
    for sheet in sheets.values():
        for t in sheet["tables"]:
            if t["print"] not in ("sheet", "appendix"):
                fail(f"{sheet['id']} {t['id']}: print is {t['print']!r}")


def check_publisher(out_root):
    """A spec's publisher: block reaches the JSON as written (a house variant of an installed sheet)."""
    with tempfile.TemporaryDirectory() as tmp:
        house = os.path.join(tmp, "rules", "house")
        os.makedirs(house)
        with open(os.path.join(house, "acw-house.yaml"), "w", encoding="utf-8") as f:
            f.write("qrs: 1\nextends: rff/acw-2.1-15mm\npublisher:\n  name: House Games\n"
                    "  copyright: \"\u00a9 2026 House Games\"\n  date: March 2026\n")
        r = subprocess.run([qrsc, "build", os.path.join(house, "acw-house.yaml"), "-I", os.path.join(root, "rules"),
                            "-o", out_root, "--emit", "json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            fail(f"house spec with a publisher did not build: {r.stderr[:300]}")
            return None
    files = glob.glob(os.path.join(out_root, "**", "acw*house*.json"), recursive=True)
    if len(files) != 1:
        fail(f"expected one JSON file for the house spec, got {files}")
        return None
    sheet = json.load(open(files[0], encoding="utf-8"))
    want = {"name": "House Games", "copyright": "\u00a9 2026 House Games", "version": "2.1", "date": "March 2026"}
    if sheet["publisher"] != want:
        fail(f"house publisher: JSON has {sheet['publisher']!r}, expected {want!r}")
    return sheet


def broken_variants(sheet):
    """Copies of a valid sheet that the schema must reject, each with what is wrong."""
    def mutate(f):
        s = copy.deepcopy(sheet)
        f(s)
        return s
    bands = next(t for t in sheet["tables"] if t["kind"] == "bands")
    i = sheet["tables"].index(bands)
    m = next(n for n, t in enumerate(sheet["tables"]) if t["kind"] == "matrix")
    return [
        ("unknown top-level key", mutate(lambda s: s.update(extra=1))),
        ("missing tables", mutate(lambda s: s.pop("tables"))),
        ("wrong format_version", mutate(lambda s: s.update(format_version=1))),
        ("band table without its body", mutate(lambda s: s["tables"][i].pop("bands"))),
        ("two bodies in one table", mutate(lambda s: s["tables"][i].update(facts={"items": []}))),
        ("a band bound as a float", mutate(lambda s: s["tables"][i]["bands"]["rows"][0]["bands"].__setitem__(
            0, {"from": 8.5, "text": "8.5"}))),
        ("a fraction not in lowest terms form", mutate(lambda s: s["tables"][i]["bands"]["rows"][0]["bands"].__setitem__(
            0, {"from": {"num": 3, "den": 1}, "text": "3"}))),
        ("unknown provenance", mutate(lambda s: s["scaled_values"].append({"where": "x", "provenance": {"kind": "guessed"}}))),
        ("no publisher", mutate(lambda s: s.pop("publisher"))),
        ("a publisher part the format does not know", mutate(lambda s: s["publisher"].update(address="x"))),
        ("an empty publisher name instead of null", mutate(lambda s: s["publisher"].update(name=""))),
        ("a table without print", mutate(lambda s: s["tables"][i].pop("print"))),
        ("print neither sheet nor appendix", mutate(lambda s: s["tables"][i].update(print="maybe"))),
        ("a band table without columns_title", mutate(lambda s: s["tables"][i]["bands"].pop("columns_title"))),
        ("a matrix without row_heading", mutate(lambda s: s["tables"][m]["matrix"].pop("row_heading"))),
    ]


def main():
    schema = json.load(open(os.path.join(root, "docs", "schema", "qrs-sheet.schema.json"), encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    specs = spec_files(os.path.join(root, "rules"))
    with tempfile.TemporaryDirectory() as out:
        r = subprocess.run([qrsc, "build", *specs, "-o", out, "--emit", "json"], cwd=root,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            print(r.stderr)
            sys.exit(f"qrsc build --emit json failed ({r.returncode})")
        files = sorted(glob.glob(os.path.join(out, "**", "*.json"), recursive=True))
        if len(files) < 5:
            fail(f"expected a JSON file for each of the 5 sheets, got {len(files)}")
        sheets = {}
        for f in files:
            sheet = json.load(open(f, encoding="utf-8"))
            errors = list(validator.iter_errors(sheet))
            for e in errors[:5]:
                fail(f"{os.path.relpath(f, out)}: {list(e.absolute_path)}: {e.message[:200]}")
            sheets[sheet["id"]] = sheet
        house = check_publisher(os.path.join(out, "house"))
        if house is not None:
            for e in list(validator.iter_errors(house))[:5]:
                fail(f"house sheet: {list(e.absolute_path)}: {e.message[:200]}")
    for what, broken in broken_variants(sheets["acw-2.1-15mm"]):
        if validator.is_valid(broken):
            fail(f"the schema accepts a sheet with {what}")
    checked = check_expectations(sheets)
    check_unknown(sheets)
    check_presentation(sheets)
    for f in failures[:40]:
        print("FAIL:", f)
    print(f"{len(sheets)} JSON sheets valid against the schema; {checked} expectations from the seeds answered "
          f"from JSON; {len(failures)} failures")
    sys.exit(1 if failures else 0)


main()
