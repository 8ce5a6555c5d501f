#!/usr/bin/python3
"""The web page's inputs, clicked as a player clicks them: the pointer pressed where the element
is drawn, after checking with document.elementFromPoint that what is under the pointer there is
the element meant (so that a box drawn over another is caught), at 390, 768, 1024, 1280 and
1600 px wide, portrait (844 px high) and landscape (600 px high).

- An opposed roll (every page of rules/ that has one): two of the attacker's modifiers, one of
  the defender's and both die results clicked; each click sets the input meant and no other
  (the sides' lists are boxes of their own), and the answer is `qrsc lookup --cases`'s.
- A fire combat's Stands field (the pages with fire combat): it can be cleared and typed into
  (deleting the 1 and typing 6 gives 6 stands once the player leaves the field), and a firing
  unit without a distance does not say "no fire". Its answer then (the unit's weapon, 6 stands
  at 6 1/2", the target's column and the die result clicked) is the runtime's FireCombat over
  the generated header's (fire_combat_reference): the unit's fire points, the total, the
  fire-point modifier and its row, and the effect read.
- Distances typed as qrsc lookup takes them ("6 1/2", "6in", "6.5", ...) into a range table's
  field: the column the page reads is qrsc lookup's for the same text.
- Undo adds no entry to the browser's history.
- A row that rolls again (a Desperate Struggle): read after the attacker's modifiers are
  clicked, its words are `qrsc lookup`'s, and Roll again unticks the modifiers the row drops,
  keeps the others and clears the dice.
- A base roll that triggers an effect (the sheet's "on a base die result of 10"): each die
  result clicked on each table with triggers; the effects the page lists are `qrsc lookup`'s,
  and a triggered check's button opens the check's table (the trigger's `check`), from which
  Undo comes back to the roll.
- Symbol dice (a pool table): the number of dice typed (1, 5, 12): the chance of k or more of
  each symbol the page shows is `qrsc odds --dice N`'s, exactly; a number out of range typed and
  left goes back; "Roll them" throws N dice whose symbols are `qrsc lookup`'s for each face. The
  number of dice a unit rolls (its row and column of the pool's matrix, M typed, dice added or
  taken): the page's count is `qrsc lookup MATRIX ROW -c COLUMN M=m NET`'s, and becomes the
  number of dice where the chances are given for it.
- A rolled table of one roll (the first with modifiers): two modifiers and a die result clicked;
  the row, net modifier, modified result and the modifiers named as counted are `qrsc lookup`'s.
- Triggers and pools are played at every size: every die result, count and unit's dice at
  390x844, the two highest die results, 5 dice and a throw at the others.
- At 390 px a matrix wider than the screen says it scrolls and breaks no cell over lines; printed, the page shows no control and every table of the printed sheet.

Usage: web_inputs_test.py QRSC ROOT [--only SPEC_ID]. Exit 77 when the WebAssembly toolchain or
Chromium is missing.
"""
import base64
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402
from web_build import take_option, web_pages_or_skip  # noqa: E402
from web_sheet_test import READ, ask, lookup_cases, modifiers_differ  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from spec_files import spec_files  # noqa: E402

SIZES = [(w, h) for w in (390, 768, 1024, 1280, 1600) for h in (844, 600)]

# The element meant, scrolled to the middle of the screen: the point to press, and what
# elementFromPoint finds there (the element meant or a part of it, else what covers it).
AIM = """((sel) => {
  const e = document.querySelector(sel);
  if (!e) return {error: 'no element ' + sel};
  e.scrollIntoView({block: 'center', inline: 'center'});
  const r = e.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  const what = (n) => n ? n.tagName.toLowerCase() + (n.className ? '.' + String(n.className).split(' ').join('.') : '') +
    (n.textContent ? ' "' + n.textContent.trim().slice(0, 40) + '"' : '') : 'nothing';
  return {x, y, ok: !!hit && (e === hit || e.contains(hit)), hit: what(hit)};
})"""


def click(b, selector, failures, where):
    """Presses and releases the pointer over the element `selector` names; False (a failure
    noted) when something else is drawn there."""
    aim = b.eval(AIM + f"({json.dumps(selector)})")
    if aim.get("error") or not aim["ok"]:
        failures.append(f"{where}: {selector} is not under the pointer at its place ({aim.get('error') or aim['hit']})")
        return False
    for kind in ("mousePressed", "mouseReleased"):
        b.send("Input.dispatchMouseEvent", {"type": kind, "x": aim["x"], "y": aim["y"], "button": "left", "clickCount": 1})
    return True


def key(b, name, code):
    for kind in ("rawKeyDown", "keyUp"):
        b.send("Input.dispatchKeyEvent", {"type": kind, "key": name, "code": name, "windowsVirtualKeyCode": code})


def choose_table(b, table_id):
    return b.eval(f"""(() => {{ const i = [...document.querySelectorAll('section.sheet-table')].findIndex(s => s.dataset.id === {json.dumps(table_id)});
      const s = document.getElementById('table'); s.value = String(i); s.dispatchEvent(new Event('change')); return i; }})()""")


def open_first(b, predicate):
    """Shows the page's first table for which the script `predicate` (of its section s) holds,
    reset; its id, or None where none does."""
    table = b.eval(f"""(() => {{ const s = [...document.querySelectorAll('section.sheet-table')].find(s => {predicate});
      return s ? s.dataset.id : null; }})()""")
    if table is not None:
        choose_table(b, table)
        b.eval("document.querySelector('section.sheet-table:not([hidden]) .reset').click()")
    return table


def opened(b, url):
    b.navigate("about:blank")
    b.navigate(url)
    for _ in range(200):
        if b.eval("document.body.dataset.ready") == "1":
            return True
        time.sleep(0.02)
    return False


def check_opposed(b, where, failures):
    """Clicks modifiers of both sides and both dice of the page's opposed roll; returns the case
    and what the page answered, or None."""
    table = open_first(b, """s.querySelector('.die-buttons[data-side="1"]')""")
    if table is None:
        return None
    picks = b.eval("""(() => { const s = document.querySelector('section.sheet-table:not([hidden])');
      const side = (n) => [...s.querySelectorAll('.lists[data-side="' + n + '"] input[type=checkbox][data-list]')];
      const a = side(0), d = side(1);
      return {attacker: [a[0], a[a.length - 1]].filter(Boolean).map(i => i.dataset.list + '.' + i.dataset.item),
              defender: d.slice(0, 1).map(i => i.dataset.list + '.' + i.dataset.item)}; })()""")
    chosen = {0: [], 1: []}
    for side, keys in ((0, picks["attacker"]), (1, picks["defender"])):
        for k in dict.fromkeys(keys):
            lst, item = k.split(".")
            sel = (f'section.sheet-table:not([hidden]) .lists[data-side="{side}"] '
                   f'input[data-list="{lst}"][data-item="{item}"]')
            if not click(b, sel + " + .v", failures, where):
                continue
            state = b.eval(f"""(() => {{ const s = document.querySelector('section.sheet-table:not([hidden])');
              return [...s.querySelectorAll('input[data-list]:checked')].map(i => i.dataset.side + ':' + i.dataset.list + '.' + i.dataset.item + ':' + i.dataset.id); }})()""")
            chosen[side].append(k)
            want = sorted(f"{sd}:{x}" for sd in (0, 1) for x in chosen[sd])
            got = sorted(":".join(x.split(":")[:2]) for x in state)
            if got != want:
                failures.append(f"{where}: clicking side {side}'s {k} left the inputs {state} set, not {want}")
                return None
    for side, die in ((0, 4), (1, 3)):
        click(b, f'section.sheet-table:not([hidden]) .die-buttons[data-side="{side}"] button[data-die="{die}"]', failures, where)
    p = b.eval(READ)
    ids = b.eval("""(() => { const s = document.querySelector('section.sheet-table:not([hidden])');
      return [0, 1].map(side => [...s.querySelectorAll('input[data-side="' + side + '"][data-list]:checked')].map(i => i.dataset.id)); })()""")
    case = [table, "--attacker", "4", *ids[0], "--defender", "3", *ids[1]]
    return case, p


def check_single(b, where, failures):
    """A rolled table of one die roll with modifiers (the first of the page's): its first and last
    modifiers and a die result clicked; returns the lookup case and what the page answered, or
    None where no table has one."""
    table = open_first(b, "s.querySelectorAll('.die-buttons').length === 1 && !s.querySelector('.fire, fieldset.pool')"
                          " && s.querySelector('.lists input[type=checkbox][data-list]')")
    if table is None:
        return None
    base = 'section.sheet-table:not([hidden]) '
    items = b.eval(f"""(() => {{ const boxes = [...document.querySelectorAll({json.dumps(base + '.lists input[type=checkbox][data-list]')})];
      return [...new Set([boxes[0], boxes[boxes.length - 1]].map(i => i.dataset.id))]; }})()""")
    for item in items:
        click(b, base + f'.lists input[data-id="{item}"] + .v', failures, where)
    die = b.eval(f"""(() => {{ const d = [...document.querySelectorAll({json.dumps(base + '.die-buttons button[data-die]')})];
      return d[Math.floor(d.length / 2)].dataset.die; }})()""")
    if not click(b, base + f'.die-buttons button[data-die="{die}"]', failures, where):
        return None
    p = b.eval(READ)
    state = b.eval(f"""(() => {{ const s = document.querySelector({json.dumps(base.strip())});
      return {{ids: [...s.querySelectorAll('input[data-list]:checked')].map(i => i.dataset.id),
              column: (s.querySelector('input[data-column]:checked') || {{dataset: {{}}}}).dataset.id || ''}}; }})()""")
    if sorted(state["ids"]) != sorted(items):
        failures.append(f"{where} {table}: clicking {items} left {state['ids']} ticked")
    return [table, die, state["column"], *state["ids"]], p


def check_stands(b, where, failures):
    """A firing unit added by a click: no "no fire" before its distance; its Stands field cleared
    and typed into (6), then left. Returns the fire combat then shown (the case for
    fire_combat_reference and what the page answers), or None where the page has none."""
    # The fire combat's panel is in its table's section (the module offers it: qrs_procedures).
    if open_first(b, "s.querySelector('.fire')") is None:
        return None
    base = 'section.sheet-table:not([hidden]) '
    click(b, base + ".add-unit", failures, where)
    click(b, base + '.die-buttons button[data-die="6"]', failures, where)
    title = b.eval(f"document.querySelector('{base}.effect-title').textContent")
    if "no fire" in title.lower():
        failures.append(f"{where}: a firing unit without a distance answers {title!r}")
    if not click(b, base + ".unit .stands", failures, where):
        return None
    b.eval("document.activeElement.select()")
    key(b, "Backspace", 8)
    cleared = b.eval(f"document.querySelector('{base}.unit .stands').value")
    b.send("Input.insertText", {"text": "6"})
    typed = b.eval(f"document.querySelector('{base}.unit .stands').value")
    key(b, "Tab", 9)  # the player leaves the field
    b.wait_linked()  # the page writes its state into the URL a moment after the last change
    left = b.eval(f"[document.querySelector('{base}.unit .stands').value, location.hash]")
    stands = [u.split("-")[1] for u in dict(x.split("=", 1) for x in left[1][1:].split("&") if "=" in x).get("u", "").split("_") if u]
    if (cleared, typed, left[0], stands) != ("", "6", "6", ["6"]):
        failures.append(f"{where}: the Stands field cleared shows {cleared!r}, typed 6 shows {typed!r}, left {left[0]!r}"
                        f" (the unit's stands {stands}), not '', '6', '6' (['6'])")
    # The unit's distance typed in each way qrsc takes it: the same fire points each time.
    points = []
    for text in ("6.5", "6 1/2", "6 1/2in", '6.5"'):
        if not click(b, base + ".unit .unit-distance", failures, where):
            break
        b.eval("document.activeElement.select()")
        key(b, "Backspace", 8)
        b.send("Input.insertText", {"text": text})
        points.append((text, b.eval(f"document.querySelector('{base}.unit').dataset.points")))
    if len({p for _, p in points}) != 1 or not points[0][1]:
        failures.append(f"{where}: a firing unit's fire points by the distance typed: {points} (want one number for all)")
    # The target's last column and the die result 3 clicked where they are drawn: the answer.
    columns = b.eval(f"document.querySelectorAll('{base}input[data-column]').length")
    if columns:
        click(b, f'{base}input[data-column][value="{columns - 1}"] + span', failures, where)
    click(b, base + '.die-buttons button[data-die="3"]', failures, where)
    shown = b.eval(f"""(() => {{
      const s = document.querySelector('{base.strip()}'), u = s.querySelector('.unit'), panel = s.querySelector('.fire');
      const cols = [...s.querySelectorAll('input[data-column]')];
      const row = s.querySelector('fieldset.list:disabled input[data-list]:checked');
      return {{weapon: u.querySelector('.weapon').value, stands: u.querySelector('.stands').value,
              column: Math.max(0, cols.findIndex(c => c.checked)), points: [u.dataset.points], total: panel.dataset.total,
              modifier: panel.dataset.modifier, fire_row: row ? row.dataset.id : '', row: s.dataset.row,
              rows: [...s.querySelectorAll('.row')].map(r => r.dataset.id)}}; }})()""")
    kind, weapon = shown["weapon"].split(".")
    line = f"3 {shown['column']} {kind} {weapon} {shown['stands']} 13 2 0 0"
    return line, shown


# Distances typed as qrsc lookup takes them (docs/cli.md: a column at a distance).
DISTANCES = ["6 1/2", "6in", "6.5", '6"', "6 in", "1 1/2in", "0", "7 1/2 in"]


def check_distances(b, where, failures):
    """Each of DISTANCES typed into the page's first range table's distance field (clicked, then
    typed): the column it reads and the page's words. Returns (table, first row, [(text, column, answer)])."""
    table = b.eval("(() => { const s = document.querySelector('section.sheet-table[data-matrix]'); return s ? s.dataset.id : null; })()")
    if table is None:
        return None
    choose_table(b, table)
    base = 'section.sheet-table:not([hidden]) '
    out = []
    for text in DISTANCES:
        if not click(b, base + ".distance-input", failures, where):
            return None
        b.eval("document.activeElement.select()")
        key(b, "Backspace", 8)
        b.send("Input.insertText", {"text": text})
        got = b.eval(f"""(() => {{ const s = document.querySelector('{base}');
          const c = s.dataset.column; return [c === '' || c === '-1' ? null : s.querySelectorAll('input[data-column]')[Number(c)].dataset.id,
          s.querySelector('.range-answer').textContent]; }})()""")
        out.append((text, got[0], got[1]))
    row = b.eval(f"document.querySelector('{base}.matrix tbody tr[data-id]').dataset.id")
    return table, row, out


# At 390 px: every matrix wider than its box is marked as scrolling (its note and shaded edge
# shown), and no matrix cell breaks over lines.
PHONE = """(() => {
  const out = [];
  const sections = [...document.querySelectorAll('section.sheet-table')];
  const select = document.getElementById('table');
  sections.forEach((s, i) => {
    if (!s.querySelector('.matrix-wrap')) return;
    select.value = String(i); select.dispatchEvent(new Event('change'));
    const box = s.querySelector('.matrix-wrap');
    const wide = box.scrollWidth > box.clientWidth + 1;
    if (wide !== box.classList.contains('scrolls')) out.push(s.dataset.id + ': wide ' + wide + ' but marked ' + box.classList.contains('scrolls'));
    if (wide) {
      const cue = getComputedStyle(box, '::before').content;
      if (!cue.includes('Scroll sideways')) out.push(s.dataset.id + ': no scroll note (' + cue + ')');
    }
    for (const td of box.querySelectorAll('td')) {
      const r = document.createRange(); r.selectNodeContents(td);
      const lines = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
      if (lines.size > 1) { out.push(s.dataset.id + ': the cell ' + JSON.stringify(td.textContent) + ' breaks over ' + lines.size + ' lines'); break; }
    }
  });
  return out;
})()"""

# Printed (print media, the page told it prints): no control shows, and the printed sheet (the
# page's shadow root #printed-sheet) does, every table of it (web_print_test.py compares it with
# the PDF).
PRINTED = """(() => {
  window.dispatchEvent(new Event('beforeprint'));
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const out = [];
  for (const c of document.querySelectorAll('button, input, select, summary')) {
    if (shown(c)) out.push('a control is printed: ' + c.tagName.toLowerCase() + ' ' + (c.textContent || c.className).trim().slice(0, 30));
  }
  const sheet = document.getElementById('printed-sheet');
  const tables = sheet && sheet.shadowRoot ? [...sheet.shadowRoot.querySelectorAll('div.table[id^="t-"]')] : [];
  if (!tables.length) out.push('the printed sheet is not on the page');
  for (const t of tables) {
    if (!shown(t)) out.push('the table ' + t.id.slice(2) + ' is not printed');
  }
  return out;
})()"""


def check_phone_print(b, where, failures):
    failures += [f"{where}: {p}" for p in b.eval(PHONE)]


def check_print(b, where, failures):
    b.send("Emulation.setEmulatedMedia", {"media": "print"})
    failures += [f"{where} printed: {p}" for p in b.eval(PRINTED)]
    b.send("Emulation.setEmulatedMedia", {"media": ""})
    b.eval("window.dispatchEvent(new Event('afterprint'))")
    pdf = base64.b64decode(b.send("Page.printToPDF", {"preferCSSPageSize": True})["data"])
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def check_triggers(b, where, failures, every):
    """Every die result (`every`, else the two highest: the sheets' triggers are on high base
    rolls) of each table whose base roll triggers effects, clicked: the effects the page lists
    (their titles) and the table each check button opens, for comparing with qrsc lookup; each
    check button clicked opens its table and Undo returns. Returns (case, shown) pairs."""
    tables = b.eval("""[...document.querySelectorAll('section.sheet-table')].filter(s => s.querySelector('.triggers'))
      .map(s => ({id: s.dataset.id, dice: [...s.querySelectorAll('.die-buttons[data-side="0"] button[data-die]')].map(x => x.dataset.die),
                  column: (s.querySelector('input[data-column]:checked') || {dataset: {}}).dataset.id || ''}))""")
    out = []
    for t in tables:
        choose_table(b, t["id"])
        base = f'section.sheet-table[data-id="{t["id"]}"] '
        for die in t["dice"] if every else t["dice"][-2:]:
            if not click(b, base + f'.die-buttons button[data-die="{die}"]', failures, where):
                continue
            shown = b.eval(f"""[...document.querySelectorAll({json.dumps(base + '.triggers li')})].filter(li => !li.hidden)
              .map(li => ({{title: li.querySelector('strong').textContent.replace(/[.]$/, ''),
                           check: li.querySelector('.roll-check') ? li.querySelector('.roll-check').dataset.check : null}}))""")
            checks = []
            for i, trig in enumerate(shown):
                if trig["check"] is None:
                    continue
                button = base + f'.triggers li:not([hidden]):nth-of-type({i + 1}) .roll-check'
                if not click(b, button, failures, where):
                    continue
                time.sleep(0.05)
                opened_id = b.eval("document.querySelector('section.sheet-table:not([hidden])').dataset.id")
                checks.append(opened_id)
                click(b, f'section.sheet-table[data-id="{opened_id}"] .undo', failures, where)
                time.sleep(0.05)
                back = b.eval(f"""[document.querySelector('section.sheet-table:not([hidden])').dataset.id,
                  (document.querySelector({json.dumps(base + '.die-buttons button[aria-pressed="true"]')}) || {{dataset: {{}}}}).dataset.die]""")
                if back != [t["id"], die]:
                    failures.append(f"{where}: Undo after the {trig['title']} check shows {back}, not {t['id']} at {die}")
            out.append(([t["id"], die, t["column"]], {"titles": [x["title"] for x in shown], "checks": checks}))
    return out


def type_into(b, selector, text):
    """Focuses the field, selects what it holds and types `text` as a keyboard would."""
    b.eval(f"(() => {{ const f = document.querySelector({json.dumps(selector)}); f.focus(); f.select(); }})()")
    b.send("Input.insertText", {"text": text})


def check_pool(b, where, failures, every):
    """Each pool table: (table, n, the page's "k or more" fractions per row) for n = 1, 5, 12
    (`every`, else 5), and (table, faces thrown, the page's tally) for a throw of 5 dice; with
    `every`, out-of-range counts typed and the number of dice a unit rolls (check_counter)."""
    tables = b.eval("[...document.querySelectorAll('section.sheet-table')].filter(s => s.querySelector('fieldset.pool')).map(s => s.dataset.id)")
    shown, thrown, counted = [], [], []
    for table in tables:
        choose_table(b, table)
        base = f'section.sheet-table[data-id="{table}"] '
        field = base + ".pool-count"
        for n in (1, 5, 12) if every else (5,):
            type_into(b, field, str(n))
            shown.append((table, n, b.eval(f"""[...document.querySelectorAll({json.dumps(base + '.pool-now tbody tr')})]
              .map(tr => [...tr.querySelectorAll('td')].map(td => td.dataset.p))""")))
        if every:
            check_pool_bounds(b, where, table, field, failures)
            counted.extend(check_counter(b, base, table))
        type_into(b, field, "5")
        if click(b, base + ".pool-roll", failures, where):
            got = b.eval(f"""(() => {{ const p = document.querySelector({json.dumps(base + '.pool-thrown')});
              return [p.dataset.faces, p.textContent]; }})()""")
            thrown.append((table, got[0].split(","), got[1]))
    return shown, thrown, counted


def check_pool_bounds(b, where, table, field, failures):
    """A number of dice out of range typed and left goes back to the last good one (12)."""
    type_into(b, field, "12")
    for bad in ("0", "13", ""):
            type_into(b, field, bad)
            b.eval(f"document.querySelector({json.dumps(field)}).blur()")
            left = b.eval(f"document.querySelector({json.dumps(field)}).value")
            if left != "12":
                failures.append(f"{where} {table}: {bad!r} typed and left gives {left!r}, not the last good 12")


def check_counter(b, base, table):
    """The number of dice a unit rolls (a pool's matrix of dice cells): for every row and column,
    M typed as 0, 1 and 5, and the least, no and the most dice added: (the lookup case, the
    count the page shows, the number of dice then, the most it takes)."""
    counter = base + ".pool-counter"
    info = b.eval(f"""(() => {{ const c = document.querySelector({json.dumps(counter)});
      if (!c) return null;
      const ids = (sel) => [...c.querySelectorAll(sel + ' option')].map(o => o.dataset.id);
      const nets = [...c.querySelectorAll('.counter-net option')].map(o => o.value);
      return {{matrix: c.dataset.table, rows: ids('.counter-row'), columns: ids('.counter-column'),
               nets: nets.length ? [nets[0], '0', nets[nets.length - 1]] : ['0']}}; }})()""")
    if not info:
        return []
    out = []
    for r, row in enumerate(info["rows"]):
        for c, column in enumerate(info["columns"]):
            for net in info["nets"]:
                for m in ("0", "1", "5"):
                    b.eval(f"""(() => {{ const c = document.querySelector({json.dumps(counter)});
                      const set = (sel, v) => {{ const e = c.querySelector(sel); if (e) {{ e.value = v; e.dispatchEvent(new Event('change', {{bubbles: true}})); }} }};
                      set('.counter-row', {json.dumps(str(r))}); set('.counter-column', {json.dumps(str(c))}); set('.counter-net', {json.dumps(net)}); }})()""")
                    type_into(b, counter + " .counter-unit", m)
                    got = b.eval(f"""(() => {{ const a = document.querySelector({json.dumps(counter + ' .counter-answer')});
                      const f = document.querySelector({json.dumps(base + '.pool-count')});
                      return [a.dataset.dice === undefined ? null : Number(a.dataset.dice), Number(f.value), Number(f.max)]; }})()""")
                    words = [f"M={m}"] + ([] if net == "0" else [net if net.startswith("-") else "+" + net])
                    out.append(([info["matrix"], row, column, *words], *got))
    return out


def check_roll_again(b, where, failures):
    """A row that rolls again (a Desperate Struggle): the attacker's modifiers the row drops and
    one it keeps clicked, then die results until the row is read. Its words are shown; Roll again
    (clicked where it is drawn) unticks the dropped ones only and clears the dice. Returns the
    case and the words shown, or None where no page's table rolls again."""
    table = open_first(b, "s.querySelector('.row[data-again]')")
    if table is None:
        return None
    base = 'section.sheet-table:not([hidden]) '
    plan = b.eval("""(() => { const s = document.querySelector('section.sheet-table:not([hidden])');
      const row = s.querySelector('.row[data-again]');
      const named = row.dataset.again.split(' ');
      const boxes = [...s.querySelectorAll('.lists[data-side="0"] input[type=checkbox][data-list]')];
      const key = (i) => i.closest('.list').dataset.tableId + '/' + i.dataset.id;
      const dropped = boxes.filter(i => named.includes(key(i)));
      const kept = boxes.filter(i => !named.includes(key(i)) && !i.closest('.group')).slice(0, 1);
      return {row: row.dataset.row, dropped: dropped.map(i => i.dataset.id), kept: kept.map(i => i.dataset.id),
              sides: s.querySelectorAll('.die-buttons').length}; })()""")
    for item in plan["dropped"] + plan["kept"]:
        click(b, base + f'.lists[data-side="0"] input[data-id="{item}"] + .v', failures, where)
    dice = None
    for d in range(1, 11):
        click(b, base + '.die-buttons[data-side="0"] button[data-die="5"]', failures, where)
        if plan["sides"] > 1:
            click(b, base + f'.die-buttons[data-side="1"] button[data-die="{d}"]', failures, where)
        if b.eval(f"document.querySelector({json.dumps(base.strip())}).dataset.row") == plan["row"]:
            dice = d
            break
    if dice is None:
        failures.append(f"{where} {table}: no defender's die result read the row that rolls again")
        return None
    shown = b.eval(f"""(() => {{ const p = document.querySelector({json.dumps(base + '.again')});
      return {{hidden: p.hidden || p.getBoundingClientRect().height === 0, words: p.querySelector('.again-words').textContent}}; }})()""")
    if shown["hidden"]:
        failures.append(f"{where} {table}: the row that rolls again is read but Roll again is not shown")
        return None
    ids = b.eval(f"""[...document.querySelectorAll({json.dumps(base + '.lists[data-side="0"] input[data-list]:checked')})].map(i => i.dataset.id)""")
    case = [table, "--attacker", "5", *ids, "--defender", str(dice)] if plan["sides"] > 1 else [table, "5", *ids]
    if not click(b, base + ".roll-again", failures, where):
        return None
    after = b.eval(f"""(() => {{ const s = document.querySelector({json.dumps(base.strip())});
      return {{ticked: [...s.querySelectorAll('input[data-list]:checked')].map(i => i.dataset.id),
              pressed: s.querySelectorAll('.die-buttons button[aria-pressed="true"]').length,
              shown: !s.querySelector('.again').hidden}}; }})()""")
    if sorted(after["ticked"]) != sorted(plan["kept"]) or after["pressed"] or after["shown"]:
        failures.append(f"{where} {table}: Roll again left {after} (ticked {plan['dropped'] + plan['kept']}, "
                        f"should keep {plan['kept']} with no die picked)")
    return case, shown["words"]


def check_undo(b, where, failures):
    """Changes then Undo clicked: the history does not grow."""
    base = 'section.sheet-table:not([hidden]) '
    before = b.eval("history.length")
    for die in (2, 5):
        click(b, base + f'.die-buttons button[data-die="{die}"]', failures, where)
    for _ in range(2):
        click(b, base + ".undo", failures, where)
    b.wait_linked()
    after = b.eval("history.length")
    if after != before:
        failures.append(f"{where}: two changes and two Undos made the history {after} entries long, not {before}")


def compare_fire(reference, cases, failures):
    """Each fire combat the page answered (check_stands) against fire_combat_reference (the
    runtime's FireCombat over the generated header): the unit's fire points, the total, the
    fire-point modifier and its row, the effect read. Returns how many were compared."""
    if not reference:
        return 0
    compared = 0
    by_spec = {}
    for where, spec_id, line, shown in cases:
        by_spec.setdefault(spec_id, []).append((where, line, shown))
    for spec_id, items in by_spec.items():
        r = subprocess.run([reference, spec_id], input="".join(line + "\n" for _, line, _ in items),
                           capture_output=True, text=True)
        want = r.stdout.splitlines()
        if r.returncode != 0 or len(want) != len(items):
            failures.append(f"{spec_id}: fire_combat_reference failed: {r.stderr[:200]}")
            continue
        for (where, line, p), w in zip(items, want):
            units, rest = w.split(" | ")
            total, modifier, fire_row, effect, _ = rest.split()
            row = p["rows"][int(p["row"])] if p["row"] not in ("", "-1", "-2") else "-"
            got = [[x or "-" for x in p["points"]], p["total"] or "-", p["modifier"] or "-", p["fire_row"] or "-", row]
            if got != [units.split(), total, modifier, fire_row, effect]:
                failures.append(f"{where} fire {line}: FireCombat {[units.split(), total, modifier, fire_row, effect]}; page {got}")
            compared += 1
    if not compared:
        failures.append("no fire combat on the pages of rules/ was compared with FireCombat")
    return compared


def main():
    args = sys.argv[1:]
    only = take_option(args, "--only")
    reference = take_option(args, "--fire-reference")  # FireCombat over the generated headers
    qrsc, root = args[0], os.path.abspath(args[1])
    tmp = tempfile.mkdtemp(prefix="qrs-web-inputs-")
    specs = spec_files(os.path.join(root, "rules"))
    if only:
        specs = [s for s in specs if os.path.basename(s)[:-5] == only] or specs[:1]
    chromium, status = web_pages_or_skip(qrsc, [*specs, "-o", os.path.join(tmp, "out")])
    if not chromium:
        return status
    pages = sorted(glob.glob(os.path.join(tmp, "out", "*", "*.web.html")))
    failures, cases, shown, wheres, distance_cases, trigger_cases, pool_cases = [], [], [], [], [], [], []
    again_cases, single_cases, fire_cases = [], [], []
    printed_pages = {}
    clicks = stands = undos = 0
    b = cdp.Browser(chromium)
    try:
        b.open_page(390, 844)
        for page in pages:
            for width, height in SIZES:
                b.send("Emulation.setDeviceMetricsOverride",
                       {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
                if not opened(b, "file://" + page):
                    failures.append(f"{page}: the page never answered")
                    break
                spec_id = b.eval("document.body.dataset.spec")
                spec = next(s for s in specs if os.path.basename(s)[:-5] == spec_id)
                where = f"{spec_id} at {width}x{height}"
                got = check_opposed(b, where, failures)
                if got:
                    cases.append(got[0])
                    shown.append(got[1])
                    wheres.append((where, spec))
                    clicks += 1
                check_undo(b, where, failures)  # on the table shown: the opposed roll, else the first rolled
                undos += 1
                typed = check_distances(b, where, failures)
                if typed:
                    distance_cases.append((where, spec, typed))
                if width == 390 and height == 844:
                    check_phone_print(b, where, failures)
                    printed_pages[spec_id] = check_print(b, where, failures)
                fire = check_stands(b, where, failures)
                if fire:
                    stands += 1
                    fire_cases.append((where, spec_id, *fire))
                again = check_roll_again(b, where, failures)
                if again:
                    again_cases.append((where, spec, *again))
                every = (width, height) == (390, 844)
                for case, got in check_triggers(b, where, failures, every):
                    trigger_cases.append((where, spec, case, got))
                pool_shown, pool_thrown, pool_counted = check_pool(b, where, failures, every)
                pool_cases.append((where, spec, pool_shown, pool_thrown, pool_counted))
                single = check_single(b, where, failures)
                if single:
                    single_cases.append((where, spec, *single))
    finally:
        b.close()
    by_spec = {}
    for case, p, (where, spec) in zip(cases, shown, wheres):
        by_spec.setdefault(spec, []).append((case, p, where))
    compared = 0
    for spec, items in by_spec.items():
        answers = lookup_cases(qrsc, root, tmp, spec, [c for c, _, _ in items])
        if answers is None:
            failures.append(f"{spec}: qrsc did not answer every case")
            continue
        for (case, p, where), a in zip(items, answers):
            compared += 1
            want = [a.get("title"), a.get("result"), [str(s["result"]) for s in a.get("sides", [])]]
            got = [p["title"], p["key"], [p["attacker"], p["defender"]]]
            if a.get("error") or got != want:
                failures.append(f"{where} {' '.join(case)}: qrsc {a.get('error') or want}; page {got}")
    distances = 0
    for where, spec, (table, row, typed) in distance_cases:
        answers = lookup_cases(qrsc, root, tmp, spec, [[table, row, text] for text, _, _ in typed])
        if answers is None:
            failures.append(f"{where}: qrsc did not answer every distance")
            continue
        for (text, column, answer), a in zip(typed, answers):
            distances += 1
            want = None if a.get("error") else a["line"].split("\t")[1]
            if column != want or " in in " in answer or "Type a distance" in answer:
                failures.append(f"{where} {table} typed {text!r}: qrsc column {want}; page {column} ({answer!r})")
    fired = checked = 0
    for where, spec, case, got in trigger_cases:
        answers = lookup_cases(qrsc, root, tmp, spec, [case])
        if not answers or answers[0].get("error"):
            failures.append(f"{where} {' '.join(case)}: qrsc did not answer ({answers and answers[0].get('error')})")
            continue
        triggered = answers[0].get("triggered", [])
        want = {"titles": [x["title"] for x in triggered], "checks": [x["check"] for x in triggered if x["check"]]}
        if got != want:
            failures.append(f"{where} {' '.join(case)}: qrsc triggers {want}; page {got}")
        fired += len(got["titles"])
        checked += len(got["checks"])
    for where, spec, case, words in again_cases:
        answers = lookup_cases(qrsc, root, tmp, spec, [case])
        a = answers[0] if answers else {"error": "no answer"}
        want = None if a.get("error") or "again" not in a else \
            "Roll again without: " + "; ".join(m["text"] for m in a["again"]["without"]) + "."
        if words != want:
            failures.append(f"{where} {' '.join(case)}: qrsc {a.get('error') or want!r}; page {words!r}")
    singles = 0
    for where, spec, case, p in single_cases:
        answers = lookup_cases(qrsc, root, tmp, spec, [case])
        a = answers[0] if answers else {"error": "no answer"}
        singles += 1
        if a.get("error"):
            failures.append(f"{where} {' '.join(case)}: qrsc {a['error']}; page {p['title']}")
            continue
        titled = p["title"] == a["title"] or p["title"].startswith(a["title"] + " ")  # a row's number follows
        if not titled or int(p["net"].split()[-1]) != a["net"] or p["sum"].split()[-1] != a["result"]:
            failures.append(f"{where} {' '.join(case)}: qrsc '{a['title']}' net {a['net']} = {a['result']};"
                            f" page '{p['title']}' {p['net']} sum '{p['sum']}'")
        if why := modifiers_differ(p, [a["modifiers"]]):
            failures.append(f"{where} {' '.join(case)}: {why}")
    if not singles:
        failures.append("no page of rules/ has a rolled table of one roll with modifiers")
    if not again_cases:
        failures.append("no table of the pages of rules/ rolls again (Desperate Struggle)")
    pool_figures = pool_throws = pool_counts = 0
    for where, spec, pool_shown, pool_thrown, pool_counted in pool_cases:
        answers = (lookup_cases(qrsc, root, tmp, spec, [case for case, *_ in pool_counted]) or []) if pool_counted else []
        for (case, dice, n, most), a in zip(pool_counted, answers):
            want = None if a.get("error") else int(a["result"])
            if dice != want or (want is not None and 1 <= want <= most and n != want):
                failures.append(f"{where} {' '.join(case)}: qrsc lookup {a.get('error') or want}; page {dice} dice, {n} to roll")
            pool_counts += 1
        if len(answers) != len(pool_counted):
            failures.append(f"{where}: qrsc lookup --cases answered {len(answers)} of {len(pool_counted)} dice counts")
        for table, n, rows in pool_shown:
            r = ask(qrsc, root, "odds", spec, table, "--dice", str(n), "--format", "json")
            counts = json.loads(r.stdout)["pool"]["columns"][0]["counts"][0]["rows"] if r.returncode == 0 else None
            want = [[p["probability"] if "/" in p["probability"] else p["probability"] + "/1" for p in row["at_least"][1:]]
                    for row in counts] if counts else None
            if rows != want:
                failures.append(f"{where} {table} {n} dice: qrsc odds {want}; page {rows}")
            pool_figures += sum(len(x) for x in rows)
        for table, faces, text in pool_thrown:
            titles = [x["title"] for x in lookup_cases(qrsc, root, tmp, spec, [[table, f, ""] for f in faces]) or []]
            tally = {t: titles.count(t) for t in titles}
            want = "Rolled " + ", ".join(faces) + ": " + ", ".join(f"{t} \u00d7{k}" for t, k in tally.items())
            # The page lists the symbols in the table's order; compare as sets of "title xk".
            if sorted(text.split(": ", 1)[1].split(", ")) != sorted(want.split(": ", 1)[1].split(", ")) or len(faces) != 5:
                failures.append(f"{where} {table}: thrown {text!r}; qrsc lookup of each face {want!r}")
            pool_throws += 1
    if not pool_figures or not pool_throws or not pool_counts:
        failures.append(f"no pool table on the pages of rules/ was played ({pool_figures} figures, {pool_throws} throws,"
                        f" {pool_counts} dice counts)")
    if not fired or not checked:
        failures.append(f"no die result clicked on the pages of rules/ fired a trigger ({fired}) or opened a check ({checked})")
    fire_compared = compare_fire(reference, fire_cases, failures)
    for f in failures[:80]:
        print("FAIL", f)
    print(f"{len(pages)} pages at {len(SIZES)} sizes: {compared} opposed rolls clicked and compared with qrsc lookup,"
          f" {distances} distances typed and compared with qrsc lookup, {stands} Stands fields, {undos} Undos,"
          f" {len(trigger_cases)} base rolls with {fired} triggered effects and {checked} checks opened,"
          f" {pool_figures} pool figures compared with qrsc odds and {pool_throws} pool throws and {pool_counts}"
          f" dice counts with qrsc lookup,"
          f" {len(again_cases)} rolls again, {singles} rolls with modifiers clicked and compared with qrsc lookup,"
          f" {fire_compared} fire combats compared with FireCombat;"
          f" {len(failures)} failures; printed pages (Letter) {printed_pages}")
    return 1 if failures or not compared else 0


if __name__ == "__main__":
    sys.exit(main())
