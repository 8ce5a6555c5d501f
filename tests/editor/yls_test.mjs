// yaml-language-server, as an editor runs it, over the spec schema: it drives the server over
// stdio (tests/editor/lsp_client.mjs), opens the ACW sheet's spec with unsaved edits and checks
// that each mistake gets its diagnostic at the right line, and that completion inside a bands
// table offers only the keys of band tables. Usage: node yls_test.mjs REPO_ROOT
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { LspClient } from './lsp_client.mjs';

const root = path.resolve(process.argv[2]);
const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.join(here, 'node_modules/yaml-language-server/bin/yaml-language-server');
if (!existsSync(server)) {
  console.log('yaml-language-server is not installed (tools/bootstrap.sh installs it with npm): skipped');
  process.exit(77);
}
const specPath = path.join(root, 'rules/rff/acw-2.1-15mm.yaml');
const original = readFileSync(specPath, 'utf8');
const uri = pathToFileURL(specPath).href;
const failures = [];
const fail = (what) => { failures.push(what); console.log(`FAIL ${what}`); };

const settings = { yaml: { validate: true, completion: true, hover: true, schemaStore: { enable: false } } };
const client = new LspClient('node', [server, '--stdio'], settings);
const lines = original.split('\n');
// The 1-based line of the first line matching `re` after line `from`.
const lineOf = (re, from = 0) => {
  const i = lines.findIndex((l, n) => n >= from && re.test(l));
  if (i < 0) throw new Error(`no line matches ${re}`);
  return i + 1;
};

let version = 1;
async function diagnose(text) {
  const published = client.waitFor((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri);
  if (version === 1) {
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text } });
  } else {
    client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  }
  const { params } = await published;
  version += 1;
  return params.diagnostics.map((d) => ({ line: d.range.start.line + 1, message: d.message }));
}

// Replaces line `n` (1-based) of the spec with `replacement`; returns the text.
const withLine = (n, replacement) => lines.map((l, i) => (i === n - 1 ? replacement : l)).join('\n');

async function expectOne(name, text, line, fragment) {
  const diags = await diagnose(text);
  const at = diags.filter((d) => d.line === line && d.message.includes(fragment));
  if (at.length === 0) fail(`${name}: no diagnostic '${fragment}' at line ${line}; got ${JSON.stringify(diags)}`);
  else console.log(`ok ${name}: line ${line}: ${at[0].message}`);
}

try {
  await client.request('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {} });
  client.notify('initialized', {});
  client.notify('workspace/didChangeConfiguration', { settings });

  const clean = await diagnose(original);
  if (clean.length) fail(`the ACW spec as published has diagnostics: ${JSON.stringify(clean)}`);
  else console.log('ok the ACW spec has no diagnostics');

  // The maneuver table (kind bands) and its first row.
  const table = lineOf(/^ {2}- id: maneuver_good_order$/);
  const title = lineOf(/^ {4}title: /, table);
  const rowTitle = lineOf(/^ {8}title: /, lineOf(/^ {4}rows:$/, table));
  const rowBand = lineOf(/^ {8}band: /, rowTitle);

  // A misspelled key of a row.
  await expectOne('misspelled key', withLine(rowTitle, lines[rowTitle - 1].replace('title:', 'tilte:')), rowTitle,
                  'tilte');
  // A key of another kind: `cell` belongs to matrices.
  await expectOne('kind-foreign key', withLine(title, `${lines[title - 1]}\n    cell: integer`), title + 1,
                  'Property cell is not allowed');
  // A band in no notation qrsc reads.
  await expectOne('band notation', withLine(rowBand, '        band: 8 or mroe'), rowBand, 'expected a band');

  // Completion on a new line among the bands table's keys.
  const text = withLine(title, `${lines[title - 1]}\n    `);
  await diagnose(text);
  const result = await client.request('textDocument/completion',
                                      { textDocument: { uri }, position: { line: title, character: 4 } });
  const offered = (result.items ?? result).map((i) => i.label);
  const foreign = ['cell', 'column_groups', 'row_heading', 'sections', 'items', 'groups'];
  const wrong = offered.filter((k) => foreign.includes(k));
  if (wrong.length) fail(`completion in a bands table offers keys of other kinds: ${wrong.join(', ')}`);
  const missing = ['caption', 'print'].filter((k) => !offered.includes(k));
  if (missing.length) fail(`completion in a bands table does not offer ${missing.join(', ')}; offered ${offered.join(', ')}`);
  if (!wrong.length && !missing.length) console.log(`ok completion in a bands table offers ${offered.join(', ')}`);
} catch (e) {
  fail(`the language server test stopped: ${e.stack ?? e}`);
}
client.proc.kill();
console.log(failures.length ? `${failures.length} failures` : 'yaml-language-server agrees with the spec schema');
process.exit(failures.length ? 1 : 0);
