"""The core's one way to declare a card (``core.cards.CardBook``), issue 31: what the five
games' engineers found awkward, each a test that fails on the book before the fix."""

from __future__ import annotations

from typing import Any

import pytest

from soulforge.core import cards
from soulforge.core.cards import NO_USE, CardBook, UseDeclaration
from soulforge.core.errors import DataError
from soulforge.core.registry import Registry

Log = list[str]

EFFECTS: Registry[Any] = Registry("toy effects")
REQUIREMENTS: Registry[Any] = Registry("toy requirements")


@EFFECTS.register("say")
def _say(log: Log, who: str, word: str) -> None:
    log.append(f"{who}: {word}")


@EFFECTS.register("bow")
def _bow(log: Log, who: str) -> None:
    log.append(f"{who} bows")


@EFFECTS.register("say_all")
def _say_all(log: Log, who: str, *words: str) -> None:
    log.extend(f"{who}: {word}" for word in words)


@REQUIREMENTS.register("at_most")
def _at_most(log: Log, who: str, n: int) -> str | None:
    return None if len(log) <= n else f"more than {n} said"


USES = {"enter": ("enter", "enter_if"), "leave": ("leave", "leave_if")}


def _book(**options: Any) -> CardBook[Log, str]:
    return CardBook("Toy", EFFECTS, REQUIREMENTS, **options)


# -- 1. named uses ---------------------------------------------------------------------------
def test_a_card_declares_named_uses_each_checked_and_run_alone() -> None:
    book = _book(uses=USES)
    card = book.add({"name": "Crier", "enter": [["say", "hi"]], "enter_if": [["at_most", 0]],
                     "leave": ["bow"]})
    assert dict(card.uses) == {"enter": UseDeclaration((("say", ("hi",)),), (("at_most", (0,)),)),
                               "leave": UseDeclaration((("bow", ()),), ())}
    log: Log = []
    assert book.unmet(card, log, "Crier", use="enter") is None
    book.run(card, log, "Crier", use="enter")
    assert log == ["Crier: hi"]
    assert book.unmet(card, log, "Crier", use="enter") == "more than 0 said"
    assert book.unmet(card, log, "Crier", use="leave") is None
    book.run(card, log, "Crier", use="leave")
    assert log == ["Crier: hi", "Crier bows"]


def test_a_use_the_row_lacks_is_empty_and_an_unknown_use_an_error() -> None:
    book = _book(uses=USES)
    card = book.add({"name": "Mute", "leave": ["bow"]})
    assert list(card.uses) == ["leave"]
    assert card.use("enter") is NO_USE
    log: Log = []
    assert book.unmet(card, log, "Mute", use="enter") is None
    book.run(card, log, "Mute", use="enter")
    assert log == []
    with pytest.raises(KeyError, match="no use 'exit'"):
        book.run(card, log, "Mute", use="exit")


def test_the_single_use_form_is_unchanged() -> None:
    book: CardBook[Log, str] = CardBook("Toy", EFFECTS, REQUIREMENTS, "effects", "requires")
    card = book.add({"name": "Herald", "effects": [["say", "hear ye"]], "requires": [["at_most", 0]]})
    assert (card.effects, card.requirements, dict(card.uses)) == (
        (("say", ("hear ye",)),), (("at_most", (0,)),), {})
    log: Log = []
    assert book.unmet(card, log, "Herald") is None
    book.run(card, log, "Herald")
    assert log == ["Herald: hear ye"]


# -- 2. piece arity checked at declaration ---------------------------------------------------------
@pytest.mark.parametrize(("row", "where"), [
    ({"name": "Mute", "effects": ["say"]}, "Mute: effects: 'say' given 0 arguments"),
    ({"name": "Loud", "effects": [["bow", "deep"]]}, "Loud: effects: 'bow' given 1 argument "),
    ({"name": "Odd", "requires": [["at_most", 1, 2]]}, "Odd: requires: 'at_most' given 2 arguments"),
    ({"name": "Late", "leave": [["say"]]}, "Late: leave: 'say' given 0 arguments"),
])
def test_a_wrong_argument_count_is_refused_at_declaration(row: dict[str, Any], where: str) -> None:
    with pytest.raises(DataError, match=f"^Toy cards: {where}"):
        _book(uses=USES).declare(row)


def test_a_piece_taking_any_count_accepts_any() -> None:
    card = _book().declare({"name": "Choir", "effects": [["say_all", "a", "b", "c"]]})
    assert card.effects == (("say_all", ("a", "b", "c")),)


def test_each_piece_signature_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[object] = []
    original = cards.piece_signature

    def counted(piece: object) -> Any:
        read.append(piece)
        return original(piece)

    monkeypatch.setattr(cards, "piece_signature", counted)
    book = _book()
    book.add_all({"name": f"Crier {i}", "effects": [["say", "hi"], ["say", "bye"]]} for i in range(20))
    assert read == [_say]


# -- 3. the data file named in errors --------------------------------------------------------
def test_errors_name_the_data_file_when_given() -> None:
    with pytest.raises(DataError, match=r"^toy\.toml: Broken: effects: 'sing' is not in toy effects"):
        _book(data_file="toy.toml").declare({"name": "Broken", "effects": ["sing"]})
    with pytest.raises(DataError, match=r"^Toy cards: Broken: effects: 'sing'"):
        _book().declare({"name": "Broken", "effects": ["sing"]})


# -- 4. an argument reader ------------------------------------------------------------------------
def _sourced(value: Any) -> Any:
    if isinstance(value, dict) and "value" in value:
        return value["value"]
    raise ValueError(f"write {value!r} as {{value, source}}")


def test_arguments_are_read_through_the_hook_at_declaration() -> None:
    book = _book(read_arg=_sourced, data_file="toy.toml")
    card = book.declare({"name": "Quiet", "requires": [["at_most", {"value": 1, "source": "rulebook"}]]})
    assert card.requirements == (("at_most", (1,)),)
    with pytest.raises(DataError, match=r"^toy\.toml: Loud: requires\[0\]: write 1 as \{value, source\}"):
        book.declare({"name": "Loud", "requires": [["at_most", 1]]})


def test_the_read_argument_is_what_the_arity_check_sees() -> None:
    book = _book(read_arg=_sourced)
    with pytest.raises(DataError, match="'at_most' given 2 arguments"):
        book.declare({"name": "Odd", "requires": [["at_most", {"value": 1}, {"value": 2}]]})


# -- 5. removing a card ---------------------------------------------------------------------------
def test_remove_takes_a_card_out() -> None:
    book = _book()
    imp = book.add({"name": "Imp", "effects": ["bow"]})
    assert book.remove("Imp") is imp
    assert "Imp" not in book and len(book) == 0
    with pytest.raises(KeyError):
        book.remove("Imp")
    book.add({"name": "Imp"})  # its name is free again


def test_adding_keeps_a_test_card_for_the_block_only_even_on_error() -> None:
    book = _book()
    book.add({"name": "Imp"})
    with book.adding({"name": "Herald", "effects": [["say", "hear ye"]]}) as herald:
        assert book["Herald"] is herald and len(book) == 2
    assert "Herald" not in book and len(book) == 1
    with pytest.raises(RuntimeError), book.adding({"name": "Herald"}):
        raise RuntimeError("the test failed")
    assert "Herald" not in book
    with pytest.raises(DataError, match="declared twice"), book.adding({"name": "Imp"}):
        pass
    assert "Imp" in book  # a refused test card leaves the real one
