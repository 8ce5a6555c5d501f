#!/usr/bin/python3
"""Validates spec files against docs/schema/qrs-spec.schema.json with Debian's python3-jsonschema
(an independent validator). Prints one line per file: OK, or INVALID with the first error.
Exit status 0 when every file is valid, 1 otherwise. schema_agreement.py uses its functions."""
import json
import pathlib
import sys

import jsonschema
import yaml


class SpecLoader(yaml.SafeLoader):
    """YAML as editors read it: dates stay text (YAML 1.2 has no timestamps), and a key twice in
    one map is an error (PyYAML alone keeps the last)."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if not isinstance(key, (str, int, float, bool, type(None))):
                raise yaml.constructor.ConstructorError(None, None, "a map key must be a plain value", key_node.start_mark)
            if key in seen:
                raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)


SpecLoader.yaml_implicit_resolvers = {
    k: [(tag, regexp) for tag, regexp in v if tag != "tag:yaml.org,2002:timestamp"]
    for k, v in SpecLoader.yaml_implicit_resolvers.copy().items()
}


def load_validator(schema_path):
    schema = json.loads(pathlib.Path(schema_path).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


# Past this many nodes with aliases expanded (qrsc's limit), a file is not validated: the
# validator would walk every copy an alias makes, without end for a billion-laughs file.
MAX_EXPANDED_NODES = 500_000


def expanded_nodes(node, seen=None):
    """The number of nodes of a composed YAML graph with every alias expanded (memoized). A node
    that contains itself (through an alias) is a YAML error: it is no JSON document."""
    seen = {} if seen is None else seen
    if id(node) in seen:
        if seen[id(node)] is None:
            raise yaml.YAMLError(f"an alias inside the node it names, {node.start_mark}")
        return seen[id(node)]
    seen[id(node)] = None  # being counted
    children = node.value if isinstance(node.value, list) else []
    total = 1
    for child in children:
        for part in child if isinstance(child, tuple) else (child,):
            total += expanded_nodes(part, seen)
    seen[id(node)] = total
    return total


def load(spec):
    """The spec as editors read it, or the YAML error; None for the document when it is too big."""
    text = pathlib.Path(spec).read_bytes().decode("utf-8")
    root = yaml.compose(text, Loader=SpecLoader)
    if root is not None and expanded_nodes(root) > MAX_EXPANDED_NODES:
        return None, "too many nodes with aliases expanded to validate"
    return yaml.load(text, Loader=SpecLoader), None


def first_error(validator, spec):
    """The first thing wrong with the spec file as the schema sees it (its YAML included), or
    None; a file too big to validate is None too (the schema cannot say)."""
    try:
        doc, too_big = load(spec)
    except (yaml.YAMLError, UnicodeDecodeError, RecursionError) as e:
        return f"YAML: {str(e)[:300]}"
    if too_big:
        return None
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    if not errors:
        return None
    where = "/".join(str(p) for p in errors[0].absolute_path)
    return f"{where}: {errors[0].message[:300]}"


def main(argv):
    validator = load_validator(argv[1])
    bad = 0
    for f in argv[2:]:
        why = first_error(validator, f)
        bad += why is not None
        print(f"INVALID {f}: {why}" if why else f"OK {f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
