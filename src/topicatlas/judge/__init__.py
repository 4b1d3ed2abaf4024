"""LLM-as-judge topic metrics (the LLM-judge paper): coherence, repetitiveness,
diversity, topic-document alignment and adversarial checks, with several judges,
normalisation, radar plots and agreement between judges.

Entry points (imported lazily)::

    from topicatlas.judge import judge, load_reference_judgments
    result = judge(topics, judges=["gguf:/path/model.gguf"], metrics=["c_rate", "c_outlier"])
    result.table      # one row per model x judge x metric x topic
    result.draws      # every raw answer
    result.summary    # one row per model x judge x metric (the paper's Tables 1-7)
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any


class _CallableModule(types.ModuleType):
    """``topicatlas.judge(...)`` works even after ``import topicatlas.judge`` has bound the
    package attribute ``topicatlas.judge`` to this module: calling it runs :func:`judge`."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from topicatlas.judge.run import judge

        return judge(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule

_LAZY = {
    "judge": "topicatlas.judge.run:judge",
    "plan": "topicatlas.judge.run:plan",
    "JudgeResult": "topicatlas.judge.result:JudgeResult",
    "METRICS": "topicatlas.judge.metrics:METRICS",
    "load_reference_judgments": "topicatlas.judge.reference:load_reference_judgments",
    "load_reference_processed": "topicatlas.judge.reference:load_reference_processed",
    "compare_with_reference": "topicatlas.judge.reference:compare_with_reference",
    "normalise": "topicatlas.judge.normalise:normalise",
    "radar_plots": "topicatlas.judge.radar:radar_plots",
    "agreement": "topicatlas.judge.agreement:agreement",
    "reliability": "topicatlas.judge.agreement:reliability",
}


def __getattr__(name: str) -> Any:
    target = _LAZY.get(name)
    if target is None:
        raise AttributeError(f"module 'topicatlas.judge' has no attribute {name!r}")
    module_name, attr = target.split(":")
    value = getattr(importlib.import_module(module_name), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + list(_LAZY))


__all__ = list(_LAZY)
