"""Letting go of a module so that its heap is free at once.

A MicroPython dict keeps a removed entry's value until its slot is used
again, so ``del sys.modules[name]`` alone leaves the module (its code,
its globals) alive until ``sys.modules`` next grows into that slot:
``forget`` points the entry at 0 first. The saves let their reader go
after power-up, the app a game's modules on the menus, the link menu
itself once a link opens.
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
