"""Where topicatlas reads data and writes caches.

* ``TOPICATLAS_DATA`` -- the data directory holding downloaded corpora, word-pair
  benchmarks, ConceptNet... in their canonical layouts (e.g. ``corpora/20news-bydate.tar.gz``).
  Default: ``<user data dir>/topicatlas`` (``~/.local/share/topicatlas`` on Linux).
* ``TOPICATLAS_CACHE`` -- derived artefacts (preprocessed corpora, vector memmaps,
  LLM response cache, WordNet information content). Default: the user cache dir
  (``~/.cache/topicatlas`` on Linux).

Both are read on every call, so tests and the CLI can change them at run time.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "topicatlas"


def data_dir() -> Path:
    """The data directory (``$TOPICATLAS_DATA`` or the per-user default)."""
    env = os.environ.get("TOPICATLAS_DATA")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP))


def cache_dir(*parts: str, create: bool = True) -> Path:
    """The cache directory (``$TOPICATLAS_CACHE`` or the per-user default), joined with ``parts``."""
    env = os.environ.get("TOPICATLAS_CACHE")
    if env:
        root = Path(env).expanduser()
    else:
        from platformdirs import user_cache_dir

        root = Path(user_cache_dir(APP))
    path = root.joinpath(*parts)
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
