"""Raw documents as a loader returns them, before preprocessing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from topicatlas.corpus.core import fill_document_columns


@dataclass
class RawDocuments:
    """Texts with their labels, split and ids, as read from a source.

    Attributes:
        texts: one string per document.
        labels: per document a tuple of labels (empty: unlabelled).
        split: per document ``"train"``, ``"test"``, ``"val"`` or ``""``.
        ids: per document a stable identifier in the source (archive member, line...).
        info: counts gathered while reading (e.g. ``undecodable``: documents with
            bytes that needed a fallback encoding).
    """

    texts: list[str]
    labels: list[tuple[str, ...]] = field(default_factory=list)
    split: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        fill_document_columns(self, len(self.texts), "texts")

    def __len__(self) -> int:
        return len(self.texts)

    def head(self, limit: int | None) -> RawDocuments:
        """The first ``limit`` documents (all when ``limit`` is None)."""
        if limit is None or limit >= len(self.texts):
            return self
        return RawDocuments(self.texts[:limit], self.labels[:limit], self.split[:limit],
                            self.ids[:limit], dict(self.info))
