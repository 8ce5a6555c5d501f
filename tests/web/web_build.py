"""Building web pages for the browser tests: `qrsc build --emit web`, told apart when the
WebAssembly toolchain is missing (the tests then skip)."""
import subprocess

import cdp


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def build_web(qrsc, args):
    """Runs `qrsc -q build ARGS --emit web`: None when it built, 77 (printing why) when the
    toolchain is missing, 1 (printing the errors) when the build failed."""
    r = run([qrsc, "-q", "build", *args, "--emit", "web"])
    if r.returncode == 0:
        return None
    if "WebAssembly toolchain" in r.stderr:
        print("SKIP: " + r.stderr.strip().splitlines()[-1])
        return 77
    print(r.stderr)
    return 1


def take_option(args, name):
    """The value after `name` in args (both taken out of args), or None."""
    if name not in args:
        return None
    at = args.index(name)
    value = args[at + 1]
    del args[at:at + 2]
    return value


def web_pages_or_skip(qrsc, args):
    """Builds the web pages (`build_web`) and finds Chromium: (chromium, None) to go on, or
    (None, exit status): 77 (printing why) when the toolchain or Chromium is missing, 1 when the
    build failed."""
    failed = build_web(qrsc, args)
    if failed:
        return None, failed
    chromium = cdp.find_chromium()
    if not chromium:
        print("SKIP: Chromium not found (apt-get install chromium)")
        return None, 77
    return chromium, None
