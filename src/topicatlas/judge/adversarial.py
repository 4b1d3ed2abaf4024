"""Adversarial tests of a judge (the LLM-judge paper, Section 3.1).

* ``advt_outlier``: a semantically unrelated word (the paper's example: "Shakespeare") is
  inserted into the topic; the test succeeds when the judge flags it, even among others.
* ``advt_duplicate``: an anchor word is picked at random from the topic and a word naming
  the same concept is inserted; the test succeeds when the judge pairs it with the anchor.

Automatic choice (seeded; our choices, the paper picked duplicates by hand):

* intruder: among frequent English nouns (``wordfreq`` top list, in WordNet, alphabetic,
  at least 4 letters, first sense a noun seen >= 5 times in SemCor, not in the topic), the candidate farthest from the topic: the
  lowest maximum Wu-Palmer similarity between its first noun sense and every noun sense
  of the topic words, over a seeded sample of candidates;
* duplicate: the topic words in a seeded random order; the first with a WordNet synonym
  (a single-word lemma of its most common sense, not a spelling or
  inflection of the word, not in the topic, Zipf frequency >= 3) becomes the anchor,
  its most frequent such synonym the duplicate.

Tests can also be read from a file like the release's
``data/adversial_test/random_100_topic_words_<dataset>.csv`` (tab-separated: ``Topic
words``, ``Anchor``, ``semantically_equivalent_word``; an optional ``intruder`` column);
when it has no intruder column the intruders are chosen automatically.
The inserted word goes to a seeded random position.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from topicatlas.errors import DataNotFoundError, InputFormatError


@dataclass(frozen=True)
class AdversarialTest:
    """One test: the topic as shown to the judge and the word to be found."""

    kind: str  # "advt_outlier" | "advt_duplicate"
    topic: int
    words: tuple[str, ...]  # with the inserted word
    inserted: str
    anchor: str | None = None


def _wordnet():
    from nltk.corpus import wordnet as wn

    try:
        wn.ensure_loaded()
    except LookupError as exc:  # pragma: no cover - depends on the install
        raise DataNotFoundError(
            "WordNet is not readable by NLTK; run `topicatlas setup wordnet`"
        ) from exc
    return wn


@lru_cache(maxsize=1)
def _noun_pool(n: int = 5000) -> tuple[str, ...]:
    from wordfreq import top_n_list

    wn = _wordnet()
    pool = []
    for w in top_n_list("en", n):
        if len(w) >= 4 and w.isalpha() and w.isascii():
            syns = wn.synsets(w)
            if syns and syns[0].pos() == "n" and syns[0].lemmas()[0].count() >= 5:
                pool.append(w)
    return tuple(pool)


def choose_intruder(words: Sequence[str], rng: random.Random, n_candidates: int = 40) -> str:
    """A frequent noun far from every topic word (see the module docstring)."""
    wn = _wordnet()
    topic = {w.lower() for w in words}
    senses = [s for w in words for s in wn.synsets(w.replace(" ", "_"), pos="n")[:3]]
    pool = [w for w in _noun_pool() if w not in topic]
    candidates = rng.sample(pool, min(n_candidates, len(pool)))
    if not senses:
        return candidates[0]
    best, best_sim = candidates[0], float("inf")
    for cand in candidates:
        cs = wn.synsets(cand, pos="n")[0]
        sim = max((cs.wup_similarity(s) or 0.0) for s in senses)
        if sim < best_sim:
            best, best_sim = cand, sim
    return best


def choose_duplicate(words: Sequence[str], rng: random.Random) -> tuple[str, str] | None:
    """``(anchor, duplicate)`` from WordNet synonyms, or None when no word has one."""
    from wordfreq import zipf_frequency

    wn = _wordnet()
    topic = {w.lower() for w in words}
    order = list(words)
    rng.shuffle(order)
    for anchor in order:
        a = anchor.lower()
        base = {wn.morphy(a, pos) for pos in ("n", "v", "a", "r")} | {a}
        cands: dict[str, float] = {}
        for syn in wn.synsets(a)[:1]:
            for lemma in syn.lemma_names():
                c = lemma.lower()
                if "_" in c or "-" in c or not c.isalpha() or c in topic or c in base:
                    continue
                if {wn.morphy(c, pos) for pos in ("n", "v", "a", "r")} & base - {None}:
                    continue
                if c.startswith(a) or a.startswith(c):
                    continue
                f = zipf_frequency(c, "en")
                if f >= 3.0:
                    cands[c] = f
        if cands:
            return anchor, max(cands, key=lambda c: (cands[c], c))
    return None


def _insert(words: Sequence[str], word: str, rng: random.Random) -> tuple[str, ...]:
    pos = rng.randint(0, len(words))
    return (*words[:pos], word, *words[pos:])


def make_tests(
    topics: Sequence[Sequence[str]],
    kinds: Sequence[str] = ("advt_outlier", "advt_duplicate"),
    *,
    seed: int = 0,
    max_tests: int | None = 100,
) -> list[AdversarialTest]:
    """Automatic tests for up to ``max_tests`` topics (a seeded sample; topics with < 2 words skipped)."""
    eligible = [i for i, t in enumerate(topics) if len(t) >= 2]
    rng = random.Random(seed)
    if max_tests is not None and len(eligible) > max_tests:
        eligible = sorted(rng.sample(eligible, max_tests))
    tests: list[AdversarialTest] = []
    for i in eligible:
        words = list(topics[i])
        trng = random.Random(f"{seed}/{i}")
        if "advt_outlier" in kinds:
            w = choose_intruder(words, trng)
            tests.append(AdversarialTest("advt_outlier", i, _insert(words, w, trng), w))
        if "advt_duplicate" in kinds:
            pick = choose_duplicate(words, trng)
            if pick is not None:
                anchor, dup = pick
                tests.append(AdversarialTest("advt_duplicate", i, _insert(words, dup, trng), dup, anchor))
    return tests


def read_tests(
    path: str | Path,
    kinds: Sequence[str] = ("advt_outlier", "advt_duplicate"),
    *,
    seed: int = 0,
) -> tuple[list[list[str]], list[AdversarialTest]]:
    """Tests from a tab-separated file; returns (the file's topics, the tests)."""
    import pandas as pd

    path = Path(path)
    if not path.is_file():
        raise DataNotFoundError(f"adversarial test file not found: {path}")
    df = pd.read_csv(path, sep="\t", dtype=str, keep_default_na=False)
    cols = {c.lower(): c for c in df.columns}
    words_col = cols.get("topic words")
    anchor_col = cols.get("anchor")
    dup_col = next((cols[c] for c in ("semantically_equivalent_word", "duplicate") if c in cols), None)
    intruder_col = next((cols[c] for c in ("intruder", "outlier") if c in cols), None)
    if words_col is None:
        raise InputFormatError(f"{path}: needs a 'Topic words' column (tab-separated), has {list(df.columns)}")
    if "advt_duplicate" in kinds and (anchor_col is None or dup_col is None):
        raise InputFormatError(
            f"{path}: the duplicate test needs 'Anchor' and 'semantically_equivalent_word' columns"
        )
    topics = [str(w).split() for w in df[words_col]]
    tests: list[AdversarialTest] = []
    for i, row in enumerate(df.to_dict(orient="records")):
        words = topics[i]
        if len(words) < 2:
            continue
        trng = random.Random(f"{seed}/{i}")
        if "advt_outlier" in kinds:
            w = row[intruder_col].strip() if intruder_col and row[intruder_col].strip() else choose_intruder(words, trng)
            tests.append(AdversarialTest("advt_outlier", i, _insert(words, w, trng), w))
        if "advt_duplicate" in kinds:
            anchor, dup = row[anchor_col].strip(), row[dup_col].strip()
            if not anchor or not dup:
                continue
            if anchor not in words:
                raise InputFormatError(f"{path}, line {i + 2}: anchor {anchor!r} is not one of the topic words")
            tests.append(AdversarialTest("advt_duplicate", i, _insert(words, dup, trng), dup, anchor))
    return topics, tests


def success(test: AdversarialTest, named: Sequence[str]) -> bool:
    """Whether the judge's parsed answer (topic words it named) contains the inserted word."""
    return test.inserted in set(named)
