"""The :class:`EvaluationResult`: per-topic table, per-model summary, and their exports."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from topicatlas.evaluate.axis import AxisOutcome
from topicatlas.evaluate.inputs import TopicSet


def _jsonable(value: Any) -> Any:
    """Plain JSON values: NaN/inf become None, numpy scalars and arrays become Python."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return [_jsonable(v) for v in value.tolist()]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if value is pd.NA or value is pd.NaT:
        return None
    return value


@dataclass
class EvaluationResult:
    """Everything ``topicatlas.evaluate`` measured.

    Attributes:
        topics: one row per (model, topic): ``model``, ``topic`` (0-based index within
            the model), ``words`` (list of str), then every available axis's columns --
            ``similarity``, ``relatedness``, ``gap``, ``uncovered`` (words the scorer
            could not score); ``c_v``, ``c_npmi``, ``absent`` (topic words missing from
            the reference corpus), ``diversity_contribution``; and per judge metric
            ``<metric>@<judge>`` plus ``outliers@<judge>`` (the words the judge flagged).
        summary: one row per model (index ``model``): topic count and mean scores, the
            position against the random-word baseline, diversity, judge means.
        axes: per axis its :class:`AxisOutcome` (whether it ran, and why not).
        models: the evaluated :class:`TopicSet` objects, in order.
        corpus: the reference corpus's name, or None.
        judges: the judge specifications given (``backend:model``).
        warnings: input problems found (inconsistent topic lengths, ...).
        created: UTC timestamp of the evaluation.
    """

    topics: pd.DataFrame
    summary: pd.DataFrame
    axes: dict[str, AxisOutcome]
    models: list[TopicSet]
    corpus: str | None = None
    judges: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    created: str = ""

    # -- exports --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``models`` (summary per model), ``topics`` (per topic), ``axes``."""
        topics = []
        for row in self.topics.to_dict(orient="records"):
            topics.append({k: _jsonable(v) for k, v in row.items()})
        summary = []
        for name, row in self.summary.iterrows():
            summary.append({"model": name, **{k: _jsonable(v) for k, v in row.items()}})
        axes = {
            key: {"available": ax.available, "reason": ax.reason or None, "notes": ax.notes}
            for key, ax in self.axes.items()
        }
        extra = {}
        base = self.axes.get("simrel")
        if base is not None and base.extra.get("baseline"):
            extra["random_baseline"] = _jsonable(base.extra["baseline"])
        return {
            "created": self.created,
            "corpus": self.corpus,
            "judges": self.judges,
            "models": summary,
            "topics": topics,
            "axes": axes,
            "warnings": self.warnings,
            **extra,
        }

    def to_json(self, path: str | Path | None = None, *, indent: int | None = 2) -> str:
        """The result as JSON text (also written to ``path`` when given)."""
        text = json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)
        if path is not None:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).write_text(text + "\n", encoding="utf-8")
        return text

    def to_html(self, path: str | Path) -> Path:
        """Write the self-contained HTML report (works offline: no CDN, figures inline)."""
        from topicatlas.report.html import render_report

        path = Path(path)
        if path.suffix.lower() not in (".html", ".htm"):
            path = path / "report.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render_report(self), encoding="utf-8")
        return path

    def __repr__(self) -> str:
        ran = [k for k, a in self.axes.items() if a.available]
        missing = [k for k, a in self.axes.items() if not a.available]
        return (
            f"EvaluationResult({len(self.models)} model(s), {len(self.topics)} topics; "
            f"axes: {', '.join(ran) or 'none'}"
            + (f"; missing: {', '.join(missing)}" if missing else "")
            + ")"
        )
