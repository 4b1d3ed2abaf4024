"""Raw documents as a loader returns them, before preprocessing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
        n = len(self.texts)
        if not self.labels:
            self.labels = [()] * n
        if not self.split:
            self.split = [""] * n
        if not self.ids:
            self.ids = [str(i) for i in range(n)]
        for name in ("labels", "split", "ids"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} has {len(getattr(self, name))} entries for {n} texts")

    def __len__(self) -> int:
        return len(self.texts)

    def head(self, limit: int | None) -> RawDocuments:
        """The first ``limit`` documents (all when ``limit`` is None)."""
        if limit is None or limit >= len(self.texts):
            return self
        return RawDocuments(self.texts[:limit], self.labels[:limit], self.split[:limit],
                            self.ids[:limit], dict(self.info))
