"""DW411 covers content the pack invents: a whole file marked assumed by its `files` rule, and
entities that mark themselves (one finding per file and reason)."""

from __future__ import annotations

from pathlib import Path

from deckwright.model import load_pack
from deckwright.rules.facts import entity_assumed
from tests.rules.packs import MANIFEST, check, codes, write_pack

INVENTED = """\
- {id: wolf, type: card, name: Wolf, strength: 3, copies: 2, assumed: {reason: Invented beast.}}
- {id: bear, type: card, name: Bear, strength: 5, assumed: {reason: Invented beast.}}
"""


def test_entities_marking_themselves_are_one_finding_per_file_and_reason(workdir: Path) -> None:
    write_pack(workdir, {}, cards=INVENTED)
    _, report = check("tiny")
    (found,) = codes(report, "DW411")
    assert found["message"] == ("2 entities of cards/cards.yaml ('wolf', ...) are the pack's, not the book's: "
                                "Invented beast.")


def test_a_files_rule_marks_every_entity_of_its_files_assumed(workdir: Path) -> None:
    folder = write_pack(workdir, {})
    manifest = folder / "pack.yaml"
    manifest.write_text(MANIFEST.replace('{include: "cards/*.yaml", kind: entities}',
                                         '{include: "cards/*.yaml", kind: entities, '
                                         'assumed: {reason: The book prints no cards.}}'))
    _, report = check("tiny")
    (found,) = codes(report, "DW411")
    assert (found["file"], found["line"]) == ("tiny/pack.yaml", 8)
    assert found["message"] == "file cards/cards.yaml (2 entities) is the pack's, not the book's: The book prints no cards."
    pack = load_pack(folder, "tiny").pack
    assert pack is not None
    assert [entity_assumed(pack, e) for e in pack.entities] == ["The book prints no cards."] * 2
