"""What the table of a game played from a hand shows, and where: the
status rows (every seat's count, the one to play marked, the stock, the
deal), the message line, the keys line, and the hand along the bottom
with its cursor bar and scroll marks. Each game's table adds its piles
(``layout_piles``, ``render_piles``). Made once with the table
(``table.HandTable.view``); ``draw`` rewrites only the tiles that changed.
"""

from micropython import const

import ui
from engine import cards

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
    def __init__(self, table, app):
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
        self.first = 0  # the first card of the hand shown (scrolling)
        self.cards = ui.CardRow(self.slots, hand_x, hand_y)  # the hand: one TileGrid
        g.append(self.cards.grid)
        self.more_left = ui.TextRow(1, hand_x - 4, hand_y + 4)
        self.more_right = ui.TextRow(1, width - 4, hand_y + 4)
        g.append(self.more_left.grid)
        g.append(self.more_right.grid)
        self.bar = ui.bar(ui.HAND_PITCH - 1, 2 if not small else 1, hand_x, hand_y + 15)
        g.append(self.bar)

    def draw(self, table):
        self._words(table)
        s = table.state
        turns = table.turns
        hand = [] if turns.covered and not turns.reveal else s.hands[table.me].to_list()
        hand.sort(key=table.hand_order)
        cursor = table.cursor
        cursor.set(hand)
        self._hand(hand, cursor.at, table.turns.my_turn())
        table.render_piles()
        self._status(table)
        app = table.app
        link = table.link
        wait = turns.passing() and not turns.reveal
        lost = link.text(table) if link is not None else ""
        if lost:
            self.msg.set(lost)
        elif wait:
            self.msg.set("PASS TO P%d - PRESS A" % (s.current_player() + 1))
        elif turns.reveal and self.help is None:  # no key line: the message says it
            self.msg.set(table.message[:24] + app.legend(" {A} HIDE"))
        elif self.help is None and not table.message and table.turns.my_turn():
            self.msg.set(app.legend(table.help_text()))
        else:
            self.msg.set(table.message)
        if self.help is not None:
            text = "{A} SKIP AHEAD  {START} MENU"
            if lost:
                text = "{B} TO THE TITLE" if link.seat else "{START} MENU"
            elif wait:
                text = "{A} SHOW HAND  {START} MENU"
            elif turns.reveal:
                text = "{A} HIDE HAND  {START} MENU"
            elif table.turns.my_turn():
                text = table.help_text()
            self.help.set(app.legend(text))

    def _words(self, table):
        """What the message line says now (``table.say``): the words are
        made here, when drawn, so a card played allocates nothing."""
        say = table.say
        table.say = SAY_NOTHING
        if say == SAY_MOVE:
            table.message = table.last_text()
            seat = table.say_about
            if seat >= 0:
                table.said[seat] = table.message
                if seat == table.me and len(table.people) > 1:
                    # the round view is everyone's: no drawn cards named
                    table.drawn.clear()
                    table.said[seat] = table.last_text()
        elif say == SAY_PICKED:
            table.message = table.picked_text()
        elif say == SAY_REFUSAL:
            import games.text  # the game's text module loads now, not for each card played

            table.message = games.text.why_illegal(table.state, table.say_about).upper()

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

    def _status(self, table):
        s = table.state
        parts = []
        me = table.me
        players = table.match.players
        many = players > 6  # up to 12 seats: a shorter form
        turn = s.current_player()
        count = table.status_count
        for seat in range(players):
            if seat == me:
                continue
            # the seat to play: "@", the font's solid arrow (ui_glyphs), which no
            # move's text uses, so "P2:4 @P3:4" reads as P3 to play
            mark = "@" if turn == seat else " "
            name = str(seat + 1) if many else "P%d" % (seat + 1)
            parts.append("%s%s:%s" % (mark, name, count(seat)))
        # seats a space apart, and the mark's column too where that fits
        opp = " ".join(parts)
        if len(opp) > 32:
            opp = opp.replace("  ", " ")
        you = "@" if turn == me else " "
        mine = you + table.who(me) + " " + table.stock_text()
        if self.status2 is None:  # a small panel: you first, then the others, then the stock
            tail = " S" + str(s.deck_n)
            line = you + table.who(me) + ":" + count(me) + " " + opp + tail
            if len(line) > 32:
                line = line.replace("  ", " ")
            if len(line) > 32:  # many seats: counts only, in seat order, the one to play marked
                parts = [("@" if seat == turn else " ") + count(seat) for seat in range(players)]
                line = "".join(parts) + tail
            self.status.set(line[:32])
            return
        deal = table.match.deal
        if len(opp) <= 32:
            self.status.set(opp)
            tail = " DEAL %d" % deal if deal else " LINKED GAME"
            if len(mine) + len(tail) > 32:
                tail = " #%d" % deal  # a long deal number whole: "#" for "DEAL"
            self.status2.set(mine + tail)
        else:
            self.status.set(opp[:32])
            self.status2.set(opp[32:] + " " + mine)
