"""Raster images into the PDF: stored once per distinct file content, PNG data passed through.

reportlab names an image drawn from a file after the file's *path*, so the same card art in two
checkouts gave two different PDFs; here the name is the digest of the file's bytes. And reportlab
decodes every PNG and compresses its pixels again; an 8-bit, non-interlaced RGB or grey PNG
without transparency already holds exactly what a PDF Flate stream with PNG predictors holds, so
its compressed data goes into the PDF as it is (as img2pdf does), which is most of a proof's time
for art-heavy decks. Other images take reportlab's path.
"""

from __future__ import annotations

import hashlib
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from deckwright.render.pdfx import AlphaXObject, CmykImage, CmykXObject, cmyk_image

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLORS = {0: 1, 2: 3}  # PNG colour type -> colour components (grey, RGB)


@dataclass(frozen=True)
class PngData:
    """What a PDF image stream needs from a PNG: size, colour components, and the zlib data."""

    width: int
    height: int
    colors: int
    data: bytes


def png_passthrough(raw: bytes) -> PngData | None:
    """The PNG's compressed pixels when they can go into a PDF unchanged; None when they cannot."""
    if not raw.startswith(_SIGNATURE):
        return None
    at = len(_SIGNATURE)
    header: tuple[int, ...] | None = None
    chunks: list[bytes] = []
    while at + 8 <= len(raw):
        length, kind = struct.unpack(">I4s", raw[at:at + 8])
        body = raw[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind in (b"tRNS", b"PLTE"):
            return None  # transparency or palette: reportlab's path handles them
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
    if header is None or not chunks:
        return None
    width, height, depth, colour, compression, filtering, interlace = header
    if depth != 8 or colour not in _COLORS or compression or filtering or interlace:
        return None
    data = b"".join(chunks)
    try:
        zlib.decompressobj().decompress(data, 16)  # a corrupt stream is left to reportlab to report
    except zlib.error:
        return None
    return PngData(width, height, _COLORS[colour], data)


class _PngXObject(pdfdoc.PDFImageXObject):
    """An image XObject whose Flate data is a PNG's, undone with the PNG predictors."""

    def __init__(self, name: str, png: PngData):
        self.name = name
        self.width = png.width
        self.height = png.height
        self.bitsPerComponent = 8
        self.colorSpace = "DeviceRGB" if png.colors == 3 else "DeviceGray"
        self.streamContent = png.data
        self._filters = ("FlateDecode",)
        self.mask = None
        self._colors = png.colors

    def format(self, document: Any) -> bytes:
        stream = pdfdoc.PDFStream(content=self.streamContent)
        entries = stream.dictionary
        entries["Type"] = pdfdoc.PDFName("XObject")
        entries["Subtype"] = pdfdoc.PDFName("Image")
        entries["Width"] = self.width
        entries["Height"] = self.height
        entries["BitsPerComponent"] = 8
        entries["ColorSpace"] = pdfdoc.PDFName(self.colorSpace)
        entries["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")])
        # With /Filter an array, /DecodeParms must be an array too: one entry per filter.
        entries["DecodeParms"] = pdfdoc.PDFArray([pdfdoc.PDFDictionary({
            "Predictor": 15, "Colors": self._colors, "BitsPerComponent": 8, "Columns": self.width})])
        entries["Length"] = len(self.streamContent)
        return stream.format(document)


def image_name(path: str) -> str:
    """The document name of the image file at `path`: a digest of its bytes, not of its path."""
    return "img" + hashlib.sha256(Path(path).read_bytes()).hexdigest()[:24]


def draw_image(canvas: Canvas, path: str, x: float, y: float, width: float, height: float,
               name: str | None = None, cmyk: bool = False) -> None:
    """Draw the image file at `path` (named `name`, else image_name) into the box; stored once per document.
    With `cmyk`, its pixels go through the PDF/X output profile and it is stored as DeviceCMYK."""
    name = ("cmyk-" if cmyk else "") + (name or image_name(path))
    doc = canvas._doc
    reg = doc.getXObjectName(name)
    if cmyk and doc.idToObject.get(reg) is None:
        _store_cmyk(canvas, name, reg, cmyk_image(Path(path).read_bytes()))
    elif doc.idToObject.get(reg) is None:
        png = png_passthrough(Path(path).read_bytes())
        image = _PngXObject(name, png) if png else pdfdoc.PDFImageXObject(name, path, mask="auto")
        image.name = name
        canvas._setXObjects(image)
        doc.Reference(image, reg)
        doc.addForm(name, image)
        smask = getattr(image, "_smask", None)
        if smask is not None:  # the alpha channel of a transparent image, as reportlab stores it
            canvas._setXObjects(smask)
            image.smask = doc.Reference(smask, doc.getXObjectName(smask.name))
            del image._smask
    _place(canvas, reg, name, x, y, width, height)


def _store_cmyk(canvas: Canvas, name: str, reg: str, image: CmykImage) -> None:
    doc = canvas._doc
    xobject = CmykXObject(name, image)
    if image.alpha is not None:
        mask = AlphaXObject(name + "-alpha", image)
        xobject.smask = doc.Reference(mask, doc.getXObjectName(mask.name))
    doc.Reference(xobject, reg)
    doc.addForm(name, xobject)


def _place(canvas: Canvas, reg: str, name: str, x: float, y: float, width: float, height: float) -> None:
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(width, height)
    canvas._code.append(f"/{reg} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)  # the page's (or form's) resources then name the image
