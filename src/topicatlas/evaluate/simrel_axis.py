"""The similarity-relatedness axis (the similarity-relatedness paper, section 3.2.3).

The numbers are the scorer package's (:mod:`topicatlas.metrics.simrel`):

* per topic, ``similarity`` and ``relatedness`` -- the means of the trained scorer's
  pairwise scores over the topic's top five distinct words (pairs with a word the scorer
  cannot score are left out; ``pairs_covered`` counts those kept);
* the random-word baseline -- the same scores for random topics drawn from a vocabulary;
* ``shifted_gap`` -- the shifted normalised gap: similarity and relatedness min-max
  normalised over every topic evaluated together *and* the baseline, gap = normalised
  relatedness minus normalised similarity, shifted so random words sit at 0 (> 0:
  relatedness-leaning relative to random; < 0: similarity-leaning).

Laid out here, with two choices of ours (stated in the report):

* ``gap`` is the raw ``relatedness - similarity`` of the topic (section 3.2.3's
  definition; the paper's Table 8 prints the opposite sign, similarity minus relatedness);
* the baseline's vocabulary is the reference corpus's when one is given, else the
  models' own vocabularies (fitted models), else general English (the 20,000 most
  frequent words of ``wordfreq``, alphabetic, 3+ letters, minus the bundled stopwords);
  the normalisation range is the topics evaluated together, so ``shifted_gap`` compares
  the models of one evaluation.

``uncovered`` lists every topic word the scorer has no vector for (shown in the report,
never hidden); ``coverage`` is the share of a model's distinct words the scorer covers.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from topicatlas.evaluate.axis import AxisOutcome
from topicatlas.evaluate.inputs import TopicSet

TITLE = "Similarity and relatedness"
EVALUATION = "this evaluation"


def _general_english(n: int = 20000) -> list[str]:
    from wordfreq import top_n_list

    from topicatlas.corpus.stopwords import stopword_set

    stop = stopword_set("english")
    return [w for w in top_n_list("en", n) if w.isalpha() and len(w) >= 3 and w not in stop]


def baseline_vocabulary(sets: list[TopicSet], corpus: Any = None) -> tuple[list[str], str]:
    """The vocabulary random-word topics are drawn from, and where it comes from."""
    if corpus is not None:
        words = list(corpus.vocab.words)
        return words, f"the reference corpus '{corpus.name}' ({len(words)} words)"
    if all(ts.vocab for ts in sets):
        words = list(dict.fromkeys(w for ts in sets for w in ts.vocab or []))
        if len(words) >= 50:
            return words, f"the models' own vocabularies ({len(words)} words)"
    words = _general_english()
    return words, (f"general English: {len(words)} frequent words from wordfreq, no stopwords "
                   "(give a reference corpus for a baseline from your documents' vocabulary)")


def position(shifted_gap: float) -> str:
    """A model's position against the random-word baseline, in words."""
    if shifted_gap is None or not np.isfinite(shifted_gap):
        return "no position (no topic could be scored)"
    if abs(shifted_gap) < 0.02:
        return f"at the random-word baseline ({shifted_gap:+.3f})"
    lean = "relatedness-leaning" if shifted_gap > 0 else "similarity-leaning"
    return f"{lean} ({shifted_gap:+.3f} against random words)"


def run(sets: list[TopicSet], *, scorer: Any = None, corpus: Any = None,
        progress: bool = True) -> AxisOutcome:
    """Per topic ``similarity, relatedness, gap, shifted_gap, uncovered``; per model means."""
    try:
        from topicatlas.metrics import simrel
    except ImportError as exc:
        return AxisOutcome.missing(
            "simrel", TITLE,
            f"the topic-level similarity-relatedness scores (topicatlas.metrics.simrel) are not "
            f"available in this installation ({exc})")
    if scorer is None:
        from topicatlas.scorer import Scorer

        scorer = Scorer.default()  # a missing weights file is explained by the scorer

    frames = []
    for ts in sets:
        s = simrel.topic_scores(ts.topics, scorer)
        s.insert(0, "model", ts.name)
        frames.append(s.drop(columns=["words"]))
    scores = pd.concat(frames, ignore_index=True)
    scores["corpus"] = EVALUATION

    vocab, vocab_source = baseline_vocabulary(sets, corpus)
    base = simrel.random_baseline(vocab, scorer)
    shifted = simrel.shifted_normalized_gap(scores, {EVALUATION: base})
    scores["gap"] = scores["relatedness"] - scores["similarity"]
    scores["shifted_gap"] = shifted["shifted_gap"].to_numpy()

    every_word = list(dict.fromkeys(w for ts in sets for t in ts.topics for w in t))
    missing = set(scorer.coverage(every_word)["missing"]) if every_word else set()
    scores["uncovered"] = [[w for w in dict.fromkeys(t) if w in missing]
                           for ts in sets for t in ts.topics]
    scores["n_uncovered"] = scores["uncovered"].map(len)

    per_model = scores.groupby("model", sort=False)[
        ["similarity", "relatedness", "gap", "shifted_gap"]].mean()
    cover = {}
    for ts in sets:
        distinct = set(w for t in ts.topics for w in t)
        cover[ts.name] = 1 - len(distinct & missing) / len(distinct) if distinct else np.nan
    per_model["coverage"] = pd.Series(cover)
    per_model["position"] = per_model["shifted_gap"].map(position)

    notes = []
    if missing:
        listed = ", ".join(sorted(missing)[:15]) + (" ..." if len(missing) > 15 else "")
        notes.append(
            f"{len(missing)} of the {len(every_word)} distinct topic words are not covered by the "
            f"scorer (no word vector): {listed}. Pairs with them are left out of the topic's "
            "means; they are struck through in the topics table")
    unscored = scores[scores["similarity"].isna()]
    if len(unscored):
        pairs = list(zip(unscored["model"], unscored["topic"], strict=True))
        listed = ", ".join(f"{m} #{t}" for m, t in pairs[:10])
        notes.append(f"{len(unscored)} topic(s) have no covered word pair among their top five "
                     f"words and get no score: {listed}")
    gap_b = base["relatedness"] - base["similarity"]
    baseline = {"similarity": base["similarity"], "relatedness": base["relatedness"],
                "gap": gap_b, "shifted_gap": 0.0, "n_topics": base.get("n_topics"),
                "vocabulary": vocab_source}
    method = (
        "Each topic's similarity and relatedness are the means of the trained scorer's pairwise "
        "scores over its top five distinct words (the similarity-relatedness paper, section "
        "3.2.3); gap = relatedness − similarity. The random-word baseline scores "
        f"{base.get('n_topics', 200)} topics of random words drawn from {vocab_source}. "
        "'gap vs random' is the shifted normalised gap: similarity and relatedness min-max "
        "normalised over all topics of this evaluation and the baseline, relatedness minus "
        "similarity, shifted so random words sit at 0 (> 0 relatedness-leaning, < 0 "
        "similarity-leaning).")
    topic_cols = ["model", "topic", "similarity", "relatedness", "gap", "shifted_gap",
                  "pairs_covered", "uncovered", "n_uncovered"]
    return AxisOutcome(
        "simrel", TITLE, notes=notes,
        topics=scores[topic_cols].set_index(["model", "topic"]),
        models=per_model,
        extra={"baseline": baseline, "method": method, "uncovered": sorted(missing)},
    )
