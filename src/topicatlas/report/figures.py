"""Report figures as inline SVG text (matplotlib, Agg backend; no files, no network).

Every function returns an ``<svg>`` string ready to paste into HTML; text stays text
(``svg.fonttype = none``), so the figure is small and uses the page's fonts.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence

import numpy as np
import pandas as pd

# Okabe-Ito (colour-blind safe), then tab10 for more models.
PALETTE = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000",
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
]


def model_colors(names: Sequence[str]) -> dict[str, str]:
    """A stable colour per model name (in the order given)."""
    return {n: PALETTE[i % len(PALETTE)] for i, n in enumerate(names)}


def _plt():
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    plt.rcParams.update({
        "svg.fonttype": "none",
        "font.family": "sans-serif",
        "font.sans-serif": ["DejaVu Sans", "Helvetica", "Arial"],
        "font.size": 10,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.edgecolor": "#666666",
        "axes.labelcolor": "#222222",
        "xtick.color": "#444444",
        "ytick.color": "#444444",
        "axes.grid": True,
        "grid.color": "#e6e6e6",
        "grid.linewidth": 0.8,
        "axes.axisbelow": True,
        "legend.frameon": False,
    })
    return plt


def to_svg(fig) -> str:
    """Serialise a matplotlib figure to an inline ``<svg>`` element (closes the figure)."""
    plt = _plt()
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    return inline_svg(buf.getvalue())


def inline_svg(text: str) -> str:
    """An SVG document's text as an inline ``<svg>`` element (no XML prolog, responsive)."""
    start = text.find("<svg")
    if start < 0:
        raise ValueError("not an SVG document")
    svg = text[start:]
    # Responsive: keep the viewBox, let CSS scale it, but never beyond its natural size.
    m = re.search(r'<svg[^>]*?\swidth="([\d.]+)pt"', svg)
    natural = f' style="max-width:{float(m.group(1)) * 96 / 72:.0f}px"' if m else ""
    svg = re.sub(r'(<svg[^>]*?)\swidth="[^"]*"', r"\1", svg, count=1)
    svg = re.sub(r'(<svg[^>]*?)\sheight="[^"]*"', r"\1", svg, count=1)
    return svg.replace("<svg", f'<svg class="figure" role="img"{natural}', 1)


def simrel_scatter(
    topics: pd.DataFrame,
    colors: dict[str, str],
    baseline: dict[str, float] | None = None,
    *,
    label_topics: bool | None = None,
) -> str:
    """Each topic a point (x = similarity, y = relatedness), coloured by model.

    Model means are drawn as large outlined markers, the random-word baseline as a black
    star, and the diagonal (relatedness = similarity, gap 0) as a dotted line.
    """
    plt = _plt()
    data = topics.dropna(subset=["similarity", "relatedness"])
    fig, ax = plt.subplots(figsize=(7.2, 5.4))
    tips: dict[str, str] = {}
    if label_topics is None:
        label_topics = len(data) <= 60
    for name, color in colors.items():
        d = data[data["model"] == name]
        if d.empty:
            continue
        ax.scatter(d["similarity"], d["relatedness"], s=36, color=color, alpha=0.75,
                   edgecolor="white", linewidth=0.6, label=name, zorder=3)
        if len(data) <= MAX_TOOLTIPS:
            # an invisible twin per point, named so a hover tooltip can be attached to it
            for _, row in d.iterrows():
                gid = f"tip-{len(tips)}"
                words = " ".join(map(str, row.get("words", []) or []))
                tips[gid] = (f"{name} #{row['topic']}: {words}\nsimilarity "
                             f"{row['similarity']:.3f} · relatedness {row['relatedness']:.3f}")
                ax.scatter([row["similarity"]], [row["relatedness"]], s=60, alpha=0.0,
                           gid=gid, zorder=7)
        if label_topics:
            for _, row in d.iterrows():
                ax.annotate(str(row["topic"]), (row["similarity"], row["relatedness"]),
                            xytext=(3, 3), textcoords="offset points", fontsize=7,
                            color=color, zorder=4)
        ax.scatter([d["similarity"].mean()], [d["relatedness"].mean()], s=170, color=color,
                   edgecolor="#222222", linewidth=1.4, marker="o", zorder=5)
    xs = list(data["similarity"])
    ys = list(data["relatedness"])
    if baseline and baseline.get("similarity") is not None:
        bx, by = float(baseline["similarity"]), float(baseline["relatedness"])
        ax.scatter([bx], [by], marker="*", s=260, color="#111111", zorder=6,
                   label="random words (baseline)")
        xs.append(bx)
        ys.append(by)
    if xs:
        lo = min(min(xs), min(ys))
        hi = max(max(xs), max(ys))
        pad = 0.05 * max(hi - lo, 0.05)
        ax.plot([lo - pad, hi + pad], [lo - pad, hi + pad], ls=":", color="#888888", lw=1,
                zorder=1, label="relatedness = similarity")
        ax.set_xlim(min(xs) - pad, max(xs) + pad)
        ax.set_ylim(min(ys) - pad, max(ys) + pad)
    ax.set_xlabel("similarity (taxonomic) →")
    ax.set_ylabel("relatedness (thematic) →")
    if not data.empty:  # one legend entry for all model means
        ax.scatter([], [], s=170, color="#dddddd", edgecolor="#222222", linewidth=1.4,
                   label="model mean")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8.5)
    return add_tooltips(to_svg(fig), tips)


#: more topics than this get no per-point hover tooltips (keeps the SVG small)
MAX_TOOLTIPS = 600


def add_tooltips(svg: str, tips: dict[str, str]) -> str:
    """Give the SVG groups named in ``tips`` (matplotlib ``gid``) a ``<title>`` (hover text)."""
    for gid, text in tips.items():
        svg = svg.replace(f'<g id="{gid}">', f'<g id="{gid}" class="tip"><title>'
                          f"{html.escape(text)}</title>", 1)
    return svg


def distributions(
    topics: pd.DataFrame,
    columns: Sequence[tuple[str, str]],
    colors: dict[str, str],
    references: dict[str, float] | None = None,
) -> str:
    """Per metric one panel: per model a box plot with every topic as a jittered dot.

    ``columns`` are ``(column, label)`` pairs; ``references`` optional horizontal lines
    (e.g. the random-word baseline) per column.
    """
    plt = _plt()
    columns = [(c, lab) for c, lab in columns
               if c in topics.columns and topics[c].notna().any()]
    if not columns:
        raise ValueError("no metric columns with values to plot")
    names = [n for n in colors if (topics["model"] == n).any()]
    n = len(columns)
    width = max(2.2 * n, 2.0 + 0.9 * len(names) * n) if n > 1 else max(3.6, 1.2 * len(names) + 1.6)
    fig, axes = plt.subplots(1, n, figsize=(min(width, 12.5), 3.6), squeeze=False)
    rng = np.random.default_rng(0)
    for ax, (col, label) in zip(axes[0], columns, strict=True):
        series = [topics.loc[topics["model"] == m, col].dropna().to_numpy(float) for m in names]
        positions = np.arange(len(names))
        nonempty = [i for i, s in enumerate(series) if len(s)]
        if nonempty:
            bp = ax.boxplot([series[i] for i in nonempty], positions=positions[nonempty],
                            widths=0.55, showfliers=False, patch_artist=True,
                            medianprops={"color": "#222222", "linewidth": 1.4})
            for patch, i in zip(bp["boxes"], nonempty, strict=True):
                patch.set_facecolor(colors[names[i]] + "33")
                patch.set_edgecolor(colors[names[i]])
        for i, s in enumerate(series):
            jitter = rng.uniform(-0.16, 0.16, size=len(s))
            ax.scatter(positions[i] + jitter, s, s=12, color=colors[names[i]], alpha=0.8,
                       zorder=3, edgecolor="none")
        if references and references.get(col) is not None:
            ref = float(references[col])
            ax.axhline(ref, ls="--", color="#111111", lw=1)
            ax.annotate("random", (1.0, ref), xycoords=("axes fraction", "data"),
                        xytext=(2, 0), textcoords="offset points", fontsize=7.5,
                        va="center", ha="left", color="#111111")
        ax.set_title(label, fontsize=10)
        ax.set_xticks(positions)
        ax.set_xticklabels(names, rotation=30 if len(names) > 2 else 0,
                           ha="right" if len(names) > 2 else "center", fontsize=8.5)
        ax.grid(axis="x", visible=False)
    fig.tight_layout()
    return to_svg(fig)
