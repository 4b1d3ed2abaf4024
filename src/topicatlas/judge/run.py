"""Running the judge metrics: prompts -> requests -> answers -> parsed draws -> tables.

:func:`judge` is ``topicatlas.judge``. For each judge (any mix of back-ends) it builds
every prompt of every metric, sends each draw as one chat request through
:func:`topicatlas.llm.run_batch` (the persistent response cache: a re-run or a resumed
run sends nothing already answered), parses every answer, re-asks a draw whose answer
cannot be read (``attempt`` 1, 2... -- new requests, cached too) up to ``max_retries``
times, and then counts it as missing. Every answer is kept in ``result.draws``.

Partial results: with ``out_dir`` each answer is appended to
``draws.partial.jsonl`` the moment it arrives, so a crash loses nothing and a re-run
resumes from the cache. A back-end that dies mid-run (server gone) does not raise: its
unsent requests are missing, the run's ``info["fatal"]`` says why, and results of the
other judges and of the answers received are kept.
"""

from __future__ import annotations

import itertools
import json
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from topicatlas.errors import InputFormatError
from topicatlas.judge import parse as P
from topicatlas.judge.adversarial import AdversarialTest, make_tests, read_tests
from topicatlas.judge.documents import (
    CHARS_PER_TOKEN,
    Truncator,
    as_texts,
    sample_documents,
    truncator_for,
)
from topicatlas.judge.metrics import MetricSpec, resolve_metrics
from topicatlas.judge.prompts import DEFAULT_VERSION, fingerprint, load_prompts, render
from topicatlas.judge.result import JudgeResult

DEFAULT_MODEL_NAME = "topics"


# --------------------------------------------------------------------------- inputs
def _as_topic_sets(topics: Any) -> dict[str, list[list[str]]]:
    if isinstance(topics, str | Path):
        from topicatlas.topics import read_topics

        return {Path(topics).stem: read_topics(topics)}
    if isinstance(topics, Mapping):
        return {str(k): next(iter(_as_topic_sets(v).values())) for k, v in topics.items()}
    out = []
    for i, t in enumerate(topics):
        if isinstance(t, str):
            raise InputFormatError(
                f"topic {i} is a string ({t[:40]!r}); give each topic as a list of words"
            )
        out.append([str(w) for w in t])
    return {DEFAULT_MODEL_NAME: out}


def resolve_judges(judges: Any) -> list[tuple[str, Any, dict[str, Any]]]:
    """``[(name, backend, options)]`` from back-ends, ``"backend:model"`` strings,
    ``(name, backend)`` tuples or dicts ``{"backend", "model", "name", ...options}``.

    Options read by the judge (not passed to the back-end): ``context_length`` and
    ``max_document_tokens`` (document truncation).
    """
    from topicatlas.llm import LLMBackend, get_backend

    if judges is None or isinstance(judges, str | LLMBackend | Mapping):
        judges = [judges] if judges is not None else []
    out: list[tuple[str, Any, dict[str, Any]]] = []
    for j in judges:
        opts: dict[str, Any] = {}
        if isinstance(j, LLMBackend):
            name, backend = j.describe(), j
        elif isinstance(j, tuple) and len(j) == 2:
            name, backend = str(j[0]), j[1]
        elif isinstance(j, str):
            if ":" not in j:
                raise InputFormatError(f"judge {j!r}: write it as BACKEND:MODEL, e.g. gguf:/path/model.gguf")
            b, m = j.split(":", 1)
            name, backend = j, get_backend(b, m)
        elif isinstance(j, Mapping):
            spec = dict(j)
            for key in ("context_length", "max_document_tokens"):
                if key in spec:
                    opts[key] = spec.pop(key)
            b, m = spec.pop("backend"), spec.pop("model")
            name = str(spec.pop("name", f"{b}:{m}"))
            backend = get_backend(b, m, **spec)
        else:
            raise InputFormatError(f"cannot use {j!r} as a judge (give a back-end, 'backend:model' or a dict)")
        base, k = name, 2
        while any(n == name for n, _, _ in out):
            name, k = f"{base}#{k}", k + 1
        out.append((name, backend, opts))
    if not out:
        raise InputFormatError("no judge given: pass judges=[...] (a back-end, 'backend:model' or a dict)")
    return out


# --------------------------------------------------------------------------- jobs
@dataclass
class Job:
    """One prompt, asked ``draws`` times."""

    model: str
    metric: MetricSpec
    topic: int
    unit: str
    prompt: str
    words: tuple[str, ...]
    draws: int
    max_tokens: int
    extra: dict[str, Any] = field(default_factory=dict)


def parse_answer(job: Job, text: str | None) -> tuple[P.Parsed, Any]:
    """(parse result, the per-draw value kept in ``draws.parsed``)."""
    kind = job.metric.kind
    if kind in ("rating", "diversity"):
        p = P.parse_rating(text)
        return p, p.value
    if kind in ("outlier", "ir_topic"):
        p = P.parse_word_list(text, job.words)
        return p, p.value
    if kind == "duplicate":
        p = P.parse_pairs(text, job.words)
        return p, p.value
    if kind == "missing_theme":
        p = P.parse_themes(text, job.words)
        return p, p.value
    if kind == "adv_outlier":
        p = P.parse_word_list(text, job.words)
        return p, job.extra["inserted"] in (p.value or [])
    if kind == "adv_duplicate":
        p = P.parse_anchor_answer(text, job.words, job.extra["anchor"])
        return p, job.extra["inserted"] in (p.value or [])
    raise ValueError(kind)


@dataclass
class _Inputs:
    topic_sets: dict[str, list[list[str]]]
    specs: list[MetricSpec]
    draws: dict[str, int]
    max_tokens: dict[str, int]
    version: str
    texts: list[str] | None
    doc_topic: dict[str, Any]
    per_topic: int
    seed: int
    adv_tests: dict[str, list[AdversarialTest]]
    adv_topics: dict[str, list[list[str]]]


def _topic_jobs(inp: _Inputs) -> tuple[list[Job], list[dict[str, Any]]]:
    """Jobs of the metrics that need no documents, and the rows of skipped topics."""
    jobs: list[Job] = []
    skipped: list[dict[str, Any]] = []
    for model, topics in inp.topic_sets.items():
        short = [i for i, t in enumerate(topics) if len(t) < 2]
        valid = [i for i, t in enumerate(topics) if len(t) >= 2]
        for spec in inp.specs:
            if spec.adversarial or spec.needs_documents:
                continue
            for i in short:
                skipped.append({"model": model, "metric": spec.name, "topic": i, "status": "skipped",
                                "detail": f"fewer than 2 words ({len(topics[i])})"})
            n, mt = inp.draws[spec.name], inp.max_tokens[spec.name]
            if spec.kind == "diversity":
                for a, b in itertools.combinations(valid, 2):
                    prompt = render(spec.name, inp.version, topic_words_1=topics[a], topic_words_2=topics[b])
                    jobs.append(Job(model, spec, a, str(b), prompt, (), n, mt))
                continue
            for i in valid:
                prompt = render(spec.name, inp.version, topic_words=topics[i])
                jobs.append(Job(model, spec, i, "", prompt, tuple(topics[i]), n, mt))
    for model, tests in inp.adv_tests.items():
        for spec in inp.specs:
            if not spec.adversarial:
                continue
            for t in tests:
                if t.kind != spec.name:
                    continue
                slots: dict[str, Any] = {"topic_words": t.words}
                if t.anchor is not None:
                    slots["anchor"] = t.anchor
                prompt = render(spec.name, inp.version, **slots)
                jobs.append(Job(model, spec, t.topic, "", prompt, t.words, inp.draws[spec.name],
                                inp.max_tokens[spec.name],
                                {"inserted": t.inserted, "anchor": t.anchor, "words": list(t.words)}))
    return jobs, skipped


def _document_jobs(inp: _Inputs, truncator: Truncator) -> tuple[list[Job], dict[str, Any]]:
    jobs: list[Job] = []
    facts: dict[str, Any] = {}
    specs = [s for s in inp.specs if s.needs_documents]
    if not specs:
        return jobs, facts
    assert inp.texts is not None
    for model, topics in inp.topic_sets.items():
        sample, empty = sample_documents(inp.texts, inp.doc_topic[model], len(topics),
                                         per_topic=inp.per_topic, seed=inp.seed)
        n_trunc = 0
        for spec in specs:
            mt = inp.max_tokens[spec.name]
            for k, docs in sample.items():
                if len(topics[k]) < 2:
                    continue
                shell = render(spec.name, inp.version, document="", topic_words=topics[k])
                budget = truncator.budget(shell, mt)
                for d in docs:
                    text, info = truncator.cut(inp.texts[d], budget)
                    n_trunc += int(info["truncated"])
                    prompt = render(spec.name, inp.version, document=text, topic_words=topics[k])
                    jobs.append(Job(model, spec, k, str(d), prompt, tuple(topics[k]),
                                    inp.draws[spec.name], mt, {"doc": d, **info}))
        facts[model] = {
            "documents_sampled": sum(len(v) for v in sample.values()),
            "empty_documents_left_out": sum(empty.values()),
            "topics_without_documents": sum(1 for v in sample.values() if not v),
            "truncated_prompts": n_trunc,
            "token_count": truncator.method,
        }
    return jobs, facts


def _prepare(
    topics: Any, metrics: Any, documents: Any, doc_topic: Any, draws: Any, max_tokens: Any,
    prompt_version: str, docs_per_topic: int, seed: int, adversarial: Any,
) -> _Inputs:
    topic_sets = _as_topic_sets(topics)
    specs = resolve_metrics(metrics)
    draw_map = {s.name: s.draws for s in specs}
    if isinstance(draws, int):
        draw_map = {k: draws for k in draw_map}
    elif isinstance(draws, Mapping):
        draw_map.update({k: int(v) for k, v in draws.items()})
    if any(v < 1 for v in draw_map.values()):
        raise InputFormatError("draws must be at least 1")
    mt_map = {s.name: s.max_tokens for s in specs}
    if isinstance(max_tokens, int):
        mt_map = {k: max_tokens for k in mt_map}
    elif isinstance(max_tokens, Mapping):
        mt_map.update({k: int(v) for k, v in max_tokens.items()})
    texts = None
    dt: dict[str, Any] = {}
    if any(s.needs_documents for s in specs):
        if documents is None or doc_topic is None:
            raise InputFormatError(
                "the alignment metrics (a_ir_topic, a_missing_theme) need documents= and "
                "doc_topic= (the model's document-topic matrix or topic ids)"
            )
        texts = as_texts(documents)
        if isinstance(doc_topic, Mapping):
            missing = set(topic_sets) - set(doc_topic)
            if missing:
                raise InputFormatError(f"doc_topic has no entry for the topic sets {sorted(missing)}")
            dt = dict(doc_topic)
        else:
            if len(topic_sets) > 1:
                raise InputFormatError("several topic sets: give doc_topic as a dict (name -> matrix)")
            dt = {next(iter(topic_sets)): doc_topic}
    adv_kinds = [s.name for s in specs if s.adversarial]
    adv_tests: dict[str, list[AdversarialTest]] = {}
    adv_topics: dict[str, list[list[str]]] = {}
    if adv_kinds:
        if adversarial is not None:
            file_topics, tests = read_tests(adversarial, adv_kinds, seed=seed)
            name = "adversarial:" + Path(adversarial).stem
            adv_tests[name], adv_topics[name] = tests, file_topics
        else:
            for model, tps in topic_sets.items():
                adv_tests[model] = make_tests(tps, adv_kinds, seed=seed)
                adv_topics[model] = tps
    return _Inputs(topic_sets, specs, draw_map, mt_map, prompt_version, texts, dt,
                   docs_per_topic, seed, adv_tests, adv_topics)


# --------------------------------------------------------------------------- running
class _PartialWriter:
    def __init__(self, path: Path | None, judge: str, jobs: list[Job]) -> None:
        self.fh = open(path, "a", encoding="utf-8") if path is not None else None  # noqa: SIM115
        self.judge, self.jobs = judge, jobs

    def __call__(self, _i: int, res: Any) -> None:
        if self.fh is None:
            return
        ji, d = res.request.tag
        job = self.jobs[ji]
        self.fh.write(json.dumps({
            "judge": self.judge, "model": job.model, "metric": job.metric.name, "topic": job.topic,
            "unit": job.unit, "draw": d, "attempt": res.request.attempt, "text": res.text,
            "error": res.error, "cached": res.cached,
        }, ensure_ascii=False) + "\n")
        self.fh.flush()

    def close(self) -> None:
        if self.fh is not None:
            self.fh.close()


def _run_judge(
    name: str, backend: Any, jobs: list[Job], *, temperature: float, top_p: float, seed: int,
    max_retries: int, cache: Any, progress: bool, partial: Path | None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    from topicatlas.llm import ChatRequest, SamplingParams, run_batch

    params: dict[int, Any] = {}
    requests = []
    for ji, job in enumerate(jobs):
        if job.max_tokens not in params:
            params[job.max_tokens] = SamplingParams(temperature=temperature, top_p=top_p,
                                                    max_tokens=job.max_tokens, seed=seed)
        for d in range(job.draws):
            requests.append(ChatRequest([{"role": "user", "content": job.prompt}],
                                        params[job.max_tokens], draw=d, attempt=0, tag=(ji, d)))
    # sent: distinct requests that went to the back-end (identical requests in one batch
    # share one reply); shared: the other copies
    counts = {"requests": 0, "cached": 0, "sent": 0, "shared": 0, "failed": 0, "not_sent": 0, "retries": 0}
    sent_keys: set[str] = set()
    fatal: str | None = None
    records: list[dict[str, Any]] = []
    writer = _PartialWriter(partial, name, jobs)
    kwargs: dict[str, Any] = {} if cache == "default" else {"cache": cache}
    pending, attempt = requests, 0
    try:
        while pending:
            results = run_batch(backend, pending, progress=progress, raise_on_fatal=False,
                                desc=f"judge {name}" + (f" (re-ask {attempt})" if attempt else ""),
                                on_result=writer, **kwargs)
            retry = []
            for res in results:
                ji, d = res.request.tag
                job = jobs[ji]
                counts["requests"] += 1
                if res.cached:
                    counts["cached"] += 1
                elif res.error and res.error.startswith("not sent"):
                    counts["not_sent"] += 1
                    fatal = fatal or res.error
                else:
                    key = backend.cache_key(res.request)
                    if key in sent_keys:
                        counts["shared"] += 1
                    else:
                        sent_keys.add(key)
                        counts["sent"] += 1
                        counts["failed"] += int(res.error is not None)
                if res.ok:
                    p, value = parse_answer(job, res.text)
                else:
                    p, value = P.Parsed(False, note="request failed"), None
                final = True
                if not p.ok and fatal is None and attempt < max_retries:
                    retry.append(res.request.with_attempt(attempt + 1))
                    final = False
                records.append({
                    "model": job.model, "judge": name, "metric": job.metric.name, "topic": job.topic,
                    "unit": job.unit, "draw": d, "attempt": attempt, "final": final, "ok": p.ok,
                    "parsed": value if p.ok else None,
                    "n_accepted": len(p.accepted) if job.metric.kind not in ("rating", "diversity") else int(p.ok),
                    "n_rejected": len(p.rejected),
                    "rejected": json.dumps(p.rejected, ensure_ascii=False, default=list),
                    "answer": res.text, "error": res.error, "note": p.note, "cached": res.cached,
                    "extra": json.dumps({**job.extra, "accepted": p.accepted}, ensure_ascii=False, default=list),
                })
            if fatal is not None:  # nothing more will be asked
                retry = []
            counts["retries"] += len(retry)
            pending, attempt = retry, attempt + 1
    finally:
        writer.close()
    if fatal is not None:
        _finalize_after_fatal(records)
    return records, {"counts": counts, "fatal": fatal}


def _finalize_after_fatal(records: list[dict[str, Any]]) -> None:
    """After a fatal stop, the last attempt of every draw is its final one."""
    last: dict[tuple, int] = {}
    for i, r in enumerate(records):
        key = (r["model"], r["metric"], r["topic"], r["unit"], r["draw"])
        if key not in last or records[last[key]]["attempt"] <= r["attempt"]:
            last[key] = i
    for i, r in enumerate(records):
        r["final"] = last[(r["model"], r["metric"], r["topic"], r["unit"], r["draw"])] == i


def judge(
    topics: Any,
    judges: Any,
    metrics: Any = None,
    documents: Sequence[Any] | None = None,
    doc_topic: Any = None,
    *,
    draws: int | Mapping[str, int] | None = None,
    max_tokens: int | Mapping[str, int] | None = None,
    temperature: float = 0.7,
    top_p: float = 0.95,
    seed: int = 0,
    max_retries: int = 2,
    docs_per_topic: int = 100,
    adversarial: str | Path | None = None,
    prompt_version: str = DEFAULT_VERSION,
    out_dir: str | Path | None = None,
    cache: Any = "default",
    progress: bool = True,
) -> JudgeResult:
    """Score topics with one or more LLM judges (the LLM-judge paper's metrics).

    ``topics``: a list of word lists, a topics file, or a dict ``name -> topics`` (several
    topic models, the rows of the paper's tables). ``judges``: back-ends,
    ``"backend:model"`` strings or dicts (see :func:`resolve_judges`). ``metrics``: names
    or ``"all"`` (default: c_rate, c_outlier, r_rate, r_duplicate, d_rate); the alignment
    metrics need ``documents`` (texts or token lists) and ``doc_topic`` (a D x K matrix or
    topic ids; a dict per topic set); the adversarial metrics use ``adversarial`` (a test
    file) or automatic tests. ``draws``: per-metric draw counts (defaults in
    :mod:`topicatlas.judge.metrics`); sampling at ``temperature``/``top_p`` seeded with
    ``seed``. ``cache``: a :class:`~topicatlas.llm.ResponseCache`, None, or the shared one.

    Returns a :class:`~topicatlas.judge.result.JudgeResult` (``table``: one row per topic
    x judge x metric; ``draws``: the raw answers; ``summary``; ``info``: requests sent,
    answered from the cache, failures). With ``out_dir`` everything is also written there.
    """
    inp = _prepare(topics, metrics, documents, doc_topic, draws, max_tokens, prompt_version,
                   docs_per_topic, seed, adversarial)
    resolved = resolve_judges(judges)
    out = Path(out_dir) if out_dir is not None else None
    partial = None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        partial = out / "draws.partial.jsonl"
    topic_jobs, skipped = _topic_jobs(inp)
    all_records: list[dict[str, Any]] = []
    skipped_rows: list[dict[str, Any]] = []
    info: dict[str, Any] = {
        "prompt_version": load_prompts(prompt_version)["version"],
        "prompt_sha256": fingerprint(prompt_version), "metrics": [s.name for s in inp.specs],
        "draws": inp.draws, "temperature": temperature, "top_p": top_p, "seed": seed,
        "max_retries": max_retries, "judges": {}, "documents": {}, "fatal": {},
        "topic_sets": {k: len(v) for k, v in inp.topic_sets.items()},
    }
    start = time.perf_counter()
    for name, backend, opts in resolved:
        jobs = list(topic_jobs)
        if any(s.needs_documents for s in inp.specs):
            trunc = truncator_for(backend, context_length=opts.get("context_length"),
                                  max_document_tokens=opts.get("max_document_tokens"))
            doc_jobs, facts = _document_jobs(inp, trunc)
            jobs += doc_jobs
            info["documents"][name] = facts
        records, facts = _run_judge(
            name, backend, jobs, temperature=temperature, top_p=top_p, seed=seed,
            max_retries=max_retries, cache=cache, progress=progress, partial=partial,
        )
        all_records += records
        info["judges"][name] = {"backend": backend.describe(), **facts["counts"]}
        if facts["fatal"]:
            info["fatal"][name] = facts["fatal"]
        skipped_rows += [{**row, "judge": name} for row in skipped]
    info["requests_sent"] = sum(j["sent"] for j in info["judges"].values())
    info["requests_cached"] = sum(j["cached"] for j in info["judges"].values())
    info["requests_not_sent"] = sum(j["not_sent"] for j in info["judges"].values())
    info["elapsed_s"] = round(time.perf_counter() - start, 3)
    result = JudgeResult.from_draws(pd.DataFrame(all_records), pd.DataFrame(skipped_rows), info)
    if out is not None:
        result.save(out)
    return result


def plan(
    topics: Any,
    judges: Any,
    metrics: Any = None,
    documents: Sequence[Any] | None = None,
    doc_topic: Any = None,
    *,
    draws: int | Mapping[str, int] | None = None,
    max_tokens: int | Mapping[str, int] | None = None,
    temperature: float = 0.7,
    top_p: float = 0.95,
    seed: int = 0,
    docs_per_topic: int = 100,
    adversarial: str | Path | None = None,
    prompt_version: str = DEFAULT_VERSION,
    cache: Any = "default",
) -> pd.DataFrame:
    """What :func:`judge` would send, without sending anything or loading a model.

    One row per judge x metric: ``prompts`` (distinct), ``requests`` (with draws, before
    any re-ask), ``already_cached``, ``est_input_tokens`` (4 characters per token) and
    ``max_output_tokens`` (requests x max_tokens). Documents are cut by the estimate, so
    ``already_cached`` of the alignment metrics is indicative for local judges.
    """
    from topicatlas.llm import ChatRequest, ResponseCache, SamplingParams

    inp = _prepare(topics, metrics, documents, doc_topic, draws, max_tokens, prompt_version,
                   docs_per_topic, seed, adversarial)
    resolved = resolve_judges(judges)
    topic_jobs, _ = _topic_jobs(inp)
    store = ResponseCache() if cache == "default" else cache
    rows = []
    try:
        for name, backend, opts in resolved:
            jobs = list(topic_jobs)
            if any(s.needs_documents for s in inp.specs):
                trunc = truncator_for(backend, context_length=opts.get("context_length"),
                                      max_document_tokens=opts.get("max_document_tokens"), load=False)
                jobs += _document_jobs(inp, trunc)[0]
            for spec in inp.specs:
                js = [j for j in jobs if j.metric.name == spec.name]
                keys = []
                for j in js:
                    params = SamplingParams(temperature=temperature, top_p=top_p,
                                            max_tokens=j.max_tokens, seed=seed)
                    for d in range(j.draws):
                        keys.append(backend.cache_key(ChatRequest(
                            [{"role": "user", "content": j.prompt}], params, draw=d)))
                cached = len(store.get_many(keys)) if store is not None and keys else 0
                rows.append({
                    "judge": name, "metric": spec.name, "prompts": len(js),
                    "requests": sum(j.draws for j in js), "already_cached": cached,
                    "est_input_tokens": sum(math.ceil(len(j.prompt) / CHARS_PER_TOKEN) * j.draws for j in js),
                    "max_output_tokens": sum(j.max_tokens * j.draws for j in js),
                })
    finally:
        if cache == "default" and store is not None:
            store.close()
    return pd.DataFrame(rows)
