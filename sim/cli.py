"""Command-line helpers shared by the simulator's tools: bad input gets
one line naming what is allowed, and exit status 2, never a traceback."""

import argparse
import sys


def fail(prog, message):
    sys.stderr.write("%s: error: %s\n" % (prog, message))
    sys.exit(2)


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (``prog: error: ...``)."""

    def __init__(self, prog, short, **kw):
        super().__init__(prog=prog, **kw)
        self.short = short

    def error(self, message):
        fail(self.short, message)

    def fail(self, message):
        fail(self.short, message)


def progress_bar(done, total):
    """A one-line progress bar on stderr (tools call it on a terminal)."""
    width = 30
    filled = width * done // total
    sys.stderr.write("\r[%s%s] %d/%d" % ("#" * filled, "." * (width - filled), done, total))
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()
