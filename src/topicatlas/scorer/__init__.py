"""The similarity-relatedness scorer (paper §3.1.2, §4.1, App. B.4-B.5).

``Scorer.default().score_pairs([("dog", "leash")])`` -> similarity and relatedness in
[0, 1]. Topic-level scores (§3.2.3) live in :mod:`topicatlas.metrics.simrel` and are
re-exported here. Importing this package is light; torch is imported on first use.
"""

from __future__ import annotations

from topicatlas._lazy import lazy_exports

_LAZY = {
    "Scorer": "topicatlas.scorer.api:Scorer",
    "PairFeaturizer": "topicatlas.scorer.features:PairFeaturizer",
    "ModelConfig": "topicatlas.scorer.model:ModelConfig",
    "PairScorerNet": "topicatlas.scorer.model:PairScorerNet",
    "load_config": "topicatlas.scorer.pipeline:load_config",
    "run_config": "topicatlas.scorer.pipeline:run_config",
    "topic_scores": "topicatlas.metrics.simrel:topic_scores",
    "random_baseline": "topicatlas.metrics.simrel:random_baseline",
    "shifted_normalized_gap": "topicatlas.metrics.simrel:shifted_normalized_gap",
}


__getattr__, __dir__ = lazy_exports(__name__, _LAZY)

__all__ = list(_LAZY)
