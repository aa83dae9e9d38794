"""Wiring diagrams of the board profiles, drawn from ``hal/profiles.py``.

    python -m sim.wiring --out docs/

One SVG per profile (``wiring-<profile>.svg``): the board's pins the
console uses (the OLED's SDA and SCL, each button, the piezo, the link
play UARTs' TX and RX) and its 3V3 and ground, each wired to its part.
Every wire runs straight across from the board to its part; the buttons'
other legs and the piezo's minus go to one ground rail on the right, fed
from the board along the bottom, so no two wires cross. Below it each
link UART goes to another console: TX to its RX, RX to its TX, GND to
GND. Plain SVG text: nothing to install.
"""

import os
import sys
from xml.sax.saxutils import escape

from hal import profiles
from sim import cli

# Raspberry Pi Pico: the physical pin of each GPIO (the board's pinout)
PICO_PINS = {
    "GP0": 1, "GP1": 2, "GP2": 4, "GP3": 5, "GP4": 6, "GP5": 7, "GP6": 9, "GP7": 10,
    "GP8": 11, "GP9": 12, "GP10": 14, "GP11": 15, "GP12": 16, "GP13": 17, "GP14": 19,
    "GP15": 20, "GP16": 21, "GP17": 22, "GP18": 24, "GP19": 25, "GP20": 26, "GP21": 27,
    "GP22": 29, "GP26": 31, "GP27": 32, "GP28": 34,
}  # fmt: skip
PICO_3V3 = "3V3(OUT) (pin 36)"
PICO_GND_OLED = "GND (pin 38)"
PICO_GND_RAIL = "GND (pin 23)"
PICO_GNDS = (3, 8, 13, 18, 23, 28, 33, 38)  # the Pico's ground pins
# the three buttons of a "three" profile, top to bottom: what a short and a
# long press do (lib/buttons_three.py)
THREE_ROLES = ("previous / hold: B", "A / hold: START", "next / hold: SELECT")

COLOURS = {
    "3V3": "#c62828",
    "GND": "#212121",
    "SDA": "#1565c0",
    "SCL": "#ef8f00",
    "button": "#2e7d32",
    "piezo": "#6a1b9a",
    "TX": "#00838f",
    "RX": "#d81b60",
}
ROW = 28  # pixels between rows
TOP = 96  # the first row
GAP = 16  # pixels between two parts below the rail (the link UARTs)
BOARD_X = 20
BOARD_W = 250
PART_X = 420
RAIL_X = 680
WIDTH = 760


def is_pico(prof):
    return prof["board"].startswith("Raspberry Pi Pico")


def stacked(prof):
    """True when the display and buttons are a FeatherWing on the board's
    headers: every connection is made by stacking, no wires."""
    return "FeatherWing" in prof["board"]


def pin_label(prof, pin):
    """The board's name of ``pin`` as its silkscreen reads, with the Pico's
    physical pin number."""
    if is_pico(prof) and pin in PICO_PINS:
        return "%s (pin %d)" % (pin, PICO_PINS[pin])
    return pin


def link_ground(prof, tx):
    """The board's ground pin nearest a link UART's TX pin."""
    if is_pico(prof) and tx in PICO_PINS:
        n = min(PICO_GNDS, key=lambda g: abs(g - PICO_PINS[tx]))
        return "GND (pin %d)" % n
    return "GND"


def rows(prof):
    """The diagram's rows, top to bottom: (board pin label, the pin itself
    or a power name, part, the part's pin label, colour key, kind); kind
    is "oled", "button", "piezo", "rail" (the ground fed to the rail) or
    "link" (a UART's TX, RX and ground, to another console: part
    "UART<n>")."""
    pico = is_pico(prof)
    v33 = PICO_3V3 if pico else "3V"
    out = [
        (v33, "3V3", "oled", "VCC", "3V3", "oled"),
        (PICO_GND_OLED if pico else "GND", "GND", "oled", "GND", "GND", "oled"),
        (pin_label(prof, prof["sda"]), prof["sda"], "oled", "SDA", "SDA", "oled"),
        (pin_label(prof, prof["scl"]), prof["scl"], "oled", "SCL", "SCL", "oled"),
    ]
    three = prof["nav"] == "three"
    for i, (pin, key) in enumerate(prof["buttons"]):
        name = key
        if three:
            name = "%s: %s" % ("ABC"[i], THREE_ROLES[i])
        out.append((pin_label(prof, pin), pin, name, "", "button", "button"))
    if prof.get("piezo"):
        pin = prof["piezo"]
        out.append((pin_label(prof, pin), pin, "piezo", "+", "piezo", "piezo"))
    out.append((PICO_GND_RAIL if pico else "GND", "GND", "ground rail", "", "GND", "rail"))
    for i, (tx, rx) in enumerate(prof.get("link", ())):
        part = "UART%d" % i
        out.append((_role(prof, tx, "TX"), tx, part, "RX", "TX", "link"))
        out.append((_role(prof, rx, "RX"), rx, part, "TX", "RX", "link"))
        out.append((link_ground(prof, tx), "GND", part, "GND", "GND", "link"))
    return out


def _role(prof, pin, role):
    """A link pin's label with its role ("GP0 (pin 1) TX"), once ("TX")."""
    label = pin_label(prof, pin)
    return label if pin == role else "%s %s" % (label, role)


def row_ys(rs):
    """The y of each row: one ROW apart, and a GAP more above each link
    UART's first row, so their boxes stand apart."""
    ys = []
    y = TOP
    for i, r in enumerate(rs):
        if i and r[5] == "link" and rs[i - 1][2] != r[2]:
            y += GAP
        ys.append(y)
        y += ROW
    return ys


def _text(x, y, s, size=12, anchor="start", weight="normal", fill="#000"):
    attrs = 'x="%d" y="%d" font-size="%d" text-anchor="%s" font-weight="%s" fill="%s"' % (
        x, y, size, anchor, weight, fill)  # fmt: skip
    return "<text %s>%s</text>" % (attrs, escape(s))


def _line(x1, y1, x2, y2, colour, width=3):
    return '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="%d"/>' % (
        x1, y1, x2, y2, colour, width)  # fmt: skip


def _rect(x, y, w, h, fill="#fff", stroke="#000", rx=4):
    return '<rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="%s" stroke="%s"/>' % (
        x, y, w, h, rx, fill, stroke)  # fmt: skip


def _dot(x, y, colour="#000", r=4):
    return '<circle cx="%d" cy="%d" r="%d" fill="%s"/>' % (x, y, r, colour)


def svg(name, prof=None):
    """The wiring diagram of profile ``name`` as SVG text."""
    prof = prof or profiles.get(name)
    rs = rows(prof)
    ys = row_ys(rs)
    notes = notes_for(prof)
    height = ys[-1] + 40 + 18 * len(notes)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
        'font-family="sans-serif">' % (WIDTH, height, WIDTH, height),
        "<title>%s</title>" % escape("Wiring of the %s profile: %s" % (name, prof["board"])),
        '<rect x="0" y="0" width="%d" height="%d" fill="#fff"/>' % (WIDTH, height),
        _text(20, 28, "Profile %s: %s" % (name, prof["board"]), 16, weight="bold"),
        _text(
            20,
            48,
            "SSD1306 %dx%d OLED on I2C at 0x%02X, %d kHz; buttons to ground, "
            "internal pull-ups"
            % (prof["width"], prof["height"], prof["address"], prof["i2c_hz"] // 1000),
        ),  # fmt: skip
    ]
    # the board, its pins on its right edge
    board_top = ys[0] - 30
    out.append(_rect(BOARD_X, board_top, BOARD_W, ys[-1] - board_top + 20, "#e8f5e9"))
    out.append(_text(BOARD_X + 10, board_top + 16, _short_board(prof), 12, weight="bold"))
    edge = BOARD_X + BOARD_W
    for (label, _, _, _, colour, _), y in zip(rs, ys):
        out.append(_text(edge - 12, y + 4, label, 12, "end"))
        out.append(_dot(edge, y, COLOURS[colour]))
    # the OLED: one box over its rows
    oled = [y for r, y in zip(rs, ys) if r[5] == "oled"]
    out.append(_rect(PART_X, oled[0] - 14, 190, oled[-1] - oled[0] + 28, "#e3f2fd"))
    out.append(_text(PART_X + 180, oled[0] + 30, "SSD1306 OLED", 12, "end", "bold"))
    out.append(_text(PART_X + 180, oled[0] + 46, "%dx%d, I2C" % (prof["width"], prof["height"]),
                     12, "end"))  # fmt: skip
    # each link UART: one box, "another console", over its three rows
    for part in sorted({r[2] for r in rs if r[5] == "link"}):
        band = [y for r, y in zip(rs, ys) if r[5] == "link" and r[2] == part]
        out.append(_rect(PART_X, band[0] - 14, 190, band[-1] - band[0] + 28, "#fce4ec"))
        out.append(_text(PART_X + 180, band[0] + 18, "Another console", 12, "end", "bold"))
        out.append(_text(PART_X + 180, band[0] + 34, "%s at %d baud" % (part,
                         prof.get("link_baud", 115200)), 12, "end"))  # fmt: skip
    rail_ys = []
    for (_, _, part, part_pin, colour, kind), y in zip(rs, ys):
        c = COLOURS[colour]
        if kind in ("oled", "link"):
            out.append(_line(edge, y, PART_X, y, c))
            out.append(_dot(PART_X, y, c))
            out.append(_text(PART_X + 10, y + 4, part_pin, 12))
        elif kind == "button":
            out.append(_line(edge, y, PART_X, y, c))
            out.append(_line(PART_X + 160, y, RAIL_X, y, COLOURS["GND"]))
            out.append(_rect(PART_X, y - 11, 160, 22, "#fffde7"))
            out.append(_dot(PART_X, y, c))
            out.append(_dot(PART_X + 160, y, COLOURS["GND"]))
            out.append(_text(PART_X + 80, y + 4, part, 11, "middle"))
            rail_ys.append(y)
        elif kind == "piezo":
            # a series resistor on the GPIO, then the piezo's + and -
            out.append(_line(edge, y, PART_X, y, c))
            out.append(_rect(edge + 40, y - 7, 60, 14, "#fff", c, 2))
            out.append(_text(edge + 70, y - 11, "100-220 \u03a9", 11, "middle"))
            out.append(_line(PART_X + 160, y, RAIL_X, y, COLOURS["GND"]))
            out.append(_rect(PART_X, y - 11, 160, 22, "#f3e5f5"))
            out.append(_dot(PART_X, y, c))
            out.append(_dot(PART_X + 160, y, COLOURS["GND"]))
            out.append(_text(PART_X + 8, y + 4, "+", 12))
            out.append(_text(PART_X + 80, y + 4, "passive piezo", 11, "middle"))
            out.append(_text(PART_X + 152, y + 4, "\u2212", 12, "end"))
            rail_ys.append(y)
        else:  # the ground that feeds the rail, along the bottom
            out.append(_line(edge, y, RAIL_X, y, c))
            rail_ys.append(y)
    if rail_ys:
        out.append(_line(RAIL_X, rail_ys[0], RAIL_X, rail_ys[-1], COLOURS["GND"]))
        for y in rail_ys:
            out.append(_dot(RAIL_X, y, COLOURS["GND"]))
        out.append(_text(RAIL_X + 8, rail_ys[0] - 8, "GND", 12, weight="bold"))
    if stacked(prof):
        out.append(_text(PART_X, ys[0] - 36, "On the FeatherWing: stack it, no wires", 12,
                         weight="bold"))  # fmt: skip
    y = ys[-1] + 40
    for note in notes:
        out.append(_text(20, y, note, 12))
        y += 18
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _short_board(prof):
    return prof["board"].split(" + ")[0]


def notes_for(prof):
    out = []
    if stacked(prof):
        out.append("The wing's headers connect the OLED and the buttons: no wiring.")
    else:
        out.append("Buttons: wire two diagonally opposite legs (one to the pin, one to GND).")
        out.append("SDA/SCL need pull-ups: most OLED modules have them; a bare one: 4.7 k\u03a9 "
                   "from each to 3V3.")  # fmt: skip
        out.append("Check your OLED's pin labels: the order of GND, VCC, SCL, SDA varies.")
    link = prof.get("link", ())
    if link:
        out.append("Link play: TX to the other console's RX, RX to its TX, GND to GND "
                   "(a cable of three wires).")  # fmt: skip
        if len(link) > 1:
            out.append("A guest uses UART0; a host takes a guest on each UART, every frame "
                       "passing through it (three consoles).")  # fmt: skip
        if stacked(prof):
            out.append("TX, RX and GND pass through the wing's headers: solder the cable there.")
    if prof.get("wifi"):
        out.append("Link play over Wi-Fi instead (TCP port %d): CIRCUITPY_WIFI_SSID and "
                   "CIRCUITPY_WIFI_PASSWORD in settings.toml," % prof["link_port"])  # fmt: skip
        out.append("and on a guest CONSOLE_LINK_HOST, the host's address.")
    return out


def write(out_dir):
    """Write every profile's diagram into ``out_dir``; returns the paths."""
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for name in sorted(profiles.PROFILES):
        path = os.path.join(out_dir, "wiring-%s.svg" % name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg(name))
        paths.append(path)
    return paths


def main(argv=None):
    p = cli.Parser("python -m sim.wiring", "wiring",
                   description="Wiring diagrams (SVG) of the board profiles")  # fmt: skip
    p.add_argument("--out", default="docs", help="folder for wiring-<profile>.svg (default docs)")
    args = p.parse_args(argv)
    for path in write(args.out):
        print("wrote " + path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
