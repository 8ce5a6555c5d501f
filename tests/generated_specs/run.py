#!/usr/bin/env python3
"""Generated specs against one set of invariants (docs/testing.md).

Each seed gives one spec family (a root spec, and maybe a variant and a scale-only variant).
Every spec is checked, built alone, with its family and in reverse order, and asked the same
questions on every surface; the answers are compared with an oracle that computes them from
docs/spec-format.md's rules (dice from Debian's dicelab).

Usage: run.py --qrsc QRSC --root PROJECT [--seed S] [--count N] [--cxx g++] [--no-shrink]
              [--known FILE] [--keep DIR]
Exit status 0 when every failure is a known one (known_failures.txt), 1 otherwise.
"""
import argparse
import os
import shutil
import signal
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import header_driver  # noqa: E402
import invariants  # noqa: E402
from emit_yaml import dump  # noqa: E402
from format_info import FormatInfo, load_schema  # noqa: E402
from generator import family  # noqa: E402

BATCH = 25


def load_known(path):
    known = {}
    if path and os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if line and not line.startswith("#"):
                name, _, why = line.partition("\t")
                known[name.strip()] = why.strip()
    return known


def write_family(rules, fam):
    paths = []
    for name, tree, _ in fam:
        p = os.path.join(rules, "gen", name + ".yaml")
        with open(p, "w", encoding="utf-8") as f:
            f.write(dump(tree))
        paths.append(p)
    return paths


def run_batch(ctx, seeds, fams=None):
    """Every invariant on the families of SEEDS (or the families given). Returns [Failure]."""
    work = tempfile.mkdtemp(prefix="qrs-gen-", dir=ctx.tmp)
    rules = os.path.join(work, "rules")
    os.makedirs(os.path.join(rules, "gen"))
    fams = fams or [family(s, ctx.fmt) for s in seeds]
    files = [write_family(rules, f) for f in fams]
    failures = []
    header_entries, header_cases, header_expect = [], [], []
    def one(args):
        seed, fam, paths = args
        c = invariants.FamilyCheck(ctx, seed, fam, paths, work, web=ctx.web and seed % ctx.web_every == 0)
        return c, c.run()

    with ThreadPoolExecutor(max_workers=ctx.jobs) as pool:
        checked = list(pool.map(one, zip(seeds, fams, files)))
    for c, found in checked:
        failures += found
        for entry, cases, expect in c.header_work(len(header_entries)):
            header_entries.append(entry)
            header_cases += cases
            header_expect += expect
    if header_entries and ctx.cxx:
        answers, error = header_driver.run(ctx.cxx, ctx.root, os.path.join(work, "out-together"), header_entries, header_cases, work)
        if error:
            failures.append(invariants.Failure("header.compile", seeds[0], "(batch)", error))
        else:
            failures += invariants.compare_header(header_cases, header_expect, answers)
    if not ctx.keep:
        shutil.rmtree(work, ignore_errors=True)
    return failures


def shrink(ctx, failure):
    """The smallest family (whole tables, rows, items, variants dropped) that still fails the
    same invariant and is still a valid spec (qrsc check clean)."""
    from shrink import shrink_family
    return shrink_family(ctx, failure, run_batch)


class Context:
    pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--qrsc", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=10, help="families (seeds SEED .. SEED+COUNT-1)")
    ap.add_argument("--cxx", default="g++", help="the compiler of the header driver ('' skips headers)")
    ap.add_argument("--known", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "known_failures.txt"))
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--no-web", action="store_true", help="skip the web page's WebAssembly module")
    ap.add_argument("--web-every", type=int, default=1, help="check the web module of every Nth family (its build is the slow part)")
    ap.add_argument("--minutes", type=float, help="stop after the batch that passes this many minutes")
    ap.add_argument("--jobs", type=int, default=2, help="families checked at once")
    ap.add_argument("--keep", help="keep the generated specs and outputs under this folder")
    ap.add_argument("--print-spec", action="store_true", help="print the seed's family and exit")
    a = ap.parse_args()

    if shutil.which("dicelab") is None:
        print("generated_specs: skipped: Debian's dicelab (the oracle's dice) is not installed (tools/bootstrap.sh)")
        return 77
    ctx = Context()
    ctx.qrsc, ctx.root, ctx.cxx = os.path.abspath(a.qrsc), os.path.abspath(a.root), a.cxx
    ctx.fmt = FormatInfo(load_schema(ctx.qrsc))
    ctx.keep = a.keep
    ctx.web_every, ctx.jobs = max(1, a.web_every), max(1, a.jobs)
    ctx.web = not a.no_web and shutil.which("node") is not None
    ctx.tmp = a.keep or tempfile.mkdtemp(prefix="qrs-generated-specs-")
    os.makedirs(ctx.tmp, exist_ok=True)
    known = load_known(a.known)

    if a.print_spec:
        for name, tree, _ in family(a.seed, ctx.fmt):
            print(f"# ---- rules/gen/{name}.yaml")
            print(dump(tree))
        return 0

    seeds = list(range(a.seed, a.seed + a.count))
    failures, specs = [], 0
    stop = time.monotonic() + 60 * a.minutes if a.minutes else None
    # A run stopped by ^C or SIGTERM ends with the summary of the batches it finished: a long run
    # cut short still says what it saw.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    done = 0
    try:
        for i in range(0, len(seeds), BATCH):
            chunk = seeds[i:i + BATCH]
            found = run_batch(ctx, chunk)
            specs += sum(len(family(s, ctx.fmt)) for s in chunk)
            failures += found
            done = i + len(chunk)
            print(f"... {specs} specs, seeds {seeds[0]}..{chunk[-1]}, {len(failures)} failures", file=sys.stderr, flush=True)
            if stop and time.monotonic() > stop:
                break
    except KeyboardInterrupt:
        print("generated specs: stopped; the summary covers the finished batches", file=sys.stderr, flush=True)
    seeds = seeds[:done]
    if not seeds:
        print("generated specs: no batch finished")
        return 1

    by_invariant = {}
    for f in failures:
        by_invariant.setdefault(f.invariant, []).append(f)
    print(f"generated specs: {specs} in {len(seeds)} families (seeds {seeds[0]}..{seeds[-1]})")
    print(f"cases: {invariants.COUNTS}")
    if not ctx.web:
        print("web surface: skipped (no node, or no WebAssembly toolchain for qrsc build --emit web)")
    unexpected = 0
    for name in sorted(by_invariant):
        fs = by_invariant[name]
        seeds_hit = sorted({f.seed for f in fs})
        tag = f"known ({known[name]})" if name in known else "NEW"
        unexpected += name not in known
        print(f"\n{tag}: {name}: {len(fs)} failures in {len(seeds_hit)} families, e.g. seeds {seeds_hit[:8]}")
        print("  " + fs[0].detail.replace("\n", "\n  ")[:1500])
        if name not in known and not a.no_shrink:
            minimal = shrink(ctx, fs[0])
            if minimal:
                print("  minimal spec family:")
                print("    " + minimal.replace("\n", "\n    "))
    for name in sorted(set(known) - set(by_invariant)):
        print(f"\nknown failure no longer seen (delete it from known_failures.txt?): {name}")
    shutil.rmtree(ctx.tmp, ignore_errors=True) if not a.keep else None
    print(f"\n{len(failures)} failures, {unexpected} invariants failing that are not known")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
