"""Pass-and-play: friends at one console. Setup gives each seat a kind
(you, a person, a computer level); between two people's turns the table
hides every hand behind "PASS TO Pn - PRESS A" until the next person
presses A; the round view never names a card a person drew; results and
statistics name the people's seats; a game saved mid-way resumes with
its people, behind the cover."""

import cardtext
import pytest

import games
import ui_glyphs
from match import PERSON
from screens.results import stat_lines
from sim import autopilot
from sim.headless import Session

HAND_GAMES = [i.ID for i in games.CATALOGUE if i.MAX_PLAYERS > 1]
PROFILES = ["pico-128x64", "feather-128x32"]


def _to(session, items, want):
    screen = session.screen
    for _ in range(len(items)):
        if items[screen.menu.index] == want:
            return
        session.press("DOWN")
    raise AssertionError("no item " + want)


def open_with_friends(session, game_id, players, people):
    """From the title by presses: the game, its player count, the Others
    row set to By seat and the ``people`` seats made persons; START."""
    title = session.screen
    _to(session, title.items, "New game")
    session.press("A")
    menu = session.screen
    _to(session, [g.ID for g in games.CATALOGUE], game_id)
    session.press("A")
    setup = session.screen
    assert type(setup).__name__ == "Setup"
    if "players" in setup.rows:
        while setup.rows[setup.menu.index] != "players":
            session.press("DOWN")
        while setup.players != players:
            session.press("RIGHT")
    while setup.rows[setup.menu.index] != "others":
        session.press("DOWN")
    for _ in range(5):
        if setup.menu.items[setup.menu.index].startswith("Others < By seat"):
            break
        session.press("RIGHT")
    assert "seat1" in setup.rows, setup.rows
    for seat in people:
        while setup.rows[setup.menu.index] != "seat%d" % seat:
            session.press("DOWN")
        while setup.seat_kinds[seat] != PERSON:
            session.press("RIGHT")
        assert "P%d < Person >" % (seat + 1) in setup.menu.items[setup.menu.index]
    del menu
    session.press("START")
    return session.screen


def _hand_tiles(table):
    grid = table.view.cards.grid
    return [grid[i, r] for i in range(grid.width) for r in range(2)]


def check_cover(table):
    """The cover: no card of any hand on the panel, and whose turn it is."""
    seat = table.state.current_player()
    assert table.turns.passing() and seat in table.people
    assert set(_hand_tiles(table)) == {ui_glyphs.BLANK}, "a hand shows under the cover"
    assert table.view.msg.text().startswith("PASS TO P%d - PRESS A" % (seat + 1))
    assert table.view.bar.hidden


def check_reveal(table):
    """A person's move drew cards and the next to play is another person:
    before the cover the drawer still sees their hand, the cards drawn
    named on the message line, no cursor; A brings the cover (issue 29, 4)."""
    assert table.turns.passing() and table.state.current_player() != table.me
    assert set(_hand_tiles(table)) != {ui_glyphs.BLANK}, "the drawer's hand is hidden"
    assert table.view.bar.hidden
    said = table.view.msg.text()
    if table.view.help is None:  # no key line: the message line says A hides the hand
        assert said.rstrip().endswith(" HIDE"), said
    elif " DREW " in said:  # (a move that also made another seat draw says that instead)
        named = said.split(" DREW ")[1].split()[0]
        assert named not in ("A", "CARD") and not named.isdigit(), said


def play_out(session, seen):
    """Play every person's seat by presses to the results; note each cover
    and each hand shown."""
    for _ in range(6000):
        t = session.screen
        if type(t).__name__ == "Results":
            return t
        if getattr(t, "turns", None) is not None and not t.state.is_over():
            if t.turns.passing() and t.turns.reveal:
                check_reveal(t)
                seen["reveals"] = seen.get("reveals", 0) + 1
            elif t.turns.passing():
                check_cover(t)
                seen["covers"] += 1
            elif t.turns.my_turn():
                me = t.me
                assert me == t.state.current_player() and me in t.people
                assert sorted(t.cursor.choices) == sorted(t.state.hands[me].to_list())
                seen["hands"].add(me)
            for seat in t.people:  # the round view is everyone's: no draw named
                assert_public(t.said[seat])
        if not autopilot.play_turn(session):
            session.settle()
    raise AssertionError("no results")


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("game_id", HAND_GAMES)
def test_friends_play_a_whole_game_behind_covers(game_id, profile):
    info = games.info(game_id)
    players = max(info.MIN_PLAYERS, 3)
    people = [1] if players == 3 else [1, 3]
    s = Session(profile=profile, seed=11, pace_ms=0)
    table = open_with_friends(s, game_id, players, people)
    assert table.people == [0] + people
    assert list(table.match.kinds[:players]).count(PERSON) == len(people)
    seen = {"covers": 0, "hands": set()}
    results = play_out(s, seen)
    assert seen["covers"] >= 2, seen  # the console went round the people
    if game_id in ("color-elevator", "bastard", "roller-coaster"):  # moves that draw
        assert seen.get("reveals", 0) >= 1, seen  # the drawer saw the card first
    assert seen["hands"] == {0} | set(people), seen
    rows = results.rows
    for seat in [0] + people:  # the results name the people's seats
        assert any(r.split()[1:2] == ["P%d" % (seat + 1)] and r.endswith("PERSON")
                   for r in rows), rows  # fmt: skip
    assert not any(r.split()[1:2] == ["YOU"] for r in rows), rows  # nobody is YOU
    stats = stat_lines(s.app.saves, game_id)
    assert stats[4] == "FRIENDS 1:" + "".join(" P%d" % (i + 1) for i in [0] + people), stats
    assert stats[5].startswith("LAST: P") and stats[5].endswith(" WON"), stats
    won = int(stats[5].split()[1][1:]) - 1
    assert "P%d" % (won + 1) in results.rows[0] and "*" in results.rows[0]


def assert_public(said):
    """A line of the round view: a draw is counted, never named."""
    if " DREW " in said:
        tail = said.split(" DREW ")[1]
        assert tail == "A CARD" or tail.isdigit(), said


def test_a_draw_is_named_to_the_drawer_alone():
    """Bastard: a person's pass draws a card (BA-6); the message shows it
    to them, the round view (read by all) does not."""
    s = Session(seed=4, pace_ms=0)
    open_with_friends(s, "bastard", 3, [1])
    named = 0
    for _ in range(3000):
        t = s.screen
        if type(t).__name__ == "Results":
            break
        if t.turns.my_turn() and t.state.deck_n and not t.mid_turn():
            seat = t.me
            s.press("SELECT")  # pass, if allowed: it draws
            message = cardtext.shown(t.message)
            if " DREW " in message and " DREW A CARD" not in message:
                named += 1
                drawn = message.split(" DREW ")[1].strip()
                hand = [cardtext.face(c) for c in t.state.hands[seat].to_list()]
                assert drawn in hand  # shown to its drawer
                assert "PASSED" in t.said[seat] and " DREW" not in t.said[seat], t.said[seat]
            for p in t.people:
                assert_public(t.said[p])
            continue
        if not autopilot.play_turn(s):
            s.settle()
    assert named > 0, "BA-6: no person's pass drew a card"


@pytest.mark.parametrize("profile", PROFILES)
def test_a_game_with_friends_is_saved_and_resumed_behind_the_cover(tmp_path, profile):
    nvm = str(tmp_path / "nvm.bin")
    s = Session(profile=profile, seed=7, pace_ms=0, nvm_path=nvm)
    t = open_with_friends(s, "roller-coaster", 3, [1, 2])
    for _ in range(12):  # a few turns in
        if not autopilot.play_turn(s):
            s.settle()
    t = s.screen
    key = t.state.key()
    s.press("START")  # the pause menu saves the game
    assert type(s.screen).__name__ == "Pause"
    assert s.app.saves.has_game()
    back = Session(profile=profile, seed=8, pace_ms=0, nvm_path=nvm)
    assert back.screen.items[0] == "Continue"
    back.press("A")
    r = back.screen
    assert r.state.key() == key
    assert r.people == [0, 1, 2] and r.turns.covered
    if r.turns.passing():
        check_cover(r)
        seat = r.state.current_player()
        back.press("A")
        assert r.me == seat and r.turns.my_turn()
        assert sorted(r.cursor.choices) == sorted(r.state.hands[seat].to_list())
    seen = {"covers": 0, "hands": set()}
    play_out(back, seen)


@pytest.mark.parametrize("profile", PROFILES)
def test_the_drawers_hand_goes_behind_the_cover_by_itself(profile):
    """A drawer who passes the console without pressing A: 3 s later the
    cover comes by itself, as it did at once before the reveal."""
    s = Session(profile=profile, seed=11, pace_ms=0)
    open_with_friends(s, "color-elevator", 3, [1])
    for _ in range(400):
        t = s.screen
        if t.turns.passing() and t.turns.reveal:
            break
        if t.turns.passing():
            s.press("A")
        elif not autopilot.play_turn(s):
            s.settle()
    else:
        raise AssertionError("no draw before a pass in 400 steps")
    assert set(_hand_tiles(t)) != {ui_glyphs.BLANK}
    for _ in range(140):  # 2.8 s of frames: still shown
        s.frame()
    assert t.turns.reveal
    for _ in range(15):  # past 3 s
        s.frame()
    assert not t.turns.reveal
    check_cover(t)
