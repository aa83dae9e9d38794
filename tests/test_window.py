"""The pygame window (``python -m sim --window``) on SDL's dummy drivers:
real key-down/key-up events reach the app and the window shows the panel;
the console's tones reach the mixer as square waves (none with the sound
off, and silence without an error where no audio device opens); the last
game's replay line is printed when the window closes."""

import os
from array import array

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from saves import decode
from saves.keep import Saves  # noqa: E402
from sim import replay, window  # noqa: E402
from sim.__main__ import parse_args  # noqa: E402
from sim.nvm import FileNVM  # noqa: E402


def _tap_right(frame, pygame):
    """RIGHT pressed at frame 20 (after a new screen's key guard) and
    released at frame 21."""
    if frame == 20:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))
    if frame == 21:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT))


def test_window_plays_keys_and_shows_the_panel():
    args = parse_args(["--window", "--game", "roller-coaster", "--players", "3", "--seed", "7"])
    assert window.run(args, frames=30, feed=_tap_right) == 0
    app, screen = window.run.last
    assert type(app.screen).__name__ == "Table" and app.screen.cursor.at == 1
    # the window is the panel scaled: a lit panel pixel is lit on screen
    rows = app.hw.panel.pixels()
    y = app.screen.view.hand_y + 3
    x = next(i for i in range(128) if rows[y][i])
    assert screen.get_at((x * 4 + 1, y * 4 + 1))[:3] == window.ON


def test_window_records_a_gif(tmp_path):
    from PIL import Image

    out = tmp_path / "w.gif"
    args = parse_args(["--window", "--game", "roller-coaster", "--players", "3", "--seed", "7",
                       "--record", str(out), "--scale", "1"])  # fmt: skip
    assert window.run(args, frames=30, feed=_tap_right) == 0
    gif = Image.open(out)
    assert gif.size == (128, 64) and gif.n_frames >= 2  # the table, then the cursor moved


# -- sound ------------------------------------------------------------------------
def _tap_a(frame, pygame):
    """A pressed at frame 20 and released at frame 21: at Roller Coaster's
    deal 1 the card under the cursor is refused, with the refusal's tone."""
    if frame == 20:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z))
    if frame == 21:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_z))


RC1 = ["--window", "--game", "roller-coaster", "--players", "3", "--seed", "1", "--pace", "0"]


def test_square_wave_samples():
    data = window.square_wave(1000, 10, 8000, -16, 1, volume=0.5)
    samples = array("h", data)
    assert len(samples) == 80  # 10 ms at 8 kHz
    assert list(samples[:8]) == [16383] * 4 + [-16383] * 4  # 1 kHz: four samples up, four down
    stereo = array("h", window.square_wave(1000, 10, 8000, -16, 2))
    assert len(stereo) == 160 and stereo[0] == stereo[1] > 0
    assert len(array("f", window.square_wave(440, 100, 22050, 32, 1))) == 2205


def test_tones_reach_the_mixer(tmp_path):
    args = parse_args(RC1 + ["--nvm", str(tmp_path / "nvm.bin")])
    seen = {}

    def tap_then_look(frame, pygame):
        _tap_a(frame, pygame)
        if frame == 25:  # the mixer still open: the tone's Sound as it was queued
            speaker = window.run.speaker
            seen["init"] = pygame.mixer.get_init()
            seen["lengths"] = [s.get_length() for s in speaker.sounds.values()]

    assert window.run(args, frames=30, feed=tap_then_look) == 0
    app, _ = window.run.last
    speaker = window.run.speaker
    assert seen["init"] is not None  # SDL's dummy audio driver opens
    assert app.hw.tones == [(220, 60)]  # the refusal
    assert speaker.played == [(220, 60)] and list(speaker.sounds) == [(220, 60)]
    assert abs(seen["lengths"][0] - 0.060) < 0.002  # 60 ms of sound


def test_no_tones_with_the_sound_off(tmp_path):
    path = tmp_path / "nvm.bin"
    sv = Saves(FileNVM(str(path)))
    sv.settings.sound = 0  # as the Settings screen or the pause menu leave it
    sv.commit()
    args = parse_args(RC1 + ["--nvm", str(path)])
    assert window.run(args, frames=30, feed=_tap_a) == 0
    app, _ = window.run.last
    assert app.screen.message  # the card was refused all the same ...
    assert app.hw.tones == [] and window.run.speaker.played == []  # ... in silence


def test_no_audio_device_stays_silent(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-device")
    args = parse_args(RC1 + ["--nvm", str(tmp_path / "nvm.bin")])
    assert window.run(args, frames=30, feed=_tap_a) == 0
    app, _ = window.run.last
    assert app.hw.tones == [(220, 60)] and window.run.speaker.mixer is None
    # one line says so (the sound library's own messages, ALSA's dozen lines, are kept back)
    assert window.run.speaker.played == []
    assert capsys.readouterr().err == "sim: no sound: no audio device opened\n"


def test_the_c_libraries_noise_is_kept_from_the_terminal(capfd):
    with window._quiet_stderr():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"


def test_the_window_names_its_keys_and_p_writes_a_png(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = parse_args(RC1 + ["--nvm", str(tmp_path / "nvm.bin")])
    (tmp_path / "sim-1.png").write_bytes(b"another's")  # taken: the next name is used

    def press_p(frame, pygame):
        if frame == 20:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p))

    assert window.run(args, frames=30, feed=press_p) == 0
    _, screen = window.run.last
    assert screen.get_size() == (128 * 4, 64 * 4 + window.STRIP)  # the panel, then the keys
    strip = {screen.get_at((x, 64 * 4 + y))[:3] for x in range(0, 400, 2) for y in range(4, 18)}
    assert len(strip) > 2  # the key line's words are drawn there
    assert (tmp_path / "sim-1.png").read_bytes() == b"another's"
    assert (tmp_path / "sim-2.png").stat().st_size > 100


def test_sigterm_closes_the_window_with_status_143(tmp_path):
    import signal

    args = parse_args(RC1 + ["--nvm", str(tmp_path / "nvm.bin")])

    def terminate(frame, pygame):
        if frame == 5:
            os.kill(os.getpid(), signal.SIGTERM)

    before = signal.getsignal(signal.SIGTERM)
    assert window.run(args, frames=300, feed=terminate) == 128 + signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) is before  # the handler given back


# -- the replay line when the window closes ---------------------------------------
def test_the_last_games_replay_line_when_the_window_closes(tmp_path, capsys):
    out = tmp_path / "last.txt"
    args = parse_args(RC1 + ["--nvm", str(tmp_path / "nvm.bin"), "--replay-out", str(out)])

    def play_then_close(frame, pygame):
        if frame == 20:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s))  # SELECT: draw
        if frame == 21:
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_s))
        if frame == 40:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    assert window.run(args, frames=60, feed=play_then_close) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("last game (unfinished): ELEVATOR-REPLAY 1 ")
    line = lines[0][lines[0].index("ELEVATOR-REPLAY") :]
    match, moves = decode.read_record(replay.parse_line(line))
    assert match.info.ID == "roller-coaster" and match.deal == 1 and len(moves) >= 1
    assert out.read_text() == line + "\n"
    from saves.keep import Saves
    from sim.nvm import FileNVM

    kept = Saves(FileNVM(str(tmp_path / "nvm.bin")))  # closing the window kept the game
    assert kept.has_game() and decode.read_record(kept.moves)[0].info.ID == "roller-coaster"


def test_no_game_no_replay_line_from_the_window(tmp_path, capsys):
    args = parse_args(["--window", "--nvm", str(tmp_path / "nvm.bin")])
    assert window.run(args, frames=10) == 0
    assert capsys.readouterr().out == ""
