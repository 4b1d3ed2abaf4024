"""The Random baseline of Table 11: words assigned to topics uniformly at random.

Each topic's word distribution is drawn from a flat Dirichlet (all concentration
parameters 1), so every vocabulary word is equally likely to be among any topic's top
words, independently of the corpus; each document's topic distribution is drawn the same
way. It is the lower-bound reference the atlas shifts its similarity-relatedness gap to.
"""

from __future__ import annotations

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.models.base import FitResult


def fit_random(corpus: Corpus, n_topics: int, seed: int) -> FitResult:
    """Random topics (see module docstring); takes no hyper-parameters."""
    rng = np.random.default_rng(seed)
    topic_word = rng.dirichlet(np.ones(len(corpus.vocab)), size=n_topics)
    doc_topic = rng.dirichlet(np.ones(n_topics), size=len(corpus))
    return FitResult(topic_word, doc_topic, params={})
