"""The Chinese rules as PDF text (seed 001, full official PDFs): “• 702.1. …” bullets."""

from judgekit.corpus.model import ParsedDocument
from judgekit.corpus.parsers import numbered
from judgekit.corpus.parsers.common import ZH


def parse(text: str) -> ParsedDocument:
    return numbered.parse(text, ZH, layout="pdftext")
