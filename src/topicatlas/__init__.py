"""topicatlas: what kind of semantic structure do your topic models capture?

The top-level namespace is lazy: ``import topicatlas`` imports nothing heavy.
Public entry points are resolved on first attribute access.
"""

from __future__ import annotations

from topicatlas._lazy import lazy_exports

__version__ = "0.1.0"

# public name -> "module:attribute"; modules are imported on first use only.
_LAZY: dict[str, str] = {
    "Corpus": "topicatlas.corpus:Corpus",
    "Vocabulary": "topicatlas.corpus:Vocabulary",
    "load_corpus": "topicatlas.corpus:load_corpus",
    "Scorer": "topicatlas.scorer:Scorer",
    "evaluate": "topicatlas.evaluate:evaluate",
    "judge": "topicatlas.judge:judge",
    "coherence": "topicatlas.metrics:coherence",
    "diversity": "topicatlas.metrics:diversity",
    "ReferenceCounts": "topicatlas.metrics:ReferenceCounts",
}


__getattr__, __dir__ = lazy_exports(__name__, _LAZY)

__all__ = ["__version__", *_LAZY]
