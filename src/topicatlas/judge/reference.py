"""The reference judgments of the LLM-judge paper's public release, in our tidy format.

Layout (``$TOPICATLAS_DATA/llm-judgment-reference/data``)::

    llm_judgement_output/<dataset>/<judge>/number/<model>.csv             their per-topic numbers
    llm_judgement_output/<dataset>/<judge>/number/raw_outputs/<model>_raw.json   raw answers

The raw answers are continuations of an assistant prefill (``The rate is: **`` for the
ratings, ``The semantically inconsistent words are: [ `` for outliers, ``The word pairs
are: [`` for duplicates), so each is parsed with that prefill. ``coherence`` and
``repetitive`` hold 5 draws (``c_rate``, ``r_rate``), ``outliers`` 5 draws
(``c_outlier``), ``duplicate_concept`` one draw (``r_duplicate``); the release's
``readability`` and ``non_words`` are not metrics of the paper and are not loaded.

Where our aggregate differs from the release's own numbers, and why:

* ``c_outlier``: they keep a word flagged in at least **4** of 5 draws (their counter
  starts at 0); the paper (and we) use **3** of 5 -- our counts are higher or equal.
  Words not in the topic (IPA transcriptions such as ``ˈkɑːr``, explanations) are
  rejected by us and counted as hallucinations; they counted them as outliers.
* ``r_duplicate``: they count *pairs*, including a word paired with itself
  (``('use', 'use')``) and pairs with words outside the topic
  (``('client', 'customer')``); the paper (and we) count the topic *words* having at
  least one duplicate, from pairs whose two words are distinct topic words.
* ratings: they re-asked until all 5 draws parsed and dropped draws that never did;
  the released raw answers are the surviving ones, so their means and ours agree.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from topicatlas.errors import DataNotFoundError
from topicatlas.judge import parse as P
from topicatlas.judge.result import JudgeResult

# their key -> (our metric, prefill of the answer, parser kind)
_RAW_METRICS = {
    "coherence": ("c_rate", "**", "rating"),
    "repetitive": ("r_rate", "**", "rating"),
    "outliers": ("c_outlier", "[ ", "words"),
    "duplicate_concept": ("r_duplicate", "[", "pairs"),
}
# their per-topic CSV column -> our metric (their value, for comparison)
_PROCESSED = {
    "Coherence": "c_rate",
    "Repetitive": "r_rate",
    "Number of Outliers": "c_outlier",
    "Number of Same Concept Pairs": "r_duplicate",
}


def reference_root(root: str | Path | None = None) -> Path:
    if root is None:
        from topicatlas.config import data_dir

        root = data_dir() / "llm-judgment-reference"
    root = Path(root)
    if (root / "data").is_dir():
        root = root / "data"
    if not (root / "llm_judgement_output").is_dir():
        raise DataNotFoundError(
            f"no llm_judgement_output folder under {root}: download the public release of "
            "github.com/zhiyintan/topic-model-LLMjudgment (MIT) and point TOPICATLAS_DATA at "
            "the folder holding llm-judgment-reference/"
        )
    return root


def model_family_k(stem: str) -> tuple[str, int]:
    """``("lda", 50)`` from a release file stem such as ``lda_50_5_0.5_0.01_..._0``."""
    parts = stem.split("_")
    try:
        return parts[0], int(parts[1])
    except (IndexError, ValueError):
        return parts[0], -1


def _files(root: Path, dataset: str, judges, models) -> list[tuple[str, str, Path, Path]]:
    base = root / "llm_judgement_output" / dataset
    if not base.is_dir():
        known = sorted(p.name for p in (root / "llm_judgement_output").iterdir())
        raise DataNotFoundError(f"no reference judgments for dataset {dataset!r} in {base.parent} (have: {known})")
    out = []
    for judge_dir in sorted(p for p in base.iterdir() if p.is_dir()):
        if judges is not None and judge_dir.name not in judges:
            continue
        for raw in sorted((judge_dir / "number" / "raw_outputs").glob("*_raw.json")):
            model = raw.name[: -len("_raw.json")]
            if models is not None and model not in models and model.split("_")[0] not in models:
                continue
            out.append((judge_dir.name, model, raw, judge_dir / "number" / f"{model}.csv"))
    return out


def _topic_words(csv_path: Path) -> dict[int, list[str]]:
    df = pd.read_csv(csv_path, sep="\t", dtype={"Topic words": str}, keep_default_na=False)
    return {int(i): str(w).split() for i, w in zip(df["ID"], df["Topic words"], strict=True)}


def load_reference_judgments(
    root: str | Path | None = None,
    dataset: str = "20ng",
    judges: list[str] | None = None,
    models: list[str] | None = None,
    k: int | None = None,
    short_names: bool = False,
) -> JudgeResult:
    """Parse and aggregate the release's raw answers with our parsers and rules.

    ``judges``: e.g. ``["mistral", "llama", "qwen"]`` (default: all eight); ``models``:
    file stems or families (``["lda", "bertopic"]``); ``k``: only runs with that number of
    topics (50 or 100). Returns a :class:`JudgeResult` whose ``model`` column is the file
    stem (``short_names=True``: ``lda_k50``) and ``judge`` the folder name. Only 20NG has
    raw answers in the release.
    """
    root = reference_root(root)
    rows = []
    for judge, stem, raw_path, csv_path in _files(root, dataset, judges, models):
        family, n_topics = model_family_k(stem)
        if k is not None and n_topics != k:
            continue
        model = f"{family}_k{n_topics}" if short_names else stem
        topics = _topic_words(csv_path)
        data = json.loads(raw_path.read_text(encoding="utf-8"))
        for tid, entry in data.items():
            words = topics.get(int(tid))
            if words is None:
                continue
            for key, (metric, prefill, kind) in _RAW_METRICS.items():
                if key not in entry:
                    continue
                answers = entry[key]["raw"]
                if isinstance(answers, str):
                    answers = [answers]
                for d, answer in enumerate(answers):
                    if kind == "rating":
                        p = P.parse_rating(answer, prefill=prefill)
                        parsed = p.value
                    elif kind == "words":
                        p = P.parse_word_list(answer, words, prefill=prefill)
                        parsed = p.value
                    else:
                        p = P.parse_pairs(answer, words, prefill=prefill)
                        parsed = p.value
                    rows.append({
                        "model": model, "judge": judge, "metric": metric, "topic": int(tid),
                        "unit": "", "draw": d, "attempt": 0, "final": True, "ok": p.ok,
                        "parsed": parsed if p.ok else None,
                        "n_accepted": len(p.accepted) if kind != "rating" else int(p.ok),
                        "n_rejected": len(p.rejected), "rejected": json.dumps(p.rejected, ensure_ascii=False),
                        "answer": answer, "error": None, "note": p.note, "cached": True,
                        "extra": json.dumps({"prefill": prefill, "accepted": p.accepted}, ensure_ascii=False),
                    })
    if not rows:
        raise DataNotFoundError(f"no raw reference answers matched dataset={dataset!r} judges={judges} models={models}")
    info = {"source": str(root), "dataset": dataset, "prompts": "release (prefilled)", "requests_sent": 0}
    return JudgeResult.from_draws(pd.DataFrame(rows), info=info)


def load_reference_processed(
    root: str | Path | None = None,
    dataset: str = "20ng",
    judges: list[str] | None = None,
    models: list[str] | None = None,
) -> pd.DataFrame:
    """The release's own per-topic numbers, tidy: model, judge, metric, topic, value.

    Available for 20NG and AGRIS. ``r_duplicate`` here is *their* count of pairs (see the
    module docstring), not the paper's count of words.
    """
    root = reference_root(root)
    base = root / "llm_judgement_output" / dataset
    frames = []
    for judge_dir in sorted(p for p in base.iterdir() if p.is_dir()):
        if judges is not None and judge_dir.name not in judges:
            continue
        for csv_path in sorted((judge_dir / "number").glob("*.csv")):
            model = csv_path.stem
            if models is not None and model not in models and model.split("_")[0] not in models:
                continue
            df = pd.read_csv(csv_path, sep="\t", keep_default_na=False)
            for col, metric in _PROCESSED.items():
                if col in df.columns:
                    frames.append(pd.DataFrame({
                        "model": model, "judge": judge_dir.name, "metric": metric,
                        "topic": df["ID"].astype(int), "value": pd.to_numeric(df[col], errors="coerce"),
                    }))
    if not frames:
        raise DataNotFoundError(f"no reference per-topic numbers for {dataset!r} under {base}")
    return pd.concat(frames, ignore_index=True)


def compare_with_reference(ours: JudgeResult, theirs: pd.DataFrame) -> pd.DataFrame:
    """Per model x judge x metric: our mean, their mean, and topics where they differ."""
    a = ours.table[["model", "judge", "metric", "topic", "value"]]
    m = a.merge(theirs, on=["model", "judge", "metric", "topic"], suffixes=("_ours", "_theirs"))
    m["differs"] = (m["value_ours"] - m["value_theirs"]).abs() > 1e-9
    return (
        m.groupby(["model", "judge", "metric"], sort=True)
        .agg(ours=("value_ours", "mean"), theirs=("value_theirs", "mean"),
             topics=("topic", "size"), topics_differ=("differs", "sum"))
        .reset_index()
    )
