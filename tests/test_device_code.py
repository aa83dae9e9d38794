"""Device code (code.py, lib/, games/, hal/) uses only what CircuitPython 10
has: checked on the syntax tree, so a CPython-only habit fails here before
it fails on a board."""

import ast
import io
import os
import re
import tokenize

from sim.mpvm import ROOT

_NOT_ON_DEVICE = {
    "dataclasses",
    "enum",
    "abc",
    "functools",
    "typing",
    "itertools",
    "copy",
    "random",
}
_NO_METHODS = {
    "bit_count", "bit_length", "ljust", "rjust", "zfill", "removeprefix", "removesuffix",
    "title", "capitalize",
}  # fmt: skip
_NO_RANDOM = {"shuffle", "sample", "choices"}  # CircuitPython's random lacks them
_FSTRING_EQ = re.compile(r"\{[^{}]*[^=!<>]=\s*(![rsa])?(:[^{}]*)?\}")
SMALL_INT_MAX = (1 << 30) - 1


def device_files():
    """code.py and every module of lib/ (its packages too), games/ and hal/."""
    yield os.path.join(ROOT, "code.py")
    for d in ("lib", "games", "hal"):
        for base, dirs, files in os.walk(os.path.join(ROOT, d)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    yield os.path.join(base, name)


def _guarded(node, parents):
    """True when an import sits in ``try: ... except ImportError``."""
    p = parents.get(node)
    while p is not None:
        if isinstance(p, ast.Try) and any(
            isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in p.handlers
        ):
            return True
        p = parents.get(p)
    return False


def problems(path):
    with open(path) as f:
        source = f.read()
    tree = ast.parse(source)
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    found = []
    rel = os.path.relpath(path, ROOT)
    for node in ast.walk(tree):
        where = "%s:%d" % (rel, getattr(node, "lineno", 0))
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            for name in names:
                if name and name.split(".")[0] in _NOT_ON_DEVICE and not _guarded(node, parents):
                    found.append("%s imports %s" % (where, name))
        elif isinstance(node, ast.Match):
            found.append(where + " uses match")
        elif isinstance(node, ast.Raise) and node.cause is not None:
            found.append(where + " chains exceptions (raise ... from)")
        elif isinstance(node, ast.Attribute) and node.attr in _NO_METHODS:
            found.append("%s calls .%s" % (where, node.attr))
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in _NO_RANDOM
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
        ):
            found.append("%s calls random.%s" % (where, node.attr))
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "print_exception"
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
            and not _guarded(node, parents)
        ):  # CircuitPython has none: traceback.print_exception, sys's only as a fallback
            found.append(where + " calls sys.print_exception without traceback first")
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            if abs(node.value) > SMALL_INT_MAX:
                found.append("%s has a long-int literal %d" % (where, node.value))
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING and re.match(r"(?i)[rb]*f", tok.string):
            if _FSTRING_EQ.search(tok.string):
                found.append("%s:%d has an f-string '=' form" % (rel, tok.start[0]))
    return found


def test_device_code_has_no_cpython_only_features():
    all_found = []
    files = list(device_files())
    assert len(files) >= 10
    # lib/'s packages are device code too
    rel = {os.path.relpath(f, ROOT) for f in files}
    assert {"lib/engine/cards.py", "lib/screens/base.py", "lib/link/host.py"} <= rel, rel
    for path in files:
        all_found.extend(problems(path))
    assert not all_found, "\n".join(all_found)


def test_the_checker_catches_what_it_should(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import enum\nfrom functools import partial\nimport random\n"
        "x = 5 .bit_count()\nrandom.shuffle([])\ny = 'a'.ljust(3)\nz = f'{x=}'\n"
        "big = 1 << 40\nhuge = 2147483648\n"
        "try:\n    import typing\nexcept ImportError:\n    pass\n"
        "def f(v):\n    match v:\n        case 1:\n            pass\n"
        "    try:\n        pass\n    except ValueError as e:\n        raise KeyError() from e\n"
        "import sys\ndef g(e):\n    sys.print_exception(e)\n"
        "def h(e):\n    try:\n        import traceback\n        traceback.print_exception(e)\n"
        "    except ImportError:\n        sys.print_exception(e)\n"
    )
    found = "\n".join(problems(str(bad)))
    for what in ("imports enum", "imports functools", "imports random", ".bit_count", ".ljust",
                 "random.shuffle",
                 "f-string", "long-int literal 2147483648", "uses match", "chains",
                 "bad.py:24 calls sys.print_exception"):  # fmt: skip
        assert what in found, what
    assert "bad.py:29 calls sys.print_exception" not in found  # after traceback: a fallback
    assert "typing" not in found  # guarded


def test_only_hal_touches_hardware():
    hardware = {"board", "busio", "keypad", "microcontroller", "supervisor", "alarm", "pwmio",
                "digitalio", "i2cdisplaybus", "adafruit_displayio_ssd1306"}  # fmt: skip
    for path in device_files():
        if os.sep + "hal" + os.sep in path or path.endswith("code.py"):
            continue
        with open(path) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in hardware, "%s imports %s" % (path, name)
