"""Shared machinery of the topic-model zoo: input checks, seeding, errors, output assembly.

Every adapter is a function ``fit(corpus, n_topics, seed, **params) -> FitResult``; the
public :func:`topicatlas.models.fit_model` checks the input, seeds every random source,
times the call, and turns the adapter's matrices into a validated
:class:`~topicatlas.models.output.TopicModelOutput` with collapse flags.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.errors import InputFormatError, NotInstalledError, TopicAtlasError

DEFAULT_THREADS = 1


class TrainingDivergedError(TopicAtlasError):
    """Training produced a NaN/infinite loss; no output is returned."""


@dataclass
class FitResult:
    """What an adapter returns: matrices over the corpus vocabulary plus diagnostics.

    ``topic_word`` (K' x V) and ``doc_topic`` (D x K') need not be normalised yet; K' may be
    smaller than the requested K for models that choose their own number of topics (HDP,
    BERTopic). ``topics`` overrides the top words taken from ``topic_word`` (BERTopic's
    c-TF-IDF words, for instance); ``params`` are the hyper-parameters actually used.
    """

    topic_word: np.ndarray
    doc_topic: np.ndarray
    params: dict[str, Any] = field(default_factory=dict)
    topics: list[list[str]] | None = None
    info: dict[str, Any] = field(default_factory=dict)


class NotInstalled:
    """Placeholder for a model whose optional dependency is missing (as in BERTopic).

    Calling it (or touching any attribute) raises :class:`NotInstalledError` with the
    ``pip install`` line that fixes it.
    """

    def __init__(self, name: str, missing: str, extra: str) -> None:
        self._message = (
            f"topic model {name!r} needs the Python package {missing!r}, which is not installed. "
            f"Install it with: pip install 'topicatlas[{extra}]'"
        )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise NotInstalledError(self._message)

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        raise NotInstalledError(self._message)


def check_corpus(corpus: Corpus, n_topics: int, *, model: str) -> None:
    """Reject inputs no topic model can fit: K < 1, fewer documents than K, no words."""
    if not isinstance(n_topics, int | np.integer) or n_topics < 1:
        raise InputFormatError(f"{model}: the number of topics must be a positive integer, got {n_topics!r}")
    n_docs = len(corpus)
    if len(corpus.vocab) == 0 or len(corpus.token_ids) == 0:
        raise InputFormatError(
            f"{model}: corpus {corpus.name!r} has an empty vocabulary after preprocessing "
            f"({n_docs} documents, {len(corpus.vocab)} words); relax the preprocessing "
            "(lower min_df, keep stopwords) or check the input file"
        )
    non_empty = int((corpus.lengths > 0).sum())
    if non_empty < n_topics:
        raise InputFormatError(
            f"{model}: corpus {corpus.name!r} has {non_empty} non-empty documents, fewer than the "
            f"{n_topics} topics asked for; use --k {max(1, non_empty)} or less, or a larger corpus"
        )


@contextmanager
def seeded(seed: int, threads: int = DEFAULT_THREADS, *, seed_torch: bool = True) -> Iterator[None]:
    """Seed Python, NumPy and (with ``seed_torch``, when installed) torch; fix torch's threads.

    Same seed + same machine + same thread count gives the same numbers; torch CPU
    kernels are deterministic for a fixed thread count, and deterministic algorithms are
    requested (with a warning only where an op has none). Thread settings are restored.
    """
    random.seed(seed)
    np.random.seed(seed % 2**32)
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    torch = _torch_if_available() if seed_torch else None
    saved = None
    if torch is not None:
        saved = (torch.get_num_threads(), torch.are_deterministic_algorithms_enabled())
        torch.manual_seed(seed)
        torch.set_num_threads(max(1, int(threads)))
        torch.use_deterministic_algorithms(True, warn_only=True)
    try:
        yield
    finally:
        if torch is not None and saved is not None:
            torch.set_num_threads(saved[0])
            torch.use_deterministic_algorithms(saved[1])


def _torch_if_available() -> Any:
    try:
        import torch
    except ImportError:
        return None
    return torch


def check_finite(loss: float, *, model: str, epoch: int, hint: str = "") -> None:
    """Stop training with :class:`TrainingDivergedError` on a NaN/infinite loss."""
    if not np.isfinite(loss):
        raise TrainingDivergedError(
            f"{model}: training diverged (loss {loss} at epoch {epoch}); no output was written. "
            f"Try a smaller learning rate{hint} or another seed."
        )


def library_versions(*modules: str) -> dict[str, str]:
    """``{module: version}`` of the libraries a model used (for provenance)."""
    import importlib

    out = {}
    for name in modules:
        try:
            mod = importlib.import_module(name)
        except ImportError:
            continue
        out[name] = str(getattr(mod, "__version__", "unknown"))
    return out
