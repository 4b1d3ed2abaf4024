"""The public scorer: ``Scorer.default().score_pairs([("dog", "leash"), ...])``.

Scores are in [0, 1]: ``similarity`` (taxonomic) and ``relatedness`` (thematic), exactly
symmetric in the two words (see :mod:`topicatlas.scorer.model`).

Defined behaviour on awkward input (rules of :mod:`topicatlas.scorer.normalize`):

* case, surrounding spaces, accents, hyphens and multi-word tokens: see ``normalize``;
* a word with no vector (after those fallbacks): the pair's scores are NaN (``null`` in
  JSON) and ``covered`` is False -- never a guessed value; :meth:`Scorer.coverage`
  reports how many words/pairs are covered;
* a word paired with itself (after normalisation): ``similarity = 1.0``,
  ``relatedness = 0.0``, not a network output. Identical words are the limit of the
  rubric's "perfect synonyms/variants" (SIM 0.95-1.00; REL 0.0-0.2, "they substitute,
  not co-occur");
* no pairs: an empty table.

Weights are stored as safetensors (never pickle) with the model/training config as JSON
metadata; the packaged default lives in ``topicatlas/scorer/weights/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd

from topicatlas.errors import DataNotFoundError, InputFormatError

DEFAULT_WEIGHTS = "default.safetensors"
SELF_PAIR_SCORES = (1.0, 0.0)


def default_weights_path() -> Path:
    return Path(str(resources.files("topicatlas.scorer") / "weights" / DEFAULT_WEIGHTS))


class Scorer:
    """A trained similarity-relatedness model plus its feature pipeline."""

    _default: Scorer | None = None

    def __init__(self, model, featurizer=None, *, config: dict | None = None,
                 metrics: dict | None = None) -> None:
        self.model = model.eval()
        self.config = dict(config or {})
        self.metrics = dict(metrics or {})
        if featurizer is None:
            from topicatlas.scorer.features import PairFeaturizer

            featurizer = PairFeaturizer(
                self.config.get("vectors", "glove-6b-50d"), use_wordnet=model.config.use_wordnet
            )
        self.featurizer = featurizer

    # -- loading and saving ---------------------------------------------------------------
    @classmethod
    def default(cls) -> Scorer:
        """The packaged default model (loaded once per process)."""
        if cls._default is None:
            cls._default = cls.load(default_weights_path())
        return cls._default

    @classmethod
    def load(cls, path: str | Path, featurizer=None) -> Scorer:
        """A scorer saved with :meth:`save` (a ``.safetensors`` file)."""
        from safetensors import safe_open
        from safetensors.torch import load_file

        from topicatlas.scorer.model import ModelConfig, PairScorerNet

        path = Path(path)
        if not path.exists():
            raise DataNotFoundError(
                f"{path}: no scorer weights; train them with `topicatlas scorer train --config default`"
            )
        with safe_open(str(path), framework="pt") as fh:
            meta = json.loads((fh.metadata() or {}).get("topicatlas", "{}"))
        if "model" not in meta:
            raise InputFormatError(f"{path}: not a topicatlas scorer file (no 'topicatlas' metadata)")
        model = PairScorerNet(ModelConfig.from_dict(meta["model"]))
        model.load_state_dict(load_file(str(path)))
        return cls(model, featurizer, config=meta.get("config"), metrics=meta.get("metrics"))

    def save(self, path: str | Path) -> Path:
        from safetensors.torch import save_file

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = {"model": self.model.config.to_dict(), "config": self.config, "metrics": self.metrics}
        state = {k: v.detach().contiguous() for k, v in self.model.state_dict().items()}
        save_file(state, str(path), metadata={"topicatlas": json.dumps(meta, default=_jsonable)})
        return path

    # -- scoring --------------------------------------------------------------------------
    def score_arrays(self, words1: Sequence[str], words2: Sequence[str], *, batch_size: int = 262144
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(similarity, relatedness, covered)`` arrays for ``zip(words1, words2)``."""
        from topicatlas.scorer.train import predict

        n = len(words1)
        sim = np.full(n, np.nan, dtype=np.float32)
        rel = np.full(n, np.nan, dtype=np.float32)
        covered = np.zeros(n, dtype=bool)
        for s in range(0, n, batch_size):
            feats = self.featurizer.featurize(words1[s : s + batch_size], words2[s : s + batch_size])
            pred = predict(self.model, feats.subset(np.flatnonzero(~feats.same)))
            chunk = slice(s, s + len(feats))
            out_s, out_r = sim[chunk], rel[chunk]
            out_s[~feats.same], out_r[~feats.same] = pred[:, 0], pred[:, 1]
            out_s[feats.same], out_r[feats.same] = SELF_PAIR_SCORES
            covered[chunk] = feats.covered
        return sim, rel, covered

    def score_pairs(self, pairs: Iterable[tuple[str, str]]) -> pd.DataFrame:
        """Scores of ``(word1, word2)`` pairs in input order.

        Columns: ``word1, word2, similarity, relatedness, covered`` (NaN scores where a
        word has no vector; see the module docstring).
        """
        pairs = list(pairs)
        for i, p in enumerate(pairs):
            if not isinstance(p, (tuple, list)) or len(p) != 2:
                raise InputFormatError(f"pair {i}: expected (word1, word2), got {p!r}")
        w1 = [str(a) for a, _ in pairs]
        w2 = [str(b) for _, b in pairs]
        sim, rel, covered = self.score_arrays(w1, w2)
        return pd.DataFrame(
            {"word1": w1, "word2": w2, "similarity": sim.astype(float),
             "relatedness": rel.astype(float), "covered": covered}
        )

    def score(self, word1: str, word2: str) -> tuple[float, float]:
        """``(similarity, relatedness)`` of one pair (NaN when a word has no vector)."""
        sim, rel, _ = self.score_arrays([word1], [word2])
        return float(sim[0]), float(rel[0])

    def coverage(self, words: Iterable[str]) -> dict:
        """How many of ``words`` have a vector, and which do not."""
        words = list(dict.fromkeys(words))
        rows = self.featurizer.word_rows(words) if words else np.zeros(0, int)
        missing = [w for w, r in zip(words, rows, strict=True) if r < 0]
        return {"words": len(words), "covered": len(words) - len(missing),
                "fraction": (len(words) - len(missing)) / len(words) if words else float("nan"),
                "missing": missing}


def _jsonable(obj):
    if isinstance(obj, np.generic):
        return obj.item()
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    raise TypeError(f"not JSON serialisable: {type(obj)}")
