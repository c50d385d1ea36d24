"""Report stage: one reporter per output format, in a registry the CLI builds its choices from."""

from deckwright.report.base import Reporter
from deckwright.report.github import GithubReporter
from deckwright.report.json import JsonReporter, diagnostic_to_dict, report_to_dict
from deckwright.report.markdown import MarkdownReporter
from deckwright.report.sarif import SarifReporter
from deckwright.report.text import TextReporter

REPORTERS: dict[str, type[Reporter]] = {
    "text": TextReporter,
    "json": JsonReporter,
    "github": GithubReporter,
    "sarif": SarifReporter,
    "markdown": MarkdownReporter,
}

__all__ = ["REPORTERS", "Reporter", "diagnostic_to_dict", "report_to_dict"]
