"""Diagnostic codes of card rendering and proofs (DW6xx)."""

from __future__ import annotations

from deckwright.diagnostic import Code, Severity

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO

TEXT_OVERFLOW = Code(
    "DW600", "text-overflow", E, "Card text does not fit its text box, even at the smallest size.",
    "Each text box of a layout shrinks its text down to its `min_size`; this card's text is still "
    "taller than the box there, so the printed card would lose its last lines.",
    "Shorten the card text, or give the layout's text box more room or a smaller `min_size`.",
)
TEMPLATE_ERROR = Code(
    "DW601", "template-error", E, "A layout's text template cannot be rendered for a card.",
    "Layout text is a jinja2 template over the card's fields, rendered in a sandbox. The template "
    "has a syntax error, uses something the sandbox forbids, or fails on this card's data.",
    "Fix the template in the layout (the message names the problem); use `card.get('field')` or "
    "`field | default('')` for fields some cards lack.",
)
MISSING_IMAGE = Code(
    "DW602", "missing-image", E, "An image a card face needs does not exist or cannot be read.",
    "Images are files relative to the pack folder, in PNG, JPEG or SVG. This one is missing or is "
    "not an image deckwright can read; the face is drawn without it.",
    "Add the file or fix the path in the card (or the layout).",
)
IMAGE_ESCAPES = Code(
    "DW603", "image-escapes-pack", E, "An image path leads outside the pack folder.",
    "Proofs only read files inside the pack folder: an absolute path, `..` or a link out of the "
    "folder could read any file on the machine that renders the proof. The same holds for what an "
    "SVG names (`<image href>`, `<use href>`, CSS url()): an SVG that names a URL, an absolute path "
    "or a file outside the pack is not drawn at all.",
    "Put the image inside the pack folder and name it relative to the folder of pack.yaml.",
)
IMAGE_RESOLUTION = Code(
    "DW604", "low-resolution-image", W, "An image has fewer pixels than 300 dpi needs at its printed size.",
    "Print shops ask for 300 dots per inch; this image would print blurred or pixelated at the "
    "size of its box (bleed included).",
    "Supply a larger image (the message gives the pixels needed).",
)
MISSING_GLYPH = Code(
    "DW605", "missing-glyph", E, "Card text uses a character the layout's font cannot draw.",
    "Fonts are embedded in the proof; a character with no glyph in the font would print as an "
    "empty box.",
    "Use another character, or choose a font (`font:` of the text box) that has it.",
)
NO_LAYOUT = Code(
    "DW606", "unknown-layout", E, "A card type, deck back or layout refers to a layout that does not exist.",
    "Card types name their layout with `layout:` in pack.yaml and decks name their back layout with "
    "`back:`; layouts are defined in the pack's `layouts` files.",
    "Fix the name (see the hint) or define the layout.",
)
NO_SIZE = Code(
    "DW607", "unknown-card-size", E, "A card type with a layout has no card size.",
    "Cards are printed at their type's size (`size:` of the type in pack.yaml, or of the layout): "
    "poker, bridge, tarot, mini, euro-mini, square, or a name under `sizes`.",
    "Give the type or its layout a size.",
)
DUPLICATE_LAYOUT = Code(
    "DW608", "duplicate-layout", E, "Two layouts have the same id.",
    "Types and decks refer to layouts by id, so each id is defined once in the pack.",
    "Rename one of the two.",
)
TEXT_TOO_SMALL = Code(
    "DW609", "text-too-small", W, "Card text is set smaller than the minimum size.",
    "Text under about 6 pt is hard to read at the table. The minimum is `min_text_size` in the "
    "`settings` of the layouts file (default 6 pt). Either the layout element asks for a smaller "
    "size (reported once, at the element) or shrink-to-fit had to go below it for this card.",
    "Give the element a larger `size`/`min_size` and more room, or shorten the card's text.",
)
MOSTLY_EMPTY = Code(
    "DW610", "mostly-empty-face", W, "A mostly-text card face leaves most of its text boxes empty.",
    "When text boxes cover at least half a face, deckwright measures how much of them the set text "
    "fills; past `max_empty_share` of the card (default 0.5, in the layouts file's `settings`) the "
    "card looks unfinished, usually a field dump in small type or a layout made for longer text.",
    "Set the text larger, give it fewer or smaller boxes, or add what the card should say.",
)
BLEED_REDUCED = Code(
    "DW611", "bleed-reduced", I, "The bleed at the page's outer edges was reduced to keep the margin clear.",
    "Nothing is printed within `--margin` of the paper edge (5 mm by default: home printers cannot "
    "print there). Where the cards, their bleed and the crop marks need more room than the page leaves, "
    "the bleed on the grid's outer sides is made smaller, so the cards keep their place on the page.",
    "Accept it for home printing, or choose a smaller --margin, a larger page, --landscape, or "
    "--one-per-page (print shops).",
)
FONT_PROBLEM = Code(
    "DW612", "font-problem", E, "A layout names a font family that does not exist or cannot be embedded.",
    "Layouts use the shipped families (sans, condensed, serif) or the pack's own, listed under `fonts:` "
    "in a layouts file: TrueType files inside the pack (.ttf, or .otf with TrueType outlines) with a "
    "licence note. This family is unknown, or one of its files is missing, outside the pack, too large, "
    "or not a TrueType font; text that names it is set in the default family.",
    "Fix the family name, or ship the font's TrueType file inside the pack and name it under `fonts:`.",
)
SIZE_WITHOUT_LAYOUT = Code(
    "DW613", "size-without-layout", W, "A card type has a size but no layout, so its cards are not printed.",
    "A type is printed when it has both a `size` and a `layout` in pack.yaml. This one has a size, so "
    "it is meant to be a card, but no layout says what its face shows: `deckwright proof` leaves its "
    "cards out.",
    "Add `layout: <id>` to the type and define that layout in a file of kind `layouts`; or remove the "
    "size if the type is not printed.",
)
CODES = (TEXT_OVERFLOW, TEMPLATE_ERROR, MISSING_IMAGE, IMAGE_ESCAPES, IMAGE_RESOLUTION, MISSING_GLYPH, NO_LAYOUT,
         NO_SIZE, DUPLICATE_LAYOUT, TEXT_TOO_SMALL, MOSTLY_EMPTY,
         BLEED_REDUCED, FONT_PROBLEM, SIZE_WITHOUT_LAYOUT)
