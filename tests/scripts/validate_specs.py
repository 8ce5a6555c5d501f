#!/usr/bin/python3
"""Validates spec files against docs/schema/qrs-spec.schema.json with Debian's python3-jsonschema
(an independent validator). Prints one line per file: OK, or INVALID with the first errors.
Exit status 0 when every file is valid, 1 otherwise."""
import json
import pathlib
import sys

import jsonschema
import yaml


class SpecLoader(yaml.SafeLoader):
    """YAML as editors read it: dates stay text (YAML 1.2 has no timestamps)."""


SpecLoader.yaml_implicit_resolvers = {
    k: [(tag, regexp) for tag, regexp in v if tag != "tag:yaml.org,2002:timestamp"]
    for k, v in SpecLoader.yaml_implicit_resolvers.copy().items()
}


def main(argv):
    schema_path, files = pathlib.Path(argv[1]), argv[2:]
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    bad = 0
    for f in files:
        try:
            doc = yaml.load(pathlib.Path(f).read_text(encoding="utf-8"), Loader=SpecLoader)
        except yaml.YAMLError as e:
            print(f"INVALID {f}: YAML: {e}")
            bad += 1
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        if errors:
            bad += 1
            where = "/".join(str(p) for p in errors[0].absolute_path)
            print(f"INVALID {f}: {where}: {errors[0].message[:300]}")
        else:
            print(f"OK {f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
