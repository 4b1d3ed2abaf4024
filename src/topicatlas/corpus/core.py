"""The :class:`Corpus`: documents as token-id sequences over a :class:`Vocabulary`.

Tokens are stored flat (``token_ids`` int32 + ``offsets`` int64, CSR-style), which
keeps 50k-document corpora compact, serialises to ``.npz`` without pickle, and lets
metrics count windows with numpy. ``corpus.tokens`` gives the familiar list of
token lists (built on first use).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import scipy.sparse as sp

from topicatlas.corpus.vocabulary import Vocabulary


def fill_document_columns(obj: Any, n: int, unit: str) -> None:
    """Default ``obj.labels``/``split``/``ids`` for ``n`` documents and check their lengths.

    Empty columns become unlabelled (``()``), unsplit (``""``) and numbered (``"0"``...);
    a column of another length than ``n`` is an error naming it. Shared by
    :class:`Corpus` and :class:`~topicatlas.corpus.raw.RawDocuments`.
    """
    if not obj.labels:
        obj.labels = [()] * n
    if not obj.split:
        obj.split = [""] * n
    if not obj.ids:
        obj.ids = [str(i) for i in range(n)]
    for attr in ("labels", "split", "ids"):
        if len(getattr(obj, attr)) != n:
            raise ValueError(f"{attr} has {len(getattr(obj, attr))} entries for {n} {unit}")


@dataclass(eq=False)
class Corpus:
    """A preprocessed corpus.

    Attributes:
        name: dataset name or source path.
        vocab: the vocabulary (ids index ``vocab.words``).
        token_ids: all documents' token ids, concatenated (int32).
        offsets: document ``d`` is ``token_ids[offsets[d]:offsets[d + 1]]`` (int64, length D+1).
        texts: the raw document texts (None when the source arrived pre-tokenised
            and raw text was not kept).
        labels: per document a tuple of labels (empty tuple: unlabelled; several: multi-label).
        split: per document its split name (``"train"``, ``"test"``, ``"val"``, or ``""``).
        ids: per document a stable identifier from the source (file path, line number...).
        settings: the source and every preprocessing setting, recorded for provenance
            and for the cache key.
        info: counts gathered while building (e.g. ``dropped_empty``: documents that
            became empty after preprocessing and were removed).
    """

    name: str
    vocab: Vocabulary
    token_ids: np.ndarray
    offsets: np.ndarray
    texts: list[str] | None = None
    labels: list[tuple[str, ...]] = field(default_factory=list)
    split: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    info: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.token_ids = np.asarray(self.token_ids, dtype=np.int32)
        self.offsets = np.asarray(self.offsets, dtype=np.int64)
        n = len(self.offsets) - 1
        if n < 0 or self.offsets[0] != 0 or self.offsets[-1] != len(self.token_ids):
            raise ValueError("offsets must start at 0 and end at len(token_ids)")
        fill_document_columns(self, n, "documents")
        if self.texts is not None and len(self.texts) != n:
            raise ValueError(f"texts has {len(self.texts)} entries for {n} documents")

    # -- construction -------------------------------------------------------
    @classmethod
    def from_tokens(
        cls,
        tokens: Sequence[Sequence[str]],
        *,
        name: str = "corpus",
        vocab: Vocabulary | None = None,
        **kwargs: Any,
    ) -> Corpus:
        """Build from token lists; the vocabulary (if not given) is every token, in first-seen order.

        With a given ``vocab``, out-of-vocabulary tokens are dropped.
        """
        if vocab is None:
            seen: dict[str, int] = {}
            for doc in tokens:
                for t in doc:
                    if t not in seen:
                        seen[t] = len(seen)
            vocab = Vocabulary(seen)
        index = vocab.index
        ids: list[int] = []
        offsets = [0]
        for doc in tokens:
            ids.extend(index[t] for t in doc if t in index)
            offsets.append(len(ids))
        return cls(name=name, vocab=vocab, token_ids=np.asarray(ids, dtype=np.int32),
                   offsets=np.asarray(offsets, dtype=np.int64), **kwargs)

    # -- views --------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __repr__(self) -> str:
        return (f"Corpus({self.name!r}: {len(self)} documents, {len(self.vocab)} words, "
                f"{self.n_labels} labels)")

    def doc_ids(self, d: int) -> np.ndarray:
        """Token ids of document ``d``."""
        return self.token_ids[self.offsets[d]:self.offsets[d + 1]]

    @cached_property
    def tokens(self) -> list[list[str]]:
        """Documents as lists of token strings."""
        words = np.asarray(self.vocab.words, dtype=object)
        return [words[self.doc_ids(d)].tolist() for d in range(len(self))]

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    @cached_property
    def dtm(self) -> sp.csr_matrix:
        """Document-term count matrix (D x V, int32 CSR)."""
        n_docs = len(self)
        rows = np.repeat(np.arange(n_docs, dtype=np.int32), self.lengths)
        data = np.ones(len(self.token_ids), dtype=np.int32)
        m = sp.csr_matrix((data, (rows, self.token_ids)), shape=(n_docs, len(self.vocab)))
        m.sum_duplicates()
        return m

    @property
    def label_set(self) -> list[str]:
        """Sorted distinct labels."""
        return sorted({lab for labs in self.labels for lab in labs})

    @property
    def n_labels(self) -> int:
        return len(self.label_set)

    @property
    def avg_tokens(self) -> float:
        return float(self.lengths.mean()) if len(self) else 0.0

    def subset(self, indices: Sequence[int] | np.ndarray, name: str | None = None) -> Corpus:
        """A corpus of the given documents (same vocabulary)."""
        idx = np.asarray(indices)
        idx = np.flatnonzero(idx) if idx.dtype == bool else idx.astype(np.int64)
        starts, ends = self.offsets[idx], self.offsets[idx + 1]
        parts = [self.token_ids[s:e] for s, e in zip(starts, ends, strict=True)]
        token_ids = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)
        offsets = np.concatenate([[0], np.cumsum(ends - starts)])
        pick = idx.tolist()
        return Corpus(
            name=name or self.name,
            vocab=self.vocab,
            token_ids=token_ids,
            offsets=offsets,
            texts=[self.texts[i] for i in pick] if self.texts is not None else None,
            labels=[self.labels[i] for i in pick],
            split=[self.split[i] for i in pick],
            ids=[self.ids[i] for i in pick],
            settings=dict(self.settings),
            info=dict(self.info),
        )

    def by_split(self, split: str) -> Corpus:
        """The documents of one split (e.g. ``"train"``)."""
        return self.subset([i for i, s in enumerate(self.split) if s == split],
                           name=f"{self.name}[{split}]")

    def stats(self) -> dict[str, Any]:
        """The columns of Table 17 of the similarity-relatedness paper."""
        return {
            "name": self.name,
            "documents": len(self),
            "avg_tokens": round(self.avg_tokens, 2),
            "vocab_size": len(self.vocab),
            "n_labels": self.n_labels,
        }
