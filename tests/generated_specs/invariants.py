"""The invariants, checked on one spec family against the oracle (docs/testing.md)."""
import html
import itertools
import json
import math
import os
import random
import re
import subprocess
from fractions import Fraction

import header_driver
import lsp_client
import oracle
from emit_yaml import dump, scalar
from twins import twins

COUNTS = {}


def count(what, n=1, table=None):
    COUNTS[what] = COUNTS.get(what, 0) + n
    kind = _flavour(table)[1:] if table is not None else ""
    for k in kind.split("."):
        if k in ("digits", "against", "matchups", "type_modifiers", "type_conditions", "at_most"):  # the cases of the newer rolls, counted apart as well
            COUNTS[f"{what}[{k}]"] = COUNTS.get(f"{what}[{k}]", 0) + n


class Failure:
    def __init__(self, invariant, seed, spec, detail):
        self.invariant, self.seed, self.spec, self.detail = invariant, seed, spec, detail

    def __repr__(self):
        return f"{self.invariant} seed {self.seed} {self.spec}: {self.detail}"


def key_text(k):
    k = Fraction(k)
    return str(k.numerator) if k.denominator == 1 else f"{k.numerator}/{k.denominator}"


def parse_fraction(v):
    if isinstance(v, dict):
        return Fraction(v["num"], v["den"])
    return Fraction(str(v).strip())


ERROR_LINE = re.compile(r"^(.*?):(\d+):(\d+): error: ", re.M)


class FamilyCheck:
    def __init__(self, ctx, seed, fam, paths, work, web=False):
        self.ctx, self.seed, self.fam, self.paths, self.work = ctx, seed, fam, paths, work
        self.check_web = web
        self.failures = []
        self.rng = random.Random(seed * 7919 + 1)
        # the web module's opposed rolls draw from their own generator: the other cases a seed
        # samples stay the ones it sampled before those were asked
        self.web_rng = random.Random(seed * 7919 + 2)
        # the cases added for modifiers of some types only, likewise
        self.tc_rng = random.Random(seed * 7919 + 3)
        # the cases added for modifiers counted per occurrence, likewise
        self.am_rng = random.Random(seed * 7919 + 4)
        # the cases of the odds until decided (rows that roll again), likewise
        self.ud_rng = random.Random(seed * 7919 + 5)
        # the cases of the matrices of dice cells, likewise; one set a matrix, asked on every surface
        self.dm_rng = random.Random(seed * 7919 + 6)
        # the web module's odds until decided, likewise
        self.wd_rng = random.Random(seed * 7919 + 7)
        self.dice_asked = {}
        self.outs = {}
        for _, _, spec in fam:  # what _flavour reads of a table: whether its sides read such modifiers
            for t in spec["tables"]:
                if t["kind"] == "bands" and t["key"].get("dice"):
                    t["_type_conditions"] = oracle.has_type_conditions(spec, t)
                    t["_at_most"] = oracle.reads_at_most(spec, t)

    def fail(self, invariant, spec, detail):
        self.failures.append(Failure(invariant, self.seed, spec, detail))

    def qrsc(self, *args, stdin=None):
        return subprocess.run([self.ctx.qrsc, *args], capture_output=True, text=True, input=stdin)

    def lookup_cases(self, path, cases, stem):
        """`qrsc lookup --cases` of the cases (lists of fields, one a line, written to STEM.tsv in
        the work folder): the JSON answers, one a line, and the process (for its stderr)."""
        f = os.path.join(self.work, stem + ".tsv")
        with open(f, "w", encoding="utf-8") as out:
            out.writelines("\t".join(c) + "\n" for c in cases)
        r = self.qrsc("lookup", path, "--cases", f, "--format", "json")
        return [json.loads(line) for line in r.stdout.splitlines() if line.strip()], r

    def undeclared_at_variant(self, name, tree, path):
        """The variant without its errata: `qrsc check` refuses each change it makes to its
        parent (a rename is none: check measures against the parent renamed), each one at a
        line of the variant's own file (where its author writes the erratum), never at the
        parent's."""
        bare = dict(tree, id=tree["id"] + "-bare")
        del bare["errata"]
        copy = os.path.join(os.path.dirname(path), bare["id"] + ".yaml")
        with open(copy, "w", encoding="utf-8") as out:
            out.write(dump(bare))
        try:
            r = self.qrsc("check", copy)
        finally:
            os.remove(copy)
        lines = [line for line in r.stderr.splitlines() if "undeclared change to the parent sheet" in line]
        count("check.undeclared_at_variant", n=len(lines))
        elsewhere = [line for line in lines if not line.startswith(copy + ":")]
        if elsewhere or (lines and r.returncode == 0):
            self.fail("check.undeclared_at_variant", name,
                      f"{len(lines)} undeclared changes, {len(elsewhere)} not in the variant's file: "
                      f"{(elsewhere or [r.stderr.strip()])[0][:400]}")

    # ---- the run

    def run(self):
        ok = {}
        for (name, tree, spec), path in zip(self.fam, self.paths):
            r = self.qrsc("check", path)
            count("check")
            ok[name] = r.returncode == 0
            if not ok[name]:
                figures = f'{spec["scale"]["figures"]}."' in r.stderr and "undeclared change" in r.stderr
                inv = "check.scale_figures_undeclared" if figures else "check.valid_spec_refused"
                self.fail(inv, name, r.stderr.strip()[:2000])
            if len(self.paths) > 1 and path != self.paths[0]:
                # checked after its parent in one run: the same verdict as alone
                both = self.qrsc("check", self.paths[0], path)
                count("check")
                if (both.returncode == 0) != (ok[name] and ok.get(self.fam[0][0], True)):
                    self.fail("check.order_dependent", name, f"qrsc check {name} alone: exit {r.returncode}; after its parent: exit {both.returncode}")
            if ok[name] and tree.get("extends") and tree.get("errata"):
                self.undeclared_at_variant(name, tree, path)
        self.builds(ok)
        for (name, tree, spec), path in zip(self.fam, self.paths):
            if name not in self.outs:
                continue
            self.presence_and_text(name, spec, path)
            for t in spec["tables"]:
                if t["kind"] == "bands" and t["key"].get("dice"):
                    self.odds(name, spec, path, t)
                    self.odds_until_decided(name, spec, path, t)
                    self.lookups(name, spec, path, t)
            self.word_readings(name, spec, path)
            self.dice_matrices(name, spec, path)
            if self.check_web and self.ctx.web:
                self.web(name, spec, path)
        if self.check_web:  # the server's checks are slow as the web module's: the same families
            for (name, tree, spec), path in zip(self.fam, self.paths):
                if ok[name]:
                    self.lsp_symbols(name, spec, path)
            if all(ok.values()):
                self.lsp_rename()
        name, tree, spec = self.fam[0]
        for twin, text, lines, *words in twins(tree, self.rng):
            self.twin(name, twin, text, lines, *words)
        return self.failures

    # ---- purity: alone, with the family, in reverse order
    def build(self, label, paths):
        out = os.path.join(self.work, f"out-{self.seed}-{label}")
        r = self.qrsc("-q", "build", *paths, "-o", out, "--emit", "cpp,html,json")
        return out, r

    def builds(self, ok):
        """Every spec built with its family, in reverse order and alone (also one check refused:
        a build must not depend on what else the run holds)."""
        together, r = self.build("family", self.paths)
        family_built = r.returncode == 0
        if not family_built and all(ok.values()):
            self.fail("build.refused_after_check", self.fam[0][0], r.stderr[:2000])
        reverse, _ = self.build("reverse", self.paths[::-1])
        for (name, _, _), path in zip(self.fam, self.paths):
            stem = name.replace("-", "_")
            alone, r = self.build("alone-" + name, [path])
            # the answers are read from the family's build; where it was refused, from the spec's own
            self.outs[name] = os.path.join(together if family_built else alone, "gen", stem)
            if r.returncode != 0:
                if family_built:
                    self.fail("purity.refused_alone", name, "built with its family, refused alone: " + r.stderr.strip()[:800])
                self.outs.pop(name, None) if not family_built else None
                continue
            if not family_built:
                continue
            for ext in (".hpp", ".html", ".json"):
                a = _read(os.path.join(alone, "gen", stem + ext))
                count("purity")
                for label, other in (("with its family", together), ("in reverse order", reverse)):
                    b = _read(os.path.join(other, "gen", stem + ext))
                    if a != b:
                        self.fail("purity", name, f"{stem}{ext} built alone differs from built {label}: " + _first_difference(a, b))
                        break

    # ---- presence and text
    def presence_and_text(self, name, spec, path):
        base = self.outs[name]
        sheet = json.loads(_read(base + ".json"))
        page = _read(base + ".html")
        show = self.qrsc("show", path).stdout
        ids = [t["id"] for t in sheet["tables"]]
        want = [t["id"] for t in spec["tables"]]
        count("presence", 3 * len(want))
        if ids != want:
            self.fail("presence.json", name, f"JSON tables {ids}, spec {want}")
        for t in spec["tables"]:
            title = t["title"]
            if html.escape(title, quote=False) not in page:
                self.fail("presence.html", name, f"table {t['id']} ({title!r}) not on the HTML sheet")
            if title not in show:
                self.fail("presence.show", name, f"table {t['id']} ({title!r}) not in qrsc show")
        by_id = {t["id"]: t for t in sheet["tables"]}
        # source titles are the documents' own: a rename never touches them
        got = {s["id"]: s["title"] for s in sheet.get("sources", [])}
        for s in spec.get("sources", []):
            if s["id"] in got and got[s["id"]] != s["title"]:
                self.fail("rename.source_title", name, f"source {s['id']} titled {got[s['id']]!r}, the document is {s['title']!r}")
        figures = spec["scale"]["figures"]
        for t in spec["tables"]:
            j = by_id.get(t["id"])
            if not j:
                continue
            if t["kind"] == "bands" and len(oracle.column_ids(t)) > 1:
                # a row's label is the sheet's words for its band: not one cell over columns whose bands differ
                # (a matchup's column among them: its band of the row, or none)
                for row in t["rows"]:
                    bands = dict(row.get("bands", {}), **{m["id"]: m["bands"].get(row["id"], "-") for m in oracle.matchups(t)})
                    ivs = list(row.get("_iv", {}).values()) + [m["_iv"].get(row["id"]) for m in oracle.matchups(t)]
                    if row.get("label") and len(set(ivs)) > 1:
                        count("text")
                        if f'colspan="{len(oracle.column_ids(t))}">{html.escape(row["label"], quote=False)}</td>' in page:
                            self.fail("text.html_row_label", name, f"{t['id']}/{row['id']}: the label {row['label']!r} is printed over every "
                                      f"column, whose bands are {bands}")
            if t["kind"] == "bands":
                table_show = self.qrsc("show", path, t["id"]).stdout
                for row, jrow in zip(t["rows"], j["bands"]["rows"]):
                    count("text", table=t)
                    if jrow["title"] != row["title"]:
                        self.fail("text.json", name, f"{t['id']}/{row['id']}: JSON title {jrow['title']!r}, spec {row['title']!r}")
                    # a row that rolls again: `again.without`, the ids as the spec lists them; no `again` on the others
                    want_again = {"without": row["again"]} if "again" in row else None
                    if want_again:
                        count("json.again", table=t)
                    if jrow.get("again") != want_again:
                        self.fail("json.again" + _flavour(t), name, f"{t['id']}/{row['id']}: JSON again {jrow.get('again', '(absent)')!r}; "
                                  f"the spec's {want_again or '(absent)'!r}")
                    # show wraps its last column at the terminal's width: compare the words
                    if _words(row["title"]) not in _words(table_show):
                        self.fail("text.show", name, f"{t['id']}/{row['id']}: {row['title']!r} not in qrsc show")
            if oracle.has_type_modifiers(t) or (t["kind"] == "matrix" and any("against" in c for c in t["columns"])):
                self.json_type_modifiers(name, t, j)
            if t["kind"] == "modifiers":
                self.json_type_conditions(name, spec, t, j)
                self.json_at_most(name, t, j)
                if oracle.has_conditions(t) or oracle.has_at_most(t):
                    self.printed_notes(name, spec, path, t, page)
            if t["kind"] == "facts":
                for item, jitem in zip(t["items"], j["facts"]["items"]):
                    want_text = item["text"].replace("{scale.figures}", figures)
                    count("text")
                    if jitem["text"] != want_text:
                        self.fail("text.scale_figures", name, f"{t['id']}/{item['id']}: JSON {jitem['text']!r}, expected {want_text!r}")
                    if "_inches" in item:
                        want = Fraction(item["_inches"]) * Fraction(spec.get("_factor", 1))
                        if jitem["inches"] is None or parse_fraction(jitem["inches"]) != want:
                            self.fail("text.scale_distance", name, f"{t['id']}/{item['id']}: {jitem['inches']} inches, expected {want}")

    def json_type_conditions(self, name, spec, t, j):
        """The sheet JSON of a modifier list: each item's `only` or `except` as the spec writes it
        and its `types_note` ("only A, B", "not A": the terms' names), present only where
        stated, and the list's `types_vocabulary` (the vocabulary of its readers' columns),
        present only where an item states types."""
        if oracle.has_conditions(t):
            count("json.type_conditions")
        body = j.get("modifiers") or {}
        want = oracle.types_vocabulary(spec, t)
        got = body.get("types_vocabulary")
        if got != want:
            self.fail("json.type_conditions", name, f"list {t['id']}: types_vocabulary {got!r}; the spec's {want!r}")
        for item, jitem in zip(t["items"], body.get("items", [])):
            for key in ("only", "except"):
                if jitem.get(key) != item.get(key):
                    self.fail("json.type_conditions", name, f"{t['id']}/{item['id']}: {key} {jitem.get(key)!r}; "
                              f"the spec's {item.get(key)!r}")
            note = oracle.types_note(spec, t, item)
            if jitem.get("types_note") != note:
                self.fail("json.type_conditions", name, f"{t['id']}/{item['id']}: types_note {jitem.get('types_note')!r}; "
                          f"oracle {note!r}")

    def json_at_most(self, name, t, j):
        """The sheet JSON of a modifier list: an item counted per occurrence has its `at_most`,
        and no other item has one."""
        if oracle.has_at_most(t):
            count("json.at_most")
        for item, jitem in zip(t["items"], (j.get("modifiers") or {}).get("items", [])):
            if jitem.get("at_most") != item.get("at_most"):
                self.fail("json.at_most", name, f"{t['id']}/{item['id']}: at_most {jitem.get('at_most')!r}; the spec's {item.get('at_most')!r}")

    def printed_notes(self, name, spec, path, t, page):
        """`qrsc show LIST` and the HTML sheet print an item for some types only, or counted per
        occurrence, as its text and its notes in one bracket, the types first: "In bad going
        (not Light foot)", "Each flank overlapped (up to 2 times)", "Text (not Light foot; up
        to 2 times)". A failure is the at_most check's where the item has both."""
        shown = _words(self.qrsc("show", path, t["id"]).stdout)
        for item in t["items"]:
            notes = [n for n in (oracle.types_note(spec, t, item),
                                 f"up to {item['at_most']} times" if "at_most" in item else None) if n]
            if not notes:
                continue
            printed = f"{item['text']} ({'; '.join(notes)})"
            what = "at_most" if "at_most" in item else "type_conditions"
            count(f"text.{what}", 2)
            if _words(printed) not in shown:
                self.fail(f"text.show.{what}", name, f"{t['id']}/{item['id']}: {printed!r} not in qrsc show {t['id']}: {shown[:600]}")
            if html.escape(printed, quote=False) not in page:
                self.fail(f"text.html.{what}", name, f"{t['id']}/{item['id']}: {printed!r} not on the HTML sheet")

    def json_type_modifiers(self, name, t, j):
        """The sheet JSON names each side's matrix of type modifiers (null for a side without),
        and a matrix column's `against` as the spec lists it."""
        count("json.type_modifiers", table=t if t["kind"] == "bands" else None)
        if t["kind"] == "matrix":
            got = [c.get("against") for c in (j.get("matrix") or {}).get("columns", [])]
            want = [c.get("against") for c in t["columns"]]
            if got != want:
                self.fail("json.type_modifiers", name, f"matrix {t['id']}: the columns' against {got}; the spec's {want}")
            return
        opposed = (((j.get("bands") or {}).get("key") or {}).get("dice") or {}).get("opposed") or {}
        for who in ("attacker", "defender"):
            want = oracle.dice_of(t)["sides"][who]["_tm"]
            got = (opposed.get(who) or {}).get("type_modifiers", "(absent)")
            if got != want:
                self.fail("json.type_modifiers" + _flavour(t), name, f"{t['id']}: the {who}'s type_modifiers {got!r}; the spec's {want!r}")

    # ---- odds
    def odds(self, name, spec, path, t):
        d = oracle.dice_of(t)
        cols = [c["id"] for c in t["_cols"]]
        if d["form"] == "opposed":
            for _ in range(3):
                a, aw = self.side_selection(spec, d["sides"]["attacker"]["_mods"], cols, d["column"] != "chosen", _names(t))
                b, bw = self.side_selection(spec, d["sides"]["defender"]["_mods"], cols, d["column"] != "chosen", _names(t))
                if a is None or b is None:
                    continue
                column = self.rng.choice(cols) if d["column"] == "chosen" and cols[0] else None
                args = ["odds", path, t["id"], "--attacker", *aw, "--defender", *bw, "--format", "json"]
                if column:
                    args += _column_arg(column)
                got = self.compare_odds(name, t, args, oracle.odds(spec, t, column or "", attacker=a, defender=b), column or "")
                if got is not None:
                    self.odds_side_nets(name, spec, t, args, got, a, b)
            if t["_type_conditions"]:
                # every pair of types, each side giving its modifiers for some types only
                for a, aw, b, bw, *_ in self.condition_sides(spec, t, _names(t)):
                    args = ["odds", path, t["id"], "--attacker", *aw, "--defender", *bw, "--format", "json"]
                    got = self.compare_odds(name, t, args, oracle.odds(spec, t, "", attacker=a, defender=b), "")
                    if got is not None:
                        self.odds_side_nets(name, spec, t, args, got, a, b)
            if t["_at_most"]:
                # sides naming modifiers counted per occurrence: repeated, ID=N, past their most
                for a, aw, b, bw, _, _, column in self.occurrence_sides(spec, t, _names(t))[:3]:
                    args = ["odds", path, t["id"], "--attacker", *aw, "--defender", *bw, "--format", "json"] + _column_arg(column)
                    got = self.compare_odds(name, t, args, oracle.odds(spec, t, column, attacker=a, defender=b), column)
                    if got is not None:
                        self.odds_side_nets(name, spec, t, args, got, a, b)
            self.net_view(name, path, t)
            return
        lo, hi = oracle.side_net_range(spec, d["mods"])
        nets = sorted({lo, hi, 0, self.rng.randint(lo, hi)}) if d["mods"] else [0]
        for net in nets:
            for c in cols:
                args = ["odds", path, t["id"], "-m", f"{net:+d}", "--format", "json"] + _column_arg(c)
                if not d["mods"]:
                    args = ["odds", path, t["id"], "--format", "json"] + _column_arg(c)
                self.compare_odds(name, t, args, oracle.odds(spec, t, c, net=net), c, net)
        if t["_at_most"]:
            # `odds -m` takes modifier words as lookup does: an id per occurrence, ID=N
            for _ in range(3):
                words, c = self.occurrence_words(spec, d["mods"]), self.am_rng.choice(cols)
                net = oracle.net_of(spec, d["mods"], words)
                args = ["odds", path, t["id"], *(x for w in words for x in ("-m", w)), "--format", "json"] + _column_arg(c)
                self.compare_odds(name, t, args, oracle.odds(spec, t, c, net=net), c, net)
        if not d["mods"]:
            # a roll read without modifier lists still takes a number, as lookup does ("3 +2")
            net = self.rng.choice([-2, -1, 1, 2])
            c = cols[0]
            args = ["odds", path, t["id"], "-m", f"{net:+d}", "--format", "json"] + _column_arg(c)
            r = self.qrsc(*args)
            base = str(oracle.key_reach(spec, t)[0]) if d["form"] == "digits" else str(d["nm"][0])
            l = self.qrsc("lookup", path, t["id"], base, f"{net:+d}", *_column_arg(c))
            count("odds")
            if (r.returncode == 0) != (l.returncode == 0):
                self.fail("odds.number_without_lists" + _flavour(t), name, f"qrsc lookup {t['id']} {base} {net:+d}: exit {l.returncode}; "
                          f"qrsc odds -m {net:+d}: exit {r.returncode} {r.stderr.strip()[:300]}")
            elif r.returncode == 0:
                self.compare_odds(name, t, args, oracle.odds(spec, t, c, net=net), c, net)
        # a net modifier the sheet allows at which every result is rolled again: check warns
        if t["key"].get("outside") == "reroll" and d["form"] != "opposed":
            lo, hi = oracle.side_net_range(spec, d["mods"])
            for net in (lo, hi):
                if all(oracle.odds(spec, t, c, net=net) == {"(reroll)": 1} for c in cols):
                    r = self.qrsc("check", path)
                    count("check")
                    # a warning naming the table: a spec's other warnings (a dice matrix's `?` cells) print
                    # its path, in which the table's id may happen to stand
                    if not any(": warning: " in line and f"table '{t['id']}'" in line for line in r.stderr.splitlines()):
                        self.fail("check.all_reroll_warning", name, f"table {t['id']}: at net {net:+d} every result is rolled again; "
                                  f"qrsc check: {r.stderr.strip()[:300] or 'no warning'}")
                    break

    def side_selection(self, spec, lists, cols, typed, names=()):
        """A side's modifiers (ids, none of an exclusive pair, none that is also a column's
        name: word_readings asks those) and type: (oracle side, words). The side's `net` is
        its lists' for its type (an item for other types only does not apply)."""
        ids = []
        for tid in lists:
            items = [it for it in oracle.table_by_id(spec, tid)["items"] if it["id"] not in names]
            ids += [it["id"] for it in self.rng.sample(items, self.rng.randint(0, min(2, len(items))))]
        try:
            oracle.net_of(spec, lists, ids)
        except oracle.ModifierError:
            return None, None
        return self.side_of(spec, lists, ids, self.rng.choice(cols) if typed else None)

    @staticmethod
    def side_of(spec, lists, ids, side_type):
        """(oracle side, words) of a side giving modifier IDS of LISTS, of type SIDE_TYPE (None:
        no type): its net for that type, and the words after its roll."""
        side = {"net": oracle.net_of(spec, lists, ids, side_type), "type": side_type, "ids": ids, "lists": lists}
        return side, ids + ([side_type] if side_type is not None else [])

    def condition_sides(self, spec, t, names):
        """Sides of every pair of types that give each item for some types only of their lists
        (and 0 to 2 others; no two of an exclusive group, none that is a column's name), with
        rolls, from the generator of these cases: (attacker, words, defender, words, roll,
        roll, "") as lookups() asks them."""
        d = oracle.dice_of(t)
        types = [c["id"] for c in t["_cols"]]
        out = []
        for at in types:
            for dt in types:
                pair = []
                for who, own in (("attacker", at), ("defender", dt)):
                    lists = d["sides"][who]["_mods"]
                    pair += self.side_of(spec, lists, self.condition_ids(spec, lists, names), own)
                (an, am), (dn, dm) = d["sides"]["attacker"]["_nm"], d["sides"]["defender"]["_nm"]
                out.append((*pair, self.tc_rng.randint(an, an * am), self.tc_rng.randint(dn, dn * dm), ""))
        return out

    def condition_ids(self, spec, lists, names=()):
        """Modifier ids of LISTS: every item for some types only and 0 to 2 others at random
        (drawn from tc_rng), none a column's name, at most one member of an exclusive group."""
        items = [it for tid in lists for it in oracle.table_by_id(spec, tid)["items"] if it["id"] not in names]
        typed = [it["id"] for it in items if "only" in it or "except" in it]
        others = [it["id"] for it in items if it["id"] not in typed]
        ids = typed + self.tc_rng.sample(others, self.tc_rng.randint(0, min(2, len(others))))
        return _one_of_each_exclusive(spec, lists, ids)

    def occurrence_words(self, spec, lists, names=(), repeat_plain=True):
        """Modifier words of LISTS (drawn from am_rng) naming each item counted per occurrence in
        one of the ways a caller can: named k times (0 to two past its most), `ID=K` (0, 1, up
        to its most, past it, 255), or `ID=K` and the id named again; and 0 to 2 other items (at
        most one of an exclusive group, none a column's name), where REPEAT_PLAIN sometimes one
        of them named twice (it counts once). In a random order."""
        r = self.am_rng
        items = [it for tid in lists for it in oracle.table_by_id(spec, tid)["items"] if it["id"] not in names]
        words = []
        for it in (it for it in items if "at_most" in it):
            n, mid = oracle.at_most(it), it["id"]
            form = r.choice(["repeat", "count", "mixed"])
            if form == "repeat":
                words += [mid] * r.randint(0, n + 2)
            elif form == "count":
                words.append(f"{mid}={r.choice([0, 1, r.randint(2, n), n + 1, r.randint(n + 1, 255), 255])}")
            else:
                words += [f"{mid}={r.randint(0, n + 1)}"] + [mid] * r.randint(1, 2)
        others = [it["id"] for it in items if "at_most" not in it]
        chosen = _one_of_each_exclusive(spec, lists, r.sample(others, r.randint(0, min(2, len(others)))))
        if repeat_plain and chosen and r.random() < 0.3:
            chosen.append(chosen[0])
        words += chosen
        r.shuffle(words)
        return words

    def occurrence_sides(self, spec, t, names):
        """Eight opposed rolls whose sides name their modifiers counted per occurrence
        (`occurrence_words`), of random types where the table reads them (else a column chosen),
        with rolls, from am_rng: (attacker, words, defender, words, roll, roll, column) as
        lookups() asks them. Where the sides read modifiers for some types only, no modifier that
        counts once is named twice (what the docs call a repeated one its type excludes is not
        said)."""
        d = oracle.dice_of(t)
        cols = [c["id"] for c in t["_cols"]]
        typed = d["column"] != "chosen"
        out = []
        for _ in range(8):
            pair = []
            for who in ("attacker", "defender"):
                lists = d["sides"][who]["_mods"]
                words = self.occurrence_words(spec, lists, names, repeat_plain=not t["_type_conditions"])
                pair += self.side_of(spec, lists, words, self.am_rng.choice(cols) if typed else None)
            (an, am), (dn, dm) = d["sides"]["attacker"]["_nm"], d["sides"]["defender"]["_nm"]
            column = self.am_rng.choice(cols) if not typed and cols[0] else ""
            out.append((*pair, self.am_rng.randint(an, an * am), self.am_rng.randint(dn, dn * dm), column))
        return out

    def net_view(self, name, path, t):
        """Both sides rolling the same dice for a difference is one roll at one net modifier
        (`odds -m`, the header's `kRoll`), unless a side adds a modifier by its type or reads a
        modifier for some types only: its net then depends on the types, and qrsc asks for
        each side instead."""
        d = oracle.dice_of(t)
        a, b = d["sides"]["attacker"], d["sides"]["defender"]
        if d["result"] != "difference" or a["_nm"] != b["_nm"]:
            return
        typed = oracle.has_type_modifiers(t) or t["_type_conditions"]
        count("net_view", table=t)
        args = ["odds", path, t["id"], "-m", "+0"] + _column_arg(t["_cols"][0]["id"])
        r = self.qrsc(*args)
        if (r.returncode == 0) == typed:
            self.fail("odds.cli.net_view" + _flavour(t), name, f"qrsc {' '.join(args[2:])}: exit {r.returncode} "
                      f"{r.stderr.strip()[:300]}; the sides roll {a['_nm']} each, "
                      + ("a type modifier added or a modifier for some types only read: expected a refusal" if typed
                         else "no type modifier, no modifier for some types only: one roll at one net modifier"))
        header = _read(self.outs[name] + ".hpp") or ""
        if (f"kRoll = {header_driver.cpp_name(t['id'])}::kRoll;" in header) == typed:
            self.fail("header.net_view" + _flavour(t), name, f"{t['id']}: the header {'declares' if typed else 'has no'} kRoll; "
                      + ("a side adds a type modifier or reads modifiers for some types only" if typed
                         else "both sides roll the same dice for a difference"))

    def odds_side_nets(self, name, spec, t, args, j, a, b):
        """`odds --format json` on an opposed roll: each entry's `attacker_modifier` and
        `defender_modifier` are the sides' nets, each type modifier included."""
        want = oracle.side_nets(spec, t, a, b)
        for col in j.get("columns", []):
            for entry in col.get("odds", []):
                count("odds.side_net", table=t)
                mine = (entry.get("attacker_modifier"), entry.get("defender_modifier"))
                if mine != want:
                    self.fail("odds.cli.side_net" + _flavour(t), name, f"qrsc {' '.join(args[2:])}: the sides' modifiers are "
                              f"{mine}; oracle {want} (their lists {a['net']}, {b['net']})")
                    return

    def compare_odds(self, name, t, args, want, column, net=None):
        """qrsc's odds against the oracle's; returns the JSON answer (None where refused)."""
        count("odds", table=t)
        r = self.qrsc(*args)
        inv = "odds.cli" + _flavour(t)
        if want == {"(reroll)": 1}:
            return None  # every result rolled again: check.all_reroll_warning's case
        if r.returncode != 0:
            self.fail(inv, name, f"qrsc {' '.join(args[2:])} refused: {r.stderr.strip()[:500]}")
            return None
        answer = json.loads(r.stdout)
        got = _odds_from_json(answer, column, net)
        # 1, or under tie: both 1 plus the chance of a tie (read once per side)
        if sum(got.values()) != sum(want.values()):
            self.fail("odds.sum", name, f"qrsc {' '.join(args[2:])}: the odds add up to {sum(got.values())}, "
                      f"the oracle's to {sum(want.values())}")
        if got != {k: v for k, v in want.items() if v}:
            self.fail(inv, name, f"qrsc {' '.join(args[2:])}: {_fmt(got)}; oracle {_fmt(want)}")
        if not oracle.has_again(t):
            self.until_decided_absent(name, t, args, answer, "no row of the table rolls again")
        return answer

    # ---- odds until decided (rows that roll again)
    def odds_until_decided(self, name, spec, path, t):
        """`odds --format json` with the modifiers named, on a table with a row that rolls again
        (docs/cli.md, `odds`): each column's `until_decided` is the oracle's
        (`oracle.odds_until_decided`, from the oracle's odds of each roll). Four cases a table:
        first each side naming every id a row drops (a chain of rolls again to the end), then
        random ones (`again_words`); and no `until_decided` on a chart (no modifier named)."""
        if not oracle.has_again(t):
            return
        for every in (True, False, False, False):
            self.compare_until_decided(name, spec, t, *self.until_decided_case(spec, path, t, every))
        if oracle.dice_of(t)["form"] != "opposed":  # an opposed roll has no chart: its sides are asked for
            args = ["odds", path, t["id"], "--format", "json"]
            r = self.qrsc(*args)
            if r.returncode != 0:
                self.fail("odds.until_decided.chart" + _flavour(t), name, f"qrsc {' '.join(args[2:])} refused: {r.stderr.strip()[:300]}")
                return
            self.until_decided_absent(name, t, args, json.loads(r.stdout), "no modifier named: a chart over net modifiers")

    def until_decided_case(self, spec, path, t, every):
        """One case of the odds until decided, from ud_rng: (args, words by side, types, column).
        A single roll's words go by `-m` (`-m +0` where none); an opposed roll's sides are of
        random types where the table reads them, else a column is chosen, as `odds` asks."""
        d = oracle.dice_of(t)
        cols = [c["id"] for c in t["_cols"]]
        if d["form"] != "opposed":
            words = self.again_words(spec, t, d["mods"], every) or ["+0"]
            args = ["odds", path, t["id"], *(x for w in words for x in ("-m", w)), "--format", "json"]
            return args, (tuple(words),), (None, None), None
        typed = d["column"] != "chosen"
        types = tuple(self.ud_rng.choice(cols) if typed else None for _ in range(2))
        words = tuple(tuple(self.again_words(spec, t, d["sides"][who]["_mods"], every)) for who in ("attacker", "defender"))
        column = self.ud_rng.choice(cols) if not typed and cols[0] else ""
        args = ["odds", path, t["id"]]
        for who, w, ty in zip(("attacker", "defender"), words, types):
            args += [f"--{who}", *w, *([ty] if ty else [])]
        return args + ["--format", "json"] + _column_arg(column), words, types, column

    def again_words(self, spec, t, lists, every, rng=None):
        """Modifier words of LISTS (drawn from ud_rng, or RNG), none a column's name, at most one
        member of an exclusive group: where EVERY, each id a row of T drops; else each such id
        about half the time and 0 to 2 others, an item counted per occurrence sometimes as
        `ID=K`, a signed number a time in four (kept on every roll), in a random order."""
        r = rng or self.ud_rng
        items = [it for tid in lists for it in oracle.table_by_id(spec, tid)["items"] if it["id"] not in _names(t)]
        dropped = {i for w in t["rows"] for i in w.get("again", [])}
        ids = [it["id"] for it in items if it["id"] in dropped and (every or r.random() < 0.5)]
        if every:
            return _one_of_each_exclusive(spec, lists, ids)
        others = [it["id"] for it in items if it["id"] not in ids]
        ids = _one_of_each_exclusive(spec, lists, ids + r.sample(others, r.randint(0, min(2, len(others)))))
        most = {it["id"]: oracle.at_most(it) for it in items if "at_most" in it}
        words = [f"{i}={r.randint(0, most[i] + 1)}" if i in most and r.random() < 0.5 else i for i in ids]
        words += [r.choice(["+1", "-1", "+2"])] if r.random() < 0.25 else []
        r.shuffle(words)
        return words

    def compare_until_decided(self, name, spec, t, args, words, types, column):
        """qrsc's `until_decided` of every column of the answer against the oracle's: the rows
        that roll again (`rolled_again`, in the table's order), `never_decided`, and `rows`: every
        row that does not roll again, in order, with its chance, then `outside` where the chance
        of no row read is not 0 (none where never decided)."""
        count("odds.until_decided", table=t)
        inv, asked = "odds.until_decided" + _flavour(t), f"qrsc {' '.join(args[2:])}"
        r = self.qrsc(*args)
        if r.returncode != 0:
            self.fail(inv, name, f"{asked} refused: {r.stderr.strip()[:500]}")
            return
        if oracle.dice_of(t).get("tie") == "both":
            # a tie both sides read counts once per side: no odds until decided, and a note says so
            self.until_decided_absent(name, t, args, json.loads(r.stdout), "a tie both sides read")
            if "not given for a roll whose tie both sides read" not in r.stderr:
                self.fail(inv + ".tie_both", name, f"{asked}: no note that the odds until decided are not given: {r.stderr.strip()[:300]}")
            return
        again = [w["id"] for w in t["rows"] if "again" in w]
        for col in json.loads(r.stdout)["columns"]:
            want = oracle.odds_until_decided(spec, t, column if column is not None else col["id"], words, types)
            expect = {"rolled_again": again, "never_decided": want is None, "rows": _decided_rows(want)}
            if want is None:
                count("odds.until_decided_never", table=t)
            got = col.get("until_decided")
            if got is None and want and "past 64-bit fractions" in r.stderr:
                # qrsc computes in 64-bit fractions and says when the answer passes them: the
                # oracle's exact answer must then have a numerator or denominator past them too.
                count("odds.until_decided_past_fractions", table=t)
                if not _past_64_bits(want.values()):
                    self.fail(inv + ".past_fractions", name, f"{asked}: column {col['id']!r}: qrsc says the odds until decided are "
                              f"past 64-bit fractions; the oracle's fit them: {_decided_text(expect)}")
                continue
            mine = got and dict(got, rows=[(x["id"], parse_fraction(x["probability"])) for x in got["rows"]])
            if mine != expect:
                self.fail(inv, name, f"{asked}: column {col['id']!r} until_decided {_decided_text(mine)}; oracle {_decided_text(expect)} "
                          f"{r.stderr.strip()[:300]}")

    def until_decided_absent(self, name, t, args, answer, why):
        """No column of an `odds --format json` ANSWER has `until_decided` (docs/cli.md): WHY."""
        count("odds.until_decided_absent", table=t)
        present = [c["id"] for c in answer.get("columns", []) if "until_decided" in c]
        if present:
            self.fail("odds.until_decided.absent" + _flavour(t), name, f"qrsc {' '.join(args[2:])}: columns {present} have "
                      f"until_decided; expected none ({why})")

    # ---- matrices of dice cells (docs/spec-format.md: `cell: dice` and `modifiers`)
    def dice_cases(self, spec, t):
        """The cases a dice matrix is asked on every surface, drawn once a family (the variants
        inherit the matrix): every row and column, M in {0, 1, 3, 7}, three word sets: none,
        one or two item ids of its lists (no two members of an exclusive group) and sometimes a
        signed number, a signed number alone (without lists: two signed numbers for the second).
        [(row, column, M, words, net, count)], the count the oracle's (None for a `?` cell: the
        sources do not give it, so there is none)."""
        if t["id"] not in self.dice_asked:
            r = self.dm_rng
            lists = oracle.dice_modifier_lists(t)
            ids = [it["id"] for tid in lists for it in oracle.table_by_id(spec, tid)["items"]]
            def signed():
                return f"{r.choice('+-')}{r.randint(1, 5)}"
            if ids:
                some = _one_of_each_exclusive(spec, lists, r.sample(ids, min(len(ids), r.randint(1, 2))))
                some += [signed()] if r.random() < 0.5 else []
            else:
                some = [signed(), signed()]
            self.dice_asked[t["id"]] = [[], some, [signed()]]
        out = []
        for words in self.dice_asked[t["id"]]:
            net = oracle.words_net(spec, oracle.dice_modifier_lists(t), words)
            for row in t["rows"]:
                for c in t["columns"]:
                    for m in (0, 1, 3, 7):
                        out.append((row["id"], c["id"], m, words, net, oracle.dice_count(row["cells"].get(c["id"]), m, net)))
        return out

    def dice_matrices(self, name, spec, path):
        """Each dice matrix through `qrsc lookup --cases` (`M=5` and words: the count as the
        JSON `result` and the TSV line's fourth field, the net the oracle's; where the oracle
        has no count, a `?` cell, refused saying it is not given; without `M=` and words no
        count), a `?` cell asked alone (`dice_unknown_refused`), a word without `M=` and a bad
        `M=` refused, and the sheet JSON's `modifiers` (on every matrix: a dice matrix's lists,
        absent where none)."""
        sheet = json.loads(_read(self.outs[name] + ".json") or "{}")
        by_id = {x["id"]: x for x in sheet.get("tables", [])}
        for t in spec["tables"]:
            if t["kind"] != "matrix" or t["id"] not in by_id:
                continue
            lists = oracle.dice_modifier_lists(t) if t.get("cell") == "dice" else []
            got = by_id[t["id"]].get("matrix", {}).get("modifiers", "(absent)")
            count("json.dice_modifiers")
            if got != (lists or "(absent)"):
                self.fail("json.dice_modifiers", name, f"{t['id']} (cell {t.get('cell')}): the sheet JSON's matrix modifiers {got!r}; "
                          f"the spec's {lists or '(absent)'}")
        for t in oracle.dice_matrices(spec):
            count("dice_matrices")
            count("dice_matrices_with_lists") if oracle.dice_modifier_lists(t) else None
            unknown = [(w["id"], c["id"]) for w in t["rows"] for c in t["columns"] if w["cells"].get(c["id"]) == "?"]
            count("dice_unknown_cells", len(unknown))
            asked = self.dice_cases(spec, t)
            cases = [[t["id"], row, col, f"M={m}", *words] for row, col, m, words, _, _ in asked]
            plain = [(w["id"], c["id"]) for w in t["rows"] for c in t["columns"]]  # no M=, no words: no count
            cases += [[t["id"], row, col] for row, col in plain]
            answers, r = self.lookup_cases(path, cases, f"dice-{self.seed}-{name}-{t['id']}")
            if len(answers) != len(cases):
                self.fail("lookup.cli.dice_count", name, f"qrsc lookup --cases ({t['id']}): answered {len(answers)} of {len(cases)} "
                          f"cases: {r.stderr[:500]}")
                continue
            for case, (row, col, m, words, net, want), got in zip(cases, asked, answers):
                if want is None:  # a `?` cell: no count, and qrsc says why
                    count("lookup.dice_unknown")
                    why = _dice_not_given(t, row, col)
                    if why not in got.get("error", "") or "result" in got or "line" in got:
                        self.fail("lookup.cli.dice_unknown", name, f"qrsc lookup {' '.join(case)} (cell {_dice_cell(t, row, col)!r}): "
                                  f"{json.dumps(got)[:400]}; expected no count, the error {why!r}")
                    continue
                count("lookup.dice_count")
                fields = (got.get("line") or "").split("\t")
                mine = (got.get("result"), fields[3] if len(fields) > 3 else None, got.get("net"))
                if mine != (str(want), str(want), net):
                    self.fail("lookup.cli.dice_count", name, f"qrsc lookup {' '.join(case)} (cell {_dice_cell(t, row, col)!r}): "
                              f"result {mine[0]!r}, line {got.get('line')!r}, net {mine[2]!r}; oracle {want} at net {net} "
                              f"{got.get('error', '')}")
            for case, got in zip(cases[len(asked):], answers[len(asked):]):
                count("lookup.dice_no_count")
                if "error" in got or got.get("result") != "" or len((got.get("line") or "").split("\t")) != 3:
                    self.fail("lookup.cli.dice_no_count", name, f"qrsc lookup {' '.join(case)} (no M=, no words): result "
                              f"{got.get('result')!r}, line {got.get('line')!r} {got.get('error', '')}; expected no count")
                elif (case[1], case[2]) in unknown and (got.get("effect") != "?" or got["line"].split("\t")[2] != "?"):
                    # the cell is read, as printed: `?`
                    self.fail("lookup.cli.dice_unknown", name, f"qrsc lookup {' '.join(case)} (a `?` cell, no M=, no words): effect "
                              f"{got.get('effect')!r}, line {got.get('line')!r}; expected '?'")
            self.dice_unknown_refused(name, path, t, asked)
            # a word without M=, and M= that is no whole number from 0 to 999: refused
            lists = oracle.dice_modifier_lists(t)
            word = oracle.table_by_id(spec, lists[0])["items"][0]["id"] if lists else "+1"
            row, col = t["rows"][0]["id"], t["columns"][-1]["id"]
            for args, inv, words in (([word], "lookup.cli.dice_count_needs_m", "counts dice from the unit's number M: give it as M=5"),
                                     (["M=abc"], "lookup.cli.dice_count_bad_m", "the unit's number M is a whole number from 0 to 999"),
                                     (["M=1000", word], "lookup.cli.dice_count_bad_m", "the unit's number M is a whole number from 0 to 999")):
                r = self.qrsc("lookup", path, t["id"], row, "--column", col, *args)
                count("lookup.dice_refused")
                if r.returncode != 1 or words not in r.stderr:
                    self.fail(inv, name, f"qrsc lookup {t['id']} {row} --column {col} {' '.join(args)}: exit {r.returncode}, "
                              f"{(r.stdout + r.stderr).strip()[:400]!r}; expected exit 1 saying {words!r}")

    def dice_unknown_refused(self, name, path, t, asked):
        """Each cell the oracle gives no count (`?`) asked alone, `qrsc lookup SPEC MATRIX ROW
        --column COL M=5` and the matrix's second word set: exit 1, saying the cell is not given,
        and no count on stdout."""
        words = self.dice_asked[t["id"]][1]
        for row, col in dict.fromkeys((row, col) for row, col, _, _, _, want in asked if want is None):
            args = ["lookup", path, t["id"], row, "--column", col, "M=5", *words]
            r = self.qrsc(*args)
            count("lookup.dice_unknown_refused")
            why = _dice_not_given(t, row, col)
            if r.returncode != 1 or why not in r.stderr or r.stdout.strip():
                self.fail("lookup.cli.dice_unknown", name, f"qrsc {' '.join(args[2:])}: exit {r.returncode}, stdout "
                          f"{r.stdout.strip()[:200]!r}, stderr {r.stderr.strip()[:300]!r}; expected exit 1 saying {why!r}")

    # ---- lookups
    def lookups(self, name, spec, path, t):
        d = oracle.dice_of(t)
        cols = [c["id"] for c in t["_cols"]]
        cases, wants = [], []
        defender_wants = {}  # case index: the defender's own reading of a tie under tie: both
        columns_read = {}  # case index: the column ids the TSV line names (the reader's; on a tie under both, each side's)
        side_nets = {}  # case index: the sides and each one's net, its type modifier included
        occurrence_cases = {}  # case index: [(side or None for a single roll, oracle side)] naming modifiers counted per occurrence
        if d["form"] == "opposed":
            asked = []
            for _ in range(12):
                a, aw = self.side_selection(spec, d["sides"]["attacker"]["_mods"], cols, d["column"] != "chosen", _names(t))
                b, bw = self.side_selection(spec, d["sides"]["defender"]["_mods"], cols, d["column"] != "chosen", _names(t))
                if a is None or b is None:
                    continue
                (an, am), (dn, dm) = d["sides"]["attacker"]["_nm"], d["sides"]["defender"]["_nm"]
                x, y = self.rng.randint(an, an * am), self.rng.randint(dn, dn * dm)
                column = self.rng.choice(cols) if d["column"] == "chosen" else ""
                asked.append((a, aw, b, bw, x, y, column))
            if t["_type_conditions"]:
                count("type_condition_tables")
                asked += self.condition_sides(spec, t, _names(t))
                self.lookup_words(name, spec, path, t, asked)
            if t["_at_most"]:
                count("at_most_tables")
                first = len(asked)
                asked += self.occurrence_sides(spec, t, _names(t))
                occurrence_cases = {i: [("attacker", a), ("defender", b)] for i, (a, _, b, *_) in enumerate(asked) if i >= first}
                self.occurrence_lookup_words(name, path, spec, t, [
                    ([t["id"], "--attacker", str(x), *aw, "--defender", str(y), *bw] + (["--column", column] if column else []),
                     [("attacker", a), ("defender", b)]) for a, aw, b, bw, x, y, column in asked[first:first + 2]])
            for a, aw, b, bw, x, y, column in asked:
                case = [t["id"], "--attacker", str(x), *aw, "--defender", str(y), *bw] + (["--column", column] if column else [])
                cases.append(case)
                a_net, b_net = oracle.side_nets(spec, t, a, b)  # with each side's type modifier
                X, Y = x + a_net, y + b_net
                wants.append(_opposed_answer(t, d, X, Y, a, b, column))
                side_nets[len(cases) - 1] = (a, b, a_net, b_net)
                if d["tie"] == "both" and oracle.is_tie(d, X, Y):
                    defender_wants[len(cases) - 1] = _opposed_answer(t, d, X, Y, a, b, column, oracle.tie_column(t, d, b, a, column))
                if d["column"] != "chosen":
                    columns_read[len(cases) - 1] = _opposed_columns(t, d, X, Y, a, b)
            if oracle.has_type_modifiers(t):
                count("type_modifier_tables")
            if oracle.matchups(t):
                # a key already settled, read in every column by `--column` (a matchup's too)
                count("matchup_tables")
                for c in oracle.column_ids(t):
                    for k in _keys(spec, t):
                        cases.append([t["id"], key_text(k), c])
                        wants.append(oracle.read(t, c, k))
        else:
            low, high = oracle.key_reach(spec, t)
            for k in range(low - 2, high + 3):
                for c in cols:
                    cases.append([t["id"], str(k), c])
                    if d["form"] == "digits" and not oracle.digits_writes(t, k):
                        wants.append(("unwritten", f"the dice cannot write {k}"))
                    else:
                        wants.append(oracle.read(t, c, Fraction(k)))
            ids = [(tid, it["id"]) for tid in d["mods"] for it in oracle.table_by_id(spec, tid)["items"]]
            n, m = d["nm"]
            for _ in range(min(20, 3 * len(ids))):
                chosen = [i for _, i in self.rng.sample(ids, self.rng.randint(1, min(3, len(ids))))]
                base = self.rng.randint(n - n * m if d["form"] == "difference" else n, n * m)
                c = self.rng.choice(cols)
                cases.append([t["id"], str(base), c, *chosen])
                try:
                    wants.append(oracle.read(t, c, Fraction(base + oracle.net_of(spec, d["mods"], chosen))))
                except oracle.ModifierError as e:
                    wants.append(("error", str(e)))
            if t["_at_most"]:
                # modifiers counted per occurrence named in each way (repeated, ID=N, past the most)
                count("at_most_tables")
                asked = []
                for _ in range(8):
                    words = self.occurrence_words(spec, d["mods"])
                    base = self.am_rng.randint(n - n * m if d["form"] == "difference" else n, n * m)
                    c = self.am_rng.choice(cols)
                    side = {"lists": d["mods"], "ids": words, "type": None, "net": oracle.net_of(spec, d["mods"], words)}
                    cases.append([t["id"], str(base), c, *words])
                    wants.append(oracle.read(t, c, Fraction(base + side["net"])))
                    occurrence_cases[len(cases) - 1] = [(None, side)]
                    asked.append(([t["id"], str(base), *_column_arg(c), *words], [(None, side)]))
                self.occurrence_lookup_words(name, path, spec, t, asked[:2])
        if not cases:
            return
        answers, r = self.lookup_cases(path, cases, f"cases-{self.seed}-{t['id']}")
        if len(answers) != len(cases):
            self.fail("lookup.cli" + _flavour(t), name, f"qrsc answered {len(answers)} of {len(cases)} cases: {r.stderr[:500]}")
            return
        for i, (case, want, got) in enumerate(zip(cases, wants, answers)):
            count("lookup", table=t)
            mine = _cli_row(got)
            if i in defender_wants:
                reads = (got.get("sides") or [{}, {}])[1].get("reads") or {}
                theirs = "-" if reads.get("row") in (None, "outside") else reads["row"]
                want_d = defender_wants[i]
                if theirs != (want_d[0] or "-"):
                    self.fail("lookup.cli.tie_both", name, f"qrsc lookup {' '.join(case)}: the defender reads {theirs}; "
                              f"oracle {want_d[0] or '-'} ({want_d[2]})")
            if i in side_nets and "error" not in got:
                self.lookup_side_nets(name, spec, t, case, got, *side_nets[i])
                if t["_type_conditions"] and i not in occurrence_cases:
                    self.lookup_counted(name, spec, t, case, got, *side_nets[i][:2])
            if i in occurrence_cases:
                self.lookup_occurrences(name, spec, t, case, got, occurrence_cases[i])
            if i in columns_read and columns_read[i] and want[0]:
                # the column read (a matchup's where the types meet one): the TSV line's fifth
                # field, and under tie: both the defender's seventh (docs/cli.md)
                fields = (got.get("line") or "").split("\t")
                expect = columns_read[i][:1]
                said = [fields[4] if len(fields) > 4 else None]
                if len(columns_read[i]) > 1 and defender_wants.get(i, (None,))[0]:  # the defender's row and column
                    expect.append(columns_read[i][1])
                    said.append(fields[6] if len(fields) > 6 else None)
                count("lookup.column", table=t)
                if said != expect:
                    self.fail("lookup.cli.column" + _flavour(t), name, f"qrsc lookup {' '.join(case)}: reads column {said}; "
                              f"oracle {expect} (line {got.get('line')!r})")
            if want[0] == "unwritten":
                if "error" not in got or "cannot show it" not in got["error"]:
                    self.fail("lookup.cli.digits_unwritten", name, f"qrsc lookup {' '.join(case)}: answered {mine} "
                              f"{got.get('error', '')!r}, expected a refusal: {want[1]} (\"cannot show it\")")
                continue
            if want[0] == "error":
                if "error" not in got:
                    self.fail("lookup.exclusive_group", name, f"qrsc lookup {' '.join(case)}: answered {mine}, expected an error ({want[1]})")
                continue
            if mine != (want[0] or "-"):
                past = want[2] not in ("row",)
                self.fail("lookup.cli" + _flavour(t) + (".outside" if past else ""), name,
                          f"qrsc lookup {' '.join(case)}: {mine}; oracle {want[0] or '-'} ({want[2]})")
            elif "error" not in got:  # the row read is right: whether it rolls again, and without what
                self.lookup_again(name, spec, t, case, want[0], got)
        self.lookup_again_words(name, spec, path, t, cases, wants)

    def lookup_again(self, name, spec, t, case, row, got):
        """`lookup --format json` (docs/spec-format.md, `again`): where the row read (under tie:
        both the attacker's, the answer's `row`) rolls again, `again.without` lists the oracle's
        {table, item, text} in the row's order; where it does not, or no row is read, no
        `again`."""
        want = oracle.again_without(spec, t, row)
        if want is not None:
            count("lookup.again", table=t)
        elif oracle.has_again(t):
            count("lookup.again_absent", table=t)
        expect = None if want is None else {"without": want, "words": _again_words(want)}
        if got.get("again") != expect:
            self.fail("lookup.cli.again" + _flavour(t), name, f"qrsc lookup {' '.join(case)} (row {row or '-'}): "
                      f"again {got.get('again', '(absent)')!r}; oracle {expect or '(absent)'!r}")
        # Under tie: both each side reads its own row (its `reads`, whose row the tie checks compare
        # with the oracle's): each says whether that row rolls again.
        for side in got.get("sides") or []:
            reads = side.get("reads")
            if not reads:
                continue
            mine = oracle.again_without(spec, t, reads.get("row"))
            count("lookup.again_tie_both", table=t)
            if reads.get("again") != (None if mine is None else {"without": mine, "words": _again_words(mine)}):
                self.fail("lookup.cli.again" + _flavour(t), name, f"qrsc lookup {' '.join(case)}: the {side.get('side')}'s "
                          f"row {reads.get('row')} again {reads.get('again', '(absent)')!r}; oracle {mine!r}")

    def lookup_again_words(self, name, spec, path, t, cases, wants):
        """`qrsc lookup` in words, on two cases at most whose row rolls again (the first with
        modifiers to drop, the first without): the answer's line "Roll again without: Text;
        Text." (the items' texts in the row's order), or "Roll again." for `again: []`."""
        asked = {}
        for case, want in zip(cases, wants):
            without = oracle.again_without(spec, t, want[0]) if want[0] not in ("unwritten", "error") else None
            if without is not None:
                asked.setdefault(bool(without), (case, without))
        for case, without in asked.values():
            args = case if "--attacker" in case else [case[0], case[1], *case[3:], *_column_arg(case[2])]
            r = self.qrsc("lookup", path, *args)
            line = _again_words(without)
            count("lookup.again_words", table=t)
            if _words(line) not in _words(r.stdout):
                self.fail("lookup.cli.again_words" + _flavour(t), name, f"qrsc lookup {' '.join(args)}: {line!r} not in the "
                          f"answer (exit {r.returncode}): {(r.stdout + r.stderr).strip()[:600]}")

    def lookup_side_nets(self, name, spec, t, case, got, a, b, a_net, b_net):
        """`lookup --format json` on an opposed roll: each side's `net` is its lists' and its type
        modifier, which is among its `modifiers` as the matrix's id with the value the oracle
        reads ("Mounted against Light foot": the types' names)."""
        names = {c["id"]: c["name"] for c in t["_cols"]}
        sides = got.get("sides") or []
        for who, side, other, net in (("attacker", a, b, a_net), ("defender", b, a, b_net)):
            count("lookup.side_net", table=t)
            mine = next((s for s in sides if s.get("side") == who), None)
            if mine is None or mine.get("net") != net:
                self.fail("lookup.cli.side_net" + _flavour(t), name, f"qrsc lookup {' '.join(case)}: the {who}'s net is "
                          f"{mine and mine.get('net')}; oracle {net} (its lists {side['net']})")
                continue
            matrix = oracle.dice_of(t)["sides"][who]["_tm"]
            if not matrix:
                continue
            want = {"term": matrix, "value": oracle.type_modifier(spec, t, who, side["type"], other["type"]),
                    "text": f"{names[side['type']]} against {names[other['type']]}"}
            terms = [{k: m.get(k) for k in want} for m in mine.get("modifiers", []) if m.get("term") == matrix]
            if terms != [want]:
                self.fail("lookup.cli.side_net" + _flavour(t), name, f"qrsc lookup {' '.join(case)}: the {who}'s modifiers "
                          f"from {matrix} are {terms}; oracle {want}")

    def lookup_counted(self, name, spec, t, case, got, a, b):
        """`lookup --format json` on a roll whose sides read modifiers for some types only: each
        modifier a side gives is among its `modifiers` with `counted` as the oracle has it (false
        for one its type excludes, and for a group member that one of larger magnitude, and
        for its type, outweighs) and, where it does not count, the `why` docs/cli.md gives
        ("does not apply to Light foot": the type's name; "not cumulative, does not count")."""
        names = {c["id"]: c["name"] for c in t["_cols"]}
        for who, side in (("attacker", a), ("defender", b)):
            count("lookup.counted", table=t)
            mine = next((s for s in got.get("sides") or [] if s.get("side") == who), {})
            counts = oracle.counted(spec, side["lists"], side["ids"], side["type"])
            applies = {it["id"]: oracle.applies_to(it, side["type"]) for it in _items(spec, side)}
            want = {i: (c, None if c else "not cumulative, does not count" if applies[i] else f"does not apply to {names[side['type']]}")
                    for i, c in counts.items()}
            said = {m.get("term"): (m.get("counted"), m.get("why")) for m in mine.get("modifiers", []) if m.get("term") in want}
            if said != want:
                self.fail("lookup.cli.counted" + _flavour(t), name, f"qrsc lookup {' '.join(case)}: the {who}'s ({side['type']}) "
                          f"modifiers (counted, why) {said}; oracle {want}")

    def lookup_occurrences(self, name, spec, t, case, got, sides):
        """`lookup --format json` where modifiers counted per occurrence are named (docs/cli.md):
        each side's (a single roll's) modifiers, one entry a word, with the term, text, value,
        `counted` and `why` of `oracle.modifier_entries`, and a single roll's `net`. The entries
        of a modifier the side's type excludes are `lookup.cli.occurrences_excluded`'s (every
        naming "does not apply to Type", none counted against its most)."""
        names = {c["id"]: c["name"] for c in t["_cols"]}
        for who, side in sides:
            count("lookup.occurrences", table=t)
            mine = got if who is None else next((s for s in got.get("sides") or [] if s.get("side") == who), {})
            ids = {it["id"] for tid in side["lists"] for it in oracle.table_by_id(spec, tid)["items"]}
            said = [{k: m.get(k) for k in ("term", "text", "value", "counted", "why")} for m in mine.get("modifiers", [])
                    if str(m.get("term")).partition("=")[0] in ids]
            want = oracle.modifier_entries(spec, side["lists"], side["ids"], side["type"], names.get(side["type"]))
            net = f"net {got.get('net')}, oracle {side['net']}; " if who is None else ""
            if "error" in got or len(said) != len(want) or (who is None and got.get("net") != side["net"]):
                self.fail("lookup.cli.occurrences" + _flavour(t), name, f"qrsc lookup {' '.join(case)}: the {who or 'roll'}'s {net}"
                          f"entries {said}; oracle {want}" + (f"; error {got['error']!r}" if "error" in got else ""))
                continue
            for excluded in (False, True):
                pairs = [(x, y) for x, y in zip(said, want) if (y["why"] or "").startswith("does not apply") == excluded]
                if excluded and pairs:
                    count("lookup.occurrences_excluded", table=t)
                diff = [(x, y) for x, y in pairs if x != y]
                if diff:
                    self.fail("lookup.cli.occurrences_excluded" if excluded else "lookup.cli.occurrences" + _flavour(t), name,
                              f"qrsc lookup {' '.join(case)}: the {who or 'roll'}'s ({side['type']}) entries (qrsc, oracle) that differ: {diff[:3]}")

    def occurrence_lookup_words(self, name, path, spec, t, asked):
        """`qrsc lookup` in words where modifiers counted per occurrence are named: each entry of
        `oracle.modifier_entries` as the answer writes it, "-2 (Text x3, 2 of them count)"
        where it counts, "[-1 (Text): counts up to 2 times]" where not. ASKED: [(lookup
        arguments, [(side name or None, oracle side)])]."""
        names = {c["id"]: c["name"] for c in t["_cols"]}
        for args, sides in asked:
            r = self.qrsc("lookup", path, *args)
            said = _words(r.stdout)
            for _, side in sides:
                for e in oracle.modifier_entries(spec, side["lists"], side["ids"], side["type"], names.get(side["type"])):
                    count("lookup.occurrence_words", table=t)
                    # one that counts stands after a space, not in brackets
                    want = f" {_signed(e['value'])} ({_words(e['text'])})" if e["counted"] else _words(f"[{_signed(e['value'])} ({e['text']}): {e['why']}]")
                    # one the side's type excludes: lookup.cli.occurrences_excluded's words
                    what = "lookup.cli.occurrence_words_excluded" if (e["why"] or "").startswith("does not apply") else "lookup.cli.occurrence_words" + _flavour(t)
                    if want not in said:
                        self.fail(what, name, f"qrsc lookup {' '.join(args)}: {want.strip()!r} "
                                  f"not in the answer (exit {r.returncode}): {(r.stdout + r.stderr).strip()[:600]}")

    def lookup_words(self, name, spec, path, t, asked):
        """`qrsc lookup` in words, on two rolls at most where a side gives a modifier its type
        excludes: the modifier is shown as "[-2 (Text): does not apply to Light foot]" (the
        side's type's name)."""
        names = {c["id"]: c["name"] for c in t["_cols"]}
        checked = 0
        for a, aw, b, bw, x, y, column in asked:
            excluded = [(side, it) for side in (a, b) for it in _items(spec, side) if not oracle.applies_to(it, side["type"])]
            if not excluded or checked == 2:
                continue
            checked += 1
            args = [t["id"], "--attacker", str(x), *aw, "--defender", str(y), *bw] + (["--column", column] if column else [])
            r = self.qrsc("lookup", path, *args)
            for side, it in excluded:
                count("lookup.words", table=t)
                want = f"[{_signed(oracle.value(it))} ({it['text']}): does not apply to {names[side['type']]}]"
                if _words(want) not in _words(r.stdout):
                    self.fail("lookup.cli.words" + _flavour(t), name, f"qrsc lookup {' '.join(args)}: {want!r} not in the answer "
                              f"(exit {r.returncode}): {(r.stdout + r.stderr).strip()[:600]}")

    def word_readings(self, name, spec, path):
        """A word that is a modifier id of a side and the name of a column (case ignored) is an
        error naming both readings."""
        for t in spec["tables"]:
            d = oracle.dice_of(t) if t["kind"] == "bands" and t["key"].get("dice") else None
            if not d or d["form"] != "opposed" or d["column"] == "chosen":
                continue
            names = {c["name"].lower(): c for c in t["_cols"]}
            for tid in d["sides"]["attacker"]["_mods"]:
                for it in oracle.table_by_id(spec, tid)["items"]:
                    if it["id"] in names:
                        count("word_reading")
                        other = next(c["id"] for c in t["_cols"] if c["name"].lower() != it["id"])
                        args = [t["id"], "--attacker", "3", it["id"], other, "--defender", "3", other]
                        r = self.qrsc("lookup", path, *args)
                        if r.returncode == 0 or "modifier" not in r.stderr or names[it["id"]]["name"] not in r.stderr:
                            self.fail("lookup.word_reading", name, f"qrsc lookup {' '.join(args)}: "
                                      f"'{it['id']}' is a modifier and the column {names[it['id']]['name']!r}; "
                                      f"exit {r.returncode}: {(r.stdout + r.stderr).strip()[:300]}")

    # ---- the language server
    def lsp_symbols(self, name, spec, path):
        symbols = lsp_client.ask(self.ctx.qrsc, os.path.abspath(path), "textDocument/documentSymbol", {}) or []
        names = {x.get("name") for x in symbols}
        tree = next(t for n, t, _ in self.fam if n == name)
        for t in tree.get("tables", []):  # the document's own tables (a variant's patches)
            count("presence")
            if t["id"] not in names:
                self.fail("presence.lsp_symbols", name, f"table {t['id']} not among the document symbols {sorted(n for n in names if n)}")

    def lsp_rename(self):
        """The server's rename of a modifier that a group names: the family stays clean."""
        name, tree, spec = self.fam[0]
        for t in spec["tables"]:
            for g in t.get("groups", []):
                member = g["members"][0]
                folder = os.path.join(self.work, f"lsp-{self.seed}", "rules", "gen")
                os.makedirs(folder, exist_ok=True)
                copies = []
                for p in self.paths:
                    copies.append(os.path.join(folder, os.path.basename(p)))
                    with open(copies[-1], "w", encoding="utf-8") as f:
                        f.write(_read(p))
                text = _read(copies[0]).split("\n")
                written = scalar(member)  # a digit id is quoted: the cursor goes inside the quotes
                # a flow map ("{ id: m1, ...") or a block one ("- id: m1" where it has shares)
                line = next(i for i, l in enumerate(text) if f"{{ id: {written}," in l or l.strip() == f"- id: {written}")
                col = text[line].index(f"id: {written}") + 4 + (written != member)
                edit = lsp_client.ask(self.ctx.qrsc, os.path.abspath(copies[0]), "textDocument/rename",
                                      {"position": {"line": line, "character": col}, "newName": member + "_renamed"})
                count("lsp_rename")
                if not edit:
                    self.fail("rename.lsp_refused", name, f"the server's rename of modifier {member} gave no edit")
                    return
                lsp_client.apply_edits(edit)
                r = self.qrsc("check", *copies)
                if r.returncode != 0:
                    # apart where a row's `again` names the member too (a reference the rename must follow)
                    again = any(member in w.get("again", []) for x in spec["tables"] for w in x.get("rows", []))
                    self.fail("rename.lsp_check_clean" + (".again" if again else ""), name,
                              f"after the server renamed modifier {member} (a member of group {g['id']}): " + r.stderr.strip()[:600])
                return

    # ---- the web page's module
    def web(self, name, spec, path):
        out = os.path.join(self.work, f"out-{self.seed}-web-{name}")
        r = self.qrsc("-q", "build", path, "-o", out, "--emit", "web")
        if r.returncode != 0:
            if "WebAssembly toolchain" in r.stderr:
                self.ctx.web = False  # clang's wasm32 target is absent: the surface is skipped
                return
            self.fail("build.web_refused", name, r.stderr[:1000])
            return
        page_path = os.path.join(out, "gen", name.replace("-", "_") + ".web.html")
        page = _read(page_path) or ""
        # the page as shown: the printed sheet it carries for a print (#printed-sheet) is not
        # where a player finds a table
        shown = page.split('<div id="printed-sheet"', 1)[0]
        for t in spec["tables"]:
            count("presence")
            if html.escape(t["title"], quote=False) not in shown:
                self.fail(f"presence.web.{t['kind']}" + (_flavour(t) if t["kind"] == "bands" and t["key"].get("dice") else ""), name,
                          f"table {t['id']} ({t['title']!r}) not on the web page")
        sections = {}
        for m in re.finditer(r'<section class="sheet-table" id="table-(\d+)" data-table="(\d+)" data-id="([^"]*)"', page):
            end = page.find("</section>", m.end())
            sections[m.group(3)] = (int(m.group(2)), page[m.end():end])
        queries, wants = [], []
        for t in spec["tables"]:
            if t["kind"] != "bands" or not t["key"].get("dice") or t["id"] not in sections:
                continue
            d = oracle.dice_of(t)
            if t["_at_most"]:
                self.web_count_fields(name, spec, t, sections[t["id"]][1])
            if oracle.has_again(t):
                asked = self.web_decided_query(spec, t, *sections[t["id"]])
                queries.append(asked[0])
                wants.append((self.web_decided_answers, asked[1]))
            if d["form"] == "opposed":
                if d["column"] != "chosen":
                    self.web_side_types(name, t, sections[t["id"]][1])
                asked = self.web_opposed_query(name, spec, t, *sections[t["id"]])
                if asked:
                    queries.append(asked[0])
                    wants.append((self.web_opposed_answers, asked[1]))
                continue
            index, body = sections[t["id"]]
            inputs = {i: at for (_, i), at in _modifier_inputs(body).items()}  # a single roll's: side 0
            n, sides = d["nm"]
            lo, hi = (n - n * sides, n * sides - n) if d["form"] == "difference" else (n, n * sides)
            if d["form"] == "digits":
                lo, hi = oracle.key_reach(spec, t)  # 11 .. 11N, the unwritten numbers between too
            ids = [it["id"] for tid in d["mods"] for it in oracle.table_by_id(spec, tid)["items"]]
            selections = [[]] + [self.rng.sample(ids, self.rng.randint(1, min(3, len(ids)))) for _ in range(3 if ids else 0)]
            if t["_at_most"]:  # counts of modifiers counted per occurrence (qrs_set takes one)
                selections += [self.occurrence_words(spec, d["mods"]) for _ in range(3)]
            cols = [c["id"] for c in t["_cols"]]
            for chosen in selections:
                try:
                    net = oracle.net_of(spec, d["mods"], chosen)
                except oracle.ModifierError:
                    continue
                times = oracle.occurrences(chosen)
                if any(i not in inputs for i in times):
                    self.fail("web.modifier_missing", name, f"{t['id']}: modifiers {chosen} not all on the page")
                    continue
                lookups = [[ci, die] for ci in range(len(cols)) for die in range(lo, hi + 1)]
                query = {"table": index, "set": [list(inputs[i]) + [k] for i, k in times.items()], "lookups": lookups,
                         "odds": [[ci, len(t["rows"])] for ci in range(len(cols))]}
                if d["form"] == "digits":
                    query["shows"] = list(range(lo - 2, hi + 3))
                queries.append(query)
                wants.append((self.web_roll_answers, (t, cols, chosen, net, lookups)))
        matrices = oracle.dice_matrices(spec)
        for mi, t in enumerate(matrices):
            asked = self.dice_cases(spec, t)
            rows, cols = [w["id"] for w in t["rows"]], [c["id"] for c in t["columns"]]
            pool = [[mi, rows.index(row), cols.index(col), m, net] for row, col, m, _, net, _ in asked]
            # no such matrix, row or column: -1
            bad = [[len(matrices), 0, 0, 3, 0], [-1, 0, 0, 3, 0], [mi, len(rows), 0, 3, 0], [mi, 0, len(cols), 3, 0], [mi, -1, 0, 3, 0]]
            queries.append({"pool": pool + bad})
            wants.append((self.web_dice_answers, (t, mi, asked, bad)))
        if not queries:
            return
        runner = os.path.join(os.path.dirname(os.path.abspath(__file__)), "web_answers.js")
        r = subprocess.run(["node", runner], input=json.dumps([{"page": page_path, "queries": queries}]), capture_output=True, text=True)
        if r.returncode != 0:
            self.fail("web.module_failed", name, r.stderr[:1000])
            return
        answers = json.loads(r.stdout)[0]
        for (check, want), got in zip(wants, answers):
            check(name, spec, *want, got)

    def web_decided_query(self, spec, t, index, body):
        """The odds until decided through the page's module (`qrs_decided_odds`, for a table with
        a row that rolls again): each side's modifiers set as `again_words` draws them (from
        wd_rng; the page sets no signed number, so none), first each id a row drops, then at
        random; asked of every column, or every pair of types where the table reads them.
        Returns (query, what the answers are checked against)."""
        d = oracle.dice_of(t)
        inputs = _modifier_inputs(body)
        opposed = d["form"] == "opposed"
        lists = [d["sides"][who]["_mods"] for who in ("attacker", "defender")] if opposed else [d["mods"]]
        cols = [c["id"] for c in t["_cols"]]
        typed = opposed and d["column"] != "chosen"
        pairs = [(0, at, dt) for at in range(len(cols)) for dt in range(len(cols))] if typed else [(ci, 0, 0) for ci in range(len(cols))]
        query = {"table": index, "cases": []}
        cases = []
        for every in (True, False):
            words = tuple(tuple(w for w in self.again_words(spec, t, side, every, rng=self.wd_rng) if w[0] not in "+-")
                          for side in lists)
            setting = [list(inputs[(side, m)]) + [k] for side, w in enumerate(words) for m, k in oracle.occurrences(w).items()
                       if (side, m) in inputs]
            query["cases"].append({"set": setting, "decided": [[ci, at, dt, len(t["rows"])] for ci, at, dt in pairs]})
            cases.append(words)
        return query, (t, cols, typed, pairs, cases)

    def web_decided_answers(self, name, spec, t, cols, typed, pairs, cases, got):
        """The module's odds until decided against the oracle's (`oracle.odds_until_decided`):
        each row's chance over the denominator, none for a row that rolls again, no row read's
        last; a denominator of 0 where the oracle's are never decided, -2 (not given) for a tie
        both sides read."""
        row_ids = [row["id"] for row in t["rows"]]
        flavour = _flavour(t)
        for words, answers in zip(cases, got.get("cases") or []):
            for (ci, at, dt), g in zip(pairs, answers):
                count("web.decided", table=t)
                asked = f"{t['id']}: qrs_decided_odds(table, {ci}, {at}, {dt}) with {list(words)}"
                if g is None:
                    self.fail("web.decided" + flavour, name, f"{asked}: null")
                    continue
                if oracle.dice_of(t).get("tie") == "both":
                    if g == "trap" or int(g[-1]) != -2:
                        got_words = "trapped" if g == "trap" else f"denominator {int(g[-1])}"
                        self.fail("web.decided.tie_both", name, f"{asked}: {got_words}; expected -2 (not given)")
                    continue
                types = (cols[at], cols[dt]) if typed else (None, None)
                want = oracle.odds_until_decided(spec, t, "" if typed else cols[ci], words, types)
                if g == "trap":
                    # past 64-bit fractions (the page says so): the oracle's rows over their
                    # common denominator must pass them too
                    count("web.decided_past_fractions", table=t)
                    if want is not None and not _past_64_bits(want.values(), over_one_denominator=True):
                        self.fail("web.decided.past_fractions" + flavour, name, f"{asked}: trapped (past 64-bit fractions); "
                                  f"oracle {_fmt(want)} fits them")
                    continue
                den = int(g[-1])
                if want is None:
                    count("web.decided_never", table=t)
                    if den != 0:
                        self.fail("web.decided.never" + flavour, name, f"{asked}: denominator {den}; never decided (0)")
                    continue
                if den <= 0:
                    self.fail("web.decided" + flavour, name, f"{asked}: denominator {den}; oracle {_fmt(want)}")
                    continue
                labels = row_ids + ["(no row)"]
                mine = {labels[i]: Fraction(int(x), den) for i, x in enumerate(g[:-1]) if int(x)}
                if mine != {k: v for k, v in want.items() if v}:
                    self.fail("web.decided" + flavour, name, f"{asked}: {_fmt(mine)}; oracle {_fmt(want)}")

    def web_dice_answers(self, name, spec, t, mi, asked, bad, got):
        """A dice matrix's counts from the page's module (`qrs_pool_dice(matrix, row, column, M,
        net)`, the net as the page's net select gives it: the oracle's), -2 where the oracle has
        no count (a `?` cell) and -1 for no such cell."""
        pool = got.get("pool") or []
        for (row, col, m, words, net, want), g in zip(asked, pool):
            inv = "web.dice_unknown" if want is None else "web.dice_count"
            count(inv)
            if g != (-2 if want is None else want):
                self.fail(inv, name, f"qrs_pool_dice({mi}, {t['id']}/{row}, {col}, M {m}, net {net}) (words {words}, "
                          f"cell {_dice_cell(t, row, col)!r}): {g}; oracle {'no count (-2)' if want is None else want}")
        for args, g in zip(bad, pool[len(asked):]):
            if g != -1:
                self.fail("web.dice_count", name, f"qrs_pool_dice{tuple(args)} ({t['id']}: {len(t['rows'])} rows, {len(t['columns'])} "
                          f"columns, {len(oracle.dice_matrices(spec))} dice matrices): {g}; expected -1")
        if len(pool) != len(asked) + len(bad):
            self.fail("web.dice_count", name, f"{t['id']}: the module answered {len(pool)} of {len(asked) + len(bad)} qrs_pool_dice")

    def web_roll_answers(self, name, spec, t, cols, chosen, net, lookups, got):
        """A single roll's answers from the page's module: its net, every base roll's row in every
        column, each column's odds (and for a roll read as digits what the dice write)."""
        row_ids = [row["id"] for row in t["rows"]]
        if oracle.dice_of(t)["form"] == "digits":
            shows = got.get("shows") or []
            if not shows:
                self.fail("web.shows.digits", name, f"{t['id']}: the module answered no qrs_shows")
            for die, g in zip(range(lookups[0][1] - 2, lookups[-1][1] + 3), shows):
                count("web.shows")
                if bool(g) != oracle.digits_writes(t, die):
                    self.fail("web.shows.digits", name, f"{t['id']}: qrs_shows(table, 0, {die}) is {g}; the dice "
                              f"{'write' if oracle.digits_writes(t, die) else 'cannot write'} it")
        count("web.net", table=t)
        if got["net"] != net:
            self.fail("web.net" + _flavour(t), name, f"{t['id']} {chosen}: net {got['net']}, oracle {net}")
        for (ci, die), g in zip(lookups, got["rows"]):
            count("web.lookup", table=t)
            row, _, how = oracle.read(t, cols[ci], Fraction(die + net))
            mine = row_ids[g] if g >= 0 else "-"
            if mine != (row or "-"):
                self.fail("web.lookup" + _flavour(t) + (".outside" if how != "row" else ""), name,
                          f"{t['id']} column {cols[ci] or 'all'}, die {die}, modifiers {chosen} (net {net}): {mine}; oracle {row or '-'} ({how})")
        for ci, g in enumerate(got["odds"]):
            count("web.odds", table=t)
            want = {k: v for k, v in oracle.odds(spec, t, cols[ci], net=net).items() if v and not k.startswith("(")}
            if g is None:
                self.fail("web.odds", name, f"{t['id']}: no odds")
                continue
            den = int(g[-1])
            mine = {row_ids[i]: Fraction(int(x), den) for i, x in enumerate(g[:-1]) if int(x)}
            if mine != want:
                self.fail("web.odds" + _flavour(t) + (".outside" if t["key"].get("outside") else ""), name,
                          f"{t['id']} column {cols[ci] or 'all'}, modifiers {chosen} (net {net}): {_fmt(mine)}; oracle {_fmt(want)}")

    def web_opposed_query(self, name, spec, t, index, body):
        """An opposed roll through the page's module: each side's modifiers set at random (the
        page's checkboxes of that side), then for every pair of types (a table read by the
        loser's or the winner's type; else each chosen column, the types 0) each side's type
        modifier (`qrs_type_modifier`), the odds (`qrs_opposed_odds`) and a few rolls settled
        (`qrs_settle`). Returns (query, what the answers are checked against), or None."""
        d = oracle.dice_of(t)
        inputs = _modifier_inputs(body)
        sides, setting = [], []
        for i, who in enumerate(("attacker", "defender")):
            lists = d["sides"][who]["_mods"]
            items = [it["id"] for tid in lists for it in oracle.table_by_id(spec, tid)["items"]]
            chosen = self.web_rng.sample(items, self.web_rng.randint(0, min(2, len(items))))
            if t["_type_conditions"]:  # every modifier for some types only, so that each type drops some
                chosen = self.condition_ids(spec, lists)
            if t["_at_most"]:  # counts of modifiers counted per occurrence, past their most too
                chosen = self.occurrence_words(spec, lists, repeat_plain=not t["_type_conditions"])
            try:
                sides.append({"net": oracle.net_of(spec, lists, chosen), "ids": chosen, "lists": lists})
            except oracle.ModifierError:
                return None
            times = oracle.occurrences(chosen)
            if any((i, m) not in inputs for m in times):
                self.fail("web.modifier_missing", name, f"{t['id']}: the {who}'s modifiers {chosen} not all on the page")
                return None
            setting += [list(inputs[(i, m)]) + [k] for m, k in times.items()]
        cols = [c["id"] for c in t["_cols"]]
        n = len(cols)
        if d["column"] != "chosen":
            pairs = [(0, at, dt) for at in range(n) for dt in range(n)]
        else:
            pairs = [(ci, 0, 0) for ci in range(n)]
        (an, am), (dn, dm) = d["sides"]["attacker"]["_nm"], d["sides"]["defender"]["_nm"]
        rolls = [(ci, self.web_rng.randint(an, an * am), self.web_rng.randint(dn, dn * dm), at, dt) for ci, at, dt in pairs for _ in range(4)]
        query = {"table": index, "set": setting, "lookups": [], "odds": [],
                 "type_modifiers": [[side, at, dt] for _, at, dt in pairs for side in (0, 1)],
                 "opposed_odds": [[ci, at, dt, len(t["rows"])] for ci, at, dt in pairs],
                 "settle": [list(x) for x in rolls]}
        if t["_type_conditions"]:
            # each side's type set (-1: none, then every type): which of its modifiers are for
            # it, which count, and its net
            for side, who in enumerate(("attacker", "defender")):
                items = [it["id"] for tid in d["sides"][who]["_mods"] for it in oracle.table_by_id(spec, tid)["items"]]
                sides[side]["shown"] = [m for m in items if (side, m) in inputs]  # the modifiers the page offers the side
            query["side_types"] = [[side, ti] for side in (0, 1) for ti in range(-1, n)]
            query["type_items"] = [list(inputs[(side, m)]) for side in (0, 1) for m in sides[side]["shown"]]
        return query, (t, sides, pairs, rolls)

    def web_opposed_answers(self, name, spec, t, sides, pairs, rolls, got):
        """An opposed roll's answers from the page's module against the oracle: each side's net
        (`qrs_net`), its type modifier, each settled roll's modified results, row and column read
        (on a tie under tie: both the defender's too), and the odds of each pair of types."""
        d = oracle.dice_of(t)
        typed = d["column"] != "chosen"
        cols = [c["id"] for c in t["_cols"]]
        column_ids = oracle.column_ids(t)
        row_ids = [row["id"] for row in t["rows"]]
        flavour = _flavour(t)
        chosen = f"attacker {sides[0]['ids']}, defender {sides[1]['ids']}"
        if [got.get("net"), got.get("net1")] != [sides[0]["net"], sides[1]["net"]]:
            self.fail("web.net" + flavour, name, f"{t['id']} {chosen}: nets {got.get('net')}, {got.get('net1')}; "
                      f"oracle {sides[0]['net']}, {sides[1]['net']}")

        def side_pair(ci, at, dt):
            """The oracle's sides for a pair of type indices (no type where the column is chosen),
            each one's net for its type."""
            a, b = ({"type": cols[ti] if typed else None} for ti in (at, dt))
            for side, mine in zip((a, b), sides):
                side["net"] = oracle.net_of(spec, mine["lists"], mine["ids"], side["type"])
            return a, b, ("" if typed else cols[ci])

        def row_of(g):
            return "(tie)" if g == -3 else row_ids[g] if 0 <= g < len(row_ids) else "-"
        for (side, at, dt), g in zip(([side, at, dt] for _, at, dt in pairs for side in (0, 1)), got.get("type_modifiers") or []):
            count("web.type_modifier", table=t)
            who = ("attacker", "defender")[side]
            own, other = (at, dt) if side == 0 else (dt, at)
            want = oracle.type_modifier(spec, t, who, cols[own], cols[other]) if typed else 0
            if g != want:
                self.fail("web.type_modifier" + flavour, name, f"{t['id']}: qrs_type_modifier(table, {side}, {at}, {dt}) is {g}; "
                          f"oracle {want} (the {who} {cols[own]} against {cols[other]})")
        for (ci, x, y, at, dt), g in zip(rolls, got.get("settle") or []):
            count("web.settle", table=t)
            a, b, column = side_pair(ci, at, dt)
            a_net, b_net = oracle.side_nets(spec, t, a, b)
            X, Y = x + a_net, y + b_net
            row, _, how = _opposed_answer(t, d, X, Y, a, b, column)
            said = f"qrs_settle(table, {ci}, {x}, {y}, {at}, {dt}) with {chosen}"
            if g is None or g[:2] != [X, Y]:
                self.fail("web.settle" + flavour, name, f"{t['id']}: {said}: results {g and g[:2]}; oracle {[X, Y]}")
                continue
            mine, theirs = [row_of(g[7])], ["(tie)" if how == "tie" else row or "-"]
            if row:  # the column read: the reader's type's (or a matchup's), or the one chosen
                mine.append(column_ids[g[6]] if 0 <= g[6] < len(column_ids) else g[6])
                theirs.append(_opposed_columns(t, d, X, Y, a, b)[0] if typed else column)
            if d["tie"] == "both" and oracle.is_tie(d, X, Y):  # the defender reads its own column too
                drow = _opposed_answer(t, d, X, Y, a, b, column, oracle.tie_column(t, d, b, a, column))
                mine.append(row_of(g[9]))
                theirs.append(drow[0] or "-")
                if drow[0]:
                    mine.append(column_ids[g[8]] if 0 <= g[8] < len(column_ids) else g[8])
                    theirs.append(_opposed_columns(t, d, X, Y, a, b)[1] if typed else column)
            if mine != theirs:
                self.fail("web.settle" + flavour + (".outside" if how not in ("row", "tie") else ""), name,
                          f"{t['id']}: {said} (results {X}, {Y}): {mine}; oracle {theirs} ({how})")
        if t["_type_conditions"]:
            self.web_side_type_answers(name, spec, t, sides, got)
        for (ci, at, dt), g in zip(pairs, got.get("opposed_odds") or []):
            count("web.opposed_odds", table=t)
            a, b, column = side_pair(ci, at, dt)
            oracle_odds = oracle.odds(spec, t, column, attacker=a, defender=b)
            if oracle_odds == {"(reroll)": 1}:
                continue  # every result rolled again: no odds to compare
            want = {k: v for k, v in oracle_odds.items() if v and not k.startswith("(")}
            if g is None:
                self.fail("web.opposed_odds" + flavour, name, f"{t['id']}: qrs_opposed_odds(table, {ci}, {at}, {dt}): no odds")
                continue
            den = int(g[-1])
            mine = {row_ids[i]: Fraction(int(x), den) for i, x in enumerate(g[:len(row_ids)]) if int(x)}
            if mine != want:
                self.fail("web.opposed_odds" + flavour + (".outside" if t["key"].get("outside") else ""), name,
                          f"{t['id']}: qrs_opposed_odds(table, {ci}, {at}, {dt}) with {chosen}: {_fmt(mine)}; oracle {_fmt(want)}")

    def web_side_type_answers(self, name, spec, t, sides, got):
        """A side's type set in the page's module (`qrs_set_type`, -1 for none, then each type):
        `qrs_applies` for each modifier of its lists (1 unless the modifier is for other
        types), `qrs_counts` (given, for its type, and not outweighed in its group by one for
        its type) and `qrs_net` (its lists' net for its type) equal the oracle."""
        d = oracle.dice_of(t)
        cols = [c["id"] for c in t["_cols"]]
        answers = got.get("side_types") or []
        if not answers:
            self.fail("web.side_type" + _flavour(t), name, f"{t['id']}: the module answered no qrs_set_type questions")
        for (side, ti), g in zip(((side, ti) for side in (0, 1) for ti in range(-1, len(cols))), answers):
            who = ("attacker", "defender")[side]
            own = cols[ti] if ti >= 0 else None
            lists, ids = sides[side]["lists"], sides[side]["ids"]
            by_id = {it["id"]: it for tid in d["sides"][who]["_mods"] for it in oracle.table_by_id(spec, tid)["items"]}
            items = [by_id[m] for m in sides[side]["shown"]]
            counts = oracle.counted(spec, lists, ids, own)
            want = {"net": oracle.net_of(spec, lists, ids, own), "applies": [int(oracle.applies_to(it, own)) for it in items],
                    "counts": [int(counts.get(it["id"], False)) for it in items]}
            for key in ("net", "applies", "counts"):
                count(f"web.{key}_by_type", table=t)
                if g.get(key) != want[key]:
                    self.fail(f"web.{key}_by_type" + _flavour(t), name, f"{t['id']}: the {who} of type {own} (qrs_set_type({side}, {ti})), "
                              f"modifiers {ids}: qrs_{key} {g.get(key)} over {[it['id'] for it in items]}; oracle {want[key]}")

    def web_count_fields(self, name, spec, t, body):
        """On the web page a modifier counted per occurrence is a count field from 0 to its most
        (docs/web.md), each other modifier of the roll's lists a check box or a choice."""
        d = oracle.dice_of(t)
        lists = [tid for s in d["sides"].values() for tid in s["_mods"]] if d["form"] == "opposed" else d["mods"]
        fields = {}
        for m in re.finditer(r'<input ([^>]*)data-side="(\d+)" data-list="(\d+)" data-item="(\d+)" data-id="([^"]*)"', body):
            attrs = dict(re.findall(r'([a-z-]+)="([^"]*)"', m.group(1)))
            fields.setdefault(m.group(5), (attrs.get("type"), attrs.get("min"), attrs.get("max")))
        for it in (it for tid in dict.fromkeys(lists) for it in oracle.table_by_id(spec, tid)["items"]):
            count("web.count_field", table=t)
            want = ("number", "0", str(it["at_most"])) if "at_most" in it else "a check box or a choice"
            got = fields.get(it["id"])
            if ("at_most" in it and got != want) or ("at_most" not in it and (got is None or got[0] == "number")):
                self.fail("web.count_field" + _flavour(t), name, f"{t['id']}: modifier {it['id']}'s field (type, min, max) is {got}; "
                          f"expected {want}")

    def web_side_types(self, name, t, body):
        """An opposed table read by type: each side is asked its type among the types only (a
        matchup is no type), and the page's hidden `ul.column-names` names every column, the
        matchups' after the types'."""
        types = [c["id"] for c in t["_cols"]]
        for side in ("0", "1"):
            count("web.side_types", table=t)
            offered = re.findall(r'<input [^>]*data-type-side="' + side + r'" data-id="([^"]*)"', body)
            if offered != types:
                self.fail("web.side_types" + _flavour(t), name, f"{t['id']}: side {side} is offered the types {offered}; the table's types are {types}")
        if oracle.matchups(t):
            count("web.column_names", table=t)
            m = re.search(r'<ul class="column-names" hidden>(.*?)</ul>', body, re.S)
            named = re.findall(r'<li data-id="([^"]*)"', m.group(1)) if m else None
            if named != oracle.column_ids(t):
                self.fail("web.column_names" + _flavour(t), name, f"{t['id']}: the page's column names are of {named}; "
                          f"the columns are {oracle.column_ids(t)}")

    # ---- invalid twins
    def twin(self, name, what, text, lines, words=None):
        path = os.path.join(self.work, "rules", "gen", f"{name}.yaml")
        keep = _read(path)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        r = self.qrsc("check", path)
        with open(path, "w", encoding="utf-8") as f:
            f.write(keep)
        count("twins")
        if what.startswith(("digits_", "against_", "type_modifiers_", "type_conditions_", "at_most_", "again_", "dice_")):
            count(f"twins[{what}]")
        at = {int(m.group(2)) for m in ERROR_LINE.finditer(r.stderr)}
        # where the twin names them, the words of the error at the line (a suggestion)
        said = any(words in line for line in r.stderr.splitlines()
                   if (m := ERROR_LINE.match(line)) and int(m.group(2)) in lines) if words else True
        if r.returncode != 1 or not (at & {x for x in lines if x}) or not said:
            self.fail(f"twin.{what}", name, f"expected an error at line {sorted(x for x in lines if x)}"
                      + (f" saying {words!r}" if words else "") + f"; exit {r.returncode}, "
                      f"errors at {sorted(at)}: {r.stderr.strip()[:600]}\n--- twin spec:\n{text}")

    # ---- headers: the cases and the oracle's answers
    def header_work(self, first_index):
        out = []
        for i, ((name, _, spec), path) in enumerate(zip(self.fam, self.paths)):
            if name not in self.outs:
                continue
            tables = [t for t in spec["tables"] if t["kind"] == "bands" and t["key"].get("dice")]
            matrices = oracle.dice_matrices(spec)
            if not tables and not matrices:
                continue
            index = first_index + len(out)
            header = os.path.abspath(self.outs[name] + ".hpp")
            cases, expect = [], []
            side_cases = {}  # table id: the R and P cases written into the program
            for t in tables:
                if oracle.dice_of(t)["form"] == "opposed" and oracle.dice_of(t)["column"] != "chosen":
                    side_cases[t["id"]] = self.header_sides(spec, t, index, cases, expect, name)
                d = oracle.dice_of(t)
                if oracle.has_again(t):  # kAgain: the rows that roll again and what each drops
                    cases.append(["A", str(index), t["id"], "", "0"])
                    expect.append((name, self.seed, t, ("again", _header_again(spec, t))))
                cols = oracle.column_ids(t)  # the types' columns, then the matchups'
                keys = _keys(spec, t)
                for c in cols:
                    for k in keys:
                        want = oracle.read(t, c, k)
                        for kind in ("L", "E"):
                            cases.append([kind, str(index), t["id"], c, key_text(k)])
                            expect.append((name, self.seed, t, want))
                    if d["form"] == "digits" and c == cols[0]:
                        for k in keys:
                            cases.append(["S", str(index), t["id"], c, key_text(k)])
                            expect.append((name, self.seed, t, ("shows", oracle.digits_writes(t, k))))
                    if d["form"] != "opposed" and t["key"]["type"] == "integer":
                        lo, hi = oracle.side_net_range(spec, d["mods"])
                        for net in sorted({lo, 0, hi}):
                            cases.append(["O", str(index), t["id"], c, str(net)])
                            expect.append((name, self.seed, t, ("odds", oracle.odds(spec, t, c, net=net))))
            list_cases = self.header_lists(spec, index, cases, expect, name)
            for t in matrices:  # kModifierTables, and count_with at the oracle's net for dice_cases
                if oracle.dice_modifier_lists(t):
                    cases.append(["Q", str(index), t["id"], "", "0"])
                    expect.append((name, self.seed, t, ("modifier tables", oracle.dice_modifier_lists(t))))
                for row, col, m, words, net, want in self.dice_cases(spec, t):
                    cases.append(["D", str(index), t["id"], f"{row}/{col}/{net}", str(m)])
                    expect.append((name, self.seed, t, ("dice", want, words)))
            out.append(((index, spec["id"], header, tables, side_cases, list_cases, matrices), cases, expect))
        return out

    def header_lists(self, spec, index, cases, expect, name):
        """Each modifier list with items for some types only through its header namespace: for
        each type, `total({...}, type)` of every such item and a few others (N), and for each
        item and type whether its `kTypes` mask holds the type (K). Each list with items counted
        per occurrence: `total({...})` (for each type, where it has types) of ids repeated as
        `occurrence_words` names them, `ID=K` as K copies (N). Returns [(list id, vocabulary id
        or None, cases)] for header_driver.list_code."""
        out = []
        for lt in spec["tables"]:
            if lt["kind"] != "modifiers":
                continue
            vocabulary = oracle.types_vocabulary(spec, lt)
            if vocabulary is None and not oracle.has_at_most(lt) and not oracle.has_shares(lt):
                continue
            written = []
            # Units of random parts and traits through the header's kShares and qrs::ShareParts
            # (U): which of the list's modifiers their shares reach.
            r = random.Random(f"{self.seed}/{lt['id']}/units")
            traits = [x["id"] for x in lt.get("traits", [])]
            for k in range(4) if oracle.has_shares(lt) else ():
                units = [(Fraction(r.randint(0, 6), r.choice([1, 2, 4])), set(r.sample(traits, r.randint(0, len(traits)))))
                         for _ in range(r.randint(1, 4))]
                written.append({"kind": "U", "id": f"u{k}", "units": units})
                cases.append(["U", str(index), lt["id"], f"u{k}", "0"])
                expect.append((name, self.seed, lt, ("shares", oracle.shares_reached(lt, units), units)))
            for term in [x["id"] for x in oracle.vocabulary_terms(spec, vocabulary)] if vocabulary else [None]:
                if vocabulary:
                    ids = self.condition_ids(spec, [lt["id"]])
                    written.append({"kind": "N", "id": f"n_{term}", "ids": ids, "type": term})
                    cases.append(["N", str(index), lt["id"], f"n_{term}", "0"])
                    expect.append((name, self.seed, lt, ("total", oracle.net_of(spec, [lt["id"]], ids, term), ids, term)))
                    for it in lt["items"]:
                        written.append({"kind": "K", "id": f"{it['id']}:{term}", "item": it["id"], "type": term})
                        cases.append(["K", str(index), lt["id"], f"{it['id']}:{term}", "0"])
                        expect.append((name, self.seed, lt, ("applies", oracle.applies_to(it, term), it["id"], term)))
                for k in range(2 if vocabulary else 4) if oracle.has_at_most(lt) else ():
                    ids = _expanded(self.occurrence_words(spec, [lt["id"]]))
                    if not ids:
                        continue  # total({}) names no modifier type to deduce
                    written.append({"kind": "N", "id": f"o{k}_{term}", "ids": ids, "type": term})
                    cases.append(["N", str(index), lt["id"], f"o{k}_{term}", "0"])
                    expect.append((name, self.seed, lt, ("total", oracle.net_of(spec, [lt["id"]], ids, term), ids, term)))
            out.append((lt["id"], vocabulary, written))
        return out

    def header_sides(self, spec, t, index, cases, expect, name):
        """An opposed table read by type through the header's `resolve` and `odds`: sides of
        random types (the types' columns only: a matchup is no type), modifiers and rolls; the
        oracle's row and column (a matchup's where the types meet one). Where a side reads
        modifiers for some types only, also a side of each pair of types giving every such
        modifier (the header's `modifier()` passes the side's type to its lists' `total`)."""
        d = oracle.dice_of(t)
        types = [c["id"] for c in t["_cols"]]
        written = []
        for n in range(15):
            sides = []
            for who in ("attacker", "defender"):
                lists = d["sides"][who]["_mods"]
                ids = {tid: [it["id"] for it in oracle.table_by_id(spec, tid)["items"]] for tid in lists}
                chosen = [(tid, self.rng.sample(ids[tid], self.rng.randint(0, min(2, len(ids[tid]))))) for tid in lists]
                try:
                    oracle.net_of(spec, lists, [m for _, ms in chosen for m in ms])
                except oracle.ModifierError:
                    break
                dn, dm = d["sides"][who]["_nm"]
                roll, own = self.rng.randint(dn, dn * dm), self.rng.choice(types)
                sides.append(_header_side(spec, lists, chosen, roll, own))
            if len(sides) < 2:
                continue
            written.append(self.header_case(spec, t, index, cases, expect, name, f"s{n}", "R" if n < 12 else "P", *sides))
        if t["_type_conditions"]:
            for n, (at, dt) in enumerate((at, dt) for at in types for dt in types):
                sides = []
                for who, own in (("attacker", at), ("defender", dt)):
                    lists = d["sides"][who]["_mods"]
                    given = self.condition_ids(spec, lists)
                    chosen = [(tid, [m for m in given if m in {it["id"] for it in oracle.table_by_id(spec, tid)["items"]}]) for tid in lists]
                    dn, dm = d["sides"][who]["_nm"]
                    sides.append(_header_side(spec, lists, chosen, self.tc_rng.randint(dn, dn * dm), own))
                for kind in ("R", "P"):
                    written.append(self.header_case(spec, t, index, cases, expect, name, f"c{n}{kind}", kind, *sides))
        if t["_at_most"]:
            # sides naming modifiers counted per occurrence: a side's lists list an id once per occurrence
            for n, (a, _, b, _, x, y, _) in enumerate(self.occurrence_sides(spec, t, ())[:4]):
                sides = [_header_side(spec, side["lists"], _by_list(spec, side["lists"], _expanded(side["ids"])), roll, side["type"])
                         for side, roll in ((a, x), (b, y))]
                for kind in ("R", "P"):
                    written.append(self.header_case(spec, t, index, cases, expect, name, f"o{n}{kind}", kind, *sides))
        return written

    def header_case(self, spec, t, index, cases, expect, name, case_id, kind, a, b):
        """One R (with its T) or P case of sides A and B written into the header program, and the
        oracle's answers. Returns the case."""
        d = oracle.dice_of(t)
        case = {"id": case_id, "kind": kind, "attacker": a, "defender": b}
        cases.append([kind, str(index), t["id"], case_id, "0"])
        if kind == "P":
            expect.append((name, self.seed, t, ("sides odds", oracle.odds(spec, t, "", attacker=a, defender=b), a, b)))
            return case
        a_net, b_net = oracle.side_nets(spec, t, a, b)  # with each side's type modifier
        x, y = a["roll"] + a_net, b["roll"] + b_net
        row = _opposed_answer(t, d, x, y, a, b, "")
        drow = _opposed_answer(t, d, x, y, a, b, "", oracle.tie_column(t, d, b, a, "")) if d["tie"] == "both" and oracle.is_tie(d, x, y) else None
        expect.append((name, self.seed, t, ("resolve", row, _opposed_columns(t, d, x, y, a, b), drow, a, b)))
        # the modified results resolve() settles (Outcome::settled), asked as the T case
        cases.append(["T", str(index), t["id"], case_id, "0"])
        expect.append((name, self.seed, t, ("settled", (x, y), a, b)))
        return case


def _dice_cell(t, row, col):
    """A dice matrix's cell as written (None: blank)."""
    return next(w for w in t["rows"] if w["id"] == row)["cells"].get(col)


def _dice_not_given(t, row, col):
    """What `qrsc lookup` says of a dice cell that has no count (docs/spec-format.md: a `?` cell),
    by the row's and the column's names."""
    row_name = next(w["name"] for w in t["rows"] if w["id"] == row)
    col_name = next(c["name"] for c in t["columns"] if c["id"] == col)
    return f"table '{t['id']}': {row_name}, {col_name} is not given in the source documents (printed ?): no count"


def _one_of_each_exclusive(spec, lists, ids):
    """IDS less the members of an exclusive group of LISTS after the first one given (two of them
    at once are an error, lookup.exclusive_group's case)."""
    taken = set()
    for tid in lists:
        for g in oracle.table_by_id(spec, tid).get("groups", []):
            if g.get("exclusive"):
                keep = [m for m in ids if m in g["members"]][:1]
                taken |= set(g["members"]) - set(keep)
    return [m for m in ids if m not in taken]


def _by_list(spec, lists, ids):
    """[(list, its ids among IDS, in order)] of a side's LISTS."""
    return [(tid, [m for m in ids if m in {it["id"] for it in oracle.table_by_id(spec, tid)["items"]}]) for tid in lists]


def _expanded(words):
    """Modifier words as a header's `total({...})` lists them: `ID=K` as K copies of the id."""
    return [mid for w in words for mid, _, k in [w.partition("=")] for _ in range(int(k) if k else 1)]


def _header_side(spec, lists, chosen, roll, own):
    """A side of the header program: its roll, type, modifiers by list ([(list, ids)]) and net
    (its lists' for its type)."""
    return {"roll": roll, "type": own, "lists": chosen, "net": oracle.net_of(spec, lists, [m for _, ms in chosen for m in ms], own)}


def compare_header(cases, expect, answers):
    failures = []
    for case, (name, seed, t, want), got in zip(cases, expect, answers):
        kind = case[0]
        if kind in ("N", "K", "U"):
            failures += _compare_list(case, name, seed, t, want, got)
            continue
        if kind == "Q":
            count("header.dice_modifier_tables")
            if got != "".join(f"{x}," for x in want[1]):
                failures.append(Failure("header.dice_count", seed, name, f"{t['id']}::kModifierTables: {got!r}; the spec's {want[1]}"))
            continue
        if kind == "D":  # the cell's Maybe: "-" where it has no count (a `?` cell)
            inv = "header.dice_unknown" if want[1] is None else "header.dice_count"
            count(inv)
            row, col, net = case[3].split("/")
            if got != ("-" if want[1] is None else str(want[1])):
                failures.append(Failure(inv, seed, name, f"{t['id']}::cell({row}, {col}).count_with({case[4]}, {net}) "
                                        f"(words {want[2]}, cell {_dice_cell(t, row, col)!r}): {got}; oracle "
                                        f"{'no count (-)' if want[1] is None else want[1]}"))
            continue
        count("header." + kind, table=t)
        what = {"L": "lookup.header", "E": "runtime.effect_at", "O": "runtime.row_odds", "S": "header.shows",
                "R": "header.resolve", "P": "header.odds", "T": "header.settled", "A": "header.again"}[kind] + _flavour(t)
        if kind == "A":
            if got != want[1]:
                failures.append(Failure(what, seed, name, f"{t['id']}::kAgain (qrs::rolls_again, qrs::counts_again): {got!r}; "
                                        f"oracle {want[1]!r}"))
            continue
        if kind in ("R", "P", "T"):
            _, answer, *rest = want
            a, b = rest[-2:]
            sides = (f"{t['id']}: attacker {{roll {a['roll']}, {a['type']}, {a['lists']}}} (net {a['net']}), "
                     f"defender {{roll {b['roll']}, {b['type']}, {b['lists']}}} (net {b['net']})")
            if kind == "T":
                if got != f"{answer[0]} {answer[1]}":
                    failures.append(Failure(what, seed, name, f"resolve({sides}).settled: {got}; oracle {answer[0]} {answer[1]} "
                                            "(each roll, its lists' net and its type modifier)"))
                continue
            if kind == "P":
                probs = {k: Fraction(v) for k, v in (x.split("=") for x in got.split())}
                probs = {k: v for k, v in probs.items() if v}
                rows = {k: v for k, v in answer.items() if v and not k.startswith("(")}
                if probs != rows:
                    failures.append(Failure(what, seed, name, f"odds({sides}): {_fmt(probs)}; oracle {_fmt(answer)}"))
                continue
            columns, drow = rest[0], rest[1]
            fields = got.split()
            mine = fields[:1]
            theirs = [answer[0] or "-"]
            if answer[0] and columns:  # a row read: in the column the oracle reads
                mine.append(fields[1] if len(fields) > 1 else None)
                theirs.append(columns[0])
            if drow is not None:  # a tie under tie: both: the defender's own row and column
                mine.append(fields[2] if len(fields) > 2 else None)
                theirs.append(drow[0] or "-")
                if drow[0]:
                    mine.append(fields[3] if len(fields) > 3 else None)
                    theirs.append(columns[1])
            if mine != theirs:
                failures.append(Failure(what + (".outside" if answer[2] not in ("row", "tie") else ""), seed, name,
                                        f"resolve({sides}): {got}; oracle {' '.join(str(x) for x in theirs)} ({answer[2]})"))
            continue
        if kind == "S":
            if got != ("1" if want[1] else "0"):
                failures.append(Failure(what, seed, name, f"{t['id']}::kRoll.shows({case[4]}): {got}; the dice "
                                        f"{'write' if want[1] else 'cannot write'} it"))
            continue
        if kind == "O":
            probs = {k: Fraction(v) for k, v in (x.split("=") for x in got.split())}
            rows = {k: v for k, v in want[1].items() if not k.startswith("(")}
            probs = {k: v for k, v in probs.items() if v}
            if probs != rows:
                failures.append(Failure(what + (".outside" if t["key"].get("outside") else ""), seed, name,
                                        f"row_odds<{t['id']}>(net {case[4]}, column {case[3] or 'all'}): {_fmt(probs)}; oracle {_fmt(want[1])}"))
            continue
        row, part, how = want
        if got != (row or "-"):
            failures.append(Failure(what + (".outside" if how != "row" else ""), seed, name,
                                    f"{'lookup' if kind == 'L' else 'effect_at'}<{t['id']}>(column {case[3] or 'all'}, key {case[4]}): "
                                    f"{got}; oracle {row or '-'} ({how})"))
    return failures


def _compare_list(case, name, seed, t, want, got):
    """A modifier list's N or K answer from the header program against the oracle's."""
    flavour = (".type_conditions" if oracle.has_conditions(t) else "") + (".at_most" if oracle.has_at_most(t) else "")
    for k in flavour.split(".")[1:]:
        count(f"header.{case[0]}[{k}]")
    what, answer, *about = want
    if what == "total" and got != str(answer):
        ids, term = about
        return [Failure("header.total" + flavour, seed, name, f"{t['id']}::total({{{', '.join(ids)}}}{', ' + term if term else ''}): "
                        f"{got}; oracle {answer}")]
    if what == "shares":
        count("header.U[shares]")
        if got != "".join(f"{i}," for i in answer):
            units = "; ".join(f"{a} {sorted(t)}" for a, t in about[0])
            return [Failure("header.shares", seed, name, f"qrs::ShareParts over {t['id']}::kShares of units {units}: "
                            f"{got or '(none)'}; oracle {','.join(answer) or '(none)'}")]
        return []
    if what == "applies" and got != ("1" if answer else "0"):
        item, term = about
        it = next(i for i in t["items"] if i["id"] == item)
        return [Failure("header.types_mask.type_conditions", seed, name, f"qrs::applies_to({t['id']}::kTypes[{item}], {term}): {got}; "
                        f"oracle {'1' if answer else '0'} (only {it.get('only')}, except {it.get('except')})")]
    return []


def _items(spec, side):
    """The modifier items a side gives (oracle side: its `lists` and `ids`), in the order given."""
    items = {it["id"]: it for tid in side["lists"] for it in oracle.table_by_id(spec, tid)["items"]}
    return [items[i] for i in side["ids"] if i in items]


def _signed(v):
    """A modifier's value as qrsc's answers write it: "+1", "0", "-2"."""
    return f"+{v}" if v > 0 else str(v)


def _names(t):
    return {c["name"].lower() for c in t.get("_cols", [])}


def _flavour(t):
    """The failure's suffix: the roll's kind, `.matchups` on an opposed table with matchups,
    `.type_modifiers` on one whose sides add a modifier by their types, `.type_conditions` on
    one whose sides read modifiers for some types only, and `.at_most` on a roll that reads
    modifiers counted per occurrence (FamilyCheck marks those tables)."""
    d = oracle.dice_of(t)
    at_most = ".at_most" if t.get("_at_most") else ""
    if d and d["form"] == "opposed":
        return ((".ratio" if d["result"] == "ratio" else "") + (".matchups" if oracle.matchups(t) else "")
                + (".type_modifiers" if oracle.has_type_modifiers(t) else "")
                + (".type_conditions" if t.get("_type_conditions") else "") + at_most)
    if d and d["form"] == "digits":
        return ".digits"
    if d and d.get("against"):
        return ".against" + at_most
    return at_most


def _column_arg(c):
    """A column for `qrsc lookup`/`odds`: `--column=C` (an against table's ids are values: -2)."""
    return [f"--column={c}"] if c else []


def _keys(spec, t):
    """The keys the header and `lookup --column` are asked in each column: every integer the
    dice reach and one beyond each end, or a fraction key's sample of ratios."""
    if t["key"]["type"] == "fraction":
        return [Fraction(x) for x in ("1/2", "1", "5/4", "4/3", "3/2", "2", "5/2", "3", "4", "6", "7")]
    low, high = oracle.key_reach(spec, t)
    return [Fraction(k) for k in range(low - 1, high + 2)]


def _opposed_columns(t, d, a, b, aside, bside):
    """The column ids a typed opposed roll reads (the loser's or winner's type's, or a matchup's):
    [the reader's], or on a tie under tie: both [the attacker's, the defender's]; [] on a tie that
    nothing comes of (no column is read)."""
    if oracle.is_tie(d, a, b) and d["tie"] == "none":
        return []
    if oracle.is_tie(d, a, b) and d["tie"] == "both":
        return [oracle.tie_column(t, d, aside, bside, ""), oracle.tie_column(t, d, bside, aside, "")]
    attacker_wins = a > b or (a == b and d["tie"] == "defender")
    reads_attacker = (not attacker_wins) if d["column"] == "loser" else attacker_wins
    reader, other = (aside, bside) if reads_attacker else (bside, aside)
    return [oracle.column_read_by(t, reader["type"], other["type"])]


def _opposed_answer(t, d, a, b, aside, bside, column, tie_column=None):
    """The row the answer reads: the loser's (or winner's) column; on a tie under tie: both
    the attacker's own (`tie_column` names another side's)."""
    if d["tie"] == "none" and oracle.is_tie(d, a, b):
        return None, None, "tie"  # nothing happens: no row
    if d["tie"] == "both" and oracle.is_tie(d, a, b):
        column = tie_column if tie_column is not None else oracle.tie_column(t, d, aside, bside, column)
        return oracle.read(t, column, oracle.opposed_key(d, a, b, True))
    attacker_wins = a > b or (a == b and d["tie"] == "defender")
    key = oracle.opposed_key(d, a, b, attacker_wins)
    if d["column"] != "chosen":
        column = _opposed_columns(t, d, a, b, aside, bside)[0]
    return oracle.read(t, column, key)


def _cli_row(j):
    if "error" in j or j.get("row") == "outside":
        return "-"
    return j.get("row") or "-"


def _odds_from_json(j, column, net):
    """{row id or "(no row)": probability} of a `qrsc odds --format json` answer: the column's
    odds at the net modifier asked (or its only one)."""
    if "columns" in j:
        cols = j["columns"]
        col = next((c for c in cols if c["id"] == column), cols[0] if len(cols) == 1 else None)
        if col is None:
            return {}
        entries = col["odds"]
        entry = next((e for e in entries if net is None or e.get("modifier") == net), entries[0] if len(entries) == 1 else None)
        rows = entry["rows"] if entry else []
    else:
        rows = j.get("rows", [])
    out = {}
    for r in rows:
        p = parse_fraction(r["probability"])
        key = r.get("id") or "(no row)"
        if key == "outside":
            key = "(no row)"
        if p:
            out[key] = out.get(key, 0) + p
    return out


def _header_again(spec, t):
    """What the header driver's again_text prints of T's kAgain, from the oracle: each row that
    rolls again, in the table's order, with the list/item of each modifier it drops (none of
    which still counts)."""
    return "".join(f" {w['id']}:" + "".join(f"{x['table']}/{x['item']}," for x in oracle.again_without(spec, t, w["id"]))
                   for w in t["rows"] if "again" in w)


def _again_words(without):
    """The answer's line for a row that rolls again without WITHOUT ({table, item, text}...),
    as docs/spec-format.md writes it: "Roll again without: Text; Text." or "Roll again."."""
    return f"Roll again without: {'; '.join(x['text'] for x in without)}." if without else "Roll again."


def _modifier_inputs(body):
    """{(side, id): (side, list, item)} of the modifier inputs in a table's section of the web
    page (the first of each), as the page hands them to the module's qrs_set."""
    inputs = {}
    for m in re.finditer(r'<input [^>]*data-side="(\d+)" data-list="(\d+)" data-item="(\d+)" data-id="([^"]*)"', body):
        inputs.setdefault((int(m.group(1)), m.group(4)), (int(m.group(1)), int(m.group(2)), int(m.group(3))))
    return inputs


def _past_64_bits(chances, over_one_denominator=False):
    """Whether exact CHANCES pass 64-bit fractions: a numerator or denominator past 2**63 - 1,
    or, written over their common denominator (as the web module writes them), that denominator
    or a numerator over it."""
    chances = list(chances)
    if not over_one_denominator:
        return any(max(abs(p.numerator), p.denominator) >= 2 ** 63 for p in chances)
    common = math.lcm(*(p.denominator for p in chances)) if chances else 1
    return common >= 2 ** 63 or any(abs(p.numerator) * (common // p.denominator) >= 2 ** 63 for p in chances)


def _decided_rows(want):
    """The `rows` an `until_decided` lists of the oracle's odds until decided: [(id, chance)] of
    each row in its order, `outside` last where its chance is not 0; [] where never decided."""
    rows = [(k if k != "(no row)" else "outside", v) for k, v in (want or {}).items()]
    return [(k, v) for k, v in rows if k != "outside" or v]


def _decided_text(u):
    """An `until_decided` as a failure prints it (absent: "(absent)")."""
    if not u:
        return "(absent)"
    rows = ", ".join(f"{k} {v}" for k, v in u.get("rows", []))
    return f"rolled_again {u.get('rolled_again')}, never_decided {u.get('never_decided')}, rows [{rows}]"


def _fmt(d):
    return ", ".join(f"{k} {v}" for k, v in sorted(d.items()))


def _read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return None


def _words(text):
    """The text with every run of blanks and line breaks as one space."""
    return " ".join(text.split())


def _first_difference(a, b):
    if a is None or b is None:
        return "one of them is missing"
    for i, (x, y) in enumerate(itertools.zip_longest(a.splitlines(), b.splitlines()), 1):
        if x != y:
            return f"line {i}: {x!r} vs {y!r}"
    return "(same lines, other bytes)"
