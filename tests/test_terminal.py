"""The terminal simulator (``python -m sim``, ``sim/term.py``) under a
pseudo-terminal: it fits the panel to the terminal's size (half blocks,
quadrants, braille) with its key line, redraws on a resize without a
key, says which size it needs in one too small, prints the last game's
replay line when it ends, and saves and exits when its terminal goes
away (end of input, SIGHUP, SIGTERM). The renderers are checked on
known pixel patterns.

The pty's output goes through a small screen model (``Vt``: the cursor
moves, erases and line wrap the simulator uses) that also notes any
character written past the right edge or any scroll off the bottom.
"""

import codecs
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import cardtext
import pytest

from engine import cards
from games import CATALOGUE, by_id
from hal import profiles
from saves import decode
from saves.keep import Saves
from sim import render, replay, textview
from sim.headless import Session
from sim.nvm import FileNVM
from sim.term import Screen, help_line, too_small

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# -- renderers ----------------------------------------------------------------
def _rows(text):
    """Rows of 0/1 from strings of '#' and '.'."""
    return [bytearray(1 if c == "#" else 0 for c in line) for line in text.split()]


def test_half_blocks_two_rows_a_character():
    rows = _rows("#.#. ..##")
    assert render.half_blocks(rows) == ["\u2580 \u2588\u2584"]


def test_quadrants_each_of_the_sixteen_patterns():
    # 16 cells across, cell i lit by its bits:
    # top-left 1, top-right 2, bottom-left 4, bottom-right 8
    top = "".join(("#" if i & 1 else ".") + ("#" if i & 2 else ".") for i in range(16))
    bottom = "".join(("#" if i & 4 else ".") + ("#" if i & 8 else ".") for i in range(16))
    line = render.quadrants(_rows(top + " " + bottom))
    want = " \u2598\u259d\u2580\u2596\u258c\u259e\u259b"
    want += "\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588"
    assert line == [want]


def test_braille_dots_by_position():
    rows = _rows("#... .#.. ..#. ...#")  # a diagonal over two cells
    # left cell: dots 1 (0,0) and 5 (1,1); right cell: dots 3 (0,2) and 8 (1,3)
    assert render.braille(rows) == [chr(0x2800 + 0x01 + 0x10) + chr(0x2800 + 0x04 + 0x80)]
    assert render.braille(_rows("## ## ## ##")) == ["\u28ff"]
    assert render.braille(_rows(".. .. .. ..")) == [" "]


def test_odd_sizes_are_padded_unlit():
    assert render.half_blocks(_rows("#")) == ["\u2580"]
    assert render.quadrants(_rows("###")) == ["\u2580\u2598"]
    assert render.braille(_rows("# #")) == [chr(0x2800 + 0x03)]


def test_the_largest_mode_that_fits_with_its_lines():
    names = {
        (132, 43): "half blocks",
        (128, 34): "half blocks",
        (127, 43): "quadrants",
        (100, 34): "quadrants",
        (100, 30): "braille",
        (80, 24): "braille",
        (64, 18): "braille",
    }
    for (cols, rows), name in names.items():
        assert render.fit(128, 64, cols, rows, 2)[0] == name, (cols, rows)
    assert render.fit(128, 64, 63, 24, 2) is None and render.fit(128, 64, 80, 17, 2) is None
    assert render.smallest(128, 64, 2) == (64, 18)
    assert render.fit(128, 32, 80, 24, 2)[0] == "quadrants"  # the 128x32 panel: half the rows
    assert render.smallest(128, 32, 2) == (64, 10)


def test_key_lines_fit_every_width():
    for three in (False, True):
        for cols in range(20, 140):
            assert len(help_line(cols, three)) <= cols
        assert "j/k/l" in help_line(64, three) or not three
        assert "q=quit" in help_line(64, three)
    assert help_line(200) == "arrows  z=A  x=B  Enter=START  s=SELECT  v=view  p=PNG  q=quit"
    assert "v=view" in help_line(40) and "v=view" in help_line(64, True)


def test_the_too_small_words():
    assert too_small((64, 18), (50, 12))[0] == "make the terminal at least 64x18 (now 50x12)"
    for cols in range(1, 50):
        assert all(len(line) <= cols for line in too_small((64, 18), (cols, 5)))


def test_keys_are_split_across_reads():
    s = Screen(None, 0, 1)
    assert s.split("z\x1b[") == ["z"]
    assert s.split("Ax\x1b") == ["\x1b[A", "x"]
    assert s.split("OB\x1b[1;5C") == ["\x1bOB", "\x1b[1;5C"]


# -- a small terminal ---------------------------------------------------------
class Vt:
    """What a terminal of ``cols`` x ``rows`` shows after the bytes fed."""

    def __init__(self, cols, rows):
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.wrap = True
        self.overflow = 0  # characters written past the right edge
        self.scrolls = 0  # lines pushed off the top
        self.buf = ""
        self.resize(cols, rows)

    def resize(self, cols, rows):
        self.cols, self.rows = cols, rows
        self.grid = [[" "] * cols for _ in range(rows)]
        self.r = self.c = 0
        self.pending = False

    def lines(self):
        return ["".join(row).rstrip() for row in self.grid]

    def text(self):
        return "\n".join(self.lines())

    def feed(self, data):
        self.buf += self.decoder.decode(data)
        s = self.buf
        i = 0
        n = len(s)
        while i < n:
            ch = s[i]
            if ch == "\x1b":
                if i + 1 >= n:
                    break
                if s[i + 1] == "[":
                    m = re.match(r"\x1b\[([0-9;?]*)([@-~])", s[i:])
                    if not m:
                        break  # the rest comes later
                    self._csi(m.group(1), m.group(2))
                    i += m.end()
                    continue
                i += 2
                continue
            i += 1
            if ch == "\r":
                self.c = 0
                self.pending = False
            elif ch == "\n":
                self._down()
            elif ch >= " ":
                self._put(ch)
        self.buf = s[i:]

    def _down(self):
        self.pending = False
        if self.r == self.rows - 1:
            self.grid.pop(0)
            self.grid.append([" "] * self.cols)
            self.scrolls += 1
        else:
            self.r += 1

    def _put(self, ch):
        if self.pending:
            self.overflow += 1  # a line longer than the terminal
            if self.wrap:
                self.c = 0
                self._down()
        self.grid[self.r][self.c] = ch
        if self.c == self.cols - 1:
            self.pending = True
        else:
            self.c += 1

    def _csi(self, params, final):
        private = params.startswith("?")
        nums = [int(p) if p else 0 for p in params.lstrip("?").split(";")] if params else []
        if final in "Hf":
            r = (nums[0] if nums and nums[0] else 1) - 1
            c = (nums[1] if len(nums) > 1 and nums[1] else 1) - 1
            self.r, self.c, self.pending = min(r, self.rows - 1), min(c, self.cols - 1), False
        elif final == "J":
            mode = nums[0] if nums else 0
            if mode == 2:
                self.grid = [[" "] * self.cols for _ in range(self.rows)]
            elif mode == 0:
                self.grid[self.r][self.c :] = [" "] * (self.cols - self.c)
                for r in range(self.r + 1, self.rows):
                    self.grid[r] = [" "] * self.cols
        elif final == "K":
            mode = nums[0] if nums else 0
            if mode == 2:
                self.grid[self.r] = [" "] * self.cols
            elif mode == 0:
                self.grid[self.r][self.c :] = [" "] * (self.cols - self.c)
        elif final in "hl" and private and 7 in nums:
            self.wrap = final == "h"
        elif final in "hl" and private and 1049 in nums:
            self.grid = [[" "] * self.cols for _ in range(self.rows)]


class Sim:
    """``python -m sim`` on a pseudo-terminal of ``cols`` x ``rows``."""

    def __init__(self, tmp_path, args, cols=80, rows=24):
        self.master, slave = os.openpty()
        self._winsize(cols, rows)
        self.vt = Vt(cols, rows)
        self.raw = b""
        self.err = open(tmp_path / "stderr.txt", "w+")
        env = dict(os.environ, PYTHONPATH=ROOT, TERM="xterm")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sim"] + args,
            stdin=slave, stdout=slave, stderr=self.err, cwd=str(tmp_path), env=env,
            start_new_session=True,
        )  # fmt: skip
        os.close(slave)

    def _winsize(self, cols, rows):
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def resize(self, cols, rows):
        """A new size, and the SIGWINCH a terminal sends with it."""
        self.pump(0.05)
        self._winsize(cols, rows)
        self.vt.resize(cols, rows)
        os.kill(self.proc.pid, signal.SIGWINCH)

    def pump(self, seconds, until=None):
        """Read what the simulator draws for up to ``seconds`` (less once
        ``until(vt)`` holds); True if it did."""
        end = time.monotonic() + seconds
        while True:
            if until is not None and until(self.vt):
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            if select.select([self.master], [], [], min(left, 0.05))[0]:
                try:
                    data = os.read(self.master, 65536)
                except OSError:  # the simulator has gone: its side of the pty closed
                    data = b""
                if not data:
                    if until is None:
                        return False
                    time.sleep(0.01)
                    continue
                self.raw += data
                self.vt.feed(data)

    def send(self, keys):
        os.write(self.master, keys.encode())

    def wait(self, timeout=10):
        """Read the rest (keeping the pty drained) until the process ends."""
        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            self.pump(0.05)
        self.pump(0.1)
        return self.proc.wait(timeout=max(0.1, end - time.monotonic()))

    def stderr(self):
        self.err.seek(0)
        return self.err.read()

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.master is not None:
            os.close(self.master)
            self.master = None
        self.err.close()


@pytest.fixture
def sim(tmp_path):
    made = []

    def start(args, cols=80, rows=24):
        s = Sim(tmp_path, ["--nvm", str(tmp_path / "nvm.bin")] + args, cols, rows)
        made.append(s)
        return s

    yield start
    for s in made:
        s.close()


def _title(profile="pico-128x64", args=()):
    """The title screen on a fresh store (or the screen after ``args``: a
    game, ``--keys``), as the headless simulator draws it (a process of its
    own, like the one under test: both read the same files), as rows of
    pixels."""
    r = subprocess.run([sys.executable, "-m", "sim", "--headless", "--profile", profile]
                       + list(args), cwd=ROOT, capture_output=True, text=True,
                       timeout=60)  # fmt: skip
    assert r.returncode == 0, r.stderr
    height = profiles.get(profile)["height"]
    half = {" ": (0, 0), "\u2584": (0, 1), "\u2580": (1, 0), "\u2588": (1, 1)}
    rows = []
    for line in r.stdout.splitlines()[-height // 2 :]:
        pairs = [half[c] for c in line]
        rows.append(bytearray(p[0] for p in pairs))
        rows.append(bytearray(p[1] for p in pairs))
    assert len(rows) == height and all(len(row) == 128 for row in rows)
    return rows


def _shows(picture, keys_form=None):
    """``until`` for ``Sim.pump``: the screen's top lines are ``picture``, and
    the line under it is a key line."""

    def check(vt):
        lines = vt.lines()
        n = len(picture)
        if lines[:n] != [p.rstrip() for p in picture] or len(lines) < n + 1:
            return False
        return keys_form is None or lines[n] == keys_form

    return check


def _assert_fits(vt):
    assert vt.overflow == 0, "a line ran past the terminal's %d columns" % vt.cols
    assert vt.scrolls == 0, "the picture scrolled off a %d-row terminal" % vt.rows


@pytest.mark.parametrize(
    "cols, rows, draw",
    [(80, 24, render.braille), (100, 30, render.braille), (132, 43, render.half_blocks)],
)
def test_the_panel_fits_the_terminal_with_its_key_line(sim, cols, rows, draw):
    s = sim(["--view", "pixels"], cols, rows)
    picture = draw(_title())
    assert s.pump(30, _shows(picture, help_line(cols))), s.vt.text() + s.stderr()
    _assert_fits(s.vt)
    assert len(picture) + 2 <= rows and all(len(line) <= cols for line in picture)


def test_a_resize_redraws_at_once_without_a_key(sim):
    s = sim(["--view", "pixels"], 80, 24)
    title = _title()
    assert s.pump(30, _shows(render.braille(title), help_line(80))), s.vt.text()
    steps = [
        ((132, 43), render.half_blocks(title)),
        ((100, 40), render.quadrants(title)),
        ((100, 30), render.braille(title)),
    ]
    for (cols, rows), picture in steps:
        s.resize(cols, rows)
        assert s.pump(30, _shows(picture, help_line(cols))), "%dx%d:\n%s" % (
            cols,
            rows,
            s.vt.text(),
        )
        _assert_fits(s.vt)
    s.resize(50, 12)  # too small for any picture: the text view instead
    assert s.pump(30, lambda vt: "New game" in vt.text()), s.vt.text()
    assert "\u2800" not in s.vt.text() and not any(c in s.vt.text() for c in "\u2580\u2584\u2588")
    _assert_fits(s.vt)
    s.resize(30, 10)  # too small for either: it says what it needs
    want = "at least 40x12 (now 30x10)"
    assert s.pump(30, lambda vt: vt.lines()[0] == want), s.vt.text()
    _assert_fits(s.vt)
    s.resize(80, 24)  # large enough again: the panel comes back
    assert s.pump(30, _shows(render.braille(title), help_line(80))), s.vt.text()
    s.send("q")
    assert s.wait() == 0


def test_too_small_from_the_start_then_grown(sim):
    s = sim([], 40, 10)
    assert s.pump(30, lambda vt: vt.lines()[0] == "at least 40x12 (now 40x10)"), s.vt.text()
    _assert_fits(s.vt)
    s.resize(40, 12)  # the least that fits: the text view and both lines
    assert s.pump(30, lambda vt: vt.lines()[10] == help_line(40) and "ELEVATOR" in vt.text()
                  and "Statistics" in vt.text()), s.vt.text()  # fmt: skip
    _assert_fits(s.vt)


def test_v_switches_between_text_and_pixels(sim):
    """80x24 is too small for half blocks: the text view first; v gives
    the pixels (braille, the largest that fits), v again the text."""
    s = sim([], 80, 24)
    title = _title()
    assert s.pump(30, lambda vt: "New game" in vt.text() and "POCKET CARD CONSOLE" in vt.text()
                  and help_line(80) in vt.lines()), s.vt.text()  # fmt: skip
    _assert_fits(s.vt)
    s.send("v")
    assert s.pump(30, _shows(render.braille(title), help_line(80))), s.vt.text()
    s.send("v")
    assert s.pump(30, lambda vt: "New game" in vt.text() and "\u2800" not in vt.text())
    s.resize(132, 43)  # asked for the text: it stays text at any size
    # (the redraw after a resize may take seconds on a loaded machine)
    assert s.pump(30, lambda vt: "Statistics" in vt.text()), s.vt.text()
    s.pump(0.3)
    assert "Statistics" in s.vt.text() and not any(c in s.vt.text() for c in "\u2580\u2584")
    s.send("q")
    assert s.wait() == 0


def test_a_large_terminal_shows_the_pixels_by_default(sim):
    s = sim([], 132, 43)
    assert s.pump(30, _shows(render.half_blocks(_title()), help_line(132))), s.vt.text()


def test_the_128x32_panel_takes_half_the_rows(sim):
    s = sim(["--profile", "feather-128x32", "--view", "pixels"], 80, 24)
    title = _title("feather-128x32")
    assert s.pump(30, _shows(render.quadrants(title), help_line(80, True))), s.vt.text()
    _assert_fits(s.vt)
    s.resize(64, 10)
    assert s.pump(30, _shows(render.braille(title), help_line(64, True))), s.vt.text()
    _assert_fits(s.vt)


def test_p_says_where_the_png_went_and_debug_shows_bus_bytes(sim, tmp_path):
    s = sim(["--debug"], 132, 43)  # half blocks: the status line is row 34
    assert s.pump(30, lambda vt: vt.lines()[33].startswith("bus bytes: last refresh")), s.vt.text()
    s.send("p")
    path = os.path.join(os.path.realpath(tmp_path), "sim-1.png")
    said = ("PNG written: " + path)[-132:]
    assert s.pump(30, lambda vt: vt.lines()[33].endswith(said[3:])), s.vt.text()
    assert os.path.getsize(path) > 0
    s.send("p")
    assert s.pump(30, lambda vt: vt.lines()[33].endswith("sim-2.png")), s.vt.text()
    s.send("q")
    assert s.wait() == 0


def test_no_bus_bytes_for_players(sim):
    s = sim(["--view", "pixels"], 80, 24)
    assert s.pump(30, _shows(render.braille(_title()), help_line(80))), s.vt.text()
    s.pump(0.3)
    assert "bus bytes" not in s.vt.text()


def test_an_asleep_panel_is_said_and_any_key_wakes_it(sim, tmp_path):
    # a store whose settings turn the panel off after 3 s without a key (the
    # title must be seen first, on a machine that may stall for a second)
    path = tmp_path / "nvm.bin"
    sv = Saves(FileNVM(str(path)))
    sv.settings.screen_off_ms = 3000
    sv.settings.dim_ms = 0
    sv.commit()
    s = sim(["--view", "pixels"], 80, 24)
    title = render.braille(_title())
    assert s.pump(30, _shows(title)), s.vt.text()
    asleep = "the console's screen is asleep: press any key"
    assert s.pump(8, lambda vt: vt.lines()[17] == asleep), s.vt.text()
    assert all(line == "" for line in s.vt.lines()[:16])  # the panel is dark
    s.send("w")  # no button's key: wakes it all the same
    assert s.pump(30, lambda vt: _shows(title)(vt) and vt.lines()[17] == ""), s.vt.text()


# -- the replay line on exit ----------------------------------------------------
def _replay_line(raw):
    text = raw.decode("utf-8", "replace")
    found = re.findall(r"last game[^:\r\n]*: (ELEVATOR-REPLAY 1 [0-9a-f]+ [0-9a-f]{4})", text)
    return found


def _play_a_key(s):
    """SELECT (draw a card) at the table, once it takes keys; back when the
    table has answered."""
    time.sleep(0.4)  # past the new screen's key guard
    s.pump(0.1)
    before = s.vt.text()
    s.send("s")
    assert s.pump(30, lambda vt: vt.text() != before), "the key changed nothing"
    s.pump(0.2)


GAME = ["--game", "roller-coaster", "--players", "3", "--seed", "12", "--pace", "0"]


def test_the_last_games_replay_line_is_printed_on_exit(sim, tmp_path):
    out = tmp_path / "last.txt"
    s = sim(GAME + ["--replay-out", str(out)], 80, 24)
    assert s.pump(30, lambda vt: len(vt.text().strip()) > 100), s.vt.text() + s.stderr()
    _play_a_key(s)
    s.send("q")
    assert s.wait() == 0, s.stderr()
    after = s.raw[s.raw.rfind(b"\x1b[?1049l") :]  # printed once the terminal is restored
    lines = _replay_line(after)
    assert len(lines) == 1, after
    assert b"last game (unfinished): ELEVATOR-REPLAY" in after
    match, moves = decode.read_record(replay.parse_line(lines[0]))
    m = match
    assert (m.info.ID, m.players, m.variant, m.deal) == ("roller-coaster", 3, 0, 12)
    assert len(moves) >= 1
    assert out.read_text().strip() == lines[0]
    # and the line itself replays the game, headless
    r = subprocess.run(
        [sys.executable, "-m", "sim", "--headless", "--replay", lines[0], "--pace", "0"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0 and "replay: %d of %d moves" % (len(moves), len(moves)) in r.stdout


def test_no_game_no_replay_line(sim, tmp_path):
    out = tmp_path / "last.txt"
    s = sim(["--replay-out", str(out), "--view", "pixels"], 80, 24)
    assert s.pump(30, _shows(render.braille(_title()))), s.vt.text()
    s.send("q")
    assert s.wait() == 0
    after = s.raw[s.raw.rfind(b"\x1b[?1049l") + 8 :]
    assert b"ELEVATOR-REPLAY" not in s.raw and after.strip() == b""
    assert not out.exists()


# -- hang-up --------------------------------------------------------------------
def _started_game(sim, tmp_path):
    s = sim(GAME, 80, 24)
    assert s.pump(30, lambda vt: len(vt.text().strip()) > 100), s.vt.text() + s.stderr()
    _play_a_key(s)
    assert (tmp_path / "nvm.bin").exists()  # the deal and each move are kept as they are made
    return s


def _saved_game(tmp_path):
    sv = Saves(FileNVM(str(tmp_path / "nvm.bin")))
    assert sv.has_game(), "no game in progress in the store"
    match, _state, moves = sv.saved_game()  # (its moves since the deal: the store's tail)
    assert match.info.ID == "roller-coaster" and match.deal == 12 and len(moves) >= 1
    return sv


def test_a_closed_terminal_saves_and_exits(sim, tmp_path):
    s = _started_game(sim, tmp_path)
    t0 = time.monotonic()
    os.close(s.master)  # the terminal window goes away
    s.master = None
    # a bound for a hang, not a speed: a loaded machine may starve it for seconds
    assert s.proc.wait(timeout=20) == 129
    assert time.monotonic() - t0 < 20
    _saved_game(tmp_path)
    assert "Traceback" not in s.stderr()


def test_quitting_keeps_the_game(sim, tmp_path):
    s = _started_game(sim, tmp_path)
    os.write(s.master, b"q")
    assert s.wait(timeout=20) == 0
    _saved_game(tmp_path)


@pytest.mark.parametrize("sig, status", [(signal.SIGHUP, 129), (signal.SIGTERM, 143)])
def test_a_hang_up_or_terminate_saves_and_exits(sim, tmp_path, sig, status):
    s = _started_game(sim, tmp_path)
    os.kill(s.proc.pid, sig)
    assert s.wait(timeout=20) == status
    _saved_game(tmp_path)
    assert "Traceback" not in s.stderr()
    if sig == signal.SIGTERM:  # the terminal is still there: restored, the line printed
        after = s.raw[s.raw.rfind(b"\x1b[?1049l") :]
        assert len(_replay_line(after)) == 1


def test_a_continued_game_after_a_hang_up(sim, tmp_path):
    """What the hang-up saved is what Continue offers."""
    s = _started_game(sim, tmp_path)
    os.kill(s.proc.pid, signal.SIGHUP)
    assert s.wait(timeout=20) == 129
    h = Session(nvm_path=str(tmp_path / "nvm.bin"))
    assert h.screen.items[0] == "Continue"


# -- the text view ------------------------------------------------------------
_SUIT_SIGNS = dict(zip("CDHS", textview.SUITS))


def _card(card):
    code = cards.code(card)
    return "JK" if cards.rank(card) < 0 else code[:-1] + _SUIT_SIGNS[code[-1]]


@pytest.mark.parametrize("profile", ["pico-128x64", "feather-128x32"])
@pytest.mark.parametrize("game", [g.ID for g in CATALOGUE])
def test_at_80x24_the_table_reads_as_text(sim, game, profile):
    """An ordinary 80x24 terminal shows the text view: a known table's
    status, message line and hand read as words and cards (A♠, 10♥), as
    the headless simulator's table holds them after the same key."""
    info = by_id(game)
    players, deal = info.DEFAULT_PLAYERS, 17
    want = Session(profile, game, players, deal, seed=deal, pace_ms=0)
    want.press("SELECT")  # a move of the person's: the message line says something
    t = want.screen
    view = t.view
    words = [view.status.text().strip(), view.msg.text().strip()]
    if getattr(view, "status2", None) is not None:
        words.append(view.status2.text().strip())
    # the mini font's marks as the text view writes them: ~ (down) is v, @ (arrow) is >,
    # a card's suit in words (its two tiles) as 7♥ and a space
    words = [cardtext.shown(w).replace("~", "v").replace("@", ">") for w in words if w]
    if getattr(view, "cards", None) is not None:
        hand = sorted(t.state.hands[t.me].to_list(), key=t.hand_order)
        shown = hand[view.first : view.first + view.slots]
    else:  # the solitaire: the card it turned, on the waste
        shown = [t.state.top()]
    tokens = [_card(c) for c in shown]
    s = sim(["--profile", profile, "--game", game, "--players", str(players),
             "--seed", str(deal), "--pace", "0", "--keys", "SELECT"], 80, 24)  # fmt: skip

    def has(lines, want):  # words in order, side by side on one line
        n = len(want)
        return any(got[i : i + n] == want for got in (x.split() for x in lines)
                   for i in range(len(got) - n + 1))  # fmt: skip

    def reads(vt):
        lines = vt.lines()
        if not all(has(lines, w.split()) for w in words):
            return False
        if not tokens:
            return True
        for line in lines:  # the hand: its cards in order, side by side on one line
            got = [x for x in line.split() if x == "JK" or x[-1] in textview.SUITS]
            n = len(tokens)
            if any(got[i : i + n] == tokens for i in range(len(got) - n + 1)):
                return True
        return False

    assert s.pump(30, reads), "wanted %r and %r in:\n%s" % (words, tokens, s.vt.text())
    assert s.vt.overflow == 0 and s.vt.scrolls == 0
    # the 80x24 capture, for the closing note and a reader of the test's log
    print("\n%s %s at 80x24:\n%s" % (game, profile, s.vt.text()))


def test_q_on_the_title_prints_the_stores_last_game(sim, tmp_path):
    """A game finished in an earlier session: quitting on the title still
    prints its line, from the store (as the console prints it at start)."""
    from sim import autopilot

    done = Session(game="roller-coaster", players=2, seed=12, deal=12, pace_ms=0,
                   nvm_path=str(tmp_path / "nvm.bin"))  # fmt: skip
    assert autopilot.play_to_results(done)
    done.app.saves.commit()
    want = replay.record_line(done.app.saves.last)
    s = sim([], 80, 24)
    assert s.pump(30, lambda vt: "New game" in vt.text()), s.vt.text()
    s.send("q")
    assert s.wait() == 0
    after = s.raw[s.raw.rfind(b"\x1b[?1049l") :]
    assert ("last game: " + want).encode() in after, after


def test_two_screenshots_in_one_folder_never_share_a_name(tmp_path, monkeypatch):
    """p pressed in two simulators at once: each name is taken before its
    picture is written (O_EXCL), so a second writer moves on."""
    from sim.ssd1306 import SSD1306Panel

    panel = SSD1306Panel(128, 64)
    first = render.screenshot(panel, str(tmp_path), 1)
    real_open = os.open

    def racing_open(path, flags, mode=0o777):  # another simulator takes sim-2 first
        if path.endswith("sim-2.png") and not os.path.exists(path):
            os.close(real_open(path, os.O_CREAT | os.O_WRONLY, 0o644))
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", racing_open)
    second = render.screenshot(panel, str(tmp_path), 1)
    assert os.path.basename(first) == "sim-1.png" and os.path.basename(second) == "sim-3.png"
    assert (tmp_path / "sim-2.png").stat().st_size == 0  # the other's, left to it


def test_python_m_sim_runs_from_any_folder(tmp_path):
    import sysconfig

    pth = os.path.join(sysconfig.get_paths()["purelib"], "elevator-console.pth")
    if not os.path.exists(pth):
        pytest.skip("this python is not make's venv (make puts the checkout on its path)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    r = subprocess.run([sys.executable, "-m", "sim", "--version"], cwd=str(tmp_path),
                       capture_output=True, text=True, env=env, timeout=60)  # fmt: skip
    assert r.returncode == 0 and r.stdout.startswith("elevator card console"), r.stderr


# -- keys typed quickly ---------------------------------------------------------
_UP, _DOWN, _A, _B, _START = "\x1b[A", "\x1b[B", "z", "x", "\r"
# paths on which any one key dropped ends elsewhere
_TYPED = {
    "hint": (GAME, [_START, _DOWN, _DOWN, _DOWN, _A]),  # the pause menu's Hint
    "quit": (GAME, [_START, _UP, _A]),  # the pause menu's Quit: the game menu
    "setup": ([], [_A, _DOWN, _A, _DOWN, _DOWN]),  # New game, the second game, its third row
    "settings": ([], [_DOWN, _DOWN, _A, _DOWN, _DOWN]),  # Settings, two rows down
}


def _handled(s, rows=32):
    """The panel's top ``rows`` lines (pixels) once the simulator has handled
    every key typed so far, however loaded the machine: ``v`` shows the text
    view, and ``v`` again the pixels, each with the frame after the
    console's step (``Screen.switch``), so the keys typed before are in
    it. A key may wait a step more (after a screen change a key asked
    for): so again, until two pictures agree."""

    def drawn(pixels):  # the key line is under the panel's pixels, or higher up under the text
        def shown(vt):
            lines = vt.lines()
            key_line = help_line(vt.cols)
            return key_line in lines and (lines.index(key_line) == rows) == pixels

        return shown

    last = None
    for _ in range(10):
        for pixels in (False, True):
            s.send("v")
            assert s.pump(30, drawn(pixels)), s.vt.text()
        shown = s.vt.lines()[:rows]
        if shown == last:
            return shown
        last = shown
    raise AssertionError("the panel keeps changing:\n" + s.vt.text())


def _typed(sim, tmp_path, name, args, keys, gaps):
    """The panel (pixels, as half blocks) once ``keys`` were typed, each
    ``gaps[i]`` seconds after the last, on a store of its own."""
    s = sim(args + ["--view", "pixels", "--nvm", str(tmp_path / name)], 132, 43)
    assert s.pump(30, lambda vt: help_line(132) in vt.lines()), s.vt.text() + s.stderr()
    # past the first screen's guard (it appeared by itself, 250 ms): it showed
    # before the simulator drew its first frame, which is on the terminal now
    s.pump(0.6)
    for i, key in enumerate(keys):
        s.send(key)
        s.pump(gaps[i % len(gaps)])
    shown = _handled(s)
    s.send("q")
    assert s.wait() == 0, s.stderr()
    return shown


_NAMED = {_UP: "UP", _DOWN: "DOWN", _A: "A", _B: "B", _START: "START"}


@pytest.mark.parametrize("path", sorted(_TYPED))
def test_keys_typed_quickly_reach_the_screen_slow_keys_reach(sim, tmp_path, path):
    """Issue 38: a terminal sends no key releases, and a new screen used to
    drop the keys typed in its first quarter of a second (START then DOWN
    DOWN DOWN A 150 ms apart reached Rules, not Hint). Typed 50-150 ms a
    key, a path through the menus ends where the same keys end pressed one
    at a time, each once the screen takes keys (the headless simulator's
    ``--keys``, on its own clock: what keys typed slowly reach)."""
    args, keys = _TYPED[path]
    named = ",".join(_NAMED[k] for k in keys)
    slow = [x.rstrip() for x in render.half_blocks(_title(args=args + ["--keys", named]))]
    fast = _typed(sim, tmp_path, "fast.bin", args, keys, [0.05, 0.15, 0.1])
    assert any(line.strip() for line in slow)
    assert fast == slow, "\n".join(["pressed one at a time:"] + slow + ["typed quickly:"] + fast)
