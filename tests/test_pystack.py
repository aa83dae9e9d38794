"""The board's Python stack: CircuitPython runs frames on a 2,048-byte
pystack, and a chain of calls deeper than it raises "pystack exhausted".

``sim.pystack`` follows every device-code call on CPython while the app
plays (each game's autopilot, hints, saves, Hard decisions, random
presses) and estimates each frame from its code object as MicroPython
lays it out; the deepest chain must stay at or under 1,536 bytes, and no
device function may call itself.
"""

import ast
import os

import pytest
from test_device_code import device_files

from sim import pystack
from sim.mpvm import ROOT


@pytest.mark.long
def test_the_deepest_device_chain_fits_the_bound():
    r = pystack.measure(quick=True)
    detail = "\n".join(["%5d %s" % (n, k) for k, n in sorted(r["per_scenario"].items())])
    chain = "\n".join(r["chain"])
    assert r["bytes"] <= pystack.LIMIT, "%d bytes (%s):\n%s\n%s" % (r["bytes"], r["where"], chain,
                                                                   detail)  # fmt: skip
    assert not r["recursion"], r["recursion"]
    # what the chains cover: the solver's hint, saves, Hard's search
    assert r["per_scenario"]["hints and saves pico-128x64"] > 0
    assert any(k.startswith("hard roller-coaster") for k in r["per_scenario"])
    # the model against the board: it measured about 80 bytes a frame
    assert 60 <= r["bytes"] / r["frames"] <= 110, (r["bytes"], r["frames"])


def test_the_tracer_sees_depth_and_recursion(tmp_path):
    # a function compiled as if it were in lib/: it recurses 40 deep
    path = os.path.join(ROOT, "lib", "_pystack_probe.py")
    src = "def down(n):\n    if n:\n        return down(n - 1) + 1\n    return 0\n"
    env = {}
    exec(compile(src, path, "exec"), env)
    with pystack.Tracer() as t:
        assert env["down"](40) == 40
    assert len(t.chain) == 41 and t.recursion == {"lib/_pystack_probe.py:down"}
    assert t.bytes == 41 * pystack.frame_bytes(env["down"].__code__) > pystack.LIMIT


def test_frames_are_counted_as_micropython_lays_them_out():
    def f(a, b):
        c = a + b
        try:
            with open(os.devnull) as fh:
                fh.read()
        except OSError:
            pass
        return c

    code = f.__code__
    # frame state, a word a local and a stack slot, 2 words a level of try/with (2 here)
    words = pystack.STATE_WORDS + code.co_nlocals + code.co_stacksize + 2 * 2
    assert pystack.frame_bytes(code) == (words * pystack.WORD + 7) // 8 * 8


def test_no_device_function_calls_itself():
    """Recursion would put an unbounded chain on the pystack."""
    found = []
    for path in device_files():
        with open(path) as fh:
            tree = ast.parse(fh.read())
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for call in ast.walk(node):
                if not isinstance(call, ast.Call):
                    continue
                f = call.func
                name = f.id if isinstance(f, ast.Name) else f.attr if (
                    isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                    and f.value.id == "self") else None  # fmt: skip
                if name == node.name:
                    found.append("%s:%d %s" % (os.path.relpath(path, ROOT), call.lineno, name))
    assert not found, found
