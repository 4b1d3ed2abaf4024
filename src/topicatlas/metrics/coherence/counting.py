"""Word and co-occurrence counts of a reference corpus, computed once and reused.

:class:`ReferenceCounts` holds a reference corpus as flat token ids and, per context
size, the occurrence counts ``c(w)`` and co-occurrence counts ``c(u, v)`` of the words
asked for so far, plus the number of contexts ``N`` (Röder et al. 2015, "probability
estimation"). A *context* is either a whole document (boolean document, used by
``u_mass``) or a sliding window of ``W`` tokens (boolean sliding window).

How the counting stays vectorised
---------------------------------
For one word and one document, the windows that contain the word form a few runs
of consecutive window indices. We number all windows of the corpus consecutively
(document after document) and represent every word by its disjoint *intervals* of
window indices. Then ``c(w)`` is the summed interval length and ``c(u, v)`` the summed
overlap of ``u``'s and ``v``'s intervals. Overlapping interval pairs are enumerated
with one sort and two ``searchsorted`` calls, so the cost grows with the number of
(interval, interval-it-overlaps) pairs -- never with the number of windows times the
vocabulary, and no window is materialised as a Python set.

Window semantics (``windows=``)
-------------------------------
Documents with ``n >= W`` tokens give ``n - W + 1`` windows; shorter documents
(including empty ones) count as one window -- gensim's ``num_docs`` convention,
kept in both modes. Tokens that are not counted (not asked for, or unknown) still
occupy their window positions.

``"exact"``
    the word is in window ``k`` iff one of its tokens lies in positions ``k .. k+W-1``
    (the definition in Röder et al.).
``"gensim"`` (default, for parity with published numbers)
    reproduces gensim 4's ``WordOccurrenceAccumulator``: when the window slides, it
    clears the token that left *even if the same word still occurs inside the
    window*, and only sets it again when it re-enters at the right edge. A word
    whose occurrences are closer than ``W`` therefore loses windows. In closed form,
    for the occurrences ``p_1 < p_2 < ...`` of a word in a document, occurrence
    ``p_i`` is responsible for the windows ``max(0, p_i-W+1) .. p_{i+1}-W`` and marks
    the word present in those up to ``f_i`` (gensim) or ``p_i`` (exact), where ``f_i``
    is the first occurrence at or after ``p_i-W+1``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from topicatlas.corpus.core import Corpus
from topicatlas.errors import InputFormatError

if TYPE_CHECKING:
    from topicatlas.metrics.result import MetricResult

WINDOW_MODES = ("gensim", "exact")
#: how many (interval, interval) pairs are processed at once (memory bound)
_PAIR_CHUNK = 1 << 21


@dataclass
class _Table:
    """Counts for one context kind: words (union asked for so far) x words."""

    n_contexts: int
    words: list[str]
    index: dict[str, int]
    occurrences: np.ndarray  # (m,) int64
    cooccurrences: np.ndarray  # (m, m) int64, diagonal = occurrences


def _flat_tokens(texts: Corpus | Iterable[Sequence[str]]
                 ) -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    """``(token ids, document offsets, word -> id)`` of a Corpus or of token lists."""
    if isinstance(texts, Corpus):
        return texts.token_ids, texts.offsets, texts.vocab.index
    if isinstance(texts, str):
        raise InputFormatError(
            "reference texts must be a Corpus or a list of token lists, not a string "
            "(split it into tokens first)"
        )
    docs = list(texts)
    for i, doc in enumerate(docs):
        if isinstance(doc, str):
            raise InputFormatError(
                f"reference document {i} is a string, expected a list of tokens "
                "(e.g. text.split())"
            )
    lengths = np.fromiter((len(d) for d in docs), dtype=np.int64, count=len(docs))
    offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    flat = list(itertools.chain.from_iterable(docs))
    if not flat:
        return np.zeros(0, np.int32), offsets, {}
    import pandas as pd  # a core dependency; factorize hashes strings in C

    codes, uniques = pd.factorize(np.asarray(flat, dtype=object), sort=False)
    return codes.astype(np.int32), offsets, {str(w): i for i, w in enumerate(uniques)}


class ReferenceCounts:
    """Occurrence and co-occurrence counts of a reference corpus, for any words asked.

    Build it once per reference corpus; every call to :meth:`table` returns counts for
    the requested words and counts only the words not seen before (for the pairs
    new x all), so scoring many topic sets costs one counting pass over their union.

    Args:
        texts: a :class:`~topicatlas.corpus.Corpus` or a list of token lists.
        windows: ``"gensim"`` (default) or ``"exact"`` sliding-window semantics (see
            the module docstring).

    Raises:
        InputFormatError: the reference corpus has no documents.
    """

    def __init__(self, texts: Corpus | Iterable[Sequence[str]], *, windows: str = "gensim") -> None:
        if windows not in WINDOW_MODES:
            raise InputFormatError(f"windows must be one of {WINDOW_MODES}, got {windows!r}")
        token_ids, offsets, vocab_index = _flat_tokens(texts)
        if len(offsets) < 2:
            raise InputFormatError(
                "the reference corpus is empty (0 documents): coherence needs documents to "
                "count word co-occurrences in"
            )
        self.windows = windows
        self.vocab_index: dict[str, int] = vocab_index
        self.token_ids: np.ndarray = token_ids
        self.offsets: np.ndarray = offsets
        self.lengths = np.diff(self.offsets)
        self.n_documents = len(self.lengths)
        # document of every token (int32: 4 bytes per token)
        self._doc_of_token = np.repeat(np.arange(self.n_documents, dtype=np.int32), self.lengths)
        self._tables: dict[int | None, _Table] = {}

    def __repr__(self) -> str:
        sizes = {k: len(t.words) for k, t in self._tables.items()}
        return (f"ReferenceCounts({self.n_documents} documents, {len(self.token_ids)} tokens, "
                f"windows={self.windows!r}, counted words per context size: {sizes})")

    # -- public --------------------------------------------------------------
    def in_corpus(self, word: str) -> bool:
        """Whether ``word`` occurs at least once in the reference corpus."""
        i = self.vocab_index.get(word)
        return i is not None and bool(self._present[i])

    @cached_property
    def _present(self) -> np.ndarray:
        return np.bincount(self.token_ids, minlength=len(self.vocab_index)) > 0

    def score(self, topics: Iterable[Sequence[str] | str], measure: str = "c_v",
              topn: int | None = 10, **kwargs: Any) -> MetricResult:
        """Coherence of ``topics`` on this reference corpus (see
        :func:`topicatlas.metrics.coherence.coherence`)."""
        from topicatlas.metrics.coherence import coherence

        return coherence(topics, self, measure, topn, **kwargs)

    def n_contexts(self, window_size: int | None) -> int:
        """Number of contexts: documents (``None``) or virtual documents (windows)."""
        if window_size is None:
            return self.n_documents
        return int(np.maximum(self.lengths - window_size + 1, 1).sum())

    def table(self, words: Iterable[str], window_size: int | None) -> _Table:
        """Counts for (at least) ``words`` with contexts of ``window_size`` tokens.

        ``window_size=None`` means boolean document (the whole document is the context).
        Words absent from the corpus get zero counts.
        """
        if window_size is not None and (int(window_size) != window_size or window_size < 1):
            raise InputFormatError(f"window_size must be a positive integer or None, got {window_size!r}")
        key = None if window_size is None else int(window_size)
        table = self._tables.get(key)
        if table is None:
            table = _Table(self.n_contexts(key), [], {}, np.zeros(0, np.int64),
                           np.zeros((0, 0), np.int64))
            self._tables[key] = table
        new = [w for w in dict.fromkeys(words) if w not in table.index]
        if new:
            self._extend(table, new, key)
        return table

    # -- counting ------------------------------------------------------------
    def _extend(self, table: _Table, new: list[str], window_size: int | None) -> None:
        m_old = len(table.words)
        words = table.words + new
        m = len(words)
        known = np.array([self.vocab_index.get(w, -1) for w in words], dtype=np.int64)
        lut = np.full(max(len(self.vocab_index), 1), -1, dtype=np.int64)
        lut[known[known >= 0]] = np.flatnonzero(known >= 0)
        starts, ends, word = self._intervals(lut, window_size)
        occ = np.bincount(word, weights=(ends - starts + 1), minlength=m).astype(np.int64)

        # global order of intervals by (start, index); pairs (i, j) are enumerated once,
        # from the interval that comes first in this order.
        order = np.argsort(starts, kind="stable")
        s, e, w = starts[order], ends[order], word[order]
        is_new = w >= m_old
        rank = np.arange(len(s))
        co = np.zeros((m, m), dtype=np.int64)
        if m_old == 0:
            _accumulate_overlaps(co, m, rank, e, w, rank, s, e, w)
        else:
            new_r, old_r = rank[is_new], rank[~is_new]
            _accumulate_overlaps(co, m, new_r, e[new_r], w[new_r], rank, s, e, w)
            _accumulate_overlaps(co, m, old_r, e[old_r], w[old_r], new_r, s[new_r], e[new_r],
                                 w[new_r])
        co = co + co.T
        co[np.arange(m), np.arange(m)] = occ
        if m_old:
            co[:m_old, :m_old] = table.cooccurrences
        table.words = words
        table.index = {wd: i for i, wd in enumerate(words)}
        table.occurrences = occ
        table.cooccurrences = co

    def _intervals(self, lut: np.ndarray, window_size: int | None
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per word, its disjoint runs of window indices ``[start, end]`` (inclusive)."""
        lengths = self.lengths
        if window_size is None:  # boolean document = one window as long as the longest doc
            window_size = max(int(lengths.max()) if len(lengths) else 1, 1)
        n_windows = np.maximum(lengths - window_size + 1, 1)
        first_window = np.concatenate([[0], np.cumsum(n_windows)[:-1]])
        last_k = np.maximum(lengths - window_size, 0)  # per doc, local index of last window

        small = np.int16 if len(lut) and lut.max() < np.iinfo(np.int16).max else np.int32
        word_at = lut.astype(small)[self.token_ids]
        pos = np.flatnonzero(word_at >= 0)
        wrd = word_at[pos]
        order = np.argsort(wrd, kind="stable")  # by word, then position (radix sort)
        pos, wrd = pos[order], wrd[order].astype(np.int64)
        doc = self._doc_of_token[pos]
        local = pos - self.offsets[doc]
        same_next = np.zeros(len(pos), dtype=bool)
        same_next[:-1] = (wrd[1:] == wrd[:-1]) & (doc[1:] == doc[:-1])
        next_local = np.empty(len(pos), dtype=np.int64)
        next_local[:-1] = local[1:]
        limit = np.where(same_next, next_local - window_size, last_k[doc])
        limit = np.minimum(limit, last_k[doc])
        a = np.maximum(local - window_size + 1, 0)
        if self.windows == "gensim":
            total = len(self.token_ids) + 1
            key = wrd * total + pos
            first_from_a = np.searchsorted(key, wrd * total + self.offsets[doc] + a, side="left")
            upto = local[first_from_a] if len(pos) else local
        else:
            upto = local
        end = np.minimum(upto, limit)
        keep = end >= a
        base = first_window[doc[keep]]
        return base + a[keep], base + end[keep], wrd[keep]


def _accumulate_overlaps(co: np.ndarray, m: int, first_rank: np.ndarray, first_end: np.ndarray,
                         first_word: np.ndarray, second_rank: np.ndarray,
                         second_start: np.ndarray, second_end: np.ndarray,
                         second_word: np.ndarray) -> None:
    """Add, into ``co[first_word, second_word]``, the overlap of every pair of intervals
    (i from ``first``, j from ``second``) with rank(j) > rank(i) and start(j) <= end(i).

    ``second`` must be sorted by rank (and therefore by start). Since start(i) <=
    start(j) <= end(i), the overlap is ``min(end_i, end_j) - start_j + 1``.
    """
    if len(first_rank) == 0 or len(second_rank) == 0:
        return
    lo = np.searchsorted(second_rank, first_rank, side="right")
    hi = np.searchsorted(second_start, first_end, side="right")
    counts = np.maximum(hi - lo, 0)
    cum = np.cumsum(counts)
    total = int(cum[-1]) if len(cum) else 0
    if total == 0:
        return
    flat = co.reshape(-1)
    # process the first-intervals in chunks whose pair counts fit in _PAIR_CHUNK
    bounds = np.searchsorted(cum, np.arange(_PAIR_CHUNK, total + _PAIR_CHUNK, _PAIR_CHUNK),
                             side="left")
    start_i = 0
    for stop in np.unique(np.minimum(bounds + 1, len(first_rank))):
        idx = np.arange(start_i, stop)
        start_i = stop
        c = counts[idx]
        n = int(c.sum())
        if n == 0:
            continue
        rep = np.repeat(idx, c)
        offs = np.arange(n) - np.repeat(np.cumsum(c) - c, c)
        j = lo[rep] + offs
        overlap = np.minimum(first_end[rep], second_end[j]) - second_start[j] + 1
        keys = first_word[rep] * m + second_word[j]
        flat += np.bincount(keys, weights=overlap, minlength=m * m).astype(np.int64)
