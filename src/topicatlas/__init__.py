"""topicatlas: what kind of semantic structure do your topic models capture?

The top-level namespace is lazy: ``import topicatlas`` imports nothing heavy.
Public entry points are resolved on first attribute access.
"""

from __future__ import annotations

import importlib
from typing import Any

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


def __getattr__(name: str) -> Any:
    target = _LAZY.get(name)
    if target is None:
        raise AttributeError(f"module 'topicatlas' has no attribute {name!r}")
    module_name, attr = target.split(":")
    value = getattr(importlib.import_module(module_name), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + list(_LAZY))


__all__ = ["__version__", *_LAZY]
