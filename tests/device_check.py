"""Runs the device HAL and code.py on stand-in board modules.

    python tests/device_check.py PROFILE

Stand-ins (tests/standins: board, busio, digitalio, keypad,
microcontroller, supervisor, pwmio, alarm) come first on sys.path; Blinka
supplies the real displayio, and the SSD1306 driver talks to an emulated
panel. Prints one JSON line with what it saw; exits 1 on a failed check.
"""

import io
import json
import os
import runpy
import sys
import threading
import time
from contextlib import redirect_stdout

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
sys.path[:0] = [os.path.join(HERE, "standins"), ROOT, os.path.join(ROOT, "lib")]

import alarm  # noqa: E402
import busio  # noqa: E402
import keypad  # noqa: E402
import microcontroller  # noqa: E402
import pwmio  # noqa: E402
import supervisor  # noqa: E402

from buttons import NAMES, Event  # noqa: E402
from hal import profiles  # noqa: E402


def check(cond, what):
    if not cond:
        print(json.dumps({"ok": False, "failed": what}))
        sys.exit(1)


def hal_checks(name):
    import hal

    prof = profiles.get(name)
    hw = hal.open(name)
    i2c = busio.instances[-1]
    check(i2c.frequency == 400000, "I2C at 400 kHz")
    check((i2c.scl.name, i2c.sda.name) == (prof["scl"], prof["sda"]), "I2C pins from profile")
    check(i2c.panel.on and i2c.panel.mux == prof["height"] - 1, "panel initialised by the driver")
    keys = keypad.instances[-1]
    check([p.name for p in keys.pins] == [b for b, _ in prof["buttons"]], "button pins")
    check(keys.value_when_pressed is False and keys.pull, "buttons to GND with pull-ups")
    ev = Event()
    seen = []
    if hw.three:
        keys.events.inject(1, True, 0)  # middle button, short: A
        keys.events.inject(1, False, 60)
        keys.events.inject(2, True, 100)  # bottom button held: SELECT
        hw.poll(100)
        hw.poll(700)
        keys.events.inject(2, False, 800)
        hw.poll(800)
    else:
        for k in range(8):
            keys.events.inject(k, True, k * 10)
            keys.events.inject(k, False, k * 10 + 5)
        hw.poll(100)
    while hw.buttons.get_into(ev):
        seen.append((NAMES[ev.key], ev.kind))
    if hw.three:
        check(seen == [("A", 1), ("A", 2), ("SELECT", 1), ("SELECT", 2)], "three-button: %s" % seen)
    else:
        check([s[0] for s in seen[::2]] == [k for _, k in prof["buttons"]], "eight keys %s" % seen)
    # beeps never block; silent boards accept them too
    t0 = time.monotonic()
    hw.tone(880, 50)
    check(time.monotonic() - t0 < 0.01, "tone returns at once")
    if prof["piezo"]:
        pwm = pwmio.instances[-1]
        check(pwm.frequency == 880 and pwm.duty_cycle > 0, "piezo sounding")
        hw.poll(supervisor.ticks_ms() + 100)
        check(pwm.duty_cycle == 0, "piezo silenced by poll")
    check(hw.nvm is microcontroller.nvm and len(hw.nvm) == 4096, "nvm")
    check(0 < hw.entropy() < 2**30, "entropy")
    before = supervisor.reloads
    try:
        hw.reload()  # after a MemoryError: a clean restart of code.py
        check(False, "reload returns only through a restart")
    except SystemExit:
        check(supervisor.reloads == before + 1, "supervisor.reload() called")
    try:
        hw.deep_sleep()
        check(False, "deep sleep returns only through a restart")
    except SystemExit:
        check(len(alarm.slept_with) == len(prof["buttons"]), "wakes on every button")
    return hw


def run_code_py(name, script):
    """Run code.py; each frame's sleep advances the clock and feeds the next
    scripted edge; stops after the script with the app's screen name."""
    import app as app_module

    made = []
    orig_init = app_module.App.__init__

    def init(self, hw):
        orig_init(self, hw)
        made.append(self)

    app_module.App.__init__ = init
    frames = [0]
    last = [0]  # the clock at the last scripted key
    real_sleep = time.sleep

    def sleep(seconds):
        if threading.current_thread() is not threading.main_thread():
            return real_sleep(seconds)  # Blinka's displayio background thread
        frames[0] += 1
        supervisor.now += int(seconds * 1000)
        keys = keypad.instances[-1]
        # a key every 400 ms of the board's clock: a new screen ignores quicker ones
        if made and supervisor.now - last[0] >= 400 and script:
            last[0] = supervisor.now
            key, hold = script.pop(0)
            if os.environ.get("DEVICE_CHECK_DEBUG"):
                print(frames[0], key, type(made[-1].screen).__name__)
            keys.events.inject(key, True, supervisor.now)
            keys.events.inject(key, False, supervisor.now + hold)
            supervisor.now += hold
        if not script and frames[0] > 400:
            raise KeyboardInterrupt

    time.sleep = sleep
    os.environ["CONSOLE_PROFILE"] = name
    out = io.StringIO()
    try:
        with redirect_stdout(out):
            runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
    except KeyboardInterrupt:
        pass
    finally:
        time.sleep = real_sleep
    text = out.getvalue()  # the serial console at start-up: what a maker reports
    check(
        "about: board " + name in text and "about: pystack set to 2048 bytes" in text, "about lines"
    )
    check("about: free heap" in text and "about: version " in text, "about: heap, version")
    panel = busio.instances[-1].panel
    return type(made[-1].screen).__name__, panel.lit_count(), busio.instances[-1].bytes_sent


def fatal_check(name):
    """A failure that escapes the app at start-up: code.py prints it and
    restarts the board after a wait (hal.fatal), never a dark panel."""
    from contextlib import redirect_stderr

    import app as app_module

    def broken(self, hw):
        raise RuntimeError("pystack exhausted")

    orig = app_module.App.__init__
    app_module.App.__init__ = broken
    waited = []
    real_sleep = time.sleep
    time.sleep = waited.append
    before = supervisor.reloads
    out = io.StringIO()
    os.environ["CONSOLE_PROFILE"] = name
    try:
        with redirect_stdout(out), redirect_stderr(out):
            runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
        check(False, "code.py returned after a failure")
    except SystemExit:
        pass
    finally:
        time.sleep = real_sleep
        app_module.App.__init__ = orig
    text = out.getvalue()
    check("Traceback" in text and "pystack exhausted" in text, "the failure on the console")
    check(any(w >= 2 for w in waited), "a wait before the restart")
    check(supervisor.reloads == before + 1, "code.py restarted")


def wrong_version_check(name, found, refused=None):
    """code.py built for CircuitPython 10 on a board running ``found``
    (or whose import of ``refused`` fails as an .mpy of another version
    does): it says which version it needs and found, on the serial console
    and on the panel, and waits; no traceback, no restart loop."""
    import types

    from sim import bundle

    with open(os.path.join(ROOT, "code.py")) as f:
        code = bundle._STAMP.sub("_BUILT_FOR = %d" % bundle.CIRCUITPYTHON, f.read())
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), "code_built_%d.py" % os.getpid())
    with open(path, "w") as f:
        f.write(code)

    class Refuse:  # an import of a module CircuitPython finds to be another version's .mpy
        def find_spec(self, fullname, path=None, target=None):
            if fullname == refused:
                raise ValueError("incompatible .mpy file")

    real = sys.implementation
    sys.implementation = types.SimpleNamespace(**dict(vars(real), version=found))
    sys.meta_path.insert(0, Refuse())
    saved = {m: sys.modules.pop(m) for m in ("app", "hal") if m in sys.modules}
    slept = []
    real_sleep = time.sleep

    def sleep(seconds):
        slept.append(seconds)
        if threading.current_thread() is threading.main_thread() and seconds >= 60:
            raise KeyboardInterrupt  # it waits for new firmware: enough seen

    time.sleep = sleep
    os.environ["CONSOLE_PROFILE"] = name
    reloads = supervisor.reloads
    out = io.StringIO()
    try:
        with redirect_stdout(out):
            runpy.run_path(path, run_name="__main__")
        check(False, "code.py went on with the wrong CircuitPython")
    except KeyboardInterrupt:
        pass
    finally:
        time.sleep = real_sleep
        sys.implementation = real
        del sys.meta_path[0]
        sys.modules.update(saved)
        os.remove(path)
    text = out.getvalue()
    said = ".".join(str(n) for n in found)
    check("built for CircuitPython 10.x" in text and "runs CircuitPython " + said in text,
          "the versions on the serial console: " + text)  # fmt: skip
    check("Traceback" not in text and supervisor.reloads == reloads, "no traceback, no restart")
    panel = busio.instances[-1].panel
    check(panel.lit_count() > 100, "the versions on the panel: %d lit" % panel.lit_count())
    return panel.lit_count()


def main(name):
    hal_checks(name)
    fatal_check(name)
    wrong_version_check(name, (8, 2, 6))
    wrong_version_check(name, (10, 2, 1), refused="app")
    if profiles.get(name)["nav"] == "three":
        # A (title), A (menu), START held (setup: start), then pick a card
        script = [(1, 50), (1, 50), (1, 900), (2, 50), (1, 50)]
    else:
        # A, A, START (title, menu, setup), RIGHT, A on the table
        script = [(4, 30), (4, 30), (6, 30), (3, 30), (4, 30)]
    screen, lit, sent = run_code_py(name, script)
    check(screen == "Table", "code.py reached the table, got " + screen)
    check(lit > 300, "the table is drawn")
    print(
        json.dumps({"ok": True, "profile": name, "screen": screen, "lit": lit, "bus_bytes": sent})
    )


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else profiles.DEFAULT)
