"""The English Core Rules as text: “820.1. Repeat is …”, “Example:”, “See rule 197. …”."""

from judgekit.corpus.model import ParsedDocument
from judgekit.corpus.parsers import numbered
from judgekit.corpus.parsers.common import EN


def parse(text: str) -> ParsedDocument:
    return numbered.parse(text, EN, layout="english")
