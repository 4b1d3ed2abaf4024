"""Every registered topic model passes the package's conformance checks.

The checks run on the built-in 40-document corpus (real English sentences written for
topicatlas) with each model's registered ``fast_params`` (few epochs/iterations).
"""

from __future__ import annotations

import pytest

from topicatlas.models import MODELS, is_installed
from topicatlas.models.checks import CHECKS, check_topic_model


@pytest.mark.parametrize("name", MODELS.names())
def test_model_passes_conformance_checks(name: str) -> None:
    assert is_installed(name), f"{name} is not installed in the dev environment"
    results = check_topic_model(name)
    assert [r.check for r in results] == list(CHECKS)
    assert all(r.passed for r in results)


def test_a_broken_adapter_fails_the_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks can fail: an adapter returning a wrong doc-topic shape is caught."""
    import numpy as np

    from topicatlas.models.base import FitResult
    from topicatlas.registry import Entry

    def broken(corpus, n_topics, seed, **params):  # noqa: ANN001, ANN202
        rng = np.random.default_rng(seed)
        return FitResult(rng.random((n_topics, len(corpus.vocab))), rng.random((3, n_topics)))

    entries = dict(MODELS._entries)
    entries["broken"] = Entry("broken", broken, {**MODELS.meta("random"), "requires": ()})
    monkeypatch.setattr(MODELS, "_entries", entries)
    results = check_topic_model("broken", raise_on_failure=False, checks=["contract", "bad_input"])
    by_check = {r.check: r for r in results}
    assert not by_check["contract"].passed and "doc_topic" in by_check["contract"].message
    assert by_check["bad_input"].passed
    with pytest.raises(AssertionError, match="failed 1 check"):
        check_topic_model("broken", checks=["contract"])
