"""Word frequencies on the Zipf scale (wordfreq, English).

Zipf = log10(frequency per billion words): 7 for "the", ~3 for "mango", 0 for a word
wordfreq has never seen. The paper's pair curation keeps pairs whose words have Zipf
>= 2.0 and draws common-word negatives at Zipf >= 4.5 (Appendix B.3.1).

Normalisation: WordNet's multi-word lemmas use underscores (``ice_cream``); they are
turned into spaces before the look-up, and wordfreq then combines the parts' frequencies
as it does for any multi-word string. Case is folded by wordfreq itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import numpy as np

from topicatlas.errors import NotInstalledError


@lru_cache(maxsize=1)
def _zipf_frequency():
    try:
        from wordfreq import zipf_frequency
    except ImportError as exc:
        raise NotInstalledError(
            "word frequencies need wordfreq: pip install 'topicatlas[lexicon]'"
        ) from exc
    return zipf_frequency


@lru_cache(maxsize=200_000)
def zipf(word: str) -> float:
    """Zipf frequency of ``word`` in English (0.0 for unknown or empty words)."""
    if not isinstance(word, str):
        raise TypeError(f"zipf() needs a string, got {type(word).__name__}: {word!r}")
    text = word.replace("_", " ").strip()
    if not text:
        return 0.0
    return float(_zipf_frequency()(text, "en"))


def zipf_many(words: Iterable[str]) -> np.ndarray:
    """Zipf frequencies of ``words`` as a float64 array (see :func:`zipf`)."""
    return np.array([zipf(w) for w in words], dtype=np.float64)
