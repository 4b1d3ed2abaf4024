"""Stopword lists and their identity (recorded in ``corpus.settings``).

The bundled English list (``"english"``, 337 words) is the 318-word Glasgow IR list
as shipped in scikit-learn (``ENGLISH_STOP_WORDS``) plus the 19 fragments that
splitting at apostrophes leaves of contractions (``don``, ``doesn``, ``isn``, ``ve``...),
written to ``corpus/data/stopwords_en.txt``. We chose scikit-learn's list over NLTK's
because it needs no corpus download and is the list many topic-modelling pipelines
use; the fragments are added because our tokeniser splits ``don't`` into ``don``, ``t``.

A stopword list is named by ``"english"`` (bundled), a path to a file with one word
per line (``#`` comments allowed), or ``None`` / ``"none"`` (no list). Its identity is
``"<name>:<n words>:sha256:<12 hex>"`` over the sorted words, so two runs with the
same settings but a different list never share a cache entry.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib import resources
from pathlib import Path

from topicatlas.errors import DataNotFoundError, UnknownNameError

BUNDLED = {"english": "stopwords_en.txt", "en": "stopwords_en.txt"}


def _parse(text: str) -> frozenset[str]:
    words = set()
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            words.add(line.lower())
    return frozenset(words)


@lru_cache(maxsize=16)
def _load(name: str) -> frozenset[str]:
    if name in BUNDLED:
        text = resources.files("topicatlas.corpus").joinpath("data", BUNDLED[name]).read_text("utf-8")
        return _parse(text)
    path = Path(name).expanduser()
    if not path.is_file():
        raise UnknownNameError(
            f"stopword list {name!r} is neither a bundled list ({', '.join(sorted(BUNDLED))}) "
            "nor an existing file (one word per line)."
        )
    try:
        return _parse(path.read_text("utf-8"))
    except OSError as exc:  # pragma: no cover - permissions etc.
        raise DataNotFoundError(f"cannot read stopword file {path}: {exc}") from exc


def stopword_set(name: str | None, extra: tuple[str, ...] | list[str] = ()) -> frozenset[str]:
    """The words of list ``name`` (``None``/"none": empty) plus ``extra`` words, lowercased."""
    base = frozenset() if name in (None, "", "none") else _load(str(name))
    return base | frozenset(w.lower() for w in extra) if extra else base


def stopword_identity(name: str | None, extra: tuple[str, ...] | list[str] = ()) -> str:
    """A stable identity of the list: name, size and a hash of its sorted words."""
    words = stopword_set(name, extra)
    digest = hashlib.sha256("\n".join(sorted(words)).encode("utf-8")).hexdigest()[:12]
    label = "none" if name in (None, "", "none") else (name if name in BUNDLED else Path(name).name)
    if extra:
        label += f"+{len(extra)} extra"
    return f"{label}:{len(words)}:sha256:{digest}"
