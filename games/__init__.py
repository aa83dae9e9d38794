"""The games the console plays, one module each with the same State
interface.

The catalogue below holds what the menus need (names, player counts,
variants), so a game's rules module is imported only when that game is
played: a board never holds five rules engines at once. Each game module
takes its own ID, NAME and counts from here. Only games that really work
are listed; the menu shows exactly these.
"""


class Info:
    def __init__(self, game_id, module, name, blurb, lo, hi, default, variants, solved=None):
        self.ID = game_id
        self.module = module
        self.NAME = name
        self.BLURB = blurb
        self.MIN_PLAYERS = lo
        self.MAX_PLAYERS = hi
        self.DEFAULT_PLAYERS = default
        self.VARIANTS = variants
        self.solved = solved  # a file of winnable deal numbers, if the game has one

    def fields(self):
        return (self.ID, self.NAME, self.BLURB, self.MIN_PLAYERS, self.MAX_PLAYERS,
                self.DEFAULT_PLAYERS, self.VARIANTS)  # fmt: skip


CATALOGUE = (
    Info("color-elevator", "color_elevator", "Color Elevator", "Two piles: black up, red down",
         2, 4, 2, ("52 cards", "Jokers")),
    Info("elevator-solitaire", "elevator_solitaire", "Elevator Solitaire",
         "Pyramid to waste, one rank off", 1, 1, 1, ("Elevator", "Escalator"),
         "elevator_solitaire_winnable.bin"),
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


def data_path(name):
    """The path of a data file kept beside this package (a rules page
    file, the list of winnable deals), on a board and on a desktop."""
    cut = max(__file__.rfind("/"), __file__.rfind("\\"))
    return (__file__[: cut + 1] if cut >= 0 else "") + name


def winnable_deal(info, prng):
    """A deal number drawn from the game's list of solved, winnable deals
    (16-bit little-endian words in a file beside this module), or 0 when
    the game has no list or it cannot be read."""
    if not info.solved:
        return 0
    try:
        with open(data_path(info.solved), "rb") as f:
            f.seek(0, 2)
            n = f.tell() // 2
            if n == 0:
                return 0
            f.seek(2 * prng.below(n))
            b = f.read(2)
    except OSError:
        return 0
    return b[0] | (b[1] << 8)
