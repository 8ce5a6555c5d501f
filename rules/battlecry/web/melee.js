// Melee on the web page (battlecry.package.yaml, page): each side's morale and melee modifiers,
// the dice they give, the odds of each side winning, and the melee of the flags rolled (thrown
// here or counted at the table), all from the module's qrs_melee_* (qrs/battlecry/web_abi.cpp,
// the system's melee procedures). The page's script (templates/web/sheet.js) calls the hooks
// returned here, as docs/web.md says; the controls are melee.html's templates. No rule lives
// here: the dice, the winner and what the loser suffers are the module's answers.
"use strict";
self.qrsProcedures.melee = (sheet) => {
  const { q, sections, text, chance, wholeIn, change, throwFaces } = sheet;

  // The melee outcome table (the panel goes beside it) and the melee modifiers, by the ids the
  // module names.
  const [outcomeId] = text(q.qrs_melee_tables()).split(" ");
  const section = sections.find((s) => s.dataset.id === outcomeId);
  if (!section) return null;
  const [oddsMax, throwMax, moraleMax, dieSides] = new Int32Array(q.memory.buffer, q.qrs_melee_limits(), 4);
  const bytes = (at, length) => new TextDecoder().decode(new Uint8Array(q.memory.buffer, at, length));
  const modifiers = Array.from({ length: q.qrs_melee_modifier_count() }, (_, i) => {
    const [value, valueLength, words, wordsLength] = new Int32Array(q.memory.buffer, q.qrs_melee_modifier(i), 4);
    return { value: bytes(value, valueLength), text: bytes(words, wordsLength) };
  });
  const names = ["Attacker", "Defender"];

  // Each side's morale (null until typed), its modifiers as bits, and the flags it rolled (null
  // until thrown or typed); the last throw's faces, shown until something else changes.
  let sides = [0, 1].map(() => ({ morale: null, bits: 0, flags: null }));
  let thrown = null;

  // The sides in the page's fragment: "morale-bits-flags" for each, joined by "_".
  const write = () => (sides.some((d) => d.morale !== null || d.bits || d.flags !== null)
    ? sides.map((d) => [d.morale ?? "", d.bits, d.flags ?? ""].join("-")).join("_") : "");
  // The fragment is input (a share link anyone can write): each number within what it indexes.
  const read = (value) => {
    const parts = (value || "").split("_");
    sides = [0, 1].map((i) => {
      const [morale, bits, flags] = (parts[i] || "").split("-");
      return { morale: wholeIn(morale, 0, moraleMax), bits: wholeIn(bits, 0, 2 ** modifiers.length - 1) ?? 0,
               flags: wholeIn(flags, 0, throwMax) };
    });
    thrown = null;
  };

  // The dice a side rolls (the module's count), or null: no morale yet, or modifiers that
  // cannot apply together (-1).
  const diceOf = (d) => {
    if (d.morale === null) return null;
    const n = q.qrs_melee_dice(d.morale, d.bits);
    return n < 0 ? null : n;
  };
  const diceWords = (n) => (n === 0 ? "no dice" : n + (n === 1 ? " die" : " dice"));
  const flagWords = (n) => n + (n === 1 ? " flag" : " flags");

  // One side's controls (template melee-side): its legend, morale, modifiers and flags.
  const sideBox = (i) => {
    const box = document.getElementById("melee-side").content.firstElementChild.cloneNode(true);
    box.dataset.side = String(i);
    box.querySelector("legend").textContent = names[i];
    box.querySelector(".melee-morale").max = String(moraleMax);
    box.querySelector(".melee-flags").max = String(throwMax);
    modifiers.forEach((m, bit) => {
      const label = document.createElement("label");
      label.className = "mod";
      label.innerHTML = '<input type="checkbox"><span class="v"></span><span class="t"></span>';
      label.querySelector("input").dataset.bit = String(bit);
      label.querySelector(".v").textContent = m.value;
      label.querySelector(".t").textContent = m.text;
      box.querySelector(".melee-modifiers").append(label);
    });
    return box;
  };

  // The inputs as the state says (each set where it differs, so that a field being typed in
  // keeps its place), and the answers: each side's dice, the odds, the melee of the flags.
  const apply = (s) => {
    const panel = s.querySelector(".melee");
    if (!panel) return;
    const dice = sides.map(diceOf);
    panel.querySelectorAll(".melee-side").forEach((box, i) => {
      const d = sides[i];
      const set = (sel, v) => { const e = box.querySelector(sel); if (e.value !== v) e.value = v; };
      set(".melee-morale", d.morale === null ? "" : String(d.morale));
      set(".melee-flags", d.flags === null ? "" : String(d.flags));
      for (const m of box.querySelectorAll(".melee-modifiers input")) m.checked = (d.bits & (1 << Number(m.dataset.bit))) !== 0;
      const out = box.querySelector(".melee-dice");
      out.dataset.dice = dice[i] === null ? "" : String(dice[i]);
      out.textContent = d.morale === null ? "Type the unit's morale (0 to " + moraleMax + ")."
        : dice[i] === null ? "These modifiers cannot apply together." : "Rolls " + diceWords(dice[i]) + ".";
    });
    const odds = panel.querySelector(".melee-odds");
    odds.textContent = "";
    delete odds.dataset.p;
    if (dice.every((n) => n !== null)) {
      const at = q.qrs_melee_odds(dice[0], dice[1]);
      if (!at) {
        odds.textContent = "The odds are given for up to " + oddsMax + " dice a side.";
      } else {
        const p = new BigInt64Array(q.memory.buffer, at, 4);
        const c = [0, 1, 2].map((k) => chance(p[k], p[3]));
        odds.dataset.p = c.map((x) => x.exact).join(" ");
        odds.textContent = "Odds: attacker wins " + c[0].text + ", defender wins " + c[1].text +
          ", a tie (no winner) " + c[2].text + ".";
      }
    }
    panel.querySelector(".melee-throw").disabled = !dice.every((n) => n !== null && n <= throwMax);
    panel.querySelector(".melee-thrown").dataset.faces = thrown ? thrown.map((faces) => faces.join(",")).join("|") : "";
    panel.querySelector(".melee-thrown").textContent = thrown ? thrown.map((faces, i) =>
      names[i] + " rolled " + (faces.length ? faces.join(", ") : "no dice") + " (" + flagWords(sides[i].flags) + ")").join("; ") + "." : "";
    const answer = panel.querySelector(".melee-answer");
    answer.textContent = "";
    delete answer.dataset.winner;
    if (sides.every((d) => d.flags !== null)) {
      const [winner, , , retreat, morale] = new Int32Array(q.memory.buffer, q.qrs_melee_flags(sides[0].flags, sides[1].flags), 5);
      answer.dataset.winner = ["attacker", "defender", "none"][winner];
      const score = flagWords(sides[0].flags) + " to " + sides[1].flags;
      if (winner === 2) {
        answer.textContent = "A tie (" + score + "): the rules name no winner.";
      } else {
        // What the loser suffers, named by the outcome table's columns (the result's fields).
        const column = (id) => s.querySelector('.matrix th[data-id="' + id + '"]');
        const said = [["retreat_hexes", retreat], ["morale_loss", morale]].filter(([id]) => column(id))
          .map(([id, v]) => column(id).textContent + " " + v).join(", ");
        answer.textContent = names[winner] + " wins (" + score + "). " + names[1 - winner] + ", the loser: " + said + ".";
      }
    }
  };

  // A change to one side: its morale or modifiers (the flags rolled before no longer stand), or
  // its flags. A number is taken as it is typed when it is whole and within its range (flags: at
  // most the side's dice); leaving a field puts back the number the state holds, so that a field
  // left empty or holding a wrong number shows what the answers read.
  const setup = (s) => {
    if (s !== section) return;
    const panel = document.getElementById("melee").content.firstElementChild.cloneNode(true);
    panel.querySelector(".melee-sides").append(sideBox(0), sideBox(1));
    (s.querySelector(".matrix-wrap") || s.querySelector(".table-head")).after(panel);
    panel.addEventListener("input", (e) => {
      const box = e.target.closest(".melee-side");
      if (!box) return;
      const d = sides[Number(box.dataset.side)];
      const typed = e.target.value.trim();
      if (e.target.matches(".melee-morale")) {
        const m = wholeIn(typed, 0, moraleMax);
        if (m !== null) change(() => { d.morale = m; d.flags = null; thrown = null; });
      } else if (e.target.matches(".melee-flags")) {
        const f = wholeIn(typed, 0, diceOf(d) ?? throwMax);
        if (f !== null) change(() => { d.flags = f; thrown = null; });
      } else if (e.target.matches(".melee-modifiers input")) {
        const bit = 1 << Number(e.target.dataset.bit);
        change(() => { d.bits = e.target.checked ? d.bits | bit : d.bits & ~bit; d.flags = null; thrown = null; });
      }
    });
    panel.addEventListener("change", (e) => {
      if (e.target.matches(".melee-morale, .melee-flags")) apply(s);
    });
    panel.querySelector(".melee-throw").addEventListener("click", () => {
      const dice = sides.map(diceOf);
      if (!dice.every((n) => n !== null && n <= throwMax)) return;
      const faces = dice.map((n) => throwFaces(n, dieSides));
      new Int32Array(q.memory.buffer, q.qrs_melee_faces(), dice[0] + dice[1]).set([...faces[0], ...faces[1]]);
      const r = new Int32Array(q.memory.buffer, q.qrs_melee_roll(dice[0], dice[1]), 3);
      const flags = [r[1], r[2]];
      change(() => { sides.forEach((d, i) => { d.flags = flags[i]; }); thrown = faces; });
    });
  };

  return { key: "e", write, read, apply, setup };
};
