"""A tiny three-theme corpus for fitting real topic models quickly."""

from __future__ import annotations

import random

import pytest

THEMES = {
    "sport": "game team season player league coach win match goal score cup club".split(),
    "money": "market share price stock bank rate investor profit company sale growth trade".split(),
    "music": "film music star award show actor movie band album song singer concert".split(),
}


@pytest.fixture(scope="session")
def tiny_docs() -> list[str]:
    """90 short documents, 30 per theme, each 12 words drawn from its theme's words."""
    rng = random.Random(0)
    docs = []
    for _ in range(30):
        for words in THEMES.values():
            docs.append(" ".join(rng.choice(words) for _ in range(12)))
    return docs


@pytest.fixture(scope="session")
def tiny_tokens(tiny_docs: list[str]) -> list[list[str]]:
    return [d.split() for d in tiny_docs]
