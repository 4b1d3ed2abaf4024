"""Radar plots of normalised judge scores, like Figures 1-2 of the LLM-judge paper.

One figure per judge (and per corpus when the summary has a ``corpus`` column): one
polygon per topic model, one axis per metric, values normalised per judge
(:mod:`topicatlas.judge.normalise`, so the outer ring is always "better"), plus one
figure with a panel per judge. Written as PNG and SVG with matplotlib's Agg back-end.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from topicatlas.judge.metrics import METRICS
from topicatlas.judge.normalise import normalise


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", str(name)).strip("_") or "x"


def _panel(ax, data: pd.DataFrame, metrics: list[str], title: str) -> None:
    angles = np.linspace(0, 2 * np.pi, len(metrics), endpoint=False).tolist()
    closed = angles + angles[:1]
    for model, grp in data.groupby("model", sort=True):
        vals = grp.set_index("metric").reindex(metrics)["value_norm"].to_numpy(dtype=float)
        vals = np.nan_to_num(vals, nan=0.0).tolist()
        ax.plot(closed, vals + vals[:1], linewidth=1.5, label=str(model))
        ax.fill(closed, vals + vals[:1], alpha=0.1)
    ax.set_xticks(angles)
    ax.set_xticklabels([METRICS[m].label if m in METRICS else m for m in metrics], fontsize=8)
    ax.set_ylim(min(0.0, float(np.nanmin(data["value_norm"])) if len(data) else 0.0),
                max(1.0, float(np.nanmax(data["value_norm"])) if len(data) else 1.0))
    ax.set_title(title, fontsize=10)


def radar_plots(
    summary: pd.DataFrame,
    out_dir: str | Path,
    *,
    metrics: Sequence[str] | None = None,
    corpus: str | None = None,
) -> list[Path]:
    """Write the radar plots; returns the files written (PNG and SVG of each figure).

    ``summary``: ``JudgeResult.summary`` (or any table with model, judge, metric, value);
    ``metrics``: the axes (default: every non-adversarial metric present; at least 3).
    ``corpus``: a name for the file names and titles (default: the ``corpus`` column's
    values, else none).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    data = summary[~summary["metric"].str.startswith("advt_")]
    if metrics is not None:
        data = data[data["metric"].isin(metrics)]
    axes_metrics = [m for m in (metrics or METRICS) if m in set(data["metric"])]
    if len(axes_metrics) < 3:
        raise ValueError(f"a radar plot needs at least 3 metrics, have {axes_metrics}")
    group = ["judge", "metric"] + (["corpus"] if "corpus" in data.columns else [])
    data = normalise(data, group=group)
    corpora = [(corpus, data)] if "corpus" not in data.columns else list(data.groupby("corpus", sort=True))
    written: list[Path] = []
    for cname, cdata in corpora:
        judges = sorted(cdata["judge"].unique())
        prefix = f"radar_{_safe(cname)}_" if cname else "radar_"
        figures = [(f"{prefix}{_safe(j)}", [j]) for j in judges]
        if len(judges) > 1:
            figures.append((f"{prefix}all_judges", judges))
        for stem, js in figures:
            fig, axs = plt.subplots(1, len(js), subplot_kw={"projection": "polar"},
                                    figsize=(4.2 * len(js), 4.4), squeeze=False)
            for ax, j in zip(axs[0], js, strict=True):
                title = f"{j}" + (f" -- {cname}" if cname else "")
                _panel(ax, cdata[cdata["judge"] == j], axes_metrics, title)
            handles, labels = axs[0][0].get_legend_handles_labels()
            fig.legend(handles, labels, loc="lower center", ncol=min(4, len(labels)), fontsize=8)
            fig.tight_layout(rect=(0, 0.08, 1, 1))
            for ext in ("png", "svg"):
                path = out / f"{stem}.{ext}"
                fig.savefig(path, dpi=120)
                written.append(path)
            plt.close(fig)
    return written
