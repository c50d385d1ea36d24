"""The sheets as PDF: reportlab platypus over the same sheet values the HTML templates read."""

from deckwright.sheets.pdf.document import PAPERS, Paper, pdf_bytes
from deckwright.sheets.pdf.story import ONE_PAGE, STORIES

__all__ = ["ONE_PAGE", "PAPERS", "STORIES", "Paper", "pdf_bytes"]
