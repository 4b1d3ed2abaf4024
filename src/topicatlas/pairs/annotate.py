"""LLM annotation of word pairs with the paper's prompt (App. B.3.2-B.3.3).

Each pair is sent with the versioned system message and user prompt
(:mod:`topicatlas.pairs.prompt`), at temperature 0.3 and one draw per pair by default
(the paper's settings). The answer's ``SIM:`` and ``REL:`` are parsed with
:func:`topicatlas.pairs.parse.parse_scores`.

Failures are counted, never dropped:

* a malformed answer (no usable SIM or REL) is re-asked as a new request (the request's
  ``attempt`` index goes up, so the re-ask is not answered from the cache) up to
  ``max_reasks`` times;
* a request that failed in the back-end (after its own retries) is sent again, within the
  same budget of ``1 + max_reasks`` asks;
* a pair whose asks are all used up is kept with ``status == "failed"``, empty ``sim`` and
  ``rel`` (the scorer's trainer masks missing targets) and the last problem in ``error``.

Output: one row per input pair, in input order, with the input's columns plus ``sim``,
``rel``, ``reason``, ``status`` (``ok``/``failed``/``pending``), ``n_draws_ok``, ``asks``
and ``error``; with several draws ``sim``/``rel`` are the means over the draws that parsed
and ``sim_sd``/``rel_sd`` their standard deviations.

Resuming: every answer is in the LLM response cache, so running the same annotation again
sends only what is missing. When the back-end fails for good (unreachable, bad key, unknown
model) :class:`AnnotationInterrupted` carries the table so far (unfinished pairs have
``status == "pending"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from topicatlas.llm import ChatRequest, LLMBackend, LLMBackendError, SamplingParams, run_batch
from topicatlas.llm.batch import _DEFAULT
from topicatlas.pairs.parse import ParsedScores, parse_scores
from topicatlas.pairs.prompt import DEFAULT_VERSION, load_prompt

TEMPERATURE = 0.3
MAX_TOKENS = 200


class AnnotationInterrupted(LLMBackendError):
    """The back-end failed for good; ``table`` holds every pair (unfinished ones pending)."""

    def __init__(self, message: str, table: Any) -> None:
        super().__init__(message)
        self.table = table


@dataclass
class _Slot:
    """One (pair, draw): its asks so far and its outcome."""

    row: int
    draw: int
    attempt: int = 0
    asks: int = 0
    parsed: ParsedScores | None = None
    error: str | None = None
    answer: str | None = None
    done: bool = False


@dataclass
class AnnotationStats:
    pairs: int = 0
    draws: int = 1
    ok: int = 0
    failed: int = 0
    pending: int = 0
    asks: int = 0
    cached: int = 0
    reasked_malformed: int = 0
    resent_errors: int = 0
    rounds: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def summary(self) -> str:
        return (
            f"{self.pairs} pairs x {self.draws} draw(s): {self.ok} ok, {self.failed} failed, "
            f"{self.pending} pending; {self.asks} answers used ({self.cached} from the cache), "
            f"{self.reasked_malformed} re-asks after malformed answers, "
            f"{self.resent_errors} re-sends after request errors"
        )


def _requests(slots: Sequence[_Slot], words: Sequence[tuple[str, str]], prompt, params):
    return [
        ChatRequest(prompt.messages(*words[s.row]), params, draw=s.draw, attempt=s.attempt, tag=k)
        for k, s in enumerate(slots)
    ]


def annotate_draws(
    pairs: Any,
    backend: LLMBackend,
    *,
    draws: int = 1,
    temperature: float = TEMPERATURE,
    max_tokens: int = MAX_TOKENS,
    max_reasks: int = 2,
    prompt_version: str = DEFAULT_VERSION,
    seed: int | None = None,
    cache: Any = _DEFAULT,
    progress: bool = True,
    max_consecutive_errors: int = 25,
) -> tuple[list[_Slot], AnnotationStats, LLMBackendError | None]:
    """Ask every (pair, draw) until it parses or its asks run out; per-draw outcomes."""
    if draws < 1:
        raise ValueError(f"draws must be >= 1, got {draws}")
    if max_reasks < 0:
        raise ValueError(f"max_reasks must be >= 0, got {max_reasks}")
    prompt = load_prompt(prompt_version)
    params = SamplingParams(temperature=temperature, max_tokens=max_tokens, seed=seed)
    words = list(zip(pairs["word1"], pairs["word2"], strict=True))
    slots = [_Slot(i, d) for i in range(len(words)) for d in range(draws)]
    stats = AnnotationStats(pairs=len(words), draws=draws)
    fatal: LLMBackendError | None = None
    todo = list(slots)
    while todo and fatal is None:
        stats.rounds += 1
        desc = "annotating pairs" if stats.rounds == 1 else f"re-asking ({stats.rounds - 1})"
        requests = _requests(todo, words, prompt, params)
        try:
            results = run_batch(
                backend,
                requests,
                cache=cache,
                progress=progress,
                desc=desc,
                max_consecutive_errors=max_consecutive_errors,
            )
        except LLMBackendError as exc:
            fatal = exc
            results = exc.results or [None] * len(todo)
        nxt = []
        for slot, result in zip(todo, results, strict=True):
            if result is None:  # not run before the back-end failed
                continue
            slot.asks += 1
            stats.asks += 1
            stats.cached += int(result.cached)
            if not result.ok:
                slot.error = f"request failed: {result.error}"
                if slot.asks <= max_reasks:
                    stats.resent_errors += 1
                    nxt.append(slot)
                else:
                    slot.done = True
                continue
            parsed = parse_scores(result.text)
            slot.parsed, slot.answer = parsed, result.text
            if parsed.ok:
                slot.error, slot.done = None, True
            else:
                slot.error = f"malformed answer: {parsed.problem}"
                if slot.asks <= max_reasks:
                    stats.reasked_malformed += 1
                    slot.attempt += 1
                    nxt.append(slot)
                else:
                    slot.done = True
        todo = nxt
    return slots, stats, fatal


def _aggregate(pairs: Any, slots: Sequence[_Slot], stats: AnnotationStats) -> Any:
    n, draws = stats.pairs, stats.draws
    sim = np.full((n, draws), np.nan)
    rel = np.full((n, draws), np.nan)
    asks = np.zeros(n, dtype=int)
    reasons: list[str | None] = [None] * n
    errors: list[str | None] = [None] * n
    pending = np.zeros(n, dtype=bool)
    for s in slots:
        asks[s.row] += s.asks
        if s.done and s.error is None and s.parsed is not None:
            sim[s.row, s.draw], rel[s.row, s.draw] = s.parsed.sim, s.parsed.rel
            if reasons[s.row] is None:
                reasons[s.row] = s.parsed.reason
        elif not s.done:
            pending[s.row] = True
        elif s.error:
            errors[s.row] = s.error
    out = pairs.copy()
    n_ok = (~np.isnan(sim)).sum(axis=1)
    with np.errstate(all="ignore"):
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            out["sim"] = np.nanmean(sim, axis=1)
            out["rel"] = np.nanmean(rel, axis=1)
            if draws > 1:
                out["sim_sd"] = np.nanstd(sim, axis=1)
                out["rel_sd"] = np.nanstd(rel, axis=1)
    status = np.where(n_ok > 0, "ok", np.where(pending, "pending", "failed"))
    out["reason"] = reasons
    out["status"] = status
    out["n_draws_ok"] = n_ok
    out["asks"] = asks
    out["error"] = [e if st != "ok" else None for e, st in zip(errors, status, strict=True)]
    stats.ok = int((status == "ok").sum())
    stats.failed = int((status == "failed").sum())
    stats.pending = int((status == "pending").sum())
    return out


def annotate_pairs(pairs: Any, backend: LLMBackend, **options: Any) -> tuple[Any, AnnotationStats]:
    """Annotate ``pairs`` (a DataFrame with ``word1``, ``word2``); see the module docstring.

    Options: ``draws`` (1), ``temperature`` (0.3), ``max_tokens`` (200), ``max_reasks`` (2),
    ``prompt_version`` ("v1"), ``seed``, ``cache``, ``progress``, ``max_consecutive_errors``.
    Raises :class:`AnnotationInterrupted` (with the table so far) when the back-end fails
    for good.
    """
    pairs = pairs.reset_index(drop=True)
    slots, stats, fatal = annotate_draws(pairs, backend, **options)
    table = _aggregate(pairs, slots, stats)
    if fatal is not None:
        raise AnnotationInterrupted(
            f"{fatal}\nAnnotation stopped: {stats.summary()}. Every answer received is cached: "
            "run the same command again to resume.",
            table,
        ) from fatal
    return table, stats


@dataclass
class PilotReport:
    """Inter-draw stability of the annotation (App. B.3.2's pilot)."""

    pairs: int
    draws: int
    complete: int  # pairs with every draw parsed
    table: Any  # per dimension: mean pairwise Pearson r, Spearman rho, mean |difference|
    scores: Any  # per pair and draw: sim_d<k>, rel_d<k>

    def render(self) -> str:
        head = (
            f"stability pilot: {self.pairs} pairs x {self.draws} draws, "
            f"{self.complete} pairs with every draw parsed"
        )
        return head + "\n" + self.table.to_string(float_format=lambda v: f"{v:.3f}")


def stability_pilot(
    pairs: Any, backend: LLMBackend, *, draws: int = 3, n: int | None = None, **options: Any
) -> PilotReport:
    """Score the first ``n`` pairs ``draws`` times; correlate the draws pairwise.

    For each of ``sim`` and ``rel``: the mean over draw pairs (a, b) of Pearson's r and
    Spearman's rho between draw a and draw b across the pairs where both parsed, and the
    mean absolute difference. The paper ran 3 draws on the first ~10K pairs and found them
    stable enough for single-pass annotation.
    """
    import pandas as pd
    from scipy.stats import pearsonr, spearmanr

    if draws < 2:
        raise ValueError("a stability pilot needs at least 2 draws")
    subset = pairs.reset_index(drop=True)
    if n is not None:
        subset = subset.iloc[:n].reset_index(drop=True)
    slots, stats, fatal = annotate_draws(subset, backend, draws=draws, **options)
    if fatal is not None:
        raise fatal
    m = len(subset)
    values = {dim: np.full((m, draws), np.nan) for dim in ("sim", "rel")}
    for s in slots:
        if s.done and s.error is None and s.parsed is not None:
            values["sim"][s.row, s.draw] = s.parsed.sim
            values["rel"][s.row, s.draw] = s.parsed.rel
    rows = []
    for dim, mat in values.items():
        rs, rhos, mads, ns = [], [], [], []
        for a in range(draws):
            for b in range(a + 1, draws):
                both = ~np.isnan(mat[:, a]) & ~np.isnan(mat[:, b])
                x, y = mat[both, a], mat[both, b]
                ns.append(int(both.sum()))
                mads.append(float(np.abs(x - y).mean()) if len(x) else np.nan)
                if len(x) > 2 and x.std() > 0 and y.std() > 0:
                    rs.append(float(pearsonr(x, y)[0]))
                    rhos.append(float(spearmanr(x, y)[0]))
                else:
                    rs.append(np.nan)
                    rhos.append(np.nan)
        rows.append(
            {
                "dimension": dim,
                "pearson_r": float(np.nanmean(rs)) if not np.all(np.isnan(rs)) else np.nan,
                "spearman_rho": float(np.nanmean(rhos)) if not np.all(np.isnan(rhos)) else np.nan,
                "mean_abs_diff": float(np.nanmean(mads)) if not np.all(np.isnan(mads)) else np.nan,
                "pairs_compared": int(min(ns)) if ns else 0,
            }
        )
    scores = subset[["word1", "word2"]].copy()
    for dim, mat in values.items():
        for d in range(draws):
            scores[f"{dim}_d{d}"] = mat[:, d]
    complete = int((~np.isnan(values["sim"])).all(axis=1).sum())
    table = pd.DataFrame(rows).set_index("dimension")
    return PilotReport(m, draws, complete, table, scores)
