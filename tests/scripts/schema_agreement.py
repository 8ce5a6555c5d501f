#!/usr/bin/python3
"""The spec schema (docs/schema/qrs-spec.schema.json, generated from the spec format's
description) and qrsc agree, checked with an independent validator (Debian's python3-jsonschema):

- every spec in rules/ and examples/, and every other spec under tests/ that qrsc accepts, is
  valid to the schema;
- every case of the bad-spec corpus (tests/spec_format/bad) is rejected by qrsc with the error
  its `# expect: LINE:COL: fragment` line names;
- the schema rejects at least 90% of that corpus, and at least 79% of it and the hostile corpus
  (tests/hostile/expected.tsv) together. The figures are printed, with the cases the schema lets
  through: what no JSON Schema can state (references between entries, overlapping bands,
  duplicate ids, other files, C++ name collisions).

Usage: schema_agreement.py QRSC ROOT. Exit status 0 when all of this holds, 77 when
python3-jsonschema or python3-yaml is missing."""
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent.parent / "tools"))
from spec_files import spec_files  # noqa: E402

try:
    import validate_specs
except ImportError:
    sys.exit(77)

# Of the bad-spec corpus (spec-format mistakes), the schema must reject this share; of it and
# the hostile corpus together (which adds mistakes across files and between entries, cycles,
# C++ name collisions and limits a value has only where another table reads it, such as a type
# modifier's bound, the types of a table with type modifiers and the vocabulary of a list's
# modifiers for some types, that no JSON Schema can state) this share, so that neither regresses.
FORMAT_THRESHOLD = 0.90
OVERALL_THRESHOLD = 0.78


def qrsc_check(qrsc, root, spec):
    run = subprocess.run([qrsc, "check", "-I", str(root / "rules"), "-I", str(root / "tests/spec_format/parents"),
                          str(spec)], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    return run.returncode, run.stdout + run.stderr


def expected_error(spec):
    for line in spec.read_text(encoding="utf-8").splitlines()[:3]:
        if line.startswith("# expect: "):
            return line[len("# expect: "):]
    return None


def hostile_rejected(root):
    """The hostile corpus's files qrsc must reject (exit status 1), from its expected.tsv."""
    for line in (root / "tests/hostile/expected.tsv").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        name, status = line.split("\t")[:2]
        spec = root / "tests/hostile" / (name + ".yaml")
        if status == "1" and spec.is_file():
            yield spec


def main(qrsc, root):
    validator = validate_specs.load_validator(root / "docs/schema/qrs-spec.schema.json")
    failures = []
    bad_corpus = sorted((root / "tests/spec_format/bad").glob("*.yaml"))
    rejected = set(bad_corpus) | set(hostile_rejected(root))

    # Valid specs: every one qrsc accepts is valid to the schema.
    valid = [pathlib.Path(p) for p in spec_files(root / "rules")] + sorted(root.glob("examples/**/*.yaml"))
    others = sorted(p for p in root.glob("tests/**/*.yaml") if p not in rejected)
    accepted = 0
    for spec in valid + others:
        status, out = qrsc_check(qrsc, root, spec)
        if status != 0:
            if spec in valid:
                failures.append(f"{spec.relative_to(root)}: qrsc rejects it:\n{out}")
            continue
        accepted += 1
        why = validate_specs.first_error(validator, spec)
        if why:
            failures.append(f"{spec.relative_to(root)}: qrsc accepts it, the schema does not: {why}")

    # The bad-spec corpus: qrsc gives the expected error.
    for spec in bad_corpus:
        want = expected_error(spec)
        status, out = qrsc_check(qrsc, root, spec)
        if want is None:
            failures.append(f"{spec.relative_to(root)}: no '# expect: LINE:COL: fragment' line")
        elif status != 1 or f"{spec.name}:{want.split(': ', 1)[0]}: error: " not in out or want.split(": ", 1)[1] not in out:
            failures.append(f"{spec.relative_to(root)}: want exit 1 and '{want}'; qrsc said ({status}):\n{out}")

    # The figure: how much of what qrsc rejects the schema rejects too.
    missed = [spec for spec in sorted(rejected) if not validate_specs.first_error(validator, spec)]
    caught = len(rejected) - len(missed)
    share = caught / len(rejected)
    in_corpus = [s for s in missed if s in bad_corpus]
    print(f"the schema rejects {caught} of the {len(rejected)} bad specs qrsc rejects ({share:.1%}): "
          f"{len(bad_corpus) - len(in_corpus)} of {len(bad_corpus)} in tests/spec_format/bad, "
          f"{len(rejected) - len(bad_corpus) - (len(missed) - len(in_corpus))} of {len(rejected) - len(bad_corpus)} "
          f"in tests/hostile; {accepted} specs qrsc accepts are valid to it")
    for spec in missed:
        print(f"  only qrsc rejects {spec.relative_to(root)}")
    format_share = (len(bad_corpus) - len(in_corpus)) / len(bad_corpus)
    if format_share < FORMAT_THRESHOLD:
        failures.append(f"the schema rejects {format_share:.1%} of tests/spec_format/bad, less than {FORMAT_THRESHOLD:.0%}")
    if share < OVERALL_THRESHOLD:
        failures.append(f"the schema rejects {share:.1%} of all bad specs, less than {OVERALL_THRESHOLD:.0%}")
    for f in failures:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], pathlib.Path(sys.argv[2]).resolve()))
