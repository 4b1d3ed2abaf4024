"""Training on real features: determinism with a fixed seed, masking, the separation signal."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import torch

from topicatlas.scorer.data import load_benchmarks
from topicatlas.scorer.dataset import pair_split, targets
from topicatlas.scorer.metrics import auc, separation_auc
from topicatlas.scorer.model import ModelConfig
from topicatlas.scorer.train import TrainConfig, fit, predict


def _small_table() -> pd.DataFrame:
    df = load_benchmarks(["rg-65", "mc-30", "yp-130", "mturk-287"])
    return df.reset_index(drop=True)


def test_same_seed_same_weights_and_masked_targets(featurizer):
    df = _small_table()
    x = featurizer.featurize(df.word1.tolist(), df.word2.tolist())
    y = targets(df)
    assert np.isnan(y).any(axis=1).all()  # each benchmark row rates one dimension only
    split = pair_split(df, seed=0)
    tr, va = np.flatnonzero(split == "train"), np.flatnonzero(split == "val")
    cfg = TrainConfig(seed=5, max_epochs=3, patience=10)
    runs = [fit(ModelConfig(dim=featurizer.dim), cfg, x.subset(tr), y[tr], x.subset(va), y[va]) for _ in range(2)]
    for (k, a), (_, b) in zip(runs[0].model.state_dict().items(), runs[1].model.state_dict().items(), strict=True):
        assert torch.equal(a, b), k
    other = fit(ModelConfig(dim=featurizer.dim), TrainConfig(seed=6, max_epochs=3), x.subset(tr), y[tr],
                x.subset(va), y[va])
    assert not torch.equal(other.model.sim_head.weight, runs[0].model.sim_head.weight)
    assert [h["epoch"] for h in runs[0].history] == [1, 2, 3]
    pred = predict(runs[0].model, x)
    assert np.isfinite(pred[x.covered]).all() and ((pred[x.covered] >= 0) & (pred[x.covered] <= 1)).all()


def test_auc_and_separation_signal():
    assert auc(np.array([3.0, 4.0]), np.array([1.0, 2.0])) == 1.0
    assert auc(np.array([1.0]), np.array([1.0])) == 0.5
    df = pd.DataFrame({"source": ["silver:association"] * 2 + ["silver:synonym"] * 2})
    pred = np.array([[0.1, 0.9], [0.2, 0.7], [0.9, 0.1], [0.8, 0.3]])
    assert separation_auc(df, pred) == 1.0
    assert separation_auc(df, pred[:, ::-1]) == 0.0


def test_train_command_is_reproducible(tmp_path, featurizer, monkeypatch):
    """`topicatlas scorer train` twice with one seed -> identical metrics and weights."""
    import json

    from topicatlas.cli import main
    from topicatlas.scorer import pipeline

    # share the session featurizer (same vectors + WordNet) instead of building another
    monkeypatch.setattr(pipeline, "_FEATURIZERS", {("glove-6b-50d", True): featurizer})
    cfg = pipeline.load_config("default")
    cfg = pipeline.with_overrides(cfg, name="tiny", benchmarks=["rg-65", "mc-30", "yp-130"],
                                  **{"silver.vocab_size": 1500, "train.max_epochs": 2,
                                     "silver.sizes": {k: 60 for k in cfg["silver"]["sizes"]}})
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(cfg))
    outs = []
    for run in ("a", "b"):
        assert main(["scorer", "train", "--config", str(path), "--output", str(tmp_path / run),
                     "--no-progress"]) == 0
        outs.append(json.loads((tmp_path / run / "tiny.metrics.json").read_text()))
    assert outs[0] == outs[1]
    assert outs[0]["n_pairs"] > 300 and outs[0]["epochs_run"] == 2
    assert (tmp_path / "a" / "tiny.safetensors").read_bytes() == (tmp_path / "b" / "tiny.safetensors").read_bytes()
    assert "## Held-out metrics" in (tmp_path / "a" / "MODEL_CARD.md").read_text()


@pytest.mark.slow
def test_silver_pairs_do_not_depend_on_the_hash_seed():
    """Reproducibility across processes: Python's set order varies with PYTHONHASHSEED."""
    import os
    import subprocess
    import sys

    code = (
        "import hashlib\n"
        "from topicatlas.lexicon.vectors import load_vectors\n"
        "from topicatlas.scorer.silver import silver_pairs\n"
        "v = load_vectors('glove-6b-50d')\n"
        "df = silver_pairs(lambda w: w in v, sizes=dict.fromkeys(['synonym', 'cohyponym', 'hypernym',"
        " 'antonym', 'association', 'random'], 40), vocab_size=600)\n"
        "print(len(df), hashlib.md5(df.to_csv().encode()).hexdigest())\n"
    )
    outs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        res = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        outs.append(res.stdout.strip().splitlines()[-1])
    assert outs[0] == outs[1]
    assert int(outs[0].split()[0]) > 120


def test_synonym_silver_covers_adjectives_balanced_by_pos(featurizer):
    """Adjective synonyms (lemma synonyms + WordNet "similar to") are drawn, split evenly by POS."""
    from collections import Counter

    from topicatlas.scorer.silver import pos_synonyms, silver_pairs

    triples = pos_synonyms(["big", "happy", "quick", "boy", "buy"])
    got = set(triples)
    assert ("big", "large", "a") in got  # satellite "big" -> head "large" via similar_tos
    assert ("happy", "glad", "a") in got
    assert ("boy", "male_child", "n") in got and ("buy", "purchase", "v") in got
    assert ("quick", "fast", "a") in got or ("quick", "speedy", "a") in got
    assert not any(a == b for a, b, _ in triples)

    tri = [("big", "large", "a"), ("happy", "glad", "a"), ("quick", "speedy", "a"), ("boy", "lad", "n"),
           ("cup", "mug", "n"), ("coast", "shore", "n"), ("buy", "purchase", "v"), ("fast", "quickly", "r")]
    sources = {k: (lambda: []) for k in ("cohyponym", "hypernym", "antonym", "association")}
    sources["synonym"] = lambda: tri
    df = silver_pairs(featurizer.has_vector, sizes={"synonym": 4, "random": 0}, min_zipf=0.0,
                      sources=sources)
    pos_of = {(min(a, b), max(a, b)): p for a, b, p in tri}
    counts = Counter(pos_of[(a, b)] for a, b in zip(df["word1"], df["word2"], strict=True))
    assert len(df) == 4 and counts["r"] == 1 and counts["v"] == 1 and counts["a"] == 1 and counts["n"] == 1
