"""Kipukas play styles (#playstyleoptions) as a table option: the registry, the options a
table offers and checks, and Domination left as it was."""

from __future__ import annotations

import pytest

import soulforge
from soulforge.core.errors import OptionError
from soulforge.games.kipukas.game import Kipukas
from soulforge.games.kipukas.styles import DEFAULT, OPTIONS, STYLES
from tests.kipukas.scenario import fresh


def test_domination_is_the_default_and_its_options_and_views_are_unchanged() -> None:
    """A table that names no style plays Domination; the style options at their default are
    left out of the game's options, and no ``style`` key enters a view (the golden records)."""
    game = soulforge.load("kipukas")
    assert isinstance(game, Kipukas)
    assert game.style.name == DEFAULT == "domination"
    assert not set(game.options) & {option.name for option in OPTIONS}
    state = fresh()
    assert "style" not in state.view(0) and "style" not in state.view(None)
    named = soulforge.load("kipukas", style="domination", defeat_limit=5)
    assert named.options == game.options


def test_every_style_is_offered_as_a_table_option_with_its_choices() -> None:
    """The new-table form and the terminal's ``--option`` read ``option_specs``: ``style``
    lists every registered style; each style's limits are options of their own."""
    specs = {spec["name"]: spec for spec in soulforge.load("kipukas").describe()["options"]}
    assert specs["style"]["choices"] == list(STYLES)
    assert {"body_count", "cost_too_great", "king_of_the_hill"} <= set(STYLES)
    for style in STYLES.values():
        assert set(style.reads) <= set(specs), style.name
    game = soulforge.load("kipukas", style="body_count", card_limit="12")  # text, as a form sends it
    assert game.options["style"] == "body_count" and game.options["card_limit"] == 12


def test_a_style_that_is_not_one_is_refused_naming_the_option() -> None:
    with pytest.raises(OptionError, match="style"):
        soulforge.load("kipukas", style="capture_the_flag")
    with pytest.raises(OptionError, match="defeat_limit"):
        soulforge.load("kipukas", style="cost_too_great", defeat_limit=0)


def test_a_style_option_survives_the_record() -> None:
    """A style game replays from its record (the option is in it)."""
    game = soulforge.load("kipukas", style="king_of_the_hill", hill_cycles=4)
    state = game.new_game(seed=3)
    record = state.record()
    assert record.options["style"] == "king_of_the_hill" and record.options["hill_cycles"] == 4
    again = soulforge.load("kipukas", **record.options).new_game(seed=3)
    assert again.view(None) == state.view(None)
