"""Every rule ID in a spec under seeds/ is named by at least one test."""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_RULE = re.compile(r"^- \*\*([A-Z]{2,4}-\d+)\*\*", re.M)


def _spec_ids():
    ids = {}
    seeds = os.path.join(ROOT, "seeds")
    for name in sorted(os.listdir(seeds)):
        if name.endswith(".md"):
            with open(os.path.join(seeds, name)) as f:
                for rid in _RULE.findall(f.read()):
                    ids[rid] = name
    return ids


def _test_text():
    text = []
    for base, _dirs, files in os.walk(os.path.join(ROOT, "tests")):
        for name in files:
            if name.endswith(".py") and name != "test_spec_ids.py":
                with open(os.path.join(base, name)) as f:
                    text.append(f.read())
    return "\n".join(text)


def _names_id(text, rid):
    # rc8 / RC-8 / rc_8 in a test name or comment, not RC-80
    pat = rid.replace("-", "[-_]?")
    return re.search(r"(?i)(?<![a-z])" + pat + r"(?![0-9])", text) is not None


def test_specs_have_rule_ids():
    ids = _spec_ids()
    assert "RC-1" in ids and len(ids) >= 10


def test_every_rule_id_is_tested():
    text = _test_text()
    ids = _spec_ids()
    missing = [rid + " (" + ids[rid] + ")" for rid in ids if not _names_id(text, rid)]
    assert not missing, "rules with no test naming them: " + ", ".join(missing)
