"""Every game and preset (variant) played through, as a person would, on
its smallest, default and largest tables and three seeds, by the headless
autopilot command as a person would type it:

    python -m sim --headless --autoplay --game G --players N --seed S

It plays the person's seat from the title screen to the results screen by
button presses alone (the deal typed digit by digit) and exits 0. This is
the one place whole games are played through the app: each play-through
is then checked as the table, the results screen and the saves see it
(the deal and table asked for, the result counted and shown, one flash
write for the whole game and no erase, the last game's record replaying
to the very end, B back to the menu). The panels alternate."""

import pytest

import games
from saves import decode, read
from saves.keep import Saves
from screens.results import stat_lines
from sim import autopilot, fuzz, headless
from sim.__main__ import main
from sim.nvm import FileNVM

_CASES = []
for _info in games.CATALOGUE:
    _sizes = sorted({_info.MIN_PLAYERS, _info.DEFAULT_PLAYERS, _info.MAX_PLAYERS})
    for _variant in range(len(_info.VARIANTS)):
        for _i, _seed in enumerate((3, 1234, 987654321)):
            _profile = fuzz.PROFILES[len(_CASES) % 2]
            _CASES.append((_info.ID, _sizes[_i % len(_sizes)], _variant, _seed, _profile))


@pytest.mark.parametrize("game_id,players,variant,seed,profile", _CASES)
def test_autoplay_reaches_the_results_screen(
    capsys, monkeypatch, tmp_path, game_id, players, variant, seed, profile
):
    sessions, tables = [], []

    class Session(headless.Session):  # the command's session, kept to look at
        def __init__(self, *args, **kw):
            super().__init__(*args, **kw)
            sessions.append(self)

    real_open = autopilot.open_game

    def open_game(*args):
        tables.append(real_open(*args))
        return tables[-1]

    monkeypatch.setattr(headless, "Session", Session)
    monkeypatch.setattr(autopilot, "open_game", open_game)
    path = str(tmp_path / "nvm.bin")
    argv = ["--headless", "--autoplay", "--game", game_id, "--players", str(players),
            "--seed", str(seed), "--pace", "100", "--profile", profile, "--nvm", path] + (
            ["--variant", str(variant)] if variant else [])  # fmt: skip
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "autoplay: results reached, " in out
    (s,), (table,) = sessions, tables
    # the table asked for, by button presses from the title
    assert type(table).__name__ == "Table" and table.match.deal == seed
    assert table.state.num_players == players and table.match.variant == variant
    assert table.state.is_over()
    # its results, counted
    results = s.screen
    assert type(results).__name__ == "Results"
    assert "DEAL %d" % seed in results.rows
    assert any(r.startswith("PLAYED 1 ") for r in results.rows)
    # written whole at the deal and at the end, each move between appended (three bytes)
    assert "autoplay: results reached, %d save writes" % (table.record.n + 2) in out
    assert s.hw.nvm.writes == table.record.n + 2 and s.hw.nvm.erases <= 1
    again = Saves(FileNVM(path))  # a power-up: counted, no game left
    assert stat_lines(again, game_id)[0].startswith("PLAYED 1 ")
    assert again.game is None and again.last is not None
    match, moves = decode.read_record(again.last)
    assert match.same(table.match) and match.deal == seed and len(moves) == table.record.n
    assert read.replay(match, moves).key() == table.state.key()
    s.press("B")
    assert type(s.screen).__name__ == "GameMenu"


def test_every_preset_and_table_size_is_covered():
    presets = {(g, v) for g, _, v, _, _ in _CASES}
    assert len(presets) == sum(len(i.VARIANTS) for i in games.CATALOGUE) == 8
    for info in games.CATALOGUE:
        for variant in range(len(info.VARIANTS)):
            sizes = {p for g, p, v, _, _ in _CASES if (g, v) == (info.ID, variant)}
            assert sizes == {info.MIN_PLAYERS, info.DEFAULT_PLAYERS, info.MAX_PLAYERS}
        assert {pr for g, _, _, _, pr in _CASES if g == info.ID} == set(fuzz.PROFILES)
