"""`--to tts`: Tabletop Simulator deck sheets and a saved object holding every deck.

A sheet is a grid of at most 10 x 7 cells whose last cell holds the hidden-card image (what other
players see of a card in someone's hand), so a sheet holds at most 69 cards; it is at most 4096
pixels wide. Each sheet is one `CustomDeck` entry, numbered from 1 across the whole export, and a
card's id is that number x 100 + its cell index.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckwright.model import Deck, Entity

if TYPE_CHECKING:
    from PIL.Image import Image

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_SHEET_WIDTH = 4096
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last cell is the hidden-card image
ID_FACTOR = 100


@dataclass(frozen=True)
class Sheet:
    """One deck sheet: its CustomDeck key, its cards in cell order, and its grid."""

    key: int
    deck: Deck
    cards: tuple[Entity, ...]
    columns: int
    rows: int

    @property
    def name(self) -> str:
        return f"{self.deck.id}-{self.key}.png"

    def card_id(self, index: int) -> int:
        """Tabletop Simulator's CardID of the card in cell `index`."""
        return self.key * ID_FACTOR + index


def plan_sheets(deck: Deck, cards: Sequence[Entity], first_key: int) -> list[Sheet]:
    """The sheets of one deck (each distinct card once), numbered from `first_key`."""
    sheets = []
    for n, start in enumerate(range(0, len(cards), CARDS_PER_SHEET)):
        chunk = tuple(cards[start:start + CARDS_PER_SHEET])
        columns = min(MAX_COLUMNS, len(chunk) + 1)
        sheets.append(Sheet(first_key + n, deck, chunk, columns, math.ceil((len(chunk) + 1) / columns)))
    return sheets


def cell_size(face: tuple[int, int], columns: int) -> tuple[int, int]:
    """A card's cell in pixels: its face's size, shrunk so `columns` cells fit in MAX_SHEET_WIDTH."""
    width = min(face[0], MAX_SHEET_WIDTH // columns)
    return width, round(face[1] * width / face[0])


def compose(sheet: Sheet, faces: dict[str, Image], hidden: Image) -> Image:
    """The sheet image: cards from the top-left, row by row; the hidden image in the last cell."""
    from PIL import Image as PILImage

    first = faces[sheet.cards[0].id]
    width, height = cell_size(first.size, sheet.columns)
    image = PILImage.new("RGB", (width * sheet.columns, height * sheet.rows), "white")
    cells = [faces[card.id] for card in sheet.cards]
    for index, face in enumerate(cells):
        image.paste(face.resize((width, height)), _origin(index, sheet.columns, width, height))
    last = sheet.columns * sheet.rows - 1
    image.paste(hidden.resize((width, height)), _origin(last, sheet.columns, width, height))
    return image


def back_name(deck: Deck) -> str:
    """File name of a deck's back (and hidden-card) image."""
    return f"{deck.id}-back.png"


def saved_object(title: str, decks: Sequence[tuple[Deck, list[Sheet], list[Entity]]], url: Any) -> str:
    """The saved-object JSON: one custom deck per pack deck, copies expanded, card ids key x 100 + index."""
    objects = []
    for position, (deck, sheets, physical) in enumerate(decks):
        face_url, back_url = url, url(back_name(deck))
        custom = {str(s.key): _custom_deck(s, face_url(s.name), back_url) for s in sheets}
        ids = {card.id: (sheet, index) for sheet in sheets for index, card in enumerate(sheet.cards)}
        contained = [_card(entity, *ids[entity.id], back_url, face_url) for entity in physical]
        objects.append({
            "Name": "DeckCustom", "Nickname": deck.name, "Transform": _transform(position * 3.0),
            "DeckIDs": [card["CardID"] for card in contained], "CustomDeck": custom,
            "ContainedObjects": contained,
        })
    return json.dumps({"SaveName": title, "ObjectStates": objects}, indent=2, ensure_ascii=False) + "\n"


def _card(entity: Entity, sheet: Sheet, index: int, back_url: str, face_url: Any) -> dict[str, Any]:
    return {"Name": "Card", "Nickname": entity.name, "Description": entity.id, "CardID": sheet.card_id(index),
            "CustomDeck": {str(sheet.key): _custom_deck(sheet, face_url(sheet.name), back_url)},
            "Transform": _transform(0.0)}


def _custom_deck(sheet: Sheet, face: str, back: str) -> dict[str, Any]:
    return {"FaceURL": face, "BackURL": back, "NumWidth": sheet.columns, "NumHeight": sheet.rows,
            "BackIsHidden": False, "UniqueBack": False, "Type": 0}


def _transform(x: float) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _origin(index: int, columns: int, width: int, height: int) -> tuple[int, int]:
    return (index % columns) * width, (index // columns) * height
