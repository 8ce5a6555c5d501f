"""A small client of `qrsc lsp` (LSP over stdio): a document's symbols, and a rename's edits
applied to the files."""
import json
import subprocess


def _message(o):
    body = json.dumps(o).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _read(stream):
    header = b""
    while not header.endswith(b"\r\n\r\n"):
        c = stream.read(1)
        if not c:
            return None
        header += c
    n = next(int(line.split(":")[1]) for line in header.decode().split("\r\n") if line.lower().startswith("content-length"))
    return json.loads(stream.read(n))


def ask(qrsc, path, method, params, timeout=60):
    """Opens PATH in a fresh server and sends one request; returns its result (or None)."""
    uri = "file://" + path
    with open(path, encoding="utf-8") as f:
        text = f.read()
    msgs = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}},
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}},
            {"jsonrpc": "2.0", "id": 2, "method": method, "params": dict(params, textDocument={"uri": uri})},
            {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
            {"jsonrpc": "2.0", "method": "exit"}]
    p = subprocess.Popen([qrsc, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        p.stdin.write(b"".join(_message(m) for m in msgs))
        p.stdin.flush()
        result = None
        while True:
            m = _read(p.stdout)
            if m is None:
                break
            if m.get("id") == 2:
                result = m.get("result")
        p.wait(timeout=timeout)
        return result
    finally:
        if p.poll() is None:
            p.kill()


def apply_edits(edit):
    """Applies a WorkspaceEdit's text edits to the files it names; returns the edit count."""
    changes = dict(edit.get("changes") or {})
    for dc in edit.get("documentChanges") or []:
        changes.setdefault(dc["textDocument"]["uri"], []).extend(dc["edits"])
    total = 0
    for uri, edits in changes.items():
        path = uri[len("file://"):]
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True):
            s, t = e["range"]["start"], e["range"]["end"]
            head = lines[s["line"]][:s["character"]]
            tail = lines[t["line"]][t["character"]:]
            lines[s["line"]:t["line"] + 1] = (head + e["newText"] + tail).split("\n")
            total += 1
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    return total
