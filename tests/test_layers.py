"""The layers of the device code, checked over every import, the dynamic
ones (``__import__``) included, followed to the end of the chain. From
the floor up:

- ``lib/engine/`` (the engine core: cards, card sets, the PRNG, the game
  state, ticks) reaches nothing but itself;
- ``games/`` (rules) reaches only itself and the engine: never ``hal/``,
  ``sim/``, a screen, the saves or any other app module;
- ``lib/`` never reaches ``hal/`` or ``sim/``;
- ``hal/`` never reaches ``sim/`` or ``games/``.

Inside ``lib/`` and inside ``games/`` imports go one way: a module that
reaches back to one that reaches it fails, the cycle named.

A dynamic import whose targets the test cannot name fails the test: add
its targets to ``_dynamic`` (they come from the catalogue or the app's
list, never typed twice). The catalogue's loader (``games.load``,
``games.by_id``) imports for whoever calls it: its targets are counted as
the caller's imports, not the ``games`` package's, which every module in
``games/`` imports.
"""

import ast
import os

import pytest

import app
import games

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_LIB = [f[:-3] for f in os.listdir(os.path.join(ROOT, "lib")) if f.endswith(".py")]


def _modules():
    """{module name: path} of the device code (code.py, lib/, games/, hal/)."""
    out = {"code": os.path.join(ROOT, "code.py")}
    for d, pkg in (("lib", ""), ("lib/engine", "engine"), ("games", "games"), ("hal", "hal")):
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.endswith(".py"):
                name = f[:-3]
                if pkg:
                    name = pkg if name == "__init__" else pkg + "." + name
                out[name] = os.path.join(ROOT, d, f)
    for t in _TABLES:
        out.setdefault(t, os.path.join(ROOT, "lib", t + ".py"))
    return out


_TABLES = sorted({i.table for i in games.CATALOGUE})


_LOADER = ("load", "by_id")  # the catalogue's loader, in games/__init__.py


def _loaded():
    """The modules the catalogue's loader may import: a game's rules module
    (``by_id``) or its text (``games.text``)."""
    return ["games." + i.module for i in games.CATALOGUE] + [
        "games." + i.text for i in games.CATALOGUE
    ]


def _names_loader(node):
    """Whether ``node`` names the catalogue's loader (``games.load``,
    ``games.by_id``), called or not."""
    return (isinstance(node, ast.Attribute) and node.attr in _LOADER
            and isinstance(node.value, ast.Name) and node.value.id == "games")  # fmt: skip


def _dynamic(name, node):
    """The modules a ``__import__`` call in module ``name`` may load."""
    if name == "games":  # the loader: what it loads is its callers' import (_imports)
        return []
    if name == "app":  # what every game uses, Hard's search, or the game's table
        if isinstance(node.args[0], ast.Constant):
            return [node.args[0].value]
        if isinstance(node.args[0], ast.Name):
            return list(app._SHARED)
        return _TABLES
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
                elif node.module == "games" and a.name in _LOADER:
                    out.update(_loaded())
        elif _names_loader(node):
            out.update(_loaded())
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
    for layer in ("engine", "games", "hal"):
        if name == layer or name.startswith(layer + "."):
            return layer
    return "lib"


_GAMES_RULE = "games/ reaches only itself and the engine"


def _ours(name):
    """Whether ``name`` is a module of the project (not the firmware's)."""
    return name.split(".")[0] in ("engine", "games", "hal", "sim") or name in _LIB


def _forbidden(src, dst):
    """The rule a reach from module ``src`` to ``dst`` breaks, or ''."""
    lay = _layer(src)
    top = dst.split(".")[0]
    if top == "sim":
        return "%s never reaches sim/" % (lay if lay == "code.py" else lay + "/")
    if lay == "engine" and _layer(dst) != "engine" and _ours(dst):
        return "the engine core reaches nothing but itself"
    if lay == "games" and _layer(dst) == "lib" and _ours(dst):
        return _GAMES_RULE
    if lay == "games" and top == "hal":
        return "games/ never reaches hal/"
    if lay == "lib" and top == "hal":
        return "lib/ never reaches hal/"
    if lay == "hal" and top == "games":
        return "hal/ never reaches games/"
    return ""


def test_the_graph_sees_every_dynamic_import_and_the_known_chains():
    graph, known = _graph()
    # the dynamic imports are followed: the rules, tables and text modules,
    # the loader's counted as its callers' imports (app calls games.by_id,
    # games.text calls games.load), not as the games package's
    assert "games.roller_coaster" in graph["app"] and "games.shedding_text" in graph["games.text"]
    assert not any(m.startswith("games.") for m in graph["games"])
    assert {"table_roller_coaster", "opponents_hard", "screen_results"} <= graph["app"]
    # and chains are followed to their ends
    assert "engine.cardset" in _reach(graph, "games.bastard")
    assert "games.shedding_text" in _reach(graph, "table_shedding")
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
    assert _forbidden("games.roller_coaster", "table_roller_coaster") == _GAMES_RULE
    assert _forbidden("games", "saves") == _GAMES_RULE
    assert _forbidden("screen_menus", "hal") == "lib/ never reaches hal/"
    assert _forbidden("hal.device", "games.elevator") == "hal/ never reaches games/"
    assert _forbidden("hal", "sim.hal") == "hal/ never reaches sim/"
    assert _forbidden("code", "sim.hal") == "code.py never reaches sim/"
    assert _forbidden("code", "hal.device") == ""
    assert _forbidden("table_roller_coaster", "games.roller_coaster") == ""
    assert _forbidden("engine.gamestate", "games") == "the engine core reaches nothing but itself"
    assert _forbidden("engine.cards", "ui") == "the engine core reaches nothing but itself"
    assert _forbidden("engine.gamestate", "engine.prng") == ""
    assert _forbidden("games.bastard", "opponents") == _GAMES_RULE
    assert _forbidden("games.roller_coaster", "engine.cardset") == ""


def _cycles(graph, members):
    """The import cycles among ``members``: each a list of modules, the
    strongly connected parts of the graph of more than one module (or one
    that imports itself), found with Tarjan's algorithm."""
    index = {}
    low = {}
    stack = []
    on = set()
    out = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in members:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in graph.get(v, ()):
                out.append(sorted(part))

    for v in sorted(members):
        if v not in index:
            visit(v)
    return out


def _cycle_path(graph, part):
    """One cycle through the modules of ``part``, as ``a -> b -> a``."""
    start = part[0]
    chain = [start]
    seen = {start}
    while True:
        nxt = sorted(n for n in graph[chain[-1]] if n in part)
        back = [n for n in nxt if n == start]
        if back and len(chain) > 1:
            return " -> ".join(chain + [start])
        fresh = [n for n in nxt if n not in seen]
        if not fresh:
            return " -> ".join(chain + [nxt[0]])
        chain.append(fresh[0])
        seen.add(fresh[0])


@pytest.mark.parametrize(
    "folder, layers", [("lib", ("lib", "engine")), ("games", ("games",))], ids=["lib", "games"]
)
def test_no_import_cycle_inside(folder, layers):
    """lib/ (the engine included) and games/ import one way, every import
    counted (those inside functions and the dynamic ones too): a module
    never reaches back to one that reaches it, so a rules module that loads
    its computer player on first use is one the player never imports. A new
    cycle fails here, named."""
    graph, known = _graph()
    members = {m for m in known if _layer(m) in layers}
    found = [_cycle_path(graph, part) for part in _cycles(graph, members)]
    assert not found, "import cycles in %s/:\n" % folder + "\n".join(found)


def test_a_cycle_is_found_and_named():
    # the checker itself, on a small graph
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    parts = _cycles(graph, set(graph))
    assert parts == [["a", "b", "c"], ["e"]]
    assert _cycle_path(graph, ["a", "b", "c"]) == "a -> b -> c -> a"


def test_a_tables_class_chain_to_the_screen_base_is_short():
    """A table is made of parts (its game's record, its cursor), not of a
    tower of base classes: at most three classes from a game's table to the
    screen base, that base included."""
    from screen import Screen

    for info in games.CATALOGUE:
        table = __import__(info.table).Table
        chain = [c for c in table.__mro__ if issubclass(c, Screen)]
        assert chain[-1] is Screen and len(chain) <= 3, (info.table, chain)
