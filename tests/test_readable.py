"""What a player reads at a table (issue 29): a long deal number whole,
the card a person drew named to them, the pause menu on Resume each time,
the solitaire's words on a win and its hint key, a replay that says it is
one and names its keys, and the Feather's setup saying how to deal."""

import re

import cardtext
import pytest
import rc_position

import games
from engine.prng import DEAL_MAX
from screens import rules as screen_rules
from screens.facts import facts
from screens.results import stat_lines
from sim import autopilot
from sim.headless import Session
from sim.replay import parse_line, record_line

PROFILES = ("pico-128x64", "feather-128x32")


def _status(table):
    view = table.view
    rows = [view.status.text()]
    if getattr(view, "status2", None) is not None:
        rows.append(view.status2.text())
    return " ".join(rows)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("game_id", [i.ID for i in games.CATALOGUE])
def test_the_largest_deal_number_is_shown_whole(game_id, profile):
    info = games.info(game_id)
    s = Session(profile, game_id, info.DEFAULT_PLAYERS, DEAL_MAX, pace_ms=0)
    status = _status(s.screen)
    small = profile.startswith("feather") and info.MAX_PLAYERS > 1
    # the 128x32 tables have no room for a deal number; the 128x64 ones and the
    # solitaire say it whole, "#" for "DEAL" when the words do not fit
    assert small or str(DEAL_MAX) in status.split("#")[-1].split(), status


def test_the_card_a_person_draws_in_color_elevator_is_named_to_them():
    """Play one card, draw one (CE-7): the message named "A CARD" before."""
    s = Session("pico-128x64", "color-elevator", 2, 5, pace_ms=0)
    t = s.screen
    said = []
    for _ in range(40):
        if t.state.is_over():
            break
        if t.turns.my_turn():
            autopilot.play_turn(s)
            text = cardtext.shown(t.said[0])  # what the message line said of the person's move
            if " DREW " in text and text not in said:
                said.append(text)
        else:
            s.settle()
    assert said, "no draw of the person's in 40 turns"
    for text in said:
        assert text.startswith("YOU") and "DREW A CARD" not in text, text
    assert any(" ON " in text for text in said), said  # a play, then a draw


def test_the_pause_menu_opens_on_resume_every_time():
    s = Session("pico-128x64", "roller-coaster", 3, 8, pace_ms=0)
    table = s.screen
    s.press("START")
    s.press("DOWN")
    s.press("DOWN")  # Rules, then leave the menu
    s.press("B")
    assert s.screen is table
    s.press("START")  # START, DOWN, DOWN, A: the rules, not the sound (issue 29, 5)
    assert s.screen.menu.index == 0
    s.press("DOWN")
    s.press("DOWN")
    s.press("A")
    assert type(s.screen).__name__ == "Rules"
    s.press("B")  # back from the rules: the menu is where it was left, on Rules
    assert type(s.screen).__name__ == "Pause" and s.screen.menu.index == 2


def test_a_cleared_pyramid_is_no_dead_end():
    s = Session("pico-128x64", "elevator-solitaire", 1, 14, pace_ms=0)
    t = s.screen
    for _ in range(200):
        if t.state.is_over():
            break
        autopilot.play_turn(s)
    assert t.state.winner == 0
    assert t.view.msg.text().startswith("CLEARED!")
    s.press("UP")  # the hint key on a won game
    assert t.view.msg.text().startswith("CLEARED! A: RESULTS"), t.view.msg.text()
    assert "NO MOVES" not in t.view.msg.text()


@pytest.mark.parametrize("profile", PROFILES)
def test_the_solitaires_controls_name_its_hint_key_where_it_has_one(profile):
    s = Session(profile, "elevator-solitaire", 1, 14, pace_ms=0)
    rules = screen_rules.Rules(s.app, lambda: s.screen, games.info("elevator-solitaire"))
    lines = [r.text().strip() for r in rules.rows] + rules.lines
    if profile.startswith("pico"):
        assert "UP: A HINT: THE MOVE TO MAKE" in lines, lines
    else:  # three buttons: no UP at the table; the hint is in the pause menu
        assert not any("HINT: THE MOVE" in x for x in lines), lines
        assert any("MENU: HINT" in x for x in rules.lines), rules.lines


def test_a_replay_says_it_is_one_and_names_its_keys():
    s = Session(game="elevator", players=3, deal=11, seed=3, pace_ms=0)
    assert autopilot.play_to_results(s)
    line = record_line(s.app.saves.last)
    r = Session(record=parse_line(line), pace_ms=0)
    for _ in range(6):
        r.frame()
    view = r.screen.table.view
    assert view.help.text().strip() == "REPLAY A PAUSE > STEP B QUIT"
    n = len(r.screen.moves)
    assert view.msg.text().startswith("%d/%d " % (r.screen.i, n)), view.msg.text()
    r.press("A")
    assert view.msg.text().strip() == "PAUSED: A GOES ON, > STEPS"


def test_the_feathers_setup_says_how_to_deal():
    s = Session("feather-128x32", pace_ms=0)
    s.press("A")  # the game menu
    s.press("A")  # Color Elevator's setup
    assert type(s.screen).__name__ == "Setup"
    assert "HOLD B PLAY" in s.screen.help.text(), s.screen.help.text()


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("players", [3, 5, 8])
def test_the_mark_of_the_seat_to_play_never_touches_the_seat_before(profile, players):
    """ "P1:2+4@P3:4+4" ran two seats together: a space comes before the
    mark wherever the line has room (up to eight seats on 128x64, five on
    128x32)."""
    s = Session(profile, "bastard", players, 4, pace_ms=300)
    t = s.screen
    seen = set()
    s.press("SELECT", settle=False)  # pass: the others play in turn, the mark going round
    for _ in range(600):
        s.frame()
        line = t.view.status.text().rstrip()
        at = line.find("@")
        if at >= 0:
            seen.add(line[at + 1 : at + 3])
        if at > 0 and not (profile.startswith("feather") and players > 5):
            assert line[at - 1] == " ", line
        if t.turns.my_turn() or t.state.is_over():
            break
    assert len(seen) >= 2, seen  # the mark was seen on two seats at least


def test_no_setup_row_reaches_the_scroll_mark():
    """ "Per seat >" touched the menu's scroll mark: every row of every
    setup ends a column before it."""
    s = Session("pico-128x64", pace_ms=0)
    s.press("A")
    for _info in games.CATALOGUE:
        s.press("A")
        setup = s.screen
        for others in range(5):  # each choice of the Others row, By seat the last
            setup.others = others
            setup._build_rows()
            for item in setup._items():
                assert 10 + 6 * len(item) < 124, item  # the mark is at x=124
        s.press("B")
        s.press("DOWN")


def test_the_mini_font_draws_each_suit_as_the_cards_do():
    """Issue 38, item 6: a suit in words is the card's suit, 5x5, white on
    black where the card has it black on white, over two tiles of the mini
    font whose second is the space after the card (``cards.mark``)."""
    import ui_glyphs
    from engine import cards

    font, sheet = ui_glyphs.FONT, ui_glyphs.CARDS
    for s in range(4):
        mark = cards.mark(s * cards.RANKS)  # the suit's ace
        left, right = (ui_glyphs.char_tile(ch) for ch in mark[1:])
        assert right == left + 1 and ui_glyphs.TILES[ord(mark[1])] == left
        card = ui_glyphs.card_bottom(s * cards.RANKS) * ui_glyphs.CARD_W
        for y in range(ui_glyphs.FONT_H):
            for x in range(2 * ui_glyphs.FONT_W):
                lit = font[left * ui_glyphs.FONT_W + x, y]
                on_card = x < 5 and y < 5 and not sheet[card + 4 + x, 1 + y]
                assert lit == on_card, (mark, x, y)


_CARD_CODE = re.compile(r"(?<![A-Z0-9])(10|[2-9AJQK])[CDHS](?![A-Z])")


@pytest.mark.parametrize("game_id", [i.ID for i in games.CATALOGUE])
def test_every_card_named_in_words_shows_its_suit_as_the_cards_do(game_id):
    """Issue 38, item 6: the message line, the round view and the hints
    write a card 7♥ as the cards show it, never 7H: a suit code is a rank's
    and its second tile follows it."""
    info = games.info(game_id)
    s = Session("pico-128x64", game_id, info.DEFAULT_PLAYERS, 11, pace_ms=0)
    t = s.screen
    texts = []
    for _ in range(30):
        if t.state.is_over():
            break
        t.hint()  # what the pause menu's Hint says (and UP at the solitaire)
        t.render()
        texts.append(t.view.msg.text())
        autopilot.play_turn(s)
        s.settle()
        texts.append(t.view.msg.text())
        texts.extend(t.said)
    named = 0
    for text in texts:
        assert not _CARD_CODE.search(text), text
        for i, ch in enumerate(text):
            if 0 < ord(ch) < 5:  # a suit's left tile: a rank before, its right tile after
                named += 1
                assert text[i - 1] in "A23456789JQK0" and ord(text[i + 1]) == ord(ch) + 4, text
    assert named, "no card named in %d texts" % len(texts)


def test_games_without_a_score_give_their_best_win_not_a_best_score_of_0():
    """Issue 38, item 7: Color Elevator's results and statistics said "BEST
    SCORE 0": only the solitaire has a score (ES-6). The others give their
    best win, the cards the others still held, once there is one."""
    s = Session("pico-128x64", "color-elevator", 2, 5, pace_ms=0)
    table = s.screen
    state = table.state
    while not state.is_over():  # every seat by the Normal player, as the table plays
        a = table.game.basic_policy(state.observe(state.current_player()), s.app.rng)
        table.play(a)
        table.record.log(a)
    table.finish()
    s.frame()
    rows = s.screen.rows
    assert type(s.screen).__name__ == "Results" and not any("SCORE" in r for r in rows), rows
    won = 0 in state.winners()
    held = sum(state.cards_left(p) for p in range(1, 2))
    want = "BEST WIN: OTHERS HELD %d" % held if won else "BEST WIN: NONE YET"
    assert want in rows, rows
    saves = s.app.saves
    match = table.match
    saves.game_over(match, None, 0, True, 23)
    assert stat_lines(saves, "color-elevator")[2] == "BEST WIN: OTHERS HELD %d" % max(23, held)
    assert stat_lines(saves, "elevator-solitaire")[2] == "BEST SCORE 0"  # ES-6: a score


def test_rc13_rc14_the_results_say_why_nobody_won():
    """Issue 38, item 7: a blocked game's results said "P2 wins" with P2
    holding cards and no reason. Now they say it was blocked (RC-13), or
    stopped (RC-14), and that the fewest cards rank first (RC-15)."""
    from games import roller_coaster as rc

    s = rc_position.position(["5H 5D", "9S", "2D 2C 2H"], pile="KC")
    for _ in range(3):
        s.apply(rc.DRAW)
    assert s.is_over() and s.winner == -1, "RC-13"
    table = Session("pico-128x64", "roller-coaster", 3, 1, pace_ms=0).screen
    head, rows, _, _ = facts(table.match, s, 0)
    assert head == "Blocked" and rows[:2] == ["NOBODY CAN PLAY OR DRAW",
                                              "FEWEST CARDS LEFT RANK FIRST"], "RC-13"  # fmt: skip
    assert rows[2].split() == ["1*", "P2", "1", "CARDS"], "RC-15: P2 first, its fewest cards"
    s.idle = 0  # the same table at the turn limit
    s.turns = rc.MAX_TURNS
    head, rows, _, _ = facts(table.match, s, 0)
    assert head == "Stopped" and rows[0] == "STOPPED AT 2000 TURNS", "RC-14"
