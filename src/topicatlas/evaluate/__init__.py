"""``topicatlas.evaluate``: classical, similarity-relatedness and LLM-judge metrics side by side.

    >>> import topicatlas
    >>> result = topicatlas.evaluate("topics.txt", corpus="bbc")   # doctest: +SKIP
    >>> result.topics          # one row per topic (pandas DataFrame)
    >>> result.summary         # one row per model
    >>> result.to_html("report.html")

Name clash: ``topicatlas.evaluate`` is both this sub-package and the function
:func:`evaluate`. The top-level lazy table returns the function; once the sub-package
has been imported Python may bind the *module* to ``topicatlas.evaluate`` instead, so
the module is made callable (calling it calls :func:`evaluate`) and both spellings work.
"""

from __future__ import annotations

from topicatlas._lazy import make_callable
from topicatlas.evaluate.axis import AxisOutcome
from topicatlas.evaluate.core import evaluate, resolve_corpus
from topicatlas.evaluate.inputs import TopicSet, collect_topic_sets, to_topic_set
from topicatlas.evaluate.result import EvaluationResult

__all__ = [
    "AxisOutcome",
    "EvaluationResult",
    "TopicSet",
    "collect_topic_sets",
    "evaluate",
    "resolve_corpus",
    "to_topic_set",
]


# ``topicatlas.evaluate(...)`` calls :func:`evaluate` whichever of the two is bound.
make_callable(__name__, "topicatlas.evaluate.core:evaluate")
