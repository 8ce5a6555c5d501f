// The page's range tables (a part of the page: templates/web/sheet.js calls its hooks as it calls
// a system procedure's, docs/web.md): a matrix whose columns are ranges, with a field for the
// distance. The column a distance falls in comes from the module (qrs_range_column, the header's
// column_for), the distance read as qrsc reads one (the page's `inches`); without a distance, the
// column the player picked. No rule lives here.
"use strict";
self.qrsParts.ranges = (sheet) => {
  const { q, state, change, inches, distanceHint, mixedNumber } = sheet;
  const isRange = (s) => s.dataset.matrix !== undefined;
  let distance = "";  // what the player typed

  // The distance in the page's fragment (d=), as typed.
  const write = () => (distance === "" ? "" : encodeURIComponent(distance));
  const read = (value) => { distance = (value || "").slice(0, 100); };

  // The field as the state says, and the column read: the distance's (which becomes the column
  // chosen), else the one picked.
  const apply = (s) => {
    if (!isRange(s)) return;
    const field = s.querySelector(".distance-input");
    if (field.value !== distance) field.value = distance;
    const answer = s.querySelector(".range-answer");
    const columns = [...s.querySelectorAll("input[data-column]")];
    const names = columns.map((i) => i.closest("label").textContent.trim());
    answer.textContent = "";
    s.dataset.column = String(state.column);
    if (distance.trim() !== "") {
      const d = inches(distance);
      const column = d ? q.qrs_range_column(Number(s.dataset.matrix), d[0], d[1]) : -1;
      s.dataset.column = String(column);
      if (!d) {
        answer.textContent = distanceHint;
      } else if (column < 0) {
        answer.textContent = mixedNumber(d[0], d[1]) + " in: beyond the longest range (" + names[names.length - 1] + ")";
      } else {
        state.column = column;
        columns[column].checked = true;
        answer.textContent = mixedNumber(d[0], d[1]) + " in is read in the " + names[column] + " column";
      }
    }
    const shown = Number(s.dataset.column);
    for (const cell of s.querySelectorAll(".matrix [data-column]")) cell.classList.toggle("hit", Number(cell.dataset.column) === shown);
  };

  // A distance is read as it is typed; a column picked clears it.
  const setup = (s) => {
    if (!isRange(s)) return;
    s.querySelector(".distance-input").addEventListener("input", (e) => change(() => { distance = e.target.value; }));
    s.addEventListener("change", (e) => {
      if (e.target.matches("input[data-column]")) change(() => { distance = ""; state.column = Number(e.target.dataset.column); });
    });
  };

  return { key: "d", write, read, apply, setup, open: () => { distance = ""; } };
};
