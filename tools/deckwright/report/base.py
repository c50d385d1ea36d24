"""A reporter turns a Report into one output format on a stream it is given; nothing else prints."""

from __future__ import annotations

import abc
from typing import TextIO

from deckwright.diagnostic import Report


class Reporter(abc.ABC):
    """Formats a finished Report on `stream`; with `statistics`, the count of findings per code too."""

    def __init__(self, stream: TextIO, *, color: bool = False, statistics: bool = False):
        self.stream = stream
        self.color = color
        self.statistics = statistics

    @abc.abstractmethod
    def emit(self, report: Report) -> None:
        """Write the whole report."""
