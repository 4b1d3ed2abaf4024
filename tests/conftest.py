"""Shared fixtures. Tests read real data from $TOPICATLAS_DATA (../shared/data in CI)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_DEFAULT_DATA = ROOT.parent / "shared" / "data"
if not os.environ.get("TOPICATLAS_DATA") and _DEFAULT_DATA.is_dir():
    os.environ["TOPICATLAS_DATA"] = str(_DEFAULT_DATA)
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """The shared data directory; the suite fails loudly (not skips) when it is missing."""
    path = Path(os.environ["TOPICATLAS_DATA"]) if os.environ.get("TOPICATLAS_DATA") else None
    if path is None or not path.is_dir():
        pytest.fail("TOPICATLAS_DATA is not set to an existing folder (expected ../shared/data)")
    return path


@pytest.fixture(autouse=True, scope="session")
def _session_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Keep the tests' caches out of the user's cache directory."""
    if not os.environ.get("TOPICATLAS_TEST_KEEP_CACHE"):
        os.environ["TOPICATLAS_CACHE"] = str(tmp_path_factory.mktemp("topicatlas-cache"))
