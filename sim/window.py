"""The simulator in a pygame window (only when pygame is installed).

Key-down and key-up events reach the HAL as real presses and releases, so
auto-repeat and the three-button long presses behave as on a board.
Keys as in the terminal; on the three-button profile j/k/l are the
board's buttons A/B/C (hold for a long press).
"""

from app import App
from buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from sim.hal import SimHAL

ON = (170, 220, 255)


def run(args, frames=None, feed=None):
    """The window's loop; ``frames`` and ``feed(frame, pygame)`` let tests
    run it for a while and post events, under SDL_VIDEODRIVER=dummy."""
    try:
        import pygame
    except ImportError:
        import sys

        sys.stderr.write("sim: error: --window needs pygame (pip install pygame)\n")
        return 2
    from sim.nvm import default_path

    hw = SimHAL(args.profile, virtual_time=False, seed=args.seed or None,
                nvm_path=getattr(args, "nvm", None) or default_path())  # fmt: skip
    recorder = hw.record(args.gif, args.scale) if getattr(args, "gif", None) else None
    app = App(hw)
    if getattr(args, "replay", None):
        from sim.replay import Replay

        app.show(Replay(app, args.record))
    else:
        app.start(args.game, args.players, args.seed, args.variant)
    scale = args.scale
    pygame.init()
    screen = pygame.display.set_mode((hw.width * scale, hw.height * scale))
    pygame.display.set_caption("Elevator card console")
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
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_q):
                pygame.quit()
                _save(recorder, args)
                return 0
            if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                down = ev.type == pygame.KEYDOWN
                now = hw.ticks_ms()
                if hw.three and ev.key in physical:
                    hw.nav.feed(physical[ev.key], down, now)
                elif ev.key in keymap:
                    hw.buttons.feed(keymap[ev.key], down, now)
        app.step(hw.ticks_ms())
        if hw.i2c.bytes_sent != last:
            last = hw.i2c.bytes_sent
            rgb = bytearray()
            for row in hw.panel.pixels():
                for v in row:
                    rgb += bytes(ON) if v else b"\0\0\0"
            img = pygame.image.frombuffer(bytes(rgb), (hw.width, hw.height), "RGB")
            screen.blit(pygame.transform.scale(img, screen.get_size()), (0, 0))
            pygame.display.flip()
        clock.tick(50)
    run.last = (app, screen.copy())  # for tests: the last frame shown
    pygame.quit()
    _save(recorder, args)
    return 0


def _save(recorder, args):
    if recorder is not None:
        print("recorded %d frames to %s" % (recorder.save(), args.gif))
