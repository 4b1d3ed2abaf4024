"""Topic metrics, one module or package per family.

* :mod:`topicatlas.metrics.coherence` -- classical coherence on a reference corpus
  (C_v, NPMI, UCI, UMass; gensim's definitions, counted once and reused);
* :mod:`topicatlas.metrics.diversity` -- topic diversity, topic uniqueness, inverted RBO;
* :mod:`topicatlas.metrics.embedding` -- pairwise word-embedding coherence.

Every metric returns a :class:`~topicatlas.metrics.result.MetricResult` (per-topic values,
the mean, and which topics or words were left out and why), and has a metric card in
``topicatlas/metrics/cards/<name>.md`` (description, usage, a doctested example, bad
input, citation; every card's examples run in the test suite).
"""

from topicatlas.metrics.coherence import ReferenceCounts, coherence
from topicatlas.metrics.diversity import diversity
from topicatlas.metrics.embedding import embedding_coherence
from topicatlas.metrics.result import MetricResult

__all__ = ["MetricResult", "ReferenceCounts", "coherence", "diversity", "embedding_coherence"]
