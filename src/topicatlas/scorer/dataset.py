"""Assembling the training table and splitting it (paper Table 14: 70/15/15).

:func:`assemble` stacks the human benchmarks, the silver pairs and any user pair tables
(LLM-annotated pairs), merges order-insensitive duplicates (a pair rated for similarity
by one source and relatedness by another keeps both targets) and drops silver pairs
that a human benchmark or user table also rates (human labels win).

Splits:

* :func:`pair_split` -- pair-held-out: each unordered pair goes to train/val/test
  (70/15/15) by a seeded hash of the pair;
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


def _unit_hash(keys: Sequence[str], seed: int) -> np.ndarray:
    """A seeded pseudo-random number in [0, 1) per key, independent of the other keys."""
    import hashlib

    out = np.empty(len(keys), dtype=np.float64)
    for i, k in enumerate(keys):
        h = hashlib.blake2b(f"{seed}\t{k}".encode(), digest_size=8).digest()
        out[i] = int.from_bytes(h, "big") / 2.0**64
    return out


def pair_split(table: pd.DataFrame, seed: int, fractions: Sequence[float] = (0.7, 0.15, 0.15)) -> np.ndarray:
    """``"train"/"val"/"test"`` per row, by a seeded hash of the unordered pair.

    A pair's side depends only on the pair and the seed, not on what else is in the table,
    so the human pairs of the validation/test splits stay the same when the amount of
    silver data changes (model selection compares like with like). The fractions hold in
    expectation (70/15/15 up to sampling noise).
    """
    u = _unit_hash(list(pair_keys(table)), seed)
    split = np.full(len(table), "test", dtype=object)
    split[u < fractions[0] + fractions[1]] = "val"
    split[u < fractions[0]] = "train"
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
