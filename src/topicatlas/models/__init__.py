"""The topic-model zoo: every model of Table 11 behind one contract.

``fit_model(name, corpus, n_topics, seed, **params) -> TopicModelOutput``; models are
listed in :data:`MODELS` (lazy imports); :func:`check_topic_model` runs the conformance
checks on any registered model, including a user's own adapter.
"""

from topicatlas.models.base import FitResult, NotInstalled, TrainingDivergedError
from topicatlas.models.collapse import collapse_report, topic_diversity
from topicatlas.models.output import TopicModelOutput, load_output
from topicatlas.models.zoo import MODELS, fit_model, is_installed, model_info

__all__ = [
    "MODELS",
    "FitResult",
    "NotInstalled",
    "TopicModelOutput",
    "TrainingDivergedError",
    "check_topic_model",
    "collapse_report",
    "fit_model",
    "is_installed",
    "load_output",
    "model_info",
    "topic_diversity",
]


def check_topic_model(name: str, **kwargs):  # noqa: ANN201 - re-exported lazily
    """Run the conformance checks on the registered model ``name`` (see :mod:`.checks`)."""
    from topicatlas.models.checks import check_topic_model as _check

    return _check(name, **kwargs)
