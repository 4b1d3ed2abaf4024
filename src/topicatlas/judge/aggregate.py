"""From parsed draws to per-topic values and per-judge summaries.

Input: the *draws* table, one row per answer received (every attempt kept), with the
columns ``model, judge, metric, topic, unit, draw, attempt, final, ok, parsed``
(``parsed`` is the parser's value: a rating, a list of words, or a success flag).
Only the final attempt of each draw counts; a draw whose final attempt is unreadable
or failed is *missing*: it does not enter the mean, and it is counted and reported
(``n_missing`` per row, ``draws_missing`` per judge), never silently dropped.

Rules (the LLM-judge paper, Section 3; choices where it is silent are marked):

* ratings (``c_rate``, ``r_rate``, ``d_rate`` per topic pair): the mean of the valid draws;
* ``c_outlier``: a word flagged in at least 3 of 5 draws is an outlier. With missing
  draws the threshold is a strict majority of the *valid* draws (3 of 5, 3 of 4, 2 of 3,
  2 of 2, 1 of 1) -- our choice; the value is the number of voted words;
* ``r_duplicate``: per draw, the number of topic words with at least one accepted
  duplicate; with several draws, their mean (our choice);
* ``a_ir_topic`` / ``a_missing_theme``: per topic-document pair the count (mean over
  draws); per topic the mean over its documents; per judge the mean over all pairs;
* ``d_rate``: per topic the mean over the pairs it belongs to; per judge the mean over
  all pairs (the paper's average of all pairwise ratings);
* adversarial tests: success 1/0 per draw, averaged; the judge's success rate is the
  mean over tests.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from topicatlas.judge.metrics import METRICS

TABLE_COLUMNS = [
    "model", "judge", "metric", "topic", "value", "n_units", "n_units_missing",
    "n_draws", "n_valid", "n_missing", "n_rejected", "status", "detail",
]


def vote(draw_words: Sequence[Sequence[str]]) -> list[str]:
    """Words flagged by a strict majority of the draws (3 of 5), in order of first flag."""
    n = len(draw_words)
    if n == 0:
        return []
    counts: Counter[str] = Counter()
    order: list[str] = []
    for words in draw_words:
        for w in dict.fromkeys(words):
            counts[w] += 1
            if w not in order:
                order.append(w)
    threshold = n // 2 + 1
    return [w for w in order if counts[w] >= threshold]


def _unit_value(kind: str, parsed: list[Any]) -> tuple[float, Any]:
    """(value, detail) of one unit from the parsed values of its valid draws."""
    if kind in ("rating", "diversity"):
        return float(np.mean(parsed)), None
    if kind == "outlier":
        words = vote(parsed)
        return float(len(words)), words
    if kind in ("duplicate", "ir_topic", "missing_theme"):
        counts = [len(p) for p in parsed]
        seen: Counter[str] = Counter(w for p in parsed for w in dict.fromkeys(p))
        return float(np.mean(counts)), dict(seen)
    if kind.startswith("adv_"):
        return float(np.mean([1.0 if p else 0.0 for p in parsed])), None
    raise ValueError(f"unknown metric kind {kind!r}")


def final_draws(draws: pd.DataFrame) -> pd.DataFrame:
    return draws[draws["final"]] if len(draws) else draws


UNIT_COLUMNS = ["model", "judge", "metric", "topic", "unit", "value", "n_draws", "n_valid",
                "n_rejected", "detail"]


def unit_values(draws: pd.DataFrame) -> pd.DataFrame:
    """One row per (model, judge, metric, topic, unit): value over the valid final draws."""
    fin = final_draws(draws)
    if fin.empty:
        return pd.DataFrame(columns=UNIT_COLUMNS)
    groups: dict[tuple, list[Any]] = {}
    cols = ["model", "judge", "metric", "topic", "unit", "ok", "parsed", "n_rejected"]
    for model, judge, metric, topic, unit, ok, parsed, n_rej in fin[cols].itertuples(index=False):
        g = groups.setdefault((model, judge, metric, int(topic), str(unit)), [0, [], 0])
        g[0] += 1
        if ok:
            g[1].append(parsed)
        g[2] += int(n_rej) if n_rej == n_rej else 0  # NaN-safe
    rows = []
    for key, (n, valid, n_rej) in groups.items():
        if valid:
            value, detail = _unit_value(METRICS[key[2]].kind, valid)
        else:
            value, detail = math.nan, None
        rows.append((*key, value, n, len(valid), n_rej, detail))
    return pd.DataFrame(rows, columns=UNIT_COLUMNS)


def topic_table(draws: pd.DataFrame, skipped: pd.DataFrame | None = None) -> pd.DataFrame:
    """The tidy table: one row per model x judge x metric x topic (see module docstring)."""
    units = unit_values(draws)
    groups: dict[tuple, list[tuple]] = {}
    for model, judge, metric, topic, unit, value, n, n_valid, n_rej, detail in units.itertuples(index=False):
        groups.setdefault((model, judge, metric, int(topic)), []).append((value, n, n_valid, n_rej, detail))
        if metric == "d_rate":  # a topic pair counts for both of its topics
            groups.setdefault((model, judge, metric, int(unit)), []).append((value, n, n_valid, n_rej, None))
    rows: list[dict[str, Any]] = []
    for (model, judge, metric, topic), items in groups.items():
        vals = np.array([i[0] for i in items], dtype=float)
        ok = ~np.isnan(vals)
        detail = items[0][4] if METRICS[metric].unit == "topic" else None
        n_draws, n_valid = sum(i[1] for i in items), sum(i[2] for i in items)
        rows.append({
            "model": model, "judge": judge, "metric": metric, "topic": topic,
            "value": float(vals[ok].mean()) if ok.any() else math.nan,
            "n_units": len(items), "n_units_missing": int((~ok).sum()),
            "n_draws": n_draws, "n_valid": n_valid, "n_missing": n_draws - n_valid,
            "n_rejected": sum(i[3] for i in items),
            "status": "ok" if ok.all() else ("missing" if not ok.any() else "partial"),
            "detail": json.dumps(detail, ensure_ascii=False) if detail is not None else "",
        })
    table = pd.DataFrame(rows, columns=TABLE_COLUMNS)
    if skipped is not None and len(skipped):
        table = pd.concat([table, skipped.reindex(columns=TABLE_COLUMNS)], ignore_index=True)
    return table.sort_values(["model", "judge", "metric", "topic"], kind="stable").reset_index(drop=True)


def summarize(draws: pd.DataFrame, table: pd.DataFrame) -> pd.DataFrame:
    """One row per model x judge x metric, like the paper's Tables 1-7.

    ``value``: mean over topics (over all units for unit-level metrics: topic pairs, or
    topic-document pairs), ``topics_missing`` / ``units_missing``: what could not be
    scored, ``draws_failed``: final draws unreadable or failed, ``retries``: re-asks,
    ``rejected_items``: hallucinated words/pairs, ``hallucination_rate``: rejected over
    all items the judge named.
    """
    units = unit_values(draws)
    rows = []
    if table.empty:
        return pd.DataFrame()
    keys = ["model", "judge", "metric"]
    draw_groups = dict(iter(draws.groupby(keys, sort=False))) if len(draws) else {}
    unit_groups = dict(iter(units.groupby(keys, sort=False))) if len(units) else {}
    empty_d, empty_u = draws.iloc[0:0], units.iloc[0:0]
    for (model, judge, metric), grp in table.groupby(keys, sort=True):
        spec = METRICS[metric]
        d = draw_groups.get((model, judge, metric), empty_d)
        fin = final_draws(d)
        u = unit_groups.get((model, judge, metric), empty_u)
        uv = u["value"].to_numpy(dtype=float)
        value = float(np.nanmean(uv)) if len(uv) and (~np.isnan(uv)).any() else math.nan
        acc = int(d["n_accepted"].sum()) if len(d) else 0
        rej = int(d["n_rejected"].sum()) if len(d) else 0
        rows.append({
            "model": model, "judge": judge, "metric": metric, "label": spec.label,
            "higher_is_better": spec.higher_is_better, "value": value,
            "n_topics": int((grp["status"] != "skipped").sum()),
            "topics_missing": int((grp["status"] == "missing").sum()),
            "topics_skipped": int((grp["status"] == "skipped").sum()),
            "n_units": len(u), "units_missing": int(np.isnan(uv).sum()) if len(uv) else 0,
            "draws": len(fin), "draws_failed": int((~fin["ok"]).sum()) if len(fin) else 0,
            "retries": int((d["attempt"] > 0).sum()) if len(d) else 0,
            "rejected_items": rej,
            "hallucination_rate": (rej / (acc + rej) if acc + rej and spec.kind not in ("rating", "diversity")
                                   else math.nan),
        })
    return pd.DataFrame(rows)
