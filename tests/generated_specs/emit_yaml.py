"""A small YAML writer for generated specs: block maps and lists, flow maps for entries whose
values are all scalars (one line per row, so a mistake's line is the row's line). Keys starting
with `_` are the generator's own notes and are not written."""
import json


YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def scalar(v):
    """Ids plain, as authors write them (`id: m0`); any other text double-quoted."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    v = str(v)
    if v and v[0].isalpha() and v.isascii() and all(c.islower() or c.isdigit() or c == "_" for c in v) and v not in YAML_WORDS:
        return v
    return json.dumps(v, ensure_ascii=False)


def _flat(v):
    return not isinstance(v, (dict, list)) or (isinstance(v, list) and all(not isinstance(x, (dict, list)) for x in v))


def _inline(v):
    if isinstance(v, list):
        return "[" + ", ".join(scalar(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k}: {_inline(x)}" for k, x in _items(v)) + " }"
    return scalar(v)


def _items(d):
    return [(k, v) for k, v in d.items() if not str(k).startswith("_")]


def _one_line(d):
    """A map written on one line: its values are scalars, scalar lists or maps of scalars."""
    return all(_flat(v) or (isinstance(v, dict) and all(_flat(x) for x in v.values())) for _, v in _items(d))


def emit(node, indent=0):
    pad = " " * indent
    lines = []
    if isinstance(node, dict):
        for k, v in _items(node):
            if isinstance(v, dict) and _one_line(v) and len(_inline(v)) < 160:
                lines.append(f"{pad}{k}: {_inline(v)}")
            elif isinstance(v, dict):
                lines.append(f"{pad}{k}:")
                lines += emit(v, indent + 2)
            elif isinstance(v, list) and (not v or _flat(v)):
                lines.append(f"{pad}{k}: {_inline(v)}")
            elif isinstance(v, list):
                lines.append(f"{pad}{k}:")
                lines += emit(v, indent + 2)
            else:
                lines.append(f"{pad}{k}: {scalar(v)}")
    else:
        for v in node:
            if isinstance(v, dict) and _one_line(v):
                lines.append(f"{pad}- {_inline(v)}")
            elif isinstance(v, dict):
                sub = emit(v, indent + 2)
                lines.append(f"{pad}- {sub[0].lstrip()}")
                lines += sub[1:]
            else:
                lines.append(f"{pad}- {_inline(v)}")
    return lines


def dump(spec):
    return "\n".join(emit(spec)) + "\n"
