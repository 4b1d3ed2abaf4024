"""The one language every topic model speaks: :class:`TopicModelOutput`.

A fitted model is reduced to

* ``topics`` -- the top-n words of each topic (default n = 10), most probable first;
  words with zero probability are never listed, so a topic whose distribution has
  fewer than n non-zero words has a shorter list (see word-count collapse);
* ``topic_word`` -- K x V, each row a probability distribution over the corpus vocabulary;
* ``doc_topic`` -- D x K, each row a probability distribution over the K topics;
* ``vocab`` -- the corpus vocabulary (column order of ``topic_word``);
* ``settings`` -- model name, requested K, seed, every hyper-parameter, library versions;
* ``fit_seconds`` -- wall-clock fit time; ``info`` -- diagnostics (collapse flags, losses...).

Interchange: :meth:`to_octis` / :meth:`from_octis` use OCTIS's output dict
(``topics``, ``topic-word-matrix`` K x V, ``topic-document-matrix`` K x D -- OCTIS stores
the document-topic matrix transposed). :meth:`save` / :func:`load_output` use a folder of
plain files, never pickle: ``topics.txt`` (one topic per line), ``vocab.txt`` (one word per
line), ``matrices.npz`` (``topic_word``, ``doc_topic``) and ``output.json`` (everything else).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from topicatlas.errors import DataNotFoundError, InputFormatError
from topicatlas.topics import read_topics, write_topics

OUTPUT_FILES = ("topics.txt", "vocab.txt", "matrices.npz", "output.json")


def normalize_rows(matrix: np.ndarray, *, empty: str = "uniform") -> np.ndarray:
    """Rows scaled to sum to one (float64). Negative entries are an error.

    A row that sums to zero becomes uniform (``empty="uniform"``) or stays zero
    (``empty="zero"``).
    """
    m = np.asarray(matrix, dtype=np.float64)
    if m.ndim != 2:
        raise ValueError(f"expected a 2-D matrix, got shape {m.shape}")
    if (m < 0).any():
        raise ValueError("cannot normalise rows with negative entries")
    sums = m.sum(axis=1, keepdims=True)
    out = np.divide(m, sums, out=np.zeros_like(m), where=sums > 0)
    if empty == "uniform" and m.shape[1]:
        out[(sums[:, 0] <= 0)] = 1.0 / m.shape[1]
    return out


def top_words(topic_word: np.ndarray, vocab: Sequence[str], top_n: int = 10) -> list[list[str]]:
    """The ``top_n`` most probable words of each topic, ties broken by vocabulary order.

    Words with zero probability are not listed (a topic may come out shorter).
    """
    words = list(vocab)
    topics: list[list[str]] = []
    for row in np.asarray(topic_word):
        order = np.argsort(-row, kind="stable")[:top_n]
        topics.append([words[i] for i in order if row[i] > 0])
    return topics


@dataclass
class TopicModelOutput:
    """A fitted topic model in model-independent form (see module docstring)."""

    model: str
    topics: list[list[str]]
    topic_word: np.ndarray
    doc_topic: np.ndarray
    vocab: list[str]
    seed: int | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    fit_seconds: float = 0.0
    info: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.topic_word = np.asarray(self.topic_word, dtype=np.float64)
        self.doc_topic = np.asarray(self.doc_topic, dtype=np.float64)
        self.vocab = list(self.vocab)
        self.topics = [list(t) for t in self.topics]

    # -- views ----------------------------------------------------------------
    @property
    def n_topics(self) -> int:
        return int(self.topic_word.shape[0])

    @property
    def n_docs(self) -> int:
        return int(self.doc_topic.shape[0])

    def __repr__(self) -> str:
        return (f"TopicModelOutput({self.model!r}: {self.n_topics} topics, {len(self.vocab)} words, "
                f"{self.n_docs} documents, seed={self.seed})")

    def validate(self, *, atol: float = 1e-6) -> None:
        """Raise ``ValueError`` unless shapes agree and all rows are distributions."""
        k, v = self.topic_word.shape
        if v != len(self.vocab):
            raise ValueError(f"topic_word has {v} columns for a vocabulary of {len(self.vocab)}")
        if self.doc_topic.ndim != 2 or self.doc_topic.shape[1] != k:
            raise ValueError(f"doc_topic has shape {self.doc_topic.shape}, expected (D, {k})")
        if len(self.topics) != k:
            raise ValueError(f"{len(self.topics)} topics listed for {k} topic_word rows")
        for name, m in (("topic_word", self.topic_word), ("doc_topic", self.doc_topic)):
            if not np.isfinite(m).all():
                raise ValueError(f"{name} contains NaN or infinite values")
            if (m < 0).any():
                raise ValueError(f"{name} has negative entries")
            bad = np.flatnonzero(np.abs(m.sum(axis=1) - 1.0) > atol)
            if bad.size:
                raise ValueError(f"{name} row {bad[0]} sums to {m[bad[0]].sum()!r}, not 1")
        index = set(self.vocab)
        for i, t in enumerate(self.topics):
            missing = [w for w in t if w not in index]
            if missing:
                raise ValueError(f"topic {i} lists {missing[0]!r}, which is not in the vocabulary")

    # -- OCTIS interchange ----------------------------------------------------
    def to_octis(self) -> dict[str, Any]:
        """OCTIS's output dict; note ``topic-document-matrix`` is K x D."""
        return {
            "topics": [list(t) for t in self.topics],
            "topic-word-matrix": self.topic_word.copy(),
            "topic-document-matrix": self.doc_topic.T.copy(),
        }

    @classmethod
    def from_octis(
        cls,
        output: Mapping[str, Any],
        vocab: Sequence[str],
        *,
        model: str = "octis",
        seed: int | None = None,
        settings: dict[str, Any] | None = None,
        normalize: bool = True,
    ) -> TopicModelOutput:
        """Read an OCTIS output dict (``topic-document-matrix`` is K x D).

        OCTIS models do not all return distributions (LSI returns signed weights, NMF
        unnormalised ones); with ``normalize=True`` negative entries are clipped to zero and
        rows rescaled to sum to one, the mapping used by topicatlas's own LSI/NMF.
        """
        if "topics" not in output or "topic-word-matrix" not in output:
            raise InputFormatError("OCTIS output needs 'topics' and 'topic-word-matrix' entries")
        tw = np.asarray(output["topic-word-matrix"], dtype=np.float64)
        if tw.shape[1] != len(vocab):
            raise InputFormatError(
                f"OCTIS topic-word-matrix has {tw.shape[1]} columns for a vocabulary of {len(vocab)}"
            )
        td = output.get("topic-document-matrix")
        dt = (np.asarray(td, dtype=np.float64).T if td is not None
              else np.full((0, tw.shape[0]), 1.0 / max(tw.shape[0], 1)))
        if normalize:
            tw = normalize_rows(np.clip(tw, 0, None))
            dt = normalize_rows(np.clip(dt, 0, None)) if dt.size else dt
        return cls(model=model, topics=[list(t) for t in output["topics"]], topic_word=tw,
                   doc_topic=dt, vocab=list(vocab), seed=seed, settings=dict(settings or {}))

    # -- files ----------------------------------------------------------------
    def save(self, folder: str | Path) -> Path:
        """Write ``topics.txt``, ``vocab.txt``, ``matrices.npz`` and ``output.json`` (no pickle)."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        write_topics(self.topics, folder / "topics.txt")
        (folder / "vocab.txt").write_text("".join(w + "\n" for w in self.vocab), encoding="utf-8")
        np.savez_compressed(folder / "matrices.npz", topic_word=self.topic_word,
                            doc_topic=self.doc_topic)
        meta = {
            "format": "topicatlas.TopicModelOutput/1",
            "model": self.model,
            "n_topics": self.n_topics,
            "n_docs": self.n_docs,
            "seed": self.seed,
            "fit_seconds": self.fit_seconds,
            "settings": self.settings,
            "info": self.info,
            "topics": self.topics,
        }
        (folder / "output.json").write_text(json.dumps(meta, indent=2, default=_json_default),
                                            encoding="utf-8")
        return folder


def _json_default(obj: Any) -> Any:
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    if isinstance(obj, Path):
        return str(obj)
    return repr(obj)


def load_output(folder: str | Path) -> TopicModelOutput:
    """Read a folder written by :meth:`TopicModelOutput.save`."""
    folder = Path(folder)
    missing = [f for f in OUTPUT_FILES if not (folder / f).is_file()]
    if missing:
        raise DataNotFoundError(
            f"{folder}: not a saved topic-model output (missing {', '.join(missing)}); "
            "write one with `topicatlas fit ... --out DIR` or TopicModelOutput.save()"
        )
    meta_path = folder / "output.json"
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise InputFormatError(f"{meta_path}: invalid JSON at line {exc.lineno}: {exc.msg}") from exc
    with np.load(folder / "matrices.npz", allow_pickle=False) as npz:
        topic_word, doc_topic = npz["topic_word"], npz["doc_topic"]
    vocab = (folder / "vocab.txt").read_text(encoding="utf-8").split("\n")[:-1]
    topics = meta.get("topics")
    if topics is None:
        topics = read_topics(folder / "topics.txt")
    return TopicModelOutput(
        model=meta.get("model", "unknown"), topics=topics, topic_word=topic_word,
        doc_topic=doc_topic, vocab=vocab, seed=meta.get("seed"),
        settings=meta.get("settings", {}), fit_seconds=float(meta.get("fit_seconds", 0.0)),
        info=meta.get("info", {}),
    )
