// The sheet fits itself: every printable sheet carries this script, which runs in the browser
// that shows or prints it, once the page is laid out and again before it is printed, so that a
// reader printing the HTML gets what qrsc's PDF prints (qrsc prints the same page in Chromium).
// 1. A table whose content is wider than its box (its column, or its share of a row of tables
//    side by side) is fixed, each step only while it is still too wide, the same way every time:
//    a. its column headings held on one line (a matrix's, as the published sheets print them)
//       wrap at their spaces;
//    b. its text columns, widest first, one at a time, let their cells wrap (row names and
//       other text held on one line or to a width);
//    c. it is set smaller, a quarter point at a time, down to the smallest size a sheet may use.
//    What was done is kept on the table (data-fit), so running again changes nothing that fits.
// 2. Then it reports what still does not fit: a table wider than its box, a page taller than
//    its paper, text printed over text, text clipped by its box, type below the smallest size.
// The report is a hidden pre element (id qrs-measure), one line per finding, tab-separated:
//   problem|fix <TAB> page <TAB> table id (or "-") <TAB> what
// qrsc reads it back from Chromium's --dump-dom output and fails the PDF on a problem.
// It measures the document, or the shadow root the web page draws its printed sheet in
// (window.qrsSheetRoot, templates/web/sheet.html.mustache).
(function (root) {
  var PT = 96 / 72;      // CSS pixels per point
  var MIN_PT = 6.5;      // the smallest type a sheet may set (docs/sheets.md)
  var STEP_PT = 0.25;    // how much smaller a table is set per try
  var SLACK = 0.5;       // pixels: rounding of borders and glyph side bearings
  var SAME_COLUMN = 1;   // pixels: cells whose left edges are this close are one column
  var BREAKABLE = /\S\s+\S/;       // text with a space it can break at
  var WORDS = /[A-Za-z]{2}/;       // ... and words in it, not a number with its unit ("12 / 18")
  function pt(px) { return (px / PT).toFixed(1) + 'pt'; }
  function pageOf(el) { var p = el.closest('.page'); return p ? p.id.replace('page-', '') : '-'; }
  function tableOf(el) { var t = el.closest('.table'); return t ? t.id.replace(/^t-/, '') : '-'; }
  function each(list, f) { for (var i = 0; i < list.length; i++) f(list[i], i); }

  // How far a table's content reaches past its box (pixels, 0 when it fits).
  function overhang(t) {
    var box = t.getBoundingClientRect(), over = 0;
    each(t.querySelectorAll('table, th, td, p, li, h3, h4, span, b'), function (el) {
      var r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return;
      over = Math.max(over, r.right - box.right, box.left - r.left);
    });
    return over > SLACK ? over : 0;
  }

  // A cell held on one line (white-space) or to a width (min-width) whose text could break.
  function heldCell(cell) {
    var cs = getComputedStyle(cell), text = cell.textContent;
    return (cs.whiteSpace === 'nowrap' || parseFloat(cs.minWidth) > 0) && BREAKABLE.test(text.trim());
  }
  function letWrap(cell) {
    cell.style.whiteSpace = 'normal';
    cell.style.minWidth = '0';
  }
  function recordFix(t, what) {
    var done = t.getAttribute('data-fit');
    t.setAttribute('data-fit', done ? done + '\n' + what : what);
  }

  // a. Column headings wrap at their spaces.
  function wrapHeadings(t) {
    var held = [];
    each(t.querySelectorAll('thead th'), function (th) { if (heldCell(th)) held.push(th); });
    each(held, letWrap);
    if (held.length) recordFix(t, 'column headings wrapped to fit its column');
    return held.length > 0;
  }

  // The body columns of each table element of a table box, found by where their cells start
  // (so that spanning rows need no bookkeeping): { cells, width, name } with the column's
  // heading as its name, when it has one of its own.
  function columnsOf(t) {
    var out = [];
    each(t.querySelectorAll('table'), function (table) {
      var cols = [];
      function columnAt(cell) {
        var left = cell.getBoundingClientRect().left, col = null;
        each(cols, function (c) { if (!col && Math.abs(c.left - left) < SAME_COLUMN) col = c; });
        if (!col) cols.push(col = { left: left, cells: [], width: 0, name: '' });
        return col;
      }
      each(table.querySelectorAll('tbody > tr > *'), function (cell) {
        if (cell.colSpan !== 1 || cell.closest('table') !== table) return;
        var col = columnAt(cell);
        col.cells.push(cell);
        col.width = Math.max(col.width, cell.getBoundingClientRect().width);
      });
      each(table.querySelectorAll('thead th'), function (th) {
        if (th.colSpan === 1 && th.textContent.trim()) columnAt(th).name = th.textContent.trim();
      });
      out = out.concat(cols.filter(function (c) { return c.cells.length > 0; }));
    });
    return out;
  }

  // b. The widest text column whose cells are held lets them wrap; false when none is left.
  // Its heading is step a's.
  function wrapWidestTextColumn(t) {
    var widest = null;
    each(columnsOf(t), function (col) {
      var text = col.cells.some(function (c) { return heldCell(c) && WORDS.test(c.textContent); });
      if (text && (!widest || col.width > widest.width)) widest = col;
    });
    if (!widest) return false;
    each(widest.cells, letWrap);
    var name = widest.name ? 'column "' + widest.name.slice(0, 30) + '"' : widest.cells[0].tagName === 'TH' ? 'row names' : 'a column';
    recordFix(t, name + ' wrapped to fit its column');
    return true;
  }

  // c. Set smaller, a quarter point at a time, down to the smallest size.
  function shrink(t) {
    var size = parseFloat(getComputedStyle(t).fontSize) / PT, start = size;
    while (overhang(t) > 0 && size - STEP_PT >= MIN_PT - 1e-6) {
      size -= STEP_PT;
      t.style.fontSize = size + 'pt';
    }
    if (size !== start) recordFix(t, 'set at ' + size.toFixed(2) + 'pt (from ' + start.toFixed(2) + 'pt) to fit its column');
    return size;
  }

  function fit(report) {
    each(root.querySelectorAll('.page .table'), function (t) {
      if (overhang(t) === 0) return;
      if (wrapHeadings(t) && overhang(t) === 0) return;
      while (wrapWidestTextColumn(t)) {
        if (overhang(t) === 0) return;
      }
      var size = shrink(t), left = overhang(t);
      if (left > 0) report('problem', t, pt(left) + ' wider than its column, even at ' + size.toFixed(2) + 'pt');
    });
  }

  // A page taller than the paper's printable area spills onto another printed page. On screen
  // a page is at least its paper's height (sheet.css); what does not fit makes it taller.
  function measurePages(report) {
    each(root.querySelectorAll('.page'), function (page) {
      var min = parseFloat(getComputedStyle(page).minHeight);
      var height = page.getBoundingClientRect().height;
      if (!(height > min + 1) || page.querySelector('.flow') !== null) return;
      var tallest = null;
      each(page.querySelectorAll('.col'), function (col) {
        if (!tallest || col.getBoundingClientRect().bottom > tallest.getBoundingClientRect().bottom) tallest = col;
      });
      var last = tallest ? tallest.querySelectorAll('.table') : [];
      report('problem', last.length ? last[last.length - 1] : page, pt(height - min) + ' taller than the paper');
    });
  }

  // Text: every line box of every text node, for overlap and size.
  function measureText(report) {
    var runs = [];
    var walker = document.createTreeWalker(root === document ? document.body : root, NodeFilter.SHOW_TEXT);
    for (var n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!/\S/.test(n.data) || !n.parentElement || !n.parentElement.closest('.page')) continue;
      var el = n.parentElement, cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden') continue;
      var size = parseFloat(cs.fontSize) / PT;
      if (size < MIN_PT - 0.01) report('problem', el, 'type set at ' + size.toFixed(2) + 'pt, below ' + MIN_PT + 'pt: "' + n.data.trim().slice(0, 30) + '"');
      var range = document.createRange();
      range.selectNodeContents(n);
      each(range.getClientRects(), function (r) {
        if (r.width < 0.5) return;
        // The middle of the line box: neighbouring lines' boxes touch by design.
        var dy = r.height * 0.25;
        runs.push({ el: el, x0: r.left + 0.5, x1: r.right - 0.5, y0: r.top + dy, y1: r.bottom - dy, text: n.data.trim() });
      });
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
  }

  // Text cut off by a box that hides what does not fit (the footer's legend).
  function measureClipping(report) {
    each(root.querySelectorAll('.page *'), function (box) {
      var ov = getComputedStyle(box).overflowX;
      if ((ov === 'hidden' || ov === 'clip') && box.scrollWidth > box.clientWidth + 1) {
        report('problem', box, 'text clipped: "' + box.textContent.trim().slice(0, 40) + '"');
      }
    });
  }

  function run() {
    var lines = [];
    function report(kind, el, what) { lines.push([kind, pageOf(el), tableOf(el), what].join('\t')); }
    fit(report);
    each(root.querySelectorAll('.page .table[data-fit]'), function (t) {
      each(t.getAttribute('data-fit').split('\n'), function (what) { report('fix', t, what); });
    });
    measurePages(report);
    measureText(report);
    measureClipping(report);
    var out = root.getElementById('qrs-measure');
    if (!out) {
      out = document.createElement('pre');
      out.id = 'qrs-measure';
      out.hidden = true;
      (root === document ? document.body : root).appendChild(out);
    }
    out.textContent = '\n' + lines.join('\n') + '\n';
  }

  // The web page's printed sheet is laid out only for a print: it is fitted then alone.
  if (root === document) run();
  window.addEventListener('beforeprint', run);
})(window.qrsSheetRoot || document);
