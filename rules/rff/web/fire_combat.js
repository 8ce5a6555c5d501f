// Fire combat on the web page (rff.package.yaml, page): the firing units of a fire, each one's
// fire points by weapon, stands and distance, the fire-point die roll modifier their total
// gives, and the fire modifiers their shares of it decide (sharpshooters, buck and ball in a
// charge, green: each unit's traits), all from the module's qrs_fire_* (qrs/rff/web_abi.cpp,
// the system's FireCombat). The
// page's script (templates/web/sheet.js) calls the hooks returned here, as docs/web.md says; the
// controls are fire_combat.html's templates. No rule lives here.
"use strict";
self.qrsProcedures.fire_combat = (sheet) => {
  const { q, state, sections, text, signed, wholeIn, decoded, inches, distanceHint, change, readInputs } = sheet;

  // The tables fire combat reads, found on the page by the ids the module names: the fire
  // effects rolled, the two weapon matrices, the factors a unit may have, and the fire-point
  // modifiers the total selects a row of.
  const [effects, ...matrices] = text(q.qrs_fire_tables()).split(" ");
  const [, , factorsId, pointsId, modifiersId] = matrices;
  const table = sections.findIndex((s) => sheet.isRolled(s) && s.dataset.id === effects);
  if (table < 0) return null;
  const weapons = [0, 1].map((kind) => {
    const m = sections.find((s) => sheet.isMatrix(s) && s.dataset.id === matrices[kind]);
    return m ? { title: m.querySelector("h2").textContent,
                 rows: [...m.querySelectorAll(".matrix tbody tr[data-id] th")].map((th) => th.textContent) } : null;
  });
  const factors = [...document.querySelectorAll('.factor-list[data-id="' + factorsId + '"] li')];
  const list = sections[table].querySelector('fieldset.list[data-table-id="' + pointsId + '"]');
  // What a unit can be (the fire modifiers' traits), and that list, some of whose modifiers the
  // units' shares of the fire points decide.
  const traits = Array.from({ length: q.qrs_fire_trait_count() }, (_, i) => {
    const [at, length] = new Int32Array(q.memory.buffer, q.qrs_fire_trait(i), 2);
    return new TextDecoder().decode(new Uint8Array(q.memory.buffer, at, length));
  });
  const modifiers = sections[table].querySelector('fieldset.list[data-table-id="' + modifiersId + '"]');
  // The firing units ({ weapon: "kind.row", parts: [{ stands, distance }], factors, traits }: a
  // unit's stands at each distance), and their total as the module last gave it.
  let units = [];
  let total;
  const kMaxParts = 8;
  // The most stands entries (a unit's stands at one distance) the module's fire combat takes.
  const capacity = q.qrs_fire_capacity();
  const entries = () => units.reduce((n, u) => n + u.parts.length, 0);

  // The units in the page's fragment: "kind.row-stands-distance-factors-traits" joined by "_",
  // a unit's stands and distances each joined by "~" (a link of before traits has four fields:
  // no traits). A distance is written with its "-", "_" and "~" escaped too.
  const escaped = (d) => encodeURIComponent(d).replace(/[-_~]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
  const write = () => units.map((u) => [u.weapon, u.parts.map((p) => p.stands).join("~"),
    u.parts.map((p) => escaped(p.distance)).join("~"), u.factors, u.traits].join("-")).join("_");
  // The fragment is input (a share link anyone can write): each number within what it indexes.
  const read = (value) => {
    units = (value || "").split("_").map((u) => u.split("-")).filter((u) => (u.length === 4 || u.length === 5) &&
      /^[01]\.\d{1,5}$/.test(u[0])).map(([weapon, stands, distances, bits, traitBits]) => {
      const ds = distances.split("~");
      return { weapon, parts: stands.split("~").slice(0, Math.min(ds.length, kMaxParts)).map((n, i) =>
                 ({ stands: wholeIn(n, 1, 99) ?? 1, distance: decoded(ds[i]).slice(0, 100) })),
               factors: wholeIn(bits, 0, 2 ** factors.length - 1) ?? 0,
               traits: wholeIn(traitBits ?? "0", 0, 2 ** traits.length - 1) ?? 0 };
    });
  };

  // The fire-point table's index among the module's modifier lists.
  const pointsList = () => list.querySelector("input[data-list]").dataset.list;
  // The fire-point row out of the modifiers (the units choose it, or none when the last goes).
  const dropPointsRow = () => {
    state.mods = state.mods.filter((m) => m.split(".")[0] !== pointsList() || m.split(".").length === 3);
  };

  // The fire modifiers the units decide: [item index, reached] of the list, as the module says.
  const decided = () => {
    const at = q.qrs_fire_decided();
    const n = new Int32Array(q.memory.buffer, at, 1)[0];
    const pairs = new Int32Array(q.memory.buffer, at + 4, 2 * n);
    return Array.from({ length: n }, (_, i) => [pairs[2 * i], pairs[2 * i + 1] === 1]);
  };
  // Which modifiers the units decide is the sheet's (their reach is the units'): their keys in
  // the state ("list.item") and their checkboxes, which the units tick (disabled while there are
  // units), else the player.
  const modifiersList = modifiers ? modifiers.querySelector("input[data-list]").dataset.list : "";
  const decidedItems = modifiers ? decided().map(([item]) => item) : [];
  const decidedKeys = decidedItems.map((item) => modifiersList + "." + item);
  const decidedInputs = decidedItems.map((item) => modifiers.querySelector('input[data-item="' + item + '"]')).filter(Boolean);
  // What the page says of a link naming more stands than the module takes.
  const tooMany = "More stands than the page takes (" + capacity + " distances at most)";

  // The units into the runtime's fire combat: each unit's points, the total, its modifier, and
  // the fire-point table's row it selects, chosen in that list for the roll; and the modifiers
  // their shares decide, chosen or not in theirs.
  const sync = () => {
    if (state.table !== table) return;
    if (list) list.disabled = units.length > 0;
    for (const input of decidedInputs) {
      input.disabled = units.length > 0;
      input.closest(".mod").classList.toggle("by-units", units.length > 0);
    }
    if (!units.length) return;
    if (list) dropPointsRow();
    q.qrs_fire_clear();
    // Each part of a unit is added as stands of its own, with the unit's weapon, factors and
    // traits; the unit's entries are [first, first + count) of the module's.
    let added = 0;
    for (const u of units) {
      const [kind, row] = u.weapon.split(".").map(Number);
      u.first = added;
      u.count = 0;
      u.refused = false;
      for (const p of u.parts) {
        const d = inches(p.distance);
        if (d === null) continue;
        if (q.qrs_fire_add(kind, row, p.stands, d[0], d[1], u.factors, u.traits) === 1) u.count++;
        else u.refused = true;  // past the module's capacity (a link that names more)
      }
      added += u.count;
      u.added = u.count > 0;
    }
    // In range, the points before rounding, the total rounded, its modifier, its row.
    const [inRange, , , num, den, modifier, row] = new Int32Array(q.memory.buffer, q.qrs_fire_total(), 7);
    total = { inRange: inRange === 1, num, den, modifier };
    if (list && total.inRange && row >= 0) state.mods.push(pointsList() + "." + row);
    if (!modifiers) return;
    decided().forEach(([, reached], i) => {
      state.mods = state.mods.filter((m) => m !== decidedKeys[i]);
      if (reached && total.inRange) state.mods.push(decidedKeys[i]);
    });
  };

  // Whether table t is the fire combat's with firing units, whether a distance is typed for any
  // of them (until then there is nothing to read), and whether none of their stands is in range.
  const firing = (t) => t === table && units.length > 0;
  const distanceTyped = () => units.some((u) => u.added);
  const noFire = (t) => firing(t) && distanceTyped() && total !== undefined && !total.inRange;
  const refused = () => units.some((u) => u.refused);
  const hold = (t) => (firing(t) && refused() ? tooMany
    : firing(t) && !distanceTyped() ? "Type each firing unit's distance"
    : noFire(t) ? "No stand in range: no fire" : "");

  // One firing unit's controls (template fire-unit), numbered for their labels.
  let unitNumber = 0;
  const unitItem = () => {
    const li = document.getElementById("fire-unit").content.firstElementChild.cloneNode(true);
    const n = ++unitNumber;
    const weapon = li.querySelector(".weapon");
    weapons.forEach((w, kind) => {
      if (!w) return;
      const group = document.createElement("optgroup");
      group.label = w.title;
      w.rows.forEach((name, row) => group.append(new Option(name, kind + "." + row)));
      weapon.append(group);
    });
    // A check box of the unit's, in `box`: its bit's index under `data`, its value (a factor's
    // "x 1/2"; a trait has none) and words.
    const check = (box, data, index, value, words) => {
      const label = document.createElement("label");
      label.className = "mod";
      label.innerHTML = '<input type="checkbox">' + (value ? '<span class="v"></span>' : "") + '<span class="t"></span>';
      label.querySelector("input").dataset[data] = String(index);
      if (value) label.querySelector(".v").textContent = value;
      label.querySelector(".t").textContent = words;
      li.querySelector(box).append(label);
    };
    traits.forEach((t, i) => check(".unit-traits", "trait", i, "", t));
    for (const f of factors) check(".unit-factors", "factor", f.dataset.item, f.querySelector(".v").textContent, f.querySelector(".t").textContent);
    li.querySelector(".remove-unit").setAttribute("aria-label", "Remove firing unit " + n);
    li.querySelector(".add-part").setAttribute("aria-label", "Stands of firing unit " + n + " at another distance");
    return li;
  };
  const partItem = () => document.getElementById("fire-part").content.firstElementChild.cloneNode(true);

  // The units as the state says: one item each, its inputs set where they differ (so that a
  // field being typed in keeps its place).
  const apply = (s) => {
    const box = s.querySelector(".fire .units");
    if (!box) return;
    s.querySelector(".fire .add-unit").hidden = entries() >= capacity;
    while (box.children.length > units.length) box.lastElementChild.remove();
    while (box.children.length < units.length) box.append(unitItem());
    // A field of `el` set to `v` where it differs.
    const set = (el, sel, v) => { const e = el.querySelector(sel); if (e.value !== String(v)) e.value = String(v); };
    units.forEach((u, i) => {
      const li = box.children[i];
      set(li, ".weapon", u.weapon);
      const parts = li.querySelector(".unit-parts");
      while (parts.children.length > u.parts.length) parts.lastElementChild.remove();
      while (parts.children.length < u.parts.length) parts.append(partItem());
      u.parts.forEach((p, j) => {
        const part = parts.children[j];
        set(part, ".stands", p.stands);
        set(part, ".unit-distance", p.distance);
        part.querySelector(".remove-part").hidden = j === 0;  // a unit keeps its first stands
      });
      li.querySelector(".add-part").hidden = u.parts.length >= kMaxParts || entries() >= capacity;
      for (const f of li.querySelectorAll(".unit-factors input")) f.checked = (u.factors & (1 << Number(f.dataset.factor))) !== 0;
      for (const t of li.querySelectorAll(".unit-traits input")) t.checked = (u.traits & (1 << Number(t.dataset.trait))) !== 0;
    });
  };

  // Stands are read when the player leaves the field (its change event): a whole number from
  // 1 to 99, else the part keeps the number it had.
  const readUnits = (s) => {
    if (!s.querySelector(".fire")) return;
    units = [...s.querySelectorAll(".fire .unit")].map((li, i) => ({
      weapon: li.querySelector(".weapon").value,
      parts: [...li.querySelectorAll(".unit-part")].map((part, j) => ({
        stands: wholeIn(part.querySelector(".stands").value.trim(), 1, 99) ?? units[i]?.parts[j]?.stands ?? 1,
        distance: part.querySelector(".unit-distance").value,
      })),
      factors: [...li.querySelectorAll(".unit-factors input:checked")].reduce((m, f) => m | (1 << Number(f.dataset.factor)), 0),
      traits: [...li.querySelectorAll(".unit-traits input:checked")].reduce((m, t) => m | (1 << Number(t.dataset.trait)), 0),
    }));
  };

  // Each unit's points and the total, as the module gave them.
  const render = (s) => {
    const panel = s.querySelector(".fire");
    if (!panel) return;
    const fraction = (num, den) => (den === 1 ? String(num) : num + "/" + den);
    [...panel.querySelectorAll(".unit")].forEach((li, i) => {
      const u = units[i];
      const out = li.querySelector(".unit-points");
      li.dataset.points = "";
      if (!u.added) {
        out.textContent = distanceHint;
        return;
      }
      // The unit's points: its stands at each distance together.
      const p = new Int32Array(q.memory.buffer, q.qrs_fire_units(u.first, u.count), 3);
      li.dataset.points = p[0] === 1 ? fraction(p[1], p[2]) : "";
      out.textContent = p[0] === 1 ? fraction(p[1], p[2]) + " fire points" : "Out of range";
    });
    const out = panel.querySelector(".fire-total");
    panel.dataset.total = panel.dataset.modifier = "";
    if (!units.length) {
      out.textContent = "";
    } else if (refused()) {
      out.textContent = tooMany;
    } else if (!distanceTyped()) {
      out.textContent = "Type each firing unit's distance";
    } else if (!total.inRange) {
      out.textContent = "No stand in range";
    } else {
      panel.dataset.total = fraction(total.num, total.den);
      panel.dataset.modifier = String(total.modifier);
      out.textContent = "Total " + panel.dataset.total + " fire points: " + signed(total.modifier);
    }
  };

  // The firing units panel, before the lists that modify the fire effects' roll.
  const setup = (s, t) => {
    if (t !== table) return;
    const panel = document.getElementById("fire-combat").content.firstElementChild.cloneNode(true);
    (s.querySelector(".lists") || s.querySelector(".answer")).prepend(panel);
    panel.querySelector(".add-unit").addEventListener("click", () => change(() => {
      readInputs();
      const last = units[units.length - 1];
      units.push({ weapon: last ? last.weapon : weapons[0] ? "0.0" : "1.0", parts: [{ stands: 1, distance: "" }], factors: 0,
                   traits: 0 });
    }));
    panel.addEventListener("click", (e) => {
      // A unit's stands at another distance, or those of one part removed.
      const unitOf = (el) => [...panel.querySelectorAll(".unit")].indexOf(el.closest(".unit"));
      const addPart = e.target.closest(".add-part"), removePart = e.target.closest(".remove-part");
      if (addPart) {
        change(() => {
          readInputs();
          units[unitOf(addPart)].parts.push({ stands: 1, distance: "" });
        });
        return;
      }
      if (removePart) {
        const part = [...removePart.closest(".unit-parts").children].indexOf(removePart.closest(".unit-part"));
        change(() => {
          readInputs();
          units[unitOf(removePart)].parts.splice(part, 1);
        });
        return;
      }
      const remove = e.target.closest(".remove-unit");
      if (!remove) return;
      const i = unitOf(remove);
      change(() => {
        readInputs();
        units.splice(i, 1);
        if (!units.length && list) dropPointsRow();
        // With the last unit gone, the modifiers the units decided are the player's, unticked.
        if (!units.length) state.mods = state.mods.filter((m) => !decidedKeys.includes(m));
      });
    });
    // A distance is read as it is typed; stands when the player leaves the field (a change).
    panel.addEventListener("input", (e) => {
      if (e.target.matches(".unit-distance")) change(readInputs);
    });
  };

  return { key: "u", write, read, sync, apply, readInputs: readUnits, hold, render, reset: () => { units = []; }, setup };
};
