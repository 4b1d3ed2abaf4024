"""Pair features for the scorer, with per-word and per-pair caches.

:class:`PairFeaturizer` turns word pairs into the network's inputs: the two word vectors
(from :mod:`topicatlas.lexicon.vectors`) and the 8 WordNet features (from
:mod:`topicatlas.lexicon.wordnet_features`). Words are read with the rules of
:mod:`topicatlas.scorer.normalize`.

Speed: scoring is vectorised over *unique* words and *unique* unordered pairs. Each word
is normalised and looked up once (per-word cache); the WordNet features of a pair are
computed once (per-pair cache, canonical order ``word1 <= word2``), then gathered with
numpy indexing. Canonical order also makes the WordNet part exactly symmetric.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from topicatlas.scorer.normalize import ascii_fold, normalize_word, split_parts, wordnet_form


@dataclass
class PairFeatures:
    """Inputs for ``n`` pairs; rows of uncovered pairs are zero and must not be scored."""

    e1: np.ndarray  # (n, dim) float32, canonical first word
    e2: np.ndarray  # (n, dim) float32
    wn: np.ndarray  # (n, 8) float32
    covered: np.ndarray  # (n,) bool: both words have a vector
    same: np.ndarray  # (n,) bool: the two words are identical after normalisation

    def __len__(self) -> int:
        return int(self.covered.shape[0])

    def subset(self, idx: np.ndarray) -> PairFeatures:
        return PairFeatures(self.e1[idx], self.e2[idx], self.wn[idx], self.covered[idx], self.same[idx])


class PairFeaturizer:
    """Word vectors + WordNet features for word pairs, cached per word and per pair."""

    def __init__(
        self,
        vectors: str | object = "glove-6b-50d",
        *,
        use_wordnet: bool = True,
        wordnet: object | None = None,
        max_pair_cache: int = 5_000_000,
    ) -> None:
        if isinstance(vectors, str):
            from topicatlas.lexicon.vectors import load_vectors

            vectors = load_vectors(vectors)
        self.vectors = vectors
        self.dim = int(vectors.dim)
        self.use_wordnet = use_wordnet
        if use_wordnet and wordnet is None:
            from topicatlas.lexicon import wordnet_features as wf

            # the process-wide instance when the lexicon offers one (shared caches)
            wordnet = wf.default_features() if hasattr(wf, "default_features") else wf.WordNetFeatures()
        self.wordnet = wordnet
        self.max_pair_cache = max_pair_cache
        self._word_index: dict[str, int] = {}  # raw word -> row in _rows (-1: no vector)
        self._norm: dict[str, str] = {}  # raw word -> normalised form
        self._rows: list[np.ndarray] = []
        self._matrix = np.zeros((0, self.dim), dtype=np.float32)
        self._pair_cache: dict[tuple[str, str], np.ndarray] = {}

    # -- words -------------------------------------------------------------------------
    def _lookup_many(self, words: list[str]) -> tuple[np.ndarray, np.ndarray]:
        if not words:
            return np.zeros((0, self.dim), np.float32), np.zeros(0, bool)
        vecs, found = self.vectors.lookup(words)
        return np.asarray(vecs, dtype=np.float32), np.asarray(found, dtype=bool)

    def _resolve(self, norms: list[str]) -> list[np.ndarray | None]:
        """Vectors for normalised words: as written, accent-folded, then mean of parts."""
        out: list[np.ndarray | None] = [None] * len(norms)
        vecs, found = self._lookup_many(norms)
        todo = []
        for i, ok in enumerate(found):
            if ok:
                out[i] = vecs[i]
            elif norms[i]:
                todo.append(i)
        folded = [(i, ascii_fold(norms[i])) for i in todo if ascii_fold(norms[i]) != norms[i]]
        if folded:
            vecs, found = self._lookup_many([w for _, w in folded])
            for (i, _), v, ok in zip(folded, vecs, found, strict=True):
                if ok:
                    out[i] = v
        for i in todo:
            if out[i] is not None:
                continue
            parts = split_parts(ascii_fold(norms[i]))
            if parts:
                vecs, found = self._lookup_many(parts)
                if found.all():
                    out[i] = vecs.mean(axis=0)
        return out

    def word_rows(self, words: Sequence[str]) -> np.ndarray:
        """Row index into :attr:`matrix` for each word (-1 = no vector), filling the cache."""
        new = [w for w in dict.fromkeys(words) if w not in self._word_index]
        if new:
            norms = [normalize_word(w) for w in new]
            resolved = self._resolve(norms)
            start = self._matrix.shape[0]
            fresh = []
            for w, n, v in zip(new, norms, resolved, strict=True):
                self._norm[w] = n
                if v is None:
                    self._word_index[w] = -1
                else:
                    self._word_index[w] = start + len(fresh)
                    fresh.append(v)
            if fresh:
                self._matrix = np.vstack([self._matrix, np.stack(fresh).astype(np.float32)])
        return np.fromiter((self._word_index[w] for w in words), dtype=np.int64, count=len(words))

    @property
    def matrix(self) -> np.ndarray:
        return self._matrix

    def normalized(self, word: str) -> str:
        if word not in self._norm:
            self._norm[word] = normalize_word(word)
        return self._norm[word]

    def has_vector(self, word: str) -> bool:
        return bool(self.word_rows([word])[0] >= 0)

    # -- pairs -------------------------------------------------------------------------
    def _wordnet_pairs(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        """WordNet features for unique canonical normalised pairs, through the pair cache."""
        out = np.zeros((len(pairs), 8), dtype=np.float32)
        if not self.use_wordnet or not pairs:
            return out
        missing = [p for p in dict.fromkeys(pairs) if p not in self._pair_cache]
        if missing:
            feats = self.wordnet.pairs(
                [wordnet_form(a) for a, _ in missing], [wordnet_form(b) for _, b in missing]
            )
            feats = np.nan_to_num(np.asarray(feats, dtype=np.float32), nan=0.0)
            if len(self._pair_cache) + len(missing) > self.max_pair_cache:
                self._pair_cache.clear()
            self._pair_cache.update(zip(missing, feats, strict=True))
        for i, p in enumerate(pairs):
            out[i] = self._pair_cache[p]
        return out

    def featurize(self, words1: Sequence[str], words2: Sequence[str]) -> PairFeatures:
        """Features of the pairs ``zip(words1, words2)`` in canonical word order."""
        if len(words1) != len(words2):
            raise ValueError(f"{len(words1)} first words but {len(words2)} second words")
        n = len(words1)
        uniq, inverse = np.unique(np.asarray(list(words1) + list(words2), dtype=object), return_inverse=True)
        uniq = [str(u) for u in uniq]
        rows_u = self.word_rows(uniq)
        norms_u = np.asarray([self._norm[w] for w in uniq], dtype=object)
        i1, i2 = inverse[:n], inverse[n:]
        # canonical order by normalised form: swap where norm1 > norm2
        order_u = np.argsort(norms_u, kind="stable")
        rank_u = np.empty(len(uniq), dtype=np.int64)
        rank_u[order_u] = np.arange(len(uniq))
        swap = rank_u[i1] > rank_u[i2]
        a, b = np.where(swap, i2, i1), np.where(swap, i1, i2)
        ra, rb = rows_u[a], rows_u[b]
        covered = (ra >= 0) & (rb >= 0)
        same = norms_u[a] == norms_u[b]
        e1 = np.zeros((n, self.dim), np.float32)
        e2 = np.zeros((n, self.dim), np.float32)
        e1[covered] = self._matrix[ra[covered]]
        e2[covered] = self._matrix[rb[covered]]
        wn = np.zeros((n, 8), np.float32)
        todo = np.flatnonzero(covered & ~same)
        if self.use_wordnet and todo.size:
            # unique unordered pairs among the rows to score
            key = a[todo] * len(uniq) + b[todo]
            ukey, kinv = np.unique(key, return_inverse=True)
            upairs = [(norms_u[k // len(uniq)], norms_u[k % len(uniq)]) for k in ukey]
            wn[todo] = self._wordnet_pairs(upairs)[kinv]
        return PairFeatures(e1, e2, wn, covered, same)
