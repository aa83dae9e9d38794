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

``lib/`` reads by concept: its packages (``engine``, ``screens``,
``table``, ``link``, ``saves``) beside the modules at its top. A package
is its folder, with no ``__init__.py`` to load with its modules (on a
board, importing a module of a package loads the package first), found in
lib/ alone on CPython, and the app lets modules go by package
(``unload.forget_package``), never by a prefix of their file names: a
module that chooses the modules it forgets by ``startswith`` of anything
but a package's name and its dot fails, and every module named to
``forget`` is one that exists.

A dynamic import whose targets the test cannot name fails the test: add
its targets to ``_dynamic`` (they come from the catalogue or the app's
list, never typed twice). The catalogue's loader (``games.load``,
``games.by_id``) imports for whoever calls it: its targets are counted as
the caller's imports, not the ``games`` package's, which every module in
``games/`` imports.
"""

import ast
import importlib
import os

import pytest

import app
import games

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# lib/'s packages (folders of modules) and the modules at its top
_PACKAGES = sorted(
    d for d in os.listdir(os.path.join(ROOT, "lib"))
    if os.path.isdir(os.path.join(ROOT, "lib", d)) and not d.startswith(("_", "."))
)  # fmt: skip
_LIB = [f[:-3] for f in os.listdir(os.path.join(ROOT, "lib")) if f.endswith(".py")] + _PACKAGES


def _modules():
    """{module name: path} of the device code (code.py, lib/ and its
    packages, games/, hal/)."""
    out = {"code": os.path.join(ROOT, "code.py")}
    folders = [("lib", "")] + [("lib/" + p, p) for p in _PACKAGES]
    for d, pkg in folders + [("games", "games"), ("hal", "hal")]:
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.endswith(".py"):
                name = f[:-3]
                if pkg:
                    name = pkg if name == "__init__" else pkg + "." + name
                out[name] = os.path.join(ROOT, d, f)
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
    if name == "app":  # the title's, what every game uses, Hard's search, or the game's table
        if isinstance(node.args[0], ast.Constant):
            return [node.args[0].value]
        if isinstance(node.args[0], ast.Name):
            return list(app._START) + list(app._SHARED)
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
    return name.split(".")[0] in ("engine", "games", "hal", "sim") or name.split(".")[0] in _LIB


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
    assert {"table.roller_coaster", "opponents_hard", "opponents_endgame"} <= graph["app"]
    assert "screens.results" in graph["app"]
    assert {"screens.base", "table.hand", "table.view"} <= graph["app"]
    # and chains are followed to their ends, a module of a package reaching
    # its package too
    assert "engine.cardset" in _reach(graph, "games.bastard")
    assert "games.shedding_text" in _reach(graph, "table.shedding")
    assert {"table", "table.hand", "screens", "screens.base"} <= set(
        _reach(graph, "table.shedding")
    )
    assert set(known) >= {"code", "app", "games", "hal", "hal.device", "games.shedding"}
    assert set(known) >= {"screens.menus", "table.hand", "link.host", "saves.keep", "engine.cards"}


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
    assert _forbidden("games.roller_coaster", "table.roller_coaster") == _GAMES_RULE
    assert _forbidden("games", "saves.keep") == _GAMES_RULE
    assert _forbidden("games", "saves") == _GAMES_RULE
    assert _forbidden("screens.menus", "hal") == "lib/ never reaches hal/"
    assert _forbidden("link.host", "hal.device") == "lib/ never reaches hal/"
    assert _forbidden("hal.device", "games.elevator") == "hal/ never reaches games/"
    assert _forbidden("hal", "sim.hal") == "hal/ never reaches sim/"
    assert _forbidden("code", "sim.hal") == "code.py never reaches sim/"
    assert _forbidden("code", "hal.device") == ""
    assert _forbidden("table.roller_coaster", "games.roller_coaster") == ""
    assert (
        _forbidden("engine.cards", "screens.base") == "the engine core reaches nothing but itself"
    )
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
    from screens.base import Screen

    for info in games.CATALOGUE:
        table = importlib.import_module(info.table).Table
        chain = [c for c in table.__mro__ if issubclass(c, Screen)]
        assert chain[-1] is Screen and len(chain) <= 3, (info.table, chain)


def test_a_package_is_its_folder_and_loads_nothing_with_its_modules():
    """A package of lib/ is a folder of modules, without an ``__init__.py``
    (as ``engine/``): on a board, importing a module of a package loads the
    package first, and an ``__init__`` that imported its modules would load,
    and keep, them all; one that is only there costs a file and a name
    each. On CPython such a package is the folder only if nothing else on
    the path bears its name (a module there would win): each is found in
    lib/ alone."""
    import importlib.util

    assert {"engine", "screens", "table", "link", "saves"} <= set(_PACKAGES)
    for pkg in _PACKAGES:
        init = os.path.join(ROOT, "lib", pkg, "__init__.py")
        if os.path.exists(init):  # allowed, if it holds nothing but a docstring
            tree = ast.parse(open(init).read())
            doc = [n for n in tree.body[:1] if isinstance(n, ast.Expr)]
            assert not tree.body[len(doc) :], "lib/%s/__init__.py holds more than a docstring" % pkg
        spec = importlib.util.find_spec(pkg)
        # (one folder, however many entries of sys.path name it: some tools put lib/ first)
        found = {os.path.realpath(p) for p in spec.submodule_search_locations}
        assert found == {os.path.realpath(os.path.join(ROOT, "lib", pkg))}, spec


_SELECTS = ("startswith", "endswith")


def _by_package(arg, scope):
    """Whether ``arg`` (what a ``startswith`` in ``scope`` is given) is a
    package's name and its dot: ``"link."``, ``package + "."``, or a name
    set to one of those in the same function."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value.endswith(".") and arg.value[:-1] in _PACKAGES + ["games"]
    if isinstance(arg, ast.Tuple):
        return all(_by_package(a, scope) for a in arg.elts)
    if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add):
        return isinstance(arg.right, ast.Constant) and arg.right.value == "."
    if isinstance(arg, ast.Name):
        sets = [n.value for n in ast.walk(scope) if isinstance(n, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == arg.id for t in n.targets)]  # fmt: skip
        return bool(sets) and all(_by_package(v, scope) for v in sets)
    return False


def _reads_modules(scope):
    return any(isinstance(n, ast.Attribute) and n.attr == "modules"
               and isinstance(n.value, ast.Name) and n.value.id == "sys"
               for n in ast.walk(scope))  # fmt: skip


def _name_prefixes(source):
    """The lines where code that reads ``sys.modules`` chooses names by a
    prefix (or suffix) that is not a package's name and its dot."""
    tree = ast.parse(source)
    top = ast.Module(body=[n for n in tree.body if not isinstance(
        n, (ast.FunctionDef, ast.ClassDef))], type_ignores=[])  # fmt: skip
    scopes = [top] + [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    bad = []
    for scope in scopes:
        if not _reads_modules(scope):
            continue
        for n in ast.walk(scope):
            if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                    and n.func.attr in _SELECTS
                    and not all(_by_package(a, scope) for a in n.args)):  # fmt: skip
                bad.append("line %d: %s" % (n.lineno, ast.unparse(n)))
    return sorted(set(bad))


def test_the_checker_of_name_prefixes_fails_a_file_name_prefix():
    # the checker itself: a prefix group of file names is caught, a package is not
    old = "import sys\ndef f():\n    return [n for n in sys.modules if n.startswith('link_')]\n"
    assert _name_prefixes(old) == ["line 3: n.startswith('link_')"]
    assert _name_prefixes(old.replace("'link_'", "('link.', 'table_')")) != []
    assert _name_prefixes(old.replace("link_", "link.")) == []
    assert _name_prefixes(old.replace("'link_'", "p + '.'")) == []
    named = (
        "import sys\ndef f(p):\n    x = p + '.'\n"
        "    return [n for n in sys.modules if n.startswith(x)]\n"
    )
    assert _name_prefixes(named) == []
    assert _name_prefixes(named.replace("p + '.'", "p + '_'")) != []
    # a prefix where the modules are not read is not a choice of modules
    assert _name_prefixes("def f(row):\n    return row.startswith('seat')\n") == []


def test_modules_are_let_go_by_package_never_by_a_file_name_prefix():
    """What the app lets go of is chosen by package (``link`` and
    ``link.*``: ``unload.forget_package``), not by a prefix of file names
    (``startswith("link_")``), which a module named otherwise escapes."""
    known = _modules()
    bad = []
    for name, path in sorted(known.items()):
        if _layer(name) in ("lib", "engine"):
            bad += ["%s %s" % (name, b) for b in _name_prefixes(open(path).read())]
    assert not bad, "modules chosen by a name prefix:\n" + "\n".join(bad)


_FORGETS = {"forget": "module", "_forget": "module", "_let_go": "module",
            "forget_package": "package", "_forget_package": "package"}  # fmt: skip


def _forgotten(tree):
    """[(line, function, name)] of every module or package named to be let
    go in ``tree``: a constant given to ``forget`` and its kin, or each name
    of a constant tuple a loop gives it."""
    out = []
    loops = {}  # a loop variable -> the constants it runs over
    for n in ast.walk(tree):
        if isinstance(n, ast.For) and isinstance(n.target, ast.Name):
            if isinstance(n.iter, ast.Tuple) and all(isinstance(e, ast.Constant)
                                                     for e in n.iter.elts):  # fmt: skip
                loops[n.target.id] = [e.value for e in n.iter.elts]
    for n in ast.walk(tree):
        if not (isinstance(n, ast.Call) and n.args):
            continue
        f = n.func.id if isinstance(n.func, ast.Name) else getattr(n.func, "attr", "")
        if f not in _FORGETS:
            continue
        a = n.args[0]
        if isinstance(a, ast.Constant):
            out.append((n.lineno, f, a.value))
        elif isinstance(a, ast.Name) and a.id in loops:
            out += [(n.lineno, f, v) for v in loops[a.id]]
    return out


def test_every_module_let_go_or_loaded_by_name_exists():
    """A module named in a string (to ``forget``, in the app's lists of
    what to load) that no longer exists fails silently on a board: a
    forget that forgets nothing, a heap that never comes back."""
    known = _modules()
    bad = []
    for name, path in sorted(known.items()):
        if _layer(name) in ("lib", "engine"):
            for line, f, target in _forgotten(ast.parse(open(path).read())):
                ok = target in _PACKAGES if _FORGETS[f] == "package" else target in known
                if not ok:
                    bad.append("%s line %d: %s(%r)" % (name, line, f, target))
    for listed in (app._START, app._SHARED, app._HAND):
        bad += ["app's lists: %r" % m for m in listed if m not in known]
    bad += ["the catalogue: %r" % t for t in _TABLES if t not in known]
    assert not bad, "\n".join(bad)
    # and the checker sees the forgets it is to check
    found = {t for _, _, t in _forgotten(ast.parse(open(known["app"]).read()))}
    assert {"link", "screens.menus", "link.menu"} <= found
    found = {t for _, _, t in _forgotten(ast.parse(open(known["screens.menus"]).read()))}
    assert "link.saved" in found  # (Continue's look at a hosted game's guests)
