// The interactive sheet's script: it draws and calls the sheet's WebAssembly module (the qrs
// runtime, runtime/qrs/web/abi.cpp) for every answer: the net modifier, which modifiers count,
// the row a roll selects, the odds, and a rolled die result. No rule lives here.
"use strict";
(async () => {
  const bytes = Uint8Array.from(atob(document.getElementById("module").textContent.trim()), (c) => c.charCodeAt(0));
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const q = instance.exports;
  const select = document.getElementById("table");
  const sections = [...document.querySelectorAll("section.sheet-table")];
  const state = { table: 0, column: 0, die: null, mods: [] };  // mods: "list.item" of the inputs set
  const undo = [];  // earlier fragments, for Undo
  let urlTimer = 0;

  const section = () => sections[state.table];
  const gcd = (a, b) => (b === 0n ? a : gcd(b, a % b));

  function fragment() {
    const parts = ["t=" + state.table, "c=" + state.column];
    if (state.die !== null) parts.push("k=" + state.die);
    if (state.mods.length) parts.push("m=" + state.mods.join(","));
    return parts.join("&");
  }

  function readFragment() {
    const f = new URLSearchParams(location.hash.slice(1));
    const table = Number(f.get("t"));
    state.table = Number.isInteger(table) && table >= 0 && table < sections.length ? table : 0;
    const column = Number(f.get("c"));
    state.column = Number.isInteger(column) && column >= 0 ? column : 0;
    const die = f.get("k");
    state.die = die !== null && die !== "" && Number.isInteger(Number(die)) ? Number(die) : null;
    state.mods = (f.get("m") || "").split(",").filter((m) => /^\d+\.\d+$/.test(m));
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
    for (const input of s.querySelectorAll("input[data-list]")) {
      input.checked = state.mods.includes(input.dataset.list + "." + input.dataset.item);
    }
    for (const b of s.querySelectorAll(".die-buttons button")) b.setAttribute("aria-pressed", String(Number(b.dataset.die) === state.die));
  }

  function readInputs() {
    const s = section();
    const column = s.querySelector("input[data-column]:checked");
    state.column = column ? Number(column.dataset.column) : 0;
    state.mods = [...s.querySelectorAll("input[data-list]:checked")].map((i) => i.dataset.list + "." + i.dataset.item);
  }

  function render() {
    const s = section();
    const t = state.table;
    const c = state.column;
    q.qrs_clear();
    for (const m of state.mods) {
      const [list, item] = m.split(".").map(Number);
      q.qrs_set(list, item, 1);
    }
    for (const input of s.querySelectorAll("input[data-list]")) {
      const label = input.closest(".mod");
      const counts = !input.checked || q.qrs_counts(Number(input.dataset.list), Number(input.dataset.item)) === 1;
      label.classList.toggle("not-counted", !counts);
      label.querySelector(".why").textContent = counts ? "" : "does not count";
    }
    const net = q.qrs_net(t);
    const signed = (n) => (n > 0 ? "+" + n : String(n));
    s.querySelector(".net").textContent = "net " + signed(net);
    const title = s.querySelector(".effect-title");
    const text = s.querySelector(".effect-text");
    const part = s.querySelector(".effect-part");
    const footnote = s.querySelector(".footnote");
    const sum = s.querySelector(".sum-label");
    title.textContent = text.textContent = part.textContent = footnote.textContent = "";
    s.dataset.row = "";
    for (const li of s.querySelectorAll(".row")) li.classList.remove("hit");
    if (state.die === null) {
      sum.textContent = "Pick a " + s.querySelector(".die-buttons").dataset.keyName;
    } else {
      const result = q.qrs_result(t, state.die);
      sum.textContent = state.die + (net === 0 ? "" : " " + signed(net) + " = " + result);
      const row = q.qrs_lookup(t, c, state.die);
      s.dataset.row = String(row);
      if (row >= 0) {
        const li = s.querySelector('.row[data-row="' + row + '"]');
        li.classList.add("hit");
        const num = li.querySelector(".num");
        title.textContent = li.querySelector(".row-title").textContent + (num ? " " + num.textContent : "");
        text.textContent = li.querySelector(".row-text").textContent;
        const p = q.qrs_part(t, c, state.die);
        const partText = p >= 0 ? s.querySelector('.parts [data-part="' + p + '"]') : null;
        part.textContent = partText ? partText.textContent : "";
      } else if (row === -2) {
        title.textContent = "Outside the table";
      } else {
        title.textContent = "?";
        footnote.textContent = [...s.querySelectorAll('.unknown [data-column="' + c + '"]')].map((u) => u.textContent).join(" ");
      }
    }
    const rows = s.querySelectorAll(".row");
    const at = q.qrs_odds(t, c);
    const odds = new BigInt64Array(q.memory.buffer, at, rows.length + 1);
    const total = odds[rows.length];
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
    // The state into the URL a moment after the last change: browsers limit how often a page
    // may replace its URL, and quick taps would reach that limit.
    clearTimeout(urlTimer);
    urlTimer = setTimeout(() => {
      const f = fragment();
      if (location.hash.slice(1) !== f) history.replaceState(null, "", "#" + f);
    }, 150);
    if (document.body.dataset.ready !== "1") performance.mark("qrs-first-answer");  // bench/web_first_answer.py
    document.body.dataset.ready = "1";
  }

  function change(mutate) {
    undo.push(fragment());
    mutate();
    applyState();
    render();
  }

  // The die buttons of each table: every die result its roll can make (the runtime's range).
  sections.forEach((s, t) => {
    const box = s.querySelector(".die-buttons");
    for (let k = q.qrs_key_lo(t); k <= q.qrs_key_hi(t); ++k) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.die = String(k);
      b.textContent = String(k);
      b.setAttribute("aria-label", box.dataset.keyName + " " + k);
      b.setAttribute("aria-pressed", "false");
      b.addEventListener("click", () => change(() => { state.die = k; }));
      box.append(b);
    }
    s.querySelector(".roll").addEventListener("click", () => {
      const dice = q.qrs_dice(t);
      const sides = q.qrs_sides(t);
      const faces = new Int32Array(q.memory.buffer, q.qrs_faces(), dice);
      const random = new Uint32Array(1);
      const limit = Math.floor(0x100000000 / sides) * sides;  // rejection sampling: every face equally likely
      for (let i = 0; i < dice; ++i) {
        do crypto.getRandomValues(random); while (random[0] >= limit);
        faces[i] = (random[0] % sides) + 1;
      }
      const thrown = [...faces];
      change(() => { state.die = q.qrs_roll(t); });
      s.querySelector(".thrown").textContent = "Rolled " + thrown.join(", ");
    });
    s.querySelector(".undo").addEventListener("click", () => {
      if (!undo.length) return;
      location.hash = undo.pop();
    });
    s.querySelector(".reset").addEventListener("click", () => change(() => { state.die = null; state.mods = []; state.column = 0; }));
    s.addEventListener("change", (e) => {
      if (e.target.matches("input")) change(readInputs);
    });
  });
  select.addEventListener("change", () => change(() => {
    state.table = Number(select.value);
    state.column = 0;
    state.die = null;
    state.mods = [];
  }));
  window.addEventListener("hashchange", () => { readFragment(); applyState(); render(); });
  readFragment();
  applyState();
  render();
})();
