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
    },
}


def get(name=None):
    """The profile dict for ``name`` (default when None); KeyError names
    the ones that exist."""
    name = name or DEFAULT
    if name not in PROFILES:
        raise KeyError(
            "unknown profile %s; choose one of: %s" % (name, ", ".join(sorted(PROFILES)))
        )
    return PROFILES[name]
