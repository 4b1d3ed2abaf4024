"""The built-in sample corpus: 60 short documents written for topicatlas.

Five themes (space, cooking, football, finance, gardening), 12 documents each, made
up for this package (no third-party text), so the demo and tests run without a data
directory. Stored in ``corpus/data/sample_corpus.jsonl`` (``text``, ``label``).
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from topicatlas.corpus.raw import RawDocuments

FILE = "sample_corpus.jsonl"


def read_sample(root: Path | None = None, *, limit: int | None = None) -> RawDocuments:
    """The sample documents (``root`` is ignored: the corpus ships with the package)."""
    text = resources.files("topicatlas.corpus").joinpath("data", FILE).read_text("utf-8")
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    rows = rows[:limit] if limit is not None else rows
    return RawDocuments([r["text"] for r in rows], [(r["label"],) for r in rows], [],
                        [f"sample/{i + 1}" for i in range(len(rows))])
