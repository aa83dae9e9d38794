"""Pocket card console: build this board's HAL and run the app.

The app catches its own failures (``app.App.step``); one that escapes it,
at start-up, goes to the serial console and the board starts again a few
seconds later (``hal.fatal``), never a dark panel left standing."""

import hal

try:
    from app import App

    App(hal.open()).run()
except Exception as e:  # noqa: BLE001 - whatever it was: logged, then a restart
    hal.fatal(e)
