"""A small driver of headless Chromium through the DevTools protocol over a pipe
(`--remote-debugging-pipe`: commands on the browser's fd 3, answers and events on its fd 4, each
message JSON ended by a NUL byte). Python's standard library only: no npm, no websocket."""
import json
import os
import select
import shutil
import subprocess
import tempfile


def find_chromium():
    for c in ("/usr/bin/chromium", shutil.which("chromium") or "", shutil.which("chromium-browser") or ""):
        if c and os.access(c, os.X_OK):
            return c
    return None


class Browser:
    def __init__(self, chromium, width=390, height=844):
        self.profile = tempfile.mkdtemp(prefix="qrs-cdp-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        # The browser reads commands on its fd 3 and writes on its fd 4 (through high numbers
        # first, in case the pipes' own numbers are 3 or 4). Only fds 3 and 4 stay open in it.
        def child_fds():
            os.dup2(to_browser_r, 100)
            os.dup2(from_browser_w, 101)
            os.dup2(100, 3)
            os.dup2(101, 4)
        self.proc = subprocess.Popen(
            [chromium, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--allow-file-access-from-files",
             f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank"],
            pass_fds=(3, 4), preexec_fn=child_fds,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next = 0
        self.events = []
        self.session = None

    def _read_message(self, timeout=60):
        while b"\0" not in self._buffer:
            if not select.select([self._from_browser], [], [], timeout)[0]:
                raise RuntimeError(f"the browser said nothing for {timeout}s")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("the browser closed its pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def send(self, method, params=None, session=True):
        self._next += 1
        msg = {"id": self._next, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(msg).encode() + b"\0")
        while True:
            m = self._read_message()
            if m.get("id") == self._next:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method, limit=2000):
        for i, e in enumerate(self.events):
            if e.get("method") == method:
                return self.events.pop(i)
        for _ in range(limit):
            m = self._read_message()
            if m.get("method") == method:
                return m
            self.events.append(m)
        raise RuntimeError(f"no {method} event")

    def open_page(self, width, height):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.send(domain + ".enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        return target

    def navigate(self, url):
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")

    def eval(self, expression):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression[:80]}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait_linked(self, seconds=10):
        """Waits until the page has written the state it shows into its URL (data-linked)."""
        import time
        deadline = time.monotonic() + seconds
        while self.eval("document.body.dataset.linked") == "0" and time.monotonic() < deadline:
            time.sleep(0.02)

    def screenshot(self, path):
        import base64
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)
