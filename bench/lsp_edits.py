#!/usr/bin/python3
"""qrsc lsp's budget: the time from an edit of the ACW root (with its three variants open) to
the diagnostics of all four open documents, against a cold `qrsc check` of the same four files
in the same run; and the server's memory after many edits against its memory after 100.

Each edit changes the root's subtitle to a new text (the whole file is sent, as the server asks),
so every edit is different and every open document reads the edited file. An edit is timed from
writing the didChange to reading the fourth publishDiagnostics. The baseline is the median of
RUNS cold `qrsc check` processes of the four files. Memory is the server's resident set
(/proc/PID/status VmRSS).

Budget: median edit at most 0.5x the cold check; memory after MEMORY_EDITS within
10% of memory after 100.

Usage: bench/lsp_edits.py QRSC ROOT [EDITS [MEMORY_EDITS [RUNS]]]   (default 200 10000 11)
       bench/lsp_edits.py --messages ROOT EDITS > FILE
The second form writes the messages of a session (initialize, the four didOpen, EDITS edits,
shutdown and exit) for `qrsc lsp < FILE` under a profiler: the instructions of an edit are
those of EDITS edits less those of none.
"""
import json
import os
import resource
import statistics
import subprocess
import sys
import time

FILES = ["acw-2.1-15mm", "1812-2.1-25mm", "1812-3-15mm", "maw-3-15mm"]
SUBTITLE = "subtitle: Quick Reference Sheet Ver. 2.1 for 15mm"


def framed(message):
    """A JSON-RPC message as LSP frames it."""
    body = json.dumps(dict(jsonrpc="2.0", **message)).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def did_open(uri, text):
    return dict(method="textDocument/didOpen",
                params={"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}})


def did_change(uri, root_text, version):
    """The root with its subtitle changed to a text of this version."""
    text = root_text.replace(SUBTITLE, f"{SUBTITLE} (draft {version})")
    return dict(method="textDocument/didChange",
                params={"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})


class Server:
    def __init__(self, qrsc, root):
        self.p = subprocess.Popen([qrsc, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, cwd=root)
        self.next_id = 1

    def send(self, message):
        self.p.stdin.write(framed(message))
        self.p.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("qrsc lsp ended")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        self.send(dict(id=self.next_id, method=method, params=params))
        self.next_id += 1
        while "id" not in (m := self.read()):
            pass
        return m

    def diagnostics_of_all(self, count):
        seen = set()
        while len(seen) < count:
            m = self.read()
            if m.get("method") == "textDocument/publishDiagnostics":
                seen.add(m["params"]["uri"])

    def rss_kib(self):
        with open(f"/proc/{self.p.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def cpu_seconds(self):
        with open(f"/proc/{self.p.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self):
        self.request("shutdown", None)
        self.send(dict(method="exit"))
        self.p.wait(timeout=30)


def children_cpu_seconds():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def cold_check(qrsc, root, paths, runs):
    """The median wall time and CPU time of `runs` cold `qrsc check` processes."""
    times, cpu = [], []
    for _ in range(runs):
        cpu_before = children_cpu_seconds()
        start = time.perf_counter()
        subprocess.run([qrsc, "check", *paths], cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=True)
        times.append(time.perf_counter() - start)
        cpu.append(children_cpu_seconds() - cpu_before)
    return statistics.median(times), statistics.median(cpu)


def spec_files(root):
    paths = [os.path.join(root, "rules", "rff", f + ".yaml") for f in FILES]
    texts = [open(p, encoding="utf-8").read() for p in paths]
    if SUBTITLE not in texts[0]:
        raise SystemExit(f"the root has no '{SUBTITLE}' to edit")
    return paths, texts, ["file://" + p for p in paths]


def write_messages(root, edits):
    _, texts, uris = spec_files(root)
    out = sys.stdout.buffer
    out.write(framed(dict(id=1, method="initialize", params={"processId": None, "capabilities": {}})))
    out.write(framed(dict(method="initialized", params={})))
    for uri, text in zip(uris, texts):
        out.write(framed(did_open(uri, text)))
    for version in range(2, edits + 2):
        out.write(framed(did_change(uris[0], texts[0], version)))
    out.write(framed(dict(id=2, method="shutdown", params=None)))
    out.write(framed(dict(method="exit")))


def main():
    if sys.argv[1] == "--messages":
        write_messages(os.path.abspath(sys.argv[2]), int(sys.argv[3]))
        return
    qrsc, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    edits = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    memory_edits = int(sys.argv[4]) if len(sys.argv) > 4 else 10000
    runs = int(sys.argv[5]) if len(sys.argv) > 5 else 11
    paths, texts, uris = spec_files(root)

    baseline, baseline_cpu = cold_check(qrsc, root, paths, runs)

    s = Server(qrsc, root)
    s.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + root, "capabilities": {}})
    s.send(dict(method="initialized", params={}))
    for uri, text in zip(uris, texts):
        s.send(did_open(uri, text))
    s.diagnostics_of_all(len(uris))

    version = 1
    rss_at = {}

    def edit():
        nonlocal version
        version += 1
        message = did_change(uris[0], texts[0], version)
        start = time.perf_counter()
        s.send(message)
        s.diagnostics_of_all(len(uris))
        return time.perf_counter() - start

    cpu_before = s.cpu_seconds()
    times = [edit() for _ in range(edits)]
    cpu_per_edit = (s.cpu_seconds() - cpu_before) / edits
    median = statistics.median(times)
    done = edits
    for mark in sorted({100, memory_edits}):
        while done < mark:
            edit()
            done += 1
        rss_at[mark] = s.rss_kib()
    s.close()

    ratio = median / baseline
    print(f"cold qrsc check of the 4 files: median {baseline * 1000:.1f} ms over {runs} runs")
    print(f"edit of the root to 4 documents' diagnostics: median {median * 1000:.1f} ms over {edits} edits "
          f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}): {ratio:.2f}x the cold check (budget 0.5x)")
    print(f"CPU time (user and system; less sensitive to a busy machine): {cpu_per_edit * 1000:.1f} ms per edit, "
          f"{baseline_cpu * 1000:.1f} ms per cold check: {cpu_per_edit / baseline_cpu:.2f}x")
    if len(rss_at) > 1:
        grow = rss_at[memory_edits] / rss_at[100] - 1
        print(f"resident memory: {rss_at[100] / 1024:.1f} MiB after 100 edits, {rss_at[memory_edits] / 1024:.1f} MiB "
              f"after {memory_edits}: {grow * 100:+.1f}% (budget 10%)")
    else:
        print(f"resident memory after 100 edits: {rss_at[100] / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
