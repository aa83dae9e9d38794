"""The base of every screen, the console's tones, and the menus' kept rows.

A screen owns a displayio Group and answers ``on_key(key, now)``,
``tick(now)`` and ``busy()``; ``axis`` tells three-button boards whether
previous/next mean UP/DOWN or LEFT/RIGHT here. Screens go to one another
through the app (``app.to_title()``, ``app.to_game_menu()``, ``app.play()``...),
never by importing the screen they go back to, so no screen module imports
another that imports it.
"""

import displayio
from micropython import const

from buttons import AXIS_VERTICAL

# The console's tones: a key, your turn, a refusal, a game won, a game lost;
# as (Hz, ms) pairs in _TONES
CLICK = const(0)
TURN = const(1)
REFUSED = const(2)
WON = const(3)
LOST = const(4)
_TONES = (880, 30, 660, 40, 220, 60, 880, 120, 330, 120)

# The menus whose row is kept while the console is on (``App.menus``, a
# byte each: ``ui.Menu``'s ``keep``). The pause menu keeps none: it opens on
# Resume each time, as a player's thumb expects.
TITLE_MENU = const(0)
GAME_MENU = const(1)
SETTINGS_MENU = const(2)
MENUS = const(3)


class Screen:
    axis = AXIS_VERTICAL
    # A screen that appears by itself (a computer's move, the link, the
    # results: not asked for by a key) takes no press in its first guard_ms
    # but one still held then (``App.show``), so a key mashed at a table does
    # not start the next deal on the results. One a key asked for takes every
    # press made after that key, in order; on any screen a key already down
    # as it showed (its repeats, its release, its bounce) does nothing.
    guard_ms = 250

    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()

    def on_key(self, key, now):
        pass

    def tick(self, now):
        pass

    def busy(self):
        return False

    def shelve(self):
        """Another screen (the pause menu) shows over this one, which may
        let go of its tiles until it shows again (``unshelve``)."""

    def unshelve(self):
        """Back on the panel: the tiles ``shelve`` let go, made again."""

    def checkpoint(self):
        """Save what this screen holds that a power cut would lose."""
        if self.app.saves.dirty:
            self.app.saves.commit()

    def beep(self, tone=CLICK):
        """Sound one of the console's tones, unless the sound is off."""
        app = self.app
        if app.settings.sound:
            app.hw.tone(_TONES[2 * tone], _TONES[2 * tone + 1])
