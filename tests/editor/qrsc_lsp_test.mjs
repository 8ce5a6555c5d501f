// `qrsc lsp` driven by a real LSP client library (vscode-jsonrpc, as VS Code's client uses it)
// over stdio: the ACW spec and the 1812 V3, MAW V3 and 1812 25mm variants open; edits that
// misspell a key, break a band, patch a row the parent lacks, and their fixes; a broken parent
// seen in a variant; hover on a converted range; definitions; completion; rename; the hostile
// corpus replayed through didOpen and didChange with the server still answering afterwards.
// Usage: node qrsc_lsp_test.mjs QRSC REPO_ROOT
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL, fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
if (!existsSync(path.join(here, 'node_modules/vscode-jsonrpc/package.json'))) {
  console.log('vscode-jsonrpc is not installed (tools/bootstrap.sh installs it with npm): skipped');
  process.exit(77);
}
const rpc = createRequire(import.meta.url)('vscode-jsonrpc/node');

const [qrsc, rootArg] = process.argv.slice(2);
const root = realpathSync(path.resolve(rootArg));
const failures = [];
const fail = (what) => { failures.push(what); console.log(`FAIL ${what}`); };
const ok = (what) => console.log(`ok ${what}`);

const server = spawn(qrsc, ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
let exitCode = null;
server.on('exit', (code, signal) => { exitCode = code ?? signal; });
const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(server.stdout), new rpc.StreamMessageWriter(server.stdin));
const waiters = [];
conn.onNotification('textDocument/publishDiagnostics', (p) => {
  for (const w of [...waiters]) {
    if (w.uri === p.uri && w.version === p.version) { waiters.splice(waiters.indexOf(w), 1); w.resolve(p.diagnostics); }
  }
});
conn.listen();

const withTimeout = (promise, what, ms = 30000) => Promise.race([
  promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`timeout: ${what}`)), ms))]);
// The diagnostics of a document at a version (those of an earlier edit may still be on their way).
const nextDiagnostics = (uri, version) => withTimeout(new Promise((resolve) => waiters.push({ uri, version, resolve })), `diagnostics of ${uri}`);

const uriOf = (rel) => pathToFileURL(path.join(root, rel)).href;
const versions = new Map();
async function open(uri, text) {
  const d = nextDiagnostics(uri, 1);
  versions.set(uri, 1);
  conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  return d;
}
async function change(uri, text) {
  versions.set(uri, versions.get(uri) + 1);
  const d = nextDiagnostics(uri, versions.get(uri));
  conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: versions.get(uri) }, contentChanges: [{ text }] });
  return d;
}
const errors = (diags) => diags.filter((d) => d.severity === 1);
const at = (method, uri, line, character) => withTimeout(conn.sendRequest(method, { textDocument: { uri }, position: { line, character } }), method);

const acwFile = 'rules/rff/acw-2.1-15mm.yaml';
const acw = uriOf(acwFile);
const acwText = readFileSync(path.join(root, acwFile), 'utf8');
const acwLines = acwText.split('\n');
const lineOf = (lines, re, from = 0) => {
  const i = lines.findIndex((l, n) => n >= from && re.test(l));
  if (i < 0) throw new Error(`no line matches ${re}`);
  return i;
};
const withLines = (lines, n, replacement) => lines.map((l, i) => (i === n ? replacement : l)).join('\n');

try {
  const init = await withTimeout(conn.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {} }), 'initialize');
  if (!init.capabilities.hoverProvider) fail('initialize: no hover');
  conn.sendNotification('initialized', {});

  const clean = errors(await open(acw, acwText));
  if (clean.length) fail(`the ACW spec has errors: ${JSON.stringify(clean)}`); else ok('the ACW spec opens without errors');
  const variants = ['rules/rff/1812-3-15mm.yaml', 'rules/rff/maw-3-15mm.yaml', 'rules/rff/1812-2.1-25mm.yaml'];
  for (const v of variants) {
    const e = errors(await open(uriOf(v), readFileSync(path.join(root, v), 'utf8')));
    if (e.length) fail(`${v} has errors: ${JSON.stringify(e)}`); else ok(`${v} opens without errors`);
  }

  // A misspelled key of a row, at its line; fixed, the errors go.
  const row = lineOf(acwLines, /^ {6}- id: double_quick$/);
  const title = lineOf(acwLines, /^ {8}title: /, row);
  let e = errors(await change(acw, withLines(acwLines, title, acwLines[title].replace('title:', 'tilte:'))));
  if (!e.some((d) => d.range.start.line === title && d.message.includes("'tilte'"))) fail(`misspelled key: ${JSON.stringify(e)}`);
  else ok(`misspelled key at line ${title + 1}: ${e[0].message}`);
  e = errors(await change(acw, acwText));
  if (e.length) fail(`fixed: errors remain ${JSON.stringify(e)}`); else ok('fixed: no errors');

  // A band that leaves a gap: the maneuver table's "8 or more" moved to 9 leaves 8 in no band.
  const band = lineOf(acwLines, /^ {8}band: 8 or more$/, row);
  e = errors(await change(acw, withLines(acwLines, band, '        band: 9 or more')));
  if (!e.some((d) => /\b8\b/.test(d.message))) fail(`broken band: ${JSON.stringify(e)}`); else ok(`broken band: ${e[0].message}`);
  // The variants that extend the ACW spec see it too (MAW restates none of this table); an edit
  // of the variant that changes nothing gives its diagnostics at a version of its own.
  const mawFile = 'rules/rff/maw-3-15mm.yaml';
  const maw = await change(uriOf(mawFile), readFileSync(path.join(root, mawFile), 'utf8'));
  if (!errors(maw).length) fail('the broken band of the parent is not shown in the MAW variant'); else ok('the MAW variant shows its parent\'s broken band');
  e = errors(await change(acw, acwText));
  if (e.length) fail(`band fixed: errors remain ${JSON.stringify(e)}`); else ok('band fixed: no errors');

  // A variant's patch of a row its parent does not have: an error at the patch; removed, gone.
  const mawText = readFileSync(path.join(root, mawFile), 'utf8');
  const mawLines = mawText.split('\n');
  const mawRow = lineOf(mawLines, /^ {6}- id: infantry_line$/, lineOf(mawLines, /^ {2}- id: movement_rates$/));
  e = errors(await change(uriOf(mawFile), withLines(mawLines, mawRow, '      - id: infantry_lin')));
  if (!e.some((d) => d.range.start.line === mawRow && d.message.includes("'infantry_lin'"))) fail(`patch of a missing row: ${JSON.stringify(e)}`);
  else ok(`patch of a missing row at line ${mawRow + 1}: ${e[0].message}`);
  e = errors(await change(uriOf(mawFile), mawText));
  if (e.length) fail(`patch fixed: errors remain ${JSON.stringify(e)}`); else ok('patch fixed: no errors');

  // Rename of a row id: every place of the family that names it, the specs the ACW sheet's
  // variants patch it in included.
  const lineRow = lineOf(acwLines, /^ {6}- \{ id: infantry_line,/);
  const edit = await withTimeout(conn.sendRequest('textDocument/rename', { textDocument: { uri: acw }, position: { line: lineRow, character: 16 }, newName: 'line_infantry' }), 'rename');
  const files = Object.keys(edit?.changes ?? {}).map((u) => path.relative(root, fileURLToPath(u))).sort();
  const want = ['rules/rff/1812-2.1-25mm.yaml', 'rules/rff/1812-3-15mm.yaml', 'rules/rff/acw-2.1-15mm.yaml', 'rules/rff/common/v3-changes.yaml', 'rules/rff/maw-3-15mm.yaml'];
  if (JSON.stringify(files) !== JSON.stringify(want)) fail(`rename: files ${files}`); else ok(`rename changes ${files.join(', ')}`);

  // Hover on the 4in musketry range: the 25mm sheet's 6" converted from it.
  const r4 = lineOf(acwLines, /^ {6}- \{ id: r4, range: 4in \}$/);
  const h = await at('textDocument/hover', acw, r4, 24);
  const md = h?.contents?.value ?? '';
  if (!md.includes('1812-2.1-25mm: `6"`') || !md.includes(`converted x1.5 from 4in in rules/rff/acw-2.1-15mm.yaml line ${r4 + 1}`)) fail(`hover on r4: ${md}`);
  else ok('hover on the 4in range shows the 25mm sheet\'s 6" converted from it');

  // Definition of extends.
  const mm25 = uriOf('rules/rff/1812-2.1-25mm.yaml');
  const mm25Lines = readFileSync(path.join(root, 'rules/rff/1812-2.1-25mm.yaml'), 'utf8').split('\n');
  const ext = lineOf(mm25Lines, /^extends: /);
  const def = await at('textDocument/definition', mm25, ext, 12);
  if (def?.uri !== uriOf('rules/rff/1812-2.1-15mm.yaml')) fail(`definition of extends: ${JSON.stringify(def)}`); else ok('definition of extends');

  // Completion of a table's keys inside a bands table.
  const kind = lineOf(acwLines, /^ {4}kind: bands$/, lineOf(acwLines, /^ {2}- id: maneuver_good_order$/));
  await change(acw, withLines(acwLines, kind, `${acwLines[kind]}\n    `));
  const items = (await at('textDocument/completion', acw, kind + 1, 4)).map((i) => i.label);
  if (!items.includes('rows') || items.includes('cell')) fail(`completion: ${items}`); else ok(`completion offers ${items.join(', ')}`);
  await change(acw, acwText);

  // In a roll's `modifiers: [` only the lists that modify a roll (docs/spec-format.md: modifier
  // tables, and band tables whose rows carry numbers); in a root spec no add/after/remove.
  const mods = lineOf(acwLines, /^ {8}modifiers: \[maneuver_modifiers\]$/, kind);
  const lists = (await at('textDocument/completion', acw, mods, 20)).map((i) => i.label);
  if (!lists.includes('maneuver_modifiers') || !lists.includes('fire_point_modifiers') || lists.includes('fire_effects')
      || lists.some((l) => l.includes('/'))) fail(`completion in modifiers: ${lists}`);
  else ok(`completion in modifiers offers ${lists.join(', ')}`);
  const dq = lineOf(acwLines, /^ {6}- id: double_quick$/);
  await change(acw, withLines(acwLines, dq, `${acwLines[dq]}\n        a`));
  const rowKeys = (await at('textDocument/completion', acw, dq + 1, 9)).map((i) => i.label);
  if (rowKeys.includes('add') || rowKeys.includes('remove') || !rowKeys.includes('band')) fail(`root row keys: ${rowKeys}`);
  else ok('a root spec\'s row is offered no add/after/remove');
  await change(acw, acwText);

  // The hostile corpus: every file opened and edited; the server keeps answering.
  const hostile = path.join(root, 'tests/hostile');
  const corpus = [];
  const walk = (d) => { for (const n of readdirSync(d)) { const p = path.join(d, n); if (statSync(p).isDirectory()) walk(p); else corpus.push(p); } };
  walk(hostile);
  for (const f of corpus) {
    const uri = pathToFileURL(f).href;
    const text = readFileSync(f, 'latin1');
    await open(uri, text);
    await change(uri, text.slice(0, text.length >> 1));
    conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }
  const still = await withTimeout(conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: acw } }), 'symbols after the corpus');
  if (!Array.isArray(still) || !still.some((s) => s.name === 'maneuver_good_order')) fail('after the hostile corpus the server does not answer');
  else ok(`hostile corpus: ${corpus.length} files opened and edited, the server still answers`);

  await withTimeout(conn.sendRequest('shutdown'), 'shutdown');
  conn.sendNotification('exit');
  await withTimeout(new Promise((resolve) => { if (exitCode !== null) resolve(); else server.on('exit', resolve); }), 'exit');
  if (exitCode !== 0) fail(`exit status ${exitCode}`); else ok('shutdown and exit: status 0');
} catch (err) {
  fail(`the test stopped: ${err.stack ?? err}`);
  server.kill();
}
console.log(failures.length ? `${failures.length} failures` : 'qrsc lsp answers a real client');
process.exit(failures.length ? 1 : 0);
