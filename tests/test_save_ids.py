"""Saves name a game by its stable ``SAVE_ID``, never by its place in the
catalogue: a store written by the firmware before save ids (commit 9f41dca,
which keyed games by catalogue position and wrote FORMAT 1 snapshots) loads
into the right games, however the catalogue is ordered or grown.

The fixtures (``tests/fixtures/``) were written by that commit's own code:
``tests/fixtures/make_store.py`` run on ``git archive 9f41dca`` (README.md
there says how).
"""

import os
import shutil
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from match import Match
from saves import codec, decode
from saves import read as save_read
from saves.keep import Saves
from screens.results import stat_lines
from sim.nvm import FileNVM

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
STORE = os.path.join(HERE, "store-9f41dca.bin")
SNAPSHOTS = os.path.join(HERE, "snapshots-9f41dca.txt")

IDS = {
    "color-elevator": 0,
    "elevator-solitaire": 1,
    "elevator": 2,
    "bastard": 3,
    "roller-coaster": 4,
}
# what make_store.py counted, game by game (played, won, best, streak, longest)
STATS = {
    "color-elevator": [3, 0, 0, 0, 0],
    "elevator-solitaire": [5, 0, 26, 0, 0],
    "elevator": [2, 0, 0, 0, 0],
    "bastard": [6, 1, 4, 0, 1],
    "roller-coaster": [4, 1, 6, 0, 1],
}
SETTINGS = {"sound": 0, "pace_ms": 1200, "contrast": 64, "repeat_ms": 60,
            "screen_off_ms": 120000, "sleep_ms": 900000, "dim_ms": 10000}  # fmt: skip
# matches as (game, players, variant, starter, deal, seat kinds)
LAST = ("bastard", 4, 1, 1, 135, bytes([1, 0, 2, 1]))
GAME = ("roller-coaster", 3, 0, 0, 4326, bytes([1, 2, 0]))
GAME_MOVES = 102


def _fields(match):
    """A match as the tuples above."""
    m = match
    return (m.info.ID, m.players, m.variant, m.starter, m.deal, bytes(m.kinds))


def _match(fields):
    game_id, players, variant, starter, deal, kinds = fields
    return Match(games.info(game_id), players, deal, variant, starter, kinds)


def _open(tmp_path, name="nvm.bin"):
    """The fixture store, copied (a FileNVM writes through to its file)."""
    path = tmp_path / name
    if not path.exists():
        shutil.copy(STORE, path)
    return Saves(FileNVM(str(path)))


def _stats_by_game(sv):
    """Each game's (played, won, best, streak, longest); the columns of
    games with friends (pass-and-play), which this store predates, are 0."""
    out = {}
    for info in games.CATALOGUE:
        row = list(sv.stats[info.SAVE_ID])
        assert row[5:] == [0, 0], row
        out[info.ID] = row[:5]
    return out


def _lines(game_id, row):
    played, won, best, streak, longest = row
    if game_id == "elevator-solitaire":
        best_line = "BEST SCORE %d" % best
    else:  # no score: the best win, the cards the others still held (issue 38)
        best_line = "BEST WIN: OTHERS HELD %d" % best if won else "BEST WIN: NONE YET"
    return [
        "PLAYED %d  WON %d" % (played, won),
        "WIN RATE %d PER CENT" % (won * 100 // played if played else 0),
        best_line,
        "STREAK %d  LONGEST %d" % (streak, longest),
    ]


def _check_store(sv, stats=STATS):
    assert sv.message == "" and sv.loaded
    for name, value in SETTINGS.items():
        assert getattr(sv.settings, name) == value, name
    assert _stats_by_game(sv) == stats
    for game_id, row in stats.items():
        assert stat_lines(sv, game_id) == _lines(game_id, row), game_id
    match, moves = decode.read_record(sv.last)
    assert _fields(match) == LAST
    assert save_read.replay(match, moves).is_over()  # the whole finished game


def _check_continue(sv, with_moves=True):
    deal = sorted(_match(GAME).new_state().all_cards())
    _, moves = decode.read_record(sv.moves)
    if not with_moves:
        sv.moves_n = -1  # (the record left out)
    got = sv.saved_game()
    assert got is not None, sv.message
    match, state, kept = got
    assert _fields(match) == GAME
    assert kept == (moves if with_moves else None)
    assert sv.message == ""  # the snapshot agrees with the moves: not rebuilt
    assert sorted(state.all_cards()) == deal
    assert state.turned and state.deck_public() and state.pub.count() > 0
    assert not state.is_over() and state.current_player() == 0
    assert state.key() == save_read.replay(_match(GAME), moves).key()
    return state


def test_the_save_ids_are_pinned():
    assert {info.ID: info.SAVE_ID for info in games.CATALOGUE} == IDS
    ids = [info.SAVE_ID for info in games.CATALOGUE]
    assert len(set(ids)) == len(ids)
    for info in games.CATALOGUE:
        assert games.by_save_id(info.SAVE_ID) is info
        assert 0 <= info.SAVE_ID < 256  # one byte in a record
    assert games.by_save_id(max(ids) + 1) is None


def test_a_store_from_firmware_9f41dca_loads_into_the_right_games(tmp_path):
    sv = _open(tmp_path)
    _check_store(sv)
    assert sv.has_game() and sv.moves is not None


def test_its_game_in_progress_continues_with_its_moves(tmp_path):
    sv = _open(tmp_path)
    _check_continue(sv)
    assert len(decode.read_record(sv.moves)[1]) == GAME_MOVES


def test_its_game_in_progress_continues_from_its_snapshot_alone(tmp_path):
    sv = _open(tmp_path)
    _check_continue(sv, with_moves=False)
    # and the same with the MOVES record gone from the store itself
    sv.moves_n = -1
    assert sv.commit()  # written again by today's firmware, without them
    back = Saves(FileNVM(str(tmp_path / "nvm.bin")))
    assert back.moves is None and back.has_game()
    _check_store(back)


def test_written_again_by_todays_firmware_it_reads_the_same(tmp_path):
    sv = _open(tmp_path)
    state = _check_continue(sv)
    setup, _, moves = sv.saved_game()
    sv.keep_game(setup, state, moves, len(moves))  # a FORMAT 2 snapshot now
    back = Saves(FileNVM(str(tmp_path / "nvm.bin")))
    _check_store(back)
    assert _read(back.game)[1][0] == 2  # the snapshot's format now
    _check_continue(back)
    _check_continue(back, with_moves=False)


def _info(game_id, save_id):
    return games.Info(game_id, save_id, game_id.upper(), "a game to come", (2, 4, 2),
                      ("Standard",), game_id.replace("-", "_"), "table_x", "x_text")  # fmt: skip


@pytest.mark.parametrize(
    "order",
    [(4, 3, 2, 1, 0), (2, 0, 4, 1, 3), (0, 1, "new", 2, 3, 4), ("new", 3, 4, 0, 2, 1)],
    ids=["reversed", "shuffled", "inserted", "inserted-first"],
)
def test_a_reordered_or_grown_catalogue_keeps_every_statistic_on_its_game(
    tmp_path, monkeypatch, order
):
    original = games.CATALOGUE
    new = _info("lift-rummy", 5)
    catalogue = tuple(new if i == "new" else original[i] for i in order)
    monkeypatch.setattr(games, "CATALOGUE", catalogue)
    sv = _open(tmp_path)
    stats = dict(STATS)
    if new in catalogue:
        stats["lift-rummy"] = [0] * 5
        assert len(sv.stats) == 6
    _check_store(sv, stats)
    _check_continue(sv)
    # the statistics screen walks the catalogue, each game its own row
    seen = _stats_screen(sv, monkeypatch)
    assert seen == [(info.NAME.upper(), _lines(info.ID, stats[info.ID])) for info in catalogue]
    # counted and written in this order, read back in today's: still each its own
    if new in catalogue:
        sv.stats[new.SAVE_ID][codec.PLAYED] = 9
    sv.game_over(_match(GAME), b"", 0, True, 7)
    sv.commit()
    monkeypatch.setattr(games, "CATALOGUE", original)
    back = Saves(FileNVM(str(tmp_path / "nvm.bin")))
    stats = dict(STATS)
    stats["roller-coaster"] = [5, 2, 7, 1, 1]
    assert _stats_by_game(back) == stats
    # a game this firmware does not have keeps its row, written back as it came
    assert len(back.stats) == (6 if new in catalogue else 5)
    if new in catalogue:
        assert back.stats[5] == [9, 0, 0, 0, 0, 0, 0]


def _stats_screen(sv, monkeypatch):
    """(heading, lines) of each page of the statistics screen."""
    import ui
    from buttons import RIGHT
    from screens import stats as screen_stats

    shown = {}
    real = ui.TextRow.set

    def spy(row, text):
        shown[id(row)] = text
        real(row, text)

    monkeypatch.setattr(ui.TextRow, "set", spy)
    screen = screen_stats.Stats(types.SimpleNamespace(small=False, saves=sv, legend=str))
    pages = []
    for _ in games.CATALOGUE:
        head = shown[id(screen.head)].split(" ", 1)[1]
        pages.append((head, [shown[id(r)] for r in screen.rows if shown[id(r)]]))
        screen.on_key(RIGHT, 0)
    return pages


def test_stats_rows_are_by_save_id_not_catalogue_place(monkeypatch):
    from saves import codec, decode

    table = [[i + 1, 0, 0, 0, 0] for i in range(5)]
    data = codec.to_bytes(codec.put_stats, table)
    monkeypatch.setattr(games, "CATALOGUE", tuple(reversed(games.CATALOGUE)))
    sv = Saves(None)
    assert decode.read_stats(sv.stats, data)
    for game_id, save_id in IDS.items():
        assert stat_lines(sv, game_id)[0].startswith("PLAYED %d " % (save_id + 1))
    setup = Match(games.info("bastard"), 4, 9)
    rec = codec.to_bytes(codec.put_record, setup, b"", 0)
    assert rec[0] == IDS["bastard"]
    back, moves = decode.read_record(rec)
    assert back.same(setup) and moves == b""
    with pytest.raises(ValueError):
        decode.read_record(bytes([7]) + rec[1:])  # a game this firmware lacks


# -- FORMAT 1 snapshots (9f41dca) of every game, read exactly --------------------
def _old_snapshots():
    out = []
    with open(SNAPSHOTS) as f:
        for line in f:
            game, moves = line.split()
            out.append((bytes.fromhex(game), bytes.fromhex(moves)))
    return out


def _read(game):
    r = decode.Reader(game)
    setup = decode.read_setup(r)
    return setup, game[r.pos :]


def test_every_games_format_1_snapshots_read_exactly():
    seen = set()
    turned = 0
    for game, moves in _old_snapshots():
        setup, snap = _read(game)
        assert snap[0] == 1  # FORMAT 1
        msetup, moves = decode.read_record(moves)
        assert msetup.same(setup)
        state = save_read.snapshot(setup, snap)
        assert state.key() == save_read.replay(setup, moves).key(), (setup, len(moves))
        seen.add((setup.info.ID, setup.players, setup.variant))
        turned += getattr(state, "turned", False)
    # every table of every game, and Roller Coaster after a turnover
    assert seen == {(i.ID, p, v) for i in games.CATALOGUE
                    for p in {i.MIN_PLAYERS, i.DEFAULT_PLAYERS, i.MAX_PLAYERS}
                    for v in range(len(i.VARIANTS))}  # fmt: skip
    assert turned >= 2


_SOME = _old_snapshots()[::7]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_SOME), st.data())
def test_a_damaged_format_1_snapshot_is_refused_or_exact(pick, data):
    game, _ = pick
    setup, snap = _read(game)
    bad = bytearray(snap)
    bit = data.draw(st.integers(0, len(bad) * 8 - 1))
    bad[bit // 8] ^= 1 << (bit % 8)
    try:
        state = save_read.snapshot(setup, bytes(bad))
    except ValueError:
        return
    # accepted: then it is a state the engine can stand on (the deal's cards,
    # counts that match the hands, sorted distinct legal actions, ...)
    from sim.fuzz import check_state

    check_state(state, setup, sorted(setup.new_state().all_cards()))
