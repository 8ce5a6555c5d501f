#!/usr/bin/env python3
"""qrsc lsp's references and rename on a big valid spec, in bounded memory.

Writes big_spec.py's synthetic spec with N errata (erratum i covers wide/r(i mod rows), so N + 1
lines name the table `wide`: its own `id: wide` and each erratum's `covers`) into a rules folder,
then runs `qrsc lsp` on an editor's session: open it, references and rename of `wide`, shutdown,
exit. The server runs with its address space limited (RLIMIT_AS, not under sanitizers, whose
shadow memory needs more): a server that copies the file for each place it finds needs the file's
size times the places (gigabytes here) and fails; one linear in the file answers. Checks every
place is found once and each edit's range covers "wide".

  lsp_big_spec_test.py QRSC [--errata 6000] [--rows 2000] [--text-length 150]
                       [--memory-mb 1024] [--sanitized] [--workdir DIR --session FILE]

--workdir DIR writes the rules folder into DIR (kept) and --session FILE the session (the
server's standard input), for a measurement (docs/benchmarks.md):
  /usr/bin/time -v qrsc lsp < FILE > /dev/null
"""
import argparse
import contextlib
import json
import os
import resource
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import big_spec  # noqa: E402


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def frames(data):
    out = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        length = int(head.split(b":")[1])
        out.append(json.loads(rest[:length]))
        data = rest[length:]
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("qrsc")
    p.add_argument("--errata", type=int, default=6000)
    p.add_argument("--rows", type=int, default=2000)
    p.add_argument("--matrix-rows", type=int, default=100)
    p.add_argument("--text-length", type=int, default=150)
    p.add_argument("--memory-mb", type=int, default=1024)
    p.add_argument("--sanitized", action="store_true")
    p.add_argument("--session")
    p.add_argument("--workdir")
    a = p.parse_args([x for x in sys.argv[1:] if x])  # an empty one: ctest's unset --sanitized
    with (contextlib.nullcontext(a.workdir) if a.workdir else tempfile.TemporaryDirectory()) as tmp:
        rules = os.path.join(os.path.realpath(tmp), "rules")
        os.makedirs(rules, exist_ok=True)
        path = os.path.join(rules, "big.yaml")
        text = big_spec.spec(a.rows, a.matrix_rows, 50, a.errata, a.text_length)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        lines = text.split("\n")
        table_line = lines.index("  - id: wide")
        uri = "file://" + path
        position = {"textDocument": {"uri": uri}, "position": {"line": table_line, "character": 10}}
        session = b"".join(frame(m) for m in [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "capabilities": {}}},
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}},
            {"jsonrpc": "2.0", "id": 2, "method": "textDocument/references", "params": position},
            {"jsonrpc": "2.0", "id": 3, "method": "textDocument/rename", "params": dict(position, newName="broad")},
            {"jsonrpc": "2.0", "id": 4, "method": "shutdown"},
            {"jsonrpc": "2.0", "method": "exit"},
        ])
        if a.session:
            with open(a.session, "wb") as f:
                f.write(session)
            print(f"wrote {a.session}: a {len(text)}-byte spec at {path}")

        def limit():
            if not a.sanitized:
                cap = a.memory_mb * 1024 * 1024
                resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

        # The timeout only keeps a hang from stalling the suite; nothing here is timed.
        run = subprocess.run([a.qrsc, "lsp"], input=session, capture_output=True, preexec_fn=limit, timeout=600)
        if run.returncode != 0:
            print(f"FAIL: qrsc lsp exited {run.returncode}: {run.stderr.decode(errors='replace')[-2000:]}")
            return 1
        answers = {m["id"]: m for m in frames(run.stdout) if "id" in m}
        failures = 0
        expected = {(table_line, lines[table_line].index("wide"))} | {
            (i, lines[i].index("wide/")) for i in range(len(lines)) if "covers: [wide/" in lines[i]}
        if len(expected) != a.errata + 1:
            print(f"FAIL: the spec has {len(expected)} lines naming wide, not {a.errata + 1}")
            failures += 1
        refs = answers.get(2, {}).get("result")
        if not isinstance(refs, list):
            print(f"FAIL: references answered {json.dumps(answers.get(2))[:500]}")
            return 1
        found = [(r["range"]["start"]["line"], r["range"]["start"]["character"]) for r in refs]
        if sorted(found) != sorted(expected):
            print(f"FAIL: references found {len(found)} places, expected {len(expected)}")
            failures += 1
        edits = (answers.get(3, {}).get("result") or {}).get("changes", {}).get(uri, [])
        covered = [lines[e["range"]["start"]["line"]][e["range"]["start"]["character"]:e["range"]["end"]["character"]]
                   for e in edits]
        if len(edits) != len(expected) or any(c != "wide" for c in covered):
            print(f"FAIL: rename made {len(edits)} edits, expected {len(expected)}, each of 'wide'")
            failures += 1
        if failures == 0:
            print(f"ok: {len(found)} references and {len(edits)} edits in a {len(text)}-byte spec"
                  + ("" if a.sanitized else f" within {a.memory_mb} MB of address space"))
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
