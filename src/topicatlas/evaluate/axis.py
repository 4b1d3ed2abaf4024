"""What one evaluation axis hands back: its per-topic and per-model columns, or why it is missing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pandas as pd


@dataclass
class AxisOutcome:
    """The outcome of one axis (similarity-relatedness, classical metrics, LLM judge).

    Attributes:
        key: short identifier (``"simrel"``, ``"classical"``, ``"judge"``).
        title: heading used in the report.
        available: False when the axis could not run; ``reason`` then says why.
        reason: why the axis is missing (shown in its report section).
        notes: problems worth showing even though the axis ran (e.g. uncovered words,
            topic words absent from the reference corpus).
        topics: per-topic columns, one row per (model, topic) -- index levels
            ``model`` and ``topic``.
        models: per-model columns, one row per model (index ``model``).
        extra: anything else the report needs (baseline point, tidy judge table, figures).
    """

    key: str
    title: str
    available: bool = True
    reason: str = ""
    notes: list[str] = field(default_factory=list)
    topics: pd.DataFrame | None = None
    models: pd.DataFrame | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def missing(cls, key: str, title: str, reason: str, notes: list[str] | None = None
                ) -> AxisOutcome:
        return cls(key, title, available=False, reason=reason, notes=list(notes or []))
