"""Agreement between judges and how far to trust each one.

* :func:`agreement`: per metric, Krippendorff's alpha over all judges (units: the
  (topic set, topic) pairs; interval level, since every metric is a mean or a count;
  missing values allowed) and the pairwise Spearman rank correlation of the judges'
  per-topic values (topics both judges scored).
* :func:`reliability`: one row per judge: its adversarial success rates, its
  hallucination rate (named words/pairs not in the topic, over all it named), the share of
  draws that stayed unreadable after re-asks, and its mean Spearman with the others.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd


def agreement(table: pd.DataFrame, metrics: list[str] | None = None) -> pd.DataFrame:
    """Tidy agreement table: metric, statistic, judge_a, judge_b, value, n."""
    from scipy.stats import spearmanr

    rows = []
    data = table[table["status"] != "skipped"] if "status" in table else table
    for metric, grp in data.groupby("metric", sort=True):
        if metrics is not None and metric not in metrics:
            continue
        wide = grp.pivot_table(index=["model", "topic"], columns="judge", values="value", aggfunc="mean")
        judges = list(wide.columns)
        if len(judges) < 2:
            continue
        mat = wide.to_numpy(dtype=float).T  # judges x units
        alpha = math.nan
        n_units = int((np.sum(~np.isnan(mat), axis=0) >= 2).sum())
        if n_units >= 2 and np.nanstd(mat) > 0:
            import krippendorff

            alpha = float(krippendorff.alpha(reliability_data=mat, level_of_measurement="interval"))
        rows.append({"metric": metric, "statistic": "krippendorff_alpha", "judge_a": "all",
                     "judge_b": "all", "value": alpha, "n": n_units})
        for a, b in itertools.combinations(judges, 2):
            pair = wide[[a, b]].dropna()
            rho = math.nan
            if len(pair) >= 3 and pair[a].nunique() > 1 and pair[b].nunique() > 1:
                rho = float(spearmanr(pair[a], pair[b]).statistic)
            rows.append({"metric": metric, "statistic": "spearman", "judge_a": a, "judge_b": b,
                         "value": rho, "n": len(pair)})
    return pd.DataFrame(rows, columns=["metric", "statistic", "judge_a", "judge_b", "value", "n"])


def reliability(result) -> pd.DataFrame:
    """One row per judge: adversarial success, hallucination and failure rates, agreement."""
    s = result.summary
    d = result.draws
    agree = agreement(result.table)
    sp = agree[agree["statistic"] == "spearman"]
    rows = []
    for judge, grp in s.groupby("judge", sort=True):
        dj = d[d["judge"] == judge]
        fin = dj[dj["final"]]
        items = dj[~dj["metric"].isin(["c_rate", "r_rate", "d_rate"])]
        acc, rej = int(items["n_accepted"].sum()), int(items["n_rejected"].sum())
        rhos = sp[(sp["judge_a"] == judge) | (sp["judge_b"] == judge)]["value"].dropna()
        row = {
            "judge": judge,
            "advt_outlier": _mean(grp, "advt_outlier"),
            "advt_duplicate": _mean(grp, "advt_duplicate"),
            "hallucination_rate": rej / (acc + rej) if acc + rej else math.nan,
            "rejected_items": rej,
            "draws": len(fin),
            "draws_failed_rate": float((~fin["ok"]).mean()) if len(fin) else math.nan,
            "mean_spearman_with_others": float(rhos.mean()) if len(rhos) else math.nan,
        }
        rows.append(row)
    return pd.DataFrame(rows)


def _mean(grp: pd.DataFrame, metric: str) -> float:
    v = grp[grp["metric"] == metric]["value"].dropna()
    return float(v.mean()) if len(v) else math.nan
