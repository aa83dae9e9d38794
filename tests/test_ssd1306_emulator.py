"""The emulated SSD1306 decodes command and data streams as the
datasheet describes."""

import pytest

from sim.ssd1306 import EmulatedI2C, SSD1306Panel


def _bus():
    bus = EmulatedI2C()
    panel = SSD1306Panel(128, 64)
    bus.attach(0x3C, panel)
    # on, remapped like the Adafruit driver's init, horizontal addressing
    bus.writeto(0x3C, bytes([0x00, 0xAF, 0xA1, 0xC8, 0x20, 0x00]))
    return bus, panel


def test_horizontal_mode_window_and_wrap():
    bus, panel = _bus()
    bus.writeto(0x3C, bytes([0x00, 0x21, 10, 11, 0x22, 2, 3]))
    bus.writeto(0x3C, bytes([0x40, 0x01, 0x80, 0xFF, 0x00]))
    assert panel.ram_pixel(10, 16) == 1  # byte 0x01: row 0 of page 2
    assert panel.ram_pixel(11, 23) == 1  # 0x80: row 7 of page 2, next column
    assert all(panel.ram_pixel(10, 24 + r) for r in range(8))  # wrapped to page 3
    assert panel.ram_pixel(11, 24) == 0
    assert panel.data_bytes == 4


def test_vertical_mode_goes_down_the_pages_first():
    bus, panel = _bus()
    bus.writeto(0x3C, bytes([0x80, 0x20, 0x80, 0x01]))  # Co=1 pairs, as displayio sends
    bus.writeto(0x3C, bytes([0x80, 0x21, 0x80, 5, 0x80, 6, 0x80, 0x22, 0x80, 0, 0x80, 1]))
    bus.writeto(0x3C, bytes([0x40, 0x01, 0x02, 0x04]))
    assert panel.ram_pixel(5, 0) and panel.ram_pixel(5, 9) and panel.ram_pixel(6, 2)


def test_page_mode_addressing():
    bus, panel = _bus()
    bus.writeto(0x3C, bytes([0x00, 0x20, 0x02, 0xB5, 0x03, 0x12]))  # page 5, column 0x23
    bus.writeto(0x3C, bytes([0x40, 0xFF]))
    assert panel.ram_pixel(0x23, 40) and panel.ram_pixel(0x23, 47)


def test_display_flags_change_what_is_lit():
    bus, panel = _bus()
    bus.writeto(0x3C, bytes([0x00, 0x21, 0, 0, 0x22, 0, 0]))
    bus.writeto(0x3C, bytes([0x40, 0x01]))
    assert panel.pixels()[0][0] == 1 and panel.lit_count() == 1
    bus.writeto(0x3C, bytes([0x00, 0xA7]))  # inverse
    assert panel.pixels()[0][0] == 0 and panel.lit_count() == 128 * 64 - 1
    bus.writeto(0x3C, bytes([0x00, 0xA6, 0xA0]))  # segment remap off mirrors x
    assert panel.pixels()[0][127] == 1
    bus.writeto(0x3C, bytes([0x00, 0xAE]))  # display off
    assert panel.lit_count() == 0
    bus.writeto(0x3C, bytes([0x00, 0x81, 0x40]))
    assert panel.contrast == 0x40


def test_bus_counts_and_errors():
    bus, panel = _bus()
    sent = bus.bytes_sent
    bus.writeto(0x3C, bytes([0x40, 1, 2, 3]))
    assert bus.bytes_sent - sent == 5  # address byte + control + 3 data
    assert bus.scan() == [0x3C]
    with pytest.raises(OSError):
        bus.writeto(0x3D, b"\x00")
    assert bus.try_lock() and not bus.try_lock()
    bus.unlock()
    bus.writeto(0x3C, bytes([0x00, 0x0F + 0xE0]))  # 0xEF: not an SSD1306 command
    assert panel.unknown == [0xEF]


def test_a_display_being_made_can_be_polled_by_blinkas_thread():
    """Blinka registers a display (``__new__``) before its ``__init__`` sets
    ``_auto_refresh``, and its background thread polls every registered
    display: a poll in that window raised AttributeError in a thread (a
    test run's one warning, issue 29 item 8)."""
    import displayio

    from sim.hal import _Display

    displayio.release_displays()  # (as a SimHAL does before it makes its display)
    d = _Display.__new__(_Display)
    try:
        d._background()  # what the thread does: nothing, and no error
    finally:
        displayio.displays.remove(d)
