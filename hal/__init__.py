"""Hardware abstraction: the only device code that touches pins.

``hal.open()`` builds the HAL for the profile named by ``CONSOLE_PROFILE``
in ``settings.toml`` (default: ``profiles.DEFAULT``). The contract it
fulfils is written down in ``hal/CONTRACT.md``; ``sim/hal.py`` fulfils the
same contract on a desktop.
"""


def open(profile=None):  # noqa: A001 - the HAL's one entry point
    import os

    from hal import device

    return device.DeviceHAL(profile or os.getenv("CONSOLE_PROFILE"))
