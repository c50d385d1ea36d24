"""The claim language: what it computes, how it explains a false claim, and what it refuses."""

from __future__ import annotations

from typing import Any

import pytest

from deckwright.rules.evaluate import ClaimError, Result, evaluate
from deckwright.rules.syntax import ClaimSyntaxError, parse

FACTS = {
    "deck.total": 10,
    "deck.wolves": 4,
    "setup.cards.2": 8,
    "setup.cards.3": 6,
    "table": {"2": 10, "3": 5},
    "flags.on": True,
    "colours": ["red", "blue"],
}
ENTITIES = [{"id": "wolf", "type": "card", "copies": 2, "strength": 3},
            {"id": "bear", "type": "card", "copies": 1, "strength": 5}]


def run(text: str, facts: dict[str, Any] = FACTS) -> Result:
    return evaluate(text, parse(text), facts, {"cards": lambda: ENTITIES})


@pytest.mark.parametrize(("text", "value"), [
    ("deck.total - deck.wolves == 6", True),
    ("1 < deck.wolves <= 4", True),
    ("table.2 + table[3] == 15", True),
    ("setup.cards", {"2": 8, "3": 6}),
    ("setup.cards[2] == 8", True),
    ("'red' in colours and 'green' not in colours", True),
    ("count(cards()) == 3 and len(cards()) == 2", True),
    ("sum([c.strength * c.copies for c in cards()])", 11),
    ("[c.id for c in cards() if c.strength > 4]", ["bear"]),
    ("tally([3, 3, 5])", {"3": 2, "5": 1}),
    ("set(['b', 'a', 'b']) == ['a', 'b']", True),
    ("fact('deck.total') == fact('deck.' + 'total')", True),
    ("fact('deck.missing', 0)", 0),
    ("keys(table) == ['2', '3'] and min(3, 1, 2) == 1 and max([4, 9]) == 9", True),
    ("-deck.total // 3", -4),
    ("{'a': 1}.a == 1 and null == null and not false", True),
])
def test_values(text: str, value: Any) -> None:
    assert run(text).value == value


def test_facts_read_are_recorded_in_order() -> None:
    assert run("deck.wolves < deck.total and deck.wolves > 0").facts == ("deck.wolves", "deck.total")


@pytest.mark.parametrize(("text", "why"), [
    ("deck.total == deck.wolves + 1", "deck.total (10) == deck.wolves + 1 (5) is false"),
    ("deck.total == (deck.wolves + 1) * 1", "deck.total (10) == (deck.wolves + 1) * 1 (5) is false"),
    ("flags.on and deck.total < 3", "deck.total (10) < 3 is false"),
    ("not flags.on", "flags.on is true"),
    ("all(c.strength > 4 for c in cards())", "for c = wolf: c.strength (3) > 4 is false"),
    ("any(c.strength > 9 for c in cards())", "no c in cards() ([wolf, bear]) has c.strength > 9"),
])
def test_a_false_claim_is_explained_with_its_values(text: str, why: str) -> None:
    result = run(text)
    assert (result.value, result.why) == (False, why)


@pytest.mark.parametrize(("text", "message", "kind"), [
    ("deck.totl == 10", "no clause states the fact 'deck.totl'", "unknown-fact"),
    ("open('/etc/passwd')", "there is no function 'open'", "invalid"),
    ("__import__('os')", "there is no function '__import__'", "invalid"),
    ("cards().__class__", "[wolf, bear] (list) has no field \"__class__\"", "invalid"),
    ("deck.total + 'x'", "'+' needs a number, but 'x' is \"x\"", "invalid"),
    ("deck.total / 0", "division by zero: 0 is 0", "invalid"),
    ("deck.total and true", "'and' needs true or false, but deck.total is 10", "invalid"),
    ("colours < 3", "cannot order [\"red\", \"blue\"] and 3 with '<'", "invalid"),
    ("len(1, 2)", "len(): too many positional arguments", "invalid"),
])
def test_what_cannot_be_evaluated_is_a_claim_error(text: str, message: str, kind: str) -> None:
    with pytest.raises(ClaimError) as caught:
        run(text)
    assert (str(caught.value), caught.value.kind) == (message, kind)


def test_unknown_fact_hint_names_the_closest_fact() -> None:
    with pytest.raises(ClaimError) as caught:
        run("deck.totl == 10")
    assert caught.value.hint == "did you mean 'deck.total'?"


@pytest.mark.parametrize(("text", "offset"), [
    ("deck.total ==", 13),
    ("deck.total = 10", 11),
    ("(1 + 2", 6),
    ("1 + $", 4),
    ("f(a=1, 2)", 7),
    ("'unterminated", 0),
])
def test_syntax_errors_say_where(text: str, offset: int) -> None:
    with pytest.raises(ClaimSyntaxError) as caught:
        parse(text)
    assert caught.value.offset == offset


def test_a_syntax_error_names_what_it_met_in_plain_words() -> None:
    with pytest.raises(ClaimSyntaxError, match="^the expression ends too early$"):
        parse("1 +")
    with pytest.raises(ClaimSyntaxError, match="^unexpected '\\)'$"):
        parse("1 + )")


def test_deeply_nested_and_huge_expressions_are_refused() -> None:
    with pytest.raises(ClaimSyntaxError, match="nested deeper"):
        parse("(" * 500 + "1" + ")" * 500)
    with pytest.raises(ClaimSyntaxError, match="longer than"):
        parse("1 + " * 2000 + "1")


def test_arguments_a_function_refuses_are_refused_every_time_it_is_called_so() -> None:
    from deckwright.rules.evaluate import evaluator

    text = "len(colours) + len(colours, colours)"
    tree = parse(text)
    run_once = evaluator(text, FACTS, {})
    for _ in range(2):  # the second time from what the first worked out
        with pytest.raises(ClaimError, match=r"len\(\): too many positional arguments"):
            run_once.run(tree, {})
    ok = parse("len(colours) + len(colours)")
    assert evaluator("len(colours) + len(colours)", FACTS, {}).run(ok, {}) == 4
