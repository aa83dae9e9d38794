"""The console's version, from git: what ``make build`` writes into the
bundle (``lib/version.py``), what ``python -m sim --version`` prints and
what the simulator's About screen shows.

A tagged commit gives its tag (``git describe``); otherwise the number of
commits and the commit itself (``r68-4e470f0``); ``-dirty`` when the
working tree has changes; ``unknown`` outside a git checkout.
"""

import subprocess

from sim import ROOT


def _git(*args):
    try:
        r = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return ""
    return r.stdout.strip() if r.returncode == 0 else ""


def describe():
    tagged = _git("describe", "--tags", "--dirty")
    if tagged:
        return tagged
    count = _git("rev-list", "--count", "HEAD")
    commit = _git("rev-parse", "--short", "HEAD")
    if not commit:
        return "unknown"
    dirty = "-dirty" if _git("status", "--porcelain", "--untracked-files=no") else ""
    return "r%s-%s%s" % (count, commit, dirty)


_CACHED = []


def cached():
    """``describe()``, asked of git once per process."""
    if not _CACHED:
        _CACHED.append(describe())
    return _CACHED[0]


def module_text(version=None):
    """The bundle's ``lib/version.py``."""
    return (
        '"""Written by make build (sim/version.py): the console\'s version."""\n\n'
        'VERSION = "%s"\n' % (version or describe())
    )
