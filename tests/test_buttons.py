"""Button events: latching, auto-repeat, wrap-safe timing, three-button nav."""

from buttons import (
    AXIS_HORIZONTAL,
    DOWN,
    LEFT,
    PRESS,
    RELEASE,
    REPEAT,
    RIGHT,
    SELECT,
    START,
    UP,
    A,
    B,
    Buttons,
    Event,
    key_by_name,
)
from buttons_three import ThreeButtonNav


def _drain(b):
    ev = Event()
    out = []
    while b.get_into(ev):
        out.append((ev.key, ev.kind))
    return out


def test_taps_between_frames_are_kept_in_order():
    b = Buttons()
    for k in (A, RIGHT, RIGHT, B):
        b.tap(k, 0)
    assert _drain(b) == [
        (A, PRESS), (A, RELEASE), (RIGHT, PRESS), (RIGHT, RELEASE),
        (RIGHT, PRESS), (RIGHT, RELEASE), (B, PRESS), (B, RELEASE),
    ]  # fmt: skip
    assert _drain(b) == []


def test_full_queue_keeps_older_events_and_counts_drops():
    b = Buttons()
    for _ in range(20):
        b.tap(A, 0)
    assert b.pending() == 32 and b.dropped == 8
    assert len(_drain(b)) == 32


def test_auto_repeat_for_held_arrows_only():
    b = Buttons(repeat_delay=400, repeat_every=100)
    b.feed(RIGHT, True, 1000)
    b.feed(A, True, 1000)
    for t in range(1000, 1700, 20):
        b.scan(t)
    b.feed(RIGHT, False, 1700)
    kinds = [e for e in _drain(b) if e[0] == RIGHT]
    repeats = [e for e in kinds if e[1] == REPEAT]
    assert kinds[0] == (RIGHT, PRESS) and kinds[-1] == (RIGHT, RELEASE)
    assert len(repeats) == 3  # at 1400, 1500, 1600
    assert b.is_down(A)


def test_repeat_timing_survives_tick_wrap():
    b = Buttons(repeat_delay=400, repeat_every=100)
    start = (1 << 29) - 100  # ticks wrap at 2**29
    b.feed(UP, True, start)
    b.scan((start + 399) & 0x1FFFFFFF)
    assert [e for e in _drain(b) if e[1] == REPEAT] == []
    b.scan((start + 400) & 0x1FFFFFFF)
    assert _drain(b)[-1] == (UP, REPEAT)


def test_three_button_short_and_long_presses():
    b = Buttons()
    nav = ThreeButtonNav(b)
    nav.feed(0, True, 0)
    nav.feed(0, False, 50)
    nav.feed(2, True, 100)
    nav.feed(2, False, 150)
    nav.feed(1, True, 200)
    nav.feed(1, False, 250)
    assert [k for k, kind in _drain(b) if kind == PRESS] == [UP, DOWN, A]
    nav.axis = AXIS_HORIZONTAL
    nav.feed(0, True, 0)
    nav.feed(0, False, 10)
    nav.feed(2, True, 20)
    nav.feed(2, False, 30)
    assert [k for k, kind in _drain(b) if kind == PRESS] == [LEFT, RIGHT]
    for button, key in ((0, B), (1, START), (2, SELECT)):
        nav.feed(button, True, 1000)
        nav.scan(1300)
        assert _drain(b) == []
        nav.scan(1460)  # long press fires while held
        assert _drain(b) == [(key, PRESS)]
        nav.feed(button, False, 2000)
        assert _drain(b) == [(key, RELEASE)]
    # a long hold whose release arrives in the same batch is still long
    nav.feed(1, True, 5000)
    nav.feed(1, False, 5900)
    assert _drain(b) == [(START, PRESS), (START, RELEASE)]


def test_key_names():
    assert key_by_name("select") == SELECT and key_by_name(" up ") == UP
    assert key_by_name("JUMP") == -1
