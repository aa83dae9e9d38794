"""Letting go of a module so that its heap is free at once.

A MicroPython dict keeps a removed entry's value until its slot is used
again, so ``del sys.modules[name]`` alone leaves the module (its code,
its globals) alive until ``sys.modules`` next grows into that slot:
``forget`` points the entry at 0 first. A module of a package is also
an attribute of the package (``import link.host`` sets ``link.host``),
which would keep it alive as long as the package: ``forget`` drops that
too. The saves let their reader go after power-up, the app a game's
modules on the menus and link play's package when a link closes
(``forget_package``), the link menu itself once a link opens.
"""

import sys


def forget(name):
    """Let go of module ``name`` (and of its parent package's attribute
    for it: ``games.roller_coaster``, say), if it is loaded."""
    modules = sys.modules
    if name in modules:
        modules[name] = 0
        del modules[name]
        i = name.rfind(".")
        parent = modules.get(name[:i]) if i > 0 else None
        if parent is not None and hasattr(parent, name[i + 1 :]):
            setattr(parent, name[i + 1 :], 0)
            delattr(parent, name[i + 1 :])


def forget_package(package, keep=()):
    """Let go of ``package``: every module of it that is loaded, then the
    package itself, but for the modules named in ``keep``. Modules are
    chosen by package (``link`` and ``link.*``), never by a prefix of
    their names."""
    prefix = package + "."
    for name in [n for n in sys.modules if n.startswith(prefix) and n not in keep]:
        forget(name)
    if package not in keep:
        forget(package)
