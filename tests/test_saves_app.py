"""Saves in the running console: how often it writes, Continue, the
statistics and settings kept across power-ups, a store in any state at
power-up, the simulator killed mid-game, and replays. (A whole game's one
write, its counted result and its record: every play-through in
``test_autoplay.py`` checks them.)"""

import gc
import os
import signal
import subprocess
import sys
import weakref

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
import opponents
from app import App
from engine.prng import Prng
from match import Match
from saves import codec, decode
from saves import read as save_read
from saves import store as save_store
from saves.keep import IDLE_SAVE_MS, Saves
from sim import autopilot, replay
from sim.headless import Session
from sim.nvm import FileNVM

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _session(path, **kw):
    return Session(nvm_path=str(path), pace_ms=0, **kw)


def _finish(s):
    assert autopilot.play_to_results(s)


def test_pause_and_idle_write_only_what_is_not_yet_written(tmp_path):
    s = _session(tmp_path / "nvm.bin", seed=2)
    table = autopilot.open_game(s, "roller-coaster", 3, 8)
    assert s.hw.nvm.writes == 1  # the deal, whole: Continue at once
    s.press("SELECT")  # draw: the turn passes, the others play
    assert table.turns.my_turn() and not table.picked_n
    assert s.hw.nvm.writes == 1 + table.record.n and s.hw.nvm.erases == 0  # a record a move
    writes = s.hw.nvm.writes
    s.press("START")  # the pause menu: every move is kept already
    assert type(s.screen).__name__ == "Pause" and s.hw.nvm.writes == writes
    s.press("UP")  # round to Quit: to the menu, nothing more to write
    s.press("A")
    assert s.hw.nvm.writes == writes
    s.press("B")  # back to the title: Continue is offered
    assert type(s.screen).__name__ == "Title" and s.screen.items[0] == "Continue"
    s.press("A")
    table = s.screen
    n = table.record.n
    s.press("SELECT")
    writes += table.record.n - n
    assert s.hw.nvm.writes == writes
    s.app.saves.dirty = True  # something not yet written (a setting, say)
    for _ in range(int(IDLE_SAVE_MS / 20) + 50):  # the keys left alone
        s.frame()
    assert s.hw.nvm.writes == writes + 1  # once, not every frame after
    for _ in range(3000):  # a minute more: the panel goes dark, no more writes
        s.frame()
    assert not s.hw.panel.on and s.hw.nvm.writes == writes + 1


def test_continue_restores_the_game_exactly_after_a_power_cut(tmp_path):
    path = tmp_path / "nvm.bin"
    s = _session(path, seed=4)
    table = autopilot.open_game(s, "elevator", 4, 31)
    for _ in range(3):
        autopilot.play_turn(s)
    s.press("START")  # pause: saved
    want = table.state.key()
    want_moves = bytes(table.record.moves[: table.record.n])
    del s  # power off
    s2 = _session(path, seed=99)
    assert s2.screen.items[0] == "Continue"
    s2.press("A")
    t2 = s2.screen
    assert type(t2).__name__ == "Table" and t2.state.key() == want
    assert bytes(t2.record.moves[: t2.record.n]) == want_moves and t2.match.deal == 31
    # and it plays to the end, its record holding every move from the deal
    _finish(s2)
    setup, moves = decode.read_record(s2.app.saves.last)
    assert moves[: len(want_moves)] == want_moves


def test_continue_makes_the_table_once_the_title_has_gone(tmp_path, monkeypatch):
    """Continue is made after the title's frame returned (``App.later``):
    the title and its tiles are free while the saved game's table is
    built, the tightest moment of a Continue."""
    path = tmp_path / "nvm.bin"
    s = _session(path, seed=4)
    autopilot.open_game(s, "bastard", 4, 5)
    s.press("START")  # pause: saved
    del s
    s2 = _session(path, seed=5)
    title = weakref.ref(s2.screen)
    alive = []
    real = App.play

    def play(app, *args):
        gc.collect()
        alive.append(title() is not None)
        return real(app, *args)

    monkeypatch.setattr(App, "play", play)
    assert s2.screen.items[0] == "Continue"
    s2.press("A")
    assert alive == [False] and type(s2.screen).__name__ == "Table"


def test_settings_are_kept_with_one_write(tmp_path):
    path = tmp_path / "nvm.bin"
    s = Session(nvm_path=str(path))
    s.press("DOWN")
    s.press("DOWN")  # title: Settings
    s.press("A")
    assert type(s.screen).__name__ == "SettingsScreen"
    s.press("RIGHT")  # sound off
    s.press("DOWN")
    s.press("RIGHT")  # pace: slow
    s.press("DOWN")
    s.press("LEFT")  # contrast: low
    assert s.hw.nvm.writes == 0 and s.hw.panel.contrast == 64
    s.press("B")
    assert s.hw.nvm.writes == 1
    st2 = Saves(FileNVM(str(path))).settings
    assert (st2.sound, st2.pace_ms, st2.contrast) == (0, 1200, 64)
    s2 = Session(nvm_path=str(path))
    assert s2.hw.panel.contrast == 64 and s2.app.settings.pace_ms == 1200


def test_a_small_store_keeps_settings_and_statistics_first():
    sv = Saves(FileNVM(None, 256))  # a SAMD21's nvm
    sv.stats[0][codec.PLAYED] = 7
    setup = Match(games.info("bastard"), 12, 5, 0, 0, bytes(12))
    state = setup.new_state()
    sv.keep_game(setup, state, bytes(300), 300)
    assert save_store.GAME in sv.dropped and save_store.MOVES in sv.dropped
    back = Saves(sv.nvm)
    assert back.stats[0][codec.PLAYED] == 7 and back.game is None


@pytest.mark.parametrize(
    "fill,message",
    [(b"\xff", ""), (b"\x00", ""), (b"\x45\x43\x01\x00", save_store.MESSAGES[save_store.DAMAGED])],
)
def test_odd_stores_start_the_console_and_say_what_happened(tmp_path, fill, message):
    path = tmp_path / "nvm.bin"
    path.write_bytes((fill * 4096)[:4096])
    s = Session(nvm_path=str(path))
    assert type(s.screen).__name__ == "Title"
    assert s.screen.note.text().strip() == (message or "POCKET CARD CONSOLE")
    assert s.screen.items[0] == "New game"


def test_damaged_statistics_are_reset_and_said():
    sv = Saves(FileNVM(None))
    sv.stats[1] = [5, 9, 0, 0, 0]  # more wins than games: not possible
    sv.commit()
    back = Saves(sv.nvm)
    assert back.stats[1] == [0] * 7 and "STATISTICS" in back.message


def test_older_shorter_settings_read_with_defaults():
    sv = Saves(FileNVM(None))
    sv.settings.pace_ms = 300
    # an older firmware's record
    data = codec.to_bytes(codec.put_settings, sv.settings, codec.SAVED[:2])
    st = save_store.Store(sv.nvm)
    st.save([(save_store.SETTINGS, data)])
    back = Saves(sv.nvm)
    assert back.settings.pace_ms == 300 and back.settings.contrast == 128 and not back.message


_PRESETS = [
    (info.ID, players, variant)
    for info in games.CATALOGUE
    for players in sorted({info.MIN_PLAYERS, info.MAX_PLAYERS})
    for variant in range(len(info.VARIANTS))
]
_DAMAGE = ("keep", "keep", "keep", "flip", "byte", "cut", "junk", "drop")


def _kept_game(preset, deal, steps):
    """(match, state, moves) of a game left after up to ``steps`` moves
    (Easy and Normal seats), never over."""
    game_id, players, variant = preset[:3]
    kinds = bytes([deal >> i & 1 for i in range(players)])
    setup = Match(games.info(game_id), players, deal, variant, 0, kinds)
    game = games.by_id(game_id)
    state = setup.new_state()
    rng = Prng(deal)
    moves = bytearray()
    for _ in range(steps):
        a = opponents.choose(game, state.observe(state.current_player()), rng, 1)
        after = state.clone()
        after.apply(a)
        if after.is_over():
            break
        state = after
        moves.append(a)
    return setup, state, bytes(moves)


def _damage(draw, data):
    """``data`` as a damaged record would hold it (or as it was)."""
    kind = draw(st.sampled_from(_DAMAGE))
    bad = bytearray(data)
    if kind == "flip" and bad:
        bit = draw(st.integers(0, len(bad) * 8 - 1))
        bad[bit // 8] ^= 1 << (bit % 8)
    elif kind == "byte" and bad:
        bad[draw(st.integers(0, len(bad) - 1))] = draw(st.integers(0, 255))
    elif kind == "cut":
        del bad[draw(st.integers(0, len(bad))) :]
    elif kind == "junk":
        bad = bytearray(draw(st.binary(max_size=300)))
    elif kind == "drop":
        return kind, None
    return kind, bytes(bad)


@st.composite
def _store_contents(draw):
    """A store as the console writes it (Saves.keep_game: settings,
    statistics, the game in progress, its moves), sealed again by the
    store's own encoder with its records damaged, dropped or added to, so
    the slot reads (its header and CRC are right) and the damage is met
    by the record readers and by Continue; sometimes after a good copy,
    and sometimes with junk written over the store, as before."""
    preset = draw(st.sampled_from(_PRESETS))
    setup, state, moves = _kept_game(preset, draw(st.integers(1, 10**6)), draw(st.integers(0, 60)))
    sv = Saves(FileNVM(None))
    sv.stats[draw(st.integers(0, len(games.CATALOGUE) - 1))] = [3, 2, 9, 1, 2]
    sv.keep_game(setup, state, moves, len(moves))
    good = save_read.read_store(sv.store)  # the records just written, in their order
    records = []
    damaged = set()
    for kind, data in good.items():
        how, data = _damage(draw, data)
        if how != "keep":
            damaged.add(kind)
        if data is not None:
            records.append((kind, data))
    if draw(st.booleans()):  # a record kind this firmware does not know
        records.insert(draw(st.integers(0, len(records))), (draw(st.integers(6, 255)),
                       draw(st.binary(max_size=40))))  # fmt: skip
    nvm = FileNVM(None)
    st_ = save_store.Store(nvm)
    if draw(st.integers(0, 3)) == 0:  # an older good copy before the damaged one
        st_.save(list(good.items()))
    st_.save(records)
    if draw(st.integers(0, 3)) == 0:  # and junk anywhere in the store
        junk = draw(st.binary(min_size=1, max_size=600))
        at = draw(st.integers(0, len(nvm.data) - 1))
        nvm.data[at : at + len(junk)] = junk[: len(nvm.data) - at]
    return setup, state, moves, damaged, nvm


def _raise(now, error):
    raise error


def test_any_store_contents_start_the_console():
    """A store in any state starts the console at the title; where it
    offers Continue, Continue either resumes a game that keeps the
    engine's invariants and plays on, or goes back to the title saying
    why. The console never falls into its failure screen. Most examples
    reach a readable slot and about half a kept game and Continue:
    counted, so a run that stops at the store's header fails."""
    from sim.fuzz import check_log, check_state

    s = Session(pace_ms=0)  # its simulated board, kept over the examples
    seen = {"readable": 0, "continue": 0, "resumed": 0, "exact": 0, "dropped": 0, "examples": 0}

    @settings(max_examples=60, deadline=None)
    @given(_store_contents())
    def check(contents):
        setup, state, moves, damaged, nvm = contents
        s.hw.nvm = nvm
        s.app = App(s.hw)
        s.app.failsafe.failed = _raise  # a failure screen is a failed example
        s.app.settings.pace_ms = 0
        s.app.settings.screen_off_ms = 0  # a damaged setting must not blank the panel mid-test
        s.app.start()
        s.frame()
        seen["examples"] += 1
        title = s.screen
        assert type(title).__name__ == "Title"
        if s.app.saves.store.status in (save_store.RESTORED, save_store.OLDER):
            seen["readable"] += 1
        if title.items[0] != "Continue":
            assert not s.app.saves.has_game()
            return
        seen["continue"] += 1
        s.press("A", settle=False)
        screen = s.screen
        if type(screen).__name__ == "Title":  # not resumed: it says why
            seen["dropped"] += 1
            assert screen.note.text().strip() == "SAVED GAME UNREADABLE: DROPPED"
            assert screen.items[0] != "Continue"
            return
        seen["resumed"] += 1
        if type(screen).__name__ == "Results":  # a kept game already over, past the
            assert screen.rows  # CRC: its results
            return
        assert type(screen).__name__ == "Table", type(screen).__name__
        deal = screen.match.new_state()
        check_state(screen.state, screen.match, sorted(deal.all_cards()))
        check_log(screen)  # its moves, when it has them, replay to what it shows
        if not damaged & {save_store.GAME, save_store.MOVES}:  # intact: the very game
            seen["exact"] += 1
            assert screen.match.same(setup)  # its moves, and the computer's since (one frame)
            assert bytes(screen.record.moves[: len(moves)]) == moves and screen.record.complete
        for _ in range(3):  # and it plays on (to its results, maybe)
            s.settle(2000)
            if type(s.screen).__name__ != "Table":
                assert type(s.screen).__name__ == "Results", type(s.screen).__name__
                break
            check_state(s.screen.state, screen.match, sorted(deal.all_cards()))
            autopilot.play_turn(s)

    check()
    n = seen["examples"]
    assert seen["readable"] >= n // 2, seen  # the damage is met inside a readable slot
    assert seen["continue"] >= n // 4, seen  # ... and by Continue
    assert seen["resumed"] and seen["dropped"] and seen["exact"], seen


def _sim(*args, **kw):
    return subprocess.run(
        [sys.executable, "-m", "sim", "--headless", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=300, **kw,
    )  # fmt: skip


def test_killed_mid_game_the_simulator_continues_it(tmp_path):
    path = str(tmp_path / "nvm.bin")
    keys = "SELECT,SELECT,RIGHT,A"
    args = ["--game", "roller-coaster", "--players", "3", "--seed", "12", "--pace", "0"]
    p = subprocess.Popen(
        [sys.executable, "-m", "sim", "--headless", "--nvm", path, "--keys", keys, "--hold"]
        + args,
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        for line in p.stdout:
            if line.startswith("holding"):
                break
        os.kill(p.pid, signal.SIGKILL)  # the plug is pulled, mid-game
    finally:
        p.wait(timeout=60)
    assert p.returncode == -signal.SIGKILL
    # what the same presses give, computed here (virtual time: exact)
    s = Session(game="roller-coaster", players=3, deal=12, pace_ms=0)
    for k in keys.split(","):
        s.press(k)
    want = s.screen.state.key()
    r = _sim("--nvm", path, "--keys", "A", "--state")
    assert r.returncode == 0, r.stderr
    assert "state: " + want in r.stdout.splitlines()


def test_replay_from_a_store_and_from_a_serial_line(tmp_path):
    path = str(tmp_path / "nvm.bin")
    r = _sim("--autoplay", "--game", "elevator", "--players", "3", "--seed", "21", "--nvm", path)
    assert r.returncode == 0 and "autoplay: results reached, " in r.stdout, r.stderr
    line = [x for x in r.stdout.splitlines() if x.startswith("last game: ELEVATOR-REPLAY 1 ")]
    assert len(line) == 1
    n = len(decode.read_record(replay.parse_line(line[0][11:]))[1])
    r = _sim("--replay", path, "--pace", "0")
    assert r.returncode == 0 and "replay: %d of %d moves" % (n, n) in r.stdout
    text = tmp_path / "bug-report.txt"
    text.write_text("from my board:\n" + line[0] + "\nthanks\n")
    r = _sim("--replay", str(text), "--pace", "0", "--state")
    assert r.returncode == 0 and "replay: %d of %d moves" % (n, n) in r.stdout
    text.write_text(line[0][:-2] + "00\n")  # a mistyped check
    r = _sim("--replay", str(text))
    assert r.returncode == 2 and "copied wrong" in r.stderr
    r = _sim("--replay", str(tmp_path / "nothing-here"))
    assert r.returncode == 2 and "cannot read" in r.stderr


class _ShortOfMemory(bytearray):
    """A store whose reads run out of memory while ``fail`` is set, as a
    board's would with the heap full at power-up."""

    fail = True

    def __getitem__(self, k):
        if self.fail:
            raise MemoryError("memory allocation failed")
        return bytearray.__getitem__(self, k)


def test_memory_full_while_reading_the_store_never_wipes_it(tmp_path):
    s = _session(tmp_path / "nvm.bin", seed=4)
    table = autopilot.open_game(s, "roller-coaster", 2, 12)
    _finish(s)
    s.press("B")  # the menu
    s.app.settings.pace_ms = 1200
    s.app.saves.commit()
    before = Saves(bytearray(s.hw.nvm.data))
    assert before.stats[4][0] == 1 and before.settings.pace_ms == 1200
    nvm = _ShortOfMemory(s.hw.nvm.data)
    tight = Saves(nvm)  # power-up with the heap full: nothing read
    assert not tight.loaded and tight.message == "MEMORY FULL: SAVES NOT READ"
    assert tight.stats[4][0] == 0  # defaults in memory ...
    tight.game_over(table.match, None, 0, False, 0)
    tight.commit()  # ... are never written over the store while it cannot be read
    assert bytes(nvm) == bytes(s.hw.nvm.data)
    nvm.fail = False
    tight.commit()  # memory back: the store is read first, then written
    assert tight.loaded and tight.settings.pace_ms == 1200
    after = Saves(bytearray(nvm))
    assert after.stats[4][0] == 1 and after.settings.pace_ms == 1200  # nothing was lost


def test_memory_full_while_restoring_keeps_the_saved_game(tmp_path, monkeypatch):
    s = _session(tmp_path / "nvm.bin", seed=2)
    autopilot.open_game(s, "roller-coaster", 3, 8)
    s.press("SELECT")
    s.press("START")  # the pause menu keeps the game
    kept = Saves(bytearray(s.hw.nvm.data))
    game = kept.game
    from saves import read as save_read

    def tight(*args):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(save_read, "snapshot", tight)  # the heap runs out mid-restore
    kept.moves_n = -1  # (the snapshot alone)
    assert kept.saved_game() is None and kept.message == "MEMORY FULL: GAME KEPT FOR LATER"
    assert kept.game == game  # not dropped as unreadable
    assert kept.saved_game() is not None  # the read path loads afresh: memory allows now


def test_a_save_that_fails_is_said_and_retried_never_dropped(monkeypatch):
    """The heap full as the pause menu saves: the panel says so, Quit waits
    for the save, and it is tried again every few seconds until written;
    then Continue finds the exact game."""
    from saves import write as save_write
    from screens.pause import ITEMS

    s = Session(seed=2, pace_ms=0)
    table = autopilot.open_game(s, "roller-coaster", 3, 8)
    s.press("SELECT")
    key = table.state.key()
    real = save_write.keep_game
    tries = []

    def full_heap(*args):
        tries.append(1)
        if len(tries) <= 2:
            raise MemoryError("memory allocation failed")
        return real(*args)

    monkeypatch.setattr(save_write, "keep_game", full_heap)
    writes = s.hw.nvm.writes
    s.app.saves.dirty = True  # something not yet written: the game is written whole
    s.press("START")  # the pause menu: its save fails
    assert type(s.screen).__name__ == "Pause" and s.hw.nvm.writes == writes
    assert s.app.failsafe.notice.text().strip() == "NOT SAVED: MEMORY FULL, RETRYING"
    while ITEMS[s.screen.menu.index] != "Quit":
        s.press("DOWN")
    s.press("A")  # Quit: the game is not dropped
    assert type(s.screen).__name__ == "Pause" and len(tries) == 2
    assert s.app.failsafe.notice.text().strip() == "NOT SAVED: MEMORY FULL, RETRYING"
    for _ in range(200):  # a few seconds later it is tried again, and written
        s.frame()
    assert len(tries) == 3 and s.hw.nvm.writes == writes + 1 and not s.app.saves.failed
    s.press("A")  # Quit now leaves
    assert type(s.screen).__name__ == "GameMenu"
    s.press("B")
    s.press("A")  # Continue
    assert s.screen.state.key() == key


def test_a_game_too_long_to_record_leaves_no_broken_record():
    """A game's record holds about a thousand moves: a longer game is
    counted, and leaves no last-game record rather than a damaged one."""
    sv = Saves(FileNVM(None))
    setup = Match(games.info("roller-coaster"), 4, 5, 0, 0, bytes(4))
    sv.game_over(setup, bytes(200), 200, True, 9)
    sv.commit()
    assert decode.read_record(sv.last)[1] == bytes(200)
    sv.game_over(setup, bytes(1100), 1100, False, 0)
    sv.commit()
    back = Saves(sv.nvm)
    assert back.last is None and back.stats[4][codec.PLAYED] == 2 and not back.message


def test_no_deep_sleep_while_a_save_is_pending(monkeypatch):
    """A save that failed stays in memory until written: the board must
    not sleep (and lose it) meanwhile."""
    from saves import write as save_write

    s = Session(seed=2, pace_ms=0)
    autopilot.open_game(s, "elevator", 4, 8)
    autopilot.play_turn(s)
    slept = []
    s.hw.deep_sleep = lambda: slept.append(1) or False

    def full_heap(*args):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(save_write, "keep_game", full_heap)
    s.app.saves.dirty = True  # something not yet written: the game is written whole
    st = s.app.settings
    for _ in range((st.sleep_ms + 20000) // 20):  # past the idle save, screen off and sleep
        s.frame()
    assert s.app.saves.failed and not slept
    monkeypatch.undo()
    for _ in range((st.sleep_ms + 20000) // 20):
        s.frame()
    assert not s.app.saves.failed and slept
