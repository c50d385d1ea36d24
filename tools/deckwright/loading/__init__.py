"""Loading: files to data, every node with a position on demand."""

from deckwright.loading.cache import ParseCache
from deckwright.loading.document import Document, pointer_of
from deckwright.loading.problem import Parsed, Problem, Trap
from deckwright.loading.read import FileRef, parse_text, read_documents

__all__ = ["Document", "FileRef", "ParseCache", "Parsed", "Problem", "Trap", "parse_text", "pointer_of",
           "read_documents"]
