// The web page's WebAssembly module answering the harness's questions in node, through the C
// ABI its page script calls (runtime/qrs/web/abi.cpp): stdin is a JSON list of pages, each
// {page, queries: [{table, set: [[side, list, item, count]...] (count: how many times it occurs,
// 1 where left out), lookups: [[column, die]...],
// odds: [[column, rows]...], shows: [die...] (optional: qrs_shows), and for an opposed roll
// (optional) type_modifiers: [[side, attacker type, defender type]...] (qrs_type_modifier),
// settle: [[column, attacker roll, defender roll, attacker type, defender type]...]
// (qrs_settle's ten numbers) and opposed_odds: [[column, attacker type, defender type,
// rows]...] (qrs_opposed_odds: the rows', the share no row reads, the denominator); where a
// side reads modifiers for some types only, side_types: [[side, type]...] and type_items:
// [[side, list, item]...]: for each side_types entry the side's type is set (qrs_set_type;
// -1 none) and its qrs_net, and qrs_applies and qrs_counts of each of its type_items, are
// answered, then its type is set back to none}]}; a query {pool: [[matrix, row, column, M,
// net]...]} asks only qrs_pool_dice (a dice matrix's counts) and is answered {pool: [...]}; a
// query {table, cases: [{set, decided: [[column, attacker type, defender type, rows]...]}...]}
// asks only qrs_decided_odds, each case with its own modifiers set, and is answered {cases:
// [[rows + 2 numbers, null or "trap"...]...]}; stdout the answers in the same shape.
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
  // The odds until decided: qrs_decided_odds(table, column, attacker type, defender type), rows
  // + 2 numbers (the rows', no row read's, the denominator) or null.
  // A result past 64-bit fractions traps in the module (as the page catches it): "trap".
  const decidedOf = (table, decided) => decided.map(([c, a, d, n]) => {
    let at;
    try {
      at = q.qrs_decided_odds(table, c, a, d);
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) return "trap";
      throw e;
    }
    return at ? Array.from(new BigInt64Array(q.memory.buffer, at, n + 2), (x) => x.toString()) : null;
  });
  return queries.map(({ table, set, lookups, odds, shows, type_modifiers, settle, opposed_odds, side_types, type_items, pool, cases }) => {
    // A dice matrix's counts: qrs_pool_dice(matrix, row, column, M, net) for each entry.
    if (pool) return { pool: pool.map(([m, r, c, base, net]) => q.qrs_pool_dice(m, r, c, base, net)) };
    // Cases of the odds until decided: each its modifiers set, then its qrs_decided_odds.
    if (cases) {
      return { cases: cases.map((k) => {
        q.qrs_clear();
        for (const [side, list, item, count] of k.set) q.qrs_set(side, list, item, count);
        return decidedOf(table, k.decided);
      }) };
    }
    q.qrs_clear();
    for (const [side, list, item, count] of set) q.qrs_set(side, list, item, count === undefined ? 1 : count);
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
    // An opposed roll: the defender's net, what each side adds by type, rolls settled, odds.
    const net1 = q.qrs_net(table, 1);
    const byType = (type_modifiers || []).map(([side, a, d]) => q.qrs_type_modifier(table, side, a, d));
    const settled = (settle || []).map(([c, x, y, a, d]) => {
      const at = q.qrs_settle(table, c, x, y, a, d);
      return at ? Array.from(new Int32Array(q.memory.buffer, at, 10)) : null;
    });
    const opposed = (opposed_odds || []).map(([c, a, d, n]) => {
      const at = q.qrs_opposed_odds(table, c, a, d);
      if (!at) return null;
      return Array.from(new BigInt64Array(q.memory.buffer, at, n + 2), (x) => x.toString());
    });
    // A side of each type: its modifiers for that type, which count, and its net.
    const ofType = (side_types || []).map(([side, type]) => {
      q.qrs_set_type(side, type);
      const mine = (type_items || []).filter(([s]) => s === side);
      const answer = { net: q.qrs_net(table, side), applies: mine.map(([s, l, i]) => q.qrs_applies(s, l, i)),
                       counts: mine.map(([s, l, i]) => q.qrs_counts(s, l, i)) };
      q.qrs_set_type(side, -1);
      return answer;
    });
    return { net, net1, rows, odds: probs, shows: written, lo: q.qrs_key_lo(table), hi: q.qrs_key_hi(table),
             type_modifiers: byType, settle: settled, opposed_odds: opposed, side_types: ofType };
  });
});
process.stdout.write(JSON.stringify(out));
