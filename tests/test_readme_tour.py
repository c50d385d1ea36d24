"""The README's tour, run as written: its files written, its commands run, its transcripts compared.

The tour is the part of README.md from "## A short tour for designers" to the next heading. Its
blocks are taken in order:
- a YAML block whose first line is `# <path>` is written to that path;
- a JSON block is written to the path the prose line just above it names (`` `path`: ``);
- a `sh` block's lines are deckwright commands that must succeed;
- a `console` block is a transcript: each `$ deckwright ...` line is run and its output (stdout and
  stderr as a terminal shows them) must be the lines below it, exactly.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
from click.testing import CliRunner

from deckwright.cli import cli

README = Path(__file__).resolve().parents[1] / "README.md"
TOUR_HEADING = "## A short tour for designers"
_FENCE = re.compile(r"^```(\w*)\s*$")
_PATH_COMMENT = re.compile(r"^# (\S+\.(?:ya?ml|json))\s*$")
_PATH_BEFORE = re.compile(r"`([^`\s]+\.json)`:\s*$")
_SUMMARY = re.compile(r"^(\d+) errors?, ")


@dataclass(frozen=True)
class Block:
    lang: str
    body: str
    before: str  # the last prose line above the block


def tour_blocks(readme: str) -> list[Block]:
    """The fenced blocks of the tour section, in order."""
    lines = readme.splitlines()
    start = lines.index(TOUR_HEADING)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("#") and not lines[i].startswith("# "))
    blocks: list[Block] = []
    prose = ""
    i = start + 1
    while i < end:
        fence = _FENCE.match(lines[i])
        if fence is None:
            prose = lines[i] if lines[i].strip() else prose
            i += 1
            continue
        close = lines.index("```", i + 1)
        blocks.append(Block(fence.group(1), "\n".join(lines[i + 1:close]) + "\n", prose))
        i = close + 1
    return blocks


def deckwright(command: str) -> tuple[int, str]:
    """Run one `deckwright ...` command line; its exit status and what a terminal would show."""
    words = shlex.split(command, comments=True)
    assert words[0] == "deckwright", f"the tour runs deckwright commands only: {command}"
    result = CliRunner().invoke(cli, words[1:], catch_exceptions=False)
    return result.exit_code, result.output


def play(block: Block, workdir: Path) -> None:
    """Do what one block of the tour says, asserting that it does what the README shows."""
    if block.lang in ("yaml", "json"):
        named = _PATH_COMMENT.match(block.body.splitlines()[0]) or _PATH_BEFORE.search(block.before)
        assert named, f"a tour file block must name its path:\n{block.body}"
        path = workdir / named.group(1)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(block.body, encoding="utf-8")
    elif block.lang == "sh":
        for line in block.body.splitlines():
            if line.strip():
                status, output = deckwright(line)
                assert status == 0, f"{line}\n{output}"
    elif block.lang == "console":
        for command, expected in transcript(block.body):
            status, output = deckwright(command)
            assert output == expected, f"$ {command}"
            errors = _SUMMARY.match(expected.splitlines()[-1])
            assert status == (1 if errors and int(errors.group(1)) else 0), f"$ {command}\n{output}"
    else:
        raise AssertionError(f"the tour has a block the test does not know how to run: ```{block.lang}")


def transcript(body: str) -> list[tuple[str, str]]:
    """(command, expected output) pairs of a console block."""
    pairs: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            pairs.append((line[2:], []))
        else:
            assert pairs, "a console block starts with a `$ ` command"
            pairs[-1][1].append(line)
    return [(command, "\n".join(lines) + "\n") for command, lines in pairs]


def colour_share(pdf: Path, rgb: tuple[int, int, int]) -> float:
    """The largest share of any page's pixels that have this colour (within a small tolerance)."""
    best = 0.0
    document = pypdfium2.PdfDocument(pdf)
    try:
        for page in document:
            image = page.render(scale=0.5).to_pil().convert("RGB")
            data = image.tobytes()
            pixels = [data[i:i + 3] for i in range(0, len(data), 3)]
            near = sum(1 for p in pixels if all(abs(a - b) <= 3 for a, b in zip(p, rgb)))
            best = max(best, near / len(pixels))
    finally:
        document.close()
    return best


def test_the_readme_tour_runs_as_written(workdir: Path) -> None:
    blocks = tour_blocks(README.read_text(encoding="utf-8"))
    assert {b.lang for b in blocks} >= {"yaml", "json", "sh", "console"}
    proof = workdir / "build" / "my-game" / "proof.pdf"
    for block in blocks:
        play(block, workdir)
    assert proof.is_file()
    # The cave troll's front is filled with its kingdom's colour (north: #3a5f9e): two copies of a
    # poker card cover far more than 5% of an A4 page.
    assert colour_share(proof, (0x3A, 0x5F, 0x9E)) > 0.05


def test_the_tour_is_found_and_every_file_block_names_its_path() -> None:
    blocks = tour_blocks(README.read_text(encoding="utf-8"))
    files = [b for b in blocks if b.lang in ("yaml", "json")]
    assert len(files) >= 7
    for block in files:
        assert _PATH_COMMENT.match(block.body.splitlines()[0]) or _PATH_BEFORE.search(block.before), block.body


def test_a_transcript_whose_output_differs_fails(workdir: Path) -> None:
    wrong = Block("console", "$ deckwright explain DW321\nDW321 something else\n", "")
    try:
        play(wrong, workdir)
    except AssertionError:
        return
    raise AssertionError("a wrong transcript passed")
