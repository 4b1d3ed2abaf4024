"""Candidate-pair sources (the paper's Table 13), as lazy seeded streams of word pairs.

Every source yields ``(word1, word2)`` pairs of vocabulary words in a reproducible random
order, lazily, so the builder only computes as many as its quotas need. Choices where the
paper says little (each also in the builder's docstring):

WordNet (``synonym``, ``cohyponym``, ``hypernym``, ``antonym``)
    Anchors are the vocabulary words in seeded random order; an anchor yields up to
    ``per_word`` (default 10) randomly chosen partners among its WordNet relatives that are
    in the vocabulary (:mod:`topicatlas.lexicon.relations`), so a quota spreads over many
    anchors instead of exhausting a few large sibling sets.
ConceptNet (``RelatedTo``, ``AtLocation``, ``PartOf``, ``UsedFor``, ``Causes``)
    The single-word triples of ConceptNet-100k (``$TOPICATLAS_DATA/conceptnet``), or of a
    full ConceptNet 5.x assertions dump when one is given, whose head and tail are both in
    the vocabulary, shuffled; (head, tail) as (word1, word2).
Embedding neighbours (``neighbour``)
    "BERT top-k cosine nearest neighbours (max 3/cluster, 20/word)": the vocabulary's
    vectors are clustered with k-means (``clusters``, default 200); anchors are drawn
    round-robin over the clusters, at most 3 per cluster, and each anchor yields its 20
    cosine-nearest vocabulary words. The space is the builder's word vectors (default
    GloVe 6B 50-d), or all-MiniLM-L6-v2 static vectors of the vocabulary
    (``neighbour_space="minilm"``: BERT architecture and WordPiece vocabulary; the paper
    used BERT itself).
Controlled negatives
    ``common``: random pairs of common words (Zipf >= 4.5). ``far``: random pairs whose
    cosine is below the 5th percentile of random-pair cosines in the vector space.
    ``cross_domain``: two different WordNet noun lexicographer files (noun.animal,
    noun.artifact...) drawn at random, one word from each (a word's domain is the file of
    its most frequent noun sense). ``cross_pos``: two different primary parts of speech
    (the POS of the word's most frequent sense; adjective satellites count as adjectives)
    drawn at random, one word from each.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

Pair = tuple[str, str]

WORDNET_RELATIONS = ("synonym", "cohyponym", "hypernym", "antonym")
CONCEPTNET_RELATIONS = ("RelatedTo", "AtLocation", "PartOf", "UsedFor", "Causes")
NEGATIVE_KINDS = ("common", "far", "cross_domain", "cross_pos")


def _relation_function(relation: str):
    from topicatlas.lexicon import relations as R

    return {
        "synonym": R.wordnet_synonyms,
        "cohyponym": R.wordnet_cohyponyms,
        "hypernym": R.wordnet_hypernyms,
        "antonym": R.wordnet_antonyms,
    }[relation]


def wordnet_pairs(
    relation: str, vocab: Sequence[str], rng: np.random.Generator, per_word: int = 10
) -> Iterator[Pair]:
    """Anchor/relative pairs for one WordNet relation (see the module docstring)."""
    related = _relation_function(relation)
    in_vocab = set(vocab)
    for i in rng.permutation(len(vocab)):
        anchor = vocab[i]
        partners = sorted(w for w in related(anchor) if w in in_vocab and w != anchor)
        if not partners:
            continue
        if len(partners) > per_word:
            partners = [
                partners[j] for j in sorted(rng.choice(len(partners), per_word, replace=False))
            ]
        for j in rng.permutation(len(partners)):
            yield anchor, partners[j]


def conceptnet_table(vocab: Sequence[str], source: Any = None) -> Any:
    """Single-word triples of the five relations with both words in ``vocab``.

    ``source``: None (ConceptNet-100k under ``$TOPICATLAS_DATA/conceptnet``), a folder
    holding ConceptNet-100k, or a ConceptNet 5.x assertions dump file
    (:mod:`topicatlas.pairs.conceptnet_assertions`).
    """
    from pathlib import Path

    if source is not None and Path(source).is_file():
        from topicatlas.pairs.conceptnet_assertions import load_assertions

        df = load_assertions(source, CONCEPTNET_RELATIONS)
    else:
        from topicatlas.lexicon.relations import load_conceptnet

        df = load_conceptnet(list(CONCEPTNET_RELATIONS), single_word=True, folder=source)
    words = set(vocab)
    return df[df["head"].isin(words) & df["tail"].isin(words)].reset_index(drop=True)


def conceptnet_pairs(table: Any, relation: str, rng: np.random.Generator) -> Iterator[Pair]:
    rows = table[table["rel"] == relation]
    heads, tails = rows["head"].to_numpy(), rows["tail"].to_numpy()
    for i in rng.permutation(len(rows)):
        yield str(heads[i]), str(tails[i])


def unit_matrix(vectors: Any, vocab: Sequence[str]) -> np.ndarray:
    matrix, _ = vectors.lookup(list(vocab))
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return (matrix / norms).astype(np.float32)


def neighbour_pairs(
    unit: np.ndarray,
    vocab: Sequence[str],
    rng: np.random.Generator,
    *,
    clusters: int = 200,
    per_cluster: int = 3,
    per_word: int = 20,
    seed: int = 0,
) -> Iterator[Pair]:
    """Nearest-neighbour pairs, anchors spread over k-means clusters (module docstring)."""
    from sklearn.cluster import MiniBatchKMeans

    k = max(1, min(clusters, len(vocab)))
    labels = MiniBatchKMeans(
        n_clusters=k, random_state=seed, n_init=3, batch_size=2048
    ).fit_predict(unit)
    members = [rng.permutation(np.flatnonzero(labels == c)) for c in range(k)]
    order = rng.permutation(k)
    for rank in range(per_cluster):
        for c in order:
            if rank >= len(members[c]):
                continue
            anchor = int(members[c][rank])
            sims = unit @ unit[anchor]
            sims[anchor] = -np.inf
            top = np.argpartition(-sims, per_word)[:per_word]
            top = top[np.argsort(-sims[top], kind="stable")]
            for j in top:
                yield vocab[anchor], vocab[int(j)]


def _random_pairs(words: Sequence[str], rng: np.random.Generator, max_draws: int) -> Iterator[Pair]:
    n = len(words)
    if n < 2:
        return
    for _ in range(max_draws):
        i, j = rng.integers(0, n, 2)
        if i != j:
            yield words[i], words[j]


def common_pairs(
    vocab: Sequence[str],
    zipf: np.ndarray,
    rng: np.random.Generator,
    min_zipf: float = 4.5,
    max_draws: int = 10**6,
) -> Iterator[Pair]:
    common = [w for w, z in zip(vocab, zipf, strict=True) if z >= min_zipf]
    yield from _random_pairs(common, rng, max_draws)


def far_pairs(
    unit: np.ndarray,
    vocab: Sequence[str],
    rng: np.random.Generator,
    quantile: float = 0.05,
    max_draws: int = 10**6,
) -> Iterator[Pair]:
    n = len(vocab)
    if n < 2:
        return
    a, b = rng.integers(0, n, 20000), rng.integers(0, n, 20000)
    threshold = float(np.quantile((unit[a] * unit[b]).sum(axis=1), quantile))
    for _ in range(max_draws):
        i, j = rng.integers(0, n, 2)
        if i != j and float(unit[i] @ unit[j]) <= threshold:
            yield vocab[i], vocab[j]


def word_domains(vocab: Sequence[str]) -> dict[str, list[str]]:
    """Noun lexicographer file of each word's most frequent noun sense -> words."""
    from topicatlas.lexicon.wordnet import synsets

    out: dict[str, list[str]] = {}
    for w in vocab:
        nouns = [s for s in synsets(w) if s.pos() == "n"]
        if nouns and nouns[0].lexname() != "noun.Tops":
            out.setdefault(nouns[0].lexname(), []).append(w)
    return out


def word_pos(vocab: Sequence[str]) -> dict[str, list[str]]:
    """Primary POS (:func:`topicatlas.lexicon.wordnet.primary_pos`) -> words."""
    from topicatlas.lexicon.wordnet import primary_pos

    out: dict[str, list[str]] = {}
    for w in vocab:
        pos = primary_pos(w)
        if pos is not None:
            out.setdefault(pos, []).append(w)
    return out


def cross_group_pairs(
    groups: dict[str, list[str]], rng: np.random.Generator, max_draws: int = 10**6
) -> Iterator[Pair]:
    """One word from each of two different groups drawn at random."""
    names = sorted(g for g, ws in groups.items() if ws)
    if len(names) < 2:
        return
    for _ in range(max_draws):
        g1, g2 = rng.choice(len(names), 2, replace=False)
        a, b = groups[names[g1]], groups[names[g2]]
        yield a[rng.integers(0, len(a))], b[rng.integers(0, len(b))]
