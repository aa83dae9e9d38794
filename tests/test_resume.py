"""A game saved at any point restores exactly (every hand, the stock, the
pile, whose turn) and then plays on exactly as the original would; a
record replays to the same end; damaged records are refused, never
played."""

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import games
import opponents
from engine.prng import DEAL_MAX, Prng
from match import NORMAL, Match
from saves import codec, decode, read
from saves import snapshot as save_snapshot
from saves import store as save_store
from sim import replay
from sim.nvm import FileNVM

PRESETS = [
    (info.ID, players, variant)
    for info in games.CATALOGUE
    for players in sorted({info.MIN_PLAYERS, info.DEFAULT_PLAYERS, info.MAX_PLAYERS})
    for variant in range(len(info.VARIANTS))
]


def _setup(game_id, players, variant, deal, starter=0):
    """A game's match, every other seat a Normal computer."""
    return Match(games.info(game_id), players, deal, variant, starter, bytes([NORMAL] * players))


def _play_on(state, game, seed, limit=10000):
    """Keys of every state from here to the end, Normal players, fixed seed."""
    rng = Prng(seed)
    keys = [state.key()]
    for _ in range(limit):
        if state.is_over():
            break
        state.apply(opponents.choose(game, state.observe(state.current_player()), rng, 1))
        keys.append(state.key())
    return keys


@pytest.mark.parametrize("game_id,players,variant", PRESETS)
def test_save_anywhere_restore_and_play_on_identically(game_id, players, variant):
    game = games.by_id(game_id)
    for deal in (3, 77):
        setup = _setup(game_id, players, variant, deal)
        state = setup.new_state()
        rng = Prng(deal)
        stops = {0} | {rng.below(120) for _ in range(6)}  # random points, seeded
        step = 0
        while not state.is_over():
            if step in stops:
                out = bytearray(512)
                out = out[: save_snapshot.put(state, out, 0)]
                assert len(out) <= 240  # a few hundred bytes at most
                back = read.snapshot(setup, bytes(out))
                assert back.key() == state.key()
                assert _play_on(back, game, step) == _play_on(state.clone(), game, step)
            a = opponents.choose(game, state.observe(state.current_player()), rng, 0)
            state.apply(a)
            step += 1


@pytest.mark.parametrize("game_id,players,variant", PRESETS)
def test_a_record_replays_to_the_same_end(game_id, players, variant):
    game = games.by_id(game_id)
    setup = _setup(game_id, players, variant, 11)
    state = setup.new_state()
    moves = bytearray()
    rng = Prng(5)
    while not state.is_over():
        a = opponents.choose(game, state.observe(state.current_player()), rng, 1)
        state.apply(a)
        moves.append(a)
    record = codec.to_bytes(codec.put_record, setup, moves, len(moves))
    line = replay.record_line(record)
    assert replay.parse_line("junk before\n" * 0 + line) == record
    back_setup, back_moves = decode.read_record(replay.parse_line(line))
    assert back_setup.same(setup) and back_moves == bytes(moves)
    assert read.replay(back_setup, back_moves).key() == state.key()


@pytest.mark.parametrize("deal", [2**27 - 1, 2**27, 987654321, DEAL_MAX])
def test_every_deal_number_reads_back(deal):
    """Deals run to DEAL_MAX (2**30 - 1, five bytes as a varint): a game
    on any of them is kept for Continue and its record replays."""
    from saves.keep import Saves

    setup = _setup("elevator", 4, 0, deal)
    state = setup.new_state()
    moves = bytearray()
    game = games.by_id(setup.info.ID)
    rng = Prng(3)
    for _ in range(5):
        a = opponents.choose(game, state.observe(state.current_player()), rng, 1)
        state.apply(a)
        moves.append(a)
    record = codec.to_bytes(codec.put_record, setup, moves, len(moves))
    match, back_moves = decode.read_record(record)
    assert match.same(setup) and back_moves == bytes(moves)
    sv = Saves(FileNVM())
    sv.keep_game(setup, state, moves, len(moves))
    sv.moves_n = -1  # the snapshot alone
    back_setup, back, _ = sv.saved_game()
    assert back_setup.same(setup) and back.key() == state.key()


@pytest.mark.parametrize("game_id", ["color-elevator", "elevator", "bastard", "roller-coaster"])
def test_a_linked_games_key_is_kept_and_replayed(game_id):
    """A linked game is dealt from a 64-bit key (``engine.keyed``): the
    host's save and its record keep the key, so Continue and the replay
    line deal it alike, and the line stays one line."""
    from saves.keep import Saves

    info = games.info(game_id)
    setup = Match(info, 4, 0, 0, 0, bytes([NORMAL] * 4), key=bytes(range(40, 48)))
    state = setup.new_state()
    assert state.hands[0].to_list() != _setup(game_id, 4, 0, 1).new_state().hands[0].to_list()
    game = games.by_id(game_id)
    moves = bytearray()
    rng = Prng(3)
    while not state.is_over() and len(moves) < 60:
        a = opponents.choose(game, state.observe(state.current_player()), rng, 1)
        state.apply(a)
        moves.append(a)
    sv = Saves(FileNVM())
    sv.keep_game(setup, state, moves, len(moves))
    back_setup, back, back_moves = sv.saved_game()
    assert back_setup.same(setup) and back_setup.key == setup.key and back.key() == state.key()
    assert back.deal == setup.key  # the rest is dealt from it (Color Elevator's rebuilds)
    record = codec.to_bytes(codec.put_record, setup, moves, len(moves))
    line = replay.record_line(record)
    assert "\n" not in line
    match, again = decode.read_record(replay.parse_line(line))
    assert match.key == setup.key and read.replay(match, again).key() == state.key()


def test_solitaire_records_replay_taken_back_moves():
    setup = _setup("elevator-solitaire", 1, 0, 5)
    state = setup.new_state()
    moves = bytearray()
    rng = Prng(2)
    for i in range(30):
        if state.is_over():
            break
        if i % 4 == 3 and state.undo():
            moves.append(codec.UNDO)
            continue
        legal = state.legal_list()
        a = legal[rng.below(len(legal))]
        state.apply(a)
        moves.append(a)
    assert codec.UNDO in moves
    assert read.replay(setup, bytes(moves)).key() == state.key()


def test_a_replay_refuses_a_move_the_rules_refuse():
    setup = _setup("roller-coaster", 3, 0, 4)
    with pytest.raises(ValueError):
        read.replay(setup, bytes([250]))


def test_replay_lines_catch_cuts_and_typos():
    setup = _setup("elevator", 4, 0, 9)
    record = codec.to_bytes(codec.put_record, setup, b"\x01\x02\xc8", 3)
    line = replay.record_line(record)
    for bad in (line[:-1], line.replace("ELEVATOR-REPLAY 1", "ELEVATOR-REPLAY 2"),
                line[:30] + ("0" if line[30] != "0" else "1") + line[31:], "hello", line + " x",
                line[:20] + "zz" + line[22:]):  # fmt: skip
        with pytest.raises(ValueError):
            replay.parse_line(bad)


def _snapshot_mid_game(preset, deal, steps):
    """(setup, state, its snapshot) after ``steps`` Normal moves of a deal."""
    setup = _setup(*preset, deal)
    game = games.by_id(setup.info.ID)
    state = setup.new_state()
    rng = Prng(deal)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(opponents.choose(game, state.observe(state.current_player()), rng, 1))
    out = bytearray(512)
    return setup, state, bytes(out[: save_snapshot.put(state, out, 0)])


_HEAD = 3  # format, field count, card count: checked before anything else
_DAMAGE = ("flip", "byte", "cut", "insert", "delete", "swap", "body", "junk")


@st.composite
def _damaged(draw, good):
    """``good`` damaged past its header (the header kept, so the reader
    meets the damage in the fields, buffers, stock, pile, hands or
    counts), or now and then junk from the first byte."""
    kind = draw(st.sampled_from(_DAMAGE))
    bad = bytearray(good)
    at = st.integers(_HEAD, len(good) - 1)
    if kind == "flip":  # one to three bits, as flash or a cut write leaves them
        for _ in range(draw(st.integers(1, 3))):
            bit = draw(st.integers(_HEAD * 8, len(good) * 8 - 1))
            bad[bit // 8] ^= 1 << (bit % 8)
    elif kind == "byte":
        bad[draw(at)] = draw(st.integers(0, 255))
    elif kind == "cut":
        del bad[draw(at) :]
    elif kind == "insert":
        bad.insert(draw(at), draw(st.integers(0, 255)))
    elif kind == "delete":
        del bad[draw(at)]
    elif kind == "swap":  # two bytes trade places: the cards may still be the deal's
        i, j = draw(at), draw(at)
        bad[i], bad[j] = bad[j], bad[i]
    elif kind == "body":
        bad[_HEAD:] = draw(st.binary(max_size=len(good)))
    else:
        bad = bytearray(draw(st.binary(max_size=300)))
    return kind, bytes(bad)


def test_damaged_snapshots_are_refused_or_exact(monkeypatch):
    """Whatever bytes come in, a snapshot either raises ValueError or gives
    a state with exactly the deal's cards that keeps the engine's
    invariants and plays (never a crash). The damage is made to a real
    snapshot, past its header, so most examples meet the body's checks:
    counted here, and a run where damage stops at the header fails."""
    from sim.fuzz import check_state

    readers = []
    probed = []

    class Reader(decode.Reader):
        def __init__(self, data):
            super().__init__(data)
            readers.append(self)

    real_probe = read.probe

    def probe(state, *args):
        probed.append(1)
        return real_probe(state, *args)

    monkeypatch.setattr(decode, "Reader", Reader)
    monkeypatch.setattr(read, "probe", probe)
    stages = {"header": 0, "body": 0, "play-out": 0, "restored": 0}

    @settings(max_examples=400, deadline=None)
    @given(st.sampled_from(PRESETS), st.integers(1, 999), st.integers(0, 80), st.data())
    def check(preset, deal, steps, data):
        setup, original, good = _snapshot_mid_game(preset, deal, steps)
        kind, bad = data.draw(_damaged(good), label="damage")
        del readers[:], probed[:]
        try:
            state = read.snapshot(setup, bad)
        except ValueError:
            stage = "play-out" if probed else "body" if readers[0].pos > _HEAD else "header"
            stages[stage] += 1
            event("refused at the " + stage)
            return
        stages["restored"] += 1
        event("restored")
        assert sorted(state.all_cards()) == sorted(setup.new_state().all_cards())
        check_state(state, setup, sorted(state.all_cards()))
        if bad == good:
            assert state.key() == original.key()

    check()
    total = sum(stages.values())
    past = total - stages["header"]
    # the damage reaches the body: refused there, by the play-out, or restored
    assert past >= total // 2, stages
    assert stages["play-out"] + stages["restored"] >= total // 20, stages


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(1, 10**6), st.integers(0, 60), st.data())
def test_a_damaged_snapshot_is_caught_by_its_moves(preset, deal, steps, data):
    """Past the store's CRC (1 in 65,536 damaged copies), a snapshot's
    decoder raises only ValueError; and a resume that has the game's moves
    replays them (every one checked by the rules) and refuses a snapshot
    that differs, so a damaged state is never played."""
    from saves.keep import Saves

    setup = _setup(*preset, deal)
    game = games.by_id(setup.info.ID)
    state = setup.new_state()
    rng = Prng(deal)
    moves = bytearray()
    for _ in range(steps):
        if state.is_over():
            break
        a = opponents.choose(game, state.observe(state.current_player()), rng, 0)
        state.apply(a)
        moves.append(a)
    if state.is_over():
        return
    sv = Saves(FileNVM())
    sv.keep_game(setup, state, moves, len(moves))
    good = bytes(sv.game)
    bit = data.draw(st.integers(0, len(good) * 8 - 1))
    bad = bytearray(good)
    bad[bit // 8] ^= 1 << (bit % 8)
    at = sv.store.find(save_store.GAME)  # the record damaged where it is kept
    sv.nvm.data[at : at + len(bad)] = bad
    got = sv.saved_game()
    if got is not None:
        back_setup, back, back_moves = got
        assert back_setup.same(setup) and back.key() == state.key()
        assert back_moves == bytes(moves)
