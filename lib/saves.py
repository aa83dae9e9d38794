"""What the console keeps between power-ups, and when it writes it.

Records, most important first (a small store keeps the first that fit):

1. settings;
2. statistics per game;
3. the game in progress: its setup and a snapshot of the state;
4. the last finished game's record (setup and moves), for replays;
5. the moves of the game in progress (so a resumed game can still be
   replayed when it ends).

Every write rewrites flash, so the console writes only when a game ends,
when the pause menu opens, when the person has left the keys alone for
``IDLE_SAVE_MS`` (so before the panel goes dark and the board sleeps),
and when settings are left changed: never per move.

Only this small module stays loaded: the work (``savework.py``), the
layout (``store.py``) and the encodings (``savecodec.py``,
``snapshot.py``) are imported to load or write, then let go, so their
code is not in the heap during play. If even that cannot be loaded (the
heap is full), the console says so and plays on: nothing is lost that
was saved before.
"""

import gc
import sys

from micropython import const

SETTINGS = const(1)
STATS = const(2)
GAME = const(3)
LAST = const(4)
MOVES = const(5)
IDLE_SAVE_MS = const(10000)
PLAYED, WON, BEST, STREAK, LONGEST = range(5)

# Saved settings in order: (attribute, default, lowest, highest). An idle
# timeout of 0 means never.
SAVED = (
    ("sound", 1, 0, 1),
    ("pace_ms", 700, 0, 10000),  # how long each computer move stays shown
    ("contrast", 128, 1, 255),
    ("repeat_ms", 120, 20, 1000),  # auto-repeat period of a held arrow
    ("screen_off_ms", 60000, 0, 3600000),  # no key this long: panel off
    ("sleep_ms", 300000, 0, 3600000),  # ... and this long: deep sleep
    ("dim_ms", 20000, 0, 3600000),  # no key this long: panel dimmed
)


class Settings:
    def __init__(self):
        for name, default, _, _ in SAVED:
            setattr(self, name, default)


def _index(game_id):
    import games

    for i in range(len(games.CATALOGUE)):
        if games.CATALOGUE[i].ID == game_id:
            return i
    raise ValueError("unknown game")


def _let_go(*names):
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
    gc.collect()


class Saves:
    def __init__(self, nvm):
        import games

        self.nvm = nvm
        self.settings = Settings()
        self.stats = [[0] * 5 for _ in games.CATALOGUE]
        self.game = None  # bytes: setup + snapshot of the game in progress
        self.moves = None  # bytes: its record so far (setup + moves)
        self.last = None  # bytes: the last finished game's record
        self.ended = None  # (setup, moves) of a game just over, until written
        self.dirty = False  # something changed since the last write
        self.writes = 0  # flash writes made
        self.dropped = ()  # records the last write had no room for
        self.slot = -1  # slot holding the newest good copy
        self.seq = 0
        self.status = 0  # what loading found (store.py's codes)
        self.message = ""  # what to tell the person, once
        self.loaded = False  # the store was read (nothing is written before it is)
        self._run("load")
        if not self.loaded:
            self.message = "MEMORY FULL: SAVES NOT READ"

    def _run(self, name, *args):
        try:
            import savework

            return getattr(savework, name)(self, *args)
        except MemoryError:  # nothing written, nothing dropped: try again later
            self.message = ("MEMORY FULL: GAME KEPT FOR LATER" if name == "saved_game"
                            else "MEMORY FULL: NOT SAVED")  # fmt: skip
            return None
        finally:
            _let_go("savework", "savecodec", "snapshot", "store")

    def commit(self):
        """Write every record now: one flash write."""
        return self._run("commit")

    def keep_game(self, setup, state, moves, moves_n):
        """Write the running game (``moves`` None: its moves are not known)."""
        self._run("keep_game", setup, state, moves, moves_n)

    def saved_game(self):
        """(setup, state, moves or None) of the saved game in progress, or
        None (a record that does not restore is dropped, never played)."""
        return self._run("saved_game")

    def game_over(self, setup, moves, moves_n, won, score):
        """Count the result and forget the game now; its record is written
        (and printed) by the next ``commit``, which the app makes once the
        results are on screen and the table's memory is free."""
        row = self.stats[_index(setup[0])]
        row[PLAYED] = min(row[PLAYED] + 1, 0xFFFF)
        if won:
            row[WON] = min(row[WON] + 1, 0xFFFF)
            row[STREAK] = min(row[STREAK] + 1, 0xFFFF)
            if row[STREAK] > row[LONGEST]:
                row[LONGEST] = row[STREAK]
        else:
            row[STREAK] = 0
        if score > row[BEST]:
            row[BEST] = min(score, 0xFFFF)
        self.game = None
        self.moves = None
        self.ended = (setup, None if moves is None else bytes(memoryview(moves)[:moves_n]))
        self.dirty = True

    def forget_game(self):
        """A new game replaces the saved one (written with the next save)."""
        if self.game is not None:
            self.game = None
            self.moves = None
            self.dirty = True

    def stat_lines(self, game_id):
        played, won, best, streak, longest = self.stats[_index(game_id)]
        return [  # the panel's small font has no per cent sign
            "PLAYED %d  WON %d" % (played, won),
            "WIN RATE %d PER CENT" % (won * 100 // played if played else 0),
            "BEST SCORE %d" % best,
            "STREAK %d  LONGEST %d" % (streak, longest),
        ]

    def last_line(self):
        """The last finished game as one line of text, or ''."""
        return self._run("last_line") if self.last is not None else ""
