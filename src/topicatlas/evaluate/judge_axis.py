"""The LLM-judge axis: :func:`topicatlas.judge.judge` on every model's topics.

The metrics, prompts, draws and aggregation are the judge package's (the LLM-judge
paper, section 3). Laid out here as one column per judge metric and judge,
``<metric>@<judge>`` (e.g. ``c_rate@openai:gpt-4o-mini``), plus ``outliers@<judge>``:
the words the judge flagged as outliers (``c_outlier``), shown in the report. A judge
that cannot be reached (or whose answers cannot be read) leaves its columns out; the
axis notes say why, and when no judge produced anything the axis is missing with that
reason -- the rest of the evaluation is unaffected.
"""

from __future__ import annotations

import json
import math
import tempfile
from collections.abc import Sequence
from typing import Any

import pandas as pd

from topicatlas.evaluate.axis import AxisOutcome
from topicatlas.evaluate.inputs import TopicSet

TITLE = "LLM judge"


def column(metric: str, judge: str) -> str:
    return f"{metric}@{judge}"


def _words(detail: Any) -> list[str]:
    if not isinstance(detail, str) or not detail:
        return []
    try:
        value = json.loads(detail)
    except json.JSONDecodeError:
        return []
    if isinstance(value, list):
        return [str(w) for w in value]
    return []


def _radar(summary: pd.DataFrame, colors: dict[str, str]) -> tuple[list[str], str | None]:
    """The judge package's radar plots (its normalisation), as inline SVG elements."""
    try:
        from topicatlas.judge import radar_plots
    except (ImportError, AttributeError) as exc:
        return [], f"no radar plot: topicatlas.judge.radar_plots is not available ({exc})"
    import matplotlib
    from cycler import cycler

    from topicatlas.report.figures import inline_svg

    # the judge package draws models in sorted order with the colour cycle: give it the
    # report's colour of each model, so the radar matches the other figures
    cycle = cycler(color=[colors[m] for m in sorted(colors)])
    try:
        with (tempfile.TemporaryDirectory(prefix="topicatlas-radar-") as tmp,
              matplotlib.rc_context({"axes.prop_cycle": cycle})):
            paths = [p for p in radar_plots(summary, tmp) if p.suffix == ".svg"]
            combined = [p for p in paths if p.stem.endswith("all_judges")]
            return [inline_svg(p.read_text(encoding="utf-8")) for p in (combined or paths)], None
    except ValueError as exc:  # e.g. fewer than three metrics were run
        return [], f"no radar plot: {exc}"


def run(sets: list[TopicSet], judges: Sequence[Any], *, metrics: Sequence[str] | None = None,
        progress: bool = True, options: dict[str, Any] | None = None) -> AxisOutcome:
    try:
        from topicatlas.judge import judge
    except (ImportError, AttributeError) as exc:
        return AxisOutcome.missing(
            "judge", TITLE, f"the LLM judge (topicatlas.judge) is not available ({exc})")
    topics = {ts.name: ts.topics for ts in sets}
    res = judge(topics, list(judges), metrics=list(metrics) if metrics else None,
                progress=progress, **dict(options or {}))
    info = res.info or {}
    fatal: dict[str, str] = {str(k): str(v) for k, v in (info.get("fatal") or {}).items()}
    judge_names = [str(j) for j in (info.get("judges") or {})]
    table = res.table
    table = table[table["status"].isin(["ok", "partial"])] if len(table) else table
    answered = [j for j in judge_names if len(table) and (table["judge"] == j).any()]
    notes = []
    for name in judge_names:
        if name not in answered:
            why = fatal.get(name) or "none of its answers could be read"
            notes.append(f"judge {name} gave no usable answers: {why}")
        elif name in fatal:
            notes.append(f"judge {name} stopped part-way ({fatal[name]}); missing ratings are "
                         "left empty")
    if not answered:
        reason = "; ".join(notes) or "the judge returned nothing"
        return AxisOutcome.missing("judge", TITLE, reason)

    rows: dict[tuple[str, int], dict[str, Any]] = {}
    for ts in sets:
        for k in range(ts.n_topics):
            rows[(ts.name, k)] = {"model": ts.name, "topic": k}
    for rec in table.to_dict(orient="records"):
        key = (str(rec["model"]), int(rec["topic"]))
        if key not in rows or str(rec["metric"]).startswith("advt_"):
            continue
        value = rec["value"]
        rows[key][column(str(rec["metric"]), str(rec["judge"]))] = (
            float(value) if value is not None and not pd.isna(value) else math.nan)
        if rec["metric"] == "c_outlier":
            rows[key][column("outliers", str(rec["judge"]))] = _words(rec.get("detail"))
    per_topic = pd.DataFrame(list(rows.values())).set_index(["model", "topic"])

    summary = res.summary
    per_model = pd.DataFrame(index=pd.Index([ts.name for ts in sets], name="model"))
    if len(summary):
        use = summary[summary["judge"].isin(answered)]
        for rec in use.to_dict(orient="records"):
            per_model.loc[str(rec["model"]), column(str(rec["metric"]), str(rec["judge"]))] = (
                rec["value"])
    from topicatlas.report.figures import model_colors

    colors = model_colors([ts.name for ts in sets])
    radars, radar_why = (_radar(summary[summary["judge"].isin(answered)], colors)
                         if len(summary) else ([], None))
    if radar_why:
        notes.append(radar_why)
    asked = ", ".join(info.get("metrics") or [])
    method = (f"{len(answered)} judge(s) ({', '.join(answered)}) rated every topic with the "
              f"LLM-judge paper's prompts ({asked}). C_rate, R_rate, D_rate: 1-3, higher is "
              "better; C_outlier, R_duplicate: counts of words, lower is better; outlier words "
              "(flagged in at least 3 of 5 draws) are marked in the topics table.")
    extra: dict[str, Any] = {"method": method, "info": info, "judge_result": res}
    if radars:
        extra["radars"] = radars
        extra["radar_caption"] = (
            "Judge metrics per model, normalised per judge and metric over the models compared "
            "(the LLM-judge paper, section 5.2; 1 = better). With one model every value is 0.5.")
    return AxisOutcome("judge", TITLE, notes=notes, topics=per_topic, models=per_model,
                       extra=extra)
