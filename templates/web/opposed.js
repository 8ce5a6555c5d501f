// The page's opposed rolls (a part of the page: templates/web/sheet.js calls its hooks as it calls
// a system procedure's, docs/web.md): both sides' die results and net modifiers (a side's type
// modifier against the other's type included) settled by the module (qrs_settle, the runtime's
// qrs/opposed.hpp) into the key, the column read and the row, each side's row under a tie both
// sides read, and the odds of every row (qrs_opposed_odds). No rule lives here.
"use strict";
self.qrsParts.opposed = (sheet) => {
  const { q, state, signed, mixedNumber, mod, opposed, showRow, showOdds, againRows } = sheet;

  // The roll of an opposed table's section: the sum line, the answer and the odds; false for
  // any other table (the page reads a single roll itself).
  const roll = (s, t, sum) => {
    if (!opposed(t)) return false;
    const m = mod(t);
    const c = state.column;
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
    return true;
  };

  return { roll };
};
