// The sheet measured by the browser that prints it (qrsc adds this script to the copy it prints;
// the sheets it writes have no script). It runs once the page is laid out, before printing:
// 1. a table whose content is wider than its box (its column, or its share of a row of tables
//    side by side) is set smaller, a quarter point at a time, down to the smallest size a sheet
//    may use; the PDF is printed from the page as changed;
// 2. then it reports what still does not fit: a table wider than its box, a page taller than
//    its paper, text printed over text, text clipped by its box, type below the smallest size.
// The report is a hidden pre element (id qrs-measure), one line per finding, tab-separated:
//   problem|fix <TAB> page <TAB> table id (or "-") <TAB> what
// qrsc reads it back from Chromium's --dump-dom output.
(function () {
  var PT = 96 / 72;      // CSS pixels per point
  var MIN_PT = 6.5;      // the smallest type a sheet may set (docs/sheets.md)
  var STEP_PT = 0.25;    // how much smaller a table is set per try
  var SLACK = 0.5;       // pixels: rounding of borders and glyph side bearings
  var lines = [];
  function pt(px) { return (px / PT).toFixed(1) + 'pt'; }
  function pageOf(el) { var p = el.closest('.page'); return p ? p.id.replace('page-', '') : '-'; }
  function tableOf(el) { var t = el.closest('.table'); return t ? t.id.replace(/^t-/, '') : '-'; }
  function report(kind, el, what) { lines.push([kind, pageOf(el), tableOf(el), what].join('\t')); }

  // How far a table's content reaches past its box (pixels, 0 when it fits).
  function overhang(t) {
    var box = t.getBoundingClientRect(), over = 0;
    var all = t.querySelectorAll('table, th, td, p, li, h3, h4, span, b');
    for (var i = 0; i < all.length; i++) {
      var r = all[i].getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      over = Math.max(over, r.right - box.right, box.left - r.left);
    }
    return over > SLACK ? over : 0;
  }

  var tables = document.querySelectorAll('.page .table');
  for (var i = 0; i < tables.length; i++) {
    var t = tables[i];
    if (overhang(t) === 0) continue;
    var size = parseFloat(getComputedStyle(t).fontSize) / PT;
    var start = size;
    while (overhang(t) > 0 && size - STEP_PT >= MIN_PT - 1e-6) {
      size -= STEP_PT;
      t.style.fontSize = size + 'pt';
    }
    if (size !== start) report('fix', t, 'set at ' + size.toFixed(2) + 'pt (from ' + start.toFixed(2) + 'pt) to fit its column');
    var left = overhang(t);
    if (left > 0) report('problem', t, pt(left) + ' wider than its column, even at ' + size.toFixed(2) + 'pt');
  }

  // A page taller than the paper's printable area spills onto another printed page. On screen
  // a page is at least its paper's height (sheet.css); what does not fit makes it taller.
  var pages = document.querySelectorAll('.page');
  for (var p = 0; p < pages.length; p++) {
    var page = pages[p], min = parseFloat(getComputedStyle(page).minHeight);
    var height = page.getBoundingClientRect().height;
    if (!(height > min + 1) || page.querySelector('.flow') !== null) continue;
    var cols = page.querySelectorAll('.col'), tallest = null;
    for (var c = 0; c < cols.length; c++) {
      if (!tallest || cols[c].getBoundingClientRect().bottom > tallest.getBoundingClientRect().bottom) tallest = cols[c];
    }
    var last = tallest ? tallest.querySelectorAll('.table') : [];
    report('problem', last.length ? last[last.length - 1] : page, pt(height - min) + ' taller than the paper');
  }

  // Text: every line box of every text node, for overlap, clipping and size.
  var runs = [];
  var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (var n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!/\S/.test(n.data) || !n.parentElement || !n.parentElement.closest('.page')) continue;
    var el = n.parentElement, cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') continue;
    var size = parseFloat(cs.fontSize) / PT;
    if (size < MIN_PT - 0.01) report('problem', el, 'type set at ' + size.toFixed(2) + 'pt, below ' + MIN_PT + 'pt: "' + n.data.trim().slice(0, 30) + '"');
    var range = document.createRange();
    range.selectNodeContents(n);
    var rects = range.getClientRects();
    for (var k = 0; k < rects.length; k++) {
      var r = rects[k];
      if (r.width < 0.5) continue;
      // The middle of the line box: neighbouring lines' boxes touch by design.
      var dy = r.height * 0.25;
      runs.push({ el: el, x0: r.left + 0.5, x1: r.right - 0.5, y0: r.top + dy, y1: r.bottom - dy, text: n.data.trim() });
    }
  }
  runs.sort(function (a, b) { return a.x0 - b.x0; });
  var seen = {};
  for (var a = 0; a < runs.length; a++) {
    for (var b = a + 1; b < runs.length && runs[b].x0 < runs[a].x1; b++) {
      var A = runs[a], B = runs[b];
      if (B.y0 < A.y1 && A.y0 < B.y1 && A.el !== B.el) {
        var key = tableOf(A.el) + '|' + tableOf(B.el);
        if (seen[key]) continue;
        seen[key] = true;
        report('problem', A.el, 'text over text: "' + A.text.slice(0, 30) + '" and "' + B.text.slice(0, 30) + '" (table ' + tableOf(B.el) + ')');
      }
    }
  }

  // Text cut off by a box that hides what does not fit (the footer's legend).
  var boxes = document.querySelectorAll('.page *');
  for (var e = 0; e < boxes.length; e++) {
    var ov = getComputedStyle(boxes[e]).overflowX;
    if ((ov === 'hidden' || ov === 'clip') && boxes[e].scrollWidth > boxes[e].clientWidth + 1) {
      report('problem', boxes[e], 'text clipped: "' + boxes[e].textContent.trim().slice(0, 40) + '"');
    }
  }

  var out = document.createElement('pre');
  out.id = 'qrs-measure';
  out.hidden = true;
  out.textContent = '\n' + lines.join('\n') + '\n';
  document.body.appendChild(out);
})();
