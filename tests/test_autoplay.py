"""The headless autopilot command, as a person would type it, for every
game and preset (variant) on a few seeds and table sizes:

    python -m sim --headless --autoplay --game G --players N --seed S

It plays the person's seat from the title screen to the results screen
by button presses alone (the deal typed digit by digit) and exits 0."""

import pytest

import games
from sim.__main__ import main

_CASES = []
for _info in games.CATALOGUE:
    _sizes = sorted({_info.MIN_PLAYERS, _info.DEFAULT_PLAYERS, _info.MAX_PLAYERS})
    for _variant in range(len(_info.VARIANTS)):
        for _i, _seed in enumerate((3, 1234, 987654321)):
            _CASES.append((_info.ID, _sizes[_i % len(_sizes)], _variant, _seed))


@pytest.mark.parametrize("game_id,players,variant,seed", _CASES)
def test_autoplay_reaches_the_results_screen(capsys, game_id, players, variant, seed):
    argv = ["--headless", "--autoplay", "--game", game_id, "--players", str(players),
            "--seed", str(seed)] + (["--variant", str(variant)] if variant else [])  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "autoplay: results reached, 1 save writes" in out


def test_every_preset_is_covered():
    presets = {(g, v) for g, _, v, _ in _CASES}
    assert len(presets) == sum(len(i.VARIANTS) for i in games.CATALOGUE) == 8
