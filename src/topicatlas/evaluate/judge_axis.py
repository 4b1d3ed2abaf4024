"""The LLM-judge axis: :func:`topicatlas.judge.judge` on every model's topics."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from topicatlas.evaluate.axis import AxisOutcome
from topicatlas.evaluate.inputs import TopicSet

TITLE = "LLM judge"


def run(sets: list[TopicSet], judges: Sequence[Any], *, metrics: Sequence[str] | None = None,
        progress: bool = True) -> AxisOutcome:
    try:
        from topicatlas.judge import judge  # noqa: F401
    except (ImportError, AttributeError) as exc:
        return AxisOutcome.missing(
            "judge", TITLE, f"the LLM judge (topicatlas.judge) is not available ({exc})")
    raise NotImplementedError("integration with topicatlas.judge pending")
