"""Topic collapse, as used to omit (model, corpus) runs in Table 12 of the
similarity-relatedness paper (App. B.2).

* **Diversity collapse** -- "all topics becoming identical or near-identical". Diversity is
  the proportion of unique words among the top words of all topics (Dieng et al. 2020),
  computed over the listed top-n words (n = 10 in the atlas). Table 12 omits runs with
  diversity 0.29-0.46 (LSI), <= 0.50 (CWTM on DBLP), 0.265-0.29 (FASTopic), 0.065-0.23
  (ETM from scratch), so a run is flagged when ``diversity <= 0.5`` (the paper gives no single
  threshold: this is our choice, the largest value it reports as collapsed), or when every
  topic lists the same word set.
* **Word-count collapse** -- "topics containing fewer than 4 words": a topic whose list has
  fewer than ``min_words = 4`` distinct words (a model lists only words it gives non-zero
  probability, so a degenerate distribution yields a short list).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

DIVERSITY_THRESHOLD = 0.5
MIN_WORDS = 4


def topic_diversity(topics: Sequence[Sequence[str]], top_n: int | None = None) -> float:
    """Unique words / listed words over the first ``top_n`` words of every topic (0 if none)."""
    words = [w for t in topics for w in (t[:top_n] if top_n else t)]
    return len(set(words)) / len(words) if words else 0.0


def collapse_report(
    topics: Sequence[Sequence[str]],
    *,
    diversity_threshold: float = DIVERSITY_THRESHOLD,
    min_words: int = MIN_WORDS,
) -> dict[str, Any]:
    """Flags and numbers for diversity and word-count collapse (see module docstring)."""
    diversity = topic_diversity(topics)
    sets = {frozenset(t) for t in topics}
    identical = len(topics) > 1 and len(sets) == 1
    short = [i for i, t in enumerate(topics) if len(set(t)) < min_words]
    return {
        "diversity": round(diversity, 6),
        "diversity_collapse": bool(diversity <= diversity_threshold or identical),
        "all_topics_identical": bool(identical),
        "word_count_collapse": bool(short),
        "short_topics": short,
        "diversity_threshold": diversity_threshold,
        "min_words": min_words,
    }
