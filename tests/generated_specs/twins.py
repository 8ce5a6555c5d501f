"""Invalid twins: a valid spec with one documented mistake, and the lines where qrsc must
report it (`file:line:col: error:`)."""
import copy
import random

import oracle
from emit_yaml import dump, scalar


def line_of(text, needle, start=0):
    """The 1-based line of the first line from START holding NEEDLE."""
    for i, line in enumerate(text.splitlines()[start:], start + 1):
        if needle in line:
            return i
    return None


def entry_line(text, entry_id, start=0):
    """The 1-based line from START where entry ENTRY_ID (written as dump writes it, a scalar)
    starts: a flow map ("{ id: m1, ...") or a block one ("- id: m1", an item with shares)."""
    for i, line in enumerate(text.splitlines()[start:], start + 1):
        if f"{{ id: {entry_id}," in line or line.strip() == f"- id: {entry_id}":
            return i
    return None


def _bands_tables(spec):
    return [t for t in spec["tables"] if t["kind"] == "bands"]


def _with_table(spec, table_id):
    """A copy of SPEC to make a twin of, and its table TABLE_ID."""
    s = copy.deepcopy(spec)
    return s, next(x for x in s["tables"] if x["id"] == table_id)


def _difference_twin(name, spec, table_id):
    """The twin whose table also says `difference: true` where its roll cannot be one: an error
    at `difference` or at the table's key."""
    s, tt = _with_table(spec, table_id)
    tt["key"]["dice"]["difference"] = True
    text = dump(s)
    start = _row_line(text, table_id, None)
    return (name, text, {line_of(text, "difference: true", start - 1), line_of(text, "key", start - 1)})


def twins(spec, rng):
    """[(name, YAML text, {lines where the error belongs}[, words its message has])] for a root
    spec."""
    out = []
    bands = _bands_tables(spec)

    # a duplicate row id: the second row of the table takes the first's id
    for t in bands:
        if len(t["rows"]) >= 2:
            s, tt = _with_table(spec, t["id"])
            first = tt["rows"][0]["id"]
            tt["rows"][1]["id"] = first
            text = dump(s)
            out.append(("duplicate_row_id", text, {_row_line(text, tt["id"], first, 2)}))
            break

    # a duplicate table id
    if len(spec["tables"]) >= 2:
        s = copy.deepcopy(spec)
        s["tables"][1]["id"] = s["tables"][0]["id"]
        # the later table's references to it would also break: only when nothing names the second
        if not _referenced(spec, spec["tables"][1]["id"]):
            text = dump(s)
            out.append(("duplicate_table_id", text, {_nth_line(text, f'- id: {s["tables"][0]["id"]}', 2)}))

    # an unknown table named in a roll's modifiers
    for t in bands:
        dice = t["key"].get("dice", {})
        if isinstance(dice.get("modifiers"), list) and dice["modifiers"]:
            s, tt = _with_table(spec, t["id"])
            tt["key"]["dice"]["modifiers"] = ["no_such_list"]
            text = dump(s)
            out.append(("unknown_modifier_table", text, {line_of(text, "no_such_list")}))
            break

    # a label over columns whose bands differ: a label stands for one band
    for t in bands:
        if "columns" not in t:
            continue
        row = next((w for w in t["rows"] if isinstance(w.get("bands"), dict) and "parts" not in w
                    and len(set(w.get("_iv", {}).values())) > 1), None)
        if row:
            s, tt = _with_table(spec, t["id"])
            next(w for w in tt["rows"] if w["id"] == row["id"])["label"] = "Labelled Twice Over"
            text = dump(s)
            out.append(("label_over_differing_bands", text, {line_of(text, "Labelled Twice Over")}))
            break

    # a gap in a band column: one key of a closed row's band left out
    for t in bands:
        single = "columns" not in t
        for i, row in enumerate(t["rows"]):
            if not single or "band" not in row:
                continue
            lo, hi = row["_iv"][""][:2]
            if lo is None or hi is None or hi == lo or t["key"]["type"] != "integer":
                continue
            d = oracle.dice_of(t)
            if d and d["form"] == "digits" and not oracle.digits_writes(t, hi):
                continue  # a number the dice cannot write need not be in a band: no gap
            if d and d["form"] == "opposed" and d["tie"] == "none" and d["result"] in ("difference", "margin") and hi == 0:
                continue  # a tie that nothing comes of reads no row: its key alone is no gap (docs/spec-format.md, `tie`)
            s, tt = _with_table(spec, t["id"])
            tt["rows"][i]["band"] = f"{lo} to {hi - 1}"
            text = dump(s)
            # the gap is named at the row that leaves it out or at the row after it
            lines = {_row_line(text, t["id"], r["id"]) for r in tt["rows"]}
            out.append(("band_gap", text, lines))
            break
        else:
            continue
        break

    # a result the dice reach that no row reads, without `outside` (where the dice do reach past
    # the range: a spec may state `outside` where it is not needed)
    for t in bands:
        if t["key"].get("outside") and ("min" in t["key"] or "max" in t["key"]) and oracle.reaches_past(spec, t):
            s, tt = _with_table(spec, t["id"])
            del tt["key"]["outside"]
            text = dump(s)
            out.append(("missing_outside", text, _roll_lines(text, t["id"])))
            break

    # a roll read as digits (d66) is not a difference: an error at its key (docs, `d66`)
    for t in bands:
        d = oracle.dice_of(t) if t["key"].get("dice") else None
        if d and d["form"] == "digits":
            out.append(_difference_twin("digits_difference", spec, t["id"]))
            break

    # a roll against a unit's value: no `difference` (an error at the key), and its rows write
    # `band:`, not `bands:` (docs, `key.dice.against`)
    for t in bands:
        d = oracle.dice_of(t) if t["key"].get("dice") else None
        if d and d.get("against"):
            out.append(_difference_twin("against_difference", spec, t["id"]))
            s, tt = _with_table(spec, t["id"])
            row = next((w for w in tt["rows"] if "band" in w), None)
            if row:
                row["bands"] = {str(oracle.against_values(t)[0]): row.pop("band")}
                text = dump(s)
                out.append(("against_row_bands", text, {_row_line(text, t["id"], row["id"])}))
            break

    # type modifiers (docs/spec-format.md, "Opposed rolls"): a matrix a side reads with a blank
    # cell (an error at its row: every type needs a modifier against every type), and a type a
    # second class column is read against too (an error at either column)
    read = [m for m in spec["tables"] if m["kind"] == "matrix" and _referenced(spec, m["id"], ("type_modifiers",))]
    if read:
        s, mt = _with_table(spec, read[0]["id"])
        row = rng.choice(mt["rows"])
        del row["cells"][rng.choice(list(row["cells"]))]
        text = dump(s)
        out.append(("type_modifiers_blank_cell", text, {_matrix_row_line(text, mt["id"], row["id"])}))
    classes = next((m for m in read if len(m["columns"]) > 1 and "against" in m["columns"][0]), None)
    if classes:
        s, mt = _with_table(spec, classes["id"])
        first, second = rng.sample(mt["columns"], 2)
        second["against"] = second["against"] + [first["against"][0]]
        text = dump(s)
        out.append(("type_modifiers_read_twice", text, {line_of(text, f"{{ id: {c['id']}, ") for c in (first, second)}))

    # modifiers for some types only (docs/spec-format.md, "Modifier lists"): a list of them also
    # read by a single roll (an error at that roll's `modifiers`: the roll has no side's type),
    # and a type that is no term of a vocabulary (an error at the item, with a suggestion)
    typed = [m for m in spec["tables"] if m["kind"] == "modifiers" and oracle.has_conditions(m)]
    if typed:
        out.append(_single_reader_twin(spec, typed[0]["id"]))
        s, mt = _with_table(spec, typed[0]["id"])
        item = next(it for it in mt["items"] if "only" in it or "except" in it)
        key = "only" if "only" in item else "except"
        item[key] = [item[key][0] + "x"] + item[key][1:]
        item.pop("shares", None)  # written as a flow map: the error's line is the item's
        text = dump(s)
        out.append(("type_conditions_unknown_term", text, {entry_line(text, scalar(item['id']), _row_line(text, mt["id"], None))},
                    "did you mean '"))

    out += _at_most_twins(spec)
    out += _again_twins(spec)
    out += _dice_matrix_twins(spec)

    # an unknown key in a row (a typo)
    for t in bands:
        s, tt = _with_table(spec, t["id"])
        row = tt["rows"][-1]
        row["titel"] = row.pop("title")
        text = dump(s)
        out.append(("unknown_row_key", text, {_row_line(text, t["id"], row["id"])}))
        break
    return out


def _dice_matrix_twins(spec):
    """A matrix's `modifiers` (docs/spec-format.md, a matrix of `dice` cells): on a matrix whose
    cell is not `dice` (naming a modifier list), and a dice matrix naming a table that is no
    modifier list (a band table); each an error at the `modifiers` key's line, in its words."""
    out = []
    lists = [t["id"] for t in spec["tables"] if t["kind"] == "modifiers"]
    other = next((t for t in spec["tables"] if t["kind"] == "matrix" and t.get("cell") != "dice"), None)
    if other and lists:
        s, tt = _with_table(spec, other["id"])
        items = list(tt.items())
        tt.clear()
        for k, v in items:
            tt[k] = v
            if k == "cell":
                tt["modifiers"] = [lists[0]]
        text = dump(s)
        out.append(("dice_modifiers_not_dice", text, {line_of(text, "modifiers:", _row_line(text, other["id"], None))},
                    "'modifiers' add dice to a count, so they need dice cells (cell: dice)"))
    dice = next((t for t in spec["tables"] if t["kind"] == "matrix" and t.get("cell") == "dice"), None)
    band = next((t for t in spec["tables"] if t["kind"] == "bands"), None)
    if dice and band:
        s, tt = _with_table(spec, dice["id"])
        named = oracle.dice_modifier_lists(tt)
        tt["modifiers"] = named[:1] + [band["id"]] if named else [band["id"]]
        if not named:  # written after `cell`, as the generator writes it
            items = [(k, v) for k, v in tt.items() if k != "modifiers"]
            tt.clear()
            for k, v in items:
                tt[k] = v
                if k == "cell":
                    tt["modifiers"] = [band["id"]]
        text = dump(s)
        out.append(("dice_modifiers_not_a_list", text, {line_of(text, "modifiers:", _row_line(text, dice["id"], None))},
                    f"matrix '{dice['id']}': '{band['id']}' is not a modifier list (kind: modifiers)"))
    return out


def _again_twins(spec):
    """Rows that roll again (docs/spec-format.md, `again`): an id that is no item of the lists
    the table's dice add, and an id named twice, each an error at the row's `again` saying
    'again'. On a row that rolls again where the spec has one, else on the first row of the
    first roll that reads modifier lists (given the `again` of the twin)."""
    rolled = [t for t in _bands_tables(spec) if t["key"].get("dice") and oracle.roll_lists(t)]
    t = next((t for t in rolled if oracle.has_again(t)), rolled[0] if rolled else None)
    if t is None:
        return []
    row_id = next((w["id"] for w in t["rows"] if "again" in w), t["rows"][0]["id"])
    first = [oracle.table_by_id(spec, oracle.roll_lists(t)[0])["items"][0]["id"]]
    out = []
    for kind, change in (("again_unknown_item", lambda ids: ids + ["no_such_modifier"]),
                         ("again_named_twice", lambda ids: (ids or first) + (ids or first)[:1])):
        s, tt = _with_table(spec, t["id"])
        row = next(w for w in tt["rows"] if w["id"] == row_id)
        row["again"] = change(list(row.get("again", [])))
        text = dump(s)
        at = _row_line(text, t["id"], row_id)
        out.append((kind, text, {at, line_of(text, "again:", at - 1)}, "'again'"))
    return out


def _at_most_twins(spec):
    """Modifiers counted per occurrence (docs/spec-format.md, "Modifier lists"): `at_most` on a
    factor (an error at the item), out of 2..99 (at the item), on a member of a group (at the
    group), and a most that takes the net modifier past the key's range without `outside`
    (at the roll)."""
    lists = [m for m in spec["tables"] if m["kind"] == "modifiers" and oracle.has_at_most(m)]
    if not lists:
        return []
    out = []
    lt = lists[0]
    item_id = next(it["id"] for it in lt["items"] if "at_most" in it)
    pick = random.Random(f"{spec['id']}/at_most_twins")  # not the checker's generator: its later draws stay

    def twin(kind, change, at_group=False):
        s, mt = _with_table(spec, lt["id"])
        it = next(x for x in mt["items"] if x["id"] == item_id)
        it.pop("shares", None)  # the item written as a flow map, and no other fault of a factor
        group = change(mt, it)
        text = dump(s)
        start = _row_line(text, lt["id"], None)
        out.append((kind, text, {entry_line(text, scalar(group if at_group else item_id), start)}))

    def factor(mt, it):
        del it["value"]
        it["factor"] = "1/2"

    def out_of_range(mt, it):
        it["at_most"] = pick.choice([0, 1, 100, 255])

    def in_group(mt, it):
        groups = mt.setdefault("groups", [])
        if groups:
            groups[0]["members"].append(item_id)
            return groups[0]["id"]
        other = next((x["id"] for x in mt["items"] if x["id"] != item_id and "at_most" not in x), None)
        groups.append({"id": "twin_group", "members": [item_id] + ([other] if other else []), "note": "Twin group"})
        return "twin_group"
    twin("at_most_factor", factor)
    twin("at_most_range", out_of_range)
    twin("at_most_in_group", in_group, at_group=True)
    outside = _at_most_outside_twin(spec)
    return out + ([outside] if outside else [])


def _at_most_outside_twin(spec):
    """A bounded integer key whose roll stays within its range counting a modifier once, and
    passes an end counting it N times (the least N from 2 to 99 that does): that modifier given
    `at_most: N` and the table's `outside` dropped, an error at the roll (the net range counts
    it N times). Few generated tables stay within their range so (their range is drawn within
    the reach the counts widen): else a d6 table added that reads a list of such modifiers
    (for every type) and whose rows cover exactly what it reaches counting each once."""
    return _at_most_outside_in_place(spec) or _at_most_outside_added(spec)


def _at_most_outside_added(spec):
    """The twin of `_at_most_outside_twin` with a table of its own, `twin_counted`; None where no
    list for every type has a modifier counted per occurrence whose value is not 0."""
    lt = next((m for m in spec["tables"] if m["kind"] == "modifiers" and not oracle.has_conditions(m)
               and any("at_most" in it and oracle.value(it) for it in m["items"])), None)
    if lt is None:
        return None
    once = copy.deepcopy(spec)
    for it in oracle.table_by_id(once, lt["id"])["items"]:
        it.pop("at_most", None)
    lo, hi = oracle.side_net_range(once, [lt["id"]])
    lo, hi = 1 + lo, 6 + hi
    s = copy.deepcopy(spec)
    s["tables"].append({"id": "twin_counted", "kind": "bands", "title": "Twin Counted Roll",
                        "key": {"name": "Die", "type": "integer", "dice": {"roll": "d6", "modifiers": [lt["id"]]}, "min": lo, "max": hi},
                        "rows": [{"id": "twin_low", "title": "Low", "band": f"{lo} to {lo + 2}"},
                                 {"id": "twin_high", "title": "High", "band": f"{lo + 3} to {hi}"}]})
    text = dump(s)
    return ("at_most_outside", text, _roll_lines(text, "twin_counted"))


def _at_most_outside_in_place(spec):
    """The twin of `_at_most_outside_twin` on a generated table, or None."""
    for t in _bands_tables(spec):
        d = oracle.dice_of(t) if t["key"].get("dice") else None
        if not d or t["key"]["type"] != "integer" or not ("min" in t["key"] or "max" in t["key"]):
            continue
        lists = [tid for x in d["sides"].values() for tid in x["_mods"]] if d["form"] == "opposed" else d["mods"]
        for lid in dict.fromkeys(lists):
            for item in oracle.table_by_id(spec, lid)["items"]:
                if "at_most" not in item or oracle.value(item) == 0:
                    continue
                s, tt = _with_table(spec, t["id"])
                tt["key"].pop("outside", None)
                it = next(x for x in oracle.table_by_id(s, lid)["items"] if x["id"] == item["id"])
                del it["at_most"]
                if oracle.reaches_past(s, tt):
                    continue  # past an end already: no twin of the count
                for n in range(2, 100):
                    it["at_most"] = n
                    if oracle.reaches_past(s, tt):
                        text = dump(s)
                        return ("at_most_outside", text, _roll_lines(text, t["id"]))
    return None


def _roll_lines(text, table_id):
    """The lines where a table's roll is reported (`dice`, `key`): a roll written as a block map
    (a side's type_modifiers make it long) is located at its first entry, the line after
    `dice:`."""
    start = _row_line(text, table_id, None)
    dice = line_of(text, "dice", start - 1)
    block = text.splitlines()[dice - 1].strip() == "dice:"
    return {dice, line_of(text, "key", start - 1)} | ({dice + 1} if block else set())


def _single_reader_twin(spec, list_id):
    """The twin where a single roll (a band table added last, `d6` with open bands) also reads
    the list LIST_ID of modifiers for some types only: an error at its `modifiers`."""
    s = copy.deepcopy(spec)
    s["tables"].append({"id": "twin_single", "kind": "bands", "title": "Twin Single Roll",
                        "key": {"name": "Die", "type": "integer", "dice": {"roll": "d6", "modifiers": [list_id]}},
                        "rows": [{"id": "twin_low", "title": "Low", "band": "3 or less"},
                                 {"id": "twin_high", "title": "High", "band": "4 or more"}]})
    text = dump(s)
    start = _row_line(text, "twin_single", None)
    return ("type_conditions_single_roll", text, {line_of(text, list_id, start), line_of(text, "modifiers", start)})


def _referenced(spec, tid, keys=("modifiers", "type_modifiers")):
    """Whether a roll names table TID among its modifier lists or as a side's type modifiers, or
    a dice matrix among its `modifiers`."""
    for t in spec["tables"]:
        if t.get("kind") == "matrix" and tid in oracle.dice_modifier_lists(t):
            return True
        d = t.get("key", {}).get("dice", {})
        for x in [d] + [d.get("attacker", {}), d.get("defender", {})]:
            for k in keys:
                m = x.get(k, []) if isinstance(x, dict) else []
                if tid in ([m] if isinstance(m, str) else m):
                    return True
    return False


def _matrix_row_line(text, table_id, row_id):
    """The line of a matrix's row: after its `rows:` (a row of type modifiers has a column's id)."""
    start = _row_line(text, table_id, None)
    rows = line_of(text, "rows:", start)
    return line_of(text, f"{{ id: {row_id},", rows)


def _nth_line(text, needle, n):
    seen = 0
    for i, line in enumerate(text.splitlines(), 1):
        if line.strip() == needle:
            seen += 1
            if seen == n:
                return i
    return None


def _row_line(text, table_id, row_id, nth=1):
    """The line of a row of a table (the table's own line when ROW_ID is None)."""
    start = next(i for i, line in enumerate(text.splitlines(), 1) if line.strip() == f"- id: {table_id}")
    if row_id is None:
        return start
    seen = 0
    for i, line in enumerate(text.splitlines()[start:], start + 1):
        if f"{{ id: {row_id}," in line or line.strip() == f"- id: {row_id}":
            seen += 1
            if seen == nth:
                return i
    return None
