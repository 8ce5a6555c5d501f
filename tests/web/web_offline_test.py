#!/usr/bin/python3
"""Served over http, a folder of web sheets installs as an offline app; opened from a file, a
page is still one self-contained file. Two sheets of two systems
(rff/acw-2.1-15mm, battlecry/1812) built with `qrsc build --emit web`, then in headless Chromium:

- the folder holds the manifest, the service worker and the icon, and `qrsc outputs` names the
  same files (a build system declares what the build writes);
- served from a local http server, the first page links the manifest (Chromium reads it with no
  error and finds the page installable) and registers the service worker, which keeps every
  page of the run;
- the server stopped, the other system's page (never opened) and the index open from what was
  kept, and the page answers (its WebAssembly module runs);
- the server back with a republished page, the page opened shows the new one (the network is
  asked first) and the kept copy is replaced;
- opened from a file, the page links no manifest and answers as before.

Usage: web_offline_test.py QRSC ROOT. Exit 77 when the WebAssembly toolchain or Chromium is
missing.
"""
import functools
import http.server
import json
import os
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402
from web_build import build_web, run  # noqa: E402

SPECS = ("rff/acw-2.1-15mm", "battlecry/1812")
PAGES = ("rff/acw_2_1_15mm.web.html", "battlecry/1812.web.html")
APP_FILES = ("web.html", "web.webmanifest", "web-sw.js", "web-icon.svg")


class Server:
    """A static http server of `folder` on 127.0.0.1 (a secure context for a service worker),
    stopped and started again on the same port."""

    def __init__(self, folder):
        self.folder = folder
        self.port = 0  # any free port at first; the same one when started again
        self.start_again()

    def start_again(self):
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), functools.partial(Quiet, directory=self.folder))
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".webmanifest": "application/manifest+json", ".js": "text/javascript", ".svg": "image/svg+xml"}

    def log_message(self, *args):
        pass


def wait_for(b, expression, seconds=30):
    """The value of `expression` once it is truthy, or None after `seconds`."""
    end = time.time() + seconds
    while time.time() < end:
        value = b.eval(expression)
        if value:
            return value
        time.sleep(0.1)
    return None


KEPT = "caches.open('qrs-sheets-1').then(c => c.keys()).then(k => k.map(r => new URL(r.url).pathname).sort())"


def main():
    qrsc, root = sys.argv[1], os.path.abspath(sys.argv[2])
    tmp = tempfile.mkdtemp(prefix="qrs-web-offline-")
    out = os.path.join(tmp, "out")
    specs = [os.path.join(root, "rules", s + ".yaml") for s in SPECS]
    failed = build_web(qrsc, [*specs, "-o", out])
    if failed:
        return failed
    failures = []
    for f in APP_FILES + PAGES:
        if not os.path.isfile(os.path.join(out, f)):
            failures.append(f"{f}: not written")
    r = run([qrsc, "outputs", *specs, "--emit", "web"])
    named = sorted(line.split("\t")[1] for line in r.stdout.splitlines() if line.startswith("web\t"))
    if named != sorted(APP_FILES + PAGES):
        failures.append(f"qrsc outputs names {named}, the build writes {sorted(APP_FILES + PAGES)}")
    manifest = json.load(open(os.path.join(out, "web.webmanifest"), encoding="utf-8"))
    if manifest.get("start_url") != "web.html" or [i.get("src") for i in manifest.get("icons", [])] != ["web-icon.svg"]:
        failures.append(f"the manifest starts at {manifest.get('start_url')!r} with icons {manifest.get('icons')}")
    chromium = cdp.find_chromium()
    if not chromium:
        print("SKIP: Chromium not found (apt-get install chromium)")
        return 77
    server = Server(out)
    base = f"http://127.0.0.1:{server.port}/"
    b = cdp.Browser(chromium)
    try:
        b.open_page(390, 844)
        # Served: the manifest read without error, the service worker keeping every page.
        b.navigate(base + PAGES[0])
        if not wait_for(b, "document.body.dataset.ready === '1'"):
            failures.append(f"{PAGES[0]} served: the page never answered")
        app = b.send("Page.getAppManifest")
        if not app.get("url", "").endswith("/web.webmanifest") or app.get("errors"):
            failures.append(f"the served page's manifest: {app.get('url')!r}, errors {app.get('errors')}")
        else:
            read = json.loads(app["data"])
            if read.get("name") != manifest["name"] or read.get("display") != "standalone":
                failures.append(f"Chromium read the manifest as {read}")
        # (getRegistration settles at once, with nothing when the page registered none)
        state = wait_for(b, "navigator.serviceWorker.getRegistration().then(r => !!(r && r.active && r.active.state === 'activated'))")
        if not state:
            failures.append("the service worker was not activated")
        installable = b.send("Page.getInstallabilityErrors").get("installabilityErrors")
        if installable:
            failures.append(f"Chromium would not install the served page: {installable}")
        want = sorted("/" + p for p in ("web.html",) + PAGES)
        kept = wait_for(b, f"{KEPT}.then(k => {json.dumps(want)}.every(p => k.includes(p)) ? k : null)")
        if not kept:
            failures.append(f"the service worker kept {b.eval(KEPT)}, not every page of the run {want}")
        # Stopped: the other system's page, never opened, and the index come from what was kept.
        server.stop()
        for page, check in ((PAGES[1], "document.body.dataset.ready === '1' && document.title"),
                            ("web.html", "document.querySelectorAll('li a').length === 2 && document.title")):
            b.navigate(base + page)
            title = wait_for(b, check, 15)
            if not title:
                failures.append(f"{page} with the server stopped: {b.eval('document.title')!r}, not answering")
        # Republished: the network is asked first, and its page replaces the kept one.
        page_file = os.path.join(out, PAGES[1])
        with open(page_file, "a", encoding="utf-8") as f:
            f.write("<!-- republished -->\n")
        server.start_again()
        b.navigate(base + PAGES[1])
        wait_for(b, "document.body.dataset.ready === '1'", 15)
        # a comment after </html> is the document's own last child
        if not b.eval("[...document.childNodes].some(n => n.nodeType === 8 && n.data.includes('republished'))"):
            failures.append(f"{PAGES[1]} republished: the page shown is the kept one")
        kept_text = b.eval(f"caches.open('qrs-sheets-1').then(c => c.match('/{PAGES[1]}')).then(r => r ? r.text() : '')")
        if "<!-- republished -->" not in kept_text[-200:]:
            failures.append(f"{PAGES[1]} republished: the kept copy was not replaced")
        server.stop()
        # From a file: one file, no manifest, still answering.
        b.navigate("file://" + os.path.join(out, PAGES[0]))
        if not wait_for(b, "document.body.dataset.ready === '1'", 15):
            failures.append(f"{PAGES[0]} from a file: the page never answered")
        if b.eval("document.querySelector('link[rel=manifest]') !== null"):
            failures.append(f"{PAGES[0]} from a file links a manifest")
    finally:
        b.close()
    for f in failures:
        print("FAIL: " + f)
    print(f"offline app: {len(APP_FILES)} files, {len(PAGES)} pages served, kept and opened with the server stopped; "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
