"""The layers of the device code, checked over every import, the dynamic
ones (``__import__``) included, followed to the end of the chain:

- ``games/`` (rules) never reaches ``hal/``, ``sim/``, a screen or the saves;
- ``lib/`` never reaches ``hal/`` or ``sim/``;
- ``hal/`` never reaches ``sim/`` or ``games/``.

A dynamic import whose targets the test cannot name fails the test: add
its targets to ``_dynamic`` (they come from the catalogue or the app's
list, never typed twice).
"""

import ast
import os

import app
import games

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_LIB = [f[:-3] for f in os.listdir(os.path.join(ROOT, "lib")) if f.endswith(".py")]

# lib/ modules that are screens (or draw them) and the saves
_SCREENS = {"app", "app_failsafe", "buttons_three", "screens", "table", "table_keys", "ui",
            "ui_glyphs"} | {m for m in _LIB if m.startswith("screen_")}  # fmt: skip
_SAVES = {"saves"} | {m for m in _LIB if m.startswith("save_")}


def _modules():
    """{module name: path} of the device code (code.py, lib/, games/, hal/)."""
    out = {"code": os.path.join(ROOT, "code.py")}
    for d in ("lib", "games", "hal"):
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.endswith(".py"):
                name = f[:-3]
                if d == "games":
                    name = "games" if name == "__init__" else "games." + name
                elif d == "hal":
                    name = "hal" if name == "__init__" else "hal." + name
                out[name] = os.path.join(ROOT, d, f)
    for t in _TABLES:
        out.setdefault(t, os.path.join(ROOT, "lib", t + ".py"))
    return out


_TABLES = sorted({i.table for i in games.CATALOGUE})


def _dynamic(name, node):
    """The modules a ``__import__`` call in module ``name`` may load."""
    if name == "games":  # by_id: a game's rules module
        return ["games." + i.module for i in games.CATALOGUE]
    if name == "stateview":  # a game's screen text
        return ["games." + i.text for i in games.CATALOGUE]
    if name == "screens":  # the game's table, or Hard's search
        if isinstance(node.args[0], ast.Constant):
            return [node.args[0].value]
        return _TABLES
    if name == "app":  # the modules kept from start-up
        return list(app._KEEP)
    raise AssertionError("%s: a dynamic import the layer test cannot name (line %d)"
                         % (name, node.lineno))  # fmt: skip


def _imports(name, path, known):
    """Every module ``name`` imports, anywhere in it."""
    tree = ast.parse(open(path).read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            out.add(node.module)
            for a in node.names:  # from games import shedding: a module
                if node.module + "." + a.name in known:
                    out.add(node.module + "." + a.name)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__"):  # fmt: skip
            out.update(_dynamic(name, node))
    for m in list(out):  # importing games.x imports the games package first
        if "." in m:
            out.add(m.split(".")[0])
    return out


def _graph():
    known = _modules()
    return {name: _imports(name, path, known) for name, path in known.items()}, known


def _reach(graph, start):
    """{module: the chain that reaches it from ``start``}."""
    seen = {start: [start]}
    todo = [start]
    while todo:
        m = todo.pop()
        for n in graph.get(m, ()):
            if n not in seen:
                seen[n] = seen[m] + [n]
                todo.append(n)
    return seen


def _layer(name):
    if name == "code":
        return "code.py"  # builds the HAL and runs the app: only sim/ is out of its reach
    if name.startswith("games"):
        return "games"
    if name.startswith("hal"):
        return "hal"
    return "lib"


def _forbidden(src, dst):
    """The rule a reach from module ``src`` to ``dst`` breaks, or ''."""
    lay = _layer(src)
    top = dst.split(".")[0]
    if top == "sim":
        return "%s never reaches sim/" % (lay if lay == "code.py" else lay + "/")
    if lay == "games":
        if top == "hal":
            return "games/ never reaches hal/"
        if dst in _SCREENS or dst in _TABLES or dst.startswith("table"):
            return "games/ never reaches a screen"
        if dst in _SAVES:
            return "games/ never reaches the saves"
    if lay == "lib" and top == "hal":
        return "lib/ never reaches hal/"
    if lay == "hal" and top == "games":
        return "hal/ never reaches games/"
    return ""


def test_the_graph_sees_every_dynamic_import_and_the_known_chains():
    graph, known = _graph()
    # the dynamic imports are followed: the rules, tables and text modules
    assert "games.roller_coaster" in graph["games"]
    assert "table_rc" in graph["screens"] and "games.shedding_text" in graph["stateview"]
    # and chains are followed to their ends
    assert "cardset" in _reach(graph, "games.bastard")
    assert "games.shedding_text" in _reach(graph, "table_sh")
    assert set(known) >= {"code", "app", "games", "hal", "hal.device", "games.shedding"}


def test_no_layer_reaches_what_it_must_not():
    graph, known = _graph()
    broken = []
    for src in sorted(known):
        for dst, chain in sorted(_reach(graph, src).items()):
            rule = _forbidden(src, dst)
            if rule:
                broken.append("%s: %s" % (rule, " -> ".join(chain)))
    assert not broken, "\n".join(broken)


def test_a_forbidden_reach_is_named_by_its_rule():
    # the checker itself: each rule is caught, and named
    assert _forbidden("games.bastard", "sim.cli") == "games/ never reaches sim/"
    assert _forbidden("games.bastard", "hal.device") == "games/ never reaches hal/"
    assert _forbidden("games.roller_coaster", "table_rc") == "games/ never reaches a screen"
    assert _forbidden("games", "saves") == "games/ never reaches the saves"
    assert _forbidden("screens", "hal") == "lib/ never reaches hal/"
    assert _forbidden("hal.device", "games.elevator") == "hal/ never reaches games/"
    assert _forbidden("hal", "sim.hal") == "hal/ never reaches sim/"
    assert _forbidden("code", "sim.hal") == "code.py never reaches sim/"
    assert _forbidden("code", "hal.device") == ""
    assert _forbidden("table_rc", "games.roller_coaster") == ""
