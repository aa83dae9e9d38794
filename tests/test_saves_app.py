"""Saves in the running console: how often it writes, Continue, the
statistics and settings kept across power-ups, a store in any state at
power-up, the simulator killed mid-game, and replays."""

import os
import signal
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import savecodec
import saveread
import saves
import store
from sim import autopilot
from sim.headless import Session
from sim.nvm import FileNVM

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_GAMES = [
    ("color-elevator", 2, 0, 3),
    ("elevator-solitaire", 1, 0, 4),
    ("elevator", 4, 0, 5),
    ("bastard", 6, 1, 6),
    ("roller-coaster", 3, 0, 7),
]


def _session(path, **kw):
    return Session(nvm_path=str(path), pace_ms=0, **kw)


def _finish(s):
    assert autopilot.play_to_results(s)


@pytest.mark.parametrize("game_id,players,variant,deal", _GAMES)
def test_a_game_played_through_writes_flash_once(tmp_path, game_id, players, variant, deal):
    s = _session(tmp_path / "nvm.bin", seed=deal)
    table = autopilot.open_game(s, game_id, players, deal, variant)
    _finish(s)
    assert s.hw.nvm.writes == 1  # the end of the game only: never per move
    assert s.hw.nvm.erases == 0  # appended into erased flash
    # the result is counted, shown, and there after a power-up
    results = s.screen
    assert any(r.startswith("PLAYED 1 ") for r in results.rows)
    again = saves.Saves(FileNVM(str(tmp_path / "nvm.bin")))
    info_row = again.stats[[g[0] for g in _GAMES].index(game_id)]
    assert info_row[saves.PLAYED] == 1
    assert again.game is None and again.last is not None
    setup, moves = saveread.read_record(again.last)
    assert setup[:5] == (game_id, players, variant, 0, deal) and len(moves) == table.moves_n
    import snapread

    assert snapread.replay(setup, moves).key() == table.state.key()


def test_pause_and_idle_each_write_once(tmp_path):
    s = _session(tmp_path / "nvm.bin", seed=2)
    table = autopilot.open_game(s, "roller-coaster", 3, 8)
    s.press("SELECT")  # draw: the turn passes, the others play
    assert table.my_turn() and not table.picked and s.hw.nvm.writes == 0
    s.press("B")  # the pause menu: the game is kept
    assert type(s.screen).__name__ == "Pause" and s.hw.nvm.writes == 1
    s.press("UP")  # round to Quit: to the menu, nothing more to write
    s.press("A")
    assert s.hw.nvm.writes == 1
    s.press("B")  # back to the title: Continue is offered
    assert type(s.screen).__name__ == "Title" and s.screen.items[0] == "Continue"
    s.press("A")
    table = s.screen
    s.press("SELECT")
    for _ in range(int(saves.IDLE_SAVE_MS / 20) + 50):  # the keys left alone
        s.frame()
    assert s.hw.nvm.writes == 2  # once, not every frame after
    for _ in range(3000):  # a minute more: the panel goes dark, no more writes
        s.frame()
    assert not s.hw.panel.on and s.hw.nvm.writes == 2


def test_continue_restores_the_game_exactly_after_a_power_cut(tmp_path):
    path = tmp_path / "nvm.bin"
    s = _session(path, seed=4)
    table = autopilot.open_game(s, "elevator", 4, 31)
    for _ in range(3):
        autopilot.play_turn(s)
    s.press("B")  # pause: saved
    want = table.state.key()
    want_moves = bytes(table.moves[: table.moves_n])
    del s  # power off
    s2 = _session(path, seed=99)
    assert s2.screen.items[0] == "Continue"
    s2.press("A")
    t2 = s2.screen
    assert type(t2).__name__ == "Table" and t2.state.key() == want
    assert bytes(t2.moves[: t2.moves_n]) == want_moves and t2.deal == 31
    # and it plays to the end, its record holding every move from the deal
    _finish(s2)
    setup, moves = saveread.read_record(s2.app.saves.last)
    assert moves[: len(want_moves)] == want_moves


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
    st2 = saves.Saves(FileNVM(str(path))).settings
    assert (st2.sound, st2.pace_ms, st2.contrast) == (0, 1200, 64)
    s2 = Session(nvm_path=str(path))
    assert s2.hw.panel.contrast == 64 and s2.app.settings.pace_ms == 1200


def test_a_small_store_keeps_settings_and_statistics_first():
    sv = saves.Saves(FileNVM(None, 256))  # a SAMD21's nvm
    sv.stats[0][saves.PLAYED] = 7
    setup = ("bastard", 12, 0, 0, 5, bytes(12))
    import snapread

    state = snapread.new_state(setup)
    sv.keep_game(setup, state, bytes(300), 300)
    assert saves.GAME in sv.dropped and saves.MOVES in sv.dropped
    back = saves.Saves(sv.nvm)
    assert back.stats[0][saves.PLAYED] == 7 and back.game is None


@pytest.mark.parametrize(
    "fill,message",
    [(b"\xff", ""), (b"\x00", ""), (b"\x45\x43\x01\x00", store.MESSAGES[store.DAMAGED])],
)
def test_odd_stores_start_the_console_and_say_what_happened(tmp_path, fill, message):
    path = tmp_path / "nvm.bin"
    path.write_bytes((fill * 4096)[:4096])
    s = Session(nvm_path=str(path))
    assert type(s.screen).__name__ == "Title"
    assert s.screen.note.text().strip() == (message or "POCKET CARD CONSOLE")
    assert s.screen.items[0] == "New game"


def test_damaged_statistics_are_reset_and_said():
    sv = saves.Saves(FileNVM(None))
    sv.stats[1] = [5, 9, 0, 0, 0]  # more wins than games: not possible
    sv.commit()
    back = saves.Saves(sv.nvm)
    assert back.stats[1] == [0] * 5 and "STATISTICS" in back.message


def test_older_shorter_settings_read_with_defaults():
    sv = saves.Saves(FileNVM(None))
    sv.settings.pace_ms = 300
    # an older firmware's record
    data = savecodec.to_bytes(savecodec.put_settings, sv.settings, saves.SAVED[:2])
    st = store.Store(sv.nvm)
    st.save([(saves.SETTINGS, data)])
    back = saves.Saves(sv.nvm)
    assert back.settings.pace_ms == 300 and back.settings.contrast == 128 and not back.message


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=0, max_size=4096), st.integers(0, 4095))
def test_any_store_contents_start_the_console(junk, at):
    nvm = FileNVM(None)
    end = min(4096, at + len(junk))
    nvm.data[at:end] = junk[: end - at]
    s = Session()
    s.hw.nvm = nvm
    from app import App

    app = App(s.hw)
    app.start()
    app.step(0)
    assert type(app.screen).__name__ == "Title"
    if app.saves.game is not None:  # Continue either resumes or says why not
        app.screen.on_key(4, 0)  # A
        assert type(app.screen).__name__ in ("Table", "Title")


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
    assert r.returncode == 0 and "autoplay: results reached, 1 save writes" in r.stdout, r.stderr
    line = [x for x in r.stdout.splitlines() if x.startswith("last game: ELEVATOR-REPLAY 1 ")]
    assert len(line) == 1
    n = len(saveread.read_record(saveread.parse_line(line[0][11:]))[1])
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
    before = saves.Saves(bytearray(s.hw.nvm.data))
    assert before.stats[4][0] == 1 and before.settings.pace_ms == 1200
    nvm = _ShortOfMemory(s.hw.nvm.data)
    tight = saves.Saves(nvm)  # power-up with the heap full: nothing read
    assert not tight.loaded and tight.message == "MEMORY FULL: SAVES NOT READ"
    assert tight.stats[4][0] == 0  # defaults in memory ...
    tight.game_over(table.setup, None, 0, False, 0)
    tight.commit()  # ... are never written over the store while it cannot be read
    assert bytes(nvm) == bytes(s.hw.nvm.data)
    nvm.fail = False
    tight.commit()  # memory back: the store is read first, then written
    assert tight.loaded and tight.settings.pace_ms == 1200
    after = saves.Saves(bytearray(nvm))
    assert after.stats[4][0] == 1 and after.settings.pace_ms == 1200  # nothing was lost


def test_memory_full_while_restoring_keeps_the_saved_game(tmp_path, monkeypatch):
    s = _session(tmp_path / "nvm.bin", seed=2)
    autopilot.open_game(s, "roller-coaster", 3, 8)
    s.press("SELECT")
    s.press("B")  # the pause menu keeps the game
    kept = saves.Saves(bytearray(s.hw.nvm.data))
    game = kept.game
    import snapread

    def tight(*args):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(snapread, "read", tight)  # the heap runs out mid-restore
    kept.moves = None
    assert kept.saved_game() is None and kept.message == "MEMORY FULL: GAME KEPT FOR LATER"
    assert kept.game == game  # not dropped as unreadable
    assert kept.saved_game() is not None  # the read path loads afresh: memory allows now


def test_a_save_that_fails_is_said_and_retried_never_dropped(monkeypatch):
    """The heap full as the pause menu saves: the panel says so, Quit waits
    for the save, and it is tried again every few seconds until written;
    then Continue finds the exact game."""
    import savework
    from pause import ITEMS

    s = Session(seed=2, pace_ms=0)
    table = autopilot.open_game(s, "roller-coaster", 3, 8)
    s.press("SELECT")
    key = table.state.key()
    real = savework.keep_game
    tries = []

    def full_heap(*args):
        tries.append(1)
        if len(tries) <= 2:
            raise MemoryError("memory allocation failed")
        return real(*args)

    monkeypatch.setattr(savework, "keep_game", full_heap)
    writes = s.hw.nvm.writes
    s.press("B")  # the pause menu: its save fails
    assert type(s.screen).__name__ == "Pause" and s.hw.nvm.writes == writes
    assert s.app.notice.text().strip() == "NOT SAVED: MEMORY FULL, RETRYING"
    while ITEMS[s.screen.menu.index] != "Quit":
        s.press("DOWN")
    s.press("A")  # Quit: the game is not dropped
    assert type(s.screen).__name__ == "Pause" and len(tries) == 2
    assert s.app.notice.text().strip() == "NOT SAVED: MEMORY FULL, RETRYING"
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
    sv = saves.Saves(FileNVM(None))
    setup = ("roller-coaster", 4, 0, 0, 5, bytes(4))
    sv.game_over(setup, bytes(200), 200, True, 9)
    sv.commit()
    assert saveread.read_record(sv.last)[1] == bytes(200)
    sv.game_over(setup, bytes(1100), 1100, False, 0)
    sv.commit()
    back = saves.Saves(sv.nvm)
    assert back.last is None and back.stats[4][saves.PLAYED] == 2 and not back.message


def test_no_deep_sleep_while_a_save_is_pending(monkeypatch):
    """A save that failed stays in memory until written: the board must
    not sleep (and lose it) meanwhile."""
    import savework

    s = Session(seed=2, pace_ms=0)
    autopilot.open_game(s, "elevator", 4, 8)
    autopilot.play_turn(s)
    slept = []
    s.hw.deep_sleep = lambda: slept.append(1) or False

    def full_heap(*args):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(savework, "keep_game", full_heap)
    st = s.app.settings
    for _ in range((st.sleep_ms + 20000) // 20):  # past the idle save, screen off and sleep
        s.frame()
    assert s.app.saves.failed and not slept
    monkeypatch.undo()
    for _ in range((st.sleep_ms + 20000) // 20):
        s.frame()
    assert not s.app.saves.failed and slept
