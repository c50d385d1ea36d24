"""Numbers read from a book line, the book's terms against the glossary, fact names that nearly collide,
and worked examples recomputed from the rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckwright.lint.glossary import check_glossary
from deckwright.model import load_pack
from deckwright.rules.fact_names import collisions
from deckwright.rules.numbers import numbers_on
from deckwright.rules.spelling import distance, singular, stem
from deckwright.rules.terms_book import check_book_terms
from tests.rules.packs import CARDS, check, codes, write_book, write_pack


@pytest.mark.parametrize(("line", "found"), [
    ("Each player draws 2 cards, twice a round, and pays three gold.", ["2", "twice", "three"]),
    ("1. Turn over 2 terrain cards", ["2"]),  # a list marker is no number
    ('(see "1. Turn over 2 terrain cards")', ["2"]),  # nor a quoted numbered heading
    ("See page 12 and section 3.2.1 for details, printed in 2019.", []),
    ("42", []),  # a page number
    ("• Once the fight ends, move once more.", ["once"]),  # a sentence's opening "Once" is a conjunction
    ("No one may move onto field A1 with a d6 on the 2nd turn.", []),
    ("Gain 10% more, at least 1.5 per turn; one of them wins; one adventurer stays.", ["10%", "1.5", "one"]),
])
def test_numbers_on_a_line(line: str, found: list[str]) -> None:
    assert [n.text for n in numbers_on(line)] == found


def test_word_forms() -> None:
    assert [singular(w) for w in ("cards", "heroes", "abilities", "dice", "boss", "status")] == [
        "card", "hero", "ability", "dice", "boss", "status"]
    assert stem("fighting") == stem("fights") == "fight" and stem("adventurer's") == "adventurer"
    assert (distance("damage", "damgae"), distance("sprite", "sprit"), distance("herb", "sword", 2)) == (1, 1, 3)


def test_fact_names_that_nearly_collide() -> None:
    names = ["hand.size", "hand_size", "hands.size", "size.hand", "adventure.1.name", "adventure.2.name",
             "battle.damage", "battle.damgae", "hand.band", "fight.won.swords_to", "fight.lost.swords_to"]
    found = {(a, b): how for a, b, how in collisions(names)}
    assert found[("hand.size", "hand_size")] == "differ only in separators"
    assert found[("hand.size", "hands.size")] == "differ only in a plural"
    assert found[("hand.size", "size.hand")] == "have the same words in another order"
    assert found[("battle.damage", "battle.damgae")].startswith("differ by a typo")
    pairs = set(found)
    assert ("adventure.1.name", "adventure.2.name") not in pairs and ("fight.lost.swords_to", "fight.won.swords_to") \
        not in pairs and not any("hand.band" in pair for pair in pairs)


BOOK = """\
The Fire Drake attacks at dusk.
A Fire Drake breathes when the [Burning] keyword is read; Burning players lose a life.
Every herb card and herb tile heals; the combat strength level and the combat level add up.
A herb heals, and a Poisoned hero waits; the Poisned hero waits too; Poisoned heroes never heal.
"""

RULES = {"01.yaml": """\
    section: play
    title: Play
    clauses:
      - {id: drake, summary: The drake., source: [{doc: book, line: "1-4"}]}
      - {id: a, summary: Size., source: [{doc: book, line: 1}], facts: {hand.size: 5}}
      - {id: b, summary: Size again., source: [{doc: book, line: 2}], facts: {hands_size: 5}}
    """}

GLOSSARY = """\
  - {term: herb, kind: icon, meaning: Heals., aliases: [herb tile]}
  - {term: combat strength, kind: term, meaning: Total., aliases: [combat strength level]}
  - {term: Frozen, kind: condition, meaning: Cannot move.}
"""


COMPONENTS = """\
components:
  - {id: herb-tiles, name: Herb tiles, count: 2}
"""


def test_book_terms_against_the_glossary(workdir: Path) -> None:
    folder = write_pack(workdir, RULES)
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("lines: 6", "lines: 4") + GLOSSARY + COMPONENTS)
    seeds = write_book(workdir, BOOK)
    _, report = check("tiny", "--sources", str(seeds))
    undefined = {d["subject"] for d in codes(report, "DW425")}
    assert undefined == {"Fire Drake", "Burning"}
    variants = {d["subject"] for d in codes(report, "DW424")}
    assert variants == {"herb|herb card", "combat strength|combat level", "Poisoned|Poisned"}
    unused = {d["subject"] for d in codes(report, "DW426")}
    assert unused == {"Frozen"}  # "card" is used, in "herb card"
    (collision,) = codes(report, "DW427")
    assert "hands_size" in collision["message"] and collision["related"][0]["message"] == "clause 'a' states hand.size"


EXAMPLE = {"01.yaml": """\
    section: play
    title: Play
    clauses:
      - {id: rule, summary: Two a turn., source: [{doc: book, line: 4}], facts: {turn.cards_drawn: 2}}
      - id: example
        summary: Three turns draw six.
        source: [{doc: book, line: 4}]
        facts: {example.turns: 3, example.drawn: 6, example.left: 0}
        claims:
          - {id: recomputed, expr: "example.turns * turn.cards_drawn == example.drawn"}
          - {id: restated, expr: "example.left == 0"}
    """}


def test_worked_example_facts_must_be_recomputed_from_the_rule(workdir: Path) -> None:
    write_pack(workdir, EXAMPLE)
    _, report = check("tiny")
    (found,) = codes(report, "DW428")
    assert found["subject"] == "example.left" and "read no fact of the rule and ask no probe" in found["message"]
    assert found["severity"] == "info"
    rules = workdir / "tiny" / "rules" / "01.yaml"
    rules.write_text(rules.read_text().replace("example.drawn: 6", "example.drawn: 7"))
    _, report = check("tiny")
    assert [d["subject"] for d in codes(report, "DW401")] == ["recomputed"]


DAMAGED = """\
Once per turn, the Sea Wyrm attacks the Sea Wyrm.
Once a round, it moves; once more if hurt, and once again. Once more. Once again. Do it once, or once, or once.
Spend a coin. Spend two; spend it, spend all, spend more, spend less.
Take the Amulet of PowerSpend a stamina to heal.
A Gift of Frost Once per scenario, heal; the Gift of Frost heals.
Spend the locked stamina; with stamina locked, rest; locked stamina stays.
The Level Combat adds up with the Combat Level, the Combat Level.
A Mighty hero hits; might wins; might loses; might ends.
The Flight is long; light wins; light loses; light ends.
The Poisond hero bites; a poisoned hero waits; Poisoned heroes rest.
The Aox Token holds a card; an Aox token stays.
Roll the WolfBear Cub dice.
Keep each Wyrm Scale; a Wyrm Scale token heals, the Wyrm Scale too.
Read the Sea Wyrm Tale (Winter); take the Deep Sea token, then a Sea Spray token.
"""

DAMAGED_GLOSSARY = """\
  - {term: Amulet of Power, kind: card, meaning: An amulet.}
  - {term: Gift of Frost, kind: card, meaning: A gift.}
  - {term: locked stamina, kind: term, meaning: Stamina set aside.}
  - {term: Combat Level, kind: term, meaning: Strength.}
  - {term: might, kind: term, meaning: Force.}
  - {term: light, kind: term, meaning: Brightness.}
  - {term: Aox, kind: term, meaning: A people.}
  - {term: Wyrm Scale token, kind: token, meaning: Heals.}
  - {term: Sea Wyrm Tale (Summer), kind: card, meaning: A story.}
  - {term: Sea Spray token, kind: token, meaning: Wet.}
  - {term: Deep Sea token, kind: token, meaning: Deep.}
"""


def test_book_terms_read_through_extraction_damage(workdir: Path) -> None:
    """Each precision rule on one line: the true finding kept (the Sea Wyrm is undefined, 'Level Combat'
    reorders a name, 'Poisond' is a typo of a defined term), the false ones gone."""
    folder = write_pack(workdir, RULES)
    manifest = folder / "pack.yaml"
    tokens = "components:\n  - {id: tokens, name: Tokens, count: 9}\n"
    manifest.write_text(manifest.read_text().replace("lines: 6", "lines: 14") + DAMAGED_GLOSSARY + tokens)
    seeds = write_book(workdir, DAMAGED)
    pack = load_pack(folder, "tiny").pack
    assert pack is not None
    found = list(check_book_terms(pack, seeds))
    by_code = {code: {d.subject for d in found if d.code == code} for code in ("DW424", "DW425", "DW426")}
    # "Amulet of PowerSpend" is the name "Amulet of Power" run into "Spend"; "Once" opens the sentence
    # the extraction ran on ("Gift of Frost Once"); "Level Combat" is reported once, as a variant; the
    # "Aox Token" is the token of a defined term, "Wyrm Scale" the term "Wyrm Scale token" without its kind;
    # "WolfBear Cub" is two runs ("Bear" opens a sentence)
    assert by_code["DW425"] == {"Sea Wyrm"}
    # "stamina locked" is English word order, not a name; "Mighty" derives from "might"; "Flight" is
    # another word than "light"; "Aox token" is the Aox's token (no name of "Aox" has a kind of component);
    # "Sea token" ("Sea Spray token" without its inner word) is written only inside "Deep Sea token"
    assert by_code["DW424"] == {"Combat Level|Level Combat", "Poisoned|Poisond"}
    assert by_code["DW426"] == set()  # "Sea Wyrm Tale (Summer)": the book writes "Sea Wyrm Tale (Winter)"


def test_a_glossary_term_citing_the_book_is_not_an_unused_term(tmp_path: Path) -> None:
    """DW325 reports the pack's own glossary words that nothing in the pack uses; a term that cites a book
    line documents the book's word, and DW426 checks it against the book instead."""
    extra = """\
  - {term: Frozen, kind: condition, meaning: Cannot move.}
  - {term: Thaw, kind: term, meaning: Ends Frozen., source: [{doc: book, line: 3}]}
"""
    folder = write_pack(tmp_path, {})
    (folder / "pack.yaml").write_text((folder / "pack.yaml").read_text() + extra)
    pack = load_pack(folder, "tiny").pack
    assert pack is not None
    assert [d.message for d in check_glossary(pack) if d.code == "DW325"] == [
        "glossary term 'Frozen' is used nowhere in the pack"]


def test_an_acknowledged_book_finding_is_stale_only_when_the_book_was_read(workdir: Path) -> None:
    """Without the books at hand the term check finds nothing, so its acknowledgements are not stale;
    with them, one that matches no finding is."""
    folder = write_pack(workdir, RULES)
    manifest = folder / "pack.yaml"
    ack = "acknowledged:\n  - {code: DW425, subject: Sea Wyrm, values: 0123456789ab, reason: a beast of the story}\n"
    manifest.write_text(manifest.read_text().replace("lines: 6", "lines: 4") + ack)
    _, report = check("tiny")
    assert codes(report, "DW330") == []
    seeds = write_book(workdir, BOOK)
    _, report = check("tiny", "--sources", str(seeds))
    assert [d["message"] for d in codes(report, "DW330")] == [
        "acknowledgement of DW425 'Sea Wyrm' matches no finding"]


def test_a_name_the_pack_gives_to_things_of_two_types_is_reported_where_the_book_uses_it(workdir: Path) -> None:
    cards = CARDS + "- {id: wolf-two, type: card, name: Wolf, strength: 4}\n- {id: wolf-token, type: token, name: Wolf}\n"
    cards += "- {id: bear-token, type: token, name: Cave Bear}\n"
    folder = write_pack(workdir, RULES, cards=cards)
    manifest = folder / "pack.yaml"
    manifest.write_text(manifest.read_text().replace("lines: 6", "lines: 4").replace(
        "  card: {schema: card.schema.json}", "  card: {schema: card.schema.json}\n  token: {schema: token.schema.json}"))
    schema = json.loads((folder / "schemas" / "card.schema.json").read_text())
    schema["properties"]["type"] = {"const": "token"}
    (folder / "schemas" / "token.schema.json").write_text(json.dumps(schema))
    seeds = write_book(workdir, "The Wolf hunts at night.\nA wolf bites twice.\nThe Bear sleeps.\nNothing.\n")
    _, report = check("tiny", "--sources", str(seeds))
    (shared,) = codes(report, "DW430")  # Wolf: two cards and a token; Bear: one type only
    assert shared["subject"] == "Wolf" and shared["line"] == 1
    assert "card 'wolf' (and 1 more); token 'wolf-token'" in shared["message"] and "book:1, book:2" in shared["message"]
    assert [r["message"] for r in shared["related"]] == ["card 'wolf'", "token 'wolf-token'"]
    # a token that names the card by id is the card's token, not a second thing of that name
    (folder / "cards" / "cards.yaml").write_text(cards.replace("name: Wolf}", "name: Wolf, text: wolf}"))
    _, report = check("tiny", "--sources", str(seeds))
    assert not codes(report, "DW430")
