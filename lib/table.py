"""The table screen shared by the card games played from a hand: your hand
along the bottom with a cursor, the others' card counts on top, and the
game's own piles in between (each game's ``table_*.py`` draws those).

Keys on your turn: LEFT/RIGHT move the cursor, A plays the card under it
(a refused card says why), B takes back the last card of an unfinished
turn, START ends a multi-card play, SELECT draws or passes. B with nothing
to take back opens the pause menu (``screen_pause.py``: resume, rules, hint,
sound, restart, new deal, quit). While the computer players move, A, B or
START hurry them along.

Your choices go straight into the engine state, so the engine alone says
what is legal; a copy taken at the start of your turn makes undo exact.
The keys and the game's lifecycle are ``table_keys.py``'s (the base of
every table); this module lays the table out, draws it and runs the
computer players' turns.
"""

import cards
import opponents
import ui
from app import TURN
from table_keys import HUMAN, TableKeys
from ticks import ticks_add, ticks_diff


def by_rank(card):
    """Hand order: by rank, aces first, jokers last; suits C D H S."""
    r = cards.rank(card)
    return (r if r >= 0 else 13) * 8 + cards.suit(card) + 1


me = HUMAN  # the seat called YOU (none in pass-and-play: -1)


def who(seat):
    return "YOU" if seat == me else "P%d" % (seat + 1)


class Last:
    """What the last turn did, for the message line and the pile: the
    table's record, kept out of the rules' state so copies, observations
    and saves hold rules alone. Each game's table says what ``kind``,
    ``n``, ``a`` and ``b`` mean to it."""

    def __init__(self):
        self.seat = -1
        self.kind = 0
        self.n = 0
        self.a = -1
        self.b = -1

    def copy_from(self, o):
        self.seat = o.seat
        self.kind = o.kind
        self.n = o.n
        self.a = o.a
        self.b = o.b


class Table(TableKeys):
    hand_order = staticmethod(by_rank)
    HELP = "{A} PLAY  {SELECT} DRAW  {START} MENU"

    # -- layout ----------------------------------------------------------
    def _layout(self, app):
        """The widgets, what the table makes once, and the first turn."""
        global me
        me = self.me if len(self.people) == 1 else -1  # friends: every seat by number
        # made once: the state at the start of the person's turn (undo), and
        # what the seat to play sees (an observation each turn, no allocation)
        self.base = self.state._blank()
        self.obs = self.state._blank()
        self.last = Last()  # what the last turn did (and as the person's turn began)
        self.base_last = Last()
        self.picked = []  # actions taken so far this turn
        self.drawn = []  # the cards the person's hand gained by the last action
        self.first = 0  # first hand card shown (scrolling); ``hand``: sorted
        self.wait_until = 0
        self.skip = False
        self.waiting = False  # link play: this guest's action is on its way to the host
        g = self.group
        small = app.small
        self.status = ui.TextRow(32, 0, 0)
        g.append(self.status.grid)
        if small:
            self.status2 = None
            self.msg = ui.TextRow(32, 0, 7)
            self.help = None
            hand_y = 15
            hand_x = 14 + self.small_pile_width()
        else:
            self.status2 = ui.TextRow(32, 0, 7)
            g.append(self.status2.grid)
            self.msg = ui.TextRow(32, 0, 30)
            self.help = ui.TextRow(32, 0, 37)
            g.append(self.help.grid)
            hand_y = 46
            hand_x = 4
        g.append(self.msg.grid)
        self.layout_piles(app)
        self.slots = (app.width - hand_x - 4) // ui.HAND_PITCH
        self.hand_x = hand_x
        self.hand_y = hand_y
        self.cards = ui.CardRow(self.slots, hand_x, hand_y)  # the hand: one TileGrid
        g.append(self.cards.grid)
        self.more_left = ui.TextRow(1, hand_x - 4, hand_y + 4)
        self.more_right = ui.TextRow(1, app.width - 4, hand_y + 4)
        g.append(self.more_left.grid)
        g.append(self.more_right.grid)
        self.bar = ui.bar(ui.HAND_PITCH - 1, 2 if not small else 1, hand_x, hand_y + 15)
        g.append(self.bar)
        self._begin_turn(0)

    def small_pile_width(self):
        """Pixels the piles take left of the hand on a 128x32 panel."""
        return 0

    def layout_piles(self, app):
        """Create the game's pile widgets (in ``self.group``)."""

    def render_piles(self):
        """Show the game's piles."""

    def last_text(self):
        """One line about the last thing that happened."""
        return ""

    def play(self, action):
        """Apply ``action`` for the seat to play, noting what it did (the
        state before it is kept in ``obs``, free between decisions)."""
        s = self.state
        seat = s.current_player()
        was = self.obs
        was._copy_from(s)
        s.apply(action)
        self.drawn = []
        me = self.me
        if s.counts[me] > was.counts[me]:  # named in the message (``drew``)
            self.drawn = [c for c in s.hands[me].to_list() if not was.hands[me].contains(c)]
        self.noted(s, was, seat, action)
        if self.host is not None:
            self.host.sync(seat, action)  # link play: every guest sees the move

    def noted(self, s, was, seat, action):
        """``seat`` has just taken ``action`` (``was``: the state before
        it): update ``self.last``."""

    def drew(self, seat, n):
        """What ``seat`` drew, for the message: the cards themselves when
        they came to the person's hand, else how many."""
        if seat == self.me and self.drawn:
            return " DREW " + cards.codes(self.drawn)
        return " DREW %d" % n if n > 1 else " DREW A CARD"

    def status_count(self, seat):
        return str(self.state.counts[seat])

    def stock_text(self):
        return "STOCK %d" % self.state.deck_n

    # -- turn flow ---------------------------------------------------------
    def my_turn(self):
        s = self.state
        if s.is_over() or self.covered or self.waiting:
            return False
        return s.current_player() == self.me

    def _begin_turn(self, now):
        seat = self.state.current_player()
        if seat != self.me and seat in self.people:
            self.covered = True  # another person's turn: pass the console first
        if not self.my_turn():
            # the last move stays on screen a moment before the next one (or the results)
            self.wait_until = ticks_add(now, 0 if self.skip else self.app.settings.pace_ms)
            return
        self.base._copy_from(self.state)
        self.base_last.copy_from(self.last)
        self.picked = []
        self.skip = False

    def busy(self):
        return not self.my_turn() and not self.passing()

    def tick(self, now):
        s = self.state
        host = self.host
        if host is not None and host.tick(self, now):
            return  # link play: a guest waits for its host, a host for a guest
        if s.is_over():
            if ticks_diff(now, self.wait_until) >= 0 or self.skip:
                self.finish()
            return
        if self.my_turn() or self.passing():
            return
        if not self.skip and ticks_diff(now, self.wait_until) < 0:
            return
        seat = s.current_player()
        levels = self.app.levels
        level = levels[seat] if seat < len(levels) else opponents.NORMAL
        if level == 4 and host is not None:  # a linked console's seat (link_host.GUEST)
            action = host.pop(seat)
            if action < 0:
                return
        else:
            hw = self.app.hw  # Hard watches the board's clock (THINK_MS)
            obs = s.observe(seat, self.obs)
            action = opponents.choose(self.game, obs, self.app.rng, level, 0, hw.ticks_ms)
        self.play(action)
        self.log(action)
        pace = 0 if self.skip else self.app.settings.pace_ms
        if s.current_player() == seat and not s.is_over():
            self.wait_until = ticks_add(now, pace // 2)  # mid-turn: each card a moment
        else:
            self.wait_until = ticks_add(now, pace)
            if not s.is_over() and s.current_player() in self.people:
                self._begin_turn(now)
                if self.my_turn():
                    self.app.beep(TURN)
        self.message = self.last_text()
        self.said[seat] = self.message
        self.render()

    # -- the person's keys ---------------------------------------------------
    def render(self):
        s = self.state
        self.hand = [] if self.covered else s.hands[self.me].to_list()
        self.hand.sort(key=self.hand_order)
        n = len(self.hand)
        if self.cursor >= n:
            self.cursor = max(0, n - 1)
        if self.cursor < self.first:
            self.first = self.cursor
        elif self.cursor >= self.first + self.slots:
            self.first = self.cursor - self.slots + 1
        if self.first > max(0, n - self.slots):
            self.first = max(0, n - self.slots)
        for i in range(self.slots):
            j = self.first + i
            self.cards.set(i, self.hand[j] if j < n else ui.CARD_NONE)
        self.more_left.set("<" if self.first > 0 else " ")
        self.more_right.set(">" if self.first + self.slots < n else " ")
        bar_x = self.hand_x + (self.cursor - self.first) * ui.HAND_PITCH
        if self.bar.x != bar_x:
            self.bar.x = bar_x
        self.bar.hidden = n == 0 or not self.my_turn()
        self.render_piles()
        self._render_status()
        wait = self.passing()
        lost = self.host.text(self) if self.host is not None else ""
        if lost:
            self.msg.set(lost)
        elif wait:
            self.msg.set("PASS TO P%d - PRESS A" % (s.current_player() + 1))
        elif self.help is None and not self.message and self.my_turn():
            self.msg.set(self.app.legend(self.help_text()))  # a small panel: the keys, when quiet
        else:
            self.msg.set(self.message)
        if self.help is not None:
            text = "{A} SKIP AHEAD  {START} MENU"
            if lost:
                text = "{B} TO THE TITLE" if self.host.seat else "{SELECT} A COMPUTER PLAYS ON"
            elif wait:
                text = "{A} SHOW HAND  {START} MENU"
            elif self.my_turn():
                text = self.help_text()
            self.help.set(self.app.legend(text))

    def help_text(self):
        return self.HELP

    def _render_status(self):
        s = self.state
        parts = []
        me = self.me
        many = self.players > 6  # up to 12 seats: a shorter form
        for seat in range(self.players):
            if seat == me:
                continue
            # the seat to play: "@", the font's solid arrow (ui_glyphs), which no
            # move's text uses, so "P2:4@P3:4" reads as P3 to play
            mark = "@" if s.current_player() == seat else " "
            name = str(seat + 1) if many else "P%d" % (seat + 1)
            parts.append("%s%s:%s" % (mark, name, self.status_count(seat)))
        opp = "".join(parts)
        you = "@" if s.current_player() == me else " "
        mine = you + who(me) + " " + self.stock_text()
        if self.status2 is None:  # a small panel: you first, then the others, then the stock
            line = you + who(me) + ":" + self.status_count(me) + opp + " S" + str(s.deck_n)
            if len(line) > 32:  # many seats: counts only, in seat order, the one to play marked
                turn = s.current_player()
                parts = [("@" if seat == turn else " ") + self.status_count(seat)
                         for seat in range(self.players)]  # fmt: skip
                line = "".join(parts) + " S" + str(s.deck_n)
            self.status.set(line[:32])
            return
        if len(opp) <= 32:
            self.status.set(opp)
            self.status2.set(mine + (" DEAL " + str(self.deal) if self.deal else " LINKED GAME"))
        else:
            self.status.set(opp[:32])
            self.status2.set(opp[32:] + " " + mine)
