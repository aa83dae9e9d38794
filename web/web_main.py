"""The console in a browser: the page (``web/console.js``) calls
``start`` once, then ``frame`` every animation frame and ``key`` for each
key edge. The app is the board's, unchanged (``lib/app.py``); a failure
inside a frame is the app's to catch, as on a board."""

_app = None
_hw = None


def start(height=64):
    global _app, _hw
    from app import App
    from hal_web import WebHAL

    _hw = WebHAL(height)
    _app = App(_hw)
    _app.start()


def frame():
    _app.step(_hw.ticks_ms())


def key(k, down):
    _hw.key(k, bool(down))
