"""Run the real app on the simulated HAL without a terminal.

``Session`` owns a ``SimHAL`` and an ``App`` on virtual time: ``press``
taps a key, ``settle`` runs frames until computer players have finished
and the person is to act (or the step budget runs out), and the panel,
bus counters and screen are there to inspect; ``watch`` follows the
games played (``sim.replay.GameWatch``: the last one's replay line).
"""

from app import App
from buttons import key_by_name
from engine.ticks import ticks_diff
from sim.hal import SimHAL
from sim.replay import GameWatch


class Session:
    def __init__(self, profile=None, game=None, players=0, deal=0, seed=1, pace_ms=None, variant=0,
                 nvm_path=None, record=None):  # fmt: skip
        self.hw = SimHAL(profile, virtual_time=True, seed=seed, nvm_path=nvm_path)
        self.app = App(self.hw)
        self.watch = GameWatch()
        if pace_ms is not None:
            self.app.settings.pace_ms = pace_ms
        if record is not None:
            from sim.replay import Replay

            self.app.show(Replay(self.app, record))
        else:
            self.app.start(game, players, deal, variant)
        self.frame()
        self.wait_guard()

    def frame(self):
        self.app.step(self.hw.ticks_ms())
        self.watch.see(self.app)
        self.hw.wait_frame()

    def settle(self, max_frames=20000):
        """Frames until the screen waits for the person."""
        for _ in range(max_frames):
            self.frame()
            if not self.app.busy():
                return True
        return False

    def press(self, key, settle=True):
        if isinstance(key, str):
            k = key_by_name(key)
            if k < 0:
                raise ValueError("unknown key " + key)
            key = k
        self.wait_guard()
        self.hw.press(key)
        self.frame()
        if settle:
            self.settle()

    def wait_guard(self):
        """Frames until the screen takes keys: a new screen ignores presses
        for a moment (``App.show``), and a person is never that quick."""
        app = self.app
        for _ in range(100):
            guard = app.guard  # (-1: none)
            if app.screen is not None and (guard < 0 or ticks_diff(self.hw.ticks_ms(), guard) >= 0):
                return
            self.frame()

    def bus_bytes(self):
        return self.hw.i2c.bytes_sent

    @property
    def screen(self):
        return self.app.screen
