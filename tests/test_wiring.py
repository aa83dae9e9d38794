"""The wiring diagrams (``python -m sim.wiring``): one SVG per board
profile, drawn from ``hal/profiles.py``, naming every pin the console uses;
the copies in ``docs/`` drawn from the profiles as they are now."""

import os
import re
import xml.etree.ElementTree as ET

import pytest

from hal import profiles
from sim import wiring

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs")


def _pins(prof):
    pins = [prof["sda"], prof["scl"]] + [pin for pin, _ in prof["buttons"]]
    if prof.get("piezo"):
        pins.append(prof["piezo"])
    return pins


def _words(svg_text):
    root = ET.fromstring(svg_text.encode("utf-8"))  # it parses as XML
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))


@pytest.mark.parametrize("name", sorted(profiles.PROFILES))
def test_every_pin_of_the_profile_is_in_its_diagram(name):
    prof = profiles.PROFILES[name]
    text = _words(wiring.svg(name))
    for pin in _pins(prof) + ["GND"]:
        assert re.search(r"(^|[^\w])%s([^\w]|$)" % re.escape(pin), text), (name, pin)
    assert "3V" in text  # the OLED's supply
    for _, key in prof["buttons"] if prof["nav"] == "eight" else ():
        assert re.search(r"\b%s\b" % key, text), (name, key)


@pytest.mark.parametrize("name", sorted(profiles.PROFILES))
def test_the_docs_diagrams_are_drawn_from_the_profiles_as_they_are(name):
    path = os.path.join(DOCS, "wiring-%s.svg" % name)
    with open(path, encoding="utf-8") as f:
        kept = f.read()
    assert kept == wiring.svg(name), "run: python -m sim.wiring --out docs/"


def test_hardware_page_names_every_pin():
    with open(os.path.join(DOCS, "hardware.md"), encoding="utf-8") as f:
        page = f.read()
    for name, prof in profiles.PROFILES.items():
        assert "wiring-%s.svg" % name in page
        for pin in _pins(prof):
            assert re.search(r"\b%s\b" % re.escape(pin), page), (name, pin)


def test_command_writes_a_diagram_per_profile(tmp_path, capsys):
    assert wiring.main(["--out", str(tmp_path)]) == 0
    written = sorted(os.listdir(tmp_path))
    assert written == sorted("wiring-%s.svg" % n for n in profiles.PROFILES)
    for name in written:
        _words((tmp_path / name).read_text(encoding="utf-8"))
    assert "wrote" in capsys.readouterr().out
