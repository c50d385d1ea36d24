"""A PDF/X-4 preflight read back with pypdf: what a print shop's checker looks for first.

It walks every page and every form XObject (recursively), parses their content streams and reports
each rule broken: no output intent or one without a CMYK profile, no PDF/X identification, a page
without TrimBox or BleedBox (or boxes not nested), an RGB colour operator or colour space, an RGB image,
a font that is not embedded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

RGB_SPACES = {"/DeviceRGB", "/CalRGB"}


def preflight(path: Path) -> list[str]:
    """Every PDF/X-4 rule the file breaks, as readable lines (empty: it passes)."""
    reader = PdfReader(path)
    problems = _document(reader)
    seen: set[int] = set()
    for number, page in enumerate(reader.pages, 1):
        problems += [f"page {number}: {p}" for p in _boxes(page)]
        problems += [f"page {number}: {p}" for p in _drawn(page, reader, seen)]
    return problems


def _document(reader: PdfReader) -> list[str]:
    problems = []
    if float(reader.pdf_header[5:8]) < 1.6:
        problems.append(f"header {reader.pdf_header}: PDF/X-4 needs PDF 1.6 or later")
    root = reader.trailer["/Root"]
    intents = [i.get_object() for i in root.get("/OutputIntents", [])]
    pdfx = [i for i in intents if i.get("/S") == "/GTS_PDFX"]
    if not pdfx:
        problems.append("no /GTS_PDFX output intent")
    for intent in pdfx:
        profile = intent.get("/DestOutputProfile")
        data = profile.get_object().get_data() if profile is not None else b""
        if len(data) < 128 or data[16:20] != b"CMYK" or data[36:40] != b"acsp":
            problems.append("the output intent embeds no CMYK ICC profile")
        if not intent.get("/OutputConditionIdentifier"):
            problems.append("the output intent has no OutputConditionIdentifier")
    metadata = root.get("/Metadata")
    xmp = metadata.get_object().get_data() if metadata is not None else b""
    if b"<pdfxid:GTS_PDFXVersion>PDF/X-4" not in xmp:
        problems.append("the XMP metadata does not say GTS_PDFXVersion PDF/X-4")
    info = reader.trailer.get("/Info")
    if info is None or info.get_object().get("/Trapped") not in ("/True", "/False"):
        problems.append("the document information does not say /Trapped True or False")
    return problems


def _boxes(page: Any) -> list[str]:
    if "/TrimBox" not in page or "/BleedBox" not in page:
        return ["no TrimBox or no BleedBox"]
    media, bleed, trim = (tuple(float(v) for v in page[k]) for k in ("/MediaBox", "/BleedBox", "/TrimBox"))
    inside = all(outer[0] - 0.01 <= inner[0] and outer[1] - 0.01 <= inner[1] and inner[2] <= outer[2] + 0.01
                 and inner[3] <= outer[3] + 0.01 for inner, outer in ((trim, bleed), (bleed, media)))
    return [] if inside else [f"boxes not nested: trim {trim}, bleed {bleed}, media {media}"]


def _drawn(owner: Any, reader: PdfReader, seen: set[int]) -> list[str]:
    """Problems of a page or form's content and of everything it draws (each form and image once)."""
    problems = []
    resources = owner.get("/Resources")
    resources = resources.get_object() if resources is not None else {}
    contents = owner.get_contents() if hasattr(owner, "get_contents") else owner
    if contents is not None:
        for operands, operator in ContentStream(contents, reader).operations:
            if operator in (b"rg", b"RG"):
                problems.append(f"RGB colour operator {operator.decode()} {[float(v) for v in operands]}")
            if operator in (b"cs", b"CS") and operands and _space_name(resources, operands[0]) in RGB_SPACES:
                problems.append(f"RGB colour space {operands[0]}")
    for font in (resources.get("/Font") or {}).values():
        problems += _font(font.get_object())
    for ref in (resources.get("/XObject") or {}).values():
        if ref.idnum in seen:
            continue
        seen.add(ref.idnum)
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Image":
            space = xobject.get("/ColorSpace")
            if _space(space) in RGB_SPACES:
                problems.append(f"RGB image {ref.idnum} ({xobject.get('/Width')}x{xobject.get('/Height')})")
        else:
            problems += _drawn(xobject, reader, seen)
    return problems


def _space_name(resources: Any, name: Any) -> str:
    spaces = resources.get("/ColorSpace") or {}
    return _space(spaces[name]) if name in spaces else str(name)


def _space(space: Any) -> str:
    """The device family of a colour space: /DeviceRGB for RGB ones, ICCBased by its component count."""
    if space is None:
        return ""
    space = space.get_object()
    if isinstance(space, list):
        family = str(space[0])
        if family == "/ICCBased":
            return {1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK"}[int(space[1].get_object()["/N"])]
        if family == "/Indexed":
            return _space(space[1])
        return family
    return str(space)


def _font(font: Any) -> list[str]:
    descendants = font.get("/DescendantFonts")
    fonts = [d.get_object() for d in descendants] if descendants else [font]
    for each in fonts:
        if font.get("/Subtype") == "/Type3":
            continue
        descriptor = each.get("/FontDescriptor")
        descriptor = descriptor.get_object() if descriptor is not None else {}
        if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            return [f"font {font.get('/BaseFont')} is not embedded"]
    return []
