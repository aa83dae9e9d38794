"""Helpers to run project code under the MicroPython unix VM."""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def micropython():
    """Path of the ``micropython`` binary installed from requirements."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    found = shutil.which("micropython")
    if not found:
        raise RuntimeError("micropython not found: run `make test` to install requirements")
    return found


def run_mp(args, heap="256K", timeout=600):
    """Run ``micropython -X heapsize=<heap> args...`` from the project root."""
    return subprocess.run(
        [micropython(), "-X", "heapsize=" + heap] + list(args),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
