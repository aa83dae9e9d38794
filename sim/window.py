"""The simulator in a pygame window (only when pygame is installed).

Key-down and key-up events reach the HAL as real presses and releases, so
auto-repeat and the three-button long presses behave as on a board.
Keys as in the terminal; on the three-button profile j/k/l are the
board's buttons A/B/C (hold for a long press).

The piezo's tones play through pygame's mixer as square waves of the
tone's pitch and length (``Speaker``), as often as the console sounds
them: only while its sound setting is on (``App.beep`` calls the HAL's
``tone`` only then). Where the mixer cannot open (no audio device) the
window stays silent, without an error.

Where no audio device opens (no sound card), the window says so in one
line on stderr instead of the sound library's own messages (ALSA's run
to a dozen lines).

Under the panel a line gives the keys (``p`` writes the panel as the
next ``sim-N.png`` in the current folder, and the line then says where);
the window's title says them too.

When the window closes (or ``q``), the last game's replay line is
printed on stdout (``last game: ELEVATOR-REPLAY 1 ...``; nothing when no
game was played; ``--replay-out FILE`` writes it to FILE too). What the
console prints on its serial console meanwhile is not shown. SIGTERM and
SIGHUP close it the same way, the game kept, with exit status 143 or 129
(128 plus the signal's number, as a shell reports it).
"""

import contextlib
import io
import os
import signal
import sys
import tempfile
import time
from array import array

from app import App
from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from sim import render
from sim.hal import SimHAL
from sim.replay import GameWatch, keep_game, session_end

ON = (170, 220, 255)
VOLUME = 0.25  # of full scale: a piezo's beep, not an alarm
HINTS = "arrows  z=A  x=B  Enter=START  s=SELECT  p=PNG  q=quit"
HINTS_THREE = "j/k/l = the buttons (held: a long press)  p=PNG  q=quit"
STRIP = 22  # pixels under the panel for the key line
SAID_S = 6  # how long a message (where the PNG went) stays on that line


@contextlib.contextmanager
def _quiet_stderr():
    """The C libraries' own messages on file descriptor 2 (ALSA's, when
    the mixer finds no sound card) kept from the terminal."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def square_wave(freq, ms, rate, fmt=-16, channels=1, volume=VOLUME):
    """The samples of a square wave of ``freq`` Hz lasting ``ms`` at ``rate``
    samples a second, as bytes in the mixer's format (``fmt`` as
    ``pygame.mixer.get_init()`` gives it: 8 or 16 bits, negative for
    signed, 32 for float) with ``channels`` interleaved."""
    n = max(1, rate * ms // 1000)
    half = max(1, rate // (2 * max(1, freq)))  # samples in half a period
    if fmt == 32 or fmt == -32:
        code, high, low = "f", volume, -volume
    elif abs(fmt) == 8:
        peak = int(127 * volume)
        code, high, low = ("b", peak, -peak) if fmt < 0 else ("B", 128 + peak, 128 - peak)
    else:
        peak = int(32767 * volume)
        code, high, low = ("h", peak, -peak) if fmt < 0 else ("H", 32768 + peak, 32768 - peak)
    samples = array(code)
    for i in range(n):
        v = high if (i // half) % 2 == 0 else low
        for _ in range(channels):
            samples.append(v)
    return samples.tobytes()  # in the machine's byte order, as SDL's mixer takes it


class Speaker:
    """The piezo on pygame's mixer: ``speaker(freq, ms)`` plays a tone
    (``SimHAL.speaker``). ``sounds`` keeps each tone's Sound once made;
    ``played`` lists the tones handed to the mixer. Silent (``mixer`` None)
    where the mixer cannot open."""

    def __init__(self, pygame):
        self.pygame = pygame
        self.mixer = None
        self.sounds = {}
        self.played = []
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            init = pygame.mixer.get_init()
        except Exception:  # noqa: BLE001 - pygame.error, or no audio at all: stay silent
            init = None
        if init:
            self.rate, self.fmt, self.channels = init
            self.mixer = pygame.mixer

    def __call__(self, freq, ms):
        if self.mixer is None:
            return
        key = (freq, ms)
        sound = self.sounds.get(key)
        try:
            if sound is None:
                data = square_wave(freq, ms, self.rate, self.fmt, self.channels)
                sound = self.sounds[key] = self.mixer.Sound(buffer=data)
            sound.play()
        except Exception:  # noqa: BLE001 - a mixer that went away: silent, never a crash
            return
        self.played.append(key)


def run(args, frames=None, feed=None):
    """The window's loop; ``frames`` and ``feed(frame, pygame)`` let tests
    run it for a while and post events, under SDL_VIDEODRIVER=dummy."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        sys.stderr.write("sim: error: --window needs pygame (pip install pygame)\n")
        return 2
    from sim.nvm import default_path

    watch = GameWatch()
    with contextlib.redirect_stdout(io.StringIO()):  # the console's serial lines
        hw = SimHAL(args.profile, virtual_time=False, seed=args.seed or None,
                    nvm_path=getattr(args, "nvm", None) or default_path())  # fmt: skip
        recorder = hw.record(args.gif, args.scale) if getattr(args, "gif", None) else None
        hw.link = getattr(args, "link", None)  # --host / --join: Link play on the title
        app = App(hw)
        if getattr(args, "pace", None) is not None:
            app.settings.pace_ms = args.pace
        if getattr(args, "replay", None):
            from sim.replay import Replay

            app.show(Replay(app, args.record))
        else:
            app.start(args.game, args.players, args.seed, args.variant)
        pygame.mixer.pre_init(22050, -16, 1, 512)  # a piezo's beeps: mono, little delay
        with _quiet_stderr():
            pygame.init()
            speaker = Speaker(pygame)
        if speaker.mixer is None:
            sys.stderr.write("sim: no sound: no audio device opened\n")
        hw.speaker = speaker
        run.speaker = speaker  # for tests
        got = []  # the ending signal's exit status, once one came
        old = {}
        try:
            for sig in (signal.SIGTERM, signal.SIGHUP):
                old[sig] = signal.signal(sig, lambda signum, frame: got.append(128 + signum))
            screen = _loop(args, pygame, hw, app, watch, frames, feed, got)
        finally:
            for sig, handler in old.items():
                signal.signal(sig, handler)
        keep_game(app, hw.ticks_ms())  # closed: the game is kept
    if frames is not None:
        run.last = (app, screen)  # for tests: the app and the last frame shown
    pygame.quit()
    error = None
    if recorder is not None:
        try:
            n = recorder.save()
        except OSError as e:
            error = "cannot write %s: %s" % (args.gif, e.strerror)
        else:
            _print("recorded %d frames to %s\n" % (n, args.gif))
    error = session_end(watch, getattr(args, "replay_out", None), _print, app.saves) or error
    if error:
        sys.stderr.write("sim: error: %s\n" % error)
        return got[0] if got else 2
    return got[0] if got else 0


def _print(text):
    """``text`` on stdout, if it is still there (a hang-up takes it)."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError:
        pass


def _loop(args, pygame, hw, app, watch, frames, feed, got):
    """Frames until the window closes, q, a signal (``got``) or ``frames``
    have run; returns a copy of the window's last picture."""
    scale = args.scale
    hints = HINTS_THREE if hw.three else HINTS
    panel = (hw.width * scale, hw.height * scale)
    screen = pygame.display.set_mode((panel[0], panel[1] + STRIP))
    pygame.display.set_caption("Elevator card console   " + hints)
    try:
        font = pygame.font.Font(None, 18)
    except Exception:  # noqa: BLE001 - no font support: the title bar has the keys
        font = None
    said = ["", 0.0]  # a message for the key line, and until when

    def strip():
        screen.fill((24, 24, 24), (0, panel[1], panel[0], STRIP))
        text = said[0] if time.monotonic() < said[1] else hints
        if font is not None:
            img = font.render(text, True, (200, 200, 200))
            if img.get_width() > panel[0] - 8:  # a long path: its end shows
                img = img.subsurface((img.get_width() - panel[0] + 8, 0, panel[0] - 8,
                                      img.get_height()))  # fmt: skip
            screen.blit(img, (4, panel[1] + (STRIP - img.get_height()) // 2))
        pygame.display.flip()
        return text

    shown = strip()
    keymap = {
        pygame.K_UP: UP,
        pygame.K_DOWN: DOWN,
        pygame.K_LEFT: LEFT,
        pygame.K_RIGHT: RIGHT,
        pygame.K_z: A,
        pygame.K_SPACE: A,
        pygame.K_x: B,
        pygame.K_BACKSPACE: B,
        pygame.K_RETURN: START,
        pygame.K_s: SELECT,
        pygame.K_TAB: SELECT,
    }
    physical = {pygame.K_j: 0, pygame.K_k: 1, pygame.K_l: 2}
    clock = pygame.time.Clock()
    last = -1
    frame = 0
    while frames is None or frame < frames:
        if feed is not None:
            feed(frame, pygame)
        frame += 1
        if got:
            return screen.copy()
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_q):
                return screen.copy()
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_p:
                try:
                    path = render.screenshot(hw.panel, os.getcwd(), args.scale)
                    said[0] = "PNG written: " + os.path.abspath(path)
                except OSError as e:
                    said[0] = "PNG not written: " + e.strerror
                said[1] = time.monotonic() + SAID_S
                continue
            if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                down = ev.type == pygame.KEYDOWN
                now = hw.ticks_ms()
                if hw.three and ev.key in physical:
                    hw.nav.feed(physical[ev.key], down, now)
                elif ev.key in keymap:
                    hw.buttons.feed(keymap[ev.key], down, now)
        app.step(hw.ticks_ms())
        watch.see(app)
        if hw.i2c.bytes_sent != last:
            last = hw.i2c.bytes_sent
            rgb = bytearray()
            for row in hw.panel.pixels():
                for v in row:
                    rgb += bytes(ON) if v else b"\0\0\0"
            img = pygame.image.frombuffer(bytes(rgb), (hw.width, hw.height), "RGB")
            screen.blit(pygame.transform.scale(img, panel), (0, 0))
            shown = strip()
        elif (said[0] if time.monotonic() < said[1] else hints) != shown:
            shown = strip()
        clock.tick(50)
    return screen.copy()
