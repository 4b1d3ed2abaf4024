"""Reading and writing sets of topics (top words per topic).

Accepted file formats (chosen by content, not by extension alone):

* plain text: one topic per line, words separated by whitespace; blank lines and
  lines starting with ``#`` are ignored;
* CSV/TSV with a header that has a ``Topic words`` column (case-insensitive; e.g.
  ``ID<TAB>Topic words``, as in the LLM-judge paper's released topic files),
  words inside that cell separated by whitespace;
* JSON: a list of word lists, or ``{"topics": [[...], ...]}``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from topicatlas.errors import DataNotFoundError, InputFormatError

Topics = list[list[str]]

_WORD_COLUMNS = ("topic words", "topic_words", "words", "topic")


def parse_topics_text(text: str, *, source: str = "<text>") -> Topics:
    """Parse the content of a topics file (see module docstring for formats)."""
    stripped = text.lstrip("\ufeff").strip()
    if not stripped:
        raise InputFormatError(f"{source}: no topics (the file is empty)")
    if stripped[0] in "[{":
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise InputFormatError(f"{source}: invalid JSON at line {exc.lineno}: {exc.msg}") from exc
        if isinstance(data, dict):
            data = data.get("topics")
        if not isinstance(data, list) or not all(isinstance(t, list) for t in data):
            raise InputFormatError(f"{source}: JSON must be a list of word lists or {{'topics': [...]}}")
        return [[str(w) for w in t] for t in data]

    first_line = stripped.splitlines()[0]
    delimiter = "\t" if "\t" in first_line else ("," if "," in first_line else None)
    if delimiter is not None:
        header = [h.strip().lower() for h in next(csv.reader([first_line], delimiter=delimiter))]
        col = next((header.index(c) for c in _WORD_COLUMNS if c in header), None)
        if col is not None:
            topics: Topics = []
            reader = csv.reader(io.StringIO(stripped), delimiter=delimiter)
            next(reader)
            for lineno, row in enumerate(reader, start=2):
                if not row or not any(cell.strip() for cell in row):
                    continue
                if col >= len(row):
                    raise InputFormatError(
                        f"{source}, line {lineno}: no {header[col]!r} column in this row ({row!r})"
                    )
                topics.append(row[col].split())
            return topics
    topics = []
    for line in stripped.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        topics.append(line.split())
    return topics


def read_topics(path: str | Path) -> Topics:
    """Read a topics file; errors name the file and line."""
    path = Path(path)
    if not path.is_file():
        raise DataNotFoundError(
            f"topics file not found: {path} (expected one topic per line, words separated by "
            "spaces, or a CSV/TSV with a 'Topic words' column)"
        )
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        text = path.read_text(encoding="latin-1")
    return parse_topics_text(text, source=str(path))


def write_topics(topics: Iterable[Sequence[str]], path: str | Path) -> Path:
    """Write one topic per line, words separated by single spaces."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(" ".join(t) + "\n" for t in topics), encoding="utf-8")
    return path
