"""Stand-in ``board``: the pins of a Raspberry Pi Pico and a Feather RP2040."""

from microcontroller import Pin

for _i in range(29):
    globals()["GP%d" % _i] = Pin("GP%d" % _i)
for _name in (
    "D4",
    "D5",
    "D6",
    "D9",
    "D10",
    "D11",
    "D12",
    "D13",
    "D24",
    "D25",
    "SDA",
    "SCL",
    "A0",
    "A1",
    "A2",
    "A3",
    "LED",
):
    globals()[_name] = Pin(_name)
