"""Scores of a trained scorer on labelled pairs: Spearman per source, separation AUC."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import rankdata, spearmanr


def spearman(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman ρ over rows where both are finite (NaN with fewer than 3 rows)."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    ok = np.isfinite(a) & np.isfinite(b)
    if ok.sum() < 3 or np.ptp(a[ok]) == 0 or np.ptp(b[ok]) == 0:
        return float("nan")
    return float(spearmanr(a[ok], b[ok]).statistic)


def auc(pos: np.ndarray, neg: np.ndarray) -> float:
    """P(score of a positive > score of a negative), ties count 1/2 (Mann-Whitney)."""
    pos, neg = np.asarray(pos, float), np.asarray(neg, float)
    pos, neg = pos[np.isfinite(pos)], neg[np.isfinite(neg)]
    if not pos.size or not neg.size:
        return float("nan")
    ranks = rankdata(np.concatenate([pos, neg]))
    return float((ranks[: pos.size].sum() - pos.size * (pos.size + 1) / 2) / (pos.size * neg.size))


def separation_auc(df: pd.DataFrame, pred: np.ndarray, high: str = "silver:association",
                   low: str = "silver:synonym") -> float:
    """Disentanglement signal: AUC with which the gap ``rel - sim`` ranks ``high`` pairs
    (ConceptNet associations: related, not similar) above ``low`` pairs (synonyms:
    similar, not related). 1.0 = perfectly separated, 0.5 = chance."""
    gap = pred[:, 1] - pred[:, 0]
    src = df["source"].to_numpy()
    return auc(gap[src == high], gap[src == low])


def per_source(df: pd.DataFrame, pred: np.ndarray) -> pd.DataFrame:
    """Spearman of the matching head per source (the head of the dimension it rates)."""
    rows = []
    for source, idx in df.groupby("source", sort=True).indices.items():
        sub = df.iloc[idx]
        for dim, col in (("sim", 0), ("rel", 1)):
            y = sub[dim].to_numpy(float)
            if np.isfinite(y).sum() >= 3 and np.ptp(y[np.isfinite(y)]) > 0:
                rows.append({"source": source, "dimension": dim, "n": int(np.isfinite(y).sum()),
                             "rho": spearman(pred[idx, col], y)})
    return pd.DataFrame(rows, columns=["source", "dimension", "n", "rho"])


def summary(df: pd.DataFrame, pred: np.ndarray) -> dict:
    """Pooled Spearman per head over human-rated rows + separation AUC on silver rows."""
    human = ~df["source"].str.startswith("silver:").to_numpy()
    out = {}
    for dim, col in (("sim", 0), ("rel", 1)):
        y = df[dim].to_numpy(float)
        out[f"rho_{dim}_human"] = spearman(pred[human, col], y[human])
        out[f"rho_{dim}_all"] = spearman(pred[:, col], y)
    out["separation_auc"] = separation_auc(df, pred)
    out["separation_auc_cohyponym"] = separation_auc(df, pred, low="silver:cohyponym")
    return out
