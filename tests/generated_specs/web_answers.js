// The web page's WebAssembly module answering the harness's questions in node, through the C
// ABI its page script calls (runtime/qrs/web/abi.cpp): stdin is a JSON list of pages, each
// {page, queries: [{table, set: [[side, list, item]...], lookups: [[column, die]...],
// odds: [[column, rows]...], shows: [die...] (optional: qrs_shows)}]}; stdout the answers in
// the same shape.
"use strict";
const fs = require("fs");

function moduleOf(page) {
  const html = fs.readFileSync(page, "utf8");
  const m = html.match(/<script type="application\/wasm-base64" id="module">([^<]*)<\/script>/);
  if (!m) throw new Error(page + ": no module");
  const wasm = new WebAssembly.Module(Buffer.from(m[1], "base64"));
  // Whatever the module imports (WASI's few calls) is given a function that does nothing.
  const imports = {};
  for (const i of WebAssembly.Module.imports(wasm)) {
    imports[i.module] = imports[i.module] || {};
    if (i.kind === "function") imports[i.module][i.name] = () => 0;
  }
  return new WebAssembly.Instance(wasm, imports).exports;
}

const pages = JSON.parse(fs.readFileSync(0, "utf8"));
const out = pages.map(({ page, queries }) => {
  const q = moduleOf(page);
  return queries.map(({ table, set, lookups, odds, shows }) => {
    q.qrs_clear();
    for (const [side, list, item] of set) q.qrs_set(side, list, item, 1);
    const net = q.qrs_net(table, 0);
    const rows = lookups.map(([c, die]) => q.qrs_lookup(table, c, die));
    const probs = odds.map(([c, n]) => {
      const at = q.qrs_odds(table, c);
      if (!at) return null;
      const v = new BigInt64Array(q.memory.buffer, at, n + 1);
      return Array.from(v, (x) => x.toString());
    });
    // whether the dice can write each number (a roll read as digits: a d66 cannot write 17)
    const written = (shows || []).map((die) => q.qrs_shows(table, 0, die));
    return { net, rows, odds: probs, shows: written, lo: q.qrs_key_lo(table), hi: q.qrs_key_hi(table) };
  });
});
process.stdout.write(JSON.stringify(out));
