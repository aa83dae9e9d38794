"""The games the console plays: the catalogue, the one record of each game.

Everything the console knows of a game before its rules load lives in its
``Info`` below: ids, name, player range, variants, which modules hold its
rules, its table screen and its screen text, Hard's player (its own, or
the search and its budget), series play and its stable save id. The rules
modules, the screens, the opponents and the saves read it from here;
nothing else names a game. A game's rules module is imported only when that
game is played, so a board never holds five rules engines at once.
``CONTRACT.md`` beside this file is what every game module keeps.

The two actions that are not a card, ``DRAW`` and ``DONE``, are the same in
every game and are named here, below the rules, so a computer player reads
them without importing its rules module (the rules load their player, on
first use: imports inside ``games/`` go one way, ``tests/test_layers.py``).
"""

import gc
import sys

from micropython import const

# what the compile left is garbage now: the catalogue's records go low in
# the heap, not in islands among it that would cut up the free space
gc.collect()

DRAW = const(200)  # draw, or pass (every game names it, even one that never draws)
DONE = const(201)  # end the turn (every game names it, even one that never uses it)


class Info:
    """One game's record. ``SAVE_ID`` is how the saves name the game: it
    never changes and is never reused, whatever the catalogue's order."""

    def __init__(self, game_id, save_id, name, blurb, players, variants, module, table, text,
                 search=0, series=False, solved=None, hard=None):  # fmt: skip
        self.ID = game_id
        self.SAVE_ID = save_id
        self.NAME = name
        self.BLURB = blurb
        self.MIN_PLAYERS, self.MAX_PLAYERS, self.DEFAULT_PLAYERS = players
        self.VARIANTS = variants
        self.module = module  # the rules module in games/
        self.table = table  # the table screen's module in lib/table/ ("table.shedding")
        self.text = text  # the screen text's module in games/
        self.search = search  # Hard's search budget in simulated moves (0: it does not search)
        # (beside its own player, ``hard``: the budget of its endgame search)
        self.series = series  # the next deal starts left of the last winner
        self.solved = solved  # a file of winnable deal numbers, if the game has one
        self.hard = hard  # Hard's own player, a module in games/ (None: Hard searches)

    def searches(self, players):
        """Does Hard search at a table of ``players``? Without a player of
        its own, wherever the record gives a budget; beside its own player
        (the endgame search, lib/opponents_endgame.py), at three or four
        players: at five it gained a tenth of a point of win share, from
        six its scratch states would only weigh on the heap, and at two the
        stock is almost never empty before a player is out."""
        return self.search > 0 and (not self.hard or 3 <= players <= 4)

    def fields(self):
        return (self.ID, self.NAME, self.BLURB, self.MIN_PLAYERS, self.MAX_PLAYERS,
                self.DEFAULT_PLAYERS, self.VARIANTS)  # fmt: skip

    def check(self, players, variant, starter=0):
        """ValueError unless the table is one this game is played at."""
        if players < self.MIN_PLAYERS or players > self.MAX_PLAYERS:
            raise ValueError("players must be %d-%d" % (self.MIN_PLAYERS, self.MAX_PLAYERS))
        if variant < 0 or variant >= len(self.VARIANTS):
            raise ValueError("no variant %d" % variant)
        if starter and not self.series:
            raise ValueError("seat 0 always starts")
        if starter < 0 or starter >= players:
            raise ValueError("no seat %d" % starter)


# Hard's search budget: simulated moves a decision, sized as
# lib/opponents_hard.py says; beside a player of its own (``hard``), the
# budget of its endgame search (lib/opponents_endgame.py), sized the same
# way; 0 where it does not search (docs/opponents.md).
CATALOGUE = (
    Info("color-elevator", 0, "Color Elevator", "Two piles: black up, red down", (2, 4, 2),
         ("52 cards", "Jokers"), "color_elevator", "table.color_elevator", "color_elevator_text",
         hard="color_elevator_hard"),
    Info("elevator-solitaire", 1, "Elevator Solitaire", "Pyramid to waste, one rank off",
         (1, 1, 1), ("Elevator", "Escalator"), "elevator_solitaire", "table.elevator_solitaire",
         "elevator_solitaire_text", solved="elevator_solitaire_winnable.bin"),
    Info("elevator", 2, "Elevator", "Climb in alternate colours", (3, 6, 4), ("Standard",),
         "elevator", "table.shedding", "shedding_text", 56, hard="shedding_hard"),
    Info("bastard", 3, "Bastard", "Elevator's cousin, 2-12 players", (2, 12, 4),
         ("Jokers alike", "Red/black jokers"), "bastard", "table.shedding", "shedding_text", 56,
         series=True, hard="shedding_hard"),
    Info("roller-coaster", 4, "Roller Coaster", "Shed runs up or down, A wraps", (2, 8, 3),
         ("Standard",), "roller_coaster", "table.roller_coaster", "roller_coaster_text", 64),
)  # fmt: skip


def info(game_id):
    for i in CATALOGUE:
        if i.ID == game_id:
            return i
    return None


def by_save_id(n):
    """The game a save names, or None (a game this firmware does not have)."""
    for i in CATALOGUE:
        if i.SAVE_ID == n:
            return i
    return None


def load(name):
    """``games.<name>`` (a rules or text module), imported now if it was not
    yet."""
    if "games." + name not in sys.modules:
        gc.collect()  # a module compiles in one piece of heap: make room first
    return getattr(__import__("games." + name), name)


def by_id(game_id):
    """The game's rules module (imported now if it was not yet), or None."""
    i = info(game_id)
    return None if i is None else load(i.module)


def data_path(name):
    """The path of a data file kept beside this package (a rules page file,
    the list of winnable deals), on a board and on a desktop."""
    cut = max(__file__.rfind("/"), __file__.rfind("\\"))
    return (__file__[: cut + 1] if cut >= 0 else "") + name
