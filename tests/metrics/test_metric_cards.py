"""Every metric card (``topicatlas/metrics/cards/*.md``) and module docstring example runs."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import topicatlas.metrics

CARDS = sorted((Path(topicatlas.metrics.__file__).parent / "cards").glob("*.md"))


def test_there_are_cards():
    assert {c.stem for c in CARDS} >= {"coherence", "diversity", "embedding_coherence"}


@pytest.mark.parametrize("card", CARDS, ids=lambda p: p.stem)
def test_card_examples(card):
    result = doctest.testfile(str(card), module_relative=False, verbose=False)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("module", ["topicatlas.metrics.coherence", "topicatlas.metrics.diversity"])
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module), verbose=False)
    assert result.attempted > 0 and result.failed == 0
