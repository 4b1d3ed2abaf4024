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

from topicatlas._lazy import lazy_exports, make_callable

# ``topicatlas.judge(...)`` works even after ``import topicatlas.judge`` bound the package
# attribute to this module: calling the module runs :func:`judge`.
make_callable(__name__, "topicatlas.judge.run:judge")

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


__getattr__, __dir__ = lazy_exports(__name__, _LAZY)

__all__ = list(_LAZY)
