"""Seeded spec families: a root spec and its variants, written as a spec author would, from the
rules of docs/spec-format.md. One seed gives one family, always the same.

Each generated object keeps the generator's intent under `_` keys (a row's intervals `_iv`, a
its columns `_cols`), which the oracle reads; the YAML writer leaves them out."""
import copy
import random
from fractions import Fraction

from oracle import dice_of, key_reach, side_net_range

WORDS = ["Amber", "Birch", "Cobalt", "Dune", "Ember", "Fjord", "Granite", "Harbor", "Indigo", "Juniper",
         "Kestrel", "Lagoon", "Maple", "Nimbus", "Onyx", "Pebble", "Quartz", "Raven", "Saffron", "Thistle",
         "Umber", "Violet", "Willow", "Yarrow", "Zephyr"]


def frac_text(f):
    f = Fraction(f)
    if f.denominator == 1:
        return str(f.numerator)
    whole, rest = divmod(f.numerator, f.denominator)
    return f"{whole} {rest}/{f.denominator}" if whole else f"{rest}/{f.denominator}"


class Gen:
    def __init__(self, seed, fmt):
        self.seed = seed
        self.r = random.Random(seed)
        self.fmt = fmt
        self.used = set()

    # ---- names
    def word(self):
        return self.r.choice(WORDS)

    def new_id(self, stem):
        n = 0
        while f"{stem}{n}" in self.used:
            n += 1
        self.used.add(f"{stem}{n}")
        return f"{stem}{n}"

    def digit_id(self):
        """An id of digits only ("7"): valid, and on the command line the modifier it names
        rather than a number (docs/cli.md)."""
        n = self.r.randint(0, 99)
        while str(n) in self.used:
            n += 1
        self.used.add(str(n))
        return str(n)

    def title(self):
        return " ".join(self.word() for _ in range(self.r.randint(1, 3)))

    # ---- bands
    def int_band_text(self, lo, hi):
        if lo is None:
            return f"{hi} or less"
        if hi is None:
            return f"{lo} or more"
        if lo == hi:
            return str(lo)
        forms = [f"{lo} to {hi}", f"{hi} to {lo}"]
        if lo >= 0:
            forms += [f"{lo} - {hi}", f"{lo}-{hi}"]
        if hi - lo <= 2:
            forms.append(", ".join(str(k) for k in range(lo, hi + 1)))
        return self.r.choice(forms)

    def partition(self, lo, hi, n, open_low, open_high):
        """Split [lo, hi] into n contiguous integer intervals (n <= hi - lo + 1), ascending."""
        cuts = sorted(self.r.sample(range(lo + 1, hi + 1), n - 1))
        starts = [lo] + cuts
        ends = [c - 1 for c in cuts] + [hi]
        iv = list(zip(starts, ends))
        if open_low:
            iv[0] = (None, iv[0][1])
        if open_high:
            iv[-1] = (iv[-1][0], None)
        return iv

    # ---- modifier lists
    def modifier_list(self, spec, words_as_ids=()):
        tid = self.new_id("mods")
        items = []
        for _ in range(self.r.randint(1, 5)):
            mid = self.digit_id() if self.r.random() < 0.1 else self.new_id("m")
            items.append({"id": mid, "value": self.r.choice([-3, -2, -1, -1, 1, 1, 2, 3, 0]),
                          "text": self.title()})
        for w in words_as_ids:  # a modifier id equal to a column's name (case ignored)
            items.append({"id": w, "value": self.r.choice([-2, -1, 1, 2, 4]), "text": self.title()})
        for it in items:
            v = it["value"]
            it["value"] = f"+{v}" if v > 0 and self.r.random() < 0.7 else v
            if self.r.random() < 0.2:
                it["column"] = self.r.randint(1, self.fmt.modifier_column_max)
        table = {"id": tid, "kind": "modifiers", "title": self.title(), "items": items}
        free = [it["id"] for it in items]
        self.r.shuffle(free)
        groups = []
        while len(free) >= 2 and self.r.random() < 0.6:
            k = self.r.randint(2, min(3, len(free)))
            members, free = free[:k], free[k:]
            g = {"id": self.new_id("g"), "members": members, "note": self.title()}
            if self.r.random() < 0.5:
                g["exclusive"] = True
            groups.append(g)
        if groups:
            table["groups"] = groups
        self.at_most(table)
        self.shares(table)
        spec["tables"].append(table)
        return table

    def shares(self, table):
        """About one modifier list in five has modifiers the units decide (docs/spec-format.md,
        "Modifiers the units decide"): 1 to 4 `traits`, texts with markup and quotes among them,
        and 1 or 2 of its items each with 1 or 2 `shares` of 1 to 3 kinds of unit (1 or 2 traits
        each, joined by '+') and a least part from 1/4 to 1. From a generator of its own, as
        at_most, so that the families without shares are the ones the seeds gave before."""
        r = random.Random(f"{self.seed}/{table['id']}/shares")
        if r.random() >= 1 / 5:
            return
        words = ["Veteran", "In a charge", 'Armed with "muskets"', "Green & raw", "<b>Elite</b>", "Sharpshooters"]
        traits = [{"id": f"{table['id']}_t{i}", "text": r.choice(words) + f" {i}"} for i in range(r.randint(1, 4))]
        table["traits"] = traits
        ids = [t["id"] for t in traits]
        for it in r.sample(table["items"], min(len(table["items"]), r.choice([1, 1, 2]))):
            it["shares"] = [{"at_least": r.choice(["1/4", "1/3", "1/2", "1/2", "2/3", "3/4", "1"]),
                             "from": [" + ".join(r.sample(ids, min(len(ids), r.choice([1, 1, 2]))))
                                      for _ in range(r.randint(1, 3))]}
                            for _ in range(r.choice([1, 1, 2]))]

    def at_most(self, table):
        """About one modifier list in five counts 1 or 2 of its items per occurrence (`at_most: N`,
        docs/spec-format.md, "Modifier lists"): items in no group (a group counts one member
        once), N mostly 2 to 5, sometimes up to 99 where the item's value is 1 or -1 (so the net
        range a list allows, which counts the item N times, stays within the span the odds
        take). Drawn before the roll that reads the list draws its key's range, which the net
        range widens, and from a generator of its own, so that the families without such items
        are the ones the seeds gave before."""
        r = random.Random(f"{self.seed}/{table['id']}/at_most")
        grouped = {m for g in table.get("groups", []) for m in g["members"]}
        free = [it for it in table["items"] if it["id"] not in grouped]
        if r.random() >= 1 / 5 or not free:
            return
        for it in r.sample(free, min(len(free), r.choice([1, 1, 2]))):
            many = abs(int(str(it["value"]))) <= 1 and r.random() < 0.15
            it["at_most"] = r.choice([10, 25, 99]) if many else r.choice([2, 2, 2, 3, 3, 4, 5])

    # ---- columns
    def columns(self, spec, count, vocab=False):
        cols = [{"id": self.new_id("c"), "name": self.word() + str(i)} for i in range(count)]
        if vocab or self.r.random() < 0.5:
            vid = self.new_id("v")
            spec.setdefault("vocabularies", []).append({"id": vid, "title": self.title(), "terms": cols})
            return vid, cols
        return cols, cols

    # ---- band tables
    def dice(self):
        n = self.r.choice([1, 1, 1, 2, 3])
        m = self.r.choice([4, 6, 6, 8, 10, 12, 20]) if n == 1 else self.r.choice([4, 6, 6, 8])
        return n, m

    def bands_table(self, spec):
        r = self.r
        kind = r.random()
        if kind < 1 / 8:
            return self.digits_table(spec)
        if kind < 2 / 8:
            return self.against_table(spec)
        form = r.choice(["single", "single", "single", "difference", "opposed"])
        tid = self.new_id("t")
        key = {"name": self.title(), "type": "integer"}
        dice = {}
        intent = {"form": form}
        columns = None
        col_list = [{"id": "", "name": ""}]
        if form == "opposed":
            result = r.choice(self.fmt.results)
            colmode = r.choice(self.fmt.columns)
            intent.update(result=result, column=colmode, tie=r.choice(self.fmt.ties))
            if colmode != "chosen" or r.random() < 0.5:
                ncol = r.randint(2, 3)
                clash = []
                columns, col_list = self.columns(spec, ncol, vocab=colmode != "chosen")
                if colmode != "chosen" and self.has_matchups(tid) and random.Random(f"{self.seed}/{tid}/inline").random() < 0.5:
                    # the types as the table's own columns (the header's `Type` is then an enum of
                    # them): the vocabulary drawn above is dropped, the main generator's draws kept
                    spec["vocabularies"].pop()
                    if not spec["vocabularies"]:
                        del spec["vocabularies"]
                    columns = [dict(c) for c in col_list]
                if colmode != "chosen" and r.random() < 0.25:
                    clash = [col_list[0]["name"].lower()]
            else:
                clash = []
            sides = {}
            for side in ("attacker", "defender"):
                n, m = self.dice()
                lists = [self.modifier_list(spec, clash if side == "attacker" else ())["id"]] if r.random() < 0.8 or clash else []
                sides[side] = {"roll": f"{n}d{m}" if n > 1 or r.random() < 0.5 else f"d{m}", "_nm": (n, m), "_mods": lists}
                d = {"roll": sides[side]["roll"]}
                if lists:
                    d["modifiers"] = lists
                dice[side] = d
            if result != "difference" or r.random() < 0.5:
                dice["result"] = result
            if colmode != "chosen" or r.random() < 0.3:
                dice["column"] = colmode
            if intent["tie"] != "defender" or r.random() < 0.3:
                dice["tie"] = intent["tie"]
            intent["sides"] = sides
            if colmode != "chosen":
                # before the rows: the key's range reaches as far as the type modifiers do
                self.type_modifiers(spec, tid, dice, col_list)
        else:
            n, m = self.dice()
            lists = [self.modifier_list(spec)["id"] for _ in range(r.choice([0, 1, 1, 2]))]
            dice["roll"] = f"{n}d{m}" if n > 1 or r.random() < 0.5 else f"d{m}"
            if lists:
                dice["modifiers"] = lists
            if form == "difference":
                dice["difference"] = True
            intent.update(nm=(n, m), mods=lists)
            if r.random() < 0.5:
                ncol = r.randint(2, 3)
                columns, col_list = self.columns(spec, ncol)
        key["dice"] = dice
        table = {"id": tid, "kind": "bands", "title": self.title(), "key": key}
        if columns is not None:
            table["columns"] = columns
        spec["tables"].append(table)
        if form == "opposed" and intent["result"] == "ratio":
            self.fraction_rows(table, col_list, key)
        else:
            self.integer_rows(spec, table, col_list, key)
        if form == "opposed" and intent["column"] != "chosen":
            self.matchups(table, col_list)
            self.type_conditions(spec, table)
        self.again(spec, table)
        return table

    def again(self, spec, table):
        """About one rolled band table in four that reads modifier lists (a single roll, a
        difference, a roll against a value or an opposed roll; a roll read as digits reads none)
        gives 1 or 2 rows `again` (docs/spec-format.md, "A row that rolls again"): 0 to 3 ids
        of the items of the lists its dice add, which no longer count on the new roll. A
        variant never removes or renames a modifier item, so the ids stay valid in the family.
        Tables whose lists share an item id are left alone (such an id is an error). Drawn from
        a generator of its own, so that the families without such rows are the ones the seeds
        gave before."""
        r = random.Random(f"{self.seed}/{table['id']}/again")
        d = table["key"]["dice"]
        sides = [d[s] for s in ("attacker", "defender")] if "attacker" in d else [d]
        lists = dict.fromkeys(tid for x in sides for tid in _as_list(x.get("modifiers", [])))
        ids = [it["id"] for tid in lists for it in next(t for t in spec["tables"] if t["id"] == tid)["items"]]
        if r.random() >= 1 / 4 or not ids or len(set(ids)) != len(ids):
            return
        for row in r.sample(table["rows"], min(len(table["rows"]), r.choice([1, 1, 2]))):
            row["again"] = r.sample(ids, r.randint(0, min(3, len(ids))))

    def matchups(self, table, types):
        """About one opposed table read by type in three gets 1 to 3 matchups (docs/spec-format.md,
        "Opposed rolls"): a column of its own read in place of the reading side's type's column
        when that type meets one of the other side's types the matchup names; no (reader, other)
        pair twice; bands by row id covering the key's range in that column as the rows' columns
        do (`_iv` as on a row). Drawn from a generator of its own, so that the families without
        matchups are the ones the seeds gave before matchups were generated."""
        r = self.matchup_rng(table["id"])
        # Rows with parts take no matchups; a row's label stands for its band over every column,
        # a matchup's too (docs/spec-format.md), so a labelled row's table takes none either.
        if r.random() >= 1 / 3 or any(row.get("parts") or row.get("label") for row in table["rows"]):
            return
        ids = [c["id"] for c in types]
        used, out = set(), []
        for _ in range(r.randint(1, 3)):
            for _try in range(8):
                loser = sorted(r.sample(ids, r.randint(1, len(ids))), key=ids.index)
                winner = sorted(r.sample(ids, r.randint(1, len(ids))), key=ids.index)
                pairs = {(l, w) for l in loser for w in winner}
                if not pairs & used:
                    break
            else:
                continue
            used |= pairs
            mid = self.new_id("mu")
            rows = table["rows"]
            if table["key"]["type"] == "fraction":
                ivs, texts = self.fraction_column(r, table["key"], len(rows))
            else:
                a, b, open_low, open_high, least, descending = table["_span"]
                k = r.randint(min(least, b - a + 1), min(len(rows), b - a + 1))
                ivs = self.partition_with(r, a, b, k, open_low, open_high)
                texts = [self.int_band_text(*iv) for iv in ivs]
                if descending:
                    ivs, texts = ivs[::-1], texts[::-1]
            chosen = sorted(r.sample(range(len(rows)), len(ivs)))
            m = {"id": mid}
            if r.random() < 0.3:
                m["name"] = self.title()
            m["loser"] = loser[0] if len(loser) == 1 and r.random() < 0.5 else loser
            m["winner"] = winner[0] if len(winner) == 1 and r.random() < 0.5 else winner
            m["bands"] = {rows[i]["id"]: text for i, text in zip(chosen, texts)}
            m["_iv"] = {rows[i]["id"]: iv for i, iv in zip(chosen, ivs)}
            out.append(m)
        if out:
            table["matchups"] = out

    def type_modifiers(self, spec, tid, dice, types):
        """About one opposed table read by type in three gives the attacker, the defender or both
        `type_modifiers` (docs/spec-format.md, "Opposed rolls"): an integer matrix whose rows are
        the types and whose columns are the other side's types; both sides read one matrix or
        each its own. The matrices go before the table, whose key range is drawn next from the
        reach the matrices' cells widen. Drawn from a generator of its own, so that the
        families without type modifiers are the ones the seeds gave before."""
        r = random.Random(f"{self.seed}/{tid}/type_modifiers")
        if r.random() >= 1 / 3:
            return
        who = r.choice([["attacker"], ["defender"], ["attacker", "defender"], ["attacker", "defender"]])
        shared = len(who) == 2 and r.random() < 0.5
        matrix = None
        for side in who:
            if matrix is None or not shared:
                matrix = self.type_modifier_matrix(r, spec, types)
            dice[side]["type_modifiers"] = matrix["id"]

    def type_conditions(self, spec, table):
        """About one opposed table read by type whose columns are a vocabulary in three gives 1 to
        3 items of the lists its sides read `only` or `except` (docs/spec-format.md, "Modifier
        lists"): 1 to n-1 of the types in random order, a group member (non-cumulative or
        exclusive) among them more often than by chance. A list another roll also reads is left
        alone unless that roll reads the same vocabulary by type. The key's range stands: a
        type only drops items, so the nets it allows are within the range drawn. Drawn from a
        generator of its own, so that the families without conditions are the ones the seeds
        gave before."""
        r = random.Random(f"{self.seed}/{table['id']}/type_conditions")
        vocab = table.get("columns")
        if r.random() >= 1 / 3 or not isinstance(vocab, str):
            return
        terms = [c["id"] for c in table["_cols"]]
        d = table["key"]["dice"]
        lists = [tid for side in ("attacker", "defender") for tid in _as_list(d[side].get("modifiers", []))]
        pool = [it for tid in dict.fromkeys(lists) if self.typed_readers_only(spec, tid, vocab)
                for it in next(t for t in spec["tables"] if t["id"] == tid)["items"]]
        if not pool:
            return
        chosen = r.sample(pool, r.randint(1, min(3, len(pool))))
        grouped = [it for it in pool if it["id"] in self.group_members(spec, lists)]
        if grouped and not any(it in grouped for it in chosen) and r.random() < 0.5:
            chosen[0] = r.choice(grouped)  # a group member more often: the group rule meets the types
        for it in chosen:
            k = r.choice([1, len(terms) - 1, r.randint(1, len(terms) - 1)])
            it[r.choice(["only", "except"])] = r.sample(terms, k)

    @staticmethod
    def group_members(spec, lists):
        """The ids of the members of the groups (non-cumulative or exclusive) of LISTS."""
        return {m for t in spec["tables"] if t["id"] in lists for g in t.get("groups", []) for m in g["members"]}

    def typed_readers_only(self, spec, list_id, vocab):
        """Whether every roll that reads modifier list LIST_ID is a side of an opposed roll read by
        the loser's or the winner's type whose columns are vocabulary VOCAB (where items for
        some types only are allowed)."""
        for t in spec["tables"]:
            d = t.get("key", {}).get("dice") if t["kind"] == "bands" else None
            if not d:
                continue
            if "attacker" not in d:
                if list_id in _as_list(d.get("modifiers", [])):
                    return False
                continue
            reads = any(list_id in _as_list(d[side].get("modifiers", [])) for side in ("attacker", "defender"))
            if reads and (d.get("column", "chosen") == "chosen" or t.get("columns") != vocab):
                return False
        return True

    def type_modifier_matrix(self, r, spec, types):
        """A matrix of type modifiers drawn from R: a row per type (its id, its name), and as
        columns either the types themselves (a column's id is the type it is read against) or 1
        to 3 classes that split the types at random (`against`: each type in one class); cells
        whole numbers from -3 to +5, a quarter of them 0, some written with their sign."""
        ids = [c["id"] for c in types]
        if r.random() < 0.5:
            cols = [{"id": c["id"], "name": f"Against {c['name']}"} for c in types]
        else:
            shuffled = r.sample(ids, len(ids))
            k = r.randint(1, min(3, len(ids)))
            cuts = [0] + sorted(r.sample(range(1, len(ids)), k - 1)) + [len(ids)]
            cols = [{"id": self.new_id("cls"), "name": f"Against class {i + 1}",
                     "against": sorted(shuffled[a:b], key=ids.index)} for i, (a, b) in enumerate(zip(cuts, cuts[1:]))]

        def cell():
            v = 0 if r.random() < 0.25 else r.randint(-3, 5)
            return f"+{v}" if v > 0 and r.random() < 0.3 else str(v)
        rows = [{"id": c["id"], "name": c["name"], "cells": {col["id"]: cell() for col in cols}} for c in types]
        title = " ".join(r.choice(WORDS) for _ in range(r.randint(1, 2))) + " Factors"
        matrix = {"id": self.new_id("tm"), "kind": "matrix", "title": title, "cell": "integer", "columns": cols, "rows": rows}
        spec["tables"].append(matrix)
        return matrix

    def matchup_rng(self, tid):
        return random.Random(f"{self.seed}/{tid}/matchups")

    def has_matchups(self, tid):
        """Whether matchups() will give table TID matchups (its generator's first draw)."""
        return self.matchup_rng(tid).random() < 1 / 3

    def partition_with(self, r, lo, hi, n, open_low, open_high):
        """partition() drawn from generator R."""
        keep = self.r
        self.r = r
        try:
            return self.partition(lo, hi, n, open_low, open_high)
        finally:
            self.r = keep

    def fraction_column(self, r, key, nrows):
        """A ratio key's column in exact comparisons, ascending: `at most X` (or `less than X`),
        `more than X and at most Y` ..., and last `more than Z` (or `at least Z`, `Z or more`);
        each interval (lo, hi, lo excluded, hi included)."""
        pool = [Fraction(3, 2), Fraction(2), Fraction(5, 2), Fraction(3), Fraction(4), Fraction(4, 3), Fraction(5, 4)]
        if "max" in key:
            pool = [e for e in pool if e < key["max"]]
        edges = sorted(r.sample(pool, r.randint(0, min(len(pool), nrows - 1))))
        ivs, texts = [], []
        lo, lo_open = None, False
        for e in edges:
            included = r.random() < 0.5
            upper = f"{'at most' if included else 'less than'} {frac_text(e)}"
            if lo is None:
                texts.append(upper)
            else:
                texts.append(f"{'more than' if lo_open else 'at least'} {frac_text(lo)} and {upper}")
            ivs.append((lo, e, lo_open, included))
            lo, lo_open = e, included
        if lo is None:
            texts.append(r.choice(["at least 1", "1 or more"]))
            ivs.append((Fraction(1), None, False, False))
        else:
            texts.append(f"more than {frac_text(lo)}" if lo_open else r.choice([f"at least {frac_text(lo)}", f"{frac_text(lo)} or more"]))
            ivs.append((lo, None, lo_open, False))
        return ivs, texts

    def digits_table(self, spec):
        """A roll read as digits (docs/spec-format.md, `d66`): two dice of N faces, the first the
        tens, the second the units; the key 11 to 11N, no modifiers. Bands run over 11..11N and
        may hold the numbers the dice cannot write (17 to 20 of a d66) or leave them out."""
        r = self.r
        faces = r.choice([2, 3, 4, 5, 6, 6, 6, 6, 7, 8, 9])
        tid = self.new_id("t")
        key = {"name": self.title(), "type": "integer", "min": 11, "max": 11 * faces,
               "dice": {"roll": f"d{faces}{faces}"}}
        table = {"id": tid, "kind": "bands", "title": self.title(), "key": key}
        cols = [{"id": "", "name": ""}]
        if r.random() < 0.4:
            columns, cols = self.columns(spec, r.randint(2, 3))
            table["columns"] = columns
        spec["tables"].append(table)
        written = [10 * a + b for a in range(1, faces + 1) for b in range(1, faces + 1)]
        lo, hi = 11, 11 * faces
        nrows = r.randint(1, 5)
        rows = [{"id": self.new_id("r"), "title": self.title(), "_iv": {}} for _ in range(nrows)]
        for c in cols:
            k = nrows if len(cols) == 1 or nrows == 1 else r.randint(max(1, nrows - 1), nrows)
            ivs = self.partition(lo, hi, k, False, False)
            if r.random() < 0.4:
                # a band need not hold the unwritten numbers at its ends (11 - 16, 21 - 26)
                trimmed = []
                for a, b in ivs:
                    inside = [w for w in written if a <= w <= b]
                    trimmed.append((inside[0], inside[-1]) if inside else (a, b))
                ivs = trimmed
            chosen = sorted(r.sample(range(nrows), k))
            for row_index, iv in zip(chosen, ivs):
                rows[row_index]["_iv"][c["id"]] = iv
        rows = [row for row in rows if row["_iv"]]
        if r.random() < 0.5:
            rows.reverse()
        self.write_rows(table, rows, cols)
        return table

    def against_table(self, spec):
        """A roll against a unit's value (docs/spec-format.md, `key.dice.against`): the rows' bands
        are the modified roll less the value, the first open below and the last above; the
        table gets a column per value (the oracle shifts the bands itself)."""
        r = self.r
        n, m = self.dice()
        lists = [self.modifier_list(spec)["id"] for _ in range(r.choice([1, 1, 2]))]
        nvalues = r.randint(1, 8)
        vlo = r.randint(-2, 12)
        vhi = vlo + nvalues - 1
        forms = [f"{vlo} - {vhi}", f"{vlo} to {vhi}"] + ([f"{vhi} to {vlo}"] if vhi > vlo else [str(vlo)])
        tid = self.new_id("t")
        dice = {"roll": f"{n}d{m}" if n > 1 or r.random() < 0.5 else f"d{m}", "modifiers": lists,
                "against": {"name": self.word(), "values": r.choice(forms)}}
        key = {"name": self.title(), "type": "integer", "dice": dice}
        table = {"id": tid, "kind": "bands", "title": self.title(), "key": key}
        spec["tables"].append(table)
        cols = [{"id": str(v), "name": str(v)} for v in range(vlo, vhi + 1)]
        mlo, mhi = side_net_range(spec, lists)
        low, high = n + mlo - vhi, n * m + mhi - vlo  # the margins the dice reach
        a, b = low + r.randint(0, 2), high - r.randint(0, 2)
        if a >= b:
            a, b = low, high
        nrows = r.randint(2, max(2, min(5, b - a + 1)))
        ivs = self.partition(a, b, nrows, True, True)
        rows = [{"id": self.new_id("r"), "title": self.title(), "_iv": {"": iv}} for iv in ivs]
        if r.random() < 0.5:
            rows.reverse()
        self.write_rows(table, rows, [{"id": "", "name": ""}], labels=False)
        table["_cols"] = cols
        self.again(spec, table)
        return table

    def reach(self, spec, table):
        return key_reach(spec, table)

    def integer_rows(self, spec, table, cols, key):
        r = self.r
        low, high = self.reach(spec, table)
        d = dice_of(table)
        base_only = d["form"] == "single" and not d["mods"]
        margin = d["form"] == "opposed" and d["result"] == "margin"
        if base_only:
            # no modifiers: the key is exactly what the dice show (docs: min 1, max 10 for a d10;
            # min 2, max 12 for 2d6)
            key["min"], key["max"] = low, high
            a, b, open_low, open_high = low, high, False, False
        elif margin or r.random() < 0.5:
            # a bounded key: min/max inside what the dice reach, outside says what happens past them
            a = 0 if margin else r.randint(low, max(low, (low + high) // 2))
            b = max(a, r.randint(min(high, max(a + 1, (low + high) // 2)), high))
            key["min"] = a
            open_low = open_high = False
            if not margin or r.random() < 0.5:
                key["max"] = b
            else:
                b, open_high = high, True  # no max: the key is open above
            if a > low or b < high:
                key["outside"] = r.choice(self.fmt.outside)
        else:
            a, b = low + r.randint(0, 2), high - r.randint(0, 2)
            if a >= b:
                a, b = low, high
            open_low = open_high = True
        least = 2 if open_low and open_high else 1  # one band cannot be open at both ends
        nrows = r.randint(least, max(least, min(5, b - a + 1)))
        rows = [{"id": self.new_id("r"), "title": self.title(), "_iv": {}} for _ in range(nrows)]
        descending = r.random() < 0.5
        table["_span"] = (a, b, open_low, open_high, least, descending)  # what a matchup's column covers
        for c in cols:
            k = nrows if len(cols) == 1 or nrows == 1 else r.randint(max(least, nrows - 1), nrows)
            k = min(k, b - a + 1)
            ivs = self.partition(a, b, k, open_low, open_high)
            chosen = sorted(r.sample(range(nrows), k))
            for row_index, iv in zip(chosen, ivs):
                rows[row_index]["_iv"][c["id"]] = iv
        rows = [row for row in rows if row["_iv"]]
        if descending:
            rows.reverse()
        self.write_rows(table, rows, cols)

    def write_rows(self, table, rows, cols, labels=True):
        """The rows' texts, labels, parts and bands in the sheet's notation, from their intervals."""
        r = self.r
        for row in rows:
            if r.random() < 0.4:
                row["text"] = self.title() + "."
            # A label stands for a band every column shares (docs/spec-format.md).
            if labels and r.random() < 0.2 and len(row["_iv"]) == len(cols) and len(set(row["_iv"].values())) == 1:
                row["label"] = self.title()
            single = len(cols) == 1
            ivs = row["_iv"]
            # parts: a single-column row whose band holds two keys or more may split in two
            if single and r.random() < 0.2:
                lo, hi = ivs[""]
                if lo is not None and hi is not None and hi > lo:
                    cut = r.randint(lo + 1, hi)
                    row["parts"] = [{"id": self.new_id("p"), "text": self.title(), "band": self.int_band_text(lo, cut - 1), "_iv": {"": (lo, cut - 1)}},
                                    {"id": self.new_id("p"), "text": self.title(), "band": self.int_band_text(cut, hi), "_iv": {"": (cut, hi)}}]
                    continue
            if single:
                row["band"] = self.int_band_text(*ivs[""])
            else:
                row["bands"] = {c["id"]: (self.int_band_text(*ivs[c["id"]]) if c["id"] in ivs else "-") for c in cols}
        table["rows"] = rows
        table["_cols"] = cols

    def fraction_rows(self, table, cols, key):
        """A ratio key: rows ascending, `less than X` then `at least X`, the key at least 1."""
        r = self.r
        key["type"] = "fraction"
        key["min"] = 1
        if r.random() < 0.4:
            key["max"] = r.choice([3, 4, 6])
            key["outside"] = r.choice(self.fmt.outside)
        edges = sorted(set(r.sample([Fraction(3, 2), Fraction(2), Fraction(5, 2), Fraction(3), Fraction(4), Fraction(4, 3)], r.randint(1, 3))))
        if "max" in key:
            edges = [e for e in edges if e < key["max"]] or [Fraction(3, 2)]
        if r.random() < 0.5:
            rows = self.exact_fraction_rows(cols, edges)
        else:
            rows = [{"id": self.new_id("r"), "title": self.title(), "_iv": {c["id"]: (Fraction(1), edges[0]) for c in cols},
                     "band": f"less than {frac_text(edges[0])}"}]
            for i, e in enumerate(edges):
                rows.append({"id": self.new_id("r"), "title": self.title(),
                             "_iv": {c["id"]: (e, edges[i + 1] if i + 1 < len(edges) else None) for c in cols},
                             "band": f"at least {frac_text(e)}"})
        if len(cols) > 1:
            for row in rows:
                row["bands"] = {c["id"]: row.pop("band") if i == len(cols) - 1 else row["band"] for i, c in enumerate(cols)}
        table["rows"] = rows
        table["_cols"] = cols

    def exact_fraction_rows(self, cols, edges):
        """A ratio key in exact comparisons (docs/spec-format.md, bands): `equal`, then `more than
        1 and less than X` (or `at most X`), ..., and last `more than X` or `at least X`; each
        interval (lo, hi, lo excluded, hi included)."""
        r = self.r
        def row(band, iv):
            return {"id": self.new_id("r"), "title": self.title(), "_iv": {c["id"]: iv for c in cols}, "band": band}
        rows = [row("equal", (Fraction(1), Fraction(1), False, True))]
        lo, lo_open = Fraction(1), True
        for e in edges:
            included = r.random() < 0.5
            lower = f"{'more than' if lo_open else 'at least'} {frac_text(lo)}"
            upper = f"{'at most' if included else 'less than'} {frac_text(e)}"
            rows.append(row(f"{lower} and {upper}", (lo, e, lo_open, included)))
            lo, lo_open = e, included
        last = f"more than {frac_text(lo)}" if lo_open else r.choice([f"at least {frac_text(lo)}", f"{frac_text(lo)} or more"])
        rows.append(row(last, (lo, None, lo_open, False)))
        return rows

    # ---- the other kinds
    def matrix_table(self, spec):
        r = self.r
        cell = r.choice([c for c in self.fmt.cell_kinds if c in ("text", "integer", "fraction")])
        cols = [{"id": self.new_id("k"), "name": self.word()} for _ in range(r.randint(1, 4))]
        rows = []
        for _ in range(r.randint(1, 4)):
            cells = {}
            for c in cols:
                if r.random() < 0.15:
                    continue
                cells[c["id"]] = {"text": self.word(), "integer": str(r.randint(-5, 12)),
                                  "fraction": frac_text(Fraction(r.randint(0, 12), r.choice([1, 2, 4])))}[cell]
            row = {"id": self.new_id("x"), "name": self.title(), "cells": cells}
            if r.random() < 0.3:
                row["group"] = self.word()
            rows.append(row)
        t = {"id": self.new_id("mx"), "kind": "matrix", "title": self.title(), "cell": cell, "columns": cols, "rows": rows}
        spec["tables"].append(t)
        return t

    def list_table(self, spec):
        r = self.r
        sections = []
        for _ in range(r.randint(1, 3)):
            items = [{"id": self.new_id("i"), "text": self.title() + "."} for _ in range(r.randint(1, 3))]
            s = {"id": self.new_id("s"), "title": self.title(), "items": items}
            if r.random() < 0.5:
                s["numbered"] = True
            sections.append(s)
        t = {"id": self.new_id("l"), "kind": "list", "title": self.title(), "sections": sections}
        spec["tables"].append(t)
        return t

    def facts_table(self, spec):
        r = self.r
        items = []
        for _ in range(r.randint(1, 3)):
            it = {"id": self.new_id("f"), "text": self.title()}
            choice = r.random()
            if choice < 0.35:
                it["value"] = r.choice(["8in", "2in", "1 1/2in", "4in", "1 inch"])
                it["_inches"] = {"8in": 8, "2in": 2, "1 1/2in": Fraction(3, 2), "4in": 4, "1 inch": 1}[it["value"]]
            elif choice < 0.7:
                it["text"] = f"{self.word()} are {{scale.figures}}."
            items.append(it)
        t = {"id": self.new_id("fa"), "kind": "facts", "title": self.title(), "items": items}
        spec["tables"].append(t)
        return t

    # ---- a matrix of dice cells
    def dice_matrix(self, fam):
        """About one family in four gets one matrix of dice cells (`kind: matrix, cell: dice`;
        docs/spec-format.md): 1 to 4 rows, 1 to 6 columns, cells `M`, `M-k`, `M+k` (k 1..4),
        `X`, a fixed count 0..6 or blank; in half of those `modifiers` naming 1 or 2 of the
        root's modifier lists whose items are plain values for every type (no `only`/`except`);
        in one matrix in two some cells `?` (`unknown_cells`) and a source note on the matrix
        saying so. Drawn last, from a generator of its own, with names, titles and the note
        holding none of WORDS (a variant's text rename picks its words from the root's texts),
        so that the families without such a matrix are the ones the seeds gave before. The
        matrix goes into the root at a random place, and into each variant's resolved spec as
        inherited."""
        r = random.Random(f"{self.seed}/dice_matrix")
        if r.random() >= 1 / 4:
            return
        root = fam[0][1]
        numeric = r.random() < 0.5
        ncols = r.randint(1, 6)
        names = ["Close", "Short", "Medium", "Long", "Extreme", "Far"]
        cols = [{"id": str(i + 1), "name": str(i + 1)} if numeric else {"id": self.new_id("dk"), "name": names[i]} for i in range(ncols)]
        rows = []
        for name in r.sample(["Musket", "Rifle", "Carbine", "Pistol", "Howitzer", "Cannon", "Lance", "Bow"], r.randint(1, 4)):
            cells = {}
            for c in cols:
                x = r.random()
                if x < 0.1:
                    continue  # blank: no cell
                k = r.randint(1, 4)
                fixed = r.randint(0, 6)
                cells[c["id"]] = ("X" if x < 0.25 else (fixed if r.random() < 0.5 else str(fixed)) if x < 0.4 else "M" if x < 0.55
                                  else f"M-{k}" if x < 0.85 else f"M+{k}")
            rows.append({"id": self.new_id("dw"), "name": name, "cells": cells})
        t = {"id": self.new_id("dm"), "kind": "matrix", "title": r.choice(["Dice to Hit", "Dice by Range", "Fire Dice"]), "cell": "dice"}
        unknown = self.unknown_cells(cols, rows)
        lists = [x["id"] for x in root["tables"] if x["kind"] == "modifiers"
                 and not any("only" in it or "except" in it or "factor" in it for it in x["items"])]
        if lists and r.random() < 0.5:
            named = r.sample(lists, min(len(lists), r.randint(1, 2)))
            t["modifiers"] = named[0] if len(named) == 1 and r.random() < 0.2 else named
        t["columns"] = cols
        t["rows"] = rows
        if unknown:
            # docs/spec-format.md: a `?` only where a source note says the document does not give it
            t["source"] = {"doc": "src", "note": "The book prints no count in the cells written ?; they are left unknown."}
        at = r.randint(0, len(root["tables"]))
        root["tables"].insert(at, t)
        for _, tree, resolved in fam[1:]:
            inherited = copy.deepcopy(t)
            if "_text_rename" in resolved:
                _rename_text(inherited, *resolved["_text_rename"])
            resolved["tables"].insert(at, inherited)

    def unknown_cells(self, cols, rows):
        """In one dice matrix in two, each cell (a blank one too) written `?` a time in eight, at
        least one: a count the sources do not give (docs/spec-format.md, "Values the sources do not
        give"). Drawn from a generator of its own, after the cells, so that the matrices without
        such cells are the ones the seeds gave before. Returns how many cells it wrote so."""
        r = random.Random(f"{self.seed}/dice_matrix/unknown")
        if r.random() >= 1 / 2:
            return 0
        at = [(row, c["id"]) for row in rows for c in cols]
        chosen = [x for x in at if r.random() < 1 / 8] or [r.choice(at)]
        for row, cid in chosen:
            row["cells"][cid] = "?"
        for row in rows:  # in the columns' order, as an author writes them
            row["cells"] = {c["id"]: row["cells"][c["id"]] for c in cols if c["id"] in row["cells"]}
        return len(chosen)

    # ---- a family
    def root(self):
        sid = f"g{self.seed}"
        spec = {"qrs": 1, "id": sid, "system": "gen", "title": self.title(), "scale": {"figures": "15mm"},
                "sources": [{"id": "src", "title": f"The {self.word()} Book"}], "tables": []}
        kinds = [self.r.choice(["bands", "bands", "bands", "matrix", "list", "facts"]) for _ in range(self.r.randint(2, 6))]
        if "bands" not in kinds:
            kinds.append("bands")
        for k in kinds:
            {"bands": self.bands_table, "matrix": self.matrix_table, "list": self.list_table, "facts": self.facts_table}[k](spec)
        return spec

    def variant(self, root):
        """A variant: a scale change, a text rename, patches (add/after/remove), errata with asserts.
        Returns the variant's YAML tree and its resolved spec (what the oracle reads)."""
        r = self.r
        vid = root["id"] + "-v"
        resolved = copy.deepcopy(root)
        resolved["id"] = vid
        v = {"qrs": 1, "id": vid, "extends": "gen/" + root["id"], "sources": [{"id": "vsrc", "title": "Variant notes"}],
             "errata": [], "tables": []}
        figures = r.choice(["25mm", "28mm", "6mm"])
        v["scale"] = {"figures": figures}
        resolved["scale"] = {"figures": figures}
        factor = None
        if r.random() < 0.4:
            factor = r.choice([2, Fraction(3, 2)])
            v["scale"]["convert"] = {"factor": frac_text(factor), "rounding": "none"}
            resolved["_factor"] = factor
        # a word of the root's titles renamed in text (whole word, case kept); the source titles keep it
        titles = [t["title"] for t in root["tables"]]
        present = [w for w in WORDS if any(w in t.split() for t in titles)]
        if present and r.random() < 0.6:
            old = r.choice(present)
            new = r.choice([w for w in WORDS if w not in " ".join(str(x) for x in _all_text(root))] or ["Xylo"])
            v["renames"] = [{"from": old, "to": new}]
            resolved["_text_rename"] = (old, new)
            _rename_text(resolved, old, new)  # what the variant inherits; its own patches below are not renamed
            v["errata"].append({"id": "rename", "doc": "vsrc", "text": f"{old} is now {new}.", "covers": "terms"})
        # patches
        for t in resolved["tables"]:
            if t["kind"] == "facts" and r.random() < 0.4:
                # the variant's own text names the scale
                item = r.choice(t["items"])
                item["text"] = f"{self.word()} figures are {{scale.figures}}."
                v["tables"].append({"id": t["id"], "items": [{"id": item["id"], "text": item["text"]}]})
                v["errata"].append({"id": f"e{len(v['errata'])}", "doc": "vsrc", "text": "The scale is named.", "covers": [f"{t['id']}/{item['id']}"],
                                    "asserts": [{"table": t["id"], "item": item["id"], "contains": "figures"}]})
            elif t["kind"] == "facts" and r.random() < 0.5:
                fid = self.new_id("f")
                new = {"id": fid, "add": True, "text": self.title()}
                after = r.choice(t["items"])["id"]
                if r.random() < 0.5:
                    new = {"id": fid, "after": after, "text": new["text"]}
                    t["items"].insert([i["id"] for i in t["items"]].index(after) + 1, {"id": fid, "text": new["text"]})
                else:
                    t["items"].append({"id": fid, "text": new["text"]})
                v["tables"].append({"id": t["id"], "items": [new]})
                v["errata"].append({"id": f"e{len(v['errata'])}", "doc": "vsrc", "text": "A new fact.", "covers": [f"{t['id']}/{fid}"],
                                    "asserts": [{"table": t["id"], "item": fid, "exists": True}]})
            elif t["kind"] == "list" and len(t["sections"]) > 1 and r.random() < 0.5:
                gone = r.choice(t["sections"])
                t["sections"].remove(gone)
                v["tables"].append({"id": t["id"], "sections": [{"id": gone["id"], "remove": True}]})
                v["errata"].append({"id": f"e{len(v['errata'])}", "doc": "vsrc", "text": "A section dropped.", "covers": [f"{t['id']}/{gone['id']}"]})
            elif t["kind"] == "bands" and r.random() < 0.5:
                row = r.choice(t["rows"])
                new_title = self.title() + " " + self.word()
                row["title"] = new_title
                v["tables"].append({"id": t["id"], "rows": [{"id": row["id"], "title": new_title}]})
                v["errata"].append({"id": f"e{len(v['errata'])}", "doc": "vsrc", "text": "A new effect name.", "covers": [f"{t['id']}/{row['id']}"],
                                    "asserts": [{"table": t["id"], "row": row["id"], "contains": new_title.split()[-1]}]})
        if not v["tables"]:
            del v["tables"]
        if not v["errata"]:
            del v["errata"]
        return v, resolved

    def scale_only_variant(self, root):
        vid = root["id"] + "-s"
        resolved = copy.deepcopy(root)
        resolved["id"] = vid
        figures = self.r.choice(["25mm", "28mm", "6mm"])
        resolved["scale"] = {"figures": figures}
        v = {"qrs": 1, "id": vid, "extends": "gen/" + root["id"], "sources": [{"id": "ssrc", "title": "Scale notes"}],
             "scale": {"figures": figures}}
        return v, resolved


def _as_list(x):
    return [x] if isinstance(x, str) else list(x)


def _all_text(node):
    if isinstance(node, dict):
        for k, v in node.items():
            if not str(k).startswith("_"):
                yield from _all_text(v)
    elif isinstance(node, list):
        for v in node:
            yield from _all_text(v)
    elif isinstance(node, str):
        yield node


SHEET_TEXT = {"title", "text", "name", "label", "note", "caption", "subtitle"}


def _replace_word(text, old, new):
    import re as _re  # the harness is Python; the project's "no std::regex" rule is for C++
    def sub(m):
        w = m.group(0)
        return new.lower() if w.islower() else new.upper() if w.isupper() and len(w) > 1 else new
    return _re.sub(r"\b" + _re.escape(old) + r"\b", sub, text, flags=_re.IGNORECASE)


def _rename_text(node, old, new, inside_sources=False):
    """The docs' rename: every whole-word use in the sheet's texts, case kept; not source titles."""
    if isinstance(node, dict):
        for k, v in node.items():
            if str(k).startswith("_") or k == "sources":
                continue
            if k in SHEET_TEXT and isinstance(v, str):
                node[k] = _replace_word(v, old, new)
            else:
                _rename_text(v, old, new)
    elif isinstance(node, list):
        for v in node:
            _rename_text(v, old, new)


def family(seed, fmt):
    """The spec family of a seed: [(file name, YAML tree, resolved spec)], parents first."""
    g = Gen(seed, fmt)
    root = g.root()
    out = [(root["id"], root, root)]
    if g.r.random() < 0.6:
        v, resolved = g.variant(root)
        out.append((v["id"], v, resolved))
    if g.r.random() < 0.2:
        v, resolved = g.scale_only_variant(root)
        out.append((v["id"], v, resolved))
    g.dice_matrix(out)
    return out
