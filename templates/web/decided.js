// The odds until decided (a part of the page: templates/web/sheet.js calls its hooks as it calls
// a system procedure's, docs/web.md): where a row's effect is to roll again (a Desperate
// Struggle), each row's chance once every such row has been rolled again without the modifiers
// it names, from the module (qrs_decided_odds, the runtime's qrs/decided_odds.hpp, as qrsc odds
// gives them with the modifiers named): a second figure beside each row's, "rolled again" for a
// row that rolls again, or qrsc's words for why there are none. No rule lives here.
"use strict";
self.qrsParts.decided = (sheet) => {
  const { q, state, mod, chance } = sheet;

  const render = (s) => {
    const note = s.querySelector(".decided");
    if (!note) return;
    const rows = s.querySelectorAll(".row");
    let odds = null;
    let why = "";
    try {
      const at = q.qrs_decided_odds(mod(state.table), state.column, state.types[0], state.types[1]);
      odds = at ? new BigInt64Array(q.memory.buffer, at, rows.length + 2) : null;
    } catch (e) {
      why = note.dataset.pastFractions;  // a chance past 64-bit fractions traps in the module
    }
    // The denominator: 0 never decided, -1 too many rolls, -2 not for a tie both sides read.
    const total = odds ? odds[rows.length + 1] : 1n;
    if (odds && total <= 0n) why = total === 0n ? note.dataset.never : total === -2n ? note.dataset.tieBoth : note.dataset.tooMany;
    note.querySelector(".decided-status").textContent = why ? ": " + why : "";
    rows.forEach((li, r) => {
      const given = odds && !why;
      const p = given && li.dataset.again === undefined ? chance(odds[r], total) : null;
      li.querySelector(".pd").textContent = p ? p.text : given ? "rolled again" : "";
      li.dataset.pd = p ? p.exact : "";
    });
    // The answer's odds of the result shown, until decided too.
    const hit = s.querySelector(".row.hit");
    if (hit && hit.dataset.pd) s.querySelector(".answer-odds").textContent += "; until decided " + hit.querySelector(".pd").textContent;
  };

  return { render };
};
