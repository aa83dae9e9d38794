"""Letting go of modules (``lib/unload.py``) on the MicroPython VM, where a
module left referenced anywhere stays on the heap: a package's modules
are also its attributes, and ``forget_package`` drops them with the
modules, the package last."""

import gc
import sys

from unload import forget, forget_package


def _loaded(package):
    return sorted([m for m in sys.modules if m == package or m.startswith(package + ".")])


def _round():
    gc.collect()
    from link import seats  # noqa: F401  (and the package, frame)

    forget_package("link")


def test_forget_package_lets_every_module_of_it_go():
    gc.collect()  # (the runner's earlier tests leave the heap in pieces)
    from link import seats  # loads link.frame too

    pkg = sys.modules["link"]
    assert _loaded("link") == ["link", "link.frame", "link.seats"], _loaded("link")
    assert hasattr(pkg, "seats") and hasattr(pkg, "frame")
    forget_package("link")
    assert _loaded("link") == [], _loaded("link")
    # the package, were it still held, no longer holds its modules either
    assert not [n for n in ("seats", "frame", "peers") if hasattr(pkg, n)]
    from link import seats as again

    assert again is not seats  # loaded afresh, not the module forgotten
    forget_package("link")


def test_forget_package_keeps_what_it_is_told_to():
    from link import frame  # noqa: F401

    keep = set(sys.modules)
    from link import seats  # noqa: F401

    forget_package("link", keep)
    assert _loaded("link") == ["link", "link.frame"], _loaded("link")
    pkg = sys.modules["link"]
    assert hasattr(pkg, "frame") and not hasattr(pkg, "seats") and not hasattr(pkg, "peers")
    forget_package("link")
    assert _loaded("link") == []


def test_a_forgotten_module_of_a_package_is_imported_again():
    # forget drops the package's attribute too: else ``from saves import read``
    # would hand back the module forgotten instead of loading it
    gc.collect()  # (its compile needs one piece of heap: the earlier tests leave it in pieces)
    from saves import read

    forget("saves.read")
    assert "saves.read" not in sys.modules and not hasattr(sys.modules["saves"], "read")
    from saves import read as again

    assert again is not read
    forget("saves.read")


def test_link_plays_code_does_not_pile_up_on_the_heap():
    _round()  # the names it interns and what it imports from outside the package stay
    gc.collect()
    before = gc.mem_alloc()
    _round()
    gc.collect()
    assert gc.mem_alloc() - before <= 256, gc.mem_alloc() - before
