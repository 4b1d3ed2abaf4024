"""The evaluation report: one self-contained HTML file.

Works offline: styles, scripts and figures (inline SVG) are all inside the file; nothing
is fetched from a CDN or any other address. A small inline script sorts tables, records
JavaScript errors and marks the page as rendered (``<body data-rendered="ok">``) once
every figure has a size -- the browser test reads that mark.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

from topicatlas.report import figures

if TYPE_CHECKING:  # pragma: no cover
    from topicatlas.evaluate.result import EvaluationResult

# Known columns: label, tooltip, better direction (+1 higher is better, -1 lower, 0 neutral).
COLUMNS: dict[str, tuple[str, str, int]] = {
    "n_topics": ("topics", "number of topics", 0),
    "similarity": ("similarity", "mean taxonomic similarity of the topic's top-word pairs (scorer)", 0),
    "relatedness": ("relatedness", "mean thematic relatedness of the topic's top-word pairs (scorer)", 0),
    "gap": ("gap", "relatedness minus similarity", 0),
    "shifted_gap": ("gap vs random", "shifted normalised gap: 0 = the random-word baseline; "
                    "> 0 relatedness-leaning, < 0 similarity-leaning", 0),
    "n_uncovered": ("uncovered words", "topic words the scorer could not score", -1),
    "pairs_covered": ("pairs scored", "top-5 word pairs the scorer could score (of 10)", 0),
    "coverage": ("scorer coverage", "share of topic words the scorer could score", 1),
    "c_v": ("C_V", "C_V coherence on the reference corpus (Röder et al. 2015)", 1),
    "c_npmi": ("NPMI", "NPMI coherence on the reference corpus", 1),
    "n_absent": ("absent from corpus", "topic words missing from the reference corpus", -1),
    "topic_uniqueness": ("topic uniqueness", "TU: mean over topics of their TU_k "
                         "(Nan et al. 2019)", 1),
    "diversity_contribution": ("diversity contribution", "share of the topic's words that no "
                               "other topic of the same model lists", 1),
    "topic_diversity": ("topic diversity", "unique words / all top words (Dieng et al. 2020)", 1),
    "irbo": ("inverted RBO", "1 - mean rank-biased overlap between topics", 1),
}


_JUDGE_LABELS = {"c_rate": "C_rate", "c_outlier": "C_outlier", "r_rate": "R_rate",
                 "r_duplicate": "R_duplicate", "d_rate": "D_rate", "a_ir_topic": "A_ir-topic",
                 "a_missing_theme": "A_missing-theme", "outliers": "outlier words"}


SUMMARY_COLUMNS = ("n_topics", "similarity", "relatedness", "gap", "shifted_gap", "coverage",
                   "c_v", "c_npmi", "topic_diversity", "irbo")


def esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _is_missing(v: Any) -> bool:
    if v is None:
        return True
    try:
        return bool(pd.isna(v))
    except (TypeError, ValueError):
        return False


def fmt(v: Any, digits: int = 3) -> str:
    """Numbers with ``digits`` decimals (integers as integers); missing as an em dash."""
    if isinstance(v, list | tuple):
        return ", ".join(str(x) for x in v) if v else ""
    if _is_missing(v):
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int) or (isinstance(v, float) and v.is_integer() and abs(v) >= 10):
        return f"{int(v)}"
    if isinstance(v, float):
        return f"{v:.{digits}f}" if math.isfinite(v) else "—"
    try:
        f = float(v)
    except (TypeError, ValueError):
        return str(v)
    return f"{f:.{digits}f}"


def _sort_value(v: Any) -> str:
    if isinstance(v, int | float) and not _is_missing(v):
        return f' data-v="{float(v)!r}"'
    return ""


def _label(col: str) -> tuple[str, str]:
    if col in COLUMNS:
        return COLUMNS[col][0], COLUMNS[col][1]
    if "@" in col:
        metric, judge = col.split("@", 1)
        return f"{_JUDGE_LABELS.get(metric, metric)} ({judge})", f"LLM judge {judge}: {metric}"
    return col.replace("_", " "), col


def chip(color: str) -> str:
    return f'<span class="chip" style="background:{esc(color)}"></span>'


def _missing_box(reason: str) -> str:
    return (f'<div class="missing"><strong>Not available.</strong> {esc(reason)}</div>')


def _notes(notes: Iterable[str], cls: str = "note") -> str:
    items = "".join(f"<li>{esc(n)}</li>" for n in notes)
    return f'<ul class="{cls}">{items}</ul>' if items else ""


def _table(frame: pd.DataFrame, columns: Sequence[str], *, first: str = "model",
           colors: dict[str, str] | None = None, extra_rows: str = "",
           caption: str = "") -> str:
    head = "".join(
        f'<th title="{esc(_label(c)[1])}">{esc(_label(c)[0])}</th>' for c in columns
    )
    body = []
    for key, row in frame.iterrows():
        name = str(key)
        lead = (chip(colors[name]) if colors and name in colors else "") + esc(name)
        cells = "".join(
            f'<td class="num"{_sort_value(row.get(c))}>{esc(fmt(row.get(c)))}</td>' for c in columns
        )
        body.append(f'<tr><th scope="row" data-v="{esc(name)}">{lead}</th>{cells}</tr>')
    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    return (f'<div class="scroll"><table class="data sortable">{cap}<thead><tr>'
            f'<th>{esc(first)}</th>{head}</tr></thead><tbody>{"".join(body)}{extra_rows}'
            f"</tbody></table></div>")


def _figure(svg_fn, caption: str) -> str:
    """Render a figure; a figure that cannot be drawn says why instead of breaking the page."""
    try:
        svg = svg_fn()
    except Exception as exc:  # a figure must never take the whole report down
        return _missing_box(f"figure could not be drawn ({type(exc).__name__}: {exc})")
    return f'<figure>{svg}<figcaption>{esc(caption)}</figcaption></figure>'


# -- sections ---------------------------------------------------------------

def _summary_section(result: EvaluationResult, colors: dict[str, str]) -> str:
    summary = result.summary
    # the headline numbers; every other column is in its axis's section
    cols = [c for c in SUMMARY_COLUMNS if c in summary.columns]
    cols += [c for c in summary.columns if c.startswith(("c_rate@", "c_outlier@"))]
    extra = ""
    simrel = result.axes.get("simrel")
    base = simrel.extra.get("baseline") if simrel is not None and simrel.available else None
    if base:
        cells = "".join(
            f'<td class="num">{esc(fmt(base.get(c)))}</td>' if c in base
            else '<td class="num">—</td>' for c in cols
        )
        extra = (f'<tr class="baseline"><th scope="row">★ random words (baseline)</th>{cells}</tr>')
    sources = "".join(
        f"<li>{chip(colors[ts.name])}<strong>{esc(ts.name)}</strong>: {esc(ts.source)}</li>"
        for ts in result.models
    )
    position = ""
    if simrel is not None and simrel.available and "position" in summary.columns:
        position = "<ul class='position'>" + "".join(
            f"<li>{chip(colors[str(m)])}<strong>{esc(m)}</strong>: {esc(p)}</li>"
            for m, p in summary["position"].items() if isinstance(p, str)
        ) + "</ul>"
    return (
        '<section id="summary"><h2>Per-model summary</h2>'
        f"{position}"
        f"{_table(summary, cols, colors=colors, extra_rows=extra)}"
        '<p class="hint">Means over each model\'s topics. Click a column header to sort.</p>'
        f'<details><summary>Sources</summary><ul class="plain">{sources}</ul></details>'
        "</section>"
    )


def _simrel_section(result: EvaluationResult, colors: dict[str, str]) -> str:
    ax = result.axes.get("simrel")
    title = "Similarity and relatedness"
    if ax is None or not ax.available:
        return (f'<section id="simrel"><h2>{title}</h2>'
                f"{_missing_box(ax.reason if ax else 'not computed')}</section>")
    base = ax.extra.get("baseline")
    refs = None
    if base:
        refs = {k: base.get(k) for k in ("similarity", "relatedness", "gap")}
    scatter = _figure(
        lambda: figures.simrel_scatter(result.topics, colors, base),
        "Each dot is a topic (its number is the topic's index), coloured by model; large "
        "outlined dots are model means; the star is the random-word baseline. Above the "
        "dotted diagonal a topic's words are more related than similar.")
    dist = _figure(
        lambda: figures.distributions(
            result.topics, [("similarity", "similarity"), ("relatedness", "relatedness"),
                            ("gap", "gap (relatedness − similarity)")], colors, refs),
        "Per-model distributions over topics; the dashed line is the random-word baseline.")
    method = ax.extra.get("method", "")
    return (f'<section id="simrel"><h2>{title}</h2>'
            f'<p class="lead">{esc(method)}</p>'
            f"{_notes(ax.notes)}"
            f'<div class="figrow">{scatter}</div><div class="figrow">{dist}</div></section>')


def _classical_section(result: EvaluationResult, colors: dict[str, str]) -> str:
    coh = result.axes.get("coherence")
    div = result.axes.get("diversity")
    parts = ['<section id="classical"><h2>Classical metrics</h2>']
    parts.append("<h3>Coherence on the reference corpus</h3>")
    if coh is None or not coh.available:
        parts.append(_missing_box(coh.reason if coh else "not computed"))
    else:
        parts.append(f'<p class="lead">{esc(coh.extra.get("method", ""))}</p>')
        parts.append(_notes(coh.notes))
        cols = [(c, _label(c)[0]) for c in ("c_v", "c_npmi") if c in result.topics.columns]
        parts.append(_figure(lambda: figures.distributions(result.topics, cols, colors),
                             "Per-model distributions of topic coherence."))
    parts.append("<h3>Diversity</h3>")
    if div is None or not div.available:
        parts.append(_missing_box(div.reason if div else "not computed"))
    else:
        parts.append(f'<p class="lead">{esc(div.extra.get("method", ""))}</p>')
        parts.append(_notes(div.notes))
        if div.models is not None and not div.models.empty:
            parts.append(_table(div.models, list(div.models.columns), colors=colors))
    parts.append("</section>")
    return "".join(parts)


def _judge_section(result: EvaluationResult, colors: dict[str, str]) -> str:
    ax = result.axes.get("judge")
    parts = ['<section id="judge"><h2>LLM judge</h2>']
    if ax is None or not ax.available:
        parts.append(_missing_box(ax.reason if ax else "not computed"))
        parts.append("</section>")
        return "".join(parts)
    parts.append(f'<p class="lead">{esc(ax.extra.get("method", ""))}</p>')
    parts.append(_notes(ax.notes))
    for svg in ax.extra.get("radars", []):
        parts.append(f'<figure>{svg}<figcaption>{esc(ax.extra.get("radar_caption", ""))}'
                     "</figcaption></figure>")
    if ax.models is not None and not ax.models.empty:
        parts.append(_table(ax.models, list(ax.models.columns), colors=colors))
    parts.append("</section>")
    return "".join(parts)


def _words_cell(words: Sequence[str], uncovered: set[str], absent: set[str],
                flagged: set[str], scored: int = 0) -> str:
    out = []
    for i, w in enumerate(words):
        cls, tips = [], []
        if i < scored:
            cls.append("top")
        if w in uncovered:
            cls.append("unc")
            tips.append("not covered by the scorer")
        if w in absent:
            cls.append("abs")
            tips.append("absent from the reference corpus")
        if w in flagged:
            cls.append("flag")
            tips.append("flagged by the LLM judge")
        title = f' title="{esc("; ".join(tips))}"' if tips else ""
        out.append(f'<span class="w {" ".join(cls)}"{title}>{esc(w)}</span>')
    return " ".join(out)


def _as_set(v: Any) -> set[str]:
    if isinstance(v, list | tuple | set):
        return {str(x) for x in v}
    return set()


# counts shown by marking the words themselves are left out of the topics table
_HIDDEN_TOPIC_COLS = {"model", "topic", "words", "uncovered", "absent", "n_words", "n_uncovered",
                      "n_absent"}


def _topics_section(result: EvaluationResult, colors: dict[str, str]) -> str:
    t = result.topics
    flag_cols = [c for c in t.columns if c.startswith("outliers@")]
    simrel_on = bool(result.axes.get("simrel") and result.axes["simrel"].available)
    num_cols = [c for c in t.columns if c not in _HIDDEN_TOPIC_COLS and c not in flag_cols
                and pd.api.types.is_numeric_dtype(t[c])]
    order = {c: i for i, c in enumerate(COLUMNS)}
    given = {c: i for i, c in enumerate(num_cols)}
    num_cols.sort(key=lambda c: (order.get(c, len(order)), given[c]))
    head = "".join(f'<th title="{esc(_label(c)[1])}">{esc(_label(c)[0])}</th>' for c in num_cols)
    rows = []
    for _, r in t.iterrows():
        flagged: set[str] = set()
        for c in flag_cols:
            flagged |= _as_set(r.get(c))
        words = _words_cell(r["words"], _as_set(r.get("uncovered")), _as_set(r.get("absent")),
                            flagged, scored=5 if simrel_on else 0)
        cells = "".join(f'<td class="num"{_sort_value(r.get(c))}>{esc(fmt(r.get(c)))}</td>'
                        for c in num_cols)
        name = str(r["model"])
        rows.append(
            f'<tr><td data-v="{esc(name)}">{chip(colors[name])}{esc(name)}</td>'
            f'<td class="num" data-v="{int(r["topic"])}">{int(r["topic"])}</td>'
            f'<td class="words">{words}</td>{cells}</tr>'
        )
    legend = ('<p class="legend">'
              + ('<span class="w top">word</span> one of the first five words, which the '
                 'similarity and relatedness scores use · ' if simrel_on else '')
              + '<span class="w unc">word</span> not covered by the scorer '
              '(no score; shown, not hidden) · <span class="w abs">word</span> absent from the '
              'reference corpus · <span class="w flag">word</span> flagged by the LLM judge</p>')
    return (
        '<section id="topics"><h2>Topics</h2>'
        f"{legend}"
        '<div class="scroll tall"><table class="data sortable topics"><thead><tr>'
        f'<th>model</th><th>#</th><th>top words</th>{head}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table></div>'
        "</section>"
    )


def _about_section(result: EvaluationResult) -> str:
    items = []
    for ax in result.axes.values():
        state = "computed" if ax.available else f"not available — {ax.reason}"
        items.append(f"<li><strong>{esc(ax.title)}</strong>: {esc(state)}</li>")
    return ('<section id="about"><h2>About this report</h2><ul class="plain">'
            + "".join(items) + "</ul>"
            f'<p class="hint">Generated by topicatlas on {esc(result.created)}. This file is '
            "self-contained and works offline.</p></section>")


# -- page -------------------------------------------------------------------

CSS = """
:root { --ink:#1d2330; --muted:#5b6475; --line:#e3e6ec; --bg:#f6f7f9; --card:#fff;
        --accent:#0072B2; --warn:#fff6e0; --warnline:#e9c46a; --miss:#f3f4f7; }
* { box-sizing: border-box; }
body { margin:0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans",
       sans-serif; color: var(--ink); background: var(--bg); }
header { background: linear-gradient(120deg, #14324f, #0072B2); color:#fff; padding: 28px 40px 22px; }
header h1 { margin:0 0 4px; font-size: 26px; font-weight: 650; letter-spacing: .2px; }
header p { margin: 0; opacity: .9; }
nav { position: sticky; top: 0; z-index: 5; background: #fff; border-bottom: 1px solid var(--line);
      padding: 8px 40px; display:flex; gap: 18px; flex-wrap: wrap; font-size: 14px; }
nav a { color: var(--accent); text-decoration: none; }
nav a.off { color: #9aa3b2; }
main { max-width: 1240px; margin: 0 auto; padding: 20px 24px 60px; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 10px;
          padding: 18px 24px 20px; margin: 18px 0; box-shadow: 0 1px 2px rgba(20,30,50,.04); }
h2 { margin: 0 0 10px; font-size: 20px; }
h3 { margin: 18px 0 8px; font-size: 16px; color: #2c3445; }
.lead { color: var(--muted); margin: 0 0 10px; max-width: 75em; }
.hint { color: var(--muted); font-size: 13px; }
.missing { background: var(--miss); border-left: 4px solid #9aa3b2; padding: 10px 14px;
           border-radius: 6px; color: #3b4252; }
.warnings { background: var(--warn); border: 1px solid var(--warnline); }
ul.note { margin: 6px 0 12px; padding-left: 20px; color: #6b4e00; font-size: 14px; }
ul.plain { padding-left: 18px; }
ul.position { list-style: none; padding: 0; margin: 0 0 12px; }
ul.position li { margin: 2px 0; }
.chip { display:inline-block; width: 11px; height: 11px; border-radius: 3px; margin-right: 7px;
        vertical-align: -1px; }
.scroll { overflow-x: auto; }
.scroll.tall { max-height: 720px; overflow-y: auto; }
table.data { border-collapse: collapse; width: 100%; font-size: 13.5px; }
table.data caption { text-align: left; color: var(--muted); padding-bottom: 6px; }
table.data th, table.data td { padding: 6px 10px; border-bottom: 1px solid var(--line);
                               text-align: left; vertical-align: top; }
table.data thead th { position: sticky; top: 0; background: #f0f2f6; font-weight: 600;
                      cursor: pointer; user-select: none; vertical-align: bottom; }
table.data thead th:hover { background: #e4e8ef; }
table.data thead th.asc::after { content: " ▲"; font-size: 10px; }
table.data thead th.desc::after { content: " ▼"; font-size: 10px; }
table.data tbody tr:nth-child(even) { background: #fafbfc; }
table.data tbody tr:hover { background: #eef5fb; }
table.data tbody th { font-weight: 600; white-space: nowrap; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.baseline th, tr.baseline td { color: #333; font-style: italic; background: #f7f7f2; }
td.words { min-width: 380px; }
.w { display: inline-block; padding: 0 4px; margin: 1px 0; border-radius: 4px; background: #f1f3f6;
     color: #3b4252; }
.w.top { background: #d6e6f5; color: #0d2d4a; font-weight: 500; }
.w.unc { background: transparent; color: #8a8f99; text-decoration: line-through dotted;
         border: 1px dashed #b8bec9; }
.w.abs { box-shadow: inset 0 -2px 0 #e69f00; }
.w.flag { background: #fde2e1; color: #8b1a1a; }
.legend { font-size: 13px; color: var(--muted); }
figure { margin: 8px 0 4px; }
figure svg.figure { width: 100%; height: auto; display: block; margin: 0 auto; }
svg .tip { cursor: help; }
figcaption { color: var(--muted); font-size: 13px; margin-top: 4px; }
.figrow { display: block; }
details { margin-top: 8px; font-size: 14px; }
footer { text-align: center; color: var(--muted); font-size: 12px; padding: 10px 0 30px; }
"""

# Installed first, so even an error in a later script is recorded.
HEAD_JS = """
window.__topicatlasErrors = [];
window.addEventListener('error', function (e) {
  var what = e && e.message ? e.message : (e && e.target && (e.target.src || e.target.href)) || 'error';
  window.__topicatlasErrors.push(String(what));
}, true);
window.addEventListener('unhandledrejection', function (e) {
  window.__topicatlasErrors.push('unhandled rejection: ' + String(e.reason));
});
"""

BODY_JS = """
(function () {
  function val(td) {
    var v = td.getAttribute('data-v');
    if (v === null) return { n: null, s: td.textContent.trim().toLowerCase() };
    var n = parseFloat(v);
    return isNaN(n) ? { n: null, s: v.toLowerCase() } : { n: n, s: v };
  }
  document.querySelectorAll('table.sortable').forEach(function (table) {
    var ths = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(ths, function (th, idx) {
      th.addEventListener('click', function () {
        var asc = !th.classList.contains('asc');
        Array.prototype.forEach.call(ths, function (h) { h.classList.remove('asc', 'desc'); });
        th.classList.add(asc ? 'asc' : 'desc');
        var body = table.tBodies[0];
        var rows = Array.prototype.filter.call(body.rows, function (r) {
          return !r.classList.contains('baseline'); });
        var fixed = Array.prototype.filter.call(body.rows, function (r) {
          return r.classList.contains('baseline'); });
        rows.sort(function (a, b) {
          var x = val(a.cells[idx]), y = val(b.cells[idx]);
          if (x.n === null && y.n === null) return asc ? x.s.localeCompare(y.s) : y.s.localeCompare(x.s);
          if (x.n === null) return 1;
          if (y.n === null) return -1;
          return asc ? x.n - y.n : y.n - x.n;
        });
        rows.concat(fixed).forEach(function (r) { body.appendChild(r); });
      });
    });
  });
  window.addEventListener('load', function () {
    var figs = document.querySelectorAll('svg.figure, img.figure');
    var broken = 0;
    figs.forEach(function (f) {
      var r = f.getBoundingClientRect();
      if (r.width < 20 || r.height < 20) broken++;
      if (f.tagName === 'IMG' && !(f.complete && f.naturalWidth > 0)) broken++;
    });
    var d = document.body.dataset;
    d.figures = String(figs.length);
    d.brokenFigures = String(broken);
    d.tables = String(document.querySelectorAll('table.data').length);
    d.topicRows = String(document.querySelectorAll('table.topics tbody tr').length);
    d.jsErrors = String(window.__topicatlasErrors.length);
    if (window.__topicatlasErrors.length) d.errorText = window.__topicatlasErrors.join(' | ');
    d.rendered = (broken === 0 && window.__topicatlasErrors.length === 0) ? 'ok' : 'fail';
  });
})();
"""


def render_report(result: EvaluationResult) -> str:
    """The whole report as one HTML string."""
    names = [ts.name for ts in result.models]
    colors = figures.model_colors(names)
    n_topics = len(result.topics)
    bits = [f"{len(names)} model{'s' if len(names) != 1 else ''}", f"{n_topics} topics"]
    bits.append(f"reference corpus: {result.corpus}" if result.corpus else "no reference corpus")
    bits.append(f"judge: {', '.join(result.judges)}" if result.judges else "no LLM judge")
    title = "topicatlas evaluation — " + ", ".join(names[:4]) + (" …" if len(names) > 4 else "")
    nav_items = [("summary", "Summary", True)]
    for key, anchor, label in (("simrel", "simrel", "Similarity & relatedness"),
                               ("coherence", "classical", "Classical metrics"),
                               ("judge", "judge", "LLM judge")):
        ax = result.axes.get(key)
        on = bool(ax and ax.available) or (key == "coherence" and bool(
            result.axes.get("diversity") and result.axes["diversity"].available))
        nav_items.append((anchor, label, on))
    nav_items += [("topics", "Topics", True), ("about", "About", True)]
    nav = "".join(
        f'<a href="#{a}" class="{"" if on else "off"}">{esc(lab)}</a>' for a, lab, on in nav_items)
    warnings = ""
    if result.warnings:
        warnings = ('<section id="warnings" class="warnings"><h2>Check your input</h2>'
                    f"{_notes(result.warnings)}</section>")
    body = "".join([
        warnings,
        _summary_section(result, colors),
        _simrel_section(result, colors),
        _classical_section(result, colors),
        _judge_section(result, colors),
        _topics_section(result, colors),
        _about_section(result),
    ])
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="generator" content="topicatlas">'
        f"<title>{esc(title)}</title><script>{HEAD_JS}</script><style>{CSS}</style></head>"
        f"<body><header><h1>Topic evaluation report</h1><p>{esc(' · '.join(bits))}</p></header>"
        f"<nav>{nav}</nav><main>{body}</main>"
        f"<footer>topicatlas · {esc(result.created)}</footer>"
        f"<script>{BODY_JS}</script></body></html>\n"
    )
