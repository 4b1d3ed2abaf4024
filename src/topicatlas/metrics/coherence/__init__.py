"""Classical topic coherence: C_v, NPMI, UCI, UMass with gensim's definitions, fast and exact.

>>> from topicatlas.metrics import coherence
>>> texts = [["cat", "dog", "pet"], ["dog", "bone", "pet"], ["car", "road", "wheel"],
...          ["dog", "road"]]
>>> r = coherence([["dog", "pet", "cat"], ["car", "wheel", "dog"]], texts, measure="c_npmi")
>>> [round(v, 4) for v in r.per_topic], round(r.mean, 4)
([0.3742, -0.2929], 0.0406)

See :mod:`.measures` for the definitions and :mod:`.counting` for how the reference
corpus is counted (once, for the union of all words asked, reusable across topic sets).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Iterable, Sequence

import numpy as np

from topicatlas.corpus.core import Corpus
from topicatlas.errors import InputFormatError
from topicatlas.metrics.coherence.counting import WINDOW_MODES, ReferenceCounts
from topicatlas.metrics.coherence.measures import (
    CONFIRMATIONS,
    EPSILON,
    MEASURES,
    SEGMENTATIONS,
    Measure,
    score_group,
)
from topicatlas.metrics.result import MetricResult
from topicatlas.metrics.topic_input import apply_oov, as_topic_lists, check_options

__all__ = ["EPSILON", "MEASURES", "Measure", "ReferenceCounts", "coherence", "prepare_topics"]

DUPLICATE_POLICIES = ("keep", "drop", "error")

# counts built for a Corpus object are reused by later calls with the same object
_CACHE: weakref.WeakKeyDictionary[Corpus, dict[str, ReferenceCounts]] = weakref.WeakKeyDictionary()


def reference_counts(texts: Corpus | ReferenceCounts | Iterable[Sequence[str]],
                     windows: str = "gensim") -> ReferenceCounts:
    """The :class:`ReferenceCounts` for ``texts`` (cached per :class:`Corpus` object)."""
    if isinstance(texts, ReferenceCounts):
        if texts.windows != windows:
            raise InputFormatError(
                f"these ReferenceCounts use windows={texts.windows!r}, not {windows!r}; "
                f"build ReferenceCounts(texts, windows={windows!r})"
            )
        return texts
    if isinstance(texts, Corpus):
        per_mode = _CACHE.setdefault(texts, {})
        if windows not in per_mode:
            per_mode[windows] = ReferenceCounts(texts, windows=windows)
        return per_mode[windows]
    return ReferenceCounts(texts, windows=windows)


def prepare_topics(topics: Iterable[Sequence[str] | str], counts: ReferenceCounts,
                   topn: int | None = 10, oov: str = "skip", duplicates: str = "keep",
                   ) -> tuple[list[list[str]], dict[int, str], dict[int, list[str]]]:
    """Apply the duplicate, out-of-vocabulary and ``topn`` rules to every topic.

    Order (gensim's): duplicates, then OOV words, then truncation to ``topn`` -- so with
    ``oov="skip"`` a topic keeps ``topn`` words when it has enough known ones.

    Returns:
        (words per topic -- empty for topics without a value, undefined reasons, OOV words).
    """
    check_options(oov, topn)
    if duplicates not in DUPLICATE_POLICIES:
        raise InputFormatError(f"duplicates must be one of {DUPLICATE_POLICIES}, got {duplicates!r}")
    topics = as_topic_lists(topics)
    prepared: list[list[str]] = []
    undefined: dict[int, str] = {}
    oov_words: dict[int, list[str]] = {}
    for k, words in enumerate(topics):
        if duplicates != "keep" and len(set(words)) < len(words):
            if duplicates == "error":
                seen: set[str] = set()
                dup = next(w for w in words if w in seen or seen.add(w))
                raise InputFormatError(
                    f"topic {k}: the word {dup!r} appears twice ({' '.join(words)}); "
                    "remove it or use duplicates='drop' (keep the first) or 'keep' (gensim)"
                )
            words = list(dict.fromkeys(words))
        missing = [w for w in words if not counts.in_corpus(w)]
        kept = apply_oov(
            k, words, missing, oov, oov_words=oov_words, undefined=undefined,
            error="{words} not in the reference corpus; use oov='skip' to drop such words or "
                  "oov='nan' to leave the topic unscored",
            reason="words not in the reference corpus")
        if kept is None:
            prepared.append([])
            continue
        words = kept
        if topn is not None:
            words = words[:topn]
        if not topics[k]:
            undefined[k] = "empty topic"
        elif len(words) < 2:
            undefined[k] = (f"fewer than 2 words to pair ({len(words)} left"
                            + (" after skipping words not in the reference corpus)" if missing else ")"))
        prepared.append(words if k not in undefined else [])
    return prepared, undefined, oov_words


def coherence(
    topics: Iterable[Sequence[str] | str],
    texts: Corpus | ReferenceCounts | Iterable[Sequence[str]],
    measure: str = "c_v",
    topn: int | None = 10,
    *,
    window_size: int | None | str = "default",
    segmentation: str | None = None,
    confirmation: str | None = None,
    epsilon: float = EPSILON,
    gamma: float = 1.0,
    oov: str = "skip",
    duplicates: str = "keep",
    windows: str | None = None,
) -> MetricResult:
    """Coherence of each topic on a reference corpus, and their mean.

    Args:
        topics: word lists (best first); a string is split on whitespace.
        texts: the reference corpus: a :class:`~topicatlas.corpus.Corpus`, a list of
            token lists, or a :class:`ReferenceCounts` built from one (reuse it to score
            many topic sets: counts are made once for the union of their words).
        measure: ``c_v``, ``c_npmi``, ``c_uci`` or ``u_mass`` (see :mod:`.measures`).
        topn: score the first ``topn`` words of each topic (``None``: all).
        window_size: sliding-window length; ``None`` for boolean document; default:
            the measure's (110 for c_v, 10 for c_npmi/c_uci, boolean document for u_mass).
        segmentation, confirmation: override the measure's (Röder et al.'s space:
            segmentations ``one_one one_pre one_suc one_set``, confirmations
            ``log_conditional pmi npmi cosine_npmi``).
        epsilon: added to joint probabilities before the log (gensim: 1e-12).
        gamma: exponent of the NPMI entries of context vectors (indirect measures).
        oov: words absent from the reference corpus: ``"skip"`` (drop them, as gensim
            does for words outside its dictionary; listed in ``result.oov``), ``"nan"``
            (the topic gets no value and is listed in ``result.undefined``) or ``"error"``.
        duplicates: a word repeated inside a topic: ``"keep"`` (gensim: every position
            takes part in the segmentation), ``"drop"`` (keep the first) or ``"error"``.
        windows: ``"gensim"`` (reproduce gensim 4's window counts, for parity with
            published numbers) or ``"exact"`` (Röder et al.'s definition); see
            :mod:`.counting`. Default: the mode of ``texts`` when it is a
            :class:`ReferenceCounts`, else ``"gensim"``.

    Returns:
        :class:`~topicatlas.metrics.result.MetricResult`; topics with fewer than two
        usable words get ``nan`` with the reason in ``undefined`` and are left out of the
        mean. Where gensim differs: it raises on topics without any known word, returns
        ``nan`` for one-word topics under c_npmi/c_uci/u_mass and 1.0 under c_v; here
        every such topic is undefined and reported.
    """
    spec: Measure = MEASURES.get(measure)
    segmentation = segmentation or spec.segmentation
    confirmation = confirmation or spec.confirmation
    if segmentation not in SEGMENTATIONS:
        raise InputFormatError(f"segmentation must be one of {SEGMENTATIONS}, got {segmentation!r}")
    if confirmation not in CONFIRMATIONS:
        raise InputFormatError(f"confirmation must be one of {CONFIRMATIONS}, got {confirmation!r}")
    if segmentation == "one_set" and confirmation != "cosine_npmi":
        raise InputFormatError("segmentation 'one_set' needs confirmation='cosine_npmi'")
    if window_size == "default":
        window_size = spec.window_size
    if windows is None:
        windows = texts.windows if isinstance(texts, ReferenceCounts) else "gensim"
    if windows not in WINDOW_MODES:
        raise InputFormatError(f"windows must be one of {WINDOW_MODES}, got {windows!r}")
    counts = reference_counts(texts, windows)
    prepared, undefined, oov_words = prepare_topics(topics, counts, topn, oov, duplicates)
    union = list(dict.fromkeys(w for t in prepared for w in t))
    table = counts.table(union, window_size)  # validates window_size too

    values = np.full(len(prepared), np.nan)
    by_length: dict[int, list[int]] = {}
    for k, words in enumerate(prepared):
        if words:
            by_length.setdefault(len(words), []).append(k)
    for _, ks in sorted(by_length.items()):
        index = np.array([[table.index[w] for w in prepared[k]] for k in ks], dtype=np.int64)
        values[ks] = score_group(index, table.occurrences, table.cooccurrences,
                                 table.n_contexts, segmentation, confirmation, epsilon, gamma)
    for k, v in enumerate(values):
        if k not in undefined and not math.isfinite(v):
            undefined[k] = f"the {measure} value is not finite ({v})"
            values[k] = np.nan
    scored = values[~np.isnan(values)]
    return MetricResult(
        measure=spec.name,
        per_topic=values.tolist(),
        mean=float(scored.mean()) if len(scored) else math.nan,
        undefined=dict(sorted(undefined.items())),
        oov=oov_words,
        settings={
            "topn": topn, "window_size": window_size, "segmentation": segmentation,
            "confirmation": confirmation, "epsilon": epsilon, "gamma": gamma, "oov": oov,
            "duplicates": duplicates, "windows": windows, "n_contexts": table.n_contexts,
        },
    )

