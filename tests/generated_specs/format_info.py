"""What the generator reads from the format's own description (`qrsc spec-format schema`):
the enums (table kinds, cell kinds, key types, outside, opposed results and columns) and the
dice pattern, so that the generator follows the format rather than restating it."""
import json
import subprocess


def load_schema(qrsc):
    out = subprocess.run([qrsc, "spec-format", "schema"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def _enums(node, name, found):
    """Every `enum` of a property called NAME anywhere in the schema."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == name and isinstance(v, dict) and "enum" in v:
                found.append(v["enum"])
            _enums(v, name, found)
    elif isinstance(node, list):
        for v in node:
            _enums(v, name, found)
    return found


class FormatInfo:
    def __init__(self, schema):
        d = schema["$defs"]
        self.table_kinds = d["table"]["properties"]["kind"]["enum"]
        self.key_types = d["key"]["properties"]["type"]["enum"]
        self.outside = d["key"]["properties"]["outside"]["enum"]
        self.results = d["dice"]["properties"]["result"]["enum"]
        self.columns = d["dice"]["properties"]["column"]["enum"]
        self.ties = d["dice"]["properties"]["tie"]["enum"]
        self.dice_pattern = d["dice"]["properties"]["roll"]["pattern"]
        cells = [e for e in _enums(schema, "cell", []) if "text" in e]
        self.cell_kinds = cells[0] if cells else ["text"]
        self.modifier_value_min = d["modifier"]["properties"]["value"]["minimum"]
        self.modifier_value_max = d["modifier"]["properties"]["value"]["maximum"]
        self.modifier_column_max = d["modifier"]["properties"]["column"]["maximum"]
        self.assertions = [k for k in d["assertion"]["properties"] if k not in ("table", "row", "column", "item", "to", "disputed")]
        for needed in ("bands", "modifiers", "matrix", "list", "facts"):
            assert needed in self.table_kinds, needed
