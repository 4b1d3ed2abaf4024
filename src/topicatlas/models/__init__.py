"""The topic-model zoo: every model of Table 11 behind one contract.

``fit_model(name, corpus, n_topics, seed, **params) -> TopicModelOutput``; models are
listed in :data:`MODELS` (lazy imports); :func:`check_topic_model` runs the conformance
checks on any registered model, including a user's own adapter.

Determinism. ``fit_model`` seeds Python's ``random``, NumPy and (for models using torch)
``torch.manual_seed``, requests torch's deterministic algorithms and fixes torch's thread
count (``threads``, default 1, recorded in the settings). Per library:

* tomotopy (LDA, HDP): seeded and trained with ``workers=1``; its multi-worker samplers are
  not reproducible, so parallel training is not offered;
* scikit-learn (LSI, NMF, k-means, PCA): ``random_state=seed``;
* UMAP (BERTopic, Contextual Top2Vec): ``random_state=seed``, which also makes UMAP
  single-threaded; HDBSCAN is deterministic;
* PyTorch models (AVITM, CombinedTM, ETM, ...): same numbers for the same seed, machine and
  thread count. A different thread count or CPU (vector instruction set) can change float
  summation order and so the results; this cannot be controlled from Python;
* sentence/contextual embeddings: deterministic on CPU, and cached per corpus.
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
