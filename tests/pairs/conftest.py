"""Fixtures for the pair tests: a scripted annotator on a real 127.0.0.1 HTTP server."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from topicatlas.llm.testserver import ScriptedChatServer

_WORDS = re.compile(r'WORD1: "([^"]*)"\s*WORD2: "([^"]*)"')


def scripted_scores(body: dict) -> str:
    """A deterministic annotator: scores derived from the two words' letters."""
    user = body["messages"][-1]["content"]
    w1, w2 = _WORDS.search(user).groups()
    sim = (len(set(w1) & set(w2)) / len(set(w1) | set(w2))) if w1 and w2 else 0.0
    rel = (len(w1) + len(w2)) % 10 / 10
    return f"SIM: {sim:.2f}\nREL: {rel:.2f}\nREASON: scripted for {w1}/{w2}."


@pytest.fixture
def annotator() -> Iterator[ScriptedChatServer]:
    with ScriptedChatServer(models={"annotator"}, reply=scripted_scores) as server:
        yield server
