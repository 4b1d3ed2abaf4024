"""From a config (JSON data file) to a trained scorer and its metrics.

``load_config("default")`` reads ``topicatlas/scorer/configs/default.json``; a path to a
JSON file works too. :func:`run_config` assembles the data (human benchmarks + silver +
optional user tables), splits it 70/15/15 by pair with the config's seed, trains, and
returns the :class:`~topicatlas.scorer.api.Scorer` with its validation/test metrics.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd

from topicatlas.errors import DataNotFoundError, UnknownNameError
from topicatlas.scorer import metrics as M
from topicatlas.scorer.dataset import assemble, pair_split, targets
from topicatlas.scorer.features import PairFeaturizer
from topicatlas.scorer.model import ModelConfig
from topicatlas.scorer.train import TrainConfig, TrainResult, fit, predict


def config_names() -> list[str]:
    root = resources.files("topicatlas.scorer") / "configs"
    return sorted(p.name[:-5] for p in root.iterdir()
                  if p.name.endswith(".json") and not p.name.endswith(".selection.json"))


def load_config(name_or_path: str | Path) -> dict:
    """A packaged config by name (``default``) or a JSON file."""
    path = Path(name_or_path)
    if path.suffix == ".json" or path.exists():
        if not path.exists():
            raise DataNotFoundError(f"{path}: no such scorer config file")
        return json.loads(path.read_text(encoding="utf-8"))
    root = resources.files("topicatlas.scorer") / "configs" / f"{name_or_path}.json"
    if not root.is_file():
        from topicatlas.registry import suggest

        raise UnknownNameError(
            f"unknown scorer config {str(name_or_path)!r}.{suggest(str(name_or_path), config_names())} "
            f"Known: {', '.join(config_names())}, or pass a .json path"
        )
    return json.loads(root.read_text(encoding="utf-8"))


def with_overrides(config: dict, **changes) -> dict:
    """A deep copy of ``config`` with dotted-key overrides (``{"model.use_wordnet": False}``)."""
    out = copy.deepcopy(config)
    for dotted, value in changes.items():
        node = out
        *path, last = dotted.split(".")
        for p in path:
            node = node.setdefault(p, {})
        node[last] = value
    return out


def model_config(config: dict, dim: int) -> ModelConfig:
    return ModelConfig.from_dict({**config.get("model", {}), "dim": dim})


def train_config(config: dict) -> TrainConfig:
    return TrainConfig.from_dict({**config.get("train", {}), "seed": config.get("seed", 13)})


_FEATURIZERS: dict[tuple[str, bool], PairFeaturizer] = {}


def featurizer_for(config: dict) -> PairFeaturizer:
    """A shared featurizer per (vectors, WordNet on/off), so caches are reused across runs."""
    key = (config.get("vectors", "glove-6b-50d"), bool(config.get("model", {}).get("use_wordnet", True)))
    if key not in _FEATURIZERS:
        _FEATURIZERS[key] = PairFeaturizer(key[0], use_wordnet=key[1])
    return _FEATURIZERS[key]


def build_table(config: dict, featurizer: PairFeaturizer, tables: Sequence[pd.DataFrame] = ()) -> pd.DataFrame:
    """The deduplicated training table of a config (benchmarks + silver + tables)."""
    silver = None
    scfg = config.get("silver")
    if scfg:
        from topicatlas.scorer.silver import silver_pairs

        silver = silver_pairs(
            featurizer.has_vector,
            sizes=scfg.get("sizes"),
            seed=config.get("seed", 13),
            min_zipf=scfg.get("min_zipf", 2.0),
            max_degree=scfg.get("max_degree", 20),
            vocab_size=scfg.get("vocab_size", 30000),
        )
    return assemble(benchmarks=config.get("benchmarks"), silver=silver, tables=tables)


@dataclass
class RunResult:
    scorer: object  # Scorer
    table: pd.DataFrame  # with a "split" column
    result: TrainResult
    metrics: dict


def train_on_split(
    config: dict, table: pd.DataFrame, split: np.ndarray, featurizer: PairFeaturizer,
    *, progress: bool = False,
) -> RunResult:
    """Train on ``split == "train"``, early-stop on ``"val"``, report on ``"val"``/``"test"``."""
    from topicatlas.scorer.api import Scorer

    table = table.assign(split=split)
    feats = featurizer.featurize(table["word1"].tolist(), table["word2"].tolist())
    y = targets(table)
    tr, va = np.flatnonzero(split == "train"), np.flatnonzero(split == "val")
    repeat = int(config.get("human_repeat", 1))
    if repeat > 1:  # human-rated training rows are seen ``repeat`` times per epoch
        human = ~table["source"].iloc[tr].str.startswith("silver:").to_numpy()
        tr = np.concatenate([tr] + [tr[human]] * (repeat - 1))
    result = fit(
        model_config(config, featurizer.dim), train_config(config),
        feats.subset(tr), y[tr], feats.subset(va), y[va], progress=progress,
    )
    pred = predict(result.model, feats)
    metrics: dict = {
        "n_pairs": int(len(table)),
        "coverage": float(feats.covered.mean()) if len(table) else float("nan"),
        "best_epoch": result.best_epoch,
        "epochs_run": len(result.history),
        "val_loss": result.best_val_loss,
    }
    for part in ("train", "val", "test"):
        idx = np.flatnonzero((split == part) & feats.covered)
        metrics[f"n_{part}"] = int(idx.size)
        if part != "train" and idx.size:
            metrics[part] = M.summary(table.iloc[idx], pred[idx])
            metrics[f"{part}_per_source"] = M.per_source(table.iloc[idx], pred[idx]).to_dict("records")
    scorer = Scorer(result.model, featurizer, config=config, metrics=metrics)
    return RunResult(scorer, table, result, metrics)


def run_config(
    config: dict, tables: Sequence[pd.DataFrame] = (), *, progress: bool = False,
) -> RunResult:
    """Assemble, split 70/15/15 by pair (config seed), train; the default training recipe."""
    featurizer = featurizer_for(config)
    table = build_table(config, featurizer, tables)
    fractions = config.get("split", {}).get("fractions", [0.7, 0.15, 0.15])
    split = pair_split(table, config.get("seed", 13), fractions)
    return train_on_split(config, table, split, featurizer, progress=progress)
