"""Normalisation of judge scores per judge group (the LLM-judge paper, Section 5.2).

For each judge (the paper's "evaluator group") and metric, over the values ``X`` of the
topic models compared::

    X_norm = 0.5 + (X - X_mean) / (X_max - X_min)          if higher is better
    X_norm = 1 - (0.5 + (X - X_mean) / (X_max - X_min))    if higher is worse

The paper says this maps to [0, 1]; as written it does so only when the mean lies midway
between min and max (e.g. values 0, 0, 0, 1 give 1.25 for the 1). We apply the formula as
written and do not clip (``clip=True`` clips to [0, 1]). A group whose values are all
equal (max == min) gets 0.5; missing values stay missing.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from topicatlas.judge.metrics import METRICS


def normalise_values(values: Sequence[float], higher_is_better: bool, *, clip: bool = False) -> np.ndarray:
    """The paper's piecewise formula over one group of values."""
    x = np.asarray(values, dtype=float)
    ok = ~np.isnan(x)
    out = np.full_like(x, np.nan)
    if not ok.any():
        return out
    lo, hi, mean = x[ok].min(), x[ok].max(), x[ok].mean()
    if hi == lo:
        out[ok] = 0.5
    else:
        z = 0.5 + (x[ok] - mean) / (hi - lo)
        out[ok] = z if higher_is_better else 1.0 - z
    return np.clip(out, 0.0, 1.0) if clip else out


def normalise(
    summary: pd.DataFrame,
    *,
    group: Sequence[str] = ("judge", "metric"),
    value: str = "value",
    clip: bool = False,
) -> pd.DataFrame:
    """``summary`` with a ``value_norm`` column, normalised within each ``group``.

    ``summary`` needs ``metric`` and ``value`` columns (e.g. ``JudgeResult.summary``);
    add a corpus column to ``group`` to normalise per corpus as well.
    """
    out = summary.copy()
    out["value_norm"] = np.nan
    for _, grp in out.groupby(list(group), sort=False):
        metric = grp["metric"].iloc[0]
        hib = bool(grp["higher_is_better"].iloc[0]) if "higher_is_better" in grp else METRICS[metric].higher_is_better
        out.loc[grp.index, "value_norm"] = normalise_values(grp[value].to_numpy(), hib, clip=clip)
    return out
