"""``topicatlas scorer evaluate``: held-out Spearman per benchmark, baselines, ablations.

Protocols (paper App. B.5): *pair-held-out* (70/15/15 split by pair) and *word-held-out*
(:func:`topicatlas.scorer.dataset.word_split`: no word of a test pair is seen in
training). For each protocol a scorer is trained from the config on that protocol's
train split, and on the test split we report, per human benchmark, the Spearman ρ of the
head matching the benchmark's dimension, side by side with the baselines: GloVe cosine,
WordNet path similarity and Wu-Palmer (the lexicon's features, rank-equivalent to the
raw measures), plus the separation AUC on held-out silver pairs. ``ablations`` adds the
Table 16 rows: input ``[e1; e2]`` only, WordNet features off, the cross-attention
variant, and a BERT-based static space instead of GloVe (all-MiniLM-L6-v2, each word
encoded alone, :func:`topicatlas.lexicon.encoder_vectors.encode_words` over exactly the
table's words; the paper's X2Static/Word2Vec/FastText are not available offline) (each row retrained under both protocols; pooled human ρ per head).

POS robustness (Table 15): the pair-held-out test pairs split into noun-noun and the
rest, a word's primary POS being the most frequent part of speech among its WordNet
synsets (:func:`topicatlas.lexicon.wordnet.primary_pos`; words outside WordNet are
"other"). Spearman is pooled over all test rows that rate
the dimension (human and silver).

Scaling curve (Fig. 6): the pair-held-out model retrained on seeded random fractions of
its training split; pooled test Spearman per head against the number of training pairs,
written as a PNG.

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
    "vectors: MiniLM-L6 static (BERT-based)": {"vectors": "minilm-l6-v2"},
}


def _split(table: pd.DataFrame, protocol: str, config: dict) -> np.ndarray:
    seed = config.get("seed", 13)
    if protocol == "pair":
        return pair_split(table, seed, config.get("split", {}).get("fractions", [0.7, 0.15, 0.15]))
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


def protocol_table(config: dict, table: pd.DataFrame, protocol: str
                   ) -> tuple[pd.DataFrame, dict, pd.DataFrame]:
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
    summary["epochs"] = run.metrics["epochs_run"]
    for name in base:
        human = ~sub["source"].str.startswith("silver:").to_numpy()
        for dim in ("sim", "rel"):
            summary[f"{name}_{dim}_human"] = M.spearman(base[name][human], sub[dim].to_numpy(float)[human])
    return pd.DataFrame(rows), summary, pos_table(sub, pred)


def ablation_table(config: dict, table: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for name, overrides in ABLATIONS.items():
        cfg = with_overrides(config, **overrides)
        if cfg.get("vectors") == "minilm-l6-v2":
            from topicatlas.lexicon.encoder_vectors import encode_words
            from topicatlas.scorer.features import PairFeaturizer

            words = sorted(set(table["word1"]) | set(table["word2"]))
            featurizer = PairFeaturizer(encode_words(words, name="minilm-l6-v2"))
        else:
            featurizer = featurizer_for(cfg)
        row = {"setting": name}
        for protocol in ("pair", "word"):
            split = _split(table, protocol, cfg)
            run = train_on_split(cfg, table, split, featurizer)
            m = run.metrics.get("test", {})
            row[f"{protocol} S"] = m.get("rho_sim_human")
            row[f"{protocol} R"] = m.get("rho_rel_human")
            row[f"{protocol} sep"] = m.get("separation_auc")
        rows.append(row)
    return pd.DataFrame(rows)


def pos_table(sub: pd.DataFrame, pred: np.ndarray) -> pd.DataFrame:
    from topicatlas.lexicon.wordnet import primary_pos

    cache: dict[str, str | None] = {}

    def pp(w: str) -> str:
        if w not in cache:
            cache[w] = primary_pos(w)
        return cache[w]

    nn = np.array([pp(a) == "n" and pp(b) == "n" for a, b in zip(sub.word1, sub.word2, strict=True)])
    rows = []
    for name, mask in (("noun-noun", nn), ("other", ~nn), ("all", np.ones_like(nn))):
        rows.append({"subset": name, "n": int(mask.sum()),
                     "rho_sim": M.spearman(pred[mask, 0], sub["sim"].to_numpy(float)[mask]),
                     "rho_rel": M.spearman(pred[mask, 1], sub["rel"].to_numpy(float)[mask])})
    return pd.DataFrame(rows)


def scaling_curve(config: dict, table: pd.DataFrame, fractions=(0.1, 0.25, 0.5, 1.0),
                  png: str | None = None) -> pd.DataFrame:
    """Test Spearman against training-set size (pair-held-out; Fig. 6)."""
    featurizer = featurizer_for(config)
    split = _split(table, "pair", config)
    rng = np.random.default_rng(config.get("seed", 13))
    train_idx = np.flatnonzero(split == "train")
    order = rng.permutation(train_idx)
    rows = []
    for f in fractions:
        sub_split = split.copy()
        sub_split[order[int(round(f * order.size)):]] = "unused"
        run = train_on_split(config, table, sub_split, featurizer)
        m = run.metrics.get("test", {})
        rows.append({"fraction": f, "n_train": run.metrics["n_train"], "rho_sim": m.get("rho_sim_all"),
                     "rho_rel": m.get("rho_rel_all"), "rho_sim_human": m.get("rho_sim_human"),
                     "rho_rel_human": m.get("rho_rel_human"), "separation_auc": m.get("separation_auc")})
    df = pd.DataFrame(rows)
    if png:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(5, 3.5))
        for col, label in (("rho_sim", "similarity (all test pairs)"), ("rho_rel", "relatedness (all)"),
                           ("rho_sim_human", "similarity (human)"), ("rho_rel_human", "relatedness (human)")):
            ax.plot(df["n_train"], df[col], marker="o", label=label)
        ax.set_xscale("log")
        ax.set_xlabel("training pairs")
        ax.set_ylabel("test Spearman ρ")
        ax.set_title("Scorer scaling (pair-held-out)")
        ax.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(png, dpi=120)
        plt.close(fig)
    return df


def run_evaluation(config_name: str = "default", *, protocol: str = "both", ablations: bool = False,
                   as_json: bool = False, max_epochs: int | None = None, scaling_png: str | None = None,
                   ) -> str:
    config = load_config(config_name)
    if max_epochs:
        config = with_overrides(config, **{"train.max_epochs": max_epochs})
    table = build_table(config, featurizer_for(config))
    protocols = ["pair", "word"] if protocol == "both" else [protocol]
    tables, summaries = [], []
    pos = None
    for p in protocols:
        t, s, pos_p = protocol_table(config, table, p)
        tables.append(t)
        summaries.append(s)
        if p == "pair":
            pos = pos_p
    result = {"benchmarks": pd.concat(tables, ignore_index=True), "summary": pd.DataFrame(summaries)}
    if pos is not None:
        result["pos"] = pos
    if ablations:
        result["ablations"] = ablation_table(config, table)
    if scaling_png:
        result["scaling"] = scaling_curve(config, table, png=scaling_png)
    if as_json:
        return json.dumps({k: v.to_dict("records") for k, v in result.items()}, indent=2)
    with pd.option_context("display.width", 200, "display.max_columns", 20, "display.precision", 3):
        return "\n\n".join(f"== {k}\n{v.to_string(index=False)}" for k, v in result.items())
