// The page's dice pools (a part of the page: templates/web/sheet.js calls its hooks as it calls
// a system procedure's, docs/web.md): symbol dice rolled as a pool, with the chance that k or
// more of N dice show each symbol and the count of a unit's dice (qrs_pool_dice), and success
// dice with the chance of each count. The chances are the page's data, written by qrsc from the
// runtime's exact odds; a throw's faces are read by the module. No rule lives here.
"use strict";
self.qrsParts.dice_pools = (sheet) => {
  const { q, state, mod, throwFaces, markScrolling } = sheet;

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

  // A rolled table's pool (fieldset.pool), a success table's dice (fieldset.success).
  const setup = (s, t) => {
    const success = s.querySelector("fieldset.success");
    if (success) playSuccess(success);
    const pool = s.querySelector("fieldset.pool");
    if (pool && sheet.isRolled(s)) playPool(s, t, pool);
  };
  return { setup };
};
