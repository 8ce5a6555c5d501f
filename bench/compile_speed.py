#!/usr/bin/env python3
"""How fast qrsc compiles specs, against baselines measured in the same run.

Prints one line per measurement with its ratio to its baseline:
  - the ACW header alone (--emit cpp), and header and sheet (--emit cpp,html), against
    llvm-tblgen-14 -gen-searchable-tables on the same tables written as TableGen records
    (bench/tblgen_records.py, from the JSON qrsc writes for the sheet);
  - every spec in rules/ (headers and sheets) against yaml-cpp alone parsing the same files
    once (bench/yaml_parse_floor.cpp, the floor for a yaml-cpp front end);
  - synthetic variants of the ACW sheet, 10, 100 and 1,000 in one run: the cost of a variant
    against the cost of its root;
  - the big synthetic spec (tests/scripts/big_spec.py: two 10,000-row band tables and a
    1,000 x 50 matrix): qrsc, then g++ and clang++ compiling its header (-fsyntax-only);
  - including every generated header in one translation unit against a translation unit
    that includes only <string_view> and <array> (g++ and clang++, -fsyntax-only).
Times are medians of --runs runs of the whole process (start-up included for both sides), the
commands of one comparison run in turn, so that each ratio compares times of the same moments.

Usage: compile_speed.py --build DIR [--runs N] [--markdown]
  DIR holds qrsc and bench/qrs_yaml_floor (bench/run_benchmarks.sh builds them).
"""
import argparse
import glob
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from spec_files import spec_files  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TBLGEN = shutil.which("llvm-tblgen-14") or shutil.which("llvm-tblgen")
LLVM_CONFIG = shutil.which("llvm-config-14") or shutil.which("llvm-config")


def tblgen_include():
    """Where llvm/TableGen/SearchableTable.td is: the installed LLVM's include folder."""
    return subprocess.run([LLVM_CONFIG, "--includedir"], capture_output=True, text=True, check=True).stdout.strip()


def run_once(cmd, cwd=None):
    start = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{p.stderr.decode()[:2000]}")
    return elapsed


def median_times(cmds, runs):
    """The median time of each command, the commands run in turn (a, b, c, a, b, c, ...): a
    shared machine speeds up and slows down, and each ratio must compare times taken at the
    same moments, not one command's runs before the other's."""
    times = [[] for _ in cmds]
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            times[i].append(run_once(cmd))
    return [statistics.median(t) for t in times]


def median_time(cmd, runs):
    return median_times([cmd], runs)[0]


def page_faults(cmd):
    """Minor page faults of one run of `cmd` (the kernel's count for the finished child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt - before


def instructions(cmd):
    """Instructions one run of `cmd` executes, counted by valgrind's callgrind (None without it)."""
    valgrind = shutil.which("valgrind")
    if not valgrind:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run([valgrind, "--tool=callgrind", f"--callgrind-out-file={tmp}/out"] + cmd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        m = re.search(r"Collected : (\d+)", p.stderr)
        return int(m.group(1)) if m else None


def variant(i):
    """A house variant of the ACW sheet: its own title and a few dozen changed values."""
    rows = ["infantry_line", "infantry_field_column", "infantry_march_column", "cavalry_line", "cavalry_field_column"]
    lines = [f"qrs: 1", f"id: acw-variant-{i:04d}", "extends: rff/acw-2.1-15mm",
             f"subtitle: Synthetic house variant {i}", "tables:", "  - id: movement_rates", "    rows:"]
    for k, row in enumerate(rows):
        full = 10 + (i + k) % 5
        lines.append(f"      - {{ id: {row}, cells: {{ open: {full} / {full + 4}, broken: {full - 2} / {full + 2} }} }}")
    lines += ["  - id: maneuver_modifiers", "    items:",
              f"      - {{ id: gallant_leader, value: +{1 + i % 2} }}",
              f"      - {{ id: poor_leader, value: -{1 + i % 2} }}"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--runs", type=int, default=11)
    args = ap.parse_args()
    qrsc = os.path.join(args.build, "qrsc")
    floor = os.path.join(args.build, "bench", "qrs_yaml_floor")
    for tool in (qrsc, floor):
        if not os.access(tool, os.X_OK):
            sys.exit(f"missing {tool}: build the targets qrsc and qrs_yaml_floor first")
    if not TBLGEN or not LLVM_CONFIG:
        sys.exit("llvm-tblgen-14 or llvm-config-14 not found (Debian package llvm-14)")
    runs = args.runs
    work = tempfile.mkdtemp(prefix="qrs_compile_speed_")
    results = []

    def report(what, seconds, base_name, base_seconds, target=None):
        ratio = seconds / base_seconds
        verdict = "" if target is None else (" (target <= %.1f: %s)" % (target, "met" if ratio <= target else "NOT met"))
        results.append((what, seconds, base_name, base_seconds, ratio, verdict))
        print(f"| {what} | {seconds * 1000:.1f} ms | {base_name} | {base_seconds * 1000:.1f} ms | {ratio:.2f}x{verdict} |",
              flush=True)

    try:
        print("| measurement | qrsc | baseline | baseline time | ratio |")
        print("|---|---:|---|---:|---:|")
        out = os.path.join(work, "out")
        acw = os.path.join(ROOT, "rules", "rff", "acw-2.1-15mm.yaml")
        # TableGen records from the sheet as qrsc itself resolved it.
        subprocess.run([qrsc, "build", acw, "--emit", "json", "-o", out, "--quiet"], check=True)
        td = os.path.join(work, "acw.td")
        with open(td, "w") as fh:
            subprocess.run([sys.executable, os.path.join(ROOT, "bench", "tblgen_records.py"),
                            os.path.join(out, "rff", "acw_2_1_15mm.json")], stdout=fh, check=True)
        header_cmd = [qrsc, "build", acw, "--emit", "cpp", "-o", out, "--quiet"]
        tblgen_cmd = [TBLGEN, "-gen-searchable-tables", "-I", tblgen_include(), td, "-o", os.path.join(work, "acw.inc")]
        both_cmd = [qrsc, "build", acw, "--emit", "cpp,html", "-o", out, "--quiet"]
        tblgen, acw_parse, header, both = median_times([tblgen_cmd, [floor, acw], header_cmd, both_cmd], runs)
        report("yaml-cpp alone parsing the ACW spec (the floor of any yaml-cpp front end)", acw_parse,
               "llvm-tblgen-14 -gen-searchable-tables", tblgen)
        report("ACW header (--emit cpp)", header, "llvm-tblgen-14 -gen-searchable-tables", tblgen, 1.0)
        # What the times are made of, the same on any machine: work done and memory touched.
        q_i, t_i = instructions(header_cmd), instructions(tblgen_cmd)
        if q_i and t_i:
            print(f"| ACW header, instructions (callgrind) | {q_i / 1e6:.1f} M | llvm-tblgen-14 | {t_i / 1e6:.1f} M | "
                  f"{q_i / t_i:.2f}x |", flush=True)
        q_f, t_f = page_faults(header_cmd), page_faults(tblgen_cmd)
        print(f"| ACW header, page faults | {q_f} | llvm-tblgen-14 | {t_f} | {q_f / t_f:.2f}x |", flush=True)
        report("ACW header and sheet", both, "llvm-tblgen-14 -gen-searchable-tables", tblgen, 1.5)

        specs = spec_files(os.path.join(ROOT, "rules"))
        sheets = [s for s in specs if os.sep + "common" + os.sep not in s]
        parse, everything = median_times(
            [[floor] + specs, [qrsc, "build"] + sheets + ["--emit", "cpp,html", "-o", out, "--quiet"]], runs)
        report(f"all {len(sheets)} specs of rules/, headers and sheets", everything,
               f"yaml-cpp parsing their {len(specs)} files once", parse, 1.5)

        # Variants: each a small file extending the ACW sheet, all in one run.
        vdir = os.path.join(work, "variants")
        os.makedirs(vdir)
        for i in range(1000):
            with open(os.path.join(vdir, f"acw-variant-{i:04d}.yaml"), "w") as fh:
                fh.write(variant(i))
        names = sorted(glob.glob(os.path.join(vdir, "*.yaml")))
        base = [qrsc, "-I", os.path.join(ROOT, "rules"), "build", "--emit", "cpp,html", "-o", out, "--quiet"]
        counts = (10, 100, 1000)
        start_up, root, *timed = median_times([[qrsc, "--version"], base + [acw]] + [base + [acw] + names[:n] for n in counts],
                                              max(5, runs // 2))
        by_count = dict(zip(counts, timed))
        per_variant = (by_count[1000] - by_count[100]) / 900
        report("one variant in a run of 1,000 (marginal cost)", per_variant, "its root alone (less start-up)",
               root - start_up, 0.1)
        # The same, counted: a variant's instructions and page faults (100 variants less none).
        root_i, hundred_i = instructions(base + [acw]), instructions(base + [acw] + names[:100])
        if root_i and hundred_i:
            print(f"| one variant, instructions (callgrind; 100 variants less none) | {(hundred_i - root_i) / 100 / 1e6:.2f} M | "
                  f"its root | {root_i / 1e6:.1f} M | {(hundred_i - root_i) / 100 / root_i:.3f}x |", flush=True)
        root_f, hundred_f = page_faults(base + [acw]), page_faults(base + [acw] + names[:100])
        print(f"| one variant, page faults (100 variants less none) | {(hundred_f - root_f) / 100:.1f} | its root | {root_f} | |",
              flush=True)
        growth = (by_count[1000] - root) / (by_count[100] - root)
        print(f"| 1,000 variants vs 100 (after the root) | {by_count[1000] * 1000:.0f} ms | 100 variants | "
              f"{by_count[100] * 1000:.0f} ms | {growth:.1f}x for 10x the variants (linear: 10x) |", flush=True)

        # The big synthetic spec.
        big = os.path.join(work, "big.yaml")
        subprocess.run([sys.executable, os.path.join(ROOT, "tests", "scripts", "big_spec.py"), big], check=True)
        big_build = median_time([qrsc, "build", big, "--emit", "cpp", "-o", out, "--quiet"], max(3, runs // 3))
        print(f"| big synthetic spec (qrsc --emit cpp) | {big_build * 1000:.0f} ms | | | |", flush=True)
        tu = os.path.join(work, "big.cpp")
        with open(tu, "w") as fh:
            fh.write('#include "synthetic/big.hpp"\nint main() { return 0; }\n')
        for cxx in ("g++", "clang++"):
            t = median_time([cxx, "-std=c++20", "-fsyntax-only", "-I", out, "-I", os.path.join(ROOT, "runtime"), tu], 3)
            print(f"| big synthetic spec, {cxx} -fsyntax-only on its header | {t * 1000:.0f} ms | | | |", flush=True)

        # Include cost of every generated header.
        empty = os.path.join(work, "empty.cpp")
        with open(empty, "w") as fh:
            fh.write("#include <string_view>\n#include <array>\nint main() { return 0; }\n")
        every = os.path.join(work, "every.cpp")
        with open(every, "w") as fh:
            for h in sorted(glob.glob(os.path.join(ROOT, "generated", "*", "*.hpp"))):
                fh.write(f'#include "{h}"\n')
            fh.write("int main() { return 0; }\n")
        for cxx in ("g++", "clang++"):
            flags = [cxx, "-std=c++20", "-fsyntax-only", "-I", os.path.join(ROOT, "runtime")]
            e, a = median_times([flags + [empty], flags + [every]], runs)
            report(f"{cxx}: including every generated header", a, "<string_view> and <array> only", e, 2.5)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
