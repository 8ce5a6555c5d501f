#!/usr/bin/python3
"""The spec format's constraints, read from its description alone, are what qrsc enforces.

The description is read as docs/spec-format.md's key reference prints it (generated from
compiler/format/spec_format.cpp: each object type's keys, their roles, the object types they
hold, the keys that exclude each other). From it alone this test makes one violation of each
constraint, in a copy of a real spec (the first object of that type in the root specs of rules/,
examples/ and tests/, or for a type only variants write, such as a rename or a scale
conversion, in their variants) and checks the answer:

- a key that is `required` or `required unless patching` removed: qrsc refuses the spec with
  "needs 'KEY'" at the object's line; where the schema can say so (a key always required; the
  complete keys of the spec and of a table, whose patches only variants write), the schema
  (docs/schema/qrs-spec.schema.json, python3-jsonschema) refuses it too;
- every other key removed: qrsc says no "needs 'KEY'" of it (no builder requires what the
  format does not);
- a group "Exactly one of": its key removed, qrsc says "needs one of"; a second key of a group
  added (its value from another object of the type): qrsc says "has both" at the second key,
  and the schema refuses it;
- a value outside what its key's type says: a whole number one past each bound ("whole number,
  1 to 12": 0 and 13), a word not among "one of `a`, `b`", an id that is no id ("Not An Id"
  for "id", "id of another entry", "id or list of ids"), "maybe" for "true or false": qrsc
  refuses it with an error at the value's line, and the schema refuses it too; and so for each
  notation broken ("8 or mroe" for a band, "d0" for dice, "1//2" for a number, "0" where a
  number must be greater than zero).

Usage: format_constraints_test.py QRSC ROOT. Exit status 0 when every case holds, 77 when
python3-yaml or python3-jsonschema is missing."""
import copy
import pathlib
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent.parent / "tools"))
from spec_files import is_package_file  # noqa: E402

try:
    import yaml
    import validate_specs
except ImportError:
    sys.exit(77)


# ---- the description, from the key reference ----------------------------------------------

class Key:
    def __init__(self, name, value, roles):
        self.name = name
        # "required", "required unless patching", "required unless `title`", "required unless
        # `bands`, `parts` or patching": the last two are required unless a key that stands in
        # for it is present.
        self.required = bool(re.search(r"(^|, )required(,|$)", roles) or re.match(r"required unless `[^p]", roles)
                             and "or patching" not in roles)
        self.complete = "required unless patching" in roles or "or patching" in roles
        m = re.search(r"required unless ((?:`\w+`(?:, | or )?)+)", roles)
        self.unless = re.findall(r"`(\w+)`", m.group(1)) if m else []
        m = re.search(r"\[(\w+)\]\(#key-\w+\)", value)
        self.holds = m.group(1) if m else None  # the object type of its value or its list's items
        self.cells = value.startswith("cells by column id")  # values, or `cell` objects
        self.bad_values = bad_values(value)


def bad_values(value):
    """Values that the key's type, as the reference words it, does not allow: one past each bound
    of a whole number, a word outside "one of", an id that is none, no boolean."""
    m = re.fullmatch(r"(?:signed )?whole number, (-?\d+) to (-?\d+)", value)
    if m:
        return [str(int(m.group(1)) - 1), str(int(m.group(2)) + 1)]
    if value.startswith("one of `"):
        return ["not_one_of_them"]
    if value in ("id", "id of another entry", "id or list of ids"):
        return ["Not An Id"]
    if value == "true or false":
        return ["maybe"]
    # Notations, each broken as a spec author might break it (a typo, a zero, a unit not read).
    notation = {"band ('8 or more', '3 - 7')": ["8 or mroe", "3 -"],
                "band ('8 or more', '3 - 7') or '?' (not given)": ["8 or mroe", "3 -", "??"], "dice (d10, 2d6)": ["d0", "2d"],
                "number (3, 1/2, 1 1/2, 1.5)": ["1//2", "one"], "number greater than zero": ["0", "-1/2"]}
    return notation.get(value, [])


def read_description(md):
    """{type: {"keys": {name: Key}, "groups": [(how, [keys])]}}, and {kind: {name: Key}}."""
    types, kinds = {}, {}
    current, keys = None, None
    in_reference = False
    for line in md.splitlines():
        if line.startswith('<a id="key-'):
            in_reference = True
        m = re.match(r"#### `(\w+)`$", line)
        if in_reference and m:
            current = m.group(1)
            types[current] = {"keys": {}, "groups": []}
            keys = types[current]["keys"]
            continue
        if not in_reference or current is None:
            continue
        if line.startswith("#### "):  # past the reference (the format's changes)
            current = None
            continue
        m = re.match(r"Keys of a `kind: (\w+)` table", line)
        if m:
            keys = kinds.setdefault(m.group(1), {})
            continue
        for how, listed in re.findall(r"(Exactly one(?: \(unless patching\))?|At most one) of ((?:`\w+`(?:, )?)+)\.", line):
            types[current]["groups"].append((how, re.findall(r"`(\w+)`", listed)))
        m = re.match(r"\| `(\w+)` \| (.*?) \| (.*?) \| .* \|$", line)
        if m:
            keys[m.group(1)] = Key(m.group(1), m.group(2), m.group(3))
    return types, kinds


# ---- the corpus: every object of each type, with its path --------------------------------

def root_specs(root, variants=False):
    """The root specs (neither variants nor abstract) of rules/, examples/ and tests/; with
    VARIANTS, the variants instead."""
    for folder in ("rules", "examples", "tests"):
        for path in sorted((root / folder).rglob("*.yaml")):
            if is_package_file(path) or any(p in path.parts for p in ("node_modules", "hostile", "spec_format", "generated_specs")):
                continue
            text = path.read_text(encoding="utf-8")
            if not text.startswith(("qrs:", "#")) or re.search(r"^abstract:", text, re.M):
                continue
            if bool(re.search(r"^extends:", text, re.M)) != variants:
                continue
            try:
                tree = yaml.compose(text, Loader=yaml.SafeLoader)
            except yaml.YAMLError:
                continue
            if isinstance(tree, yaml.MappingNode) and any(k.value == "qrs" for k, _ in tree.value):
                yield path, tree


def keys_of(types, kinds, type_name, node):
    keys = dict(types[type_name]["keys"])
    if type_name == "table":
        kind = next((v.value for k, v in node.value if k.value == "kind"), None)
        keys.update(kinds.get(kind, {}))
    return keys


def objects(types, kinds, node, type_name, path=()):
    """(type, mapping node, path of keys and indices from the root) for every object."""
    if not isinstance(node, yaml.MappingNode) or type_name not in types:
        return
    yield type_name, node, path
    keys = keys_of(types, kinds, type_name, node)
    for k, v in node.value:
        key = keys.get(k.value)
        if key and key.cells:
            # a matrix row's cells: a value, or a `cell` object, by column id or in column order
            if isinstance(v, yaml.SequenceNode):
                cells = enumerate(v.value)
            else:
                cells = [(c.value, cell) for c, cell in v.value] if isinstance(v, yaml.MappingNode) else []
            for step, cell in cells:
                yield from objects(types, kinds, cell, "cell", path + (k.value, step))
            continue
        if not key or not key.holds:
            continue
        if isinstance(v, yaml.SequenceNode):
            for i, item in enumerate(v.value):
                yield from objects(types, kinds, item, key.holds, path + (k.value, i))
        elif isinstance(v, yaml.MappingNode):
            yield from objects(types, kinds, v, key.holds, path + (k.value,))


def at_path(tree, path):
    node = tree
    for step in path:
        if isinstance(step, int):
            node = node.value[step]
        else:
            node = next(v for k, v in node.value if k.value == step)
    return node


# ---- running qrsc and the schema on a changed copy ----------------------------------------

class Runner:
    def __init__(self, qrsc, root, tmp):
        self.qrsc, self.root, self.tmp = qrsc, root, tmp
        self.validator = validate_specs.load_validator(root / "docs/schema/qrs-spec.schema.json")

    def run(self, spec_path, tree, path, change):
        """Applies change(tree copy at path) and returns (text, qrsc status, qrsc output, schema
        errors, the line and column of the changed object in the written text)."""
        tree = copy.deepcopy(tree)
        change(at_path(tree, path))
        text = yaml.serialize(tree)
        written = yaml.compose(text, Loader=yaml.SafeLoader)
        mark = at_path(written, path).start_mark
        out = self.tmp / spec_path.name
        out.write_text(text, encoding="utf-8")
        run = subprocess.run([self.qrsc, "check", "-I", str(self.root / "rules"), "-I", str(spec_path.parent),
                              str(out)], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
        schema_errors = list(self.validator.iter_errors(yaml.load(text, Loader=validate_specs.SpecLoader)))
        return run.returncode, run.stdout + run.stderr, schema_errors, (mark.line + 1, mark.column + 1), out


def error_at(output, out_path, line, fragment):
    """Whether qrsc printed an error at LINE of the written file whose message has FRAGMENT."""
    for l in output.splitlines():
        m = re.match(r"(.*?):(\d+):(\d+): error: (.*)", l)
        if m and pathlib.Path(m.group(1)).name == out_path.name and int(m.group(2)) == line and fragment in m.group(4):
            return True
    return False


def main(qrsc, root):
    types, kinds = read_description((root / "docs/spec-format.md").read_text(encoding="utf-8"))
    first = {}  # (type, key) -> (spec path, tree, path of the object) holding that key
    values = {}  # (type, key) -> a value node written for it somewhere

    def gather(specs, skip=frozenset()):
        """Fills `first` and `values` from the objects of SPECS whose type is not in SKIP;
        returns the types met."""
        met = set()
        for spec_path, tree in specs:
            for type_name, node, path in objects(types, kinds, tree, "spec"):
                if type_name in skip:
                    continue
                met.add(type_name)
                keys = keys_of(types, kinds, type_name, node)
                written = {k.value for k, _ in node.value}
                for k, v in node.value:
                    values.setdefault((type_name, k.value), v)
                    # An object where the key is required: none of the keys that stand in for it.
                    if not set(keys[k.value].unless if k.value in keys else ()) & written:
                        first.setdefault((type_name, k.value), (spec_path, tree, path))
        return met

    seen_types = gather(root_specs(root))
    # Object types only variants write (a rename, a scale conversion): the first of each in a
    # variant, whose keys required unless patching are not required there.
    in_variants = gather(root_specs(root, variants=True), skip=seen_types)
    seen_types |= in_variants
    failures, counts = [], {"required": 0, "optional": 0, "exactly_one": 0, "at_most_one": 0, "schema": 0, "value": 0}
    with tempfile.TemporaryDirectory() as tmp:
        runner = Runner(qrsc, root, pathlib.Path(tmp))

        def remove(key):
            return lambda node: node.value.__setitem__(slice(None), [(k, v) for k, v in node.value if k.value != key])

        for type_name, desc in types.items():
            all_keys = dict(desc["keys"])
            for kind_keys in (kinds.values() if type_name == "table" else ()):
                all_keys.update(kind_keys)
            for name, key in all_keys.items():
                if (type_name, name) not in first:
                    continue
                if type_name in in_variants and key.complete and not key.required:
                    continue  # a variant's object patches its parent's: what it leaves out it keeps
                spec_path, tree, path = first[(type_name, name)]
                status, output, schema_errors, (line, _), out = runner.run(spec_path, tree, path, remove(name))
                where = "/".join(str(p) for p in path) or "the spec"
                case = f"{type_name}.{name} removed ({spec_path.relative_to(root)}: {where})"
                if key.required or key.complete:
                    counts["required"] += 1
                    if status != 1 or not error_at(output, out, line, f"needs '{name}'"):
                        failures.append(f"{case}: expected qrsc to refuse with \"needs '{name}'\" at line {line}; "
                                        f"status {status}: {output.strip()[:400]}")
                    if key.required or (type_name in ("spec", "table") and not key.unless):
                        counts["schema"] += 1
                        if not schema_errors:
                            failures.append(f"{case}: the schema accepts it")
                else:
                    counts["optional"] += 1
                    if error_at(output, out, line, f"needs '{name}'"):
                        failures.append(f"{case}: the format does not require '{name}', qrsc does: {output.strip()[:400]}")
            for name, key in all_keys.items():
                if (type_name, name) not in first:
                    continue
                spec_path, tree, path = first[(type_name, name)]
                for bad in key.bad_values:
                    # A number written as a number (as a spec author writes 13), a word as a word.
                    tag = "tag:yaml.org,2002:int" if re.fullmatch(r"-?\d+", bad) else "tag:yaml.org,2002:str"

                    def put(node, name=name, bad=bad, tag=tag):
                        node.value[:] = [(k, yaml.ScalarNode(tag, bad) if k.value == name else v) for k, v in node.value]

                    counts["value"] += 1
                    status, output, schema_errors, _, out = runner.run(spec_path, tree, path, put)
                    written = at_path(yaml.compose(out.read_text(encoding="utf-8"), Loader=yaml.SafeLoader), path)
                    value_line = next(v for k, v in written.value if k.value == name).start_mark.line + 1
                    where = "/".join(str(p) for p in path) or "the spec"
                    case = f"{type_name}.{name}: {bad!r} ({spec_path.relative_to(root)}: {where})"
                    if status != 1 or not error_at(output, out, value_line, ""):
                        failures.append(f"{case}: expected qrsc to refuse it at line {value_line}; status {status}: "
                                        f"{output.strip()[:400]}")
                    if not schema_errors:
                        failures.append(f"{case}: the schema accepts it")
            for how, group in desc["groups"]:
                holders = [k for k in group if (type_name, k) in first]
                if not holders:
                    continue
                spec_path, tree, path = first[(type_name, holders[0])]
                present = [k.value for k, _ in at_path(tree, path).value if k.value in group]
                if how.startswith("Exactly one"):
                    counts["exactly_one"] += 1
                    status, output, _, (line, _), out = runner.run(spec_path, tree, path, remove(present[0]))
                    if status != 1 or not error_at(output, out, line, "needs one of"):
                        failures.append(f"{type_name}: {present[0]} removed: expected \"needs one of\" at line {line}: "
                                        f"{output.strip()[:400]}")
                other = next((k for k in group if k not in present and (type_name, k) in values), None)
                if other is None:
                    continue
                counts["at_most_one"] += 1

                def add(node, other=other):
                    node.value.append((yaml.ScalarNode("tag:yaml.org,2002:str", other), copy.deepcopy(values[(type_name, other)])))

                status, output, schema_errors, _, out = runner.run(spec_path, tree, path, add)
                added_line = at_path(yaml.compose(out.read_text(encoding="utf-8"), Loader=yaml.SafeLoader), path).value[-1][0].start_mark.line + 1
                if status != 1 or not error_at(output, out, added_line, "has both"):
                    failures.append(f"{type_name}: '{other}' added beside '{present[0]}': expected \"has both\" at line "
                                    f"{added_line}: {output.strip()[:400]}")
                if not schema_errors:
                    failures.append(f"{type_name}: '{other}' added beside '{present[0]}': the schema accepts it")
    unseen = sorted(set(types) - seen_types - {"publisher"})
    print(f"object types in the description: {len(types)}; met in the specs: {len(seen_types)}, "
          f"{len(in_variants)} of them in variants only ({', '.join(sorted(in_variants))})"
          + (f" (not met: {', '.join(unseen)})" if unseen else ""))
    print("cases: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    for f in failures:
        print("FAIL:", f)
    if not counts["required"] or not counts["optional"]:
        print("FAIL: no cases (the key reference was not read)")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], pathlib.Path(sys.argv[2])))
