"""Hardware abstraction: the only device code that touches pins.

``hal.open()`` builds the HAL for the profile named by ``CONSOLE_PROFILE``
in ``settings.toml`` (default: ``profiles.DEFAULT``). The contract it
fulfils is written down in ``hal/CONTRACT.md``; ``sim/hal.py`` fulfils the
same contract on a desktop. ``hal.fatal(error)`` is the last resort of
``code.py``, and ``hal.notice(lines)`` its words on the panel when the app
cannot run at all (firmware the build's files were not made for).
"""


def open(profile=None):  # noqa: A001 - the HAL's one entry point
    import os

    from hal import device

    return device.DeviceHAL(profile or os.getenv("CONSOLE_PROFILE"))


def notice(lines, profile=None):
    """``lines`` on the panel, in the board's built-in font."""
    import os

    from hal import device

    return device.notice(profile or os.getenv("CONSOLE_PROFILE"), lines)


def fatal(error, wait_s=5):
    """A failure nothing else caught (at start-up, before the app could):
    its traceback on the serial console, then ``code.py`` again after
    ``wait_s`` seconds (long enough to read it, and no tight restart loop)."""
    import time

    import supervisor

    try:
        import traceback

        traceback.print_exception(error)
    except ImportError:  # MicroPython
        import sys

        sys.print_exception(error)
    print("console failed to start: restarting in %d s" % wait_s)
    time.sleep(wait_s)
    supervisor.reload()
