"""docs/figures.md is drawn from a bench run's figures (``sim.figures.markdown``):
each section from its figures, sections with none left out, and any figure
no section knows kept in the last table. The bench itself is not run here."""

import json

from sim import bench, figures

SMALL = {
    "bench_seconds": 141.0,
    "heap_engine_import_bytes": 21472,
    "heap_roller_coaster_import_bytes": 5088,
    "min_heap_full_game_kb_roller_coaster_4p_py": 61,
    "min_heap_full_game_kb_roller_coaster_4p_mpy": 39,
    "alloc_per_legal_actions_roller_coaster": 0.0,
    "alloc_per_apply_roller_coaster": 0.0,
    "min_heap_session_kb_py": 173,
    "min_heap_session_kb_mpy": 174,
    "bus_cursor_move_bytes_roller_coaster": 52,
    "save_bytes_roller_coaster_3p_game_in_progress_max": 121,
    "save_bytes_roller_coaster_3p_finished_record_max": 369,
    "selfplay_roller_coaster_4p_v0": {
        "finished": 2000, "won": 2000, "endings": {"won": 2000}, "cards_conserved": True,
        "mean_turns": 66.85, "max_turns": 360, "wins_by_seat": [547, 480, 477, 496],
    },
    "tournament_roller_coaster_4p_v0_hard_vs_normal": {
        "players": 1, "win_share": 0.3745, "ci95": [0.3535, 0.3959], "fair_share": 0.25,
        "ratio_to_fair": 1.498, "ms_per_decision": 0.11, "mean_turns": 86.91, "seat_bias": 0.05,
    },
    "a_new_figure": 7,
}  # fmt: skip


def test_markdown_from_a_small_run():
    page = figures.markdown(SMALL, "2026-11-25")
    assert page.startswith("# Figures\n")
    assert "Measured on 2026-11-25, in 141 s" in page
    assert "21.0 KB once imported" in page  # the engine core
    assert "| Roller Coaster | 5.0 KB | 4 players: 61 / 39 KB | - | 0 / 0 |" in page
    assert "| smallest heap for the long session" in page and "| 173 KB | 174 KB |" in page
    assert "| Roller Coaster | 52 | - |" in page  # a cursor move; no opponent figures
    assert "| Roller Coaster, 3 players | 121 | 369 |" in page
    assert "| Roller Coaster | 4 | Standard | 2,000 won | 66.8 / 360 |" in page
    assert "wins by seat 547 / 480 / 477 / 496" in page
    assert "| Hard against Normal | 0.374 [0.353, 0.396] | 1.50x |" in page
    # sections with no figures are left out; an unknown figure is kept
    assert "## Hard's decisions" not in page and "## Speed" not in page
    assert "| a_new_figure | 7 |" in page
    assert page.endswith("|\n")


def test_every_figure_of_a_run_is_on_the_page():
    page = figures.markdown(SMALL, "today")
    assert "## Other figures" in page
    assert page.count("a_new_figure") == 1
    # nothing else fell through to the last table
    other = page.split("## Other figures")[1]
    assert [k for k in SMALL if k in other] == ["a_new_figure"]


def test_render_writes_the_page_from_a_json(tmp_path, capsys):
    src = tmp_path / "bench.json"
    src.write_text(json.dumps(dict(SMALL, bench_date="2026-01-02")))
    out = tmp_path / "figures.md"
    assert bench.main(["--render", str(src), "--figures", str(out)]) == 0
    assert "Measured on 2026-01-02" in out.read_text()


def test_a_whole_run_writes_the_json_and_the_page(tmp_path, monkeypatch):
    # nothing measured: each part (every ``*_figures`` of the bench, so a
    # part added later is never run for real here) gives one figure
    parts = [n for n in dir(bench) if n.endswith("_figures") and callable(getattr(bench, n))]
    assert {"startup_figures", "link_figures", "tournament_figures"} <= set(parts)
    for name in parts:
        monkeypatch.setattr(bench, name, lambda name=name, **kw: {"fake_" + name: 1})
    out, page = tmp_path / "bench.json", tmp_path / "figures.md"
    assert bench.main(["--out", str(out), "--figures", str(page)]) == 0
    run = json.loads(out.read_text())  # not "figures": that is the page's module
    assert len(run["bench_date"]) == 10 and "fake_tournament_figures" in run
    text = page.read_text()
    assert "Measured on " + run["bench_date"] in text and "| fake_mp_figures | 1 |" in text
    # a quick run leaves the page alone
    page.unlink()
    assert bench.main(["--out", str(out), "--figures", str(page), "--quick"]) == 0
    assert not page.exists()


def test_the_link_section_shows_bytes_a_game_and_the_decoders_cost(tmp_path):
    """``make bench``'s link figures as a run gives them: the page says the
    bytes of a game and what the decoder costs a byte, honest and hostile
    (the section once failed on them, and left the page empty)."""
    run = dict(SMALL, link_elevator_bytes=12166, link_elevator_bytes_to_guests=11618,
               link_elevator_finished=True, link_elevator_largest_frame_bytes=113,
               link_elevator_largest_players=6, link_elevator_messages=184,
               link_elevator_moves=66, link_elevator_players=4, link_elevator_seconds=5.1,
               link_elevator_vm_make_us=143, link_elevator_vm_read_us=137,
               link_decode_ns_honest=769, link_decode_ns_repeat=241,
               link_decode_ns_len=672)  # fmt: skip
    src, out = tmp_path / "bench.json", tmp_path / "figures.md"
    src.write_text(json.dumps(run))
    assert bench.main(["--render", str(src), "--figures", str(out)]) == 0
    text = out.read_text()
    assert "| Elevator | 4 | 66 | 184 | 12,166 | 184 | 11,618 | yes |" in text
    assert "| C5 F0 01 00 over and over | 241 | 0.3x |" in text
    assert "estimated" not in text  # VM figures, never scaled to a board


def test_the_browser_section_shows_the_page_bytes_title_and_frame_times(tmp_path):
    run = dict(SMALL, web_page_bytes=739244, web_page_gzip_bytes=349161,
               web_title_ms_first=841.1, web_title_ms_cached=665.1,
               **{"web_roller-coaster_finished": True, "web_roller-coaster_frames": 2768,
                  "web_roller-coaster_frame_ms_median": 2.2,
                  "web_roller-coaster_frame_ms_p99": 15.2,
                  "web_roller-coaster_frame_ms_max": 30.8,
                  "web_roller-coaster_heap_bytes": 118624})  # fmt: skip
    src, out = tmp_path / "bench.json", tmp_path / "figures.md"
    src.write_text(json.dumps(run))
    assert bench.main(["--render", str(src), "--figures", str(out)]) == 0
    text = out.read_text()
    assert "## Browser" in text and "349,161 gzipped" in text and "665.1 ms cached" in text
    assert "| Roller Coaster | 2,768 | 2.2 / 15.2 / 30.8 | 116 | yes |" in text
