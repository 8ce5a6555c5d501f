"""The independent oracle: dice distributions from Debian's dicelab, everything else from the
rules of docs/spec-format.md (modifier sums and groups, bands, keys, `outside`, opposed rolls),
computed on the generator's own intent, never with qrsc's code."""
import functools
import os
import re
import subprocess
import tempfile
from fractions import Fraction


def table_by_id(spec, tid):
    return next(t for t in spec["tables"] if t["id"] == tid)


def value(item):
    return int(str(item["value"]).strip())


def at_most(item):
    """How many occurrences of a modifier count (`at_most`; 1 for one that counts once however
    often it is named)."""
    return int(item.get("at_most", 1))


def counted_value(item, times):
    """What a modifier named TIMES times adds (docs/spec-format.md, "Modifier lists"): its value
    once per occurrence, at most `at_most` times."""
    return value(item) * min(times, at_most(item))


def side_net_range(spec, lists):
    """The net modifiers a side's lists allow: negatives to positives; a group adds one member at
    most; a modifier counted per occurrence counts `at_most` times. Items for some types only
    are counted as for every type: a type only drops items, so the range of every type is
    within this one (qrsc's reach is the same)."""
    lo = hi = 0
    for tid in lists:
        t = table_by_id(spec, tid)
        grouped = {m for g in t.get("groups", []) for m in g["members"]}
        for it in t["items"]:
            if it["id"] not in grouped:
                lo += min(0, counted_value(it, at_most(it)))
                hi += max(0, counted_value(it, at_most(it)))
        for g in t.get("groups", []):
            vals = [value(it) for it in t["items"] if it["id"] in g["members"]]
            lo += min(0, min(vals))
            hi += max(0, max(vals))
    return lo, hi


class ModifierError(Exception):
    pass


# ---- modifiers for some types only (docs/spec-format.md, "Modifier lists": `only`, `except`)
def applies_to(item, side_type):
    """Whether a modifier item applies to a side of type SIDE_TYPE (a term id; None: a side of no
    type, which every modifier applies to): its `only` names the type, or its `except` does not."""
    if side_type is None:
        return True
    if "only" in item:
        return side_type in item["only"]
    return side_type not in item.get("except", [])


def types_note(spec, table, item):
    """The words a surface prints after the item's text: "only A, B" or "not A", the terms'
    names (of TABLE's vocabulary, as written) joined by ", "; None for an item of every type."""
    key = "only" if "only" in item else "except" if "except" in item else None
    if key is None:
        return None
    names = {term["id"]: term["name"] for term in vocabulary_terms(spec, types_vocabulary(spec, table))}
    return ("only " if key == "only" else "not ") + ", ".join(names[x] for x in item[key])


def has_conditions(table):
    """Whether a modifier list has an item for some types only."""
    return any("only" in it or "except" in it for it in table.get("items", []))


def types_vocabulary(spec, table):
    """The vocabulary a modifier list's types are terms of: the columns of the rolls that read it
    (the generator gives conditions only to lists that typed opposed rolls of one vocabulary
    read); None for a list without conditions."""
    if not has_conditions(table):
        return None
    for t in spec["tables"]:
        d = dice_of(t) if t.get("kind") == "bands" and t.get("key", {}).get("dice") else None
        if d and d["form"] == "opposed" and any(table["id"] in s["_mods"] for s in d["sides"].values()):
            return t.get("columns")
    return None


def vocabulary_terms(spec, vid):
    return next(v["terms"] for v in spec.get("vocabularies", []) if v["id"] == vid)


def has_type_conditions(spec, table):
    """Whether a side of the table's opposed roll reads a list with items for some types only."""
    d = dice_of(table) if table.get("kind") == "bands" and table["key"].get("dice") else None
    return bool(d and d["form"] == "opposed"
                and any(has_conditions(table_by_id(spec, tid)) for s in d["sides"].values() for tid in s["_mods"]))


def has_at_most(table):
    """Whether a modifier list has an item counted per occurrence."""
    return any("at_most" in it for it in table.get("items", []))


def has_shares(table):
    """Whether a modifier list has an item the units decide (`shares`)."""
    return any("shares" in it for it in table.get("items", []))


def shares_reached(table, units):
    """The ids of the list's items the units decide, in list order, that their parts reach:
    docs/spec-format.md, "Modifiers the units decide". units: [(amount Fraction, {trait ids})].
    A share counts the units that are any of its kinds (a kind: all its traits held), and is
    reached when their part is at least `at_least` of a total above 0; one share suffices."""
    total = sum((a for a, _ in units), Fraction(0))
    out = []
    for it in table["items"]:
        for share in it.get("shares", []):
            kinds = [{t.strip() for t in kind.split("+")} for kind in share["from"]]
            part = sum((a for a, traits in units if any(k <= traits for k in kinds)), Fraction(0))
            if total > 0 and part >= Fraction(share["at_least"]) * total:
                out.append(it["id"])
                break
    return out


def reads_at_most(spec, table):
    """Whether the table's roll (either side of an opposed one) reads a list with an item counted
    per occurrence."""
    d = dice_of(table) if table.get("kind") == "bands" and table["key"].get("dice") else None
    lists = [tid for s in d["sides"].values() for tid in s["_mods"]] if d and d["form"] == "opposed" else (d or {}).get("mods", [])
    return any(has_at_most(table_by_id(spec, tid)) for tid in lists)


def roll_lists(table):
    """The modifier lists a rolled table's dice add: a single roll's, or an opposed roll's
    attacker's then defender's (each list once)."""
    d = dice_of(table)
    if d["form"] == "opposed":
        return list(dict.fromkeys(tid for s in d["sides"].values() for tid in s["_mods"]))
    return list(d["mods"])


def again_without(spec, table, row_id):
    """What a row that rolls again (docs/spec-format.md, `again`) lists as no longer counting:
    [{table, item, text}] in the row's order, each id's list among those the table's dice add
    and the item's text as printed (generated texts hold no distances: as written); None for a
    row without `again` (or no row)."""
    row = next((w for w in table["rows"] if w["id"] == row_id), None)
    if row is None or "again" not in row:
        return None
    items = {it["id"]: (tid, it) for tid in roll_lists(table) for it in table_by_id(spec, tid)["items"]}
    return [{"table": items[i][0], "item": i, "text": items[i][1]["text"]} for i in row["again"]]


def has_again(table):
    """Whether a band table has a row that rolls again."""
    return any("again" in w for w in table.get("rows", []))


def words_again(words, dropped):
    """The sides' words (a tuple per side) of the roll made again without the ids DROPPED (a
    row's `again`; docs/cli.md, `odds`): on every side a word naming one ("id", "id=K") is left
    out; signed numbers and the other modifiers are kept as given."""
    return tuple(tuple(w for w in side if w.partition("=")[0] not in dropped) for side in words)


def words_net(spec, lists, words, side_type=None):
    """The net modifier of a side's words: its modifier ids' (`net_of`) plus its signed numbers
    ("+1", "-2": docs/cli.md, a number among the modifiers)."""
    numbers = [w for w in words if re.fullmatch(r"[+-]\d+", w)]
    return net_of(spec, lists, [w for w in words if w not in numbers], side_type) + sum(int(n) for n in numbers)


def odds_at_words(spec, table, column, words, types=(None, None)):
    """`odds` at the sides' WORDS ((single,) or (attacker, defender)), each opposed side of its
    type in TYPES (None: the column is chosen)."""
    d = dice_of(table)
    if d["form"] != "opposed":
        return odds(spec, table, column, net=words_net(spec, d["mods"], words[0]))
    a, b = ({"net": words_net(spec, d["sides"][who]["_mods"], w, ty), "type": ty}
            for who, w, ty in zip(("attacker", "defender"), words, types))
    return odds(spec, table, column, attacker=a, defender=b)


def odds_until_decided(spec, table, column, words, types=(None, None)):
    """The odds until decided (docs/cli.md, `odds`; docs/spec-format.md, `again`) in COLUMN at the
    sides' WORDS ((single,) or (attacker, defender); TYPES as `odds_at_words`): roll; a row with
    `again: D` is rolled again at the words less those naming an id of D (`words_again`), and so
    on until a row without `again`, or none, is read. F(W) = the chance of each such row at W,
    plus each again row's chance times F(W less its D); a row dropping nothing of W is W rolled
    again as it was, so its chance L shares out: F(W) = the rest / (1 - L). Returns {row id:
    chance} of every row without `again` in the table's order, then "(no row)" (outside with
    no effect, a tie that nothing comes of); None where never decided: L is 1, or a roll so
    reached with some chance is never decided, or every result of one is rolled again
    (`outside: reroll`, the `odds` of {"(reroll)": 1}). Not for a roll whose tie both sides read
    (`tie: both`), whose chances count a tie once per side: qrsc gives none there (docs/cli.md)."""
    memo = {}
    rows = {w["id"]: w for w in table["rows"]}

    def at(w):
        if w not in memo:
            memo[w] = decided(w)
        return memo[w]

    def decided(w):
        p = odds_at_words(spec, table, column, w, types)
        if "(reroll)" in p:
            return None
        out = dict.fromkeys([r for r in rows if "again" not in rows[r]] + ["(no row)"], Fraction(0))
        loop = Fraction(0)  # the chance of a row that drops nothing of W: W is rolled again
        for label, chance in p.items():
            if not chance or "again" not in rows.get(label, {}):
                out[label] += chance
                continue
            after = words_again(w, rows[label]["again"])
            if after == w:
                loop += chance
                continue
            then = at(after)
            if then is None:
                return None
            for k, v in then.items():
                out[k] += chance * v
        return None if loop == 1 else {k: v / (1 - loop) for k, v in out.items()}

    return at(tuple(tuple(side) for side in words))


def occurrences(words):
    """{id: how many times it occurs} of the modifier words a caller gives, in order: an id once
    per naming, `ID=N` N times (docs/cli.md)."""
    out = {}
    for w in words:
        mid, _, n = w.partition("=")
        out[mid] = out.get(mid, 0) + (int(n) if n else 1)
    return out


def counted(spec, lists, ids, side_type=None):
    """{id: whether it counts} for the modifier ids given of LISTS (words: an id named twice, or
    `ID=N`, is one id occurring more than once; one occurring 0 times is not given), for a side
    of type SIDE_TYPE: an item the type excludes does not apply (it counts not, and it keeps no
    other member of its group from counting); of a non-cumulative group's members that apply
    only the one of largest magnitude counts (of equals, the one listed first). Two members of
    an exclusive group that apply to the side's type are an error (a member its type excludes
    does not apply, so it does not clash)."""
    ids = [i for i, n in occurrences(ids).items() if n]
    out = {}
    for tid in lists:
        t = table_by_id(spec, tid)
        order = [it["id"] for it in t["items"]]
        items = {it["id"]: it for it in t["items"]}
        mine = [i for i in ids if i in items]
        applying = [i for i in mine if applies_to(items[i], side_type)]
        for g in t.get("groups", []):
            present = [m for m in g["members"] if m in applying]
            if g.get("exclusive") and len(present) > 1:
                raise ModifierError(f"{present[0]} and {present[1]} exclude each other")
        out.update({i: i in applying for i in mine})
        for g in t.get("groups", []):
            present = [m for m in g["members"] if m in applying]
            if present:
                best = max(present, key=lambda m: (abs(value(items[m])), -order.index(m)))
                out.update({m: m == best for m in present})
    return out


def net_of(spec, lists, ids, side_type=None):
    """The sum of the modifier ids given that count (`counted`) for a side of type SIDE_TYPE, a
    modifier counted per occurrence as often as it occurs, at most `at_most` times (IDS are
    words: `ID=N` is N occurrences)."""
    counts = counted(spec, lists, ids, side_type)
    times = occurrences(ids)
    items = {it["id"]: it for tid in lists for it in table_by_id(spec, tid)["items"]}
    return sum(counted_value(items[i], times[i]) for i, c in counts.items() if c)


def modifier_entries(spec, lists, words, side_type=None, type_name=None):
    """What `qrsc lookup --format json` lists for the modifier WORDS of a side (docs/cli.md): one
    entry a word, in order, {term, text, value, counted, why}. A modifier its type excludes
    does not apply, each naming of it ("does not apply to TYPE_NAME"); a non-cumulative group's
    member outweighed does not count; a modifier named again that counts once, "given twice,
    counts once"; of a modifier counted per occurrence the occurrences up to its most count and
    a naming wholly past them does not ("counts up to N times"). `ID=K` is one entry of K
    occurrences: value times as many as count, text "Text xK" (with ", C of them count" where
    fewer than K do, "1 of them counts"; "Text" for K = 1)."""
    counts = counted(spec, lists, words, side_type)
    items = {it["id"]: it for tid in lists for it in table_by_id(spec, tid)["items"]}
    seen, out = {}, []
    for w in words:
        mid, eq, n = w.partition("=")
        it, k = items[mid], int(n) if eq else 1
        before = seen.get(mid, 0)
        seen[mid] = before + k
        text = it["text"] + (f" x{k}" if eq and k != 1 else "")
        entry = {"term": w, "text": text, "value": value(it) * k, "counted": True, "why": None}
        if not applies_to(it, side_type):
            entry.update(counted=False, why=f"does not apply to {type_name}")
        elif "at_most" not in it and before:
            entry.update(counted=False, why="given twice, counts once")
        elif "at_most" not in it and not counts[mid]:
            entry.update(counted=False, why="not cumulative, does not count")
        elif "at_most" in it:
            count = max(0, min(k, at_most(it) - before))
            if k and not count:
                entry.update(counted=False, why=f"counts up to {at_most(it)} times")
            else:
                entry.update(value=value(it) * count, text=text + (f", {count} of them count{'s' if count == 1 else ''}" if count < k else ""))
        out.append(entry)
    return out


# ---- dice, from dicelab
@functools.lru_cache(maxsize=None)
def dicelab_distribution(expression, throws):
    """{result: exact probability} of a dicelab expression over `throws` equally likely throws
    (dicelab prints six decimals; each count is the nearest whole number of throws)."""
    with tempfile.NamedTemporaryFile("w", suffix=".dl", delete=False) as f:
        f.write(expression + "\n")
        path = f.name
    try:
        out = subprocess.run(["dicelab", "-c", "-f", path], check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    dist = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2:
            count = round(float(parts[1]) * throws)
            if count:
                dist[int(parts[0])] = Fraction(count, throws)
    assert sum(dist.values()) == 1, (expression, dist)
    return dist


def dice_distribution(n, m):
    """{result: exact probability} of n dice of m faces, summed, as dicelab calculates it."""
    return dicelab_distribution(f"sum {n}#d{m}", m ** n)


def digits_distribution(n):
    """{number: exact probability} of two dice of N faces read as tens and units, as dicelab
    calculates `dN*10+dN` (docs: d66 writes 11 to 66, 36 equally likely results)."""
    return dicelab_distribution(f"d{n}*10+d{n}", n * n)


def digits_writes(table, key):
    """Whether a roll read as digits can write KEY (a number dicelab gives a chance)."""
    d = dice_of(table)
    return Fraction(key).denominator == 1 and int(key) in digits_distribution(d["digits"])


def add_const(dist, k):
    return {v + k: p for v, p in dist.items()}


# ---- bands
def contains(iv, key, fraction):
    if len(iv) == 4:  # a fraction key's exact comparisons: (lo, hi, lo excluded, hi included)
        lo, hi, lo_open, hi_closed = iv
        above = lo is None or (key > lo if lo_open else key >= lo)
        below = hi is None or (key <= hi if hi_closed else key < hi)
        return above and below
    lo, hi = iv
    if lo is not None and key < lo:
        return False
    if hi is None:
        return True
    return key < hi if fraction else key <= hi


def row_at(table, column, key):
    """The row (and part) whose band in COLUMN holds KEY, or None. A roll against a unit's value
    (docs/spec-format.md, `key.dice.against`) has a column per value whose bands are the rows'
    bands (the modified roll less the value) shifted by the value: the total KEY in column V is
    the margin KEY - V in the bands as written."""
    fraction = table["key"]["type"] == "fraction"
    if against_values(table):
        key, column = key - Fraction(int(column)), ""
    matchup = matchup_by_id(table, column)
    for row in table["rows"]:
        # a matchup's column: the band its `bands` gives the row (a row it does not name is not read)
        iv = matchup["_iv"].get(row["id"]) if matchup else row["_iv"].get(column)
        if iv is not None and contains(iv, key, fraction):
            part = None
            for p in row.get("parts", []):
                if contains(p["_iv"][column], key, fraction):
                    part = p["id"]
            return row["id"], part
    return None, None


# ---- matchups (docs/spec-format.md, "Opposed rolls": `matchups`)
def matchups(table):
    return table.get("matchups") or []


def matchup_by_id(table, column):
    return next((m for m in matchups(table) if m["id"] == column), None) if column else None


def _types(x):
    return [x] if isinstance(x, str) else list(x)


def column_read_by(table, reader_type, other_type):
    """The column a side of READER_TYPE reads against a side of OTHER_TYPE where the table reads
    the loser's or the winner's column: a matchup's when the reader's type is in the list the
    table's `column` names (`loser` or `winner`) and the other's in the other list, else its own
    type's."""
    d = table["key"]["dice"]
    mine, theirs = ("loser", "winner") if d.get("column") == "loser" else ("winner", "loser")
    for m in matchups(table):
        if reader_type in _types(m[mine]) and other_type in _types(m[theirs]):
            return m["id"]
    return reader_type


def column_ids(table):
    """Every column a key is read in: the table's own (the types of an opposed table read by
    type), then its matchups'."""
    return [c["id"] for c in table["_cols"]] + [m["id"] for m in matchups(table)]


def read(table, column, key):
    """A key read as the docs say: past min/max, `outside` decides. Returns (row, part, how),
    how one of "row", "clamp", "no_effect", "reroll", "none"."""
    k = table["key"]
    lo, hi = k.get("min"), k.get("max")
    lo = Fraction(lo) if lo is not None else None
    hi = Fraction(hi) if hi is not None else None
    past = (lo is not None and key < lo) or (hi is not None and key > hi)
    if past:
        outside = k.get("outside")
        if outside == "clamp":
            end = lo if key < lo else hi
            row, part = row_at(table, column, end)
            return row, part, "clamp"
        return None, None, outside or "none"
    row, part = row_at(table, column, key)
    return row, part, "row" if row else "none"


def parse_roll(text):
    n, m = text.split("d")
    return int(n or 1), int(m)


def digits_faces(roll):
    """N for a roll read as digits (docs: `d66`, `d22` to `d99`: a digit written twice), else None."""
    m = re.fullmatch(r"d([2-9])\1", roll.strip())
    return int(m.group(1)) if m else None


def parse_band_int(text):
    """An integer range in band notation (`4 - 10`, `-2 - 1`, `-3 to -1`, `7`): (lo, hi)."""
    t = str(text).strip()
    m = re.fullmatch(r"(-?\d+)\s*(?:-|to)\s*(-?\d+)", t)
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        return min(a, b), max(a, b)
    return int(t), int(t)


def against_values(table):
    """The values of a roll against a unit's value (`key.dice.against.values`), ascending, or []."""
    d = table.get("key", {}).get("dice") or {}
    ag = d.get("against")
    if not ag:
        return []
    lo, hi = parse_band_int(ag["values"])
    return list(range(lo, hi + 1))


def dice_of(table):
    """The table's dice as the spec states them (defaults from docs/spec-format.md)."""
    d = table["key"].get("dice")
    if not d:
        return None
    def lists(x):
        mods = x.get("modifiers", [])
        return [mods] if isinstance(mods, str) else list(mods)
    if "attacker" in d:
        sides = {s: {"_nm": parse_roll(d[s]["roll"]), "_mods": lists(d[s]), "_tm": d[s].get("type_modifiers")}
                 for s in ("attacker", "defender")}
        return {"form": "opposed", "sides": sides, "result": d.get("result", "difference"),
                "column": d.get("column", "chosen"), "tie": d.get("tie", "defender")}
    digits = digits_faces(d["roll"])
    if digits:  # two dice of N faces read as tens and units: no modifiers (docs, `d66`)
        return {"form": "digits", "nm": (2, digits), "mods": [], "digits": digits}
    return {"form": "difference" if d.get("difference") else "single", "nm": parse_roll(d["roll"]), "mods": lists(d),
            "against": against_values(table)}


# ---- type modifiers (docs/spec-format.md, "Opposed rolls": a side's `type_modifiers`)
def has_type_modifiers(table):
    """Whether a side of the table's opposed roll adds a modifier by its type."""
    d = dice_of(table) if table.get("kind") == "bands" and table["key"].get("dice") else None
    return bool(d and d["form"] == "opposed" and any(s["_tm"] for s in d["sides"].values()))


def type_modifier(spec, table, who, own, other):
    """What side WHO ("attacker" or "defender") of type OWN adds against a side of type OTHER:
    the cell of its matrix in OWN's row and in the column OTHER is read in (the column whose
    `against` names it, else the one whose id it is); 0 where the side has no type modifiers."""
    matrix_id = dice_of(table)["sides"][who]["_tm"]
    if not matrix_id:
        return 0
    m = table_by_id(spec, matrix_id)
    column = next(c["id"] for c in m["columns"] if other in c.get("against", [c["id"]]))
    row = next(r for r in m["rows"] if r["id"] == own)
    return int(str(row["cells"][column]).strip())


def type_modifier_range(spec, table, who):
    """The least and greatest type modifier side WHO can add: its matrix's cells (every row is
    a type and every column is read against one), (0, 0) without one. The key's reach takes
    each side's independently, as its modifier lists' (a side's greatest need not meet the
    other's least: `outside` is asked for where a side's extremes could pass the key's ends)."""
    matrix_id = dice_of(table)["sides"][who]["_tm"]
    if not matrix_id:
        return 0, 0
    cells = [int(str(v).strip()) for r in table_by_id(spec, matrix_id)["rows"] for v in r["cells"].values()]
    return min(cells), max(cells)


def opposed_net_range(spec, table, who):
    """The nets side WHO can reach: its lists' range widened by its type modifiers'."""
    side = dice_of(table)["sides"][who]
    lo, hi = side_net_range(spec, side["_mods"])
    tlo, thi = type_modifier_range(spec, table, who)
    return lo + tlo, hi + thi


def side_nets(spec, table, attacker, defender):
    """Each side's net modifier: its lists' (`net`) plus its type modifier against the other
    side's type (none where the column is chosen: the sides have no type)."""
    if attacker.get("type") is None or defender.get("type") is None:
        return attacker["net"], defender["net"]
    return (attacker["net"] + type_modifier(spec, table, "attacker", attacker["type"], defender["type"]),
            defender["net"] + type_modifier(spec, table, "defender", defender["type"], attacker["type"]))


def key_reach(spec, table):
    """The lowest and highest key the dice and the sheet's modifiers can give (integer keys)."""
    d = dice_of(table)
    if d["form"] == "opposed":
        a, b = d["sides"]["attacker"], d["sides"]["defender"]
        alo, ahi = opposed_net_range(spec, table, "attacker")
        dlo, dhi = opposed_net_range(spec, table, "defender")
        (an, am), (dn, dm) = a["_nm"], b["_nm"]
        low = an + alo - (dn * dm + dhi)
        high = an * am + ahi - (dn + dlo)
        if d["result"] == "margin":
            return 0, max(abs(low), abs(high))
        return low, high
    if d["form"] == "digits":
        dist = digits_distribution(d["digits"])
        return min(dist), max(dist)
    lo, hi = side_net_range(spec, d["mods"])
    n, m = d["nm"]
    if d["form"] == "difference":
        return n - n * m + lo, n * m - n + hi
    return n + lo, n * m + hi


def reaches_past(spec, table):
    """Whether the dice and the sheet's modifiers can give a key past the table's min or max
    (then `outside` is needed). An opposed roll's keys are extreme where each side's net is."""
    k = table["key"]
    lo = Fraction(k["min"]) if k.get("min") is not None else None
    hi = Fraction(k["max"]) if k.get("max") is not None else None
    d = dice_of(table)
    if d["form"] == "opposed":
        alo, ahi = opposed_net_range(spec, table, "attacker")
        dlo, dhi = opposed_net_range(spec, table, "defender")
        keys = [key for a in (alo, ahi) for b in (dlo, dhi)
                for key, _ in key_distribution(spec, table, attacker_net=a, defender_net=b) if key is not None]
    else:
        keys = [Fraction(x) for x in key_reach(spec, table)]
    return any((lo is not None and x < lo) or (hi is not None and x > hi) for x in keys)


# ---- odds
def key_distribution(spec, table, net=0, attacker_net=0, defender_net=0):
    """{(key, winner_is_attacker_or_None): probability} for the table's roll."""
    d = dice_of(table)
    if d["form"] == "opposed":
        a, b = d["sides"]["attacker"], d["sides"]["defender"]
        da = add_const(dice_distribution(*a["_nm"]), attacker_net)
        db = add_const(dice_distribution(*b["_nm"]), defender_net)
        out = {}
        for x, px in da.items():
            for y, py in db.items():
                if is_tie(d, x, y) and d["tie"] == "none":
                    out[(None, "tie")] = out.get((None, "tie"), 0) + px * py  # nothing happens
                    continue
                if is_tie(d, x, y) and d["tie"] == "both":
                    key = opposed_key(d, x, y, True)  # a difference or margin of 0, a ratio of 1
                    out[(key, "both")] = out.get((key, "both"), 0) + px * py  # each side reads its row
                    continue
                if x == y:
                    attacker_wins = d["tie"] == "defender"
                else:
                    attacker_wins = x > y
                key = opposed_key(d, x, y, attacker_wins)
                out[(key, attacker_wins)] = out.get((key, attacker_wins), 0) + px * py
        return out
    if d["form"] == "digits":
        return {(Fraction(v + net), None): p for v, p in digits_distribution(d["digits"]).items()}
    n, m = d["nm"]
    dist = dice_distribution(n, m)
    if d["form"] == "difference":
        diff = {}
        for x, px in dist.items():
            for y, py in dist.items():
                diff[x - y] = diff.get(x - y, 0) + px * py
        dist = diff
    return {(Fraction(v + net), None): p for v, p in dist.items()}


def odds(spec, table, column=None, net=0, attacker=None, defender=None):
    """{row id or "(no row)": probability} at a net modifier (or each side's modifiers and type,
    its type modifier added).
    Rerolled results are shared out over the others; the probabilities sum to exactly 1, or
    under `tie: both` to 1 plus the chance of a tie that is read (it counts once per side)."""
    d = dice_of(table)
    a_net = d_net = 0
    if d["form"] == "opposed":
        a_net, d_net = side_nets(spec, table, attacker, defender)
    dist = key_distribution(spec, table, net, a_net, d_net)
    result = {}
    both = 0  # the chance of a tie read by both sides
    for (key, attacker_wins), p in dist.items():
        if attacker_wins == "tie":  # tie: none reads no row
            result["(no row)"] = result.get("(no row)", 0) + p
            continue
        if attacker_wins == "both":  # each side reads its own column at the tie's key
            reads = [read(table, tie_column(table, d, side, other, column), key)
                     for side, other in ((attacker, defender), (defender, attacker))]
            if reads[0][2] == "reroll":  # the key is past the range: the tie is rolled again, once
                result["(reroll)"] = result.get("(reroll)", 0) + p
                continue
            both += p
            for row, _, _ in reads:
                result[row or "(no row)"] = result.get(row or "(no row)", 0) + p
            continue
        col = column
        if d["form"] == "opposed" and d["column"] != "chosen":
            loser_is_attacker = not attacker_wins
            reads_attacker = loser_is_attacker if d["column"] == "loser" else not loser_is_attacker
            reader, other = (attacker, defender) if reads_attacker else (defender, attacker)
            col = column_read_by(table, reader["type"], other["type"])
        row, _, how = read(table, col, key)
        label = row if row else ("(reroll)" if how == "reroll" else "(no row)")
        result[label] = result.get(label, 0) + p
    rerolled = result.pop("(reroll)", 0)
    if rerolled:
        rest = 1 - rerolled
        if rest == 0:
            return {"(reroll)": Fraction(1)}
        result = {k: v / rest for k, v in result.items()}
        both /= rest
    assert sum(result.values()) == 1 + both
    return result


def tie_column(table, d, side, other, chosen):
    """The column a side reads on a tie under `tie: both`: its own type's (or the matchup's of
    its type against OTHER's, the reader's type matched as the table's `column` names it) where
    the table reads a loser's or a winner's, else the chosen one (docs/spec-format.md, `tie`)."""
    return column_read_by(table, side["type"], other["type"]) if d["column"] != "chosen" else chosen


def is_tie(d, a, b):
    """Equal results; under tie: none or both, a ratio's results that count the same (each at
    least 1) are a tie too (docs/spec-format.md, `tie`, `ratio_floor`)."""
    if d["result"] == "ratio" and d["tie"] in ("none", "both"):
        return max(a, 1) == max(b, 1)
    return a == b


def opposed_key(d, a, b, attacker_wins):
    """The key of an opposed roll from both modified results (docs: difference, margin, or the
    winner's over the loser's, each counted as at least 1)."""
    if d["result"] == "difference":
        return Fraction(a - b)
    if d["result"] == "margin":
        return Fraction(abs(a - b))
    w, l = (a, b) if attacker_wins else (b, a)
    return Fraction(max(w, 1), max(l, 1))


# ---- dice matrices (docs/spec-format.md: a matrix of `dice` cells and its `modifiers`)
def dice_matrices(spec):
    """The spec's matrices of dice cells with at least one row, in sheet order (the web module's
    dice matrices, indexed so)."""
    return [t for t in spec["tables"] if t.get("kind") == "matrix" and t.get("cell") == "dice" and t.get("rows")]


def dice_modifier_lists(table):
    """The modifier lists a dice matrix names (`modifiers`: an id or a list of ids)."""
    m = table.get("modifiers", [])
    return [m] if isinstance(m, str) else list(m)


def dice_count(cell_text, m, net):
    """The dice a unit whose number is M rolls from a dice cell written CELL_TEXT (None: blank)
    with NET dice added or taken away (docs/spec-format.md): none where the cell is blank or
    cannot fire (`X`); `M`, `M-k`, `M+k` count max(0, M + offset) and a fixed count itself;
    then the count plus NET, never fewer than none. A cell written `?` is not given in the
    sources ("Values the sources do not give"): no count at all (None), which is not none."""
    if cell_text is None:
        return 0
    text = str(cell_text).strip()
    if text == "?":
        return None
    if text == "X":
        return 0
    found = re.fullmatch(r"M(?:([+-])(\d+))?", text)
    if found:
        offset = int(found.group(2)) * (1 if found.group(1) == "+" else -1) if found.group(1) else 0
        c = max(0, m + offset)
    else:
        c = int(text)
    return max(0, c + net)
