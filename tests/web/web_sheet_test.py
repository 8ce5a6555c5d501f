#!/usr/bin/python3
"""The interactive web sheets (`qrsc build --emit web`) in a real browser, against the CLI.

Every spec of rules/ is built with --emit web; headless Chromium (driven through the DevTools
protocol over a pipe, cdp.py) opens each page from file:// and taps through it: for every
rolled band table, every column, every die result the dice make, with no modifiers and with
30 sampled modifier sets (exclusive groups one member at most, and a pair of one
non-cumulative group when the table has one), the page's answer (row, title, part, net
modifier, modified result, `?` for a value the sources do not give) must be what
`qrsc lookup SPEC --cases FILE --format json` answers (a case a line: TABLE, KEY, COLUMN or
empty, then the modifiers, tab-separated), and the odds of every row the page shows at
that net modifier what `qrsc odds --format json` gives. An opposed roll (each side its own die
and modifiers) is compared on every pair of die results with no modifiers and on 30 sampled
pairs of the sides' modifier sets: both modified results, the key and the row with
`qrsc lookup --cases` (TABLE, --attacker, ROLL, MODIFIER..., --defender, ROLL, MODIFIER...), the
odds of every row for the matchup with `qrsc odds --attacker ... --defender ...`. The pages
must make no network request and log no console error, and a page opened with a URL fragment
shows the state it names. A range table (a matrix of range columns) is typed every distance
from 0 to one inch past its longest range by half inches; the column the page reads must be
the one `qrsc lookup SPEC TABLE ROW --column Nin` reads, or none where qrsc finds none.

The test game of tests/opposed is built too: its melee is read in the loser's column, and the
page asks each side's type (every pair of types compared without modifiers, a sampled pair with
each sampled pair of modifier sets; the column read against qrsc's).

A sheet whose module offers fire combat (qrs_procedures) is given firing units on its page: each
weapon alone with 1 to 4 stands at distances at and across every range-column edge, with and
without each fire-point factor, and sampled combats of 2 to 4 units; each unit's fire points,
the total, its die-roll modifier, the fire-point row chosen and the fire effect a die result
reads must be what fire_combat_reference (FireCombat over the checked-in header, or the 28mm
house variant's of tests/variants, built with it and whose page is built here too) prints.

Usage: web_sheet_test.py QRSC ROOT [OUT_DIR] [--fire-reference PROGRAM] [--only SPEC_ID]
OUT_DIR keeps the pages and screenshots at 390x844 and 1280x800. Exit 77 when the WebAssembly
toolchain or Chromium is missing.
"""
import glob
import json
import os
import random
import re
import sys
import tempfile
import time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402
from web_build import build_web, run, take_option  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from spec_files import spec_files  # noqa: E402

SEED = 27
SAMPLED_SETS = 30
# Die pairs tried with each sampled pair of an opposed roll's modifier sets (every pair without).
OPPOSED_DICE_PER_SET = 6

# A house variant (README.md's): its page must answer with the variant's numbers, veterans
# maneuvering at +2 where the parent sheet has +1.
HOUSE = """qrs: 1
id: acw-house
extends: rff/acw-2.1-15mm
subtitle: Quick Reference Sheet Ver. 2.1 for 15mm, with our house rules
sources:
  - { id: house, title: House rules, edition: "1", date: "2026" }
tables:
  - id: maneuver_modifiers
    items:
      - { id: veteran, value: +2 }
errata:
  - { id: h1, doc: house, text: Veterans maneuver at +2., covers: [maneuver_modifiers/veteran],
      asserts: [{ table: maneuver_modifiers, item: veteran, value: +2 }] }
"""

READ = """(() => {
  const s = document.querySelector('section.sheet-table:not([hidden])');
  const t = (sel) => (s.querySelector(sel) || {textContent: ''}).textContent;
  return {row: s.dataset.row, column: s.dataset.column, answer: t('.range-answer'), key: s.dataset.key, attacker: s.dataset.attacker, defender: s.dataset.defender,
          title: t('.effect-title'), part: t('.effect-part'), sum: t('.sum-label'),
          net: t('.net'), footnote: t('.footnote'), hash: location.hash,
          again: s.querySelector('.again:not([hidden])') ? t('.again-words') : '',
          side_names: [...s.querySelectorAll('.die-buttons')].map(b => b.dataset.sideName),
          odds: [...s.querySelectorAll('.row')].map(r => r.dataset.p),
          decided: [...s.querySelectorAll('.row')].map(r => r.dataset.pd === undefined ? null : r.dataset.pd),
          decided_shown: [...s.querySelectorAll('.row .pd')].map(p => p.textContent),
          decided_note: t('.decided'), answer_odds: t('.answer-odds'),
          shown: [...s.querySelectorAll('.row')].map(r => r.querySelector('.p').textContent),
          marks: [...s.querySelectorAll('input[data-list]:checked')].map(i => [Number(i.dataset.side || 0), i.dataset.id,
            !i.closest('.mod').classList.contains('not-counted'), i.closest('.mod').querySelector('.t').textContent]),
          named: t('.answer-modifiers')};
})()"""

ACCESSIBLE = """(() => {
  const out = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) out.push('scrolls sideways at ' + page.clientWidth + ' px');
  const s = document.querySelector('section.sheet-table:not([hidden])');
  for (const c of [document.getElementById('table'), ...s.querySelectorAll('button, input')]) {
    if (c.closest('[hidden]')) continue;  // not drawn (a triggered effect's check until the roll fires it)
    const name = c.getAttribute('aria-label') || (c.labels && [...c.labels].map(l => l.textContent).join('').trim()) || c.textContent.trim();
    if (!name) out.push('a ' + c.tagName.toLowerCase() + ' without a name');
    const box = (c.matches('input') ? (c.closest('label') || c) : c).getBoundingClientRect();
    if (box.height < 44 || box.width < 44) out.push((name || c.tagName) + ': a target of ' + Math.round(box.width) + 'x' + Math.round(box.height) + ' px');
  }
  return out;
})()"""

# At 390x844 the answer of a rolled table, a die result picked, is a bar at the foot of the
# screen of one or two lines (More expands it), over none of the die buttons above it.
ANSWER_BAR = """(() => {
  const s = document.querySelector('section.sheet-table:not([hidden])');
  const answer = s.querySelector('.answer');
  if (!answer) return [];
  for (const box of s.querySelectorAll('.die-buttons')) box.lastElementChild.click();
  const r = answer.getBoundingClientRect();
  const out = [];
  if (Math.abs(r.bottom - innerHeight) > 1) out.push('the answer ends ' + Math.round(innerHeight - r.bottom) + ' px above the foot of the screen');
  if (r.height > innerHeight / 7) out.push('the answer is ' + Math.round(r.height) + ' px tall');
  window.scrollTo(0, 0);
  for (const b of s.querySelectorAll('.die-buttons button')) {
    const d = b.getBoundingClientRect();
    if (d.bottom > r.top && d.top < r.bottom) out.push('the answer covers the die button ' + b.textContent);
  }
  s.querySelector('.reset').click();
  return out;
})()"""

STRUCTURE = """[...document.querySelectorAll('section.sheet-table')].map(s => ({
  id: s.dataset.id,
  printed: s.classList.contains('printed-table'),
  matrix: s.dataset.matrix !== undefined,
  matrix_rows: [...s.querySelectorAll('.matrix tbody tr[data-id]')].map(r => r.dataset.id),
  matrix_columns: [...s.querySelectorAll('.matrix thead th[data-id]')].map(c => c.dataset.id),
  cells: [...s.querySelectorAll('.matrix tbody tr[data-id]')].map(r => [...r.querySelectorAll('td')].map(c => c.textContent)),
  column_names: [...s.querySelectorAll('input[data-column]')].map(i => i.closest('label').textContent.trim()),
  columns: [...s.querySelectorAll('input[data-column]')].map(i => i.dataset.id),
  dice: [...s.querySelectorAll('.die-buttons button')].map(b => Number(b.dataset.die)),
  sides: [...s.querySelectorAll('.die-buttons')].map(box => [...box.querySelectorAll('button')].map(b => Number(b.dataset.die))),
  read_columns: [...s.querySelectorAll('.column-names li')].map(li => li.textContent),
  types: [...s.querySelectorAll('.side-type')].map(f => [...f.querySelectorAll('input')].map(i => ({id: i.dataset.id, name: i.closest('label').textContent.trim()}))),
  rows: [...s.querySelectorAll('.row')].map(r => ({id: r.dataset.id, title: r.querySelector('.row-title').textContent,
                                                   number: (r.querySelector('.num') || {}).textContent || '',
                                                   again: r.dataset.again === undefined ? null : r.dataset.again.split(' ').filter(Boolean)})),
  inputs: [...s.querySelectorAll('input[data-list]')].map(i => ({id: i.dataset.id, type: i.type, name: i.name, side: Number(i.dataset.side)}))
}))"""


def ask(qrsc, root, *args):
    """qrsc with rules/ on its search path (the house variant extends a sheet there)."""
    return run([qrsc, "-I", os.path.join(root, "rules"), *args])


def sample_sets(inputs, rng):
    """Modifier sets as lists of input indices: radios of one name one at most, checkboxes by
    chance; the first set a pair of one non-cumulative group when the table has one."""
    radios, boxes, groups = {}, [], {}
    for i, inp in enumerate(inputs):
        if inp["type"] == "radio":
            radios.setdefault(inp["name"], []).append(i)
        else:
            boxes.append(i)
            if inp["name"]:
                groups.setdefault(inp["name"], []).append(i)
    sets = [[]]
    pairs = [g for g in groups.values() if len(g) >= 2]
    if pairs:
        sets.append(pairs[0][:2])
        sets.append(list(reversed(pairs[0][-2:])))
    if not inputs:
        return sets
    while len(sets) < SAMPLED_SETS + 1:
        s = [i for i in boxes if rng.random() < 0.25]
        s += [rng.choice(members) for members in radios.values() if rng.random() < 0.5]
        rng.shuffle(s)
        sets.append(s)
    return sets


def tap_set(b, table, column, chosen):
    """Reset, then tap the column and each chosen modifier, as a player would."""
    b.eval(f"""(() => {{
      const s = document.querySelector('section.sheet-table:not([hidden])');
      s.querySelector('.reset').click();
      const cols = s.querySelectorAll('input[data-column]');
      if (cols.length) cols[{column}].click();
      const inputs = s.querySelectorAll('input[data-list]');
      for (const i of {json.dumps(chosen)}) inputs[i].click();
    }})()""")


def lookup_cases(qrsc, root, tmp, spec, cases):
    """qrsc's answers to the cases (lists of fields), one a line, or None when it answered fewer."""
    case_file = os.path.join(tmp, "cases.tsv")
    with open(case_file, "w", encoding="utf-8") as f:
        f.writelines("\t".join(c) + "\n" for c in cases)
    r = ask(qrsc, root, "lookup", spec, "--cases", case_file, "--format", "json")
    answers = [json.loads(line) for line in r.stdout.splitlines()]
    if len(answers) != len(cases):
        print(r.stderr[:300])
        return None
    return answers


def modifiers_differ(p, lookups):
    """Where the page's modifiers set (each side's) count otherwise than qrsc lookup's (its
    `modifiers`, by side), or the answer does not name each one (and "not counted" where one
    does not count): why, else ""."""
    for side, a in enumerate(lookups):
        want = {m["term"]: m["counted"] for m in a}
        got = {mark[1]: mark[2] for mark in p["marks"] if mark[0] == side}
        if got != want:
            return f"side {side} counts {got}, qrsc {want}"
    for _, _, counts, text in p["marks"]:
        if text not in p["named"]:
            return f"the answer's modifiers {p['named']!r} do not name {text!r}"
    if bool(p["marks"]) != bool(p["named"]) or any(not c for *_, c, _ in p["marks"]) != ("not counted " in p["named"]):
        return f"the answer's modifiers {p['named']!r} for {len(p['marks'])} set"
    return ""


def odds_of(qrsc, root, spec, table, column, net):
    args = ["odds", spec, table, "-m", str(net), "--format", "json"]
    if column:
        args += ["-c", column]
    r = ask(qrsc, root, *args)
    if r.returncode != 0:
        return None
    return json.loads(r.stdout)


def check_opposed(b, qrsc, root, tmp, spec, spec_id, t, rng, failures):
    """An opposed roll: each side's die result and modifiers tapped, the page's modified results,
    key, row and odds against qrsc lookup --cases and qrsc odds --attacker/--defender. Returns
    the answers and odds compared."""
    by_side = [[i for i, inp in enumerate(t["inputs"]) if inp["side"] == side] for side in (0, 1)]
    side_sets = [sample_sets([t["inputs"][i] for i in idx], rng) for idx in by_side]
    # Where the table reads the loser's or the winner's column, each side's type: every pair of
    # types without modifiers, a sampled pair with each sampled pair of modifier sets.
    types = t["types"]
    type_pairs = [(ya, yd) for ya in range(len(types[0])) for yd in range(len(types[1]))] if types else [None]
    pairs = [([], [], y) for y in type_pairs] + \
        [(rng.choice(side_sets[0]), rng.choice(side_sets[1]), rng.choice(type_pairs)) for _ in range(SAMPLED_SETS)]
    # Where a row rolls again, each side with every modifier a row drops (the odds until decided
    # then follow a roll again to its end), and the attacker alone with them.
    dropped = {d.split("/")[-1] for row in t["rows"] for d in (row["again"] or [])}
    if dropped:
        every = [[i for i, k in enumerate(by_side[side]) if t["inputs"][k]["id"] in dropped] for side in (0, 1)]
        pairs += [(every[0], every[1], type_pairs[0]), (every[0], [], type_pairs[0])]
    all_dice = [(a, d) for a in t["sides"][0] for d in t["sides"][1]]
    cases, shown, matchups = [], [], []
    for n, (a_set, d_set, y) in enumerate(pairs):
        chosen = [by_side[0][i] for i in a_set] + [by_side[1][i] for i in d_set]
        tap_set(b, 0, 0, chosen)
        words = [[t["inputs"][by_side[side][i]]["id"] for i in s] for side, s in enumerate((a_set, d_set))]
        if y is not None:
            b.eval(f"""(() => {{ const s = document.querySelector('section.sheet-table:not([hidden])');
              s.querySelectorAll('input[data-type-side="0"]')[{y[0]}].click();
              s.querySelectorAll('input[data-type-side="1"]')[{y[1]}].click(); }})()""")
            words = [words[0] + [types[0][y[0]]["id"]], words[1] + [types[1][y[1]]["id"]]]
        dice = all_dice if n < len(type_pairs) else rng.sample(all_dice, OPPOSED_DICE_PER_SET)
        for a, d in dice:
            p = b.eval(f"""(() => {{ const s = document.querySelector('section.sheet-table:not([hidden])');
              s.querySelector('.die-buttons[data-side="0"] button[data-die="{a}"]').click();
              s.querySelector('.die-buttons[data-side="1"] button[data-die="{d}"]').click(); return {READ}; }})()""")
            cases.append([t["id"], "--attacker", str(a), *words[0], "--defender", str(d), *words[1]])
            shown.append(p)
        matchups.append((words, p))
    answers = lookup_cases(qrsc, root, tmp, spec, cases)
    if answers is None:
        failures.append(f"{spec_id} {t['id']}: qrsc did not answer every opposed case")
        return 0, 0
    for case, p, a in zip(cases, shown, answers):
        where = f"{spec_id} {' '.join(case)}"
        if a.get("error"):
            failures.append(f"{where}: qrsc: {a['error']}; page: {p['title']}")
            continue
        # A tie that nothing comes of (-3) is read by no row: qrsc says so, as the page does.
        # So is a result outside the key's range (-2), in the words of the table's rule for it.
        nothing = p["row"] in ("-3", "-2") and a["row"] == "outside" and p["title"] == a["title"]
        row = t["rows"][int(p["row"])] if p["row"] not in ("", "-1", "-2", "-3") else None
        sides = [str(side["result"]) for side in a["sides"]]
        # The column read, by the page's list of the table's columns (the types', then any
        # matchups'), which also names it in the answer.
        column = t["read_columns"][int(p["column"])] if types and p["column"] not in ("", "-1") else a.get("column", "")
        if nothing and types and p["column"] not in ("", "-1"):
            column = a.get("column", "")  # a tie nothing comes of names no column
        # A tie both sides read (tie: both): the title names each side's row, and each side's row
        # that rolls again says so (qrsc: each side's reading).
        reads = [side.get("reads") for side in a["sides"]]
        title = row and row["title"]
        again = (a.get("again") or {}).get("words", "")
        if all(reads):
            title = "; ".join(f"{n}: {r['title']}" for n, r in zip(p["side_names"], reads))
            again = " ".join(f"{n}: {r['again']['words']}" for n, r in zip(p["side_names"], reads) if r.get("again"))
        if (not nothing and (row is None or row["id"] != a["row"] or p["title"] != title)) or p["key"] != a["result"] \
                or [p["attacker"], p["defender"]] != sides or column != a.get("column", "") or p["again"] != again:
            failures.append(f"{where}: qrsc {a['row']} {sides} key {a['result']} column {a.get('column')} {again!r}; page {p['row']}"
                            f" '{p['title']}' [{p['attacker']}, {p['defender']}] key {p['key']} column {column} {p['again']!r}")
        if why := modifiers_differ(p, [side["modifiers"] for side in a["sides"]]):
            failures.append(f"{where}: {why}")
    for words, p in matchups:
        r = ask(qrsc, root, "odds", spec, t["id"], "--attacker", *words[0], "--defender", *words[1], "--format", "json")
        if r.returncode != 0:
            failures.append(f"{spec_id} {t['id']} {words}: qrsc odds failed: {r.stderr[:200]}")
            continue
        column = json.loads(r.stdout)["columns"][0]
        want = {row["id"]: Fraction(row["probability"]) for row in column["odds"][0]["rows"]}
        for row, page_p in zip(t["rows"], p["odds"]):
            if Fraction(page_p) != want.get(row["id"], Fraction(0)):
                failures.append(f"{spec_id} {t['id']} {words} row {row['id']}: page {page_p}, qrsc {want.get(row['id'])}")
        failures += decided_differ(f"{spec_id} {t['id']} {words}", t, p, column.get("until_decided"), r.stderr)
    return len(cases), len(matchups)


def decided_differ(where, t, p, until, note):
    """The page's odds until decided (a second figure beside each row's, where a row rolls again)
    against `qrsc odds --format json`'s `until_decided` (and its note where it gives none): each
    row's chance, "rolled again" for a row that rolls again, and the answer's odds of the row
    read. Returns what differs."""
    if not any(row["again"] is not None for row in t["rows"]):
        return [f"{where}: the page shows odds until decided"] if any(x is not None for x in p["decided"]) else []
    if until is None or until["never_decided"]:
        # none given: the page shows no figure, and qrsc's words for why (its note, or never)
        why = "never: every result rolls again" if until else note.strip().split("note: ")[-1]
        out = [f"{where}: row {row['id']} shows {x!r} until decided; qrsc gives none"
               for row, x in zip(t["rows"], p["decided_shown"]) if x]
        return out + ([] if why and why in p["decided_note"] else [f"{where}: the page says {p['decided_note']!r}; qrsc {why!r}"])
    rows = {row["id"]: row for row in until["rows"]}
    out = []
    for row, page_p, shown in zip(t["rows"], p["decided"], p["decided_shown"]):
        want = rows.get(row["id"], {"probability": "0", "written": "0.0%"})
        if row["again"] is not None:
            if shown != "rolled again":
                out.append(f"{where}: row {row['id']} (rolls again) shows {shown!r} until decided")
        elif Fraction(page_p or "-1") != Fraction(want["probability"]):
            out.append(f"{where}: row {row['id']} until decided: page {page_p}, qrsc {want['probability']}")
        elif shown != want["written"]:  # the percent as qrsc writes it
            out.append(f"{where}: row {row['id']} shows {shown} until decided for {page_p}, qrsc writes {want['written']}")
    hit = t["rows"][int(p["row"])] if p["row"].isdigit() else None  # the row the answer reads
    if hit is not None and hit["again"] is None and "until decided" not in p["answer_odds"]:
        out.append(f"{where}: the answer's odds {p['answer_odds']!r} do not say until decided")
    return out


def check_range(b, qrsc, root, tmp, spec, spec_id, t, failures):
    """A range table: every half inch typed, the page's column against qrsc lookup --column Nin."""
    longest = re.findall(r"\d+(?:\.\d+)?", t["column_names"][-1]) if t["column_names"] else []
    top = float(longest[-1]) + 1 if longest else 100
    distances = [f"{k / 2:g}" for k in range(0, int(top * 2) + 1)]
    shown = []
    for d in distances:
        shown.append(b.eval(f"""(() => {{ const s = document.querySelector('section.sheet-table:not([hidden])');
          const i = s.querySelector('.distance-input'); i.value = '{d}'; i.dispatchEvent(new Event('input'));
          return {{column: s.dataset.column, answer: s.querySelector('.range-answer').textContent,
                  hit: [...s.querySelectorAll('.matrix thead .hit')].map(c => Number(c.dataset.column))}}; }})()"""))
    answers = lookup_cases(qrsc, root, tmp, spec, [[t["id"], t["matrix_rows"][0], f"{d}in"] for d in distances])
    if answers is None:
        failures.append(f"{spec_id} {t['id']}: qrsc did not answer every distance")
        return 0
    for d, p, a in zip(distances, shown, answers):
        want = None if a.get("error") else a["line"].split("\t")[1]
        got = t["columns"][int(p["column"])] if p["column"] not in ("", "-1") else None
        if got != want or (want is not None and p["hit"] != [int(p["column"])]):
            failures.append(f"{spec_id} {t['id']} {d}in: qrsc column {want}; page {got} ('{p['answer']}', {p['hit']})")
    return len(distances)


def check_cells(qrsc, root, tmp, spec, spec_id, t, failures):
    """A table read, not rolled: every cell the page prints is qrsc lookup's for its row and column."""
    cases = [[t["id"], r, c] for r in t["matrix_rows"] for c in t["matrix_columns"]]
    answers = lookup_cases(qrsc, root, tmp, spec, cases)
    if answers is None:
        failures.append(f"{spec_id} {t['id']}: qrsc did not answer every cell")
        return 0
    shown = [cell for row in t["cells"] for cell in row]
    for case, cell, a in zip(cases, shown, answers):
        want = "?" if a.get("error") and "?" in a["error"] else "" if a.get("effect") == "(blank)" else a.get("effect")
        if cell != want:
            failures.append(f"{spec_id} {' '.join(case)}: qrsc '{want}' ({a.get('error', '')[:80]}); page '{cell}'")
    return len(cases)


FIRE_OPTIONS = """(() => {
  const s = document.querySelector('section.sheet-table:not([hidden])');
  s.querySelector('.reset').click();
  s.querySelector('.add-unit').click();
  const u = s.querySelector('.unit');
  const out = {weapons: [...u.querySelectorAll('.weapon option')].map(o => o.value),
               factors: [...u.querySelectorAll('.unit-factors input')].map(f => Number(f.dataset.factor)),
               traits: u.querySelectorAll('.unit-traits input').length};
  s.querySelector('.reset').click();
  return out;
})()"""


def _fraction_text(f):
    """A number of fire points as the page and fire_combat_reference write it: 3, 23/2."""
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def fire_combat(units, column, die):
    """A script that taps a fire combat in: reset, each unit added and filled in, the target's
    column and the die result; it returns what the page shows."""
    return f"""(() => {{
      const s = document.querySelector('section.sheet-table:not([hidden])');
      s.querySelector('.reset').click();
      const set = (e, v, type) => {{ e.value = v; e.dispatchEvent(new Event(type, {{bubbles: true}})); }};
      for (const u of {json.dumps(units)}) {{
        s.querySelector('.add-unit').click();
        const li = [...s.querySelectorAll('.unit')].pop();
        set(li.querySelector('.weapon'), u.weapon, 'change');
        set(li.querySelector('.stands'), String(u.stands), 'change');
        set(li.querySelector('.unit-distance'), u.distance, 'input');
        for (const [stands, distance] of u.more || []) {{  // the unit's stands at another distance
          li.querySelector('.add-part').click();
          const part = [...li.querySelectorAll('.unit-part')].pop();
          set(part.querySelector('.stands'), String(stands), 'change');
          set(part.querySelector('.unit-distance'), distance, 'input');
        }}
        for (const f of li.querySelectorAll('.unit-factors input')) if (u.factors & (1 << Number(f.dataset.factor))) f.click();
        for (const t of li.querySelectorAll('.unit-traits input')) if (u.traits & (1 << Number(t.dataset.trait))) t.click();
      }}
      const cols = s.querySelectorAll('input[data-column]');
      if (cols.length) cols[{column}].click();
      s.querySelector('.die-buttons button[data-die="{die}"]').click();
      const panel = s.querySelector('.fire');
      const row = s.querySelector('fieldset.list:disabled input[data-list]:checked');
      return {{points: [...s.querySelectorAll('.unit')].map(li => li.dataset.points), total: panel.dataset.total,
              modifier: panel.dataset.modifier, fire_row: row ? row.dataset.id : '', row: s.dataset.row,
              decided: [...s.querySelectorAll('.mod.by-units input:checked')].map(i => i.dataset.id)}};
    }})()"""


def check_fire(b, reference, spec_id, structure, rng, failures):
    """The fire combat part of a page against fire_combat_reference. Returns the combats compared."""
    fire = b.eval("[...document.querySelectorAll('section.sheet-table')].findIndex(s => s.querySelector('.fire'))")
    known = run([reference, spec_id], input="").returncode == 0
    if fire < 0:
        if known:
            failures.append(f"{spec_id}: no fire combat on the page, though the runtime resolves its fire")
        return 0
    if not known:
        print(f"{spec_id}: fire combat not compared (fire_combat_reference has no header of it)")
        return 0
    b.eval(f"(() => {{ const s = document.getElementById('table'); s.value = '{fire}'; s.dispatchEvent(new Event('change')); }})()")
    t = structure[fire]
    # The firing units' controls are named and 44 px targets too.
    b.eval("document.querySelector('section.sheet-table:not([hidden]) .add-unit').click()")
    failures += [f"{spec_id} firing units: {p}" for p in b.eval(ACCESSIBLE)]
    options = b.eval(FIRE_OPTIONS)
    # Each fire-point matrix's range-column edges (its columns' names: 4", 8", ...), and around them.
    edges = {}
    for m in structure:
        if m["matrix"] and m["column_names"]:
            edges[m["id"]] = [Fraction(re.findall(r"\d+(?:\.\d+)?", n)[-1]) for n in m["column_names"]]
    kinds = b.eval("(() => { const s = document.querySelector('section.sheet-table:not([hidden])');"
                   " s.querySelector('.add-unit').click(); const g = [...s.querySelectorAll('.unit .weapon optgroup')].map(g => g.label);"
                   " s.querySelector('.reset').click(); return g; })()")
    matrix_of_kind = b.eval("""(() => [...document.querySelectorAll('section.matrix-table')].filter(s => s.dataset.matrix !== undefined)
        .map(s => [s.dataset.id, s.querySelector('h2').textContent]))()""")
    by_title = {title: mid for mid, title in matrix_of_kind}
    distances = {}
    for kind, title in enumerate(kinds):
        points = sorted({Fraction(0), Fraction(1, 2)} | {e + d for e in edges.get(by_title.get(title), []) for d in
                                                          (Fraction(-1, 2), Fraction(0), Fraction(1, 2))})
        distances[kind] = [f"{float(p):g}" for p in points if p >= 0]
    dice = t["dice"]
    columns = len(t["columns"]) or 1
    masks = [0] + [1 << f for f in options["factors"]]
    combats = []
    for weapon in options["weapons"]:
        kind = int(weapon.split(".")[0])
        for stands in range(1, 5):
            for distance in distances[kind]:
                for mask in masks:
                    combats.append([{"weapon": weapon, "stands": stands, "distance": distance, "factors": mask,
                                     "traits": 0}])
    # Each unit's traits (sharpshooters, in a charge, green, ...) at random: what its share of
    # the fire points decides.
    traits = 1 << options["traits"]
    for weapon in options["weapons"]:
        combats.append([{"weapon": weapon, "stands": 2, "distance": distances[int(weapon[0])][1], "factors": 0,
                         "traits": rng.randrange(traits)}])
    for _ in range(SAMPLED_SETS):
        combats.append([{"weapon": rng.choice(options["weapons"]), "stands": rng.randint(1, 4),
                         "distance": rng.choice(distances[0] + distances[1]), "factors": rng.choice(masks),
                         "traits": rng.randrange(traits)}
                        for _ in range(rng.randint(2, 4))])
    # A unit's stands at two or three distances: each part is stands of the unit's weapon,
    # factors and traits at its own distance.
    for _ in range(SAMPLED_SETS):
        weapon = rng.choice(options["weapons"])
        near = distances[int(weapon[0])]
        combats.append([{"weapon": weapon, "stands": rng.randint(1, 4), "distance": rng.choice(near),
                         "factors": rng.choice(masks), "traits": rng.randrange(traits),
                         "more": [[rng.randint(1, 4), rng.choice(near)] for _ in range(rng.randint(1, 2))]}])
    lines, shown, unit_parts = [], [], []
    for units in combats:
        column, die = rng.randrange(columns), rng.choice(dice)
        shown.append(b.eval(fire_combat(units, column, die)))
        fields = [str(die), str(column)]
        parts = []  # how many entries of the reference's each unit is
        for u in units:
            for stands, distance in [[u["stands"], u["distance"]]] + u.get("more", []):
                d = Fraction(distance)
                fields += [u["weapon"].split(".")[0], u["weapon"].split(".")[1], str(stands), str(d.numerator),
                           str(d.denominator), str(u["factors"]), str(u["traits"])]
            parts.append(1 + len(u.get("more", [])))
        lines.append(" ".join(fields))
        unit_parts.append(parts)
    r = run([reference, spec_id], input="\n".join(lines) + "\n")
    want = r.stdout.splitlines()
    if r.returncode != 0 or len(want) != len(lines):
        failures.append(f"{spec_id}: fire_combat_reference failed: {r.stderr[:200]}")
        return 0
    for line, p, w, parts in zip(lines, shown, want, unit_parts):
        entries, rest = w.split(" | ")
        total, modifier, fire_row, effect, decided = rest.split()
        # A unit's points are its entries' together ("-": none of them in range).
        entries, units, at = entries.split(), [], 0
        for n in parts:
            mine = [Fraction(x) for x in entries[at:at + n] if x != "-"]
            units.append(_fraction_text(sum(mine, Fraction(0))) if mine else "-")
            at += n
        page_units = [x or "-" for x in p["points"]]
        row = t["rows"][int(p["row"])]["id"] if p["row"] not in ("", "-1", "-2") else "-"
        got = [page_units, p["total"] or "-", p["modifier"] or "-", p["fire_row"] or "-", ",".join(p["decided"]) or "-"]
        expected = [units, total, modifier, fire_row, decided]
        got.append(row)
        expected.append(effect)  # "-": the page reads no row when no stand is in range
        if got != expected:
            failures.append(f"{spec_id} fire {line}: FireCombat {expected}; page {got}")
    # A unit of every trait in range, then removed: the modifiers it decided are the player's
    # again, neither ticked nor disabled.
    left = b.eval(f"""(() => {{
      const s = document.querySelector('section.sheet-table:not([hidden])');
      s.querySelector('.reset').click();
      s.querySelector('.add-unit').click();
      const set = (e, v, type) => {{ e.value = v; e.dispatchEvent(new Event(type, {{bubbles: true}})); }};
      set(s.querySelector('.unit .unit-distance'), '{distances[0][1]}', 'input');
      for (const t of [...s.querySelectorAll('.unit .unit-traits input')]) t.click();
      const decided = [...s.querySelectorAll('.mod.by-units input')];
      const ticked = decided.filter(i => i.checked).length;
      s.querySelector('.remove-unit').click();
      return [decided.length, ticked, decided.filter(i => i.checked || i.disabled).map(i => i.dataset.id)];
    }})()""")
    if options["traits"] and (not left[0] or not left[1] or left[2]):
        failures.append(f"{spec_id}: a unit of every trait decided {left[0]} modifiers and ticked {left[1]};"
                        f" removed, it leaves {left[2]} ticked or disabled")
    return len(lines)


def main():
    args = sys.argv[1:]
    reference = take_option(args, "--fire-reference")
    only = take_option(args, "--only")  # that page alone (while iterating)
    qrsc, root = args[0], os.path.abspath(args[1])
    keep = args[2] if len(args) > 2 else None
    tmp = keep or tempfile.mkdtemp(prefix="qrs-web-")
    out = os.path.join(tmp, "out")
    specs = spec_files(os.path.join(root, "rules"))
    if only:
        specs = [s for s in specs if os.path.basename(s)[:-5] == only] or specs[:1]
    started = time.time()
    failed = build_web(qrsc, [*specs, "-o", out])
    if failed:
        return failed
    house = os.path.join(tmp, "house", "acw-house.yaml")
    os.makedirs(os.path.dirname(house), exist_ok=True)
    with open(house, "w", encoding="utf-8") as f:
        f.write(HOUSE)
    # Beside rules/: README.md's house variant; an opposed roll read in the loser's column (none
    # in rules/), the test game of tests/opposed; a house variant whose distances are converted
    # (tests/variants: 28mm, every distance doubled). Each page into its own DIR/out.
    for spec, folder in () if only else ((house, "house"), (os.path.join(root, "tests", "opposed", "rules", "test", "skirmish.yaml"), "opposed"),
                         (os.path.join(root, "tests", "opposed", "rules", "test", "ties.yaml"), "ties"),
                         (os.path.join(root, "tests", "variants", "house-28mm.yaml"), "variant")):
        r = run([qrsc, "-q", "-I", os.path.join(root, "rules"), "build", spec, "-o", os.path.join(tmp, folder, "out"),
                 "--emit", "web"])
        if r.returncode != 0:
            print(r.stderr)
            return 1
        specs.append(spec)
    print(f"built the web sheets in {time.time() - started:.1f}s")
    # Without the toolchain: a clear diagnostic, exit 1, nothing written.
    missing = os.path.join(tmp, "no-toolchain")
    r = run([qrsc, "-q", "build", specs[0], "-o", missing, "--emit", "web", "--wasm-cxx", os.path.join(tmp, "no-clang")])
    if r.returncode != 1 or "WebAssembly toolchain not found" not in r.stderr or "wasi-libc" not in r.stderr \
            or os.path.exists(missing):
        print(f"FAIL without a compiler: exit {r.returncode}, {r.stderr.strip()!r}")
        return 1
    chromium = cdp.find_chromium()
    if not chromium:
        print("SKIP: Chromium not found (apt-get install chromium)")
        return 77
    pages = sorted(glob.glob(os.path.join(tmp, "**", "out", "**", "*.web.html"), recursive=True))
    assert pages, "no web page was written"
    failures = []
    checked = odds_checked = fire_checked = 0
    rng = random.Random(SEED)
    b = cdp.Browser(chromium)
    try:
        b.open_page(390, 844)
        for page in pages:
            url = "file://" + page
            b.events.clear()
            b.navigate(url)
            for _ in range(200):
                if b.eval("document.body.dataset.ready") == "1":
                    break
                time.sleep(0.02)
            else:
                failures.append(f"{page}: the page never answered")
                continue
            spec_id = b.eval("document.body.dataset.spec")
            spec = next(s for s in specs if os.path.basename(s)[:-5] == spec_id)
            structure = b.eval(STRUCTURE)
            # Phone first and labelled: at 390 px, no sideways scrolling; every control of the shown
            # table is named for screen readers and is a target of 44 px or more.
            problems = b.eval(ACCESSIBLE)
            failures += [f"{spec_id}: {p}" for p in problems]
            failures += [f"{spec_id} at 390x844: {p}" for p in b.eval(ANSWER_BAR)]
            print(f"{spec_id}: {len(structure)} tables ({time.time() - started:.0f}s)", flush=True)
            for t_index, t in enumerate(structure):
                b.eval(f"(() => {{ const s = document.getElementById('table'); s.value = '{t_index}';"
                       " s.dispatchEvent(new Event('change')); })()")
                if t["printed"]:
                    continue  # shown as printed (web_sections_test.py compares it with the printed sheet)
                if t["matrix"]:
                    checked += check_range(b, qrsc, root, tmp, spec, spec_id, t, failures)
                    continue
                if not t["sides"]:
                    checked += check_cells(qrsc, root, tmp, spec, spec_id, t, failures)  # a table read, not rolled
                    continue
                if len(t["sides"]) == 2:
                    answers, odds = check_opposed(b, qrsc, root, tmp, spec, spec_id, t, rng, failures)
                    checked += answers
                    odds_checked += odds
                    continue
                sets = sample_sets(t["inputs"], rng)
                for c_index, column in enumerate(t["columns"] or [""]):
                    cases, shown = [], []
                    for chosen in sets:
                        tap_set(b, t_index, c_index, chosen)
                        mods = [t["inputs"][i]["id"] for i in chosen]
                        for die in t["dice"]:
                            page_answer = b.eval(f"(() => {{ document.querySelector('section.sheet-table:not([hidden]) "
                                                 f".die-buttons button[data-die=\"{die}\"]').click(); return {READ}; }})()")
                            case = [t["id"], str(die), column] + mods  # TABLE KEY COLUMN MODIFIER...
                            cases.append(case)
                            shown.append((chosen, page_answer))
                    answers = lookup_cases(qrsc, root, tmp, spec, cases)
                    if answers is None:
                        failures.append(f"{spec_id} {t['id']}: qrsc did not answer every case")
                        continue
                    nets = {}
                    for case, (chosen, p), a in zip(cases, shown, answers):
                        checked += 1
                        where = f"{spec_id} {' '.join(case)}"
                        if a.get("error"):
                            if p["title"] != "?" or "?" not in a["error"] and "covers" not in a["error"]:
                                failures.append(f"{where}: qrsc: {a['error']}; page: {p['title']}")
                            continue
                        row = t["rows"][int(p["row"])] if p["row"] not in ("", "-1", "-2") else None
                        want_net = a["net"]
                        page_net = int(p["net"].split()[-1])
                        if row is None or row["id"] != a["row"] or p["title"] != (row["title"] + (" " + row["number"] if row["number"] else "")) \
                                or row["title"] != a["title"] or p["part"] != a.get("part", "") or page_net != want_net \
                                or p["sum"].split()[-1] != a["result"]:
                            failures.append(f"{where}: qrsc {a.get('row')} '{a.get('title')}' {a.get('part', '')} net {want_net} = {a['result']};"
                                            f" page {p['row']} '{p['title']}' {p['part']} {p['net']} sum '{p['sum']}'")
                        if why := modifiers_differ(p, [a["modifiers"]]):
                            failures.append(f"{where}: {why}")
                        nets.setdefault(want_net, p)
                    for net, p in nets.items():
                        o = odds_of(qrsc, root, spec, t["id"], column, net)
                        odds_checked += 1
                        if o is None:
                            failures.append(f"{spec_id} {t['id']} {column} net {net}: qrsc odds failed")
                            continue
                        rows = {row["id"]: row for row in o["columns"][0]["odds"][0]["rows"]}
                        for row, page_p, text in zip(t["rows"], p["odds"], p["shown"]):
                            want = rows.get(row["id"], {"probability": "0", "written": "0.0%"})
                            if Fraction(page_p) != Fraction(want["probability"]):
                                failures.append(f"{spec_id} {t['id']} {column} net {net} row {row['id']}: page {page_p}, qrsc {want['probability']}")
                            # The percent as qrsc writes it (one rule: compiler/model/percent_text.hpp).
                            if text != want["written"]:
                                failures.append(f"{spec_id} {t['id']} row {row['id']}: shows {text} for {page_p}, qrsc writes {want['written']}")
            if reference:
                fire_checked += check_fire(b, reference, spec_id, structure, rng, failures)
            if spec_id == "acw-house":
                first = next(i for i, t in enumerate(structure) if t["sides"])  # the maneuver table
                b.eval(f"(() => {{ const s = document.getElementById('table'); s.value = '{first}';"
                       " s.dispatchEvent(new Event('change')); })()")
                tap_set(b, 0, 0, [i for i, inp in enumerate(structure[first]["inputs"]) if inp["id"] == "veteran"])
                p = b.eval("(() => { document.querySelector('section.sheet-table:not([hidden]) "
                           f".die-buttons button[data-die=\"6\"]').click(); return {READ}; }})()")
                if (p["net"], p["title"]) != ("net +2", "Double Quick"):
                    failures.append(f"acw-house: a veteran's 6 shows {p['title']} {p['net']}, not Double Quick net +2")
            # The state is in the URL: the same page opened with the last fragment shows the last answer.
            b.wait_linked()  # the page writes its state into the URL a moment after the last change
            last = b.eval(READ)
            b.navigate("about:blank")
            b.navigate(url + last["hash"])
            for _ in range(200):
                if b.eval("document.body.dataset.ready") == "1":
                    break
                time.sleep(0.02)
            again = b.eval(READ)
            shown_again = [again.get(k) for k in ("row", "title", "net", "column", "answer")]
            if shown_again != [last.get(k) for k in ("row", "title", "net", "column", "answer")]:
                failures.append(f"{spec_id}: opened at {last['hash']} it shows {shown_again}, not {[last.get(k) for k in ('row', 'title', 'net', 'column', 'answer')]}")
            for e in b.events:
                m, params = e.get("method"), e.get("params", {})
                if m == "Network.requestWillBeSent" and not params["request"]["url"].startswith(("file:", "data:")):
                    failures.append(f"{spec_id}: network request {params['request']['url']}")
                if m == "Runtime.exceptionThrown" or (m == "Runtime.consoleAPICalled" and params.get("type") == "error") \
                        or (m == "Log.entryAdded" and params["entry"].get("level") == "error"):
                    failures.append(f"{spec_id}: console error {json.dumps(params)[:300]}")
        if keep:
            first = next(p for p in pages if "acw" in p) if any("acw" in p for p in pages) else pages[0]
            for width, height in ((390, 844), (1280, 800)):
                b.send("Emulation.setDeviceMetricsOverride",
                       {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
                b.navigate("about:blank")  # a new document: a fragment alone would not load the page again
                b.navigate("file://" + first + "#t=2&c=0&k=6&m=0.5,0.7,0.4")  # the maneuver table
                time.sleep(0.3)
                b.screenshot(os.path.join(tmp, f"web-{width}x{height}.png"))
    finally:
        b.close()
    for f in failures[:40]:
        print("FAIL", f)
    print(f"{len(pages)} pages, {checked} answers and {odds_checked} odds compared with qrsc, "
          f"{fire_checked} fire combats with FireCombat; "
          f"{len(failures)} differences ({time.time() - started:.0f}s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
