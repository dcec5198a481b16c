"""The Chinese rules as PDF text (seed 001, full official PDFs): “• 702.1. …” bullets."""

from judgekit.model import ParsedDocument
from judgekit.parsers import numbered
from judgekit.parsers.common import ZH


def parse(text: str) -> ParsedDocument:
    return numbered.parse(text, ZH, layout="pdftext")
