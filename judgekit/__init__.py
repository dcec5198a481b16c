"""judgekit: rulings lookup and adjudication for Riftbound (《符文战场》) judges."""

__version__ = "0.1.0"
