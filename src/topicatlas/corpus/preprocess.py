"""The preprocessing pipeline: raw texts -> vocabulary + flat token ids.

Definition (similarity-relatedness paper, App. B.6, following BERT-KT): "lowercasing,
removal of punctuation, digits, and stopwords, and vocabulary pruning by minimum
document frequency and token length". The paper gives no thresholds; the concrete
choices are the fields of :class:`Preprocessing` and are recorded with every corpus.

Steps, in order (each one can be switched off):

1. **lowercase** the text.
2. **tokenise**: punctuation (every character that is neither alphanumeric nor
   whitespace, and ``_``) and, with ``remove_digits``, digits act as separators --
   the same as replacing them by a space and splitting on whitespace (OCTIS'
   semantics). So ``"don't"`` gives ``don``, ``t`` and ``"mp3"`` gives ``mp``.
   Without ``remove_punctuation`` tokens are whitespace-separated chunks.
3. **stopwords**: tokens in the stopword list (``stopwords``, ``extra_stopwords``) are removed.
4. **minimum token length**: tokens shorter than ``min_token_len`` characters are removed.
5. **information-theoretic stopwords** (optional, ``info_stopwords`` > 0): see
   :mod:`topicatlas.corpus.infostop`; the lowest-information words are removed until
   that fraction of the remaining tokens is gone.
6. **document frequency**: words in fewer than ``min_df`` or more than ``max_df``
   documents are removed (an ``int`` is a document count, a ``float`` a fraction of
   the documents, as in scikit-learn).
7. **vocabulary cap**: with ``max_vocab``, only the most frequent words (by token
   count, ties alphabetical) are kept.
8. **documents** with fewer than ``max(1, min_doc_tokens)`` tokens left are dropped and
   counted (``info["dropped_empty"]``, ``info["dropped_short"]``); words that then
   no longer occur leave the vocabulary.

The vocabulary is sorted alphabetically. ``Preprocessing.none()`` keeps whitespace
tokens exactly as given (for corpora that arrive pre-tokenised).
"""

from __future__ import annotations

import re
from array import array
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

import numpy as np
import scipy.sparse as sp

from topicatlas.corpus.stopwords import stopword_identity, stopword_set
from topicatlas.errors import TopicAtlasError


@dataclass(frozen=True)
class Preprocessing:
    """Every preprocessing setting (see the module docstring for the pipeline)."""

    lowercase: bool = True
    remove_punctuation: bool = True
    remove_digits: bool = True
    stopwords: str | None = "english"
    extra_stopwords: tuple[str, ...] = ()
    min_token_len: int = 3
    min_df: int | float = 5
    max_df: int | float = 0.5
    max_vocab: int | None = None
    min_doc_tokens: int = 1
    info_stopwords: float = 0.0
    info_shuffles: int = 3
    seed: int = 0

    @classmethod
    def none(cls, **overrides: Any) -> Preprocessing:
        """No preprocessing: whitespace tokens exactly as given."""
        base = cls(lowercase=False, remove_punctuation=False, remove_digits=False,
                   stopwords=None, min_token_len=1, min_df=1, max_df=1.0)
        return replace(base, **overrides)

    @classmethod
    def field_names(cls) -> set[str]:
        return {f.name for f in fields(cls)}

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra_stopwords", tuple(self.extra_stopwords))
        for name in ("min_df", "max_df"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int | float) or v < 0:
                raise TopicAtlasError(f"{name} must be a non-negative int (documents) or float "
                                      f"(fraction), got {v!r}")
            if isinstance(v, float) and v > 1.0:
                raise TopicAtlasError(f"{name}={v} is a fraction and must be <= 1.0 "
                                      "(use an int for a document count)")
        if not 0.0 <= self.info_stopwords < 1.0:
            raise TopicAtlasError(f"info_stopwords is a fraction of tokens in [0, 1), got "
                                  f"{self.info_stopwords!r}")
        if self.max_vocab is not None and self.max_vocab < 1:
            raise TopicAtlasError(f"max_vocab must be positive, got {self.max_vocab!r}")

    def to_dict(self) -> dict[str, Any]:
        """The settings plus the stopword list's identity (JSON-ready)."""
        d = asdict(self)
        d["extra_stopwords"] = list(self.extra_stopwords)
        d["stopword_list"] = stopword_identity(self.stopwords, self.extra_stopwords)
        return d

    def token_pattern(self) -> re.Pattern[str]:
        if self.remove_punctuation and self.remove_digits:
            return re.compile(r"[^\W\d_]+")
        if self.remove_punctuation:
            return re.compile(r"[^\W_]+")
        if self.remove_digits:
            return re.compile(r"[^\s\d]+")
        return re.compile(r"\S+")


def tokenize(text: str, prep: Preprocessing) -> list[str]:
    """Steps 1-4 on one text (no corpus-level pruning)."""
    stop = stopword_set(prep.stopwords, prep.extra_stopwords)
    toks = prep.token_pattern().findall(text.lower() if prep.lowercase else text)
    return [t for t in toks if len(t) >= prep.min_token_len and t not in stop]


@dataclass
class Tokenised:
    """Output of :func:`preprocess`: kept documents as flat ids over ``words``."""

    words: list[str]
    token_ids: np.ndarray
    offsets: np.ndarray
    kept: np.ndarray  # indices of the input documents that were kept
    info: dict[str, Any]


def _threshold(value: int | float, n_docs: int) -> float:
    return value * n_docs if isinstance(value, float) else float(value)


def preprocess(texts: Sequence[str], prep: Preprocessing, *, progress: bool = False,
               desc: str = "tokenising") -> Tokenised:
    """Run the pipeline on ``texts`` (see module docstring)."""
    n_docs = len(texts)
    pattern = prep.token_pattern()
    findall = pattern.findall
    # a defaultdict whose factory is its own len(): a new token gets the next id, and
    # ``map(index.__getitem__, tokens)`` runs entirely in C (3x faster than a dict loop)
    index: defaultdict[str, int] = defaultdict()
    index.default_factory = index.__len__
    getitem = index.__getitem__
    ids = array("i")
    lengths = np.zeros(n_docs, dtype=np.int64)
    iterator: Any = texts
    if progress and n_docs > 2000:
        from tqdm import tqdm

        iterator = tqdm(texts, desc=desc, unit="doc", leave=False, mininterval=0.5)
    lower = prep.lowercase
    for d, text in enumerate(iterator):
        toks = findall(text.lower() if lower else text)
        ids.extend(map(getitem, toks))
        lengths[d] = len(toks)
    raw_ids = np.frombuffer(ids, dtype=np.int32) if len(ids) else np.zeros(0, np.int32)
    words = list(index)
    n_raw = len(words)
    doc_of = np.repeat(np.arange(n_docs, dtype=np.int32), lengths)
    info: dict[str, Any] = {"documents_in": n_docs, "tokens_in": int(len(raw_ids)),
                            "raw_vocab_size": n_raw}

    # 3-4: word-level filters
    keep = np.ones(n_raw, dtype=bool)
    stop = stopword_set(prep.stopwords, prep.extra_stopwords)
    if stop or prep.min_token_len > 1:
        mlen = prep.min_token_len
        keep = np.fromiter((len(w) >= mlen and w not in stop for w in words), dtype=bool,
                           count=n_raw)
    info["removed_by_list_and_length"] = int(n_raw - keep.sum())

    def current_mask() -> np.ndarray:
        return keep[raw_ids] if len(raw_ids) else np.zeros(0, dtype=bool)

    # 5: information-theoretic stopwords (on the tokens left so far)
    if prep.info_stopwords > 0:
        from topicatlas.corpus.infostop import information_content, select_by_token_fraction

        mask = current_mask()
        dtm = _count_matrix(doc_of[mask], raw_ids[mask], n_docs, n_raw)
        ic = information_content(dtm, n_shuffles=prep.info_shuffles, seed=prep.seed)
        counts = np.asarray(dtm.sum(axis=0)).ravel()
        chosen = select_by_token_fraction(ic, counts, prep.info_stopwords)
        keep[chosen] = False
        info["info_stopwords"] = sorted(words[i] for i in chosen)

    # 6: document frequency
    mask = current_mask()
    dtm = _count_matrix(doc_of[mask], raw_ids[mask], n_docs, n_raw)
    df = np.diff(dtm.tocsc().indptr)
    counts = np.asarray(dtm.sum(axis=0)).ravel()
    lo, hi = _threshold(prep.min_df, n_docs), _threshold(prep.max_df, n_docs)
    df_ok = (df >= lo) & (df <= hi)
    info["removed_by_df"] = int((keep & (counts > 0) & ~df_ok).sum())
    keep &= df_ok & (counts > 0)

    # 7: vocabulary cap
    if prep.max_vocab is not None and keep.sum() > prep.max_vocab:
        cand = np.flatnonzero(keep)
        order = sorted(cand.tolist(), key=lambda i: (-counts[i], words[i]))
        keep[:] = False
        keep[order[: prep.max_vocab]] = True

    # 8: documents
    mask = current_mask()
    doc_len = np.bincount(doc_of[mask], minlength=n_docs)
    min_tokens = max(1, prep.min_doc_tokens)
    kept_docs = np.flatnonzero(doc_len >= min_tokens)
    info["dropped_empty"] = int((doc_len == 0).sum())
    info["dropped_short"] = int(((doc_len > 0) & (doc_len < min_tokens)).sum())
    if len(kept_docs) < n_docs:
        doc_ok = np.zeros(n_docs, dtype=bool)
        doc_ok[kept_docs] = True
        mask &= doc_ok[doc_of]
        still = np.bincount(raw_ids[mask], minlength=n_raw) > 0
        keep &= still

    vocab_raw = np.flatnonzero(keep)
    final_words = sorted(words[i] for i in vocab_raw)
    new_id = {w: i for i, w in enumerate(final_words)}
    remap = np.full(n_raw, -1, dtype=np.int32)
    for i in vocab_raw:
        remap[i] = new_id[words[i]]
    token_ids = remap[raw_ids[mask]]
    new_len = np.bincount(doc_of[mask], minlength=n_docs)[kept_docs]
    offsets = np.zeros(len(kept_docs) + 1, dtype=np.int64)
    np.cumsum(new_len, out=offsets[1:])
    info["tokens_out"] = int(len(token_ids))
    return Tokenised(final_words, token_ids.astype(np.int32), offsets, kept_docs, info)


def _count_matrix(rows: np.ndarray, cols: np.ndarray, n_docs: int, n_words: int) -> sp.csr_matrix:
    m = sp.csr_matrix((np.ones(len(rows), dtype=np.int32), (rows, cols)), shape=(n_docs, n_words))
    m.sum_duplicates()
    return m
