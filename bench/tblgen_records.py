#!/usr/bin/env python3
"""Writes one sheet's tables as LLVM TableGen records: the baseline `llvm-tblgen
-gen-searchable-tables` compiles against `qrsc build --emit cpp` (bench/compile_speed.py).

Input: the sheet as qrsc's JSON backend writes it (generated/<system>/<id>.json), so the
records hold what the header holds: every vocabulary as a GenericEnum; every band of every
band-table row and column, every modifier, matrix cell, list item and fact as a record with
its texts, in a GenericTable with a primary-key lookup (bands by column and lower edge,
cells by row and column, the rest by position: string keys need case-insensitive lookups). Fraction keys are scaled to integers,
as the header's dense index scales them.

Usage: tblgen_records.py SHEET.json > sheet.td
"""
import json
import math
import sys
from fractions import Fraction


def string(s):
    out = []
    for ch in s or "":
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def ident(s):
    return "".join(c if c.isalnum() else "_" for c in s.title()) or "X"


def number(v):
    if v is None:
        return None
    if isinstance(v, dict):
        return Fraction(v["num"], v["den"])
    return Fraction(v)


def emit_bands(out, name, t):
    b = t["bands"]
    edges = [number(x.get(k)) for r in b["rows"] for x in r["bands"] if x for k in ("from", "below") if x.get(k) is not None]
    scale = 1
    for e in edges:
        scale = scale * e.denominator // math.gcd(scale, e.denominator)
    out.append(f"class {name}Band<string id, bits<16> column, bits<32> lo, bits<32> hi, string title, string text, string band> {{")
    out.append("  string Id = id; bits<16> Column = column; bits<32> Lo = lo; bits<32> Hi = hi;")
    out.append("  string Title = title; string Text = text; string Band = band;\n}")
    for r in b["rows"]:
        text = "\n".join(r.get("paragraphs") or [])
        for c, x in enumerate(r["bands"]):
            if not x or (x.get("from") is None and x.get("below") is None and not x.get("text")):
                continue
            lo = number(x.get("from"))
            hi = number(x.get("below"))
            # Key fields are unsigned: edges biased by 2^30, open ends at 0 and 2^31.
            lo_i = int(lo * scale) + (1 << 30) if lo is not None else 0
            hi_i = int(hi * scale) + (1 << 30) if hi is not None else (1 << 31)
            out.append(f"def : {name}Band<{string(r['id'])}, {c}, {lo_i}, {hi_i}, {string(r.get('title'))}, "
                       f"{string(text)}, {string(x.get('text'))}>;")
    table(out, name, "Band", ["Id", "Column", "Lo", "Hi", "Title", "Text", "Band"], ["Column", "Lo"])


def emit_modifiers(out, name, t):
    out.append(f"class {name}Item<bits<16> index, string id, bits<32> value, string notation, string text, string group, "
               f"bits<8> column> {{")
    out.append("  bits<16> Index = index; string Id = id; bits<32> Value = value; string Notation = notation;")
    out.append("  string Text = text; string Group = group; bits<8> Column = column;\n}")
    for i, m in enumerate(t["modifiers"]["items"]):
        out.append(f"def : {name}Item<{i}, {string(m['id'])}, {(m.get('value') or 0) + (1 << 30)}, {string(m.get('notation'))}, "
                   f"{string(m.get('text'))}, {string(m.get('group'))}, {m.get('column') or 0}>;")
    table(out, name, "Item", ["Index", "Id", "Value", "Notation", "Text", "Group", "Column"], ["Index"])


def emit_matrix(out, name, t):
    m = t["matrix"]
    out.append(f"class {name}Cell<bits<16> index, string row, string name, bits<16> column, string text> {{")
    out.append("  bits<16> Index = index; string Row = row; string Name = name; bits<16> Column = column;")
    out.append("  string Text = text;\n}")
    for i, r in enumerate(m["rows"]):
        for c, cell in enumerate(r["cells"]):
            out.append(f"def : {name}Cell<{i}, {string(r['id'])}, {string(r.get('name'))}, {c}, "
                       f"{string((cell or {}).get('text'))}>;")
    table(out, name, "Cell", ["Index", "Row", "Name", "Column", "Text"], ["Index", "Column"])


def emit_list(out, name, t):
    out.append(f"class {name}Entry<bits<16> index, string section, string label, string text, string condition> {{")
    out.append("  bits<16> Index = index; string Section = section; string Label = label; string Text = text;")
    out.append("  string Condition = condition;\n}")
    n = 0

    def items(section, xs):
        nonlocal n
        for i in xs:
            out.append(f"def : {name}Entry<{n}, {string(section)}, {string(i.get('label'))}, {string(i.get('text'))}, "
                       f"{string(i.get('condition'))}>;")
            n += 1
            items(section, i.get("items") or [])

    for s in t["list"]["sections"]:
        items(s.get("id") or s.get("title"), s.get("items") or [])
    table(out, name, "Entry", ["Index", "Section", "Label", "Text", "Condition"], ["Index"])


def emit_facts(out, name, t):
    out.append(f"class {name}Fact<bits<16> index, string id, string label, string value, string text> {{")
    out.append("  bits<16> Index = index; string Id = id; string Label = label; string Value = value;")
    out.append("  string Text = text;\n}")
    for i, f in enumerate(t["facts"]["items"]):
        out.append(f"def : {name}Fact<{i}, {string(f['id'])}, {string(f.get('label'))}, {string(f.get('value'))}, "
                   f"{string(f.get('text'))}>;")
    table(out, name, "Fact", ["Index", "Id", "Label", "Value", "Text"], ["Index"])


def table(out, name, kind, fields, key):
    out.append(f"def {name}Table : GenericTable {{")
    out.append(f'  let FilterClass = "{name}{kind}";')
    out.append("  let Fields = [" + ", ".join(f'"{f}"' for f in fields) + "];")
    out.append("  let PrimaryKey = [" + ", ".join(f'"{k}"' for k in key) + "];")
    out.append(f'  let PrimaryKeyName = "lookup{name}";\n}}\n')


def main():
    # Signed numbers (band edges, modifier values) are biased by 2^30: table fields are bits.
    sheet = json.load(open(sys.argv[1], encoding="utf-8"))
    out = ['include "llvm/TableGen/SearchableTable.td"', ""]
    for v in sheet.get("vocabularies") or []:
        name = ident(v["id"])
        out.append(f"class {name}Term<bits<8> value> {{ bits<8> Value = value; }}")
        for i, term in enumerate(v["terms"]):
            out.append(f"def {name}_{ident(term['id'])} : {name}Term<{i}>;")
        out.append(f'def {name} : GenericEnum {{ let FilterClass = "{name}Term"; let ValueField = "Value"; }}\n')
    emitters = {"bands": emit_bands, "modifiers": emit_modifiers, "matrix": emit_matrix, "list": emit_list,
                "facts": emit_facts}
    for t in sheet["tables"]:
        emitters[t["kind"]](out, ident(t["id"]), t)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
