"""The similarity-relatedness axis (the similarity-relatedness paper, section 3.2.3).

Everything is computed by the scorer package: pairwise similarity and relatedness over
each topic's top five words, averaged into one 2-D point per topic
(:func:`topicatlas.metrics.simrel.topic_scores`), the random-word baseline and the
shifted normalised gap. This module only lays the numbers out per topic and per model.
"""

from __future__ import annotations

from typing import Any

from topicatlas.evaluate.axis import AxisOutcome
from topicatlas.evaluate.inputs import TopicSet

TITLE = "Similarity and relatedness"


def run(sets: list[TopicSet], *, scorer: Any = None, progress: bool = True) -> AxisOutcome:
    """Per topic ``similarity``, ``relatedness``, ``gap``, ``uncovered``; per model means."""
    try:
        from topicatlas.metrics import simrel  # noqa: F401
    except ImportError as exc:
        return AxisOutcome.missing(
            "simrel", TITLE,
            f"the topic-level similarity-relatedness scores (topicatlas.metrics.simrel) are not "
            f"available in this installation ({exc})")
    raise NotImplementedError("integration with topicatlas.metrics.simrel pending")
