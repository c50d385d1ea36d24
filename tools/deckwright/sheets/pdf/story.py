"""The flowables of each sheet, from the same sheet values the HTML templates read."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Table, TableStyle
from reportlab.platypus.flowables import BalancedColumns

from deckwright.rules.coverage_sheet import CoverageSheet
from deckwright.sheets.findings import FindingsSheet, FindingView
from deckwright.sheets.glossary import GlossarySheet
from deckwright.sheets.inventory import Checklist, ComponentSheet, CountRow
from deckwright.sheets.links import Cite, Link
from deckwright.sheets.pdf.style import (
    ASSUMED_BG,
    BAD,
    BOLD,
    FONT,
    LINE,
    CheckBox,
    Icon,
    badge,
    para,
    src,
    text,
)
from deckwright.sheets.rich import Rich
from deckwright.sheets.rulebook import ClauseView, PlayerAid, RulesSheet
from deckwright.sheets.scenarios import ScenarioSheet
from deckwright.sheets.table import Part, SheetTable

Story = list[Flowable]


def _cites(cites: Sequence[Cite]) -> str:
    return text(", ".join(c.label for c in cites))


def _table(rows: list[list[Any]], widths: Sequence[float], extra: Sequence[tuple[Any, ...]] = ()) -> Table:
    # Header cells wrap within their column (a long heading never runs into its neighbour's).
    rows = [[_heading(h, w) if isinstance(h, str) and h else h for h, w in zip(rows[0], widths)], *rows[1:]]
    table = Table(rows, colWidths=list(widths), repeatRows=1, splitInRow=1)  # a row taller than a page splits
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), FONT, 7.5), ("FONT", (0, 0), (-1, 0), BOLD, 7.5),
        ("BACKGROUND", (0, 0), (-1, 0), "#f2f2f2"), ("LINEBELOW", (0, 0), (-1, -1), 0.4, LINE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5), *extra]))
    return table


def table_flowable(model: SheetTable, width: float) -> Story:
    """The table model drawn as the HTML macro draws it: same columns, shares of the width, cells and tones."""
    widths = [c.share * width for c in model.columns]
    aligns = [c.align for c in model.columns]
    rows: list[list[Any]] = [[c.label for c in model.columns]]
    for row in model.rows:
        rows.append([_cell(parts, f"cell{aligns[i]}" if aligns[i] != "left" else "cell")
                     for i, parts in enumerate(row.cells)])
    tones = {"assumed": ASSUMED_BG, "disagree": colors.HexColor("#fdecee")}
    extra: list[tuple[Any, ...]] = [("BACKGROUND", (0, i + 1), (-1, i + 1), tones[r.tone])
                                    for i, r in enumerate(model.rows) if r.tone in tones]
    extra += [("TEXTCOLOR", (0, i + 1), (-1, i + 1), BAD) for i, r in enumerate(model.rows) if r.tone == "disagree"]
    caption = [para(f"{text(model.caption)}", "h3-loose")] if model.caption else []
    return [*caption, _table(rows, widths, [*(("ALIGN", (i, 0), (i, -1), a.upper()) for i, a in enumerate(aligns)
                                              if a != "left"), *extra])]


def _cell(parts: Sequence[Part], style: str) -> Flowable | str:
    if len(parts) == 1 and parts[0].kind == "check":
        return CheckBox()
    markup = ""
    for n, part in enumerate(parts):
        joint = "<br/>" if part.kind in ("aside", "item") and n else (" " if n else "")
        markup += joint + _part(part)
    return para(markup, style)


def _part(part: Part) -> str:
    shown = {
        "strong": lambda: f"<b>{text(part.text)}</b>",
        "aside": lambda: f'<font color="#b35900">{text(part.text)}</font>',
        "src": lambda: src(part.link), "line": lambda: src(part.link),
        "cites": lambda: f'<font color="#666666" size="7">{_cites(part.cites)}</font>',
        "badge": badge, "check": lambda: "",
        "rich": lambda: _rich(part.rich), "item": lambda: f"• {_rich(part.rich)}",
    }
    return shown.get(part.kind, lambda: text(part.text))()


def _heading(label: str, width: float) -> Flowable:
    """A column heading that wraps between words, set smaller when its longest word is wider than the column."""
    longest = max(stringWidth(word, BOLD, 7.5) for word in label.split())
    room = width - 7  # the cell's left and right padding, and a point to spare
    return para(text(label), "cellhead", scale=min(1.0, room / longest) if longest > 0 else 1.0)


def _shaded(rows: Sequence[bool], color: Any) -> list[tuple[Any, ...]]:
    """Table styles shading the body rows (header excluded) whose flag is set."""
    return [("BACKGROUND", (0, i + 1), (-1, i + 1), color) for i, flag in enumerate(rows) if flag]


def rules_story(sheet: RulesSheet, width: float) -> Story:
    story: Story = [para(f"Every clause by section in rulebook order. {sheet.facts} facts, {sheet.assumed} of them "
                         f"the pack's assumptions (marked {badge()}), not the book's.", "small")]
    for section in sheet.sections:
        story.append(para(f"{text(section.title)} {src(section.link)}", "h2"))
        story.extend(KeepTogether(_clause(c, width)) for c in section.clauses)
    return story


def _clause(clause: ClauseView, width: float) -> Story:
    parts: Story = [para(f'<font size="7" color="#666666">{text(clause.id)}</font> {text(clause.summary)}'),
                    para(f"{_cites(clause.cites)} · {src(clause.link)}", "small")]
    if clause.assumed:
        parts.append(para(f"{badge()} {text(clause.assumed)}", "assumed"))
    if clause.facts:
        parts += table_flowable(clause.fact_table, width)
    if clause.notes:
        parts.append(para(f"Note: {text(clause.notes)}", "small"))
    return parts


def findings_story(sheet: FindingsSheet, width: float) -> Story:
    story: Story = [para(f"From {text(sheet.origin)}: {sheet.errors} error{'s' * (sheet.errors != 1)}, {sheet.warnings} warning{'s' * (sheet.warnings != 1)} open; "
                         f"{len(sheet.accepted)} accepted by the pack.", "small")]
    for title, findings, empty in (
            ("Open findings", sheet.open, "No open findings."),
            ("Accepted findings: the book's contradictions and gaps, and how the pack plays them", sheet.accepted,
             "The pack accepts no findings."),
            ("Notes: what the pack assumes, what playouts show", sheet.notes, "No notes.")):
        story.append(para(title, "h2"))
        story.extend(KeepTogether(_finding(f)) for f in findings)
        if not findings:
            story.append(para(f"<i>{empty}</i>", "small"))
    return story


def _finding(f: FindingView) -> Story:
    where = src(f.link) if f.link else "(pack)"
    cites = f" · cites {_cites(f.cites)}" if f.cites else ""
    parts: Story = [para(f"<b>{text(f.code)}</b> <font size='7'>{text(f.severity.upper())}</font> {text(f.message)}"),
                    para(where + cites, "small")]
    parts.extend(para(f"• {text(r.message)}: {src(r.link)}", "small") for r in f.related)
    if f.hint:
        parts.append(para(f"Hint: {text(f.hint)}", "small"))
    if f.reason:
        parts.append(para(f"Accepted: {text(f.reason)}", "accepted"))
    return parts


def components_story(sheet: ComponentSheet, width: float) -> Story:
    story: Story = [para(f"The count printed in the rulebook against the count in the content. "
                         f"{sheet.disagree} disagree.", "small")]
    for title, model in sheet.tables:
        story += [para(title, "h2-loose"), *table_flowable(model, width)]
    return story


def checklist_story(sheet: Checklist, width: float) -> Story:
    story: Story = [para(f"Every card by deck, for sorting a print run: {sheet.copies} cards in all, copies counted.",
                         "small")]
    for deck in sheet.decks:
        printed = f", {deck.printed} printed" if deck.printed is not None else ""
        story.append(para(f"{text(deck.name)} <font size='8' color='#666666'>{deck.copies} cards{printed}</font>", "h2-loose"))
        for table in deck.tables:
            story += table_flowable(table.table, width)
    return story


def glossary_story(sheet: GlossarySheet, width: float) -> Story:
    story: Story = []
    for group in sheet.groups:
        story.append(para(text(group.title), "h2"))
        for t in group.terms:
            aliases = f" <font color='#666666'>({text(', '.join(t.aliases))})</font>" if t.aliases else ""
            entry = para(f"<b>{text(t.term)}</b>{aliases} {text(t.meaning)} "
                         f"<font size='7' color='#666666'>{_cites(t.cites)}</font> {src(t.link)}", "cell")
            icon = Icon(t.symbol, t.term, t.color) if t.symbol else ""
            story.append(Table([[icon, entry]], colWidths=[8 * mm, width - 8 * mm], style=TableStyle(
                [("FONT", (0, 0), (-1, -1), FONT, 7.5), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                 ("LEFTPADDING", (0, 0), (-1, -1), 0),
                 ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5)])))
    return story


def aid_story(sheet: PlayerAid, width: float, scale: float = 1.0) -> Story:
    """Two balanced columns; `scale` shrinks the type until the aid fits one page."""
    body: Story = []
    for title, sections in (("", sheet.sections), ("Other rules at a glance", sheet.glance)):
        if title and sections:
            body.append(para(title, "h3", scale=scale))
        for section in sections:
            body.append(para(text(section.title), "aidhead" if title else "h3", scale=scale))
            for clause in section.clauses:
                line = text(clause.summary)
                body.append(para(f"<font color='#b35900'>{line}</font>" if clause.assumed else line, "aid",
                                 bullet="•", scale=scale))
    return [BalancedColumns(body, nCols=2, innerPadding=4 * mm)]


def scenarios_story(sheet: ScenarioSheet, width: float) -> Story:
    story: Story = []
    for n, s in enumerate(sheet.scenarios):
        if n:
            story.append(PageBreak())
        story += [para(f"{text(s.name)} <font size='8' color='#666666'>{text(s.kind)} · {text(s.players)} players"
                       f"</font> {src(s.link)}", "h2"), para(_cites(s.cites), "small")]
        if s.assumed:
            story.append(para(f"{badge()} {text(s.assumed)}", "assumed"))
        for part in s.parts:
            story.append(para(text(part.title), "h3"))
            if part.fields:
                story += table_flowable(part.field_table, width)
            difficulty = part.difficulty_table
            if difficulty is not None:
                story += table_flowable(difficulty, width)
    return story


def _rich(segments: Rich) -> str:
    """Icons as their term in the icon's colour, keywords in bold."""
    marked = {"icon": lambda s: f'<font color="{s.color}"><b>{text(s.text)}</b></font>',
              "keyword": lambda s: f"<b>{text(s.text)}</b>", "label": lambda s: f"<font color='#666666'>{text(s.text)}</font>"}
    return "".join(marked.get(s.kind, lambda s: text(s.text))(s) for s in segments)


# Sheets meant to fit one page: their story takes a type scale, shrunk until they do.
ONE_PAGE: dict[str, Callable[[Any, float, float], Story]] = {"player-aid": aid_story}
def coverage_story(sheet: CoverageSheet, width: float) -> Story:
    """Per cited book: the share of rule lines cited, then a row per section."""
    story: Story = []
    for doc in sheet.docs:
        story += [para(text(doc.doc), "h2-loose"),
                  para(f"Clauses cite {doc.covered} of {doc.rule_lines} rule lines ({doc.share}); "
                       f"{doc.not_rules_lines} lines are marked not rules.", "small")]
        rows: list[list[Any]] = [["Section", "Lines", "Cited", "Uncovered, and not rules"]]
        rows += [[para(text(s.title), "cell"), s.lines, f"{s.covered}/{s.rule_lines}",
                  para("<br/>".join([text(u) for u in s.uncovered] + [text(f"not rules {n}") for n in s.not_rules]),
                       "cell")] for s in doc.sections]
        story.append(_table(rows, [width * 0.3, width * 0.12, width * 0.1, width * 0.48],
                            [("ALIGN", (2, 0), (2, -1), "RIGHT"),
                             *_shaded([bool(s.uncovered) for s in doc.sections], "#fdecee")]))
    return story or [para("No cited book was at hand (build the sheets with --sources).", "small")]


STORIES: dict[str, Callable[[Any, float], Story]] = {
    "rules": rules_story, "findings": findings_story, "components": components_story, "checklist": checklist_story,
    "glossary": glossary_story, "player-aid": aid_story, "scenarios": scenarios_story, "coverage": coverage_story,
}
