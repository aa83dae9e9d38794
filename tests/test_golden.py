"""Golden pictures of the key screens on both panels, pixel for pixel.

After a deliberate change to a screen, draw them again with
``make golden`` (``python -m sim.golden --write``) and look at the
changed PNGs before committing them."""

import pytest

from sim import golden


@pytest.mark.parametrize("name", list(golden.SCREENS))
@pytest.mark.parametrize("profile", golden.PROFILES)
def test_screen_matches_its_golden_picture(profile, name):
    n, img = golden.differences(profile, name)
    assert n >= 0, "no golden picture for %s %s: run make golden" % (profile, name)
    if n:
        img.save("/tmp/golden-%s-%s.png" % (profile, name))
    assert n == 0, "%s %s differs in %d pixels (drawn: /tmp/golden-%s-%s.png)" % (
        profile, name, n, profile, name)  # fmt: skip


def test_every_key_screen_has_a_picture_on_both_panels():
    names = set(golden.SCREENS)
    for must in ("title", "menu", "setup", "pause", "rules", "results", "stats", "settings"):
        assert must in names
    import games

    for info in games.CATALOGUE:
        assert "table-" + info.ID in names
