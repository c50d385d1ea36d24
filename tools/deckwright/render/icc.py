"""deckwright's CMYK output profile: an ICC v2 printer profile written from a stated ink model.

No package on PyPI ships a freely licensed CMYK output profile (the FOGRA and GRACoL characterisations
come as profiles whose licences forbid redistribution, and Debian strips them from colord), so the PDF/X
output of `deckwright proof --profile pod-pdf` embeds this one, written by deckwright and licensed with
it (MIT). Its model is simple and stated, not measured on a press:

- ink to colour: each of C, M, Y takes away its complementary sRGB channel, K darkens all three
  (`r = (1 - c)(1 - k)`), then sRGB to CIE L*a*b* (D50, Bradford-adapted);
- colour to ink: the inverse with full grey-component replacement (K = 1 - max(r, g, b)), so neutral
  greys and black text print in K alone and no colour uses more than 300 % total ink.

The profile's bytes are committed (`fonts/deckwright-cmyk.icc`, beside the fonts the package ships) so
every machine embeds the same bytes; `profile_bytes()` rebuilds them and a test checks they agree.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterator
from functools import cache
from itertools import product
from pathlib import Path

PROFILE_FILE = Path(__file__).with_name("fonts") / "deckwright-cmyk.icc"
DESCRIPTION = "deckwright generic CMYK (sRGB ink model, full GCR, 300% TAC)"
COPYRIGHT = "deckwright contributors, MIT licence"
CONDITION = "deckwright generic CMYK: uncharacterised, printer converts with its own profile"

_D50 = (0.9642, 1.0, 0.8249)
_INK_GRID = 9  # points per ink axis of the CMYK -> Lab table (9^4 entries)
_NEAR_BLACK = 0.03  # below this lightness (of 1), neutral K replaces colour ink
_LAB_GRID = 17  # points per axis of the Lab -> CMYK table (17^3 entries)
# sRGB (D65) to XYZ adapted to D50 with the Bradford transform, and its inverse.
_RGB_TO_XYZ = ((0.4360747, 0.3850649, 0.1430804), (0.2225045, 0.7168786, 0.0606169),
               (0.0139322, 0.0971045, 0.7141733))
_XYZ_TO_RGB = ((3.1338561, -1.6168667, -0.4906146), (-0.9787684, 1.9161415, 0.0334540),
               (0.0719453, -0.2289914, 1.4052427))


@cache
def output_profile() -> bytes:
    """The committed profile's bytes (what every PDF/X proof embeds)."""
    return PROFILE_FILE.read_bytes()


def profile_bytes() -> bytes:
    """The profile rebuilt from the ink model: header, tag table and tags."""
    to_lab = _lut16(4, 3, _INK_GRID, _ink_to_lab)
    to_ink = _lut16(3, 4, _LAB_GRID, _lab_to_ink)
    gamut = _lut16(3, 1, 2, lambda _lab: (0.0,))
    tags = [(b"desc", _description(DESCRIPTION)), (b"cprt", _text(COPYRIGHT)), (b"wtpt", _xyz(_D50)),
            (b"A2B0", to_lab), (b"A2B1", to_lab), (b"A2B2", to_lab),
            (b"B2A0", to_ink), (b"B2A1", to_ink), (b"B2A2", to_ink), (b"gamt", gamut)]
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    entries, body, placed = [], b"", {}
    for signature, data in tags:
        if data not in placed:  # the three intents share one table
            placed[data] = offset + len(body)
            body += data + b"\0" * (-len(data) % 4)
        entries.append(struct.pack(">4sII", signature, placed[data], len(data)))
    size = offset + len(body)
    header = struct.pack(">I4sI4s4s4s6H4s4sI4s4sQI", size, b"\0\0\0\0", 0x02400000, b"prtr", b"CMYK", b"Lab ",
                         2026, 1, 1, 0, 0, 0, b"acsp", b"\0\0\0\0", 0, b"\0\0\0\0", b"\0\0\0\0", 0, 0)
    header += struct.pack(">3i", *(_s15(v) for v in _D50)) + b"\0" * (128 - len(header) - 12)
    return header + struct.pack(">I", len(tags)) + b"".join(entries) + body


def _lut16(inputs: int, outputs: int, grid: int, convert: Callable[[tuple[float, ...]], tuple[float, ...]]) -> bytes:
    """A lut16Type: identity matrix and curves, and a grid of `convert` over inputs in [0, 1] (PCS-encoded)."""
    identity = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    data = b"mft2\0\0\0\0" + struct.pack(">BBBx", inputs, outputs, grid)
    data += struct.pack(">9i", *(_s15(v) for v in identity)) + struct.pack(">HH", 2, 2)
    data += struct.pack(">HH", 0, 0xFFFF) * inputs
    values = [round(min(max(v, 0.0), 1.0) * 0xFFFF) for point in _grid(inputs, grid) for v in convert(point)]
    data += struct.pack(f">{len(values)}H", *values)
    return data + struct.pack(">HH", 0, 0xFFFF) * outputs


def _grid(inputs: int, grid: int) -> Iterator[tuple[float, ...]]:
    """The grid's points, first input varying slowest (the ICC order)."""
    steps = [i / (grid - 1) for i in range(grid)]
    return product(steps, repeat=inputs)


def _ink_to_lab(ink: tuple[float, ...]) -> tuple[float, ...]:
    c, m, y, k = ink
    return _encode_lab(_rgb_to_lab(((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))))


def _lab_to_ink(encoded: tuple[float, ...]) -> tuple[float, ...]:
    rgb = _lab_to_rgb(_decode_lab(encoded))
    light = max(rgb)
    if light <= 0:
        return 0.0, 0.0, 0.0, 1.0
    # Near black, the colour inks are (light - v) / light, a ratio of two tiny numbers: fade them out.
    fade = min(1.0, light / _NEAR_BLACK)
    c, m, y = ((light - v) / light * fade for v in rgb)
    return c, m, y, 1 - light


def _encode_lab(lab: tuple[float, float, float]) -> tuple[float, ...]:
    """ICC v2 PCS encoding of L*a*b* in a lut16, as fractions of 0xFFFF."""
    l, a, b = lab
    return l / 100 * 0xFF00 / 0xFFFF, (a + 128) * 256 / 0xFFFF, (b + 128) * 256 / 0xFFFF


def _decode_lab(encoded: tuple[float, ...]) -> tuple[float, float, float]:
    l, a, b = encoded
    return l * 0xFFFF / 0xFF00 * 100, a * 0xFFFF / 256 - 128, b * 0xFFFF / 256 - 128


def _rgb_to_lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    linear = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb]
    xyz = [sum(row[i] * linear[i] for i in range(3)) / white for row, white in zip(_RGB_TO_XYZ, _D50)]
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _lab_to_rgb(lab: tuple[float, float, float]) -> tuple[float, float, float]:
    l, a, b = lab
    fy = (l + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200
    xyz = [(f ** 3 if f ** 3 > 216 / 24389 else (116 * f - 16) / (24389 / 27)) * white
           for f, white in zip((fx, fy, fz), _D50)]
    linear = [min(max(sum(row[i] * xyz[i] for i in range(3)), 0.0), 1.0) for row in _XYZ_TO_RGB]
    r, g, b = (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055 for v in linear)
    return r, g, b


def _s15(value: float) -> int:
    return round(value * 65536)


def _xyz(xyz: tuple[float, float, float]) -> bytes:
    return b"XYZ \0\0\0\0" + struct.pack(">3i", *(_s15(v) for v in xyz))


def _text(text: str) -> bytes:
    return b"text\0\0\0\0" + text.encode("ascii") + b"\0"


def _description(text: str) -> bytes:
    ascii_text = text.encode("ascii") + b"\0"
    return (b"desc\0\0\0\0" + struct.pack(">I", len(ascii_text)) + ascii_text + struct.pack(">II", 0, 0)
            + struct.pack(">HB", 0, 0) + b"\0" * 67)


if __name__ == "__main__":  # regenerate the committed profile: python -m deckwright.render.icc
    PROFILE_FILE.write_bytes(profile_bytes())
