"""The result object shared by topic metrics: per-topic values, the mean, and what was left out."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any


@dataclass
class MetricResult:
    """Scores of one set of topics under one measure.

    Attributes:
        measure: the measure's name (e.g. ``"c_v"``).
        per_topic: one value per input topic, in input order (``nan`` where the topic
            could not be scored; the reason is in ``undefined``). Empty for measures that
            only have a set-level value (e.g. topic diversity).
        mean: the set-level value. For per-topic measures: the arithmetic mean over the
            topics that have a value -- topics listed in ``undefined`` are excluded, never
            silently averaged in as NaN. ``nan`` only when no topic has a value.
        undefined: topic index -> why it has no value.
        oov: topic index -> the words that were not found in the reference (and were
            skipped or made the topic undefined, depending on the OOV policy).
        settings: every parameter that produced the numbers (for provenance).
    """

    measure: str
    per_topic: list[float]
    mean: float
    undefined: dict[int, str] = field(default_factory=dict)
    oov: dict[int, list[str]] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def n_scored(self) -> int:
        """How many topics have a value."""
        return sum(1 for v in self.per_topic if not math.isnan(v))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (NaN written as ``null``)."""

        def clean(v: float) -> float | None:
            return None if v is None or math.isnan(v) else float(v)

        return {
            "measure": self.measure,
            "per_topic": [clean(v) for v in self.per_topic],
            "mean": clean(self.mean),
            "n_topics": len(self.per_topic),
            "n_scored": self.n_scored,
            "undefined": {str(k): v for k, v in self.undefined.items()},
            "oov": {str(k): v for k, v in self.oov.items()},
            "settings": self.settings,
        }
