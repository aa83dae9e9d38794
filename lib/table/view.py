"""What the table of a game played from a hand shows, and where: the
status rows (every seat's count, the one to play marked, the stock, the
deal), the message line, the keys line, and the hand along the bottom
with its cursor bar and scroll marks. Each game's table adds its piles
(``layout_piles``, ``render_piles``). Made with the table
(``table.hand.HandTable.view``), and again after the pause menu (which
shows while the table's tiles are let go: ``HandTable.shelve``); ``draw``
rewrites only the tiles that changed.

A redraw (at every key and every computer move) allocates nothing: its
text is written into lines made once (``ui.Line``), the hand into the
cursor's list, and the key lines' legends are made with the view. Only a
refusal's reason (the game's text module) and a link's words are made.
"""

from micropython import const

import ui
from engine import cards
from match import GUEST

MSG = const(64)  # the message line's text (32 shown)
_SAID = const(32)  # each seat's last move, for the round view (31 shown)
_OTHERS = const(80)  # the others' seats, before any is squeezed
_SKIP = "{A} SKIP AHEAD  {START} MENU"  # the view's own key lines
_SHOW = "{A} SHOW HAND  {START} MENU"
_HIDE = "{A} HIDE HAND  {START} MENU"
_HIDE_SHORT = " {A} HIDE"

# What the message line is to say when next drawn (``HandTable.say``)
SAY_NOTHING = const(0)
SAY_MOVE = const(1)  # what seat ``say_about`` just did (and the round view's line for it)
SAY_PICKED = const(2)  # the cards picked so far this turn
SAY_REFUSAL = const(3)  # why action ``say_about`` is refused


def by_rank(card):
    """Hand order: by rank, aces first, jokers last; suits C D H S."""
    r = cards.rank(card)
    return (r if r >= 0 else 13) * 8 + cards.suit(card) + 1


class HandView:
    """The table's rows and hand (``build``), and the lines a redraw writes
    into. While another screen shows over the table (the pause menu) its
    tiles go (``drop``) and are made again on its return; the lines, the
    key lines' legends and where the hand is scrolled stay, so what each
    seat did last, and what the message line is to say, outlive them."""

    def __init__(self, table, app):
        self.first = 0  # the first card of the hand shown (scrolling: kept under the menu)
        self.legends = {}  # the legend of each key line (``app.legend``): kept too
        # the tiles before the lines: its rows are the build's largest pieces,
        # made while the heap has its largest holes
        self.build(table, app)
        # a redraw's text, in lines made once: the message line's, each seat's last move
        # (the round view's), the others' seats, a spare (status row 2, piles, message)
        self.line = ui.Line(MSG)
        self.said_buf = bytearray(table.match.players * _SAID)
        self.said_n = bytearray(table.match.players)
        self.others = ui.Line(_OTHERS)
        self.spare = ui.Line(MSG)

    def build(self, table, app):
        """The rows, the hand and the game's piles, into ``table.group``;
        the first time, the legend of every key line the table shows."""
        g = table.group
        small = app.small
        width = app.hw.width
        self.status = ui.TextRow(32, 0, 0)
        g.append(self.status.grid)
        if small:
            self.status2 = None
            self.msg = ui.TextRow(32, 0, 7)
            self.help = None  # a small panel: the keys on the message line, when quiet
            hand_y = 15
            hand_x = 14 + table.small_pile_width()
        else:
            self.status2 = ui.TextRow(32, 0, 7)
            g.append(self.status2.grid)
            self.msg = ui.TextRow(32, 0, 30)
            self.help = ui.TextRow(32, 0, 37)
            g.append(self.help.grid)
            hand_y = 46
            hand_x = 4
        g.append(self.msg.grid)
        table.layout_piles(app)
        self.slots = (width - hand_x - 4) // ui.HAND_PITCH
        self.hand_x = hand_x
        self.hand_y = hand_y
        self.cards = ui.CardRow(self.slots, hand_x, hand_y)  # the hand: one TileGrid
        g.append(self.cards.grid)
        self.more_left = ui.TextRow(1, hand_x - 4, hand_y + 4)
        self.more_right = ui.TextRow(1, width - 4, hand_y + 4)
        g.append(self.more_left.grid)
        g.append(self.more_right.grid)
        self.bar = ui.bar(ui.HAND_PITCH - 1, 2 if not small else 1, hand_x, hand_y + 15)
        g.append(self.bar)
        if self.legends:
            return  # (made with the table, kept under the menu)
        texts = table.HELPS + ((_SKIP,) if self.help else ())
        if len(table.people) > 1:  # pass-and-play's
            texts += (_SHOW, _HIDE) if self.help else (_HIDE_SHORT,)
        for text in texts:
            self.legends[text] = app.legend(text)

    def drop(self):
        """Let go of the tiles (``build`` makes them again); ``draw`` then
        writes the lines alone."""
        self.status = self.status2 = self.msg = self.help = None
        self.cards = self.more_left = self.more_right = self.bar = None

    def write(self, text):
        """The message line says ``text`` (``table.message = text``)."""
        self.line.clear()
        self.line.add(text)

    def said(self):
        """What each seat did last, as strs (the round view, tests)."""
        out = []
        for seat in range(len(self.said_n)):
            at = seat * _SAID
            out.append(bytes(self.said_buf[at : at + self.said_n[seat]]).decode())
        return out

    def keep_said(self, seat, line):
        """The round view's line for ``seat`` is ``line``'s text."""
        buf = self.said_buf
        at = seat * _SAID
        n = min(line.n, _SAID)
        for i in range(n):
            buf[at + i] = line.buf[i]
        self.said_n[seat] = n

    def _legend(self, app, text):
        legend = self.legends.get(text)
        if legend is None:  # one the table did not list (a link's): made once
            legend = self.legends[text] = app.legend(text)
        return legend

    def draw(self, table):
        self._words(table)
        if self.status is None:  # under the pause menu: the lines alone
            return
        s = table.state
        turns = table.turns
        cursor = table.cursor
        hand = cursor.choices
        cursor.clear()
        if not turns.covered or turns.reveal:
            mine = s.hands[table.me]
            c = mine.next(-1)
            while c >= 0:
                hand.append(c)
                c = mine.next(c)
        hand.sort(key=table.hand_order)
        cursor.set(hand)
        self._hand(hand, cursor.at, turns.my_turn())
        table.render_piles()
        self._status(table)
        app = table.app
        link = table.link
        wait = turns.passing() and not turns.reveal
        lost = link.text(table) if link is not None else ""
        spare = self.spare  # the status rows are shown: free again
        if lost:
            self.msg.set(lost)
        elif wait:
            spare.clear()
            spare.add("PASS TO P")
            spare.num(s.current_player() + 1)
            spare.add(" - PRESS A")
            self.msg.show(spare)
        elif turns.reveal and self.help is None:  # no key line: the message says it
            spare.clear()
            spare.copy(self.line)
            spare.n = min(spare.n, 24)
            spare.add(self._legend(app, _HIDE_SHORT))
            self.msg.show(spare)
        elif self.help is None and not self.line.n and turns.my_turn():
            self.msg.set(self._legend(app, table.help_text()))
        else:
            self.msg.show(self.line)
        if self.help is not None:
            text = _SKIP
            seat = s.current_player()
            if lost:
                text = "{B} TO THE TITLE" if link.seat else "{START} MENU"
            elif wait:
                text = _SHOW
            elif turns.reveal:
                text = _HIDE
            elif turns.my_turn():
                text = table.help_text()
            elif link is not None and seat >= 0 and (link.seat or table.match.kind(seat) == GUEST):
                # another console plays (a guest: its host, whoever sits there), or this
                # one's move is on its way: nothing here to skip
                spare.clear()
                if seat != table.me:
                    spare.add("WAITING FOR ")
                    table.put_who(spare, seat)
                    spare.add("  ")
                spare.add(self._legend(app, "{START} MENU"))
                self.help.show(spare)
                return
            self.help.set(self._legend(app, text))

    def _words(self, table):
        """What the message line says now (``table.say``): the words are
        written here, when drawn, so a card played allocates nothing."""
        say = table.say
        table.say = SAY_NOTHING
        line = self.line
        if say == SAY_MOVE:
            line.clear()
            table.put_last(line)
            seat = table.say_about
            if seat >= 0:
                self.keep_said(seat, line)
                if seat == table.me and len(table.people) > 1:
                    # the round view is everyone's: no drawn cards named
                    table.drawn.clear()
                    spare = self.spare  # (free until the piles and status rows are made)
                    spare.clear()
                    table.put_last(spare)
                    self.keep_said(seat, spare)
        elif say == SAY_PICKED:
            line.clear()
            table.put_picked(line)
        elif say == SAY_REFUSAL:
            import games.text  # the game's text module loads now, not for each card played

            self.write(games.text.why_illegal(table.state, table.say_about).upper())

    def _hand(self, hand, at, playing):
        """The cards from ``first``, scrolled to keep the cursor (``at``) in
        view, with the cursor's bar under it while the person plays."""
        n = len(hand)
        slots = self.slots
        if at < self.first:
            self.first = at
        elif at >= self.first + slots:
            self.first = at - slots + 1
        if self.first > max(0, n - slots):
            self.first = max(0, n - slots)
        for i in range(slots):
            j = self.first + i
            self.cards.set(i, hand[j] if j < n else ui.CARD_NONE)
        self.more_left.set("<" if self.first > 0 else " ")
        self.more_right.set(">" if self.first + slots < n else " ")
        bar_x = self.hand_x + (at - self.first) * ui.HAND_PITCH
        if self.bar.x != bar_x:
            self.bar.x = bar_x
        self.bar.hidden = n == 0 or not playing

    def _others(self, table, line, squeeze):
        """The others' seats, "P2:4 @P3:4" ("2:4" past 6 seats), the one to play
        marked "@" (the font's solid arrow: no move's text uses it); ``squeeze``
        1: no unmarked seat's space but the first's, 2: none."""
        players = table.match.players
        turn = table.state.current_player()
        first = True
        for seat in range(players):
            if seat == table.me:
                continue
            if not first:
                line.char(32)
            if turn == seat:
                line.char(64)  # "@"
            elif squeeze == 0 or (squeeze == 1 and first):
                line.char(32)
            first = False
            if players <= 6:
                line.char(80)  # "P"
            line.num(seat + 1)
            line.char(58)  # ":"
            table.put_count(line, seat)

    def _you(self, table, line, sep):  # your seat, marked when you are to play
        me = table.me
        line.char(64 if table.state.current_player() == me else 32)
        table.put_who(line, me)
        line.add(sep)

    def _status(self, table):
        s = table.state
        others = self.others
        others.clear()
        if self.status2 is None:  # a small panel: you first, then the others, then the stock
            for squeeze in (0, 2):
                others.clear()
                self._you(table, others, ":")
                table.put_count(others, table.me)
                others.char(32)
                self._others(table, others, squeeze)
                others.add(" S")
                others.num(s.deck_n)
                if others.n <= 32:
                    break
            if others.n > 32:  # many seats: counts only, in seat order, the one to play marked
                others.clear()
                turn = s.current_player()
                for seat in range(table.match.players):
                    others.char(64 if seat == turn else 32)
                    table.put_count(others, seat)
                others.add(" S")
                others.num(s.deck_n)
            self.status.show(others)
            return
        # seats a space apart, and the mark's column too where that fits
        self._others(table, others, 0)
        if others.n > 32:
            others.clear()
            self._others(table, others, 1)
        self.status.show(others)
        line = self.spare
        line.clear()
        deal = table.match.deal
        if others.n <= 32:
            self._you(table, line, " ")
            table.put_stock(line)
            n = line.n
            if deal:
                line.add(" DEAL ")
                line.num(deal)
            else:
                line.add(" LINKED GAME")
            if line.n > 32:
                line.n = n
                line.add(" #")  # a long deal number whole: "#" for "DEAL"
                line.num(deal)
        else:  # the others' seats go on, then yours
            line.copy(others, 32)
            line.char(32)
            self._you(table, line, " ")
            table.put_stock(line)
        self.status2.show(line)
