"""The 8-D WordNet pair features of the similarity-relatedness scorer (paper, Table 14).

Table 14 lists "path sim, LCH, WuP, Lin, JCN, shortest path, same category, synset
overlap". The paper does not define them over words (WordNet measures are defined over
synsets), so topicatlas fixes the definition below; ``wordnet_reference.reference_pair``
is the same definition written as the plain NLTK loop, and the tests and
``benchmarks/wordnet_features.py`` check that both give identical values.

Synsets of a word: ``S(w)`` = all synsets of all parts of speech of the word, through
NLTK's morphy lemmatisation, after the normalisation of
:func:`topicatlas.lexicon.wordnet.wordnet_forms` (lower case, spaces -> ``_``, hyphens
-> ``_``/removed, accents stripped as fallbacks).

Taxonomic features (1-6) are taken over the synset pairs ``(s1, s2) in S(w1) x S(w2)``
of the same part of speech, noun-noun or verb-verb only (WordNet has a hypernym
taxonomy only for nouns and verbs; NLTK's LCH, Lin and JCN are defined only there).
Each is the **maximum over those pairs** of the scaled NLTK value, with NLTK's defaults
(``simulate_root=True``: a fake root joins the verb hierarchies), and **0.0 when no
such pair exists or every value is undefined** (word not in WordNet, adjective-only or
adverb-only words, noun vs verb):

1. ``path``: ``s1.path_similarity(s2)`` = ``1 / (1 + d)``, d = shortest is-a path
   (through the fake root for verbs). In (0, 1].
2. ``lch``: ``s1.lch_similarity(s2) / LCH_max(pos)`` with ``LCH_max = -log(1 / 2D)``,
   D = NLTK's taxonomy depth (19 for nouns, 13 for verbs incl. the fake root), i.e.
   ``1 - log(1 + d) / log(2D)``. In (0, 1].
3. ``wup``: ``s1.wup_similarity(s2)`` (NLTK's least common subsumer by min depth). In (0, 1].
4. ``lin``: ``s1.lin_similarity(s2, ic)``, IC from WordNet's sense-tagged counts (see
   :func:`topicatlas.lexicon.wordnet.information_content`); undefined (skipped) for the
   pair entity.n.01/entity.n.01 where NLTK divides 0 by 0. In [0, 1].
5. ``jcn``: ``j / (1 + j)`` with ``j = s1.jcn_similarity(s2, ic)`` =
   ``1 / (IC1 + IC2 - 2 IC(lcs))``, i.e. ``1 / (1 + JCN distance)``; NLTK's 1e300 for
   identical synsets becomes 1.0. In [0, 1].
6. ``shortest_path``: ``1 - d0 / (2D)``, d0 = ``s1.shortest_path_distance(s2)``
   *without* the simulated root (so verbs in different hierarchies are undefined), on a
   linear scale. (``1 / (1 + d)`` would duplicate ``path`` for nouns; this keeps the
   feature informative.) In [0, 1].

Lexical features (all parts of speech, all synsets):

7. ``same_category``: 1.0 if some ``s1 in S(w1)`` and ``s2 in S(w2)`` share a
   lexicographer file (``noun.animal``, ``verb.motion``, ``adj.all``...), else 0.0.
8. ``synset_overlap``: Jaccard ``|S(w1) & S(w2)| / |S(w1) | S(w2)|``; 0.0 if both empty.

So a word paired with itself gets 1.0 everywhere it has the relevant synsets
(``lin`` is 0 only for ``entity``); words outside WordNet get all zeros: check
:meth:`WordNetFeatures.in_wordnet` / :meth:`WordNetFeatures.coverage` to report them.

Speed: per synset, the hypernym ancestors with their shortest distances (NLTK's
``_shortest_hypernym_paths``), depths and IC are computed once; per word, its synsets
and, per ancestor, the minimum distance and minimum IC over the word's synsets. Path,
LCH, shortest path, Lin and JCN then need one pass over the two words' common
ancestors (the maximum over synset pairs decomposes over the common ancestor), and
Wu-Palmer a cheap loop over synset pairs (set intersections, memoised distances).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

from topicatlas.lexicon import wordnet as W

FEATURE_NAMES: tuple[str, ...] = (
    "path",
    "lch",
    "wup",
    "lin",
    "jcn",
    "shortest_path",
    "same_category",
    "synset_overlap",
)
N_FEATURES = len(FEATURE_NAMES)
_ROOT = "*ROOT*"  # NLTK's fake root synset name (it sorts before letters and digits)
_INF = 1e300  # NLTK's jcn value for identical synsets


class _Syn:
    """Precomputed facts about one noun or verb synset."""

    __slots__ = ("name", "dist", "dist_root", "anc", "ic")

    def __init__(self, name: str, dist: dict[str, int], dist_root: dict[str, int], ic: float):
        self.name = name
        self.dist = dist  # ancestor name -> shortest distance (incl. itself at 0)
        self.dist_root = dist_root  # the same plus the fake root, for verbs
        self.anc = frozenset(dist)
        self.ic = ic


class _PosEntry:
    """One word's synsets of one part of speech, with per-ancestor minima."""

    __slots__ = ("syns", "names", "min_dist_root", "min_dist", "min_ic")

    def __init__(self, syns: list[_Syn]) -> None:
        self.syns = syns
        self.names = frozenset(s.name for s in syns)
        self.min_dist_root: dict[str, int] = {}
        self.min_dist: dict[str, int] = {}
        self.min_ic: dict[str, float] = {}
        for s in syns:
            for a, d in s.dist_root.items():
                if d < self.min_dist_root.get(a, 1 << 30):
                    self.min_dist_root[a] = d
            for a, d in s.dist.items():
                if d < self.min_dist.get(a, 1 << 30):
                    self.min_dist[a] = d
            if s.ic == 0:  # NLTK's jcn is 0 and lin 0 (or 0/0) for an IC-0 synset
                continue
            for a in (*s.anc, _ROOT):  # _ROOT: "no common subsumer" has IC 0 in NLTK
                if s.ic < self.min_ic.get(a, math.inf):
                    self.min_ic[a] = s.ic


class _WordEntry:
    __slots__ = ("names", "lexnames", "pos")

    def __init__(self, names: frozenset[str], lexnames: frozenset[str], pos: dict[str, _PosEntry]):
        self.names = names
        self.lexnames = lexnames
        self.pos = pos


class WordNetFeatures:
    """The 8 WordNet features of word pairs (see the module docstring), cached per word."""

    names = FEATURE_NAMES

    def __init__(self, ic: dict | None = None) -> None:
        self.wn = W.get_wordnet()
        self.ic = ic if ic is not None else W.information_content()
        self.depths = W.taxonomy_depths()
        self.lch_max = {pos: -math.log(1 / (2.0 * d)) for pos, d in self.depths.items()}
        self._syn: dict[str, _Syn] = {}
        self.table = W.taxonomy()
        depths_of = W.synset_depths()
        self._min_depth: dict[str, int] = {n: d[0] for n, d in depths_of.items()}
        self._max_depth: dict[str, int] = {n: d[1] for n, d in depths_of.items()}
        self._min_depth[_ROOT] = self._max_depth[_ROOT] = 0
        self._ic_of: dict[str, float] = {_ROOT: 0.0}
        self._words: dict[str, _WordEntry] = {}
        self._spd: dict[tuple[str, str], int] = {}
        self._pairs: dict[tuple[str, str], np.ndarray] = {}

    # -- per synset / per word caches ----------------------------------------------
    def _synset(self, name: str) -> _Syn:
        """Facts about synset ``name``, built from its parents' (memoised: each synset once).

        ``dist`` equals NLTK's ``_shortest_hypernym_paths(False)`` (shortest distance to
        every ancestor, itself at 0: the minimum over the parents plus one); the depths
        (:func:`~topicatlas.lexicon.wordnet.taxonomy_depths_of`) equal NLTK's
        ``min_depth()``/``max_depth()``.
        """
        info = self._syn.get(name)
        if info is not None:
            return info
        pos, offset, parent_names = self.table[name]
        dist = {name: 0}
        for par in [self._synset(p) for p in parent_names]:
            for a, d in par.dist.items():
                d += 1
                if d < dist.get(a, 1 << 30):
                    dist[a] = d
        dist_root = dict(dist)
        if pos != "n":  # NLTK simulates a root for every POS but nouns
            dist_root[_ROOT] = max(dist.values()) + 1
        ic = W.ic_of_offset(pos, offset, self.ic)
        self._ic_of[name] = ic
        info = _Syn(name, dist, dist_root, ic)
        self._syn[name] = info
        return info

    def _word(self, word: str) -> _WordEntry:
        entry = self._words.get(word)
        if entry is not None:
            return entry
        synsets = W.synsets(word)
        by_pos: dict[str, list[_Syn]] = {"n": [], "v": []}
        for ss in synsets:
            if ss._pos in by_pos:
                by_pos[ss._pos].append(self._synset(ss._name))
        pos = {p: _PosEntry(syns) for p, syns in by_pos.items() if syns}
        entry = _WordEntry(
            frozenset(ss._name for ss in synsets), frozenset(ss._lexname for ss in synsets), pos
        )
        self._words[word] = entry
        return entry

    # -- the measures -------------------------------------------------------------------
    def _path_to(self, s: _Syn, sub: str, verb: bool) -> int:
        """NLTK's ``s.shortest_path_distance(sub, simulate_root=verb)`` for an ancestor ``sub``."""
        if s.name == sub:
            return 0
        key = (s.name, sub)
        v = self._spd.get(key)
        if v is not None:
            return v
        if sub == _ROOT:
            v = s.dist_root[_ROOT]
        else:
            d1 = s.dist_root if verb else s.dist
            other = self._syn[sub]
            d2 = other.dist_root if verb else other.dist
            if len(d2) < len(d1):
                d1, d2 = d2, d1
            v = min(da + d2[a] for a, da in d1.items() if a in d2)
        self._spd[key] = v
        return v

    def _wup(self, s1: _Syn, s2: _Syn, verb: bool) -> float | None:
        """NLTK's ``s1.wup_similarity(s2)`` (simulate_root for verbs, LCS by min depth)."""
        common = s1.anc & s2.anc
        mind = self._min_depth
        if common:
            best = max(mind[c] for c in common)
        elif verb:
            best = 0
        else:
            return None
        ties = [c for c in common if mind[c] == best]
        if verb and best == 0:
            ties.append(_ROOT)
        sub = s1.name if s1.name in ties else min(ties)
        depth = self._max_depth[sub] + 1
        len1 = self._path_to(s1, sub, verb) + depth
        len2 = self._path_to(s2, sub, verb) + depth
        return (2.0 * depth) / (len1 + len2)

    def _pair64(self, w1: str, w2: str) -> np.ndarray:
        e1, e2 = self._word(w1), self._word(w2)
        out = np.zeros(N_FEATURES, dtype=np.float64)
        path = lch = wup = lin = jcn = short = 0.0
        ic_of = self._ic_of
        for p in ("n", "v"):
            a, b = e1.pos.get(p), e2.pos.get(p)
            if a is None or b is None:
                continue
            verb = p == "v"
            two_d = 2.0 * self.depths[p]
            # path and LCH: both decrease with the shortest distance d.
            small, big = (a.min_dist_root, b.min_dist_root)
            if len(big) < len(small):
                small, big = big, small
            d = min((da + big[k] for k, da in small.items() if k in big), default=None)
            if d is not None:
                path = max(path, 1.0 / (d + 1))
                lch = max(lch, -math.log((d + 1) / two_d) / self.lch_max[p])
            small, big = (a.min_dist, b.min_dist)
            if len(big) < len(small):
                small, big = big, small
            d0 = min((da + big[k] for k, da in small.items() if k in big), default=None)
            if d0 is not None:
                short = max(short, 1.0 - d0 / two_d)
            # Lin and JCN: maximum over common subsumers of the best synsets below them.
            if a.names & b.names:
                jcn = 1.0  # identical synsets: NLTK's jcn is 1e300 -> 1e300 / (1 + 1e300)
            ma, mb = a.min_ic, b.min_ic
            for k, ica in ma.items():
                icb = mb.get(k)
                if icb is None:
                    continue
                lcs = ic_of[k]
                lin = max(lin, (2.0 * lcs) / (ica + icb))
                diff = ica + icb - 2 * lcs
                j = _INF if diff == 0 else 1 / diff
                jcn = max(jcn, j / (1.0 + j))
            # Wu-Palmer: the LCS choice does not decompose; loop over synset pairs.
            for s1 in a.syns:
                for s2 in b.syns:
                    v = self._wup(s1, s2, verb)
                    if v is not None and v > wup:
                        wup = v
        out[:6] = (path, lch, wup, lin, jcn, short)
        if e1.lexnames & e2.lexnames:
            out[6] = 1.0
        union = len(e1.names | e2.names)
        if union:
            out[7] = len(e1.names & e2.names) / union
        return out

    # -- public API -----------------------------------------------------------------------
    def pair(self, w1: str, w2: str) -> np.ndarray:
        """The 8 features of ``(w1, w2)``, shape ``(8,)``, float32, each in [0, 1]."""
        key = (w1, w2)
        v = self._pairs.get(key)
        if v is None:
            v = self._pair64(w1, w2).astype(np.float32)
            if len(self._pairs) > 1_000_000:
                self._pairs.clear()
            self._pairs[key] = v
        return v.copy()

    def pairs(self, w1s: Sequence[str], w2s: Sequence[str], *, progress: bool | None = None) -> np.ndarray:
        """Features of ``zip(w1s, w2s)``, shape ``(N, 8)``, float32."""
        if len(w1s) != len(w2s):
            raise ValueError(f"pairs(): {len(w1s)} first words but {len(w2s)} second words")
        out = np.zeros((len(w1s), N_FEATURES), dtype=np.float32)
        it: Iterable[int] = range(len(w1s))
        if progress or (progress is None and len(w1s) >= 20_000):
            from tqdm import tqdm

            it = tqdm(it, desc="WordNet features", unit="pair")
        for i in it:
            out[i] = self.pair(w1s[i], w2s[i])
        return out

    def in_wordnet(self, word: str) -> bool:
        """Whether ``word`` has any synset (else all its features are 0)."""
        return bool(self._word(word).names)

    def coverage(self, words: Iterable[str]) -> float:
        """Fraction of ``words`` found in WordNet (1.0 for none)."""
        words = list(words)
        return sum(self.in_wordnet(w) for w in words) / len(words) if words else 1.0


_DEFAULT: WordNetFeatures | None = None


def default_features() -> WordNetFeatures:
    """A process-wide :class:`WordNetFeatures` (its caches are shared)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = WordNetFeatures()
    return _DEFAULT
