"""make test's worker groups hold.

A module fixture that plays real-time link games or draws every screen is
worth its cost once: its tests carry an ``xdist_group`` mark, and under
``make test`` (``-n JOBS --dist loadgroup``) one worker runs the whole
group. pytest 9.2 made that mark a silent no-op with pytest-xdist 3.8
(the group rides on the test's id, which 9.2 no longer lets a plugin
change: pytest-dev/pytest-xdist#1386): every group's tests went to
different workers and each ran its fixture again. This fails then.
"""

import pytest


@pytest.mark.xdist_group("groups-hold")
def test_a_grouped_test_runs_in_its_group(request):
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not under --dist loadgroup (make test runs so)")
    assert request.node.nodeid.endswith("@groups-hold"), request.node.nodeid
