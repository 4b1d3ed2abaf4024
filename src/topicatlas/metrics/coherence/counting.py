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
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from topicatlas.corpus.core import Corpus
from topicatlas.errors import InputFormatError

if TYPE_CHECKING:
    from topicatlas.metrics.result import MetricResult

WINDOW_MODES = ("gensim", "exact")
#: how many (interval, interval) pairs are processed at once (memory bound)
_PAIR_CHUNK = 1 << 15
#: tokens mapped at once (numpy copies int32 indices to int64 when indexing)
_TOKEN_BLOCK = 1 << 16


@dataclass
class _Table:
    """Counts for one context kind: words (union asked for so far) x words."""

    n_contexts: int
    words: list[str]
    index: dict[str, int]
    occurrences: np.ndarray  # (m,) int64
    cooccurrences: np.ndarray  # (m, m) int32/int64, diagonal = occurrences
    # every word's runs of windows, sorted by start: kept so that new words are
    # counted against them without recomputing the old words' runs
    starts: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    ends: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    run_words: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))


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
    # one C-level pass: a new token gets the next id (no per-token bytecode, no token list)
    vocab: defaultdict[str, int] = defaultdict(itertools.count().__next__)
    ids = np.fromiter(map(vocab.__getitem__, itertools.chain.from_iterable(docs)),
                      dtype=np.int32, count=int(offsets[-1]))
    return ids, offsets, {str(w): i for w, i in vocab.items()}


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
        self._tables: dict[int | None, _Table] = {}

    def __repr__(self) -> str:
        sizes = {k: len(t.words) for k, t in self._tables.items()}
        return (f"ReferenceCounts({self.n_documents} documents, {len(self.token_ids)} tokens, "
                f"windows={self.windows!r}, counted words per context size: {sizes})")

    # -- public --------------------------------------------------------------
    def in_corpus(self, word: str) -> bool:
        """Whether ``word`` occurs at least once in the reference corpus."""
        return word in self._present_words

    @cached_property
    def _present_words(self) -> frozenset[str]:
        counts = self._token_counts
        return frozenset(w for w, i in self.vocab_index.items() if counts[i])

    def score_many(self, topic_sets: Iterable[Iterable[Sequence[str] | str]],
                   measure: str = "c_v", topn: int | None = 10, **kwargs: Any
                   ) -> list[MetricResult]:
        """Coherence of many topic sets: the union of their words is counted in one pass,
        then every set is scored from the shared tables."""
        from topicatlas.metrics.coherence import coherence, prepare_topics
        from topicatlas.metrics.coherence.measures import MEASURES

        sets = [list(t) for t in topic_sets]
        window = kwargs.get("window_size", "default")
        window = MEASURES.get(measure).window_size if window == "default" else window
        union: dict[str, None] = {}
        for topics in sets:
            prepared, _, _ = prepare_topics(topics, self, topn, kwargs.get("oov", "skip"),
                                            kwargs.get("duplicates", "keep"))
            union.update(dict.fromkeys(w for t in prepared for w in t))
        self.table(union, window)
        return [coherence(topics, self, measure, topn, **kwargs) for topics in sets]


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
        """Count ``new`` words: their runs against every run (old and new)."""
        m_old = len(table.words)
        words = table.words + new
        m = len(words)
        vocab_ids = np.array([self.vocab_index.get(w, -1) for w in new], dtype=np.int64)
        starts, ends, word, occ_new = self._intervals(vocab_ids, window_size)
        word_type = np.int16 if m < 2**15 else np.int32
        word = word.astype(word_type)
        word += m_old
        new_s, new_e, new_w = starts, ends, word  # sorted by start
        del starts, ends, word
        count_type = np.int32 if table.n_contexts < 2**31 else np.int64
        co = np.zeros((m, m), dtype=count_type)
        if m_old == 0:  # first words: every pair (i, j), i before j in start order
            _accumulate_overlaps(co, m, None, new_e, new_w, new_s, new_e, new_w)
            s, e, w = new_s, new_e, new_w
        else:
            old_s, old_e, old_w = table.starts, table.ends, table.run_words.astype(word_type)
            # merged order of all runs by start (old before new on ties): ranks in it
            new_rank = np.searchsorted(old_s, new_s, side="right") + np.arange(len(new_s))
            old_rank = np.arange(len(old_s)) + np.searchsorted(new_s, old_s, side="left")
            n_all = len(old_s) + len(new_s)
            s = np.empty(n_all, dtype=np.result_type(old_s, new_s))
            e = np.empty(n_all, dtype=s.dtype)
            w = np.empty(n_all, dtype=word_type)
            s[old_rank], e[old_rank], w[old_rank] = old_s, old_e, old_w
            s[new_rank], e[new_rank], w[new_rank] = new_s, new_e, new_w
            # pairs (i, j), i before j in the merged order, with at least one new run
            _accumulate_overlaps(co, m, new_rank, new_e, new_w, s, e, w)
            _accumulate_overlaps(co, m, old_rank, old_e, old_w, new_s, new_e, new_w,
                                 second_rank=new_rank)
        co += co.T
        occ = np.concatenate([table.occurrences, occ_new])
        co[np.arange(m), np.arange(m)] = occ
        if m_old:
            co[:m_old, :m_old] = table.cooccurrences
        table.words = words
        table.index = {wd: i for i, wd in enumerate(words)}
        table.occurrences = occ
        table.cooccurrences = co
        table.starts, table.ends, table.run_words = s, e, w

    def _intervals(self, vocab_ids: np.ndarray, window_size: int | None
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Every word's disjoint runs of window indices ``[start, end]`` (inclusive), sorted
        by start, and per word its number of contexts (the summed run lengths).

        Documents are processed in blocks of about ``_TOKEN_BLOCK`` tokens, so memory stays
        small; runs of a block are sorted by start inside the block, and blocks follow
        each other in window order, so the concatenation is sorted too.
        """
        lengths = self.lengths
        if window_size is None:  # boolean document = one window as long as the longest doc
            window_size = max(int(lengths.max()) if len(lengths) else 1, 1)
        n_windows = np.maximum(lengths - window_size + 1, 1)
        first_window = np.concatenate([[0], np.cumsum(n_windows)[:-1]])
        last_k = np.maximum(lengths - window_size, 0)  # per doc, local index of last window
        idx_type = np.int32 if len(self.token_ids) + len(lengths) < 2**31 - 1 else np.int64
        m = len(vocab_ids)
        lut_type = np.int16 if m < 2**15 else np.int32
        lut = np.full(max(len(self.vocab_index), 1), -1, dtype=lut_type)
        known = np.flatnonzero(vocab_ids >= 0)
        lut[vocab_ids[known]] = known
        occ = np.zeros(m, dtype=np.int64)
        parts_s, parts_e, parts_w = [], [], []
        offsets = self.offsets
        # block boundaries (document indices), each block about _TOKEN_BLOCK tokens
        cut = np.searchsorted(offsets, np.arange(0, offsets[-1], _TOKEN_BLOCK), side="right") - 1
        bounds = np.unique(np.concatenate([cut, [len(lengths)]]))
        for d0, d1 in zip(bounds[:-1], bounds[1:], strict=True):
            t0 = offsets[d0]
            word_at = lut[self.token_ids[t0:offsets[d1]]]
            pos = np.flatnonzero(word_at >= 0)  # block-local token positions
            if not len(pos):
                continue
            wrd = word_at[pos]
            del word_at
            order = np.argsort(wrd, kind="stable")  # by word, then position (radix sort)
            pos, wrd = pos[order], wrd[order]
            doc = np.repeat(np.arange(d0, d1), lengths[d0:d1])[pos]
            local = pos - (offsets[doc] - t0)
            limit = last_k[doc]
            same_next = (wrd[1:] == wrd[:-1]) & (doc[1:] == doc[:-1])
            limit[:-1] = np.where(same_next, np.minimum(local[1:] - window_size, limit[:-1]),
                                  limit[:-1])
            a = np.maximum(local - window_size + 1, 0)
            if self.windows == "gensim":
                # f_i: the first occurrence of the word (in this document) at or after a_i
                key = wrd.astype(np.int64) * (int(offsets[d1] - t0) + 1) + pos
                upto = local[np.searchsorted(key, key - (local - a), side="left")]
            else:
                upto = local
            end = np.minimum(upto, limit)
            keep = np.flatnonzero(end >= a)
            wrd, a, end, base = wrd[keep], a[keep], end[keep], first_window[doc[keep]]
            np.add.at(occ, wrd, end - a + 1)
            start = base + a
            by_start = np.argsort(start, kind="stable")
            parts_s.append(start[by_start].astype(idx_type))
            parts_e.append((base + end)[by_start].astype(idx_type))
            parts_w.append(wrd[by_start])
        if not parts_s:
            return np.zeros(0, idx_type), np.zeros(0, idx_type), np.zeros(0, lut_type), occ
        return np.concatenate(parts_s), np.concatenate(parts_e), np.concatenate(parts_w), occ

    @cached_property
    def _token_counts(self) -> np.ndarray:
        counts = np.zeros(len(self.vocab_index), dtype=np.int64)
        for b in range(0, len(self.token_ids), _TOKEN_BLOCK):  # bincount copies to intp
            counts += np.bincount(self.token_ids[b:b + _TOKEN_BLOCK], minlength=len(counts))
        return counts


def _accumulate_overlaps(co: np.ndarray, m: int, first_rank: np.ndarray | None,
                         first_end: np.ndarray, first_word: np.ndarray,
                         second_start: np.ndarray, second_end: np.ndarray,
                         second_word: np.ndarray, second_rank: np.ndarray | None = None) -> None:
    """Add, into ``co[first_word, second_word]``, the overlap of every pair of intervals
    (i from ``first``, j from ``second``) with rank(j) > rank(i) and start(j) <= end(i).

    Ranks are positions in the global order by start; ``None`` means "all intervals, in
    that order" (``first`` or ``second`` is then the full sorted list). ``second`` is
    sorted by rank and therefore by start. Since start(i) <= start(j) <= end(i), the
    overlap is ``min(end_i, end_j) - start_j + 1``.
    """
    n_first = len(first_end)
    if n_first == 0 or len(second_start) == 0:
        return
    # counts[i] = number of second-intervals j with rank(j) > rank(i) and start(j) <= end(i)
    counts = np.searchsorted(second_start, first_end, side="right")
    for b in range(0, n_first, _PAIR_CHUNK):  # in place, block by block (no n-sized temporaries)
        ranks = (np.arange(b, min(b + _PAIR_CHUNK, n_first)) if first_rank is None
                 else first_rank[b:b + _PAIR_CHUNK])
        counts[b:b + _PAIR_CHUNK] -= (ranks + 1 if second_rank is None
                                      else np.searchsorted(second_rank, ranks, side="right"))
    np.maximum(counts, 0, out=counts)
    cum = np.cumsum(counts, out=counts)  # counts[i] is recovered as cum[i] - cum[i - 1]
    del counts
    total = int(cum[-1])
    if total == 0:
        return
    flat = co.reshape(-1)
    key_type = np.int32 if m * m < 2**31 else np.int64
    # process the first-intervals in chunks of about _PAIR_CHUNK pairs
    stops = np.unique(np.minimum(np.searchsorted(
        cum, np.arange(_PAIR_CHUNK, total + _PAIR_CHUNK, _PAIR_CHUNK), side="left") + 1, n_first))
    begin = 0
    for stop in stops:
        before = int(cum[begin - 1]) if begin else 0
        c = np.diff(cum[begin:stop], prepend=before)
        n = int(cum[stop - 1]) - before
        if n:
            ranks = (np.arange(begin, stop) if first_rank is None else first_rank[begin:stop])
            lo = (ranks + 1 if second_rank is None
                  else np.searchsorted(second_rank, ranks, side="right"))
            # j runs over lo_i, lo_i + 1, ... for each first-interval i
            j = np.repeat(lo - (np.cumsum(c) - c), c)
            j += np.arange(n)
            overlap = np.minimum(np.repeat(first_end[begin:stop], c), second_end[j])
            overlap -= second_start[j] - 1
            key = np.repeat(first_word[begin:stop].astype(key_type) * m, c)
            key += second_word[j]
            np.add.at(flat, key, overlap)
        begin = stop
