"""How the scorer reads a word before looking it up.

Defined behaviour for awkward input (each rule is tested):

* surrounding whitespace is stripped and the word is lower-cased (GloVe 6B is uncased,
  WordNet lemmas are lower-case);
* Unicode is NFC-normalised; a word that is not found as written is retried with its
  accents removed (``café`` -> ``cafe``), see :func:`ascii_fold`;
* multi-word or hyphenated tokens (``ice cream``, ``ice-cream``, ``new_york``) are first
  looked up as written (GloVe has ``ice-cream``); if the whole token has no vector, the
  vector is the mean of its parts' vectors when *every* part has one
  (:func:`split_parts`), otherwise the word is out of vocabulary. WordNet sees the
  underscore form (``ice_cream``), its own spelling of collocations;
* an empty word after stripping is out of vocabulary.

Pairs with an out-of-vocabulary word are never given a made-up score: their scores are
NaN (``null`` in JSON) and the coverage is reported.
"""

from __future__ import annotations

import re
import unicodedata

_SEPARATORS = re.compile(r"[\s_\-]+")


def normalize_word(word: str) -> str:
    """Lower-cased, stripped, NFC-normalised form of ``word``; inner whitespace becomes ``_``."""
    text = unicodedata.normalize("NFC", str(word)).strip().lower()
    return re.sub(r"\s+", "_", text)


def ascii_fold(word: str) -> str:
    """``word`` with combining accents removed (``café`` -> ``cafe``); other non-ASCII kept."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def split_parts(word: str) -> list[str]:
    """The parts of a multi-word or hyphenated token (``[]`` when it has a single part)."""
    parts = [p for p in _SEPARATORS.split(word) if p]
    return parts if len(parts) > 1 else []


def wordnet_form(word: str) -> str:
    """The WordNet spelling of a normalised word: separators become ``_``."""
    return "_".join(p for p in _SEPARATORS.split(word) if p) or word
