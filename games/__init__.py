"""The games the console plays, one module each with the same State
interface.

The catalogue below holds what the menus need (names, player counts,
variants), so a game's rules module is imported only when that game is
played: a board never holds five rules engines at once. Each game module
takes its own ID, NAME and counts from here. Only games that really work
are listed; the menu shows exactly these.
"""


class Info:
    def __init__(self, game_id, module, name, blurb, lo, hi, default, variants):
        self.ID = game_id
        self.module = module
        self.NAME = name
        self.BLURB = blurb
        self.MIN_PLAYERS = lo
        self.MAX_PLAYERS = hi
        self.DEFAULT_PLAYERS = default
        self.VARIANTS = variants

    def fields(self):
        return (self.ID, self.NAME, self.BLURB, self.MIN_PLAYERS, self.MAX_PLAYERS,
                self.DEFAULT_PLAYERS, self.VARIANTS)  # fmt: skip


CATALOGUE = (
    Info("color-elevator", "color_elevator", "Color Elevator", "Two piles: black up, red down",
         2, 4, 2, ("52 cards", "Jokers")),
    Info("elevator-solitaire", "elevator_solitaire", "Elevator Solitaire",
         "Pyramid to waste, one rank off", 1, 1, 1, ("Elevator", "Escalator")),
    Info("elevator", "elevator", "Elevator", "Climb in alternate colours", 3, 6, 4,
         ("Standard",)),
    Info("bastard", "bastard", "Bastard", "Elevator's cousin, 2-12 players", 2, 12, 4,
         ("Jokers alike", "Red/black jokers")),
    Info("roller-coaster", "roller_coaster", "Roller Coaster", "Shed runs up or down, A wraps",
         2, 8, 3, ("Standard",)),
)  # fmt: skip


def info(game_id):
    for i in CATALOGUE:
        if i.ID == game_id:
            return i
    return None


def by_id(game_id):
    """The game's rules module (imported now if it was not yet), or None."""
    i = info(game_id)
    if i is None:
        return None
    package = __import__("games." + i.module)
    return getattr(package, i.module)


def all_games():
    """Every game's module (imports them all: for tools and tests)."""
    return tuple(by_id(i.ID) for i in CATALOGUE)
