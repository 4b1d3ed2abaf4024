"""``evaluate``: every axis on one or more topic models, side by side.

The axes are computed by their own packages (never re-implemented here):

* similarity and relatedness -- the trained word-pair scorer (:mod:`topicatlas.scorer`),
  topic-level scores and the random-word baseline of the similarity-relatedness paper
  (section 3.2.3);
* classical metrics -- C_V and NPMI coherence on a reference corpus, and diversity
  (:mod:`topicatlas.metrics`);
* LLM-judge metrics -- :func:`topicatlas.judge.judge` when judges are given.

Each axis degrades on its own: when it cannot run (package missing, no corpus, judge
unreachable...) its :class:`~topicatlas.evaluate.axis.AxisOutcome` says why, and the
others are still computed. Bad *input* (an unreadable topics file, an unknown corpus
name) is an error raised before any work starts.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd

from topicatlas.errors import InputFormatError, TopicAtlasError
from topicatlas.evaluate.axis import AxisOutcome
from topicatlas.evaluate.inputs import DEFAULT_TOP_N, TopicSet, collect_topic_sets
from topicatlas.evaluate.result import EvaluationResult

log = logging.getLogger(__name__)

AXES: dict[str, str] = {
    "simrel": "Similarity and relatedness",
    "coherence": "Coherence on the reference corpus",
    "diversity": "Diversity",
    "judge": "LLM judge",
}


def resolve_corpus(corpus: Any) -> Any:
    """A :class:`~topicatlas.corpus.Corpus` from a Corpus, a name or path, or token lists.

    * a ``Corpus`` is used as is;
    * a string or path is loaded with :func:`topicatlas.corpus.load_corpus` (a built-in
      name such as ``"bbc"`` or a path to documents);
    * a list of token lists becomes a corpus as is; a list of strings is split on
      whitespace and lower-cased (no other preprocessing: give a Corpus for that).
    """
    if corpus is None:
        return None
    from topicatlas.corpus import Corpus

    if isinstance(corpus, Corpus):
        return corpus
    if isinstance(corpus, str | Path):
        try:
            from topicatlas.corpus import load_corpus  # type: ignore[attr-defined]
        except ImportError as exc:
            raise TopicAtlasError(
                f"cannot load corpus {str(corpus)!r}: this topicatlas has no corpus loaders "
                f"({exc}); pass a Corpus object or a list of token lists instead"
            ) from exc
        return load_corpus(corpus)
    if isinstance(corpus, Sequence) and corpus:
        if all(isinstance(d, str) for d in corpus):
            return Corpus.from_tokens([d.lower().split() for d in corpus], name="texts")
        if all(isinstance(d, Sequence) and not isinstance(d, str) for d in corpus):
            return Corpus.from_tokens([[str(w) for w in d] for d in corpus], name="token lists")
    raise InputFormatError(
        f"cannot use a {type(corpus).__name__} as reference corpus: give a corpus name or path, "
        "a topicatlas Corpus, or a list of token lists"
    )


def _guarded(key: str, fn: Callable[[], AxisOutcome], strict: bool,
             skip: Sequence[str] = ()) -> AxisOutcome:
    """Run one axis; an unexpected failure becomes a missing axis that says what happened."""
    if key in skip:
        return AxisOutcome.missing(key, AXES[key], "skipped on request")
    try:
        return fn()
    except Exception as exc:
        if strict:
            raise
        log.warning("evaluate: the %s axis failed: %s", key, exc, exc_info=True)
        kind = "" if isinstance(exc, TopicAtlasError) else f"{type(exc).__name__}: "
        return AxisOutcome.missing(key, AXES[key], f"this axis failed -- {kind}{exc}")


class _Steps:
    """A progress bar over the axes (standard error; silent when ``progress`` is False)."""

    def __init__(self, progress: bool) -> None:
        self.bar = None
        if progress:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=4, desc="evaluate", unit="axis", leave=False)
        self.started = False

    def __call__(self, name: str | None) -> None:
        if self.bar is None:
            return
        if self.started:
            self.bar.update(1)
        self.started = True
        if name is None:
            self.bar.close()
        else:
            self.bar.set_postfix_str(name)


def _judge_label(judge: Any) -> str:
    """A judge's display name: its ``name``, ``backend:model``, or what it describes itself as."""
    if isinstance(judge, dict):
        return str(judge.get("name") or f"{judge.get('backend')}:{judge.get('model')}")
    if isinstance(judge, tuple) and len(judge) == 2:
        return str(judge[0])
    describe = getattr(judge, "describe", None)
    return str(describe()) if callable(describe) else str(judge)


def _base_frame(sets: list[TopicSet]) -> pd.DataFrame:
    rows = [
        {"model": ts.name, "topic": i, "words": list(t), "n_words": len(t)}
        for ts in sets
        for i, t in enumerate(ts.topics)
    ]
    return pd.DataFrame(rows)


def _merge(frame: pd.DataFrame, extra: pd.DataFrame | None, on: list[str]) -> pd.DataFrame:
    if extra is None or extra.empty:
        return frame
    if any(n is not None for n in extra.index.names):
        extra = extra.reset_index()
    cols = [c for c in extra.columns if c in on or c not in frame.columns]
    return frame.merge(extra[cols], on=on, how="left")


def evaluate(
    models: Any,
    corpus: Any = None,
    judges: str | Sequence[Any] | None = None,
    *,
    scorer: Any = None,
    top_n: int = DEFAULT_TOP_N,
    judge_metrics: Sequence[str] | None = None,
    judge_options: dict[str, Any] | None = None,
    skip: Sequence[str] = (),
    progress: bool = True,
    strict: bool = False,
) -> EvaluationResult:
    """Evaluate one or more topic models on every available axis.

    Args:
        models: one model or topic set, a list of them, or a ``{name: model}`` dict. A
            model is a topics file path, a list of word lists, an OCTIS output (dict,
            ``.npz`` or folder), a saved topicatlas model folder, a ``TopicModelOutput``,
            a gensim ``LdaModel``, a ``BERTopic``, a tomotopy model, or a scikit-learn
            NMF/LDA as ``(model, vectorizer)`` (see :mod:`topicatlas.evaluate.inputs`).
        corpus: reference corpus for C_V and NPMI (name, path, ``Corpus`` or token
            lists); without it those columns are absent and the report says so.
        judges: ``"backend:model"`` string(s) (or judge objects) for the LLM-judge metrics.
        scorer: a similarity-relatedness scorer; default ``topicatlas.Scorer.default()``.
        top_n: words kept per topic when reading a fitted model.
        judge_metrics: which judge metrics to run (default: the judge package's default).
        judge_options: further keyword arguments of :func:`topicatlas.judge.judge`
            (``draws``, ``max_tokens``, ``temperature``, ``seed``, ``max_retries``...).
        skip: axes not to compute (``simrel``, ``coherence``, ``diversity``, ``judge``);
            the report says they were skipped.
        progress: show progress bars on long steps.
        strict: re-raise an axis's unexpected failure instead of reporting it.

    Returns:
        An :class:`EvaluationResult` with ``.topics``, ``.summary`` and ``.to_html(path)``.
    """
    from topicatlas.evaluate import classical_axis, judge_axis, simrel_axis

    sets = collect_topic_sets(models, top_n=top_n)
    warnings = [n for ts in sets for n in ts.notes]
    corpus_obj = resolve_corpus(corpus)
    judge_list = [judges] if isinstance(judges, str) else list(judges or [])

    unknown = [a for a in skip if a not in AXES]
    if unknown:
        raise InputFormatError(f"cannot skip {', '.join(unknown)}: the axes are {', '.join(AXES)}")
    axes: dict[str, AxisOutcome] = {}
    steps = _Steps(progress)
    steps("similarity and relatedness")
    axes["simrel"] = _guarded(
        "simrel", lambda: simrel_axis.run(sets, scorer=scorer, corpus=corpus_obj,
                                          progress=progress), strict, skip)
    steps("coherence")
    if corpus_obj is None:
        axes["coherence"] = AxisOutcome.missing(
            "coherence", AXES["coherence"],
            "no reference corpus was given: pass corpus=NAME_OR_PATH (Python) or "
            "--corpus NAME_OR_PATH (command line) to compute C_V and NPMI")
    else:
        axes["coherence"] = _guarded(
            "coherence", lambda: classical_axis.run_coherence(sets, corpus_obj), strict, skip)
    steps("diversity")
    axes["diversity"] = _guarded("diversity", lambda: classical_axis.run_diversity(sets), strict,
                                 skip)
    steps("LLM judge")
    if not judge_list:
        axes["judge"] = AxisOutcome.missing(
            "judge", AXES["judge"],
            "no LLM judge was configured: pass judges=['BACKEND:MODEL'] (Python) or "
            "--judge BACKEND:MODEL (command line) to add LLM-judge ratings")
    else:
        axes["judge"] = _guarded(
            "judge", lambda: judge_axis.run(sets, judge_list, metrics=judge_metrics,
                                            progress=progress, options=judge_options),
            strict, skip)

    steps(None)
    for key in skip:
        axes[key] = AxisOutcome.missing(key, AXES[key], "skipped on request")
    topics = _base_frame(sets)
    summary = pd.DataFrame(
        {"n_topics": [ts.n_topics for ts in sets], "source": [ts.source for ts in sets]},
        index=pd.Index([ts.name for ts in sets], name="model"),
    )
    for ax in axes.values():
        if ax.available:
            topics = _merge(topics, ax.topics, ["model", "topic"])
            if ax.models is not None and not ax.models.empty:
                summary = summary.join(ax.models[[c for c in ax.models.columns
                                                  if c not in summary.columns]])
    corpus_name = None
    if corpus_obj is not None:
        corpus_name = str(getattr(corpus_obj, "name", None) or corpus)
    return EvaluationResult(
        topics=topics,
        summary=summary,
        axes=axes,
        models=sets,
        corpus=corpus_name,
        judges=[_judge_label(j) for j in judge_list],
        warnings=warnings,
        created=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    )
