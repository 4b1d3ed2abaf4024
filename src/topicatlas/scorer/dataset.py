"""Assembling the training table and splitting it (paper Table 14: 70/15/15).

:func:`assemble` stacks the human benchmarks, the silver pairs and any user pair tables
(LLM-annotated pairs), merges order-insensitive duplicates (a pair rated for similarity
by one source and relatedness by another keeps both targets) and drops silver pairs
that a human benchmark or user table also rates (human labels win).

Splits:

* :func:`pair_split` -- pair-held-out: unordered pairs shuffled with a seed and cut
  70/15/15 into train/val/test;
* :func:`word_split` -- word-held-out: a seeded random ``test_word_frac`` of the words is
  held out; test pairs have *both* words held out, training/validation pairs *neither*
  (pairs that mix the two are dropped), so no word of a test pair is seen in training.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from topicatlas.scorer.data import COLUMNS, load_benchmarks, merge_pairs, pair_keys


def assemble(
    *,
    benchmarks: Sequence[str] | None,
    silver: pd.DataFrame | None = None,
    tables: Sequence[pd.DataFrame] = (),
) -> pd.DataFrame:
    """One deduplicated training table (columns ``word1, word2, sim, rel, source``)."""
    human = [load_benchmarks(benchmarks)] if benchmarks else []
    human += list(tables)
    human_df = merge_pairs(pd.concat(human, ignore_index=True)) if human else pd.DataFrame(columns=COLUMNS)
    parts = [human_df]
    if silver is not None and len(silver):
        silver = merge_pairs(silver)
        taken = set(pair_keys(human_df)) if len(human_df) else set()
        parts.append(silver[[k not in taken for k in pair_keys(silver)]])
    df = pd.concat(parts, ignore_index=True)
    df["sim"] = df["sim"].astype(float)
    df["rel"] = df["rel"].astype(float)
    return df.reset_index(drop=True)


def pair_split(n: int, seed: int, fractions: Sequence[float] = (0.7, 0.15, 0.15)) -> np.ndarray:
    """``"train"/"val"/"test"`` per row: a seeded shuffle cut by ``fractions``."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(n)
    n_train = int(round(fractions[0] * n))
    n_val = int(round(fractions[1] * n))
    split = np.empty(n, dtype=object)
    split[order[:n_train]] = "train"
    split[order[n_train : n_train + n_val]] = "val"
    split[order[n_train + n_val :]] = "test"
    return split


def word_split(df: pd.DataFrame, seed: int, test_word_frac: float = 0.3, val_frac: float = 0.15) -> np.ndarray:
    """``"train"/"val"/"test"/"drop"`` per row for the word-held-out protocol (module doc)."""
    rng = np.random.default_rng(seed)
    words = sorted(set(df["word1"]) | set(df["word2"]))
    held = {w for w, u in zip(words, rng.random(len(words)), strict=True) if u < test_word_frac}
    h1 = df["word1"].isin(held).to_numpy()
    h2 = df["word2"].isin(held).to_numpy()
    split = np.full(len(df), "drop", dtype=object)
    split[h1 & h2] = "test"
    seen = np.flatnonzero(~h1 & ~h2)
    val = rng.random(seen.size) < val_frac
    split[seen[val]] = "val"
    split[seen[~val]] = "train"
    return split


def targets(df: pd.DataFrame) -> np.ndarray:
    """(n, 2) float32 ``[sim, rel]`` with NaN where not rated."""
    return df[["sim", "rel"]].to_numpy(dtype=np.float32)
