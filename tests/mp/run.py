"""Assert-based test runner for the MicroPython VM (pytest does not run
there). Run from the project root:

    micropython -X heapsize=256K tests/mp/run.py [module ...]

Each module's ``test_*`` functions run in name order; the last line reads
'N passed, N failed' and the exit status is 1 when anything failed.
"""

import gc
import sys

for p in ("tests/mp", "tests", ".", "lib"):
    if p not in sys.path:
        sys.path.insert(0, p)

DEFAULT = (
    "test_engine_core",
    "test_roller_coaster_rules",
    "test_color_elevator_rules",
    "test_elevator_solitaire_rules",
    "test_shedding_rules",
    "test_engine_mp",
    "test_unload_mp",
)


def run(names):
    passed = 0
    failed = 0
    for name in names:
        mod = __import__(name)
        tests = sorted([t for t in dir(mod) if t.startswith("test_")])
        for t in tests:
            try:
                getattr(mod, t)()
                passed += 1
                print("ok   " + name + "." + t)
            except Exception as e:  # report and go on, like pytest
                failed += 1
                print("FAIL " + name + "." + t + ": " + repr(e))
                sys.print_exception(e)
        # a test module is let go once its tests ran, as pytest's runs apart: the
        # next module's imports (compiled here from .py) do not meet its leftovers
        sys.modules.pop(name, None)
        mod = None
        gc.collect()
    print(str(passed) + " passed, " + str(failed) + " failed")
    return failed


if __name__ == "__main__":
    names = sys.argv[1:] or DEFAULT
    if run(names):
        sys.exit(1)
