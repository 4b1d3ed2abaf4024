"""Training data for the scorer: human benchmarks, silver relation pairs, user tables.

Every source becomes one table with columns ``word1, word2, sim, rel, source`` where
``sim``/``rel`` are in [0, 1] or NaN (not measured; the trainer masks it).

* **Human benchmarks** in ``$TOPICATLAS_DATA/wordpairs`` (:data:`BENCHMARKS`): each
  supervises only the dimension it measures (SimVerb-3500, RG-65, MC-30, YP-130,
  Verb-143 and RW are similarity; MEN and MTurk are relatedness), rescaled linearly from
  the dataset's rating scale to [0, 1]. SimLex-999 and WordSim-353 are the held-out
  external benchmark and are deliberately not listed here.
* **Silver pairs** from relation types (:func:`silver_pairs`), labelled with the anchors
  of the annotation rubric (paper App. B.3.3): see :data:`SILVER_ANCHORS`.
* **LLM-annotated pairs** (the annotation pipeline's output: columns word1, word2, sim,
  rel) through :func:`read_pair_table`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from topicatlas.config import data_dir
from topicatlas.errors import DataNotFoundError, InputFormatError


@dataclass(frozen=True)
class Benchmark:
    name: str
    filename: str
    dimension: str  # "sim" or "rel"
    low: float  # the dataset's rating scale
    high: float


BENCHMARKS: dict[str, Benchmark] = {
    b.name: b
    for b in [
        Benchmark("simverb-3500", "EN-SimVerb-3500.txt", "sim", 0.0, 10.0),
        Benchmark("rg-65", "EN-RG-65.txt", "sim", 0.0, 4.0),
        Benchmark("mc-30", "EN-MC-30.txt", "sim", 0.0, 4.0),
        Benchmark("yp-130", "EN-YP-130.txt", "sim", 0.0, 4.0),
        Benchmark("verb-143", "EN-VERB-143.txt", "sim", 0.0, 1.0),
        Benchmark("rw", "EN-RW-STANFORD.txt", "sim", 0.0, 10.0),
        Benchmark("men", "EN-MEN-TR-3k.txt", "rel", 0.0, 50.0),
        Benchmark("mturk-771", "EN-MTurk-771.txt", "rel", 1.0, 5.0),
        Benchmark("mturk-287", "EN-MTurk-287.txt", "rel", 1.0, 5.0),
    ]
}
WORDPAIRS_URL = "https://github.com/mfaruqui/eval-word-vectors/tree/master/data/word-sim"

COLUMNS = ["word1", "word2", "sim", "rel", "source"]


def load_benchmark(name: str, root: Path | None = None) -> pd.DataFrame:
    """One human benchmark as ``word1, word2, sim, rel, source`` (the other dimension NaN)."""
    from topicatlas.registry import suggest

    key = name.lower()
    if key not in BENCHMARKS:
        from topicatlas.errors import UnknownNameError

        raise UnknownNameError(
            f"unknown word-pair benchmark {name!r}.{suggest(key, list(BENCHMARKS))} "
            f"Known: {', '.join(BENCHMARKS)}"
        )
    bench = BENCHMARKS[key]
    path = (root or data_dir() / "wordpairs") / bench.filename
    if not path.exists():
        raise DataNotFoundError(
            f"{path} not found: download {bench.filename} from {WORDPAIRS_URL} into "
            f"{path.parent} (or set TOPICATLAS_DATA)"
        )
    rows = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        parts = line.split()
        if len(parts) != 3:
            raise InputFormatError(f"{path}, line {lineno}: expected 'word1 word2 score', got {line!r}")
        try:
            score = float(parts[2])
        except ValueError as exc:
            raise InputFormatError(f"{path}, line {lineno}: score {parts[2]!r} is not a number") from exc
        rows.append((parts[0].lower(), parts[1].lower(), score))
    df = pd.DataFrame(rows, columns=["word1", "word2", "score"])
    scaled = ((df["score"] - bench.low) / (bench.high - bench.low)).clip(0.0, 1.0)
    df["sim"] = scaled if bench.dimension == "sim" else np.nan
    df["rel"] = scaled if bench.dimension == "rel" else np.nan
    df["source"] = bench.name
    return df[COLUMNS]


def load_benchmarks(names: Iterable[str] | None = None, root: Path | None = None) -> pd.DataFrame:
    """Several benchmarks stacked (all of :data:`BENCHMARKS` by default)."""
    return pd.concat([load_benchmark(n, root) for n in (names or BENCHMARKS)], ignore_index=True)


def read_pair_table(path: str | Path) -> pd.DataFrame:
    """A user table of annotated pairs (CSV, TSV or Parquet) with word1, word2, sim, rel.

    ``sim`` or ``rel`` may be missing or empty for some rows (masked in training); values
    must lie in [0, 1].
    """
    path = Path(path)
    if not path.exists():
        raise DataNotFoundError(f"{path}: no such pair table")
    if path.suffix == ".parquet":
        df = pd.read_parquet(path)
    else:
        sep = "\t" if path.suffix in (".tsv", ".tab") else ","
        df = pd.read_csv(path, sep=sep)
    df.columns = [str(c).strip().lower() for c in df.columns]
    missing = [c for c in ("word1", "word2") if c not in df.columns]
    if missing or not ({"sim", "rel"} & set(df.columns)):
        raise InputFormatError(
            f"{path}: needs columns word1, word2 and at least one of sim, rel; has {list(df.columns)}"
        )
    for col in ("sim", "rel"):
        df[col] = pd.to_numeric(df[col], errors="coerce") if col in df.columns else np.nan
        bad = df[col].notna() & ~df[col].between(0.0, 1.0)
        if bad.any():
            i = int(np.flatnonzero(bad.to_numpy())[0])
            raise InputFormatError(
                f"{path}, row {i + 2}: {col}={df[col].iloc[i]} is outside [0, 1]; rescale the column"
            )
    df["word1"] = df["word1"].astype(str).str.strip().str.lower()
    df["word2"] = df["word2"].astype(str).str.strip().str.lower()
    df["source"] = df["source"].astype(str) if "source" in df.columns else f"table:{path.name}"
    return df[COLUMNS].reset_index(drop=True)


def pair_keys(df: pd.DataFrame) -> np.ndarray:
    """Order-insensitive key ``"a\tb"`` (a <= b) of each row's pair."""
    return np.asarray(
        [f"{min(x, y)}\t{max(x, y)}" for x, y in zip(df["word1"], df["word2"], strict=True)],
        dtype=object,
    )


def merge_pairs(df: pd.DataFrame) -> pd.DataFrame:
    """Drop self-pairs and merge order-insensitive duplicates.

    A pair rated by several sources keeps the mean of each dimension over the sources
    that rate it (so a MEN relatedness and an RG-65 similarity of the same pair end up in
    one row with both targets); ``source`` is the first source's name, word order the
    first occurrence's.
    """
    df = df[df["word1"] != df["word2"]].copy()
    df["_key"] = pair_keys(df)
    first = df.drop_duplicates("_key").set_index("_key")
    means = df.groupby("_key", sort=False)[["sim", "rel"]].mean()
    first[["sim", "rel"]] = means.loc[first.index]
    return first.reset_index(drop=True)[COLUMNS]
