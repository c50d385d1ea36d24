"""Images named by cards or layouts: inside the pack, readable, and sharp enough for 300 dpi."""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

from deckwright.diagnostic import Code
from deckwright.model.files import escapes, inside
from deckwright.render import codes

DPI = 300
SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
_POINTS_PER_INCH = 72.0
MAX_PIXELS = 80_000_000  # below Pillow's decompression-bomb limit; a 300 dpi A3 poster has 17.5 million
_MAX_NAME, _MAX_PART = 1024, 255


@dataclass(frozen=True)
class ImageCheck:
    """The file to draw (None: draw nothing) and what is wrong with the image, if anything."""

    file: str | None
    problem: tuple[Code, str, str] | None = None
    missing: bool = False  # the file does not exist


def check_image(root: Path, name: str, width: float, height: float) -> ImageCheck:
    """Check the image `name` (relative to the pack folder) for a box of `width` x `height` points."""
    if "\0" in name or len(name) > _MAX_NAME or any(len(part) > _MAX_PART for part in name.split("/")):
        return ImageCheck(None, (codes.MISSING_IMAGE, f"image '{name[:80]}' is not a valid file name",
                                 f"file names have no NUL character and at most {_MAX_PART} characters a part"))
    path = root / name
    if escapes(name) or not inside(root, path):
        return ImageCheck(None, (codes.IMAGE_ESCAPES, f"image '{name}' lies outside the pack folder",
                                 "image paths are relative to the folder that holds pack.yaml"))
    if not path.is_file():
        return ImageCheck(None, (codes.MISSING_IMAGE, f"image '{name}' does not exist",
                                 "add the file or fix the path"), missing=True)
    if path.suffix.lower() not in SUFFIXES:
        return ImageCheck(None, (codes.MISSING_IMAGE, f"image '{name}' is not PNG, JPEG or SVG",
                                 "convert it to PNG, JPEG or SVG"))
    # lxml is imported for the first SVG: a pack without SVG art never pays for it.
    if path.suffix.lower() == ".svg":
        from deckwright.render.svgrefs import outside_references

        refused = outside_references(path, root)
        if refused:
            return ImageCheck(None, (codes.IMAGE_ESCAPES, f"SVG '{name}' refers to '{refused[0][:200]}', which is not "
                                     "a file inside the pack folder; the SVG is not drawn",
                                     "SVG art may only name files inside the pack, by relative paths"))
        return ImageCheck(str(path.resolve()))  # vector art is sharp at any size
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                pixels = image.size
                if pixels[0] * pixels[1] > MAX_PIXELS:
                    raise Image.DecompressionBombError(f"{pixels[0]}x{pixels[1]} pixels")
                image.verify()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        return ImageCheck(None, (codes.MISSING_IMAGE, f"image '{name}' is too large to read ({exc}); it is not drawn",
                                 f"images of at most {MAX_PIXELS:,} pixels are drawn; scale it down"))
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        return ImageCheck(None, (codes.MISSING_IMAGE, f"image '{name}' cannot be read: {exc}",
                                 "save it again as PNG or JPEG"))
    needed = (round(width / _POINTS_PER_INCH * DPI), round(height / _POINTS_PER_INCH * DPI))
    if pixels[0] < needed[0] * 0.98 or pixels[1] < needed[1] * 0.98:
        return ImageCheck(str(path.resolve()), (
            codes.IMAGE_RESOLUTION, f"image '{name}' is {pixels[0]}x{pixels[1]} px; its box needs "
            f"{needed[0]}x{needed[1]} px for {DPI} dpi", "supply a larger image"))
    return ImageCheck(str(path.resolve()))
