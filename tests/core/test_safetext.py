from worded import raises_worded

from kobito_tui.core.safetext import NAME_MAX_CHARS, name_fault, printable
from kobito_tui.i18n.messages import english


def name_problem(name):
    fault = name_fault(name)
    return None if fault is None else english(fault)


def test_escapes_become_visible_text():
    shown = printable("Ann\x1b]0;pwned\x07")
    assert "\x1b" not in shown and "\x07" not in shown
    assert shown == "Ann\\x1b]0;pwned\\x07"


def test_bidi_and_c1_controls_are_escaped():
    assert printable("a\u202eb\x9bc") == "a\\u202eb\\x9bc"


def test_ordinary_text_is_unchanged():
    for text in ("Ann", "Олена", "[link=http://a]", "日本語"):
        assert printable(text) == text


def test_limit_cuts_with_an_ellipsis():
    assert printable("x" * 50, limit=10) == "x" * 9 + "…"


def test_name_rules():
    assert name_problem("Ann") is None
    assert "empty" in name_problem("  ")
    assert str(NAME_MAX_CHARS) in name_problem("x" * (NAME_MAX_CHARS + 1))
    assert "control" in name_problem("a\x1bb")


def test_a_new_header_refuses_a_name_with_escapes():
    from kobito_tui.core.game import Seat
    from kobito_tui.core.record import new_header

    with raises_worded(ValueError, "control"):
        new_header("kobito", (Seat("Ann\x1b]0;pwned\x07"), Seat("Bob")))
    with raises_worded(ValueError, "at most"):
        new_header("kobito", (Seat("A" * 100), Seat("Bob")))
