"""Documents for the topic-document alignment metrics.

Sampling (the LLM-judge paper, Section 4.3: "sampling up to 100 associated documents per
topic"): a document is associated with the topic the model assigns it -- the argmax of
its row of the document-topic matrix, or the given topic id when ``doc_topic`` is a
vector of ids (our reading of "the model's document-topic assignment"). Up to
``per_topic`` documents per topic are drawn without replacement with a seeded generator
(``numpy.random.default_rng(seed)``, topics in order). Empty documents are never sent:
they are left out of the sample and counted.

Truncation: a document longer than the judge's budget (its context length minus the
prompt without the document, the answer's ``max_tokens`` and a margin) is cut to that
many tokens of the judge's own tokenizer when it has one (local back-ends), otherwise
to an estimate of 4 characters per token (HTTP back-ends; context length 8192 unless
the judge says otherwise). Every cut is recorded (tokens before, tokens kept, method).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from topicatlas.errors import InputFormatError

DEFAULT_CONTEXT = 8192
CHARS_PER_TOKEN = 4
MARGIN = 32


def as_texts(documents: Any) -> list[str]:
    """Documents as strings: texts, token lists (joined with spaces) or a
    :class:`~topicatlas.corpus.Corpus` (its raw texts, else its tokens)."""
    if hasattr(documents, "tokens") and hasattr(documents, "vocab"):  # a Corpus
        documents = documents.texts if documents.texts is not None else documents.tokens
    out = []
    for i, d in enumerate(documents):
        if d is None:
            out.append("")
        elif isinstance(d, str):
            out.append(d)
        elif isinstance(d, Sequence):
            out.append(" ".join(str(t) for t in d))
        else:
            raise InputFormatError(f"document {i} is a {type(d).__name__}; expected text or a token list")
    return out


def assignments(doc_topic: Any, n_docs: int, n_topics: int) -> np.ndarray:
    """The topic of each document from a D x K matrix (argmax) or a length-D id vector."""
    arr = np.asarray(doc_topic)
    if arr.ndim == 2:
        if arr.shape[0] != n_docs:
            raise InputFormatError(
                f"doc_topic has {arr.shape[0]} rows but there are {n_docs} documents"
            )
        if arr.shape[1] != n_topics:
            raise InputFormatError(f"doc_topic has {arr.shape[1]} columns but there are {n_topics} topics")
        return arr.argmax(axis=1)
    if arr.ndim == 1:
        if len(arr) != n_docs:
            raise InputFormatError(f"doc_topic has {len(arr)} entries but there are {n_docs} documents")
        ids = arr.astype(int)
        if len(ids) and (ids.max() >= n_topics or ids.min() < -1):
            raise InputFormatError(f"doc_topic holds topic ids outside 0..{n_topics - 1}")
        return ids
    raise InputFormatError("doc_topic must be a D x K matrix or a vector of D topic ids")


def sample_documents(
    texts: Sequence[str], doc_topic: Any, n_topics: int, *, per_topic: int = 100, seed: int = 0
) -> tuple[dict[int, list[int]], dict[int, int]]:
    """(topic -> sampled document indices, topic -> empty documents left out)."""
    assign = assignments(doc_topic, len(texts), n_topics)
    rng = np.random.default_rng(seed)
    sample: dict[int, list[int]] = {}
    empty: dict[int, int] = {}
    for k in range(n_topics):
        idx = np.flatnonzero(assign == k)
        nonempty = [int(i) for i in idx if texts[i].strip()]
        empty[k] = len(idx) - len(nonempty)
        if len(nonempty) > per_topic:
            chosen = rng.choice(nonempty, size=per_topic, replace=False)
            nonempty = sorted(int(i) for i in chosen)
        sample[k] = nonempty
    return sample, empty


@dataclass
class Truncator:
    """Cuts documents to a judge's token budget (see the module docstring)."""

    tokenizer: Any = None
    context_length: int = DEFAULT_CONTEXT
    max_document_tokens: int | None = None

    @property
    def method(self) -> str:
        return "tokenizer" if self.tokenizer is not None else f"estimate ({CHARS_PER_TOKEN} chars/token)"

    def count(self, text: str) -> int:
        if self.tokenizer is not None:
            return len(self.tokenizer.encode(text, add_special_tokens=False))
        return math.ceil(len(text) / CHARS_PER_TOKEN)

    def budget(self, prompt_without_document: str, max_tokens: int) -> int:
        room = self.context_length - self.count(prompt_without_document) - max_tokens - MARGIN
        if self.max_document_tokens is not None:
            room = min(room, self.max_document_tokens)
        return max(room, 0)

    def cut(self, text: str, budget: int) -> tuple[str, dict[str, Any]]:
        n = self.count(text)
        info = {"doc_tokens": n, "doc_tokens_kept": min(n, budget), "truncated": n > budget,
                "token_count": self.method}
        if n <= budget:
            return text, info
        if self.tokenizer is not None:
            ids = self.tokenizer.encode(text, add_special_tokens=False)[:budget]
            return self.tokenizer.decode(ids), info
        cut = text[: budget * CHARS_PER_TOKEN]
        space = cut.rfind(" ")
        return (cut[:space] if space > 0 else cut), info


def truncator_for(backend: Any, *, context_length: int | None = None,
                  max_document_tokens: int | None = None, load: bool = True) -> Truncator:
    """A :class:`Truncator` using the back-end's own tokenizer and context when it has them.

    Local back-ends (``gguf``, ``transformers``) are loaded to read their tokenizer and
    ``max_position_embeddings``; other back-ends use the estimate and ``context_length``.
    """
    tok, ctx = None, context_length
    if load or not hasattr(backend, "load"):  # local back-ends load their model to answer these
        tok = getattr(backend, "tokenizer", None)
        ctx = context_length or getattr(backend, "context_length", None)
    return Truncator(tok, int(ctx or DEFAULT_CONTEXT), max_document_tokens)
