"""The simulator's rough edges: every refusal is one line
(``sim: error: ...``) and exit status 2, never a traceback; a file given
to ``--nvm`` that is not a console store is never touched; ``--replay``
takes the replay line itself; ``--replay-out`` writes the last game's."""

import os
import subprocess
import sys

import pytest

from saves import decode
from saves.keep import Saves
from sim import replay
from sim.__main__ import parse_args
from sim.nvm import SIZE, FileNVM, is_store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _sim(*args, **kw):
    return subprocess.run([sys.executable, "-m", "sim", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, **kw)  # fmt: skip


def _refused(argv, capsys):
    """``parse_args(argv)`` refuses: status 2 and one line."""
    with pytest.raises(SystemExit) as e:
        parse_args(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("sim: error: ") and err.count("\n") == 1, err
    return err


def _store(path, **settings):
    sv = Saves(FileNVM(str(path)))
    for name, value in settings.items():
        setattr(sv.settings, name, value)
    sv.commit()
    return path.read_bytes()


def test_nvm_refuses_a_file_that_is_not_a_store(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes: do not lose\n")
    err = _refused(["--headless", "--nvm", str(notes)], capsys)
    assert "not a console store" in err and str(notes) in err
    assert notes.read_text() == "my notes: do not lose\n"
    big = tmp_path / "big.bin"
    big.write_bytes(b"\xff" * (SIZE + 1))  # erased, but not a store's size
    assert "not a console store" in _refused(["--nvm", str(big)], capsys)
    zeros = tmp_path / "zeros.bin"
    zeros.write_bytes(bytes(SIZE))
    assert "not a console store" in _refused(["--nvm", str(zeros)], capsys)
    assert "folder" in _refused(["--nvm", str(tmp_path)], capsys)


def test_nvm_takes_a_new_empty_erased_or_saved_store(tmp_path):
    new = tmp_path / "new.bin"
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    erased = tmp_path / "erased.bin"
    erased.write_bytes(b"\xff" * SIZE)
    saved = tmp_path / "saved.bin"
    _store(saved, sound=0)
    for path in (new, empty, erased, saved):
        assert parse_args(["--headless", "--nvm", str(path)]).nvm == str(path)
    # a store whose first slot is damaged but whose second holds a copy
    data = bytearray(saved.read_bytes())
    data[SIZE // 2 : SIZE // 2 + 64] = data[:64]
    data[:2] = b"\0\0"
    assert is_store(bytes(data)) and not is_store(b"notes") and is_store(b"")


def test_a_notes_file_survives_the_whole_command(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me")
    for mode in (["--headless"], [], ["--window"]):
        r = _sim(*mode, "--nvm", str(notes), stdin=subprocess.DEVNULL)
        assert r.returncode == 2 and "Traceback" not in r.stderr
        assert r.stderr.count("\n") == 1 and "not a console store" in r.stderr
    assert notes.read_text() == "keep me"


def test_the_default_saves_file_is_checked_too(tmp_path):
    state = tmp_path / "state"
    (state / "elevator-console").mkdir(parents=True)
    (state / "elevator-console" / "nvm.bin").write_text("not saves")
    env = dict(os.environ, XDG_STATE_HOME=str(state))
    r = _sim(stdin=subprocess.DEVNULL, env=env)
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "the saves file" in r.stderr and "--nvm" in r.stderr


@pytest.mark.parametrize("flag, name", [("--screenshot", "out.png"), ("--record", "out.gif"),
                                        ("--replay-out", "last.txt")])  # fmt: skip
def test_a_missing_folder_is_refused_when_the_arguments_are_read(tmp_path, capsys, flag, name):
    path = str(tmp_path / "no-such-folder" / name)
    err = _refused(["--headless", flag, path], capsys)
    assert "no-such-folder" in err and "is not there" in err
    folder = tmp_path / ("a-folder." + name.split(".")[1])
    folder.mkdir()
    assert "is a folder" in _refused(["--headless", flag, str(folder)], capsys)


def test_a_missing_folder_is_one_line_and_no_traceback(tmp_path):
    r = _sim("--headless", "--screenshot", str(tmp_path / "nope" / "out.png"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_a_screenshot_is_a_png(tmp_path, capsys):
    assert ".png" in _refused(["--headless", "--screenshot", str(tmp_path / "out")], capsys)


def test_a_screenshot_that_cannot_be_written_is_one_line(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    os.chmod(folder, 0o500)
    try:  # a folder no one may write in (root may: /proc then, which no one writes files in)
        where = folder if not os.access(folder, os.W_OK) else "/proc"
        if not os.path.isdir(where):
            pytest.skip("no folder here that cannot be written")
        r = _sim("--headless", "--screenshot", os.path.join(where, "out.png"))
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and "cannot write" in r.stderr
        assert "Traceback" not in r.stderr
    finally:
        os.chmod(folder, 0o700)


@pytest.mark.parametrize("pace", ["-1", "10001"])
def test_pace_out_of_range(capsys, pace):
    assert "0 to 10000" in _refused(["--headless", "--pace", pace], capsys)


def test_pace_bounds_are_taken():
    assert parse_args(["--pace", "0"]).pace == 0
    assert parse_args(["--pace", "10000"]).pace == 10000


def test_seed_zero_is_not_a_deal(capsys):
    err = _refused(["--headless", "--seed", "0"], capsys)
    assert "1 to 1073741823" in err and "leave --seed out" in err and "random" in err
    assert "1 to 1073741823" in _refused(["--seed", "-3"], capsys)
    assert parse_args([]).seed == 0  # left out: a random deal
    assert parse_args(["--game", "elevator", "--seed", "5"]).seed == 5


def test_seed_without_a_game_is_refused_not_ignored(capsys):
    # a deal number belongs to a game: on the title it would be silently dropped
    err = _refused(["--seed", "5"], capsys)
    assert "--seed needs --game" in err


def test_debug_flag():
    assert parse_args(["--debug"]).debug and not parse_args([]).debug


def test_replay_takes_the_line_itself_and_replay_out_writes_it(tmp_path):
    out = tmp_path / "last.txt"
    r = _sim("--headless", "--autoplay", "--game", "elevator", "--players", "3", "--seed", "21",
             "--replay-out", str(out))  # fmt: skip
    assert r.returncode == 0, r.stderr
    line = out.read_text().strip()
    assert line.startswith("ELEVATOR-REPLAY 1 ") and out.read_text().count("\n") == 1
    # the same line the console prints on its serial console when the game ends
    assert "last game: " + line in r.stdout.splitlines()
    n = len(decode.read_record(replay.parse_line(line))[1])
    for arg in (line, "last game: " + line):
        r = _sim("--headless", "--replay", arg, "--pace", "0")
        assert r.returncode == 0 and "replay: %d of %d moves" % (n, n) in r.stdout, r.stderr
    r = _sim("--headless", "--replay", line[:-2] + "00")  # a mistyped check
    assert r.returncode == 2 and "copied wrong" in r.stderr and "Traceback" not in r.stderr
    r = _sim("--headless", "--replay", "no-such-file.txt")
    assert r.returncode == 2 and "cannot read" in r.stderr and "replay line" in r.stderr


def test_replay_out_without_a_game_writes_nothing(tmp_path):
    out = tmp_path / "last.txt"
    r = _sim("--headless", "--replay-out", str(out))
    assert r.returncode == 0 and not out.exists()


def test_link_flags_host_or_join(capsys):
    assert parse_args(["--host"]).link == ("host", 5555)
    assert parse_args(["--host", "6000"]).link == ("host", 6000)
    assert parse_args(["--join", "127.0.0.1:6000"]).link == ("join", "127.0.0.1:6000")
    assert parse_args(["--join", "serial:/dev/ttyUSB0"]).link == ("join", "serial:/dev/ttyUSB0")
    assert parse_args([]).link is None
    assert "not both" in _refused(["--host", "--join", "a:1"], capsys)
    assert "HOST:PORT" in _refused(["--join", "nowhere"], capsys)
    assert "port number" in _refused(["--host", "abc"], capsys)
    # issue 27, finding 8: ports out of range were taken (hosting crashed the console)
    for bad in ("99999", "0", "65536"):
        assert "1-65535" in _refused(["--host", bad], capsys)
        assert "1-65535" in _refused(["--join", "127.0.0.1:" + bad], capsys)
    assert parse_args(["--host", "65535"]).link == ("host", 65535)


def test_nvm_in_a_missing_folder_is_refused(tmp_path, capsys):
    """Issue 27, finding 8: --nvm in a folder that does not exist ran and
    saved nothing."""
    err = _refused(["--headless", "--nvm", str(tmp_path / "nowhere" / "s.bin")], capsys)
    assert "does not exist" in err and "nowhere" in err
    assert parse_args(["--headless", "--nvm", str(tmp_path / "s.bin")]).nvm


def test_linkplay_host_alone_says_no_guest_came():
    """Issue 27, finding 8: the harness's host role with no guest ended in
    an AttributeError."""
    r = subprocess.run([sys.executable, "-m", "sim.linkplay", "--role", "host", "--wait", "1"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert r.returncode == 2 and "no guest joined" in r.stderr and "Traceback" not in r.stderr


def test_a_joining_simulator_keeps_its_own_store_by_default(tmp_path, monkeypatch):
    """A host and a guest started on one machine without --nvm never
    write one store (issue 29, 12)."""
    from sim import nvm

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    host, guest = nvm.default_path(), nvm.default_path(guest=True)
    assert host != guest and os.path.dirname(host) == os.path.dirname(guest)
    assert host.startswith(str(tmp_path)) and guest.endswith("nvm-guest.bin")


def test_a_gone_terminal_still_gets_the_replay_line_into_its_file(tmp_path):
    """SIGHUP with stdout gone: writing the line raises, the file is
    written first all the same, and nothing escapes."""

    class Watch:
        table = object()

        def line(self):
            return "last game: ELEVATOR-REPLAY 1 00 0000"

    def gone(text):
        raise BrokenPipeError(32, "Broken pipe")

    out = tmp_path / "last.txt"
    assert replay.session_end(Watch(), str(out), gone) is None
    assert out.read_text() == "ELEVATOR-REPLAY 1 00 0000\n"
