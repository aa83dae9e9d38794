"""Board profiles: every pin and panel fact of a supported build, in one
place. Pure data (no hardware imports), so the simulator reads it too.

Choose one with ``CONSOLE_PROFILE = "pico-128x64"`` in ``settings.toml``
(or change ``DEFAULT`` below).
"""

DEFAULT = "pico-128x64"

# buttons: (pin name, logical key name) for eight-button boards, or the
# three physical buttons top to bottom for "three" navigation.
PROFILES = {
    "pico-128x64": {
        "board": "Raspberry Pi Pico",
        "width": 128,
        "height": 64,
        "sda": "GP4",
        "scl": "GP5",
        "address": 0x3C,
        "i2c_hz": 400000,
        "nav": "eight",
        "buttons": (
            ("GP10", "UP"),
            ("GP11", "DOWN"),
            ("GP12", "LEFT"),
            ("GP13", "RIGHT"),
            ("GP14", "A"),
            ("GP15", "B"),
            ("GP16", "START"),
            ("GP17", "SELECT"),
        ),
        "piezo": "GP18",
        # link play: (TX, RX) of UART0 and UART1. A host talks to a guest on
        # each, so three consoles play, every frame through the host; a guest
        # uses the first.
        "link": (("GP0", "GP1"), ("GP8", "GP9")),
        "link_baud": 115200,
    },
    "feather-128x32": {
        "board": "Adafruit Feather RP2040 + FeatherWing OLED 128x32",
        "width": 128,
        "height": 32,
        "sda": "SDA",
        "scl": "SCL",
        "address": 0x3C,
        "i2c_hz": 400000,
        "nav": "three",
        "buttons": (("D9", "BTN_A"), ("D6", "BTN_B"), ("D5", "BTN_C")),
        "piezo": None,
        "link": (("TX", "RX"),),  # its one UART
        "link_baud": 115200,
    },
}
# the Pico W: the Pico's build, plus link play over Wi-Fi (TCP on link_port)
# when settings.toml names a network (CIRCUITPY_WIFI_SSID)
PROFILES["picow-128x64"] = dict(
    PROFILES["pico-128x64"], board="Raspberry Pi Pico W", wifi=True, link_port=5555
)


def get(name=None):
    """The profile dict for ``name`` (default when None); KeyError names
    the ones that exist."""
    name = name or DEFAULT
    if name not in PROFILES:
        raise KeyError(
            "unknown profile %s; choose one of: %s" % (name, ", ".join(sorted(PROFILES)))
        )
    return PROFILES[name]
