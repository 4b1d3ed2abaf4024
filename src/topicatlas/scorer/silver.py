"""Silver training pairs labelled from relation types (paper App. B.3.1, B.3.3).

The paper's 51.5k LLM-annotated pairs are not public. As a substitute, pairs of known
relation types are labelled with the anchors of the paper's annotation rubric (the
"Critical Distinctions" and the two scoring scales of App. B.3.3), one fixed
``(sim, rel)`` per type, :data:`SILVER_ANCHORS`:

==============  =====  =====  ===============================================================
type            sim    rel    rubric anchor
==============  =====  =====  ===============================================================
synonym         0.95   0.10   synonyms/variants: SIM 0.9+ (0.95-1.00); REL 0.0-0.2
cohyponym       0.80   0.50   same category: SIM 0.7+ (0.70-0.95); REL 0.4-0.6 ("cat/dog 0.55")
hypernym        0.60   0.45   our reading: "related categories with overlap" SIM 0.50-0.70;
                              "same domain" REL 0.40-0.60 (the rubric has no hypernym anchor)
antonym         0.10   0.40   antonyms: SIM 0.0-0.2; REL 0.3-0.5
association     0.15   0.85   complementary pairs (ConceptNet AtLocation, UsedFor, PartOf,
                              Causes, ...): SIM 0.0-0.3; REL 0.8+
random          0.05   0.05   frequency-matched random pairs: SIM 0.00-0.10, REL 0.00-0.10
==============  =====  =====  ===============================================================

WordNet pairs come from :mod:`topicatlas.lexicon.relations`, except synonyms
(:func:`pos_synonyms`: frequent senses only, adjective "similar to" included, drawn evenly
over nouns, verbs, adjectives and adverbs); associations from
ConceptNet-100k (``load_conceptnet``) with the relations in :data:`ASSOCIATION_RELATIONS`
(IsA is taxonomic, negated and definitional relations are left out). Only single-token
words with a vector and a Zipf frequency of at least 2.0 (the paper's floor) are kept,
each word appears in at most ``max_degree`` pairs of a type, a pair claimed by two types
is dropped (conflicting anchors), and negatives are random pairs of silver words in the
same Zipf band (0.5 wide), excluding every related pair.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import pandas as pd

from topicatlas.scorer.data import COLUMNS, pair_keys

SILVER_ANCHORS: dict[str, tuple[float, float]] = {
    "synonym": (0.95, 0.10),
    "cohyponym": (0.80, 0.50),
    "hypernym": (0.60, 0.45),
    "antonym": (0.10, 0.40),
    "association": (0.15, 0.85),
    "random": (0.05, 0.05),
}

ASSOCIATION_RELATIONS = (
    "AtLocation",
    "UsedFor",
    "PartOf",
    "Causes",
    "HasA",
    "CapableOf",
    "MadeOf",
    "HasPrerequisite",
    "HasSubevent",
    "CausesDesire",
    "MotivatedByGoal",
    "ReceivesAction",
    "HasProperty",
    "Desires",
    "CreatedBy",
    "RelatedTo",
)

DEFAULT_SIZES: dict[str, int] = {
    "synonym": 6000,
    "cohyponym": 8000,
    "hypernym": 4000,
    "antonym": 2000,
    "association": 8000,
    "random": 8000,
}


def _as_pairs(obj: object) -> list[tuple[str, str]]:
    """Pairs from a relation source: a DataFrame (word1/word2 or head/tail) or (a, b) tuples."""
    if isinstance(obj, pd.DataFrame):
        cols = [c for c in ("word1", "word2") if c in obj.columns] or [
            c for c in ("head", "tail") if c in obj.columns
        ]
        if len(cols) != 2:
            cols = list(obj.columns[:2])
        return list(zip(obj[cols[0]].astype(str), obj[cols[1]].astype(str), strict=True))
    return [(str(p[0]), str(p[1])) for p in obj]  # type: ignore[union-attr]


def _clean(
    pairs: Iterable[tuple[str, str]], ok: Callable[[str], bool], rng: np.random.Generator,
    size: int, max_degree: int,
) -> list[tuple[str, str]]:
    """Lower-case single-token pairs of good words, shuffled, degree-capped, capped at ``size``."""
    seen: set[tuple[str, str]] = set()
    cand = []
    for a, b in pairs:
        a, b = a.strip().lower(), b.strip().lower()
        if a == b or not a.isalpha() or not b.isalpha():
            continue
        key = (min(a, b), max(a, b))
        if key in seen:
            continue
        seen.add(key)
        cand.append(key)
    order = rng.permutation(len(cand))
    degree: dict[str, int] = {}
    out = []
    for i in order:
        a, b = cand[i]
        if degree.get(a, 0) >= max_degree or degree.get(b, 0) >= max_degree:
            continue
        if not (ok(a) and ok(b)):
            continue
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
        out.append((a, b))
        if len(out) >= size:
            break
    return out


def seed_vocabulary(n: int = 30000) -> list[str]:
    """The ``n`` most frequent English words (wordfreq's list) that are alphabetic.

    Silver pairs are drawn from the WordNet relations of these words (sorted, so the
    result is reproducible)."""
    from wordfreq import top_n_list

    return [w for w in top_n_list("en", n) if w.isascii() and w.isalpha() and len(w) > 1]


def _per_word(fn: Callable[[str], Iterable[str]], vocab: list[str]) -> list[tuple[str, str]]:
    out = []
    for w in vocab:
        out += [(w, x) for x in sorted(fn(w))]
    return out


def _first_by_hash(word: str, others: Iterable[str], k: int) -> list[str]:
    """``k`` of ``others`` chosen by a hash of ``(word, other)``: deterministic across
    processes (Python's ``set`` order is not) and not biased towards any spelling."""
    import hashlib

    def key(x: str) -> bytes:
        return hashlib.blake2b(f"{word}\t{x}".encode(), digest_size=8).digest()

    return sorted(others, key=key)[:k]


SYNONYM_POS = ("n", "v", "a", "r")
SYNONYM_SENSES = 3


def pos_synonyms(vocab: list[str], senses: int = SYNONYM_SENSES) -> list[tuple[str, str, str]]:
    """Synonym pairs ``(word, other, pos)`` from WordNet, for every part of speech.

    For each word of ``vocab`` and each POS, the word's first ``senses`` synsets of that POS
    in which the word itself is a lemma (WordNet orders senses by frequency; rare senses and
    inflected forms gave pairs such as "phone/ring" or "fixes/location") contribute their
    other lemmas. Adjective synsets (head ``a`` and satellite ``s``, both tagged ``"a"``) also
    contribute the lemmas of their "similar to" synsets (big/large, quick/fast), since the
    taxonomy features are zero for adjectives and the model learns their similarity only
    from such pairs. Sorted per word, so the result is reproducible."""
    from topicatlas.lexicon import wordnet as W

    wn = W.get_wordnet()
    out: list[tuple[str, str, str]] = []
    for w in vocab:
        found: dict[str, list[Any]] = {}
        for ss in wn.synsets(w):
            if w not in {n.lower() for n in ss.lemma_names()}:
                continue
            pos = "a" if ss.pos() == "s" else ss.pos()
            found.setdefault(pos, []).append(ss)
        for pos, sss in found.items():
            names: set[str] = set()
            for ss in sss[:senses]:
                names.update(n.lower() for n in ss.lemma_names())
                if pos == "a":
                    for sim in ss.similar_tos():
                        names.update(n.lower() for n in sim.lemma_names())
            out += [(w, x, pos) for x in sorted(names - {w})]
    return out


def relation_sources(vocab_size: int = 30000) -> dict[str, Callable[[], object]]:
    """Pair generators per silver type, built on :mod:`topicatlas.lexicon.relations`."""
    from topicatlas.lexicon import relations

    vocab: list[str] = []

    def words() -> list[str]:
        if not vocab:
            vocab.extend(seed_vocabulary(vocab_size))
        return vocab

    return {
        "synonym": lambda: pos_synonyms(words()),
        "cohyponym": lambda: _per_word(lambda w: _first_by_hash(w, relations.wordnet_cohyponyms(w, limit=None), 10),
                                       words()),
        "hypernym": lambda: _per_word(relations.wordnet_hypernyms, words()),
        "antonym": lambda: _per_word(relations.wordnet_antonyms, words()),
        "association": lambda: relations.load_conceptnet(list(ASSOCIATION_RELATIONS)),
    }


def silver_pairs(
    has_vector: Callable[[str], bool],
    *,
    sizes: dict[str, int] | None = None,
    seed: int = 13,
    min_zipf: float = 2.0,
    max_degree: int = 20,
    vocab_size: int = 30000,
    sources: dict[str, Callable[[], object]] | None = None,
) -> pd.DataFrame:
    """Silver pairs with rubric-anchored labels (module docstring); columns as ``data.COLUMNS``.

    ``has_vector(word)`` decides whether a word can be used (it must have a vector).
    ``source`` is ``"silver:<type>"``.
    """
    from topicatlas.lexicon.frequency import zipf

    sizes = {**DEFAULT_SIZES, **(sizes or {})}
    sources = sources or relation_sources(vocab_size)
    rng = np.random.default_rng(seed)
    zipf_cache: dict[str, float] = {}

    def zf(w: str) -> float:
        if w not in zipf_cache:
            zipf_cache[w] = float(zipf(w))
        return zipf_cache[w]

    good: dict[str, bool] = {}

    def ok(w: str) -> bool:
        if w not in good:
            good[w] = bool(has_vector(w)) and zf(w) >= min_zipf
        return good[w]

    typed: dict[str, list[tuple[str, str]]] = {}
    for kind in ("synonym", "antonym", "hypernym", "cohyponym", "association"):
        if sizes.get(kind, 0) <= 0:
            continue
        raw = sources[kind]()
        if kind == "synonym" and _has_pos(raw):
            typed[kind] = _balanced_by_pos(raw, ok, rng, sizes[kind], max_degree)  # type: ignore[arg-type]
        else:
            typed[kind] = _clean(_as_pairs(raw), ok, rng, sizes[kind], max_degree)

    # a pair claimed by two types has conflicting anchors: drop it everywhere
    count: dict[tuple[str, str], int] = {}
    for pairs in typed.values():
        for p in pairs:
            count[p] = count.get(p, 0) + 1
    rows = []
    related = set(count)
    for kind, pairs in typed.items():
        s, r = SILVER_ANCHORS[kind]
        rows += [(a, b, s, r, f"silver:{kind}") for a, b in pairs if count[(a, b)] == 1]

    n_random = sizes.get("random", 0)
    if n_random > 0:
        vocab = sorted({w for p in related for w in p})
        rows += [
            (a, b, *SILVER_ANCHORS["random"], "silver:random")
            for a, b in _random_pairs(vocab, [zf(w) for w in vocab], related, n_random, rng)
        ]
    return pd.DataFrame(rows, columns=COLUMNS)


def _has_pos(raw: object) -> bool:
    return isinstance(raw, list) and bool(raw) and len(raw[0]) == 3


def _balanced_by_pos(
    triples: list[tuple[str, str, str]], ok: Callable[[str], bool], rng: np.random.Generator,
    size: int, max_degree: int,
) -> list[tuple[str, str]]:
    """``size`` pairs split evenly over the parts of speech of ``triples`` (word, other, pos).

    A POS with too few pairs leaves its share to the others (filled in :data:`SYNONYM_POS`
    order); a pair found under two POS is kept once. The ``max_degree`` cap applies per POS."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for a, b, pos in triples:
        groups.setdefault(pos, []).append((a, b))
    order = [p for p in SYNONYM_POS if p in groups] + sorted(set(groups) - set(SYNONYM_POS))
    picked = {p: _clean(groups[p], ok, rng, size, max_degree) for p in order}
    out: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    left = list(order)
    while left and len(out) < size:
        share = max(1, (size - len(out)) // len(left))
        for p in list(left):
            taken = 0
            while picked[p] and taken < share and len(out) < size:
                key = picked[p].pop(0)
                if key not in seen:
                    seen.add(key)
                    out.append(key)
                    taken += 1
            if not picked[p]:
                left.remove(p)
    return out


def _random_pairs(
    vocab: list[str], zipfs: list[float], exclude: set[tuple[str, str]], n: int,
    rng: np.random.Generator, band: float = 0.5,
) -> list[tuple[str, str]]:
    """``n`` random pairs whose two words lie in the same Zipf band (frequency-matched)."""
    if len(vocab) < 2:
        return []
    bins: dict[int, list[str]] = {}
    for w, z in zip(vocab, zipfs, strict=True):
        bins.setdefault(int(z / band), []).append(w)
    bins = {k: v for k, v in bins.items() if len(v) >= 2}
    if not bins:
        return []
    words = [w for v in bins.values() for w in v]
    band_of = {w: k for k, v in bins.items() for w in v}
    out: list[tuple[str, str]] = []
    seen = set(exclude)
    tries = 0
    while len(out) < n and tries < 20 * n:
        tries += 1
        a = words[int(rng.integers(len(words)))]
        pool = bins[band_of[a]]
        b = pool[int(rng.integers(len(pool)))]
        key = (min(a, b), max(a, b))
        if a == b or key in seen:
            continue
        seen.add(key)
        out.append(key)
    return out


def silver_keys(df: pd.DataFrame) -> np.ndarray:
    return pair_keys(df)
