"""Pocket card console: build this board's HAL and run the app.

The app catches its own failures (``app.App.step``); one that escapes it,
at start-up, goes to the serial console and the board starts again a few
seconds later (``hal.fatal``), never a dark panel left standing.

The build ships every other module as ``.mpy`` compiled for one
CircuitPython major version, and sets ``_BUILT_FOR`` to it (0: the
modules are ``.py``, which any version loads). A board running another
version cannot load them: it is told which version the build needs and
which it found, on the serial console and on the panel where the HAL
still loads, and waits for new firmware rather than restart in a loop.
"""

import sys

_BUILT_FOR = 0


def _wrong_version(error):
    found = ".".join(str(n) for n in sys.implementation.version[:3])
    print(
        "This console was built for CircuitPython %d.x; this board runs CircuitPython %s, "
        "which cannot load its .mpy files (%s). Install CircuitPython %d from "
        "circuitpython.org, then copy the console again." % (_BUILT_FOR, found, error, _BUILT_FOR)
    )
    try:
        import hal

        hal.notice(("NEEDS CIRCUITPY %d" % _BUILT_FOR, "THIS BOARD HAS " + found,
                    "INSTALL IT FROM", "CIRCUITPYTHON.ORG"))  # fmt: skip
    except Exception:  # noqa: BLE001, S110 - the HAL's files are .mpy too: serial alone
        pass
    import time

    while True:  # nothing to restart into until the firmware changes
        time.sleep(60)


if _BUILT_FOR and sys.implementation.version[0] != _BUILT_FOR:
    _wrong_version("another major version")
try:
    import hal
except ValueError as e:  # "incompatible .mpy file": compiled for another version
    if not _BUILT_FOR:
        raise
    _wrong_version(e)

try:
    from app import App

    App(hal.open()).run()
except Exception as e:  # noqa: BLE001 - whatever it was: logged, then a restart
    if _BUILT_FOR and isinstance(e, ValueError) and ".mpy" in str(e):
        _wrong_version(e)
    hal.fatal(e)
