"""The table of the card games played from a hand (Color Elevator, Elevator,
Bastard, Roller Coaster): your hand along the bottom with a cursor, the
others' card counts on top and the game's own piles in between (each
game's ``table_<game>.py`` draws those and names its moves), the computer
players' turns, and pass-and-play's cover.

Keys on your turn: LEFT/RIGHT move the cursor, A plays the card under it
(a refused card says why), B takes back a card of a turn not finished,
SELECT ends a play of several cards or else draws or passes, UP shows the
round so far, START pauses (``screens/pause.py``). While the computer
players move, A or B hurry them along; START pauses whoever is to play.

A table has its game's record (``table.record.GameRecord``: the moves,
and when they are saved), its cursor (``buttons.Cursor``), its keys
(``table.keys.HandKeys``), its view (``table.view.HandView``) and its
turns (``table.turns.Turns``: whose turn it is, and the others' moves). A
linked game's link (``match.link``) is called at these points only: each
frame (``tick``), each key (``on_key``), the keys left alone (``idle``), a
move chosen (``take``), a move made (``sync``), a guest's move due
(``pop``) and the message line (``text``), and at the end it closes
(``finish``); besides the table, the pause menu asks it for a seat to
give a computer (``givable``, ``computer_for``) and a save for its seats
(``seats``).

Your choices go straight into the engine state, so the engine alone says
what is legal; a copy taken at the start of your turn makes undo exact. A
card played, and the redraw after it, allocate nothing: what the table
says of a move is written into the view's buffers when drawn
(``put_last``); only a refusal's reason (the game's text module) is made.
"""

import displayio

import games
import ui
from buttons import AXIS_HORIZONTAL, SELECT, A, Cursor
from engine.cardset import CardSet
from engine.gamestate import MAX_ACTIONS
from screens.base import REFUSED, Screen
from table.keys import HandKeys
from table.record import GameRecord
from table.turns import Turns
from table.view import MSG, SAY_MOVE, SAY_NOTHING, SAY_PICKED, SAY_REFUSAL, HandView, by_rank


class Last:
    """What the last turn did, for the message line and the pile: the
    table's record, kept out of the rules' state so copies, observations
    and saves hold rules alone (a host sends its own beside each guest's
    observation: ``link.obs.put_last``). Each game's table says what
    ``kind``, ``n``, ``a`` and ``b`` mean to it (each at most a byte)."""

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


class HandTable(Screen):
    axis = AXIS_HORIZONTAL
    hand_order = staticmethod(by_rank)
    HELP = "{A} PLAY  {SELECT} DRAW  {START} MENU"
    HELPS = (HELP,)  # every text ``help_text`` gives: the view has their legends ready
    PILES = ()  # the table's attributes ``layout_piles`` sets to its pile widgets

    def __init__(self, app, match, state=None, moves=None, replaying=False):
        super().__init__(app)
        self.match = match
        self.game = games.by_id(match.info.ID)
        self.state = state if state is not None else match.new_state()
        self.record = GameRecord(app.saves, match, moves, state is not None, replaying,
                                 self.state)  # fmt: skip
        self.cursor = Cursor(54 * self.state.decks)  # room for a hand of every card
        # the seats people play (you, seat 0, and pass-and-play friends); the
        # hand shown is ``me``'s, and while ``turns.covered`` none is: the
        # console is being passed to the next person, who shows theirs with A
        self.people = match.people()
        self.me = 0
        self.link = link = match.link
        if link is not None and link.seat:  # a linked guest shows its own seat
            self.me = link.seat
            self.people = [link.seat]
        self.you = self.me if len(self.people) == 1 else -1  # friends: every seat by number
        # the view before the copies below: its rows and buffers are the
        # build's largest pieces, made while the heap has its largest holes
        self.view = HandView(self, app)
        # made once: the state at the start of the person's turn (undo; a
        # linked game has none: the other consoles saw the card go down),
        # and what the seat to play sees (an observation each turn, no
        # allocation)
        self.base = self.state._blank() if link is None else None
        self.obs = self.state._blank()
        self.last = Last()  # what the last turn did (and as the person's turn began)
        self.base_last = Last()
        self.picked = bytearray(MAX_ACTIONS)  # actions taken so far this turn
        self.picked_n = 0
        self.drawn = CardSet(self.state.decks)  # what the person's last action drew
        self.say = SAY_NOTHING  # what the message line says when next drawn (table/view.py)
        self.say_about = -1  # ... of which seat, or action
        self.turns = Turns(self, len(self.people) > 1 and state is not None)  # resumed: hidden
        self.keys = HandKeys(self)
        self.turns.begin(0)
        self.render()

    def who(self, seat):
        return "YOU" if seat == self.you else "P%d" % (seat + 1)

    def put_who(self, line, seat):
        if seat == self.you:
            line.add("YOU")
        else:
            line.add("P")
            line.num(seat + 1)

    # the message line's text and the round view's are the view's (written in
    # place when drawn): as strs, made when asked, never in a redraw
    message = property(lambda t: t.view.line.text(), lambda t, text: t.view.write(text))
    said = property(lambda t: t.view.said())

    # -- each game's: its piles, and what its moves say --------------------------
    def small_pile_width(self):
        """Pixels the piles take left of the hand on a 128x32 panel."""
        return 0

    def layout_piles(self, app):
        """Create the game's pile widgets (in ``self.group``)."""

    def render_piles(self):
        """Show the game's piles."""

    def noted(self, s, was, seat, action):
        """``seat`` has just taken ``action`` (``was``: the state before
        it): update ``self.last``."""

    def put_last(self, line):
        """Write one line about the last thing that happened."""

    def last_text(self):  # put_last's line as a str (tests)
        line = ui.Line(MSG)
        self.put_last(line)
        return line.text()

    def mid_turn(self):
        """True while the person's turn is under way (cards chosen, more
        to come), so B takes back rather than pausing."""
        return False

    def put_picked(self, line):
        """Write what the person has picked so far this turn."""

    def help_text(self):
        return self.HELP

    def put_count(self, line, seat):
        """Write ``seat``'s count for the status rows."""
        line.num(self.state.counts[seat])

    def put_stock(self, line):  # the stock, after your count on the status row
        line.add("STOCK ")
        line.num(self.state.deck_n)

    def on_turn_key(self, key, now):
        """A table's own handling of a key on the person's turn (True if
        it used the key)."""
        return False

    def choose_card(self, card, now):
        """A was pressed on ``card``: most games play it."""
        self.take(card, now)

    def presses_for(self, action):
        """Key presses a person makes to take ``action`` from here (the
        simulator's autopilot and tests use this)."""
        if action == self.game.DONE or action == self.game.DRAW:
            return [SELECT]
        return self.cursor.keys_to(action) + [A]

    def put_drew(self, line, seat, n):
        """What ``seat`` drew, for the message: the cards themselves when
        they came to the person's hand, else how many."""
        drawn = self.drawn
        if seat == self.me and drawn.count():
            line.add(" DREW")
            c = drawn.next(-1)
            while c >= 0:
                line.add(" ")  # (after a card, its suit's second tile is the space)
                line.card(c)
                c = drawn.next(c)
        elif n > 1:
            line.add(" DREW ")
            line.num(n)
        else:
            line.add(" DREW A CARD")

    # -- the keys ----------------------------------------------------------------
    def on_key(self, key, now):
        self.keys.press(key, now)

    def resumed(self):
        """Back on the panel after the pause menu."""
        self.message = ""
        self.render()

    def hint(self):
        """Say what the Normal computer player would do from here (the pause
        menu's Hint)."""
        self.keys.hint()

    def refuse(self, action):
        """Say why ``action`` is not allowed now (when drawn) and buzz."""
        self.say = SAY_REFUSAL
        self.say_about = action
        self.beep(REFUSED)

    def take(self, action, now):
        """The person's ``action``: played and logged if the rules allow it,
        else refused. Allocates nothing."""
        if not self.state.is_legal(action):
            self.refuse(action)
            return
        if self.link is not None and self.link.take(self, action):
            return  # a guest's: the host plays it, and its observation comes back
        self.play(action)
        self.record.log(action, self.state)
        self.played(action, now)

    def play(self, action):
        """Apply ``action`` for the seat to play, noting what it did (the
        state before it is kept in ``obs``, free between decisions)."""
        s = self.state
        seat = s.current_player()
        was = self.obs
        was._copy_from(s)
        s.apply(action)
        me = self.me
        # the cards that came to the person's hand, named in the message (``put_drew``):
        # Color Elevator's play-then-draw leaves the count as it was
        self.drawn.copy_from(s.hands[me])
        self.drawn.remove_all(was.hands[me])
        self.noted(s, was, seat, action)
        if self.link is not None:
            self.link.sync(seat, action)  # link play: every guest sees the move

    def played(self, action, now):
        """The person's ``action`` is played: their turn goes on, or ends."""
        if self.turns.my_turn() and self.mid_turn():
            self.picked[self.picked_n] = action  # the same turn goes on
            self.picked_n += 1
            self.say = SAY_PICKED
            return
        self.picked_n = 0
        self.tell(self.me)
        self.turns.begin(now)
        self.turns.drew(now, self.drawn.count() > 0)

    def _undo(self):
        self.picked_n -= 1
        self.state._copy_from(self.base)
        self.last.copy_from(self.base_last)
        for i in range(self.picked_n):
            self.play(self.picked[i])
        self.record.unlog(self.state)
        self.say = SAY_PICKED

    def tell(self, seat):
        """The message line says what ``seat`` just did when next drawn,
        and the round view keeps it."""
        self.say = SAY_MOVE
        self.say_about = seat

    def kept_turn(self):
        """The person's turn begins: the state and the last move as it
        starts, for B's take-back."""
        if self.base is not None:
            self.base._copy_from(self.state)
            self.base_last.copy_from(self.last)
        self.picked_n = 0

    def busy(self):
        """While computers move (the person's keys are not awaited); a
        host waiting on a guest is idle (its game is kept after a while)."""
        return self.turns.busy() and not (self.link is not None and self.link.idle())

    def tick(self, now):
        self.turns.tick(now)

    # -- keeping the game ----------------------------------------------------------
    def checkpoint(self):
        """Save the game in progress (pause menu, idle) if it changed."""
        self.record.checkpoint(self.state)

    def finish(self):
        """The game is over: counted, and the results shown (``App.results``,
        which closes a linked game's link first); its record is written (one
        write) and printed on the serial console just after they appear,
        with the table's memory free."""
        self.link = None  # (App.results closes the link: this table must not keep it)
        self.app.results(self)

    # -- drawing -------------------------------------------------------------------
    def render(self):
        self.view.draw(self)

    def shelve(self):
        """Let go of the tiles (the rows, the hand, the piles) while the
        pause menu shows: the menu's own are made in their room, so a
        paused table needs no more heap than a table at play. A redraw
        meanwhile (a linked game goes on) writes the view's lines alone.
        Unless a linked game goes on, the scratch state goes too (``obs``:
        refilled before every use, and nothing is played meanwhile)."""
        self.view.drop()
        for name in self.PILES:
            setattr(self, name, None)
        self.group = None
        if self.link is None:
            self.obs = None

    def unshelve(self):
        """The tiles again, once the menu has gone (``shelve``)."""
        if self.group is None:
            self.group = displayio.Group()
            self.view.build(self, self.app)
        if self.obs is None:
            self.obs = self.state._blank()
