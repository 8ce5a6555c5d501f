// The interactive sheet's script: it draws and calls the sheet's WebAssembly module (the qrs
// runtime, runtime/qrs/web/abi.cpp) for every answer: the net modifier, which modifiers count,
// the row a roll selects, the odds, and a rolled die result. Opposed rolls, dice pools, range
// tables and a system's procedures are parts of the page in scripts of their own (self.qrsParts,
// self.qrsProcedures: the hooks each gives this script, below). No rule lives here.
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
  // types: each side's type (a column) where an opposed roll reads the loser's or the winner's.
  const state = { table: firstRolled, column: 0, dice: [null], mods: [], types: [0, 0] };
  const undo = [];  // earlier fragments, for Undo
  let urlTimer = 0;

  const section = () => sections[state.table];
  const gcd = (a, b) => (b === 0n ? a : gcd(b, a % b));
  // A chance as the page shows one, from the module's exact numerator and denominator (BigInts):
  // its percent to the nearest tenth, half up, as qrsc writes it (percent_text in
  // compiler/model/percent_text.hpp: "<0.1%" for a chance that rounds to nothing but can happen,
  // ">99.9%" for one that rounds to 100 but can fail), and its reduced fraction.
  const chance = (n, total) => {
    if (total <= 0n) return { percent: 0, text: "0.0%", exact: "0/1" };
    const g = n === 0n ? total : gcd(n, total);
    const tenths = (n * 2000n + total) / (2n * total);
    const text = n > 0n && tenths === 0n ? "<0.1" : n < total && tenths === 1000n ? ">99.9"
      : (tenths / 10n) + "." + (tenths % 10n);
    return { percent: Number(tenths) / 10, text: text + "%", exact: (n / g) + "/" + (total / g) };
  };
  // What the page says where a distance typed is none (every field that takes one).
  const distanceHint = "Type a distance in inches, such as 6, 6 1/2 or 6.5";
  // The page's sections are the printed sheet's tables in its order; a rolled table's index in
  // the module is its data-table.
  const isRolled = (s) => s.dataset.table !== undefined;
  const isMatrix = (s) => s.classList.contains("matrix-table");  // a table read, not rolled
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

  function fragment() {
    const out = ["t=" + state.table, "c=" + state.column];
    if (state.dice.some((d) => d !== null)) out.push("k=" + state.dice.map((d) => (d === null ? "" : d)).join(","));
    if (state.mods.length) out.push("m=" + state.mods.join(","));
    if (state.types.some((y) => y !== 0)) out.push("y=" + state.types.join(","));
    for (const p of parts.filter((p) => p.key)) {
      const value = p.write();
      if (value) out.push(p.key + "=" + value);
    }
    return out.join("&");
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

  // The parts of the page: its own (templates/web/dice_pools.js, ranges.js, opposed.js) and its
  // sheet's system procedures' (their packages' `page:` files), each a script before this one.
  // Each is given the page's interface and returns its hooks (docs/web.md), or null where the
  // page lacks what it needs. The hooks: `key` and write() and read(value), its state in the
  // fragment; sync(), after each change and before the inputs are drawn (it may choose
  // modifiers); apply(s) and readInputs(s), its inputs from and into its state; hold(t), the
  // words that stand for the answer where the roll cannot be read yet, or ""; roll(s, t, sum),
  // true where it reads the table's roll itself (an opposed roll); render(s), its answers;
  // reset(), the table's Reset; open(), another table opened from its start; setup(s, t), its
  // controls on each table's section.
  const sheet = { q, state, sections, text, signed, chance, mixedNumber, wholeIn, decoded, inches, distanceHint, isRolled, isMatrix, mod, throwFaces,
                  opposed, showRow, showOdds, againRows,
                  change: (mutate) => change(mutate), readInputs: () => readInputs(), markScrolling: () => markScrolling() };
  // A part that cannot start (its procedure's module exports missing, say) is left out, and the
  // rest of the page still answers.
  const start = ([id, make]) => {
    try {
      return make(sheet);
    } catch (e) {
      console.error("the page's part " + id + " did not start:", e);
      return null;
    }
  };
  const parts = [...Object.entries(self.qrsParts), ...Object.entries(self.qrsProcedures)].map(start).filter(Boolean);
  const each = (hook, ...args) => parts.map((p) => (p[hook] ? p[hook](...args) : undefined));

  function readFragment() {
    const f = new URLSearchParams(location.hash.slice(1));
    state.table = wholeIn(f.get("t"), 0, sections.length - 1) ?? firstRolled;
    const s = sections[state.table];
    state.column = wholeIn(f.get("c"), 0, lastIndex(s, "input[data-column]")) ?? 0;
    const dice = (f.get("k") || "").split(",");
    state.dice = Array.from({ length: sideCount(state.table) }, (_, i) =>
      (isRolled(s) ? shownDie(wholeIn(dice[i], ...dieRange(state.table, i)), i) : null));
    state.mods = (f.get("m") || "").split(",").filter((m) => /^\d{1,5}\.\d{1,5}(\.1)?$/.test(m));
    state.types = [0, 1].map((i) => wholeIn((f.get("y") || "").split(",")[i], 0, lastIndex(s, 'input[data-type-side="' + i + '"]')) ?? 0);
    for (const p of parts.filter((p) => p.key)) p.read(f.get(p.key));
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
    for (const input of s.querySelectorAll("input[data-list]")) {
      if (input.type === "number") input.value = String(Math.min(times(input), Number(input.max)));
      else input.checked = state.mods.includes(modKey(input));
    }
    for (const b of s.querySelectorAll(".die-buttons button")) {
      b.setAttribute("aria-pressed", String(Number(b.dataset.die) === state.dice[Number(b.dataset.side)]));
    }
    each("apply", s);
  }

  // The modifiers as the inputs show them. A count typed in is read when the player leaves the
  // field: a whole number (past its most, its most: the occurrences past it do not count), else
  // the count it had.
  function readModifiers(s) {
    state.mods = [...s.querySelectorAll("input[data-list]")].flatMap((input) => {
      if (input.type !== "number") return input.checked ? [modKey(input)] : [];
      const most = Number(input.max);
      const typed = wholeIn(input.value.trim(), 0, 255);
      return Array(Math.min(typed ?? times(input), most)).fill(modKey(input));
    });
  }

  function readInputs() {
    const s = section();
    const column = s.querySelector("input[data-column]:checked");
    state.column = column ? Number(column.dataset.column) : 0;
    readModifiers(s);
    state.types = [0, 1].map((side) => Number((s.querySelector('input[data-type-side="' + side + '"]:checked') || { dataset: { type: 0 } }).dataset.type));
    each("readInputs", s);
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
      const c = chance(odds[r], total);
      const p = li.querySelector(".p");
      p.textContent = c.text;
      li.dataset.p = c.exact;
      p.title = li.dataset.p;
      li.querySelector(".bar span").style.width = c.percent + "%";
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

  function render() {
    const s = section();
    if (!isRolled(s)) {
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
        // As qrsc lookup names one: "+1 (Veteran)", "0 (6 pts.)".
        const words = label.querySelector(".v").textContent + " (" + label.querySelector(".t").textContent + ")";
        set[side].push({ words: words + times, counts });
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
    if (!each("roll", s, t, sum).some(Boolean)) {
      // A single roll (a part reads another kind: an opposed roll, templates/web/opposed.js).
      const net = q.qrs_net(m, 0);
      s.querySelector(".net").textContent = "net " + signed(net);
      const die = state.dice[0];
      const held = each("hold", t).find(Boolean);
      if (die === null) {
        sum.textContent = "Pick a " + s.querySelector(".die-buttons").dataset.keyName;
      } else if (held) {
        // A procedure with nothing to read yet (firing units without a distance, say).
        sum.textContent = String(die);
        s.querySelector(".effect-title").textContent = held;
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
    each("render", s);
    finish();
  }

  function finish() {
    // The state into the URL a moment after the last change: browsers limit how often a page
    // may replace its URL, and quick taps would reach that limit.
    // data-linked says whether the URL holds the state shown (tests wait on it).
    clearTimeout(urlTimer);
    document.body.dataset.linked = "0";
    urlTimer = setTimeout(() => {
      const f = fragment();
      if (location.hash.slice(1) !== f) history.replaceState(null, "", "#" + f);
      document.body.dataset.linked = "1";
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

  // Another table, from its start: nothing picked or ticked.
  function openTable(t) {
    state.table = t;
    state.column = 0;
    state.dice = Array(sideCount(t)).fill(null);
    state.mods = [];
    state.types = [0, 0];
    each("open");
  }

  function change(mutate) {
    undo.push(fragment());
    mutate();
    each("sync");
    applyState();
    render();
  }

  sections.forEach((s, t) => {
    each("setup", s, t);  // each part's controls (a pool, success dice, firing units)
    if (!isRolled(s)) return;
    // The die buttons of each side that rolls: every result its dice can make (the runtime's
    // range: a single roll's key, or an opposed side's base roll).
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
      each("sync");
      applyState();
      render();
    });
    s.querySelector(".reset").addEventListener("click", () => change(() => {
      state.dice = Array(sideCount(t)).fill(null);
      state.mods = [];
      state.column = 0;
      each("reset");
      state.types = [0, 0];
    }));
    s.addEventListener("change", (e) => {
      if (e.target.matches("input, select") && !e.target.closest(".pool")) change(readInputs);  // the pool's count is its own
    });
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
  // A link's modifiers, as the inputs can show them, are the modifiers answered: read back from
  // the inputs, a link that names two members of one exclusive group (a radio group) keeps the
  // one shown, where the module, told both, would stop (qrs::detail::exclusive_members_apply).
  const openFragment = () => {
    readFragment();
    each("sync");
    applyState();
    if (isRolled(section())) readModifiers(section());
    render();
  };
  window.addEventListener("hashchange", openFragment);
  openFragment();
})();
