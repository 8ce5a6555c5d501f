// The interactive sheet's script: it draws and calls the sheet's WebAssembly module (the qrs
// runtime, runtime/qrs/web/abi.cpp) for every answer: the net modifier, which modifiers count,
// the row a roll selects, the odds, and a rolled die result; an opposed roll settled from both
// sides' rolls and modifiers (qrs/opposed.hpp), and the range column a distance falls in
// (qrs::range_column); a system's procedures where the module offers them (qrs_procedures: fire
// combat's fire points by weapon, stands and distance). No rule lives here.
"use strict";
(async () => {
  const bytes = Uint8Array.from(atob(document.getElementById("module").textContent.trim()), (c) => c.charCodeAt(0));
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const q = instance.exports;
  const select = document.getElementById("table");
  const sections = [...document.querySelectorAll("section.sheet-table")];
  // The page opens on its first rolled table (else its first table).
  const firstRolled = Math.max(0, sections.findIndex((s) => s.dataset.table !== undefined));
  // dice: the die result of each side that rolls (one, or an opposed roll's attacker and
  // defender; null until picked); mods: "list.item" of the inputs set ("list.item.1" the defender's).
  // distance: what the player typed for a range table.
  // units: the firing units of a fire combat ({ weapon: "kind.row", stands, distance, factors }).
  // types: each side's type (a column) where an opposed roll reads the loser's or the winner's.
  const state = { table: firstRolled, column: 0, dice: [null], mods: [], distance: "", units: [], types: [0, 0] };
  const undo = [];  // earlier fragments, for Undo
  let urlTimer = 0;

  const section = () => sections[state.table];
  const gcd = (a, b) => (b === 0n ? a : gcd(b, a % b));
  // The page's sections are the printed sheet's tables in its order; a rolled table's index in
  // the module is its data-table.
  const isRolled = (s) => s.dataset.table !== undefined;
  const isMatrix = (s) => s.classList.contains("matrix-table");  // a table read, not rolled
  const isRange = (s) => s.dataset.matrix !== undefined;
  const mod = (t) => Number(sections[t].dataset.table);
  const opposed = (t) => isRolled(sections[t]) && q.qrs_opposed(mod(t)) === 1;
  const sideCount = (t) => (opposed(t) ? 2 : 1);
  const modKey = (input) => input.dataset.list + "." + input.dataset.item + (input.dataset.side === "1" ? ".1" : "");
  // How many times the state names a modifier: a modifier counted per occurrence ("-1 per
  // overlap") is named once per occurrence; any other once or not at all.
  const times = (input) => state.mods.filter((m) => m === modKey(input)).length;
  const signed = (n) => (n > 0 ? "+" + n : String(n));
  // A fraction as the sheet and qrsc print one: 3/2 is "1 1/2".
  const mixedNumber = (num, den) => {
    if (den === 1) return String(num);
    const whole = Math.trunc(num / den), rest = Math.abs(num % den);
    return (whole !== 0 ? whole + " " : num < 0 ? "-" : "") + rest + "/" + den;
  };
  // A NUL-terminated string the module returns.
  const text = (at) => {
    const bytes = new Uint8Array(q.memory.buffer, at);
    return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
  };
  const procedures = q.qrs_procedures ? text(q.qrs_procedures()).split(" ") : [];
  const fire = procedures.includes("fire_combat") ? fireTables() : null;

  // Fire combat (the system's FireCombat through qrs_fire_*): the tables it reads, found on the
  // page by the ids the module names.
  function fireTables() {
    const [effects, ...matrices] = text(q.qrs_fire_tables()).split(" ");
    const [, , factorsId, pointsId] = matrices;
    const table = sections.findIndex((s) => isRolled(s) && s.dataset.id === effects);
    if (table < 0) return null;
    const weapons = [0, 1].map((kind) => {
      const m = sections.find((s) => isMatrix(s) && s.dataset.id === matrices[kind]);
      return m ? { title: m.querySelector("h2").textContent,
                   rows: [...m.querySelectorAll(".matrix tbody tr[data-id] th")].map((th) => th.textContent) } : null;
    });
    const factors = [...document.querySelectorAll('.factor-list[data-id="' + factorsId + '"] li')];
    const list = sections[table].querySelector('fieldset.list[data-table-id="' + pointsId + '"]');
    return { table, weapons, factors, list };
  }

  function fragment() {
    const parts = ["t=" + state.table, "c=" + state.column];
    if (state.dice.some((d) => d !== null)) parts.push("k=" + state.dice.map((d) => (d === null ? "" : d)).join(","));
    if (state.mods.length) parts.push("m=" + state.mods.join(","));
    if (state.types.some((y) => y !== 0)) parts.push("y=" + state.types.join(","));
    if (state.distance !== "") parts.push("d=" + encodeURIComponent(state.distance));
    if (state.units.length) {
      parts.push("u=" + state.units.map((u) => [u.weapon, u.stands, encodeURIComponent(u.distance), u.factors].join("-")).join("_"));
    }
    return parts.join("&");
  }

  // The fragment is input (a share link anyone can write): each number a whole number written
  // in plain digits within what it indexes, else the default, so that 4294967302 cannot reach
  // the module's 32-bit ints as 6, nor 1e308 as 0; an escape that does not decode is dropped.
  const wholeIn = (text, lo, hi) => {
    if (typeof text !== "string" || !/^-?\d{1,10}$/.test(text)) return null;
    const n = Number(text);
    return n >= lo && n <= hi ? n : null;
  };
  const decoded = (text) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return "";  // a malformed escape ("%E0%A4%A")
    }
  };
  // The die results side `i` of table `t` can show: an opposed roll's side's base roll, else the key's.
  const dieRange = (t, i) => (opposed(t) ? [q.qrs_side_lo(mod(t), i), q.qrs_side_hi(mod(t), i)] : [q.qrs_key_lo(mod(t)), q.qrs_key_hi(mod(t))]);
  // A die result the fragment names, if the dice can show it (a d66 shows no 17).
  const shownDie = (k, i) => (k !== null && q.qrs_shows(mod(state.table), i, k) ? k : null);
  const lastIndex = (s, selector) => Math.max(0, s.querySelectorAll(selector).length - 1);

  function readFragment() {
    const f = new URLSearchParams(location.hash.slice(1));
    state.table = wholeIn(f.get("t"), 0, sections.length - 1) ?? firstRolled;
    const s = sections[state.table];
    state.column = wholeIn(f.get("c"), 0, lastIndex(s, "input[data-column]")) ?? 0;
    const dice = (f.get("k") || "").split(",");
    state.dice = Array.from({ length: sideCount(state.table) }, (_, i) =>
      (isRolled(s) ? shownDie(wholeIn(dice[i], ...dieRange(state.table, i)), i) : null));
    state.mods = (f.get("m") || "").split(",").filter((m) => /^\d{1,5}\.\d{1,5}(\.1)?$/.test(m));
    state.distance = (f.get("d") || "").slice(0, 100);
    state.types = [0, 1].map((i) => wholeIn((f.get("y") || "").split(",")[i], 0, lastIndex(s, 'input[data-type-side="' + i + '"]')) ?? 0);
    state.units = fire ? (f.get("u") || "").split("_").map((u) => u.split("-")).filter((u) => u.length === 4 &&
      /^[01]\.\d{1,5}$/.test(u[0])).map(([weapon, stands, distance, factors]) =>
      ({ weapon, stands: wholeIn(stands, 1, 99) ?? 1, distance: decoded(distance).slice(0, 100),
         factors: wholeIn(factors, 0, 2 ** fire.factors.length - 1) ?? 0 })) : [];
  }

  // The units as the state says: one item each, its inputs set where they differ (so that a
  // field being typed in keeps its place).
  function applyUnits() {
    const box = section().querySelector(".fire .units");
    if (!box) return;
    while (box.children.length > state.units.length) box.lastElementChild.remove();
    while (box.children.length < state.units.length) box.append(unitItem());
    state.units.forEach((u, i) => {
      const li = box.children[i];
      const set = (sel, v) => { const e = li.querySelector(sel); if (e.value !== String(v)) e.value = String(v); };
      set(".weapon", u.weapon);
      set(".stands", u.stands);
      set(".unit-distance", u.distance);
      for (const f of li.querySelectorAll(".unit-factors input")) f.checked = (u.factors & (1 << Number(f.dataset.factor))) !== 0;
    });
  }

  // One firing unit's controls (templates: fire-unit), numbered for their labels.
  let unitNumber = 0;
  function unitItem() {
    const li = document.getElementById("fire-unit").content.firstElementChild.cloneNode(true);
    const n = ++unitNumber;
    const weapon = li.querySelector(".weapon");
    fire.weapons.forEach((w, kind) => {
      if (!w) return;
      const group = document.createElement("optgroup");
      group.label = w.title;
      w.rows.forEach((name, row) => group.append(new Option(name, kind + "." + row)));
      weapon.append(group);
    });
    for (const f of fire.factors) {
      const label = document.createElement("label");
      label.className = "mod";
      label.innerHTML = '<input type="checkbox"><span class="v"></span><span class="t"></span>';
      label.querySelector("input").dataset.factor = f.dataset.item;
      label.querySelector(".v").textContent = f.querySelector(".v").textContent;
      label.querySelector(".t").textContent = f.querySelector(".t").textContent;
      li.querySelector(".unit-factors").append(label);
    }
    li.querySelector(".remove-unit").setAttribute("aria-label", "Remove firing unit " + n);
    return li;
  }

  // The units into the runtime's fire combat: each unit's points, the total, its modifier, and
  // the fire-point table's row it selects, chosen in that list for the roll.
  function fireSync() {
    if (!fire || state.table !== fire.table) return;
    if (fire.list) fire.list.disabled = state.units.length > 0;
    if (!state.units.length) return;
    if (fire.list) dropFireRow();
    q.qrs_fire_clear();
    for (const u of state.units) {
      const d = inches(u.distance);
      const [kind, row] = u.weapon.split(".").map(Number);
      u.added = d !== null && q.qrs_fire_add(kind, row, u.stands, d[0], d[1], u.factors) === 1;
    }
    // In range, the points before rounding, the total rounded, its modifier, its row.
    const [inRange, , , num, den, modifier, row] = new Int32Array(q.memory.buffer, q.qrs_fire_total(), 7);
    fire.total = { inRange: inRange === 1, num, den, modifier };
    if (fire.list && fire.total.inRange && row >= 0) state.mods.push(fireList() + "." + row);
  }

  // Whether table t is the fire combat's with firing units, and whether a distance is typed for
  // any of them (until then there is nothing to read), and whether none of their stands is in range.
  const firing = (t) => fire !== null && t === fire.table && state.units.length > 0;
  const distanceTyped = () => state.units.some((u) => u.added);
  const noFire = (t) => firing(t) && distanceTyped() && fire.total !== undefined && !fire.total.inRange;

  // The fire-point row out of the modifiers (the units choose it, or none when the last goes).
  function dropFireRow() {
    state.mods = state.mods.filter((m) => m.split(".")[0] !== fireList() || m.split(".").length === 3);
  }
  // The fire-point table's index among the module's modifier lists.
  const fireList = () => fire.list.querySelector("input[data-list]").dataset.list;

  function renderFire(s) {
    const panel = s.querySelector(".fire");
    if (!panel) return;
    const fraction = (num, den) => (den === 1 ? String(num) : num + "/" + den);
    let added = 0;
    [...panel.querySelectorAll(".unit")].forEach((li, i) => {
      const u = state.units[i];
      const out = li.querySelector(".unit-points");
      li.dataset.points = "";
      if (!u.added) {
        out.textContent = "Type the distance in inches, such as 6, 6 1/2 or 6.5";
        return;
      }
      const p = new Int32Array(q.memory.buffer, q.qrs_fire_unit(added++), 3);
      li.dataset.points = p[0] === 1 ? fraction(p[1], p[2]) : "";
      out.textContent = p[0] === 1 ? fraction(p[1], p[2]) + " fire points" : "Out of range";
    });
    const out = panel.querySelector(".fire-total");
    panel.dataset.total = panel.dataset.modifier = "";
    if (!state.units.length) {
      out.textContent = "";
    } else if (!distanceTyped()) {
      out.textContent = "Type each firing unit's distance";
    } else if (!fire.total.inRange) {
      out.textContent = "No stand in range";
    } else {
      panel.dataset.total = fraction(fire.total.num, fire.total.den);
      panel.dataset.modifier = String(fire.total.modifier);
      out.textContent = "Total " + panel.dataset.total + " fire points: " + signed(fire.total.modifier);
    }
  }

  // The inputs of the current table as the state says.
  function applyState() {
    select.value = String(state.table);
    sections.forEach((s, i) => { s.hidden = i !== state.table; });
    const s = section();
    const columns = s.querySelectorAll("input[data-column]");
    if (columns.length) {
      if (state.column >= columns.length) state.column = 0;
      columns[state.column].checked = true;
    } else {
      state.column = 0;
    }
    for (const none of s.querySelectorAll("input[data-none]")) none.checked = true;
    for (const type of s.querySelectorAll("input[data-type]")) {
      type.checked = Number(type.dataset.type) === state.types[Number(type.dataset.typeSide)];
    }
    const distance = s.querySelector(".distance-input");
    if (distance && distance.value !== state.distance) distance.value = state.distance;
    for (const input of s.querySelectorAll("input[data-list]")) {
      if (input.type === "number") input.value = String(Math.min(times(input), Number(input.max)));
      else input.checked = state.mods.includes(modKey(input));
    }
    for (const b of s.querySelectorAll(".die-buttons button")) {
      b.setAttribute("aria-pressed", String(Number(b.dataset.die) === state.dice[Number(b.dataset.side)]));
    }
    applyUnits();
  }

  function readInputs() {
    const s = section();
    const column = s.querySelector("input[data-column]:checked");
    state.column = column ? Number(column.dataset.column) : 0;
    // A count typed in is read when the player leaves the field: a whole number (past its most,
    // its most: the occurrences past it do not count), else the count it had.
    state.mods = [...s.querySelectorAll("input[data-list]")].flatMap((input) => {
      if (input.type !== "number") return input.checked ? [modKey(input)] : [];
      const most = Number(input.max);
      const typed = wholeIn(input.value.trim(), 0, 255);
      return Array(Math.min(typed ?? times(input), most)).fill(modKey(input));
    });
    state.types = [0, 1].map((side) => Number((s.querySelector('input[data-type-side="' + side + '"]:checked') || { dataset: { type: 0 } }).dataset.type));
    if (!s.querySelector(".fire")) return;
    // Stands are read when the player leaves the field (its change event): a whole number from
    // 1 to 99, else the unit keeps the number it had.
    state.units = [...s.querySelectorAll(".fire .unit")].map((li, i) => ({
      weapon: li.querySelector(".weapon").value,
      stands: wholeIn(li.querySelector(".stands").value.trim(), 1, 99) ?? (state.units[i] ? state.units[i].stands : 1),
      distance: li.querySelector(".unit-distance").value,
      factors: [...li.querySelectorAll(".unit-factors input:checked")].reduce((m, f) => m | (1 << Number(f.dataset.factor)), 0),
    }));
  }

  // The modifiers set, as the answer names them: those that count and those that do not (each
  // side's, for an opposed roll); "" when none is set.
  function modifierWords(s, named) {
    const names = [...s.querySelectorAll(".die-buttons")].map((box) => box.dataset.sideName);
    const one = (list) => {
      const [yes, no] = [list.filter((m) => m.counts), list.filter((m) => !m.counts)].map((l) => l.map((m) => m.words).join(", "));
      return [yes && "counted " + yes, no && "not counted " + no].filter(Boolean).join("; ");
    };
    const said = named.map(one);
    if (names.length < 2) return said[0] ? "Modifiers: " + said[0] + "." : "";
    return said.map((w, i) => (w ? names[i] + ": " + w + "." : "")).filter(Boolean).join(" ");
  }

  // The odds of every row as the module wrote them at `at`: numerators, then the denominator
  // `extra` places after the last row.
  function showOdds(s, at, extra) {
    const rows = s.querySelectorAll(".row");
    if (!at) {
      // A null pointer: the module has no odds for this table. Nothing is read at address 0.
      rows.forEach((li) => {
        li.querySelector(".p").textContent = "";
        li.dataset.p = "";
        li.querySelector(".bar span").style.width = "0%";
      });
      return;
    }
    const odds = new BigInt64Array(q.memory.buffer, at, rows.length + 1 + extra);
    const total = odds[rows.length + extra];
    rows.forEach((li, r) => {
      const n = odds[r];
      const g = n === 0n ? total : gcd(n, total);
      const percent = total === 0n ? 0 : Number(n * 10000n / total) / 100;
      const p = li.querySelector(".p");
      p.textContent = percent.toFixed(percent % 1 === 0 ? 0 : 1) + "%";
      li.dataset.p = (n / g) + "/" + (total / g);
      p.title = li.dataset.p;
      li.querySelector(".bar span").style.width = percent + "%";
    });
  }

  // The rows read that roll again: the row read (under tie: both the attacker's), then the
  // defender's under tie: both; null where it does not roll again (or none is read).
  function againRows(s) {
    return [s.dataset.row, s.dataset.rowBoth].map((r) => {
      const li = r ? s.querySelector('.row[data-row="' + r + '"]') : null;
      return li && li.dataset.again !== undefined ? li : null;
    });
  }

  // The answer: the row selected (-1 no band holds the result, -2 outside the table, -3 a tie
  // that nothing comes of) in a column, in the sheet's words; `part` the row's sub-result or -1.
  function showRow(s, row, part, column) {
    const title = s.querySelector(".effect-title");
    s.dataset.row = String(row);
    if (row >= 0) {
      const li = s.querySelector('.row[data-row="' + row + '"]');
      li.classList.add("hit");
      const num = li.querySelector(".num");
      title.textContent = li.querySelector(".row-title").textContent + (num ? " " + num.textContent : "");
      s.querySelector(".effect-text").textContent = li.querySelector(".row-text").textContent;
      const partText = part >= 0 ? s.querySelector('.parts [data-part="' + part + '"]') : null;
      s.querySelector(".effect-part").textContent = partText ? partText.textContent : "";
      // A row whose effect is to roll again (a Desperate Struggle): its words and a button.
      if (li.dataset.again !== undefined) {
        const again = s.querySelector(".again");
        again.hidden = false;
        again.querySelector(".again-words").textContent = li.dataset.againWords;
      }
    } else if (row === -2) {
      title.textContent = s.dataset.outsideTitle;
    } else if (row === -3) {
      title.textContent = s.dataset.tieTitle;
    } else {
      title.textContent = "?";
      s.querySelector(".footnote").textContent = [...s.querySelectorAll('.unknown [data-column="' + column + '"]')]
        .map((u) => u.textContent).join(" ");
    }
  }

  // A distance in inches as typed, read by the module as qrsc reads one (qrs::text::read_distance:
  // "6", "6.5", "6 1/2", "6in", '6"'): numerator and denominator, or null.
  function inches(text) {
    const bytes = new TextEncoder().encode(text);
    if (bytes.length > q.qrs_text_size()) return null;
    new Uint8Array(q.memory.buffer, q.qrs_text(), bytes.length).set(bytes);
    const at = q.qrs_distance(bytes.length);
    return at ? [...new Int32Array(q.memory.buffer, at, 2)] : null;
  }

  // A range table: the column the typed distance falls in comes from the module (the
  // header's column_for); without a distance, the column the player picked.
  function renderRange(s) {
    const answer = s.querySelector(".range-answer");
    const names = [...s.querySelectorAll("input[data-column]")].map((i) => i.closest("label").textContent.trim());
    answer.textContent = "";
    s.dataset.column = String(state.column);
    if (state.distance.trim() !== "") {
      const d = inches(state.distance);
      const column = d ? q.qrs_range_column(Number(s.dataset.matrix), d[0], d[1]) : -1;
      s.dataset.column = String(column);
      if (!d) {
        answer.textContent = "Type a distance in inches, such as 6, 6 1/2 or 6.5";
      } else if (column < 0) {
        answer.textContent = mixedNumber(d[0], d[1]) + " in: beyond the longest range (" + names[names.length - 1] + ")";
      } else {
        state.column = column;
        s.querySelectorAll("input[data-column]")[column].checked = true;
        answer.textContent = mixedNumber(d[0], d[1]) + " in is read in the " + names[column] + " column";
      }
    }
    const shown = Number(s.dataset.column);
    for (const cell of s.querySelectorAll(".matrix [data-column]")) cell.classList.toggle("hit", Number(cell.dataset.column) === shown);
  }

  function render() {
    const s = section();
    if (!isRolled(s)) {
      if (isRange(s)) renderRange(s);
      finish();
      return;
    }
    const t = state.table;
    const m = mod(t);
    const c = state.column;
    q.qrs_clear();
    const named = new Map();
    for (const m of state.mods) named.set(m, (named.get(m) || 0) + 1);
    for (const [m, n] of named) {
      const [list, item, side] = m.split(".").map(Number);
      q.qrs_set(side || 0, list, item, Math.min(n, 255));
    }
    // Each side's type, where the roll reads the sides' types: a modifier for other types does
    // not apply to that side.
    const typeOf = [0, 1].map((i) => s.querySelector('input[data-type-side="' + i + '"]:checked'));
    [0, 1].forEach((i) => q.qrs_set_type(i, opposed(t) && typeOf[i] ? state.types[i] : -1));
    const set = [[], []];  // each side's modifiers set, as the answer names them
    for (const input of s.querySelectorAll("input[data-list]")) {
      const label = input.closest(".mod");
      const [side, list, item] = [Number(input.dataset.side || 0), Number(input.dataset.list), Number(input.dataset.item)];
      const on = input.type === "number" ? Number(input.value) > 0 : input.checked;
      const applies = !on || q.qrs_applies(side, list, item) === 1;
      const counts = applies && (!on || q.qrs_counts(side, list, item) === 1);
      label.classList.toggle("not-counted", !counts);
      label.querySelector(".why").textContent = counts ? "" : applies ? "does not count" : "does not apply to " + typeOf[side].parentElement.textContent.trim();
      if (on) {
        const times = input.type === "number" ? " \u00d7" + input.value : "";
        set[side].push({ words: label.querySelector(".v").textContent + " " + label.querySelector(".t").textContent + times, counts });
      }
    }
    s.querySelector(".answer-modifiers").textContent = modifierWords(s, set);
    const sum = s.querySelector(".sum-label");
    for (const sel of [".effect-title", ".effect-text", ".effect-part", ".footnote"]) s.querySelector(sel).textContent = "";
    s.dataset.row = "";
    s.dataset.rowBoth = "";
    for (const li of s.querySelectorAll(".row")) li.classList.remove("hit");
    for (const li of s.querySelectorAll(".triggers li")) li.hidden = true;
    s.querySelector(".again").hidden = true;
    if (opposed(t)) {
      // Each side's roll and net modifier, settled by the runtime into the key and its row.
      // A side's type modifier against the other's type (a combat factor) is part of its net.
      const byType = [0, 1].map((i) => q.qrs_type_modifier(m, i, state.types[0], state.types[1]));
      const nets = [0, 1].map((i) => q.qrs_net(m, i) + byType[i]);
      const boxes = [...s.querySelectorAll(".die-buttons")];
      const names = boxes.map((box) => box.dataset.sideName);
      s.querySelector(".net").textContent = "net " + nets.map((n, i) => signed(n) + (byType[i] === 0 ? "" : " (" + signed(byType[i]) + " by type)")).join(" against ");
      s.dataset.attacker = s.dataset.defender = s.dataset.key = s.dataset.column = "";
      const [a, d] = state.dice;
      if (a === null || d === null) {
        sum.textContent = "Pick " + boxes.filter((box, i) => state.dice[i] === null).map((box) => "the " + box.dataset.keyName).join(" and ");
      } else {
        const at = q.qrs_settle(m, c, a, d, state.types[0], state.types[1]);
        const settled = at ? new Int32Array(q.memory.buffer, at, 10) : new Int32Array([0, 0, 0, 1, 0, 0, c, -1, -1, -1]);
        const key = mixedNumber(settled[2], settled[3]);
        const side = (roll, net, result) => roll + (net === 0 ? "" : " " + signed(net) + " = " + result);
        // Read by the sides' types: which column (a type's, or a matchup's), except on a tie
        // that nothing comes of or that both sides read in their own.
        const columnNames = [...s.querySelectorAll(".column-names li")].map((li) => li.textContent);
        const readIn = columnNames.length > 0 && settled[7] !== -3 && settled[8] < 0 ? "; read in the " + columnNames[settled[6]] + " column" : "";
        sum.textContent = names[0] + " " + side(a, nets[0], settled[0]) + ", " + names[1] + " " + side(d, nets[1], settled[1]) +
          ": " + s.dataset.keyName + " " + key + readIn;
        s.dataset.attacker = String(settled[0]);
        s.dataset.defender = String(settled[1]);
        s.dataset.key = key;
        s.dataset.column = String(settled[6]);
        showRow(s, settled[7], -1, settled[6]);
        if (settled[9] >= 0) {
          // A tie both sides read (tie: both): the row above is the attacker's, this the defender's.
          const li = s.querySelector('.row[data-row="' + settled[9] + '"]');
          li.classList.add("hit");
          const title = s.querySelector(".effect-title");
          title.textContent = names[0] + ": " + title.textContent + "; " + names[1] + ": " + li.querySelector(".row-title").textContent;
          s.dataset.rowBoth = String(settled[9]);
          // Each side's row that rolls again says so, as qrsc lookup's reading of each side does.
          const rolls = [names[0], names[1]].map((name, i) => [name, againRows(s)[i]]).filter(([, r]) => r);
          if (rolls.length) {
            s.querySelector(".again").hidden = false;
            s.querySelector(".again-words").textContent = rolls.map(([name, r]) => name + ": " + r.dataset.againWords).join(" ");
          }
        }
      }
      showOdds(s, q.qrs_opposed_odds(m, c, state.types[0], state.types[1]), 1);
    } else {
      const net = q.qrs_net(m, 0);
      s.querySelector(".net").textContent = "net " + signed(net);
      const die = state.dice[0];
      if (die === null) {
        sum.textContent = "Pick a " + s.querySelector(".die-buttons").dataset.keyName;
      } else if (firing(t) && !distanceTyped()) {
        sum.textContent = String(die);
        s.querySelector(".effect-title").textContent = "Type each firing unit's distance";
      } else if (noFire(t)) {
        // Firing units none of whose stands is in range: the fire combat has nothing to read.
        sum.textContent = String(die);
        s.querySelector(".effect-title").textContent = "No stand in range: no fire";
      } else {
        const result = q.qrs_result(m, die);
        sum.textContent = die + (net === 0 ? "" : " " + signed(net) + " = " + result);
        showRow(s, q.qrs_lookup(m, c, die), q.qrs_part(m, c, die), c);
        // What the base roll triggers as well as the row (the sheet's "on a base die result of
        // 10"): each listed with the base results that fire it.
        for (const li of s.querySelectorAll(".triggers li")) li.hidden = !li.dataset.base.split(",").includes(String(die));
      }
      showOdds(s, q.qrs_odds(m, c), 0);
    }
    // The chance of the result shown, at this net modifier (the odds list's, for the answer bar).
    const hit = s.querySelector(".row.hit");
    s.querySelector(".answer-odds").textContent = hit ? "Odds of this result: " + hit.querySelector(".p").textContent : "";
    renderFire(s);
    finish();
  }

  function finish() {
    // The state into the URL a moment after the last change: browsers limit how often a page
    // may replace its URL, and quick taps would reach that limit.
    clearTimeout(urlTimer);
    urlTimer = setTimeout(() => {
      const f = fragment();
      if (location.hash.slice(1) !== f) history.replaceState(null, "", "#" + f);
    }, 150);
    markScrolling();  // the table shown may be wider than the screen
    if (document.body.dataset.ready !== "1") performance.mark("qrs-first-answer");  // bench/web_first_answer.py
    document.body.dataset.ready = "1";
  }

  // `count` dice of `sides` faces, each face equally likely (rejection sampling).
  function throwFaces(count, sides) {
    const random = new Uint32Array(1);
    const limit = Math.floor(0x100000000 / sides) * sides;
    return Array.from({ length: count }, () => {
      do crypto.getRandomValues(random); while (random[0] >= limit);
      return (random[0] % sides) + 1;
    });
  }

  // A cell of a chance table: its text, and for a chance the page carries ([numerator,
  // denominator, shown]) the exact fraction in data-p.
  function chanceCell(row, tag, text, p) {
    const c = document.createElement(tag);
    c.textContent = text;
    if (p) c.dataset.p = p[0] + "/" + p[1];
    row.append(c);
    return c;
  }

  // A number-of-dice field: `onCount(n)` for each whole number 1..max typed; left holding
  // anything else, it goes back to the last good one. Returns the first count.
  function diceField(field, onCount) {
    const max = Number(field.max);
    let n = Number(field.value);
    field.addEventListener("input", () => {
      const v = Number(field.value);
      if (Number.isInteger(v) && v >= 1 && v <= max) { n = v; onCount(n); }
    });
    field.addEventListener("change", () => { field.value = String(n); });
    return n;
  }

  // Symbol dice: the chance that k or more of N dice show each symbol, read from the counts the
  // page carries (.pool-data: per column, row and N, "k or more" for k = 1..N, exact and as
  // shown), and a throw of N dice, each die's row the module's lookup of its face. N is checked
  // when the player leaves the field: a number out of 1..max goes back to the last good one.
  function playPool(s, t, pool) {
    const counts = JSON.parse(pool.querySelector(".pool-data").textContent);
    const titles = [...s.querySelectorAll(".row .row-title")].map((e) => e.textContent);
    const show = (mark) => {
      const table = pool.querySelector(".pool-now");
      table.tHead.replaceChildren();
      table.tBodies[0].replaceChildren();
      const hr = table.tHead.insertRow();
      chanceCell(hr, "th", "Symbol").className = "value";
      for (let k = 1; k <= n; ++k) chanceCell(hr, "th", k + "+");
      (counts[state.column] || counts[0]).forEach((byDice, r) => {
        const tr = table.tBodies[0].insertRow();
        tr.dataset.row = String(r);
        chanceCell(tr, "th", titles[r]).className = "value";
        for (const p of byDice[n - 1]) chanceCell(tr, "td", p[2], p);
      });
      pool.querySelector(".pool-caption").textContent =
        "The chance that k or more of " + n + (n === 1 ? " die shows" : " dice show") + " each symbol (k+)";
      if (mark) markScrolling();  // on load, the page marks every table once it is drawn
    };
    let n = diceField(pool.querySelector(".pool-count"), (count) => { n = count; show(true); });
    // How many dice a unit rolls: the module counts them (qrs_pool_dice) for the row, column,
    // unit's number M and dice added or taken that the player chooses; a count the chances are
    // given for becomes the number of dice.
    const counter = pool.querySelector(".pool-counter");
    if (counter) {
      const field = pool.querySelector(".pool-count");
      const unit = counter.querySelector(".counter-unit");
      const answer = counter.querySelector(".counter-answer");
      const chosen = (selector) => { const e = counter.querySelector(selector); return e ? Number(e.value) : 0; };
      const count = () => {
        delete answer.dataset.dice;
        const m = Number(unit.value);
        if (unit.value.trim() === "" || !Number.isInteger(m) || m < 0 || m > Number(unit.max)) {
          answer.textContent = "Type the unit's number M (0 to " + unit.max + ").";
          return;
        }
        const dice = q.qrs_pool_dice(Number(counter.dataset.matrix), chosen(".counter-row"), chosen(".counter-column"),
                                     m, chosen(".counter-net"));
        if (dice === -2) answer.textContent = "The sources do not give this cell (?): no count.";
        if (dice < 0) return;
        answer.dataset.dice = String(dice);
        // In words: the cell as printed, M and the dice added, then the count ("Rifle, 3: M-2 with M 5, -1: 2 dice.").
        const row = counter.querySelector(".counter-row").selectedOptions[0];
        const column = counter.querySelector(".counter-column").selectedOptions[0];
        const net = chosen(".counter-net");
        const cell = JSON.parse(row.dataset.cells)[chosen(".counter-column")] || "blank";
        const said = row.textContent + ", " + column.textContent + ": " + cell + " with M " + m +
          (net ? ", " + (net > 0 ? "+" : "") + net : "") + ": ";
        answer.textContent = said + (dice === 0 ? "no dice to roll." : dice + (dice === 1 ? " die." : " dice."));
        if (dice > Number(field.max)) answer.textContent = said + dice + " dice (the chances are given for 1 to " + field.max + ").";
        if (dice < 1 || dice > Number(field.max)) return;
        field.value = String(dice);
        field.dispatchEvent(new Event("input"));  // the field's own reader takes it (diceField)
      };
      counter.addEventListener("input", count);
      counter.addEventListener("change", count);
      count();
    }
    pool.querySelector(".pool-roll").addEventListener("click", () => {
      const faces = throwFaces(n, q.qrs_sides(mod(t), 0));
      const tally = new Map();
      for (const f of faces) {
        const r = q.qrs_lookup(mod(t), state.column, f);
        tally.set(r, (tally.get(r) || 0) + 1);
      }
      const named = [...tally].sort((a, b) => a[0] - b[0])
        .map(([r, k]) => (r >= 0 ? titles[r] : "no row") + " \u00d7" + k);
      const thrown = pool.querySelector(".pool-thrown");
      thrown.textContent = "Rolled " + faces.join(", ") + ": " + named.join(", ");
      thrown.dataset.faces = faces.join(",");
    });
    show(false);
  }

  // Success dice (a table shown as printed, with a .success fieldset): the chance of each row
  // and of each count for the number of dice and the net modifiers chosen, read from the data
  // the page carries (.success-data: per number of dice, net modifier and a chain's first net
  // modifier, exact and as shown). The number of dice is checked when the player leaves the
  // field: a number out of 1..max goes back to the last good one.
  function playSuccess(fs) {
    const data = JSON.parse(fs.querySelector(".success-data").textContent);
    const modifier = fs.querySelector(".success-modifier");
    const first = fs.querySelector(".success-first");
    const show = () => {
      const at = data.dice[n - 1][Number(modifier.value) - data.lo][first ? Number(first.value) - data.first_lo : 0];
      // The rows are the page's own (their titles escaped by the template): each gets its chances.
      fs.querySelectorAll(".success-rows tbody tr").forEach((tr, r) => {
        for (const td of tr.querySelectorAll("td")) td.remove();
        for (const p of at.rows[r]) chanceCell(tr, "td", p[2], p);
      });
      const counts = fs.querySelector(".success-counts").tBodies[0];
      counts.replaceChildren();
      at.counts.forEach((p, k) => {
        const tr = counts.insertRow();
        chanceCell(tr, "th", String(k)).className = "value";
        chanceCell(tr, "td", p[2], p);
      });
      if (at.more) {
        const tr = counts.insertRow();
        chanceCell(tr, "th", at.more_label).className = "value";
        chanceCell(tr, "td", at.more[2], at.more);
      }
    };
    let n = diceField(fs.querySelector(".success-count"), (count) => { n = count; show(); });
    for (const select of [modifier, first]) if (select) select.addEventListener("change", show);
    show();
  }

  // Another table, from its start: nothing picked or ticked.
  function openTable(t) {
    state.table = t;
    state.column = 0;
    state.dice = Array(sideCount(t)).fill(null);
    state.mods = [];
    state.distance = "";
    state.types = [0, 0];
  }

  function change(mutate) {
    undo.push(fragment());
    mutate();
    fireSync();
    applyState();
    render();
  }

  // The die buttons of each side that rolls: every result its dice can make (the runtime's
  // range: a single roll's key, or an opposed side's base roll).
  sections.forEach((s, t) => {
    const success = s.querySelector("fieldset.success");
    if (success) playSuccess(success);
    if (!isRolled(s) && !isRange(s)) return;
    if (isRange(s)) {
      s.querySelector(".distance-input").addEventListener("input", (e) => change(() => { state.distance = e.target.value; }));
      s.addEventListener("change", (e) => {
        if (e.target.matches("input[data-column]")) change(() => { state.distance = ""; state.column = Number(e.target.dataset.column); });
      });
      return;
    }
    for (const box of s.querySelectorAll(".die-buttons")) {
      const side = Number(box.dataset.side);
      const [lo, hi] = dieRange(t, side);
      for (let k = lo; k <= hi; ++k) {
        if (!q.qrs_shows(mod(t), side, k)) continue;  // a d66 shows no 17
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.die = String(k);
        b.dataset.side = String(side);
        b.textContent = String(k);
        b.setAttribute("aria-label", box.dataset.keyName + " " + k);
        b.setAttribute("aria-pressed", "false");
        b.addEventListener("click", () => change(() => { state.dice[side] = k; }));
        box.append(b);
      }
    }
    for (const roll of s.querySelectorAll(".roll")) {
      const side = Number(roll.dataset.side);
      roll.addEventListener("click", () => {
        const faces = new Int32Array(q.memory.buffer, q.qrs_faces(), q.qrs_dice(mod(t), side));
        faces.set(throwFaces(faces.length, q.qrs_sides(mod(t), side)));
        const thrown = [...faces];
        change(() => { state.dice[side] = q.qrs_roll(mod(t), side); });
        roll.closest(".dice").querySelector(".thrown").textContent = "Rolled " + thrown.join(", ");
      });
    }
    const pool = s.querySelector("fieldset.pool");
    if (pool) playPool(s, t, pool);
    // A triggered check is rolled on its own table: the page goes there (Undo comes back).
    s.addEventListener("click", (e) => {
      const check = e.target.closest(".roll-check");
      if (!check) return;
      change(() => openTable(Number(check.dataset.check)));
      window.scrollTo(0, 0);
    });
    // Roll again (a row's `again`): the modifiers the row drops are unticked on both sides,
    // the others kept for the player to adjust, and the dice picked anew (Undo comes back).
    s.querySelector(".roll-again").addEventListener("click", () => {
      const rows = againRows(s).filter(Boolean);
      if (!rows.length) return;
      const named = new Set(rows.flatMap((row) => row.dataset.again.split(" ").filter(Boolean)));
      const dropped = new Set();
      for (const input of s.querySelectorAll("input[data-list]")) {
        if (named.has(input.closest(".list").dataset.tableId + "/" + input.dataset.id)) {
          dropped.add(input.dataset.list + "." + input.dataset.item);
        }
      }
      change(() => {
        state.mods = state.mods.filter((m) => !dropped.has(m.split(".").slice(0, 2).join(".")));
        state.dice = state.dice.map(() => null);
      });
    });
    const more = s.querySelector(".answer-more");
    more.addEventListener("click", () => {
      const open = s.querySelector(".answer").classList.toggle("open");
      more.setAttribute("aria-expanded", String(open));
      more.textContent = open ? "Less" : "More";
    });
    // Undo replaces the page's URL (it adds no entry to the browser's history).
    s.querySelector(".undo").addEventListener("click", () => {
      if (!undo.length) return;
      clearTimeout(urlTimer);
      history.replaceState(null, "", "#" + undo.pop());
      readFragment();
      fireSync();
      applyState();
      render();
    });
    s.querySelector(".reset").addEventListener("click", () => change(() => {
      state.dice = Array(sideCount(t)).fill(null);
      state.mods = [];
      state.column = 0;
      state.units = [];
      state.types = [0, 0];
    }));
    s.addEventListener("change", (e) => {
      if (e.target.matches("input, select") && !e.target.closest(".pool")) change(readInputs);  // the pool's count is its own
    });
    if (fire && fire.table === t) {
      // The firing units before the lists that modify the roll.
      const panel = document.getElementById("fire-combat").content.firstElementChild.cloneNode(true);
      (s.querySelector(".lists") || s.querySelector(".answer")).prepend(panel);
      panel.querySelector(".add-unit").addEventListener("click", () => change(() => {
        readInputs();
        const last = state.units[state.units.length - 1];
        state.units.push({ weapon: last ? last.weapon : fire.weapons[0] ? "0.0" : "1.0", stands: 1, distance: "", factors: 0 });
      }));
      panel.addEventListener("click", (e) => {
        const remove = e.target.closest(".remove-unit");
        if (!remove) return;
        const i = [...panel.querySelectorAll(".unit")].indexOf(remove.closest(".unit"));
        change(() => {
          readInputs();
          state.units.splice(i, 1);
          if (!state.units.length && fire.list) dropFireRow();
        });
      });
      // A distance is read as it is typed; stands when the player leaves the field (a change).
      panel.addEventListener("input", (e) => {
        if (e.target.matches(".unit-distance")) change(readInputs);
      });
    }
  });
  select.addEventListener("change", () => change(() => openTable(Number(select.value))));
  // A table wider than its box says that it scrolls sideways (sheet.css: .scrolls), on load and
  // whenever the page's width changes.
  const markScrolling = () => {
    for (const box of document.querySelectorAll(".matrix-wrap, .pool-odds-wrap, .printed .split-blocks, .as-printed .split-blocks")) {
      box.classList.toggle("scrolls", box.scrollWidth > box.clientWidth + 1);
    }
  };
  window.addEventListener("resize", markScrolling);
  for (const d of document.querySelectorAll("details.as-printed")) d.addEventListener("toggle", markScrolling);
  // Printing prints every table as printed: their drawings are opened for it, and closed after.
  let opened = [];
  window.addEventListener("beforeprint", () => {
    opened = [...document.querySelectorAll("details.as-printed:not([open])")];
    for (const d of opened) d.open = true;
  });
  window.addEventListener("afterprint", () => { for (const d of opened) d.open = false; });
  window.addEventListener("hashchange", () => { readFragment(); fireSync(); applyState(); render(); });
  readFragment();
  fireSync();
  applyState();
  render();
})();
