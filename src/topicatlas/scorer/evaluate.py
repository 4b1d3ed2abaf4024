"""``topicatlas scorer evaluate``: held-out Spearman per benchmark, baselines, ablations.

Protocols (paper App. B.5): *pair-held-out* (70/15/15 split by pair) and *word-held-out*
(:func:`topicatlas.scorer.dataset.word_split`: no word of a test pair is seen in
training). For each protocol a scorer is trained from the config on that protocol's
train split, and on the test split we report, per human benchmark, the Spearman ρ of the
head matching the benchmark's dimension, side by side with the baselines: GloVe cosine,
WordNet path similarity and Wu-Palmer (the lexicon's features, rank-equivalent to the
raw measures), plus the separation AUC on held-out silver pairs. ``ablations`` adds the
Table 16 rows: input ``[e1; e2]`` only, WordNet features off, the cross-attention
variant (each row retrained under both protocols; pooled human ρ per head).
SimLex-999 and WordSim-353 are not used here.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from topicatlas.scorer import metrics as M
from topicatlas.scorer.dataset import pair_split, word_split
from topicatlas.scorer.pipeline import (
    build_table,
    featurizer_for,
    load_config,
    train_on_split,
    with_overrides,
)

ABLATIONS: dict[str, dict] = {
    "reference (MLP, [e1;e2;|e1-e2|;e1*e2], WordNet on)": {},
    "input [e1; e2]": {"model.input_mode": "concat"},
    "WordNet OFF": {"model.use_wordnet": False},
    "cross-attention hybrid": {"model.arch": "cross_attention"},
}


def _split(table: pd.DataFrame, protocol: str, config: dict) -> np.ndarray:
    seed = config.get("seed", 13)
    if protocol == "pair":
        return pair_split(len(table), seed, config.get("split", {}).get("fractions", [0.7, 0.15, 0.15]))
    return word_split(table, seed)


def baselines(featurizer, table: pd.DataFrame) -> dict[str, np.ndarray]:
    """Cosine of the word vectors, WordNet path and Wu-Palmer per row."""
    from topicatlas.lexicon.wordnet_features import FEATURE_NAMES

    feats = featurizer.featurize(table["word1"].tolist(), table["word2"].tolist())
    n1 = np.linalg.norm(feats.e1, axis=1)
    n2 = np.linalg.norm(feats.e2, axis=1)
    cos = (feats.e1 * feats.e2).sum(axis=1) / np.maximum(n1 * n2, 1e-12)
    cos[~feats.covered] = np.nan
    wn = feats.wn if featurizer.use_wordnet else None
    if wn is None:
        from topicatlas.lexicon.wordnet_features import WordNetFeatures

        wn = WordNetFeatures().pairs(table["word1"].tolist(), table["word2"].tolist())
    return {"cosine": cos, "wn_path": wn[:, FEATURE_NAMES.index("path")],
            "wn_wup": wn[:, FEATURE_NAMES.index("wup")]}


def protocol_table(config: dict, table: pd.DataFrame, protocol: str) -> tuple[pd.DataFrame, dict]:
    featurizer = featurizer_for(config)
    split = _split(table, protocol, config)
    run = train_on_split(config, table, split, featurizer)
    test = np.flatnonzero(split == "test")
    sub = table.iloc[test].reset_index(drop=True)
    sim, rel, _ = run.scorer.score_arrays(sub["word1"].tolist(), sub["word2"].tolist())
    pred = np.stack([sim, rel], axis=1)
    base = baselines(featurizer, sub)
    rows = []
    for source, idx in sub.groupby("source", sort=True).indices.items():
        if source.startswith("silver:"):
            continue
        s = sub.iloc[idx]
        for dim, col in (("sim", 0), ("rel", 1)):
            y = s[dim].to_numpy(float)
            if np.isfinite(y).sum() < 3:
                continue
            row = {"protocol": protocol, "benchmark": source, "dimension": dim,
                   "n": int(np.isfinite(y).sum()), "scorer": M.spearman(pred[idx, col], y)}
            row["scorer_other_head"] = M.spearman(pred[idx, 1 - col], y)
            for name, values in base.items():
                row[name] = M.spearman(values[idx], y)
            rows.append(row)
    summary = M.summary(sub, pred)
    summary["protocol"] = protocol
    summary["n_test"] = int(len(sub))
    return pd.DataFrame(rows), summary


def ablation_table(config: dict, table: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for name, overrides in ABLATIONS.items():
        cfg = with_overrides(config, **overrides)
        row = {"setting": name}
        for protocol in ("pair", "word"):
            split = _split(table, protocol, cfg)
            run = train_on_split(cfg, table, split, featurizer_for(cfg))
            m = run.metrics.get("test", {})
            row[f"{protocol} S"] = m.get("rho_sim_human")
            row[f"{protocol} R"] = m.get("rho_rel_human")
            row[f"{protocol} sep"] = m.get("separation_auc")
        rows.append(row)
    return pd.DataFrame(rows)


def run_evaluation(config_name: str = "default", *, protocol: str = "both", ablations: bool = False,
                   as_json: bool = False) -> str:
    config = load_config(config_name)
    table = build_table(config, featurizer_for(config))
    protocols = ["pair", "word"] if protocol == "both" else [protocol]
    tables, summaries = [], []
    for p in protocols:
        t, s = protocol_table(config, table, p)
        tables.append(t)
        summaries.append(s)
    result = {"benchmarks": pd.concat(tables, ignore_index=True), "summary": pd.DataFrame(summaries)}
    if ablations:
        result["ablations"] = ablation_table(config, table)
    if as_json:
        return json.dumps({k: v.to_dict("records") for k, v in result.items()}, indent=2)
    with pd.option_context("display.width", 200, "display.max_columns", 20, "display.precision", 3):
        return "\n\n".join(f"== {k}\n{v.to_string(index=False)}" for k, v in result.items())
