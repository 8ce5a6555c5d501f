#!/usr/bin/env python3
"""Runs the hostile-spec corpus (tests/hostile/expected.tsv) and the cases that cannot be
files in git against qrsc. Each case must end as expected: the exit status, a diagnostic at the
expected file:line:col holding the expected fragment, no crash or hang (a time limit and, outside
sanitizer builds, a memory limit), nothing in the output folder written or replaced when the
build fails, `qrsc check --format json` printing valid JSON. The header of every accepted case
is compiled with g++ and clang++ (warnings as errors).

usage: hostile_specs.py QRSC SOURCE_DIR [--sanitized]
"""
import json
import os
import resource
import shutil
import stat
import subprocess
import sys
import tempfile

TIME_LIMIT = 30  # seconds per qrsc run; the slowest case takes well under one
MEMORY_LIMIT = 2 << 30  # address space per qrsc run (not under ASan, which reserves terabytes)

qrsc, source = sys.argv[1], sys.argv[2]
sanitized = "--sanitized" in sys.argv
corpus = os.path.join(source, "tests", "hostile")
failures = []


def limit_resources():
    if not sanitized:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(args, cwd):
    try:
        # The corpus's parents (base.yaml, ...) are found through the search path, as a house
        # variant's would be.
        p = subprocess.run([qrsc, "-I", corpus] + args, cwd=cwd, capture_output=True, timeout=TIME_LIMIT,
                           preexec_fn=limit_resources)
    except subprocess.TimeoutExpired:
        return None, "", ""
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def snapshot(folder):
    out = {}
    for dirpath, _, files in os.walk(folder):
        for f in files:
            p = os.path.join(dirpath, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, folder)] = fh.read()
    return out


def check(name, spec_args, cwd, status, loc, fragment, display=None, out=None, build_only=False):
    """Runs `qrsc build` (into a folder holding a sentinel) and `qrsc check --format json`."""
    out = out or tempfile.mkdtemp(dir=work)
    if not os.listdir(out):
        os.makedirs(os.path.join(out, "hostile"), exist_ok=True)
        with open(os.path.join(out, "hostile", "sentinel.hpp"), "w") as fh:
            fh.write("// must survive a failed build\n")
    before = snapshot(out)
    code, _, err = run(["build"] + spec_args + ["-o", out, "--emit", "cpp,json,html"], cwd)
    problems = []
    if code is None:
        problems.append(f"timed out after {TIME_LIMIT}s")
    elif code < 0 or code > 2:
        problems.append(f"crashed (exit {code})")
    elif code != status:
        problems.append(f"exit {code}, expected {status}")
    if "Sanitizer" in err or "runtime error:" in err:
        problems.append("sanitizer report")
    if status != 0:
        if snapshot(out) != before:
            problems.append("the output folder changed although the build failed")
        shown = display or spec_args[0]
        if loc == "*":
            want = ": error: "
        elif loc == "-":
            want = f"{shown}: error: "
        else:
            want = f"{shown}:{loc}: error: "
        lines = [l for l in err.splitlines() if want in l and fragment in l]
        if not lines:
            problems.append(f"no diagnostic '{want}...{fragment}'")
        if any(ord(c) < 0x20 and c not in "\t" for c in err.replace("\n", "")):
            problems.append("a control character reached the terminal")
    code, js, _ = run(["check", "--format", "json"] + spec_args, cwd)
    if code is None or code < 0 or code > 2:
        problems.append(f"check --format json crashed or hung (exit {code})")
    elif code in (0, 1):
        try:
            diags = json.loads(js)
            if status != 0 and not build_only and not any(d["severity"] == "error" for d in diags):
                problems.append("check --format json lists no error")
        except ValueError as e:
            problems.append(f"check --format json printed no valid JSON: {e}")
    if problems:
        failures.append(f"{name}: " + "; ".join(problems) + "\n    " + "\n    ".join(err.splitlines()[:6]))
    return out


work = tempfile.mkdtemp(prefix="qrs_hostile_")
accepted_headers = []
count = 0
try:
    with open(os.path.join(corpus, "expected.tsv"), encoding="utf-8") as fh:
        rows = [l.rstrip("\n").split("\t") for l in fh if l.strip() and not l.startswith("#")]
    # Columns: CLASS/NAME, exit status, LINE:COL ('-' the file itself, '*' anywhere), fragment,
    # and optionally "build" when only `qrsc build` finds the error.
    for row in rows:
        name, status, loc, fragment = (row + ["", ""])[:4]
        # "build": only `qrsc build` finds it (a backend's check, such as C++ names).
        build_only = len(row) > 4 and row[4] == "build"
        out = check(name, [name + ".yaml"], corpus, int(status), loc, fragment, build_only=build_only)
        count += 1
        if int(status) == 0:
            accepted_headers += [os.path.join(out, p) for p in snapshot(out) if p.endswith(".hpp") and "sentinel" not in p]

    # Cases that cannot be files in git.
    dyn = os.path.join(work, "dyn")
    os.makedirs(dyn)
    shutil.copy(os.path.join(corpus, "base.yaml"), dyn)
    os.mkfifo(os.path.join(dyn, "fifo.yaml"))
    check("files/fifo", ["fifo.yaml"], dyn, 1, "-", "is not a regular file")
    os.symlink("/dev/zero", os.path.join(dyn, "zero.yaml"))
    check("files/dev_zero_link", ["zero.yaml"], dyn, 1, "-", "is not a regular file")
    os.symlink("/dev/urandom", os.path.join(dyn, "random.yaml"))
    check("files/dev_urandom_link", ["random.yaml"], dyn, 1, "-", "is not a regular file")
    os.mkfifo(os.path.join(dyn, "fifo_parent.yaml"))
    with open(os.path.join(dyn, "fifo_child.yaml"), "w") as fh:
        fh.write("qrs: 1\nextends: fifo_parent\nid: fifo-child\n")
    check("files/extends_fifo", ["fifo_child.yaml"], dyn, 1, "*", "which is not a file")
    os.symlink("/dev/zero", os.path.join(dyn, "zero_parent.yaml"))
    with open(os.path.join(dyn, "zero_child.yaml"), "w") as fh:
        fh.write("qrs: 1\nextends: zero_parent\nid: zero-child\n")
    check("files/extends_dev_zero", ["zero_child.yaml"], dyn, 1, "*", "which leads out of its root")
    with open(os.path.join(dyn, "huge.yaml"), "w") as fh:
        fh.write("qrs: 1\n" + "# padding\n" * 500000)
    check("files/over_4_mib", ["huge.yaml"], dyn, 1, "-", "file is larger than the limit of 4194304 bytes")
    with open(os.path.join(dyn, "keys.yaml"), "w") as fh:
        fh.write("".join(f"k{i}: {i}\n" for i in range(100000)))
    check("limits/keys_100k", ["keys.yaml"], dyn, 1, "4097:1", "a map holds at most 4096 keys")
    with open(os.path.join(dyn, "dups.yaml"), "w") as fh:
        fh.write("".join("k: 1\n" for _ in range(100000)))
    check("limits/duplicate_keys_100k", ["dups.yaml"], dyn, 1, "2:1", "duplicate key 'k'")
    # A file name that is not UTF-8 and holds control characters: echoed escaped, JSON valid.
    odd = os.path.join(dyn.encode(), b"bad\xff\x1b[31m.yaml")
    with open(odd, "w") as fh:
        fh.write("qrs: 1\nsystem: hostile\ntitle: t\nid: \"\\e\"\n")
    check("encoding/odd_file_name", [os.fsdecode(odd)], dyn, 1, "*", "control character 0x1B")
    # A valid spec whose file name is Latin-1: the JSON is written (the name with U+FFFD) and a
    # warning names the file, escaped.
    latin1 = os.path.join(dyn.encode(), b"caf\xe9.yaml")
    with open(latin1, "w") as fh:
        fh.write("qrs: 1\nextends: base\nid: latin1\n")
    check("encoding/latin1_file_name", [os.fsdecode(latin1)], dyn, 0, "*", "")
    code, _, err = run(["build", os.fsdecode(latin1), "-o", tempfile.mkdtemp(dir=work), "--emit", "json"], dyn)
    if code != 0 or "caf\\xe9.yaml: warning: the file name is not UTF-8" not in err:
        failures.append(f"encoding/latin1_file_name: exit {code}, no warning naming the file: {err[:300]}")
    # A file name holding a right-to-left override: the header names the file with a universal
    # character name (the raw character fails g++'s default -Wbidi-chars under -Werror); the
    # header is compiled below with every accepted one.
    bidi = os.path.join(dyn, "bidi\u202eyaml.lmth.yaml")
    with open(bidi, "w", encoding="utf-8") as fh:
        fh.write("qrs: 1\nextends: base\nid: bidi-name\n")
    out = check("encoding/bidi_file_name", [bidi], dyn, 0, "*", "")
    header = os.path.join(out, "hostile", "bidi_name.hpp")
    with open(header, "rb") as fh:
        text = fh.read()
    if "\u202e".encode() in text or b"bidi\\u202Eyaml" not in text:
        failures.append("encoding/bidi_file_name: the header holds the raw override, or not its escape")
    accepted_headers.append(header)
    count += 1
    # The id defaults to the file name, which must then be a valid id.
    with open(os.path.join(dyn, "Bad Name.yaml"), "w") as fh:
        fh.write("qrs: 1\nsystem: hostile\ntitle: t\n")
    check("ids/file_name_as_id", ["Bad Name.yaml"], dyn, 1, "1:1", "the id comes from the file name")
    # Two specs of one run that would write the same files.
    with open(os.path.join(dyn, "same_a.yaml"), "w") as fh:
        fh.write("qrs: 1\nextends: base\nid: same.id\n")
    with open(os.path.join(dyn, "same_b.yaml"), "w") as fh:
        fh.write("qrs: 1\nextends: base\nid: same-id\n")
    check("ids/same_output_files", ["same_a.yaml", "same_b.yaml"], dyn, 1, "-", "name the same output files",
          display="same_b.yaml", build_only=True)
    # An output in the way (a folder where a header goes): nothing else is replaced either.
    out = tempfile.mkdtemp(dir=work)
    os.makedirs(os.path.join(out, "hostile", "base.hpp"))
    with open(os.path.join(out, "hostile", "base.json"), "w") as fh:
        fh.write("old\n")
    code, _, err = run(["build", "base.yaml", "-o", out, "--emit", "cpp,json"], dyn)
    with open(os.path.join(out, "hostile", "base.json")) as fh:
        kept = fh.read() == "old\n"
    if code != 1 or "not a regular file" not in err or not kept:
        failures.append(f"output/folder_in_the_way: exit {code}, old file kept: {kept}\n    {err}")
    count += 12

    # The largest tables the limits allow, in the order that costs the compilers most (bands
    # from the highest down: the coverage check sorts them), and one step beyond each limit.
    def band_table(sheet_id, rows, cols):
        starts = list(range(0, 4 * rows, 4))
        text = f"qrs: 1\nsystem: hostile\nid: {sheet_id}\ntitle: t\ntables:\n  - id: w\n    kind: bands\n    title: W\n"
        text += "    key: {name: d, type: integer}\n    columns:\n" + "".join(f"      - {{id: c{c}}}\n" for c in range(cols))
        text += "    rows:\n"
        for r in range(rows):
            i = rows - 1 - r
            band = (f"{starts[1] - 1} or less" if i == 0 else f"{starts[i]} or more" if i == rows - 1
                    else f"{starts[i]} - {starts[i + 1] - 1}")
            text += f"      - id: r{r}\n        title: R\n        bands: {{" + ", ".join(f"c{c}: \"{band}\"" for c in range(cols)) + "}\n"
        return text

    def rate_matrix(sheet_id, rows, cols, cell="rate"):
        value = {"rate": lambda r, c: f"\"{r}.25 / {c}.75\"", "fraction": lambda r, c: f"\"{r}.25\"",
                 "integer": lambda r, c: f"{r * cols + c}"}[cell]
        text = f"qrs: 1\nsystem: hostile\nid: {sheet_id}\ntitle: t\ntables:\n  - id: m\n    kind: matrix\n    title: M\n"
        text += f"    cell: {cell}\n    columns:\n" + "".join(f"      - {{id: c{c}}}\n" for c in range(cols)) + "    rows:\n"
        text += "".join(f"      - {{id: r{r}, cells: [" + ", ".join(value(r, c) for c in range(cols)) + "]}\n"
                        for r in range(rows))
        return text

    def wide_index(sheet_id, cols):  # three rows spanning 1,020 die results: a dense index
        return band_table(sheet_id, 3, cols).replace('"8 or more"', '"1022 or more"').replace('"4 - 7"', '"4 - 1021"')

    big = os.path.join(work, "big")
    os.makedirs(big)
    for name, text, status, loc, fragment in [
        ("largest_band_table", band_table("largest-band-table", 10000, 4), 0, "", ""),
        ("band_cells_40010", band_table("band-cells-40010", 8002, 5), 1, "*",
         "cells (rows times columns) has 40010; the limit is 40000"),
        ("largest_matrix", rate_matrix("largest-matrix", 1000, 50, "integer"), 0, "", ""),
        ("largest_rate_matrix", rate_matrix("largest-rate-matrix", 1250, 10), 0, "", ""),
        ("largest_fire_point_matrix", rate_matrix("largest-fire-point-matrix", 2500, 10, "fraction"), 0, "", ""),
        ("rate_cells_12510", rate_matrix("rate-cells-12510", 1251, 10), 1, "*",
         "cells (rows times columns) has 12510; the limit is 12500"),
        ("widest_dense_index", wide_index("widest-dense-index", 40), 0, "", ""),
        # One column more and the index would pass kMaxDenseSlots: searched in key order instead.
        ("sparse_index_41_columns", wide_index("sparse-index-41-columns", 41), 0, "", ""),
        ("band_rows_10001", band_table("band-rows-10001", 10001, 1), 1, "13:7", "rows has 10001; the limit is 10000"),
        ("cells_50050", rate_matrix("cells-50050", 1001, 50, "integer"), 1, "*",
         "cells (rows times columns) has 50050; the limit is 50000"),
        ("terms_10001", "qrs: 1\nsystem: hostile\ntitle: t\nvocabularies:\n  - id: many\n    terms:\n" +
         "".join(f"      - {{id: t{i}, name: T{i}}}\n" for i in range(10001)), 1, "5:5", "terms has 10001; the limit is 10000"),
        ("modifiers_10001", "qrs: 1\nsystem: hostile\ntitle: t\ntables:\n  - id: f\n    kind: modifiers\n    title: F\n"
         "    items:\n" + "".join(f"      - {{id: m{i}, value: 1, text: M}}\n" for i in range(10001)), 1, "*",
         "modifiers has 10001; the limit is 10000"),
        ("list_16385", "a:\n" + "".join(f"  - {i}\n" for i in range(16385)), 1, "*", "a list holds at most 16384 items"),
        # 300 uses of one 15,000-byte text: 4.5 MB of table text from a small file.
        ("table_text_4m", "qrs: 1\nsystem: hostile\ntitle: t\ntables:\n  - id: l\n    kind: list\n    title: L\n"
         "    sections:\n      - id: s\n        items:\n          - &x \"" + "x" * 15000 + "\"\n" +
         "".join("          - *x\n" for _ in range(300)), 1, "5:5", "bytes of text has 45"),
    ]:
        with open(os.path.join(big, name + ".yaml"), "w") as fh:
            fh.write(text)
        out = check(f"limits/{name}", [name + ".yaml"], big, status, loc, fragment)
        if status == 0:
            accepted_headers += [os.path.join(out, p) for p in snapshot(out) if p.endswith(".hpp") and "sentinel" not in p]
    count += 14

    # Every accepted header compiles, all in one translation unit per compiler.
    tu = os.path.join(work, "accepted.cpp")
    with open(tu, "w") as fh:
        for h in accepted_headers:
            fh.write(f'#include "{h}"\n')
        fh.write("int main() { return 0; }\n")
    for cxx, std in (("g++", "c++20"), ("clang++", "gnu++20")):
        p = subprocess.run([cxx, f"-std={std}", "-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only",
                            "-I" + os.path.join(source, "runtime"), tu], capture_output=True, text=True)
        if p.returncode != 0:
            failures.append(f"accepted headers do not compile with {cxx} -std={std}:\n" + p.stderr[:3000])
finally:
    shutil.rmtree(work, ignore_errors=True)

if failures:
    print(f"{len(failures)} of {count} hostile cases failed:")
    print("\n".join(failures))
    sys.exit(1)
print(f"{count} hostile cases handled; {len(accepted_headers)} accepted headers compile with g++ and clang++")
