"""Input adapters: turn whatever a user has into :class:`TopicSet` objects.

A :class:`TopicSet` is one model's topics (top words per topic, best first), with its
topic-word and document-topic matrices when the source has them. Accepted inputs:

* a topics file (plain lines, CSV/TSV with a ``Topic words`` column, or JSON; read with
  :func:`topicatlas.topics.read_topics`);
* an OCTIS output: the dict a model's ``train_model`` returns (``"topics"``,
  ``"topic-word-matrix"``, ``"topic-document-matrix"``), the ``.npz`` file OCTIS saves it
  to, or a folder of such files (one model per file);
* a saved topicatlas model output (a folder or file written by
  ``topicatlas.models.TopicModelOutput.save``) and a ``TopicModelOutput`` object;
* in Python: a gensim ``LdaModel`` (or any gensim model with ``show_topic``), a
  ``BERTopic`` model, a tomotopy model, a scikit-learn NMF / LatentDirichletAllocation
  given with its fitted vectorizer as a ``(model, vectorizer)`` tuple or a ``Pipeline``,
  and a plain list of word lists.

Several models at once: a dict ``{name: model}`` or a list of models. A list whose
items are all word lists is ONE model (a list of topics), not several.

Libraries are recognised by their class's module name, so this module imports none of
gensim, bertopic, tomotopy or scikit-learn.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from topicatlas.errors import DataNotFoundError, InputFormatError

DEFAULT_TOP_N = 10


@dataclass
class TopicSet:
    """One model's topics.

    Attributes:
        name: the model's display name (unique within one evaluation).
        topics: per topic its top words, best first.
        source: where the topics came from, in words (shown in the report).
        topic_word: K x V topic-word weights when the source has them, else None.
        vocab: the V words indexing ``topic_word`` columns, else None.
        doc_topic: D x K document-topic weights when the source has them, else None.
        notes: problems found while reading (shown in the report), e.g. topics of
            inconsistent lengths.
    """

    name: str
    topics: list[list[str]]
    source: str
    topic_word: np.ndarray | None = None
    vocab: list[str] | None = None
    doc_topic: np.ndarray | None = None
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.topics = [[str(w) for w in t] for t in self.topics]
        if not self.topics:
            raise InputFormatError(f"{self.source}: no topics")
        self.notes = list(self.notes) + _length_notes(self.topics, self.source)

    @property
    def n_topics(self) -> int:
        return len(self.topics)


def _length_notes(topics: list[list[str]], source: str) -> list[str]:
    """Describe topics whose length differs from the most common length (and empty ones)."""
    notes = []
    empty = [i for i, t in enumerate(topics) if not t]
    if empty:
        notes.append(
            f"{source}: topic(s) {', '.join(str(i) for i in empty)} have no words; "
            "they are kept in the table but get no scores"
        )
    lengths = [len(t) for t in topics if t]
    if lengths:
        values, counts = np.unique(lengths, return_counts=True)
        common = int(values[np.argmax(counts)])
        odd = [(i, len(t)) for i, t in enumerate(topics) if t and len(t) != common]
        if odd and counts.max() * 2 <= len(lengths):  # no length is the majority
            listed = ", ".join(f"topic {i} has {len(t)}" for i, t in enumerate(topics[:8]) if t)
            more = " ..." if len(topics) > 8 else ""
            notes.append(
                f"{source}: topics have inconsistent lengths ({listed}{more}). Each topic is "
                "scored on the words it has; check the file if this is not intended")
        elif odd:
            listed = ", ".join(f"topic {i} has {n}" for i, n in odd[:8])
            more = f" (and {len(odd) - 8} more)" if len(odd) > 8 else ""
            notes.append(
                f"{source}: topics have inconsistent lengths: most have {common} words, but "
                f"{listed}{more}. Each topic is scored on the words it has; check the file "
                "if this is not intended (e.g. a wrapped line or a missing separator)"
            )
    return notes


# -- one object -> TopicSet -------------------------------------------------

def _module_of(obj: Any) -> str:
    return type(obj).__module__ or ""


def _is_word_list(x: Any) -> bool:
    return isinstance(x, Sequence) and not isinstance(x, str | bytes) and all(
        isinstance(w, str) for w in x
    )


def _is_topic_list(x: Any) -> bool:
    return (
        isinstance(x, Sequence)
        and not isinstance(x, str | bytes)
        and len(x) > 0
        and all(_is_word_list(t) for t in x)
    )


def _top_words(weights: np.ndarray, vocab: Sequence[str], top_n: int) -> list[list[str]]:
    order = np.argsort(-np.asarray(weights, dtype=float), axis=1, kind="stable")[:, :top_n]
    return [[str(vocab[j]) for j in row] for row in order]


def from_gensim(model: Any, name: str, top_n: int) -> TopicSet:
    """A gensim topic model (``LdaModel``, ``LdaMulticore``, ``LsiModel``...)."""
    k = int(model.num_topics)
    topics = [[w for w, _ in model.show_topic(i, topn=top_n)] for i in range(k)]
    topic_word = vocab = None
    if hasattr(model, "get_topics") and getattr(model, "id2word", None) is not None:
        topic_word = np.asarray(model.get_topics())
        id2word = model.id2word
        vocab = [id2word[i] for i in range(topic_word.shape[1])]
    return TopicSet(name, topics, f"gensim {type(model).__name__} (K={k})", topic_word, vocab)


def from_bertopic(model: Any, name: str, top_n: int) -> TopicSet:
    """A fitted ``BERTopic`` model. The outlier topic -1 is left out (it is not a topic)."""
    info = model.get_topics()
    if not info:
        raise InputFormatError(f"{name}: this BERTopic model has no topics (is it fitted?)")
    ids = sorted(t for t in info if t != -1)
    topics = [[w for w, _ in info[t][:top_n] if w] for t in ids]
    note = []
    if -1 in info:
        note.append(f"{name}: BERTopic's outlier topic -1 is not evaluated")
    return TopicSet(name, topics, f"BERTopic (K={len(ids)} topics, outlier topic excluded)",
                    notes=note)


def from_tomotopy(model: Any, name: str, top_n: int) -> TopicSet:
    """A trained tomotopy model (``LDAModel``, ``CTModel``, ``PAModel``'s sub-topics...)."""
    k = int(model.k)
    if not model.docs:
        raise InputFormatError(f"{name}: this tomotopy model has no documents (is it trained?)")
    topics = [[w for w, _ in model.get_topic_words(i, top_n=top_n)] for i in range(k)]
    topic_word = np.stack([np.asarray(model.get_topic_word_dist(i)) for i in range(k)])
    vocab = list(model.used_vocabs)
    return TopicSet(name, topics, f"tomotopy {type(model).__name__} (K={k})", topic_word, vocab)


def from_sklearn(model: Any, vectorizer: Any, name: str, top_n: int) -> TopicSet:
    """A scikit-learn NMF / LatentDirichletAllocation (``components_``) with its vectorizer."""
    if not hasattr(model, "components_"):
        raise InputFormatError(
            f"{name}: the scikit-learn {type(model).__name__} is not fitted "
            "(no components_); fit it before evaluating"
        )
    if not hasattr(vectorizer, "get_feature_names_out"):
        raise InputFormatError(
            f"{name}: expected (model, vectorizer) with a fitted CountVectorizer or "
            f"TfidfVectorizer, got {type(vectorizer).__name__}"
        )
    vocab = [str(w) for w in vectorizer.get_feature_names_out()]
    weights = np.asarray(model.components_, dtype=float)
    if weights.shape[1] != len(vocab):
        raise InputFormatError(
            f"{name}: the model has {weights.shape[1]} word columns but the vectorizer "
            f"{len(vocab)} words; pass the vectorizer the model was fitted with"
        )
    topics = _top_words(weights, vocab, top_n)
    return TopicSet(name, topics, f"scikit-learn {type(model).__name__} (K={len(topics)})",
                    weights, vocab)


def from_octis(output: Mapping[str, Any], name: str, top_n: int, source: str = "") -> TopicSet:
    """An OCTIS model output dict (keys ``topics``, ``topic-word-matrix``, ``topic-document-matrix``).

    OCTIS's ``topics`` are already the top words; the topic-word matrix is kept but its
    columns are unnamed (OCTIS keeps the vocabulary in the dataset), so no vocabulary is set.
    """
    src = source or f"OCTIS output {name}"
    if "topics" not in output or output["topics"] is None:
        keys = ", ".join(map(str, output)) or "none"
        raise InputFormatError(
            f"{src}: an OCTIS output needs a 'topics' entry (list of word lists); keys found: {keys}"
        )
    topics = [[str(w) for w in t][:top_n] for t in list(output["topics"])]
    tw = output.get("topic-word-matrix")
    dt = output.get("topic-document-matrix")
    doc_topic = np.asarray(dt).T if dt is not None else None  # OCTIS stores it K x D
    return TopicSet(name, topics, src, np.asarray(tw) if tw is not None else None, None, doc_topic)


def _from_model_output(obj: Any, name: str, top_n: int, source: str) -> TopicSet:
    """A ``topicatlas.models.TopicModelOutput`` (duck-typed: ``topics`` plus optional matrices)."""
    topics = [list(t)[:top_n] for t in obj.topics]
    vocab = getattr(obj, "vocab", None)
    if vocab is not None and hasattr(vocab, "words"):
        vocab = list(vocab.words)
    tw = getattr(obj, "topic_word", None)
    dt = getattr(obj, "doc_topic", None)
    return TopicSet(name, topics, source,
                    np.asarray(tw) if tw is not None else None,
                    list(vocab) if vocab is not None else None,
                    np.asarray(dt) if dt is not None else None)


def _load_saved_model_output(path: Path) -> Any | None:
    """Load a folder written by ``TopicModelOutput.save`` with the models package's loader.

    Returns None when ``path`` is not such a folder (no ``output.json``).
    """
    if not (path.is_dir() and (path / "output.json").is_file()):
        return None
    try:
        from topicatlas.models.output import load_output
    except ImportError as exc:  # pragma: no cover - the models package ships with topicatlas
        raise InputFormatError(
            f"{path} looks like a saved topicatlas model output, but topicatlas.models cannot "
            f"be imported ({exc})"
        ) from exc
    return load_output(path)


def _load_npz(path: Path) -> dict[str, Any]:
    try:
        with np.load(path, allow_pickle=False) as data:
            return {k: data[k] for k in data.files}
    except ValueError as exc:
        # Ragged topic lists are stored as object arrays, which need pickle. OCTIS writes
        # these files itself; only load them from a source you trust.
        if "allow_pickle" not in str(exc):
            raise InputFormatError(f"{path}: not a readable .npz file ({exc})") from exc
        with np.load(path, allow_pickle=True) as data:
            return {k: data[k] for k in data.files}


def from_path(path: str | Path, name: str | None, top_n: int) -> list[TopicSet]:
    """A file or folder: topics file, OCTIS ``.npz`` output(s), or a saved topicatlas model."""
    p = Path(path)
    if not p.exists():
        raise DataNotFoundError(
            f"no such topics file or model folder: {p} (give a topics file with one topic per "
            "line, a CSV/TSV with a 'Topic words' column, an OCTIS output .npz or folder, or a "
            "folder saved by topicatlas.models)"
        )
    base = name or (p.name if p.is_dir() else p.stem)
    saved = _load_saved_model_output(p)
    if saved is not None:
        return [_from_model_output(saved, base, top_n, f"topicatlas model output {p}")]
    if p.is_dir():
        npz = sorted(p.glob("*.npz"))
        if not npz:
            raise InputFormatError(
                f"{p}: a folder must hold OCTIS outputs (*.npz, one model per file) or a saved "
                "topicatlas model output; found neither"
            )
        sets = []
        for f in npz:
            sets.append(from_octis(_load_npz(f), f"{base}/{f.stem}" if len(npz) > 1 else base,
                                   top_n, f"OCTIS output {f}"))
        return sets
    if p.suffix == ".npz":
        return [from_octis(_load_npz(p), base, top_n, f"OCTIS output {p}")]
    from topicatlas.topics import read_topics

    topics = read_topics(p)
    if p.suffix == ".json":  # a JSON dump of an OCTIS dict is read by read_topics too
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
            if isinstance(data, dict) and "topic-word-matrix" in data:
                return [from_octis(data, base, top_n, f"OCTIS output {p}")]
        except (json.JSONDecodeError, UnicodeDecodeError):
            pass
    return [TopicSet(base, topics, f"topics file {p}")]


def to_topic_set(obj: Any, name: str | None = None, top_n: int = DEFAULT_TOP_N) -> list[TopicSet]:
    """Convert one model-like object to topic sets (a folder of OCTIS outputs gives several)."""
    if isinstance(obj, TopicSet):
        return [obj]
    if isinstance(obj, str | Path):
        return from_path(obj, name, top_n)
    mod = _module_of(obj)
    cls = type(obj).__name__
    if _is_topic_list(obj):
        return [TopicSet(name or "topics", [list(t) for t in obj], "list of topics")]
    if isinstance(obj, Mapping) and _is_octis_dict(obj):
        return [from_octis(obj, name or "octis", top_n)]
    if isinstance(obj, tuple) and len(obj) == 2 and hasattr(obj[0], "fit"):
        model, vectorizer = obj
        return [from_sklearn(model, vectorizer, name or type(model).__name__, top_n)]
    if mod.startswith("sklearn.pipeline"):
        steps = [s for _, s in obj.steps]
        vec = next((s for s in steps if hasattr(s, "get_feature_names_out")
                    and hasattr(s, "vocabulary_")), None)
        model = next((s for s in steps if hasattr(s, "components_")), None)
        if vec is None or model is None:
            raise InputFormatError(
                f"{name or 'pipeline'}: a scikit-learn Pipeline must hold a fitted vectorizer "
                "and a topic model with components_ (NMF, LatentDirichletAllocation)"
            )
        return [from_sklearn(model, vec, name or type(model).__name__, top_n)]
    if mod.startswith("sklearn."):
        raise InputFormatError(
            f"a scikit-learn {cls} needs its vectorizer to name the words: pass "
            f"({cls.lower()}, vectorizer) or a Pipeline"
        )
    if mod.startswith("gensim."):
        return [from_gensim(obj, name or cls, top_n)]
    if mod.startswith("bertopic") or cls == "BERTopic":
        return [from_bertopic(obj, name or "BERTopic", top_n)]
    if mod.startswith("tomotopy"):
        return [from_tomotopy(obj, name or cls, top_n)]
    if hasattr(obj, "topics") and (hasattr(obj, "topic_word") or hasattr(obj, "doc_topic")):
        label = getattr(obj, "name", None) or getattr(obj, "model", None) or cls
        return [_from_model_output(obj, name or str(label), top_n, f"{cls} object")]
    raise InputFormatError(
        f"cannot evaluate a {mod}.{cls}: give a topics file, a list of word lists, an OCTIS "
        "output, a TopicModelOutput, a gensim/BERTopic/tomotopy model, or a scikit-learn "
        "(model, vectorizer) pair"
    )


_OCTIS_KEYS = ("topics", "topic-word-matrix", "topic-document-matrix")


def _is_octis_dict(obj: Mapping[str, Any]) -> bool:
    return any(k in obj for k in _OCTIS_KEYS)


def _is_collection_of_models(obj: Any) -> bool:
    if isinstance(obj, Mapping):
        return not _is_octis_dict(obj)
    if isinstance(obj, list) and obj and not _is_topic_list(obj):
        return not (len(obj) == 2 and hasattr(obj[0], "components_"))
    return False


def collect_topic_sets(models: Any, top_n: int = DEFAULT_TOP_N) -> list[TopicSet]:
    """Normalise ``models`` (one model, a list, or a ``{name: model}`` dict) to topic sets.

    Names are made unique (``lda``, ``lda-2``...), in the order given.
    """
    if _is_collection_of_models(models):
        items = list(models.items()) if isinstance(models, Mapping) else [(None, m) for m in models]
    else:
        items = [(None, models)]
    if not items:
        raise InputFormatError("nothing to evaluate: no models or topics were given")
    sets: list[TopicSet] = []
    for name, obj in items:
        sets.extend(to_topic_set(obj, None if name is None else str(name), top_n))
    seen: dict[str, int] = {}
    for ts in sets:
        n = seen.get(ts.name, 0) + 1
        seen[ts.name] = n
        if n > 1:
            ts.name = f"{ts.name}-{n}"
    return sets
