"""The new-table form names the Kipukas play styles in words (#playstyleoptions), and still
sends the style's code name: ``Option.choice_labels`` and the lobby's option field."""

from __future__ import annotations

import re

import soulforge
from soulforge.core.options import Option
from soulforge.games.kipukas.styles import STYLES
from soulforge.server import views


def test_an_option_describes_its_choices_in_words_only_when_it_has_them() -> None:
    worded = Option("size", str, "a_b", choices=("a_b", "c"), choice_labels={"a_b": "A and b"})
    assert worded.describe()["choice_labels"] == {"a_b": "A and b"}
    assert worded.check("a_b") == "a_b"  # the value kept is the code name
    assert "choice_labels" not in Option("size", str, "a", choices=("a", "b")).describe()


def test_the_style_choices_carry_every_style_s_title() -> None:
    specs = {spec["name"]: spec for spec in soulforge.load("kipukas").describe()["options"]}
    assert specs["style"]["choice_labels"] == {name: style.title for name, style in STYLES.items()}
    assert specs["style"]["choice_labels"]["king_of_the_hill"] == "King of the hill"


def test_the_lobby_form_shows_the_styles_in_words_and_sends_their_code_names() -> None:
    """Each ``<option>`` of the style select has the code name as its value and the title as
    its text; the field's bounds name the default and the others in words too."""
    game = soulforge.load("kipukas").describe()
    html = views.lobby([game], [], {})
    select = re.search(r'<select name="opt:style"[^>]*>(.*?)</select>', html)
    assert select is not None
    shown = re.findall(r'<option value="([^"]+)"( selected)?>([^<]+)</option>', select.group(1))
    assert [(value, text) for value, _, text in shown] == [(n, s.title) for n, s in STYLES.items()]
    assert [value for value, selected, _ in shown if selected] == ["domination"]
    assert "default Domination, or Highest body count, The cost is too great" in html
