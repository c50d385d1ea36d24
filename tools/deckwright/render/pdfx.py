"""PDF/X-4 output: every colour and image in CMYK through the embedded output profile, and the marks
a print shop's preflight reads (output intent, XMP identification, TrimBox and BleedBox on every page).

Colours reach the page through reportlab's colour hook (`enforceColorSpace`), which the canvas and its
text objects call for every fill and stroke, so layout colours, paragraph markup, crop marks and SVG
art all go through one sRGB -> CMYK transform (Little CMS, through Pillow's ImageCms). Raster images
are converted through the same transform and stored as DeviceCMYK, their alpha as a soft mask
(PDF/X-4 allows transparency).
"""

from __future__ import annotations

import hashlib
import io
import zlib
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageCms
from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from deckwright.render.icc import CONDITION, DESCRIPTION, output_profile

PDF_VERSION = (1, 6)  # PDF/X-4 is based on PDF 1.6
PDFX_VERSION = "PDF/X-4"
_INTENT = ImageCms.Intent.RELATIVE_COLORIMETRIC
_TINY = 0.5 / 255  # an ink below half a step of 8 bits is no ink (keeps black text in K alone)


@cache
def _transform() -> ImageCms.ImageCmsTransform:
    profile = ImageCms.ImageCmsProfile(io.BytesIO(output_profile()))
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK", renderingIntent=_INTENT)


@cache
def _cmyk(rgb: tuple[int, int, int]) -> tuple[float, float, float, float]:
    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), _transform())
    assert pixel is not None
    inks = pixel.getpixel((0, 0))
    assert isinstance(inks, tuple)
    c, m, y, k = (v / 255 for v in inks)
    return tuple(0.0 if v < _TINY else round(v, 4) for v in (c, m, y, k))  # type: ignore[return-value]


def to_cmyk(colour: Any) -> Any:
    """reportlab's colour hook: any RGB colour as the CMYK of the output profile (alpha kept)."""
    if isinstance(colour, CMYKColor):
        return colour
    if isinstance(colour, (tuple, list)) and len(colour) == 4:
        return CMYKColor(*colour)
    found = toColor(colour) if not isinstance(colour, Color) else colour
    if isinstance(found, CMYKColor):
        return found
    rgb = tuple(max(0, min(255, round(v * 255))) for v in (found.red, found.green, found.blue))
    return CMYKColor(*_cmyk(rgb), alpha=found.alpha)


@dataclass(frozen=True)
class CmykImage:
    """An image converted for print: its size, CMYK samples and, if it has transparency, its alpha samples."""

    width: int
    height: int
    cmyk: bytes
    alpha: bytes | None
    digest: str


def cmyk_image(raw: bytes) -> CmykImage:
    """The image file's pixels through the output profile (palette and grey images first made RGB)."""
    with Image.open(io.BytesIO(raw)) as image:
        image.load()
        alpha = None
        if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
            rgba = image.convert("RGBA")
            alpha = rgba.getchannel("A").tobytes()
            rgb = rgba.convert("RGB")
        elif image.mode == "CMYK":
            return CmykImage(image.width, image.height, image.tobytes(), None, _digest(raw))
        else:
            rgb = image.convert("RGB")
        converted = ImageCms.applyTransform(rgb, _transform())
        assert converted is not None
        if alpha is not None and all(v == 255 for v in alpha[:: max(1, len(alpha) // 4096)]) and min(alpha) == 255:
            alpha = None  # an alpha channel that hides nothing needs no soft mask
        return CmykImage(rgb.width, rgb.height, converted.tobytes(), alpha, _digest(raw))


def _digest(raw: bytes) -> str:
    return "cmyk" + hashlib.sha256(raw).hexdigest()[:24]


class CmykXObject(pdfdoc.PDFImageXObject):
    """A DeviceCMYK image XObject (Flate), with its soft mask when the image has transparency."""

    def __init__(self, name: str, image: CmykImage):
        self.name = name
        self.image = image
        self.mask = None
        self.smask: Any = None

    def format(self, document: Any) -> bytes:
        return _image_stream(self.image.width, self.image.height, "DeviceCMYK", self.image.cmyk,
                             {"SMask": self.smask} if self.smask is not None else {}).format(document)


class AlphaXObject(pdfdoc.PDFImageXObject):
    """The soft mask of a CmykXObject: its alpha channel as a DeviceGray image."""

    def __init__(self, name: str, image: CmykImage):
        self.name = name
        self.image = image
        self.mask = None

    def format(self, document: Any) -> bytes:
        assert self.image.alpha is not None
        return _image_stream(self.image.width, self.image.height, "DeviceGray", self.image.alpha, {}).format(document)


def _image_stream(width: int, height: int, space: str, samples: bytes, extra: dict[str, Any]) -> pdfdoc.PDFStream:
    return _stream(zlib.compress(samples, 6), {
        "Type": pdfdoc.PDFName("XObject"), "Subtype": pdfdoc.PDFName("Image"), "Width": width, "Height": height,
        "BitsPerComponent": 8, "ColorSpace": pdfdoc.PDFName(space), **extra})


def _stream(compressed: bytes, entries: dict[str, Any]) -> pdfdoc.PDFStream:
    """A stream of Flate-compressed content (its /Filter set, so reportlab adds none of its own)."""
    stream = pdfdoc.PDFStream(content=compressed)
    for key, value in {**entries, "Filter": pdfdoc.PDFName("FlateDecode")}.items():
        stream.dictionary[key] = value
    return stream


class _PdfxInfo(pdfdoc.PDFInfo):
    """The document information dictionary, with the PDF/X version key added to reportlab's."""

    def __init__(self, base: pdfdoc.PDFInfo):
        super().__init__()
        self.__dict__.update(base.__dict__)

    def format(self, document: Any) -> bytes:
        formatted: bytes = super().format(document)
        end = formatted.rindex(b">>")  # the dictionary holds no nested dictionary: its last >> closes it
        return formatted[:end] + f"/GTS_PDFXVersion ({PDFX_VERSION}) ".encode() + formatted[end:]


def mark_pdfx(canvas: Canvas, title: str, document_id: str) -> None:
    """Make the document PDF/X-4: output intent with the embedded profile, XMP identification, Info key.

    Call before `canvas.save()`; every page must carry its own TrimBox and BleedBox."""
    doc = canvas._doc
    profile = _stream(zlib.compress(output_profile(), 9), {"N": 4})
    intent = pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"), "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString("Custom"), "OutputCondition": pdfdoc.PDFString(CONDITION),
        "Info": pdfdoc.PDFString(DESCRIPTION), "RegistryName": pdfdoc.PDFString(""),
        "DestOutputProfile": doc.Reference(profile)})
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = pdfdoc.PDFArray([intent])
    catalog.Metadata = pdfdoc.XMP(creator=lambda _doc: _xmp(title, document_id))
    info = doc.info
    info.trapped = "False"
    doc.info = _PdfxInfo(info)


def _xmp(title: str, document_id: str) -> bytes:
    """The XMP packet PDF/X-4 requires (dates are reportlab's invariant ones, so the file stays reproducible)."""
    date = "2000-01-01T00:00:00Z"
    escaped = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escaped}</rdf:li></rdf:Alt></dc:title>
   <dc:format>application/pdf</dc:format>
   <xmp:CreateDate>{date}</xmp:CreateDate>
   <xmp:ModifyDate>{date}</xmp:ModifyDate>
   <xmp:MetadataDate>{date}</xmp:MetadataDate>
   <xmp:CreatorTool>deckwright</xmp:CreatorTool>
   <pdf:Producer>ReportLab PDF Library - www.reportlab.com</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{document_id}</xmpMM:DocumentID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode()
