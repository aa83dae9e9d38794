"""Every rule ID in a spec under seeds/ is asserted by at least one test.

An ID counts only where a test asserts it: in an ``assert`` statement
(its expression or its message), or in a call that asserts (``pytest.raises``,
``pytest.fail``, a helper named ``assert...``, ``check...`` or
``expect...``), read from the tests' syntax trees. A comment, a docstring
or a test's name does not count: naming a rule is not checking it."""

import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_RULE = re.compile(r"^- \*\*([A-Z]{2,4}-\d+)\*\*", re.M)
_PYTEST_ASSERTS = {"raises", "fail", "warns", "deprecated_call"}
_HELPER = re.compile(r"_*(assert|check|expect)", re.I)


def _spec_ids():
    ids = {}
    seeds = os.path.join(ROOT, "seeds")
    for name in sorted(os.listdir(seeds)):
        if name.endswith(".md"):
            with open(os.path.join(seeds, name)) as f:
                for rid in _RULE.findall(f.read()):
                    ids[rid] = name
    return ids


def _callee(call):
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _asserting(call):
    """A call that asserts: pytest's, or a helper named for it."""
    name = _callee(call)
    return name in _PYTEST_ASSERTS or _HELPER.match(name) is not None


def _words(node):
    """The strings and names inside ``node`` (f-strings included)."""
    out = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            out.append(sub.value)
        elif isinstance(sub, ast.Name):
            out.append(sub.id)
        elif isinstance(sub, ast.Attribute):
            out.append(sub.attr)
    return out


def asserted_text(source):
    """What the asserts of ``source`` say: each assert statement whole,
    and the arguments of each asserting call."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assert):
            out.extend(_words(node))
        elif isinstance(node, ast.Call) and _asserting(node):
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                out.extend(_words(arg))
    return "\n".join(out)


def _test_text():
    text = []
    for base, _dirs, files in os.walk(os.path.join(ROOT, "tests")):
        for name in sorted(files):
            if name.endswith(".py") and name != "test_spec_ids.py":
                with open(os.path.join(base, name)) as f:
                    text.append(asserted_text(f.read()))
    return "\n".join(text)


def _names_id(text, rid):
    # RC-8 / rc8 / rc_8, not RC-80
    pat = rid.replace("-", "[-_]?")
    return re.search(r"(?i)(?<![a-z])" + pat + r"(?![0-9])", text) is not None


def test_specs_have_rule_ids():
    ids = _spec_ids()
    assert "RC-1" in ids and len(ids) >= 10


def test_only_what_is_asserted_counts():
    source = '''
def test_rc1_named_only():
    """RC-2 in a docstring."""
    # RC-3 in a comment
    note = "RC-4 in a string nobody asserts"
    assert note, "RC-5: in an assert's message"
    assert "RC-6" in note
    with pytest.raises(ValueError, match="RC-7"):
        pass
    check(note, "RC-8 through a helper")
    print("RC-9 printed")
'''
    text = asserted_text(source)
    assert [rid for rid in ("RC-%d" % i for i in range(1, 10)) if _names_id(text, rid)] == [
        "RC-5", "RC-6", "RC-7", "RC-8"
    ]  # fmt: skip
    assert _names_id("RC-10", "RC-10") and not _names_id("RC-10", "RC-1")


def test_every_rule_id_is_tested():
    text = _test_text()
    ids = _spec_ids()
    missing = [rid + " (" + ids[rid] + ")" for rid in ids if not _names_id(text, rid)]
    assert not missing, "rules no test asserts: " + ", ".join(missing)
