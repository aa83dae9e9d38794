"""Every committed move is durable (issue 37): a power cut at any moment of
a game, at the deal or after any move (a person's, a computer's, a move
taken back), leaves a store on which Continue comes back at exactly the
last committed move; a cut in the middle of a move's record comes back
at the move before. Played through the simulator's app, every game
that can be played alone; the store's copy is taken right after each
move is committed (``GameRecord.log``/``unlog`` return), and the cuts
part-way are made from it."""

import os
import random

import pytest

import games
from sim import autopilot
from sim.headless import Session
from sim.nvm import FileNVM
from table.record import GameRecord

SOLO = [(info.ID, info.DEFAULT_PLAYERS) for info in games.CATALOGUE]


def _capturing(monkeypatch, nvm_of, table_of):
    """(store bytes, state key, cards) right after the deal's copy and after
    each move is committed."""
    seen = []
    real_init, real_log, real_unlog = GameRecord.__init__, GameRecord.log, GameRecord.unlog

    def note(state):
        seen.append((bytes(nvm_of().data), state.key(), sorted(state.all_cards())))

    def init(self, saves, match, moves=None, resumed=False, replaying=False, *state):
        real_init(self, saves, match, moves, resumed, replaying, *state)
        if state and state[0] is not None and not resumed and not replaying:
            note(state[0])  # the deal, kept

    def log(self, action, *state):
        real_log(self, action, *state)
        note(state[0] if state else table_of().state)

    def unlog(self, *state):
        real_unlog(self, *state)
        note(state[0] if state else table_of().state)

    monkeypatch.setattr(GameRecord, "__init__", init)
    monkeypatch.setattr(GameRecord, "log", log)
    monkeypatch.setattr(GameRecord, "unlog", unlog)
    return seen


def _play(monkeypatch, game_id, players, deal, seed, takebacks=True):
    """A game played to its end through the app: the person's seat by the
    autopilot (taking moves back now and then), the others computers."""
    box = []
    seen = _capturing(monkeypatch, lambda: box[0].hw.nvm, lambda: box[0].screen)
    s = Session.__new__(Session)
    box.append(s)
    Session.__init__(s, seed=seed, pace_ms=0)
    rng = random.Random(seed)
    table = autopilot.open_game(s, game_id, players, deal)
    for _ in range(3000):
        if type(s.screen).__name__ == "Results":
            break
        state = getattr(s.screen, "state", None)
        if state is not None and state.is_over() and not s.app.busy():
            s.press("A")
            continue
        if takebacks and rng.random() < 0.1 and state is not None and not state.is_over():
            s.press("B")  # take a move back (a solitaire's UNDO, a hand's pick)
        if not autopilot.play_turn(s):
            s.settle()
    monkeypatch.undo()
    assert type(s.screen).__name__ == "Results"
    return table, seen


def _continue(tmp_path, data):
    """A fresh console on the store ``data``: Continue, and the table."""
    path = str(tmp_path / "cut.bin")
    with open(path, "wb") as f:
        f.write(data)
    s = Session(seed=99, pace_ms=10**6, nvm_path=path)
    assert s.screen.items[0] == "Continue"
    s.press("A", settle=False)
    assert type(s.screen).__name__ == "Table"
    return s


def _torn(before, after, keep):
    """``after``'s store with its last write cut after ``keep`` of the
    three bytes of a move's record (None when that write was not a
    record: three erased bytes programmed)."""
    diff = [i for i in range(len(before)) if before[i] != after[i]]
    if len(diff) < 2 or diff[-1] - diff[0] > 2 or any(before[i] != 0xFF for i in diff):
        return None
    at = diff[0]
    if after[at + 2] == 0xFF:
        return None
    cut = bytearray(before)
    cut[at : at + keep] = after[at : at + keep]
    return bytes(cut)


@pytest.mark.parametrize("game_id,players", SOLO)
def test_a_power_cut_after_any_move_continues_at_that_move(tmp_path, monkeypatch, game_id, players):
    rng = random.Random(game_id)
    table, seen = _play(monkeypatch, game_id, players, 8, 5)
    deal = sorted(table.match.new_state().all_cards())
    assert len(seen) >= 20 and seen[0][2] == deal
    # the deal, the last move's, and moves at random (the end's state is over: not resumed)
    picks = {0, len(seen) - 2} | set(rng.sample(range(1, len(seen) - 1), 8))
    for i in sorted(picks):
        data, key, cards = seen[i]
        s = _continue(tmp_path, data)
        assert s.screen.state.key() == key, "cut after commit %d of %d" % (i, len(seen))
        assert sorted(s.screen.state.all_cards()) == cards == deal  # cards conserved
    # cut inside a move's record: back at the move before, and play goes on from there
    torn = 0
    for i in sorted(rng.sample(range(1, len(seen) - 1), 12)):
        for keep in (1, 2):
            data = _torn(seen[i - 1][0], seen[i][0], keep)
            if data is None:
                continue
            torn += 1
            s = _continue(tmp_path, data)
            assert s.screen.state.key() == seen[i - 1][1], "record %d cut after %d" % (i, keep)
    assert torn >= 8


def test_a_torn_record_is_silent_and_the_game_goes_on_from_there(tmp_path, monkeypatch):
    table, seen = _play(monkeypatch, "elevator", 4, 8, 6, takebacks=False)
    for i in range(5, len(seen)):
        data = _torn(seen[i - 1][0], seen[i][0], 2)
        if data is not None:
            break
    s = _continue(tmp_path, data)
    assert s.app.saves.message == "" and s.screen.state.key() == seen[i - 1][1]
    s.app.settings.pace_ms = 0
    for _ in range(6):  # play on: the next move starts a new copy (nothing after the cut)
        if not autopilot.play_turn(s):
            s.settle()
    key = s.screen.state.key()
    again = _continue(tmp_path, bytes(s.hw.nvm.data))
    assert again.screen.state.key() == key


def test_a_fresh_deal_quit_at_once_has_continue(tmp_path):
    s = Session(seed=3, pace_ms=10**6, nvm_path=str(tmp_path / "nvm.bin"))
    table = autopilot.open_game(s, "elevator-solitaire", 1, 8)
    key = table.state.key()
    assert s.hw.nvm.writes == 1
    again = _continue(tmp_path, bytes(s.hw.nvm.data))
    assert again.screen.state.key() == key


def test_flash_cost_per_100_games(tmp_path):
    """Erases for games between computers, each kind; the figures are in
    docs/saves.md ("When it writes")."""
    rows = []
    for info in games.CATALOGUE:
        nvm = FileNVM(None)
        s = Session(seed=1, pace_ms=0)
        s.hw.nvm = nvm
        s.app.saves.nvm = nvm
        s.app.saves.store.nvm = nvm
        games_n = int(os.environ.get("FLASH_GAMES", "3"))
        for g in range(games_n):
            autopilot.open_game(s, info.ID, info.DEFAULT_PLAYERS, g + 1)
            assert autopilot.play_to_results(s)
            s.settle()
            s.press("B")
            for _ in range(5):
                if type(s.screen).__name__ == "Title":
                    break
                s.press("B")
        rows.append((info.ID, nvm.erases * 100 / games_n, nvm.writes / games_n))
    for game_id, per100, writes in rows:
        print("%-20s %6.1f erases / 100 games, %5.1f writes a game, %d games a sector" %
              (game_id, per100, writes, 100000 * 100 / max(per100, 1e-9)))  # fmt: skip
        assert per100 <= 150


def test_a_tail_move_the_rules_refuse_ends_the_game_at_the_move_before(tmp_path):
    from saves.codec import UNDO
    from saves.store import TAIL_MOVE

    s = Session(seed=3, pace_ms=10**6)
    table = autopilot.open_game(s, "elevator-solitaire", 1, 8)
    for _ in range(3):
        autopilot.play_turn(s)
    key = table.state.key()
    bad = [a for a in range(255) if a != UNDO and not table.state.is_legal(a)][0]
    assert s.app.saves.store.append(TAIL_MOVE, bad)  # (no firmware writes this)
    again = _continue(tmp_path, bytes(s.hw.nvm.data))
    assert again.screen.state.key() == key and again.app.saves.dirty
    again.app.settings.pace_ms = 0
    autopilot.play_turn(again)  # the next move writes the game whole, after no refused record
    key = again.screen.state.key()
    assert _continue(tmp_path, bytes(again.hw.nvm.data)).screen.state.key() == key


def test_moves_since_a_copy_are_never_dropped_when_a_slot_cannot_hold_them():
    """Finding (issue 37, item 1's note): a copy written for a change
    beside the game (a setting, a record) carried the moves made since
    the game's copy after it, and dropped them when the two did not fit
    in a slot: a power cut then lost those moves. Now such a copy is
    written with the game whole, every move in it."""
    from match import Match
    from saves.keep import Saves
    from saves.store import TAIL_MOVE

    info = games.info("roller-coaster")
    game = games.by_id(info.ID)
    nvm = FileNVM(None, 768)  # (a small store: its slots fill with fewer moves)
    saves = Saves(nvm)
    match = Match(info, 4, 4242)
    state = match.new_state()
    moves = bytearray()
    saves.keep_game(match, state, moves, 0)
    rng = random.Random(1)
    while not state.is_over():  # moves after the copy until the slot has no room for one more
        a = game.basic_policy(state.observe(state.current_player()), rng)
        if not saves.store.append(TAIL_MOVE, a):
            break
        state.apply(a)
        moves.append(a)
    assert len(moves) > 40 and saves.store.tail_n == len(moves)
    saves.link = bytes([3]) + bytes(100)  # a record beside the game grew (a guest's seat:
    # ``link.saved.BY_GUEST``): the copy would not fit its moves
    saves.dirty = True
    saves.commit()
    assert not saves.dirty and saves.store.tail_n == 0  # the game written whole
    again = Saves(nvm)  # the power cut
    match2, state2, moves2 = again.saved_game()
    assert bytes(moves2) == bytes(moves) and state2.key() == state.key()
    assert again.link == bytes([3]) + bytes(100)
