"""The similarity-relatedness axis with the real scorer (GloVe + WordNet features).

Uses the packaged default weights when they exist; otherwise the same network with
seeded random weights -- the layout checked here (columns, baseline, uncovered words,
shifted gap at 0 for random words) does not depend on training, the values do.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from topicatlas.evaluate import evaluate

A = [s.split() for s in (
    "game team season player league coach win match goal club",
    "market share price stock bank rate investor profit company sale",
)]
B = [s.split() for s in (
    "mobile phone technology software users digital internet broadband xqzzyv computer",
    "xqzzyv qqwwzz",
)]


@pytest.fixture(scope="module")
def scorer():
    from topicatlas.scorer.api import Scorer, default_weights_path

    if default_weights_path().is_file():
        return Scorer.default()
    import torch

    from topicatlas.scorer.model import ModelConfig, PairScorerNet

    torch.manual_seed(0)
    return Scorer(PairScorerNet(ModelConfig()), config={"vectors": "glove-6b-50d"})


@pytest.fixture(scope="module")
def result(scorer):
    return evaluate({"lda": A, "odd": B}, scorer=scorer, progress=False, strict=True)


def test_topic_columns(result):
    t = result.topics.set_index(["model", "topic"])
    for col in ("similarity", "relatedness", "gap", "shifted_gap", "uncovered"):
        assert col in t.columns
    row = t.loc[("lda", 0)]
    assert 0 <= row["similarity"] <= 1 and 0 <= row["relatedness"] <= 1
    assert row["gap"] == pytest.approx(row["relatedness"] - row["similarity"])
    assert row["pairs_covered"] == 10 and row["uncovered"] == []


def test_uncovered_words_are_listed_not_hidden(result):
    t = result.topics.set_index(["model", "topic"])
    assert t.loc[("odd", 0), "uncovered"] == ["xqzzyv"]
    assert t.loc[("odd", 0), "pairs_covered"] == 10  # xqzzyv is not among the top five
    # a topic with no scorable pair: no score, and said so
    assert math.isnan(t.loc[("odd", 1), "similarity"])
    assert t.loc[("odd", 1), "uncovered"] == ["xqzzyv", "qqwwzz"]
    notes = " ".join(result.axes["simrel"].notes)
    assert "xqzzyv" in notes and "no covered word pair" in notes
    assert result.summary.loc["odd", "coverage"] == pytest.approx(1 - 2 / 11)


def test_baseline_and_position(result):
    base = result.axes["simrel"].extra["baseline"]
    assert base["shifted_gap"] == 0.0 and base["n_topics"] == 200
    assert "general English" in base["vocabulary"]  # no corpus, no model vocabularies
    assert base["gap"] == pytest.approx(base["relatedness"] - base["similarity"])
    for name, row in result.summary.iterrows():
        sg = row["shifted_gap"]
        assert np.isfinite(sg), name
        word = "relatedness-leaning" if sg > 0.02 else (
            "similarity-leaning" if sg < -0.02 else "at the random-word baseline")
        assert word in row["position"]


def test_json_has_the_required_keys(result):
    data = json.loads(result.to_json())
    for topic in data["topics"]:
        for key in ("words", "similarity", "relatedness", "gap"):
            assert key in topic
    assert data["topics"][3]["similarity"] is None  # NaN is written as null
    assert data["random_baseline"]["similarity"] > 0


def test_baseline_from_corpus_vocabulary(scorer):
    from topicatlas.corpus import Corpus

    docs = [["game", "team", "season", "player", "coach", "goal", "club", "market", "bank",
             "price", "stock", "rate", "profit", "film", "music", "song", "band"]] * 3
    r = evaluate(A, corpus=Corpus.from_tokens(docs, name="mini"), scorer=scorer, progress=False,
                 strict=True)
    assert "reference corpus 'mini'" in r.axes["simrel"].extra["baseline"]["vocabulary"]


def test_missing_scorer_weights_are_explained(monkeypatch, tmp_path):
    from topicatlas.scorer import api

    monkeypatch.setattr(api.Scorer, "_default", None)
    monkeypatch.setattr(api, "default_weights_path", lambda: tmp_path / "none.safetensors")
    r = evaluate(A, progress=False)
    ax = r.axes["simrel"]
    assert not ax.available and "no scorer weights" in ax.reason
    assert r.axes["diversity"].available  # the rest is still produced


def test_report_marks_uncovered_and_scored_words(result, tmp_path):
    html = result.to_html(tmp_path / "r.html").read_text(encoding="utf-8")
    assert '<span class="w unc" title="not covered by the scorer">xqzzyv</span>' in html
    assert '<span class="w top">game</span>' in html  # first five words: scored
    assert '<span class="w ">club</span>' in html  # tenth word: shown, not scored
    assert "random words (baseline)" in html
    # hovering a topic's point in the scatter shows its words
    assert '<g id="tip-0" class="tip"><title>lda #0: game team season player' in html


def test_random_model_sits_at_the_random_word_baseline(scorer):
    """The zoo's random model draws topic words at random: its topics are random-word
    topics, so its mean shifted gap is near 0 while a real model's is not."""
    from topicatlas.corpus import load_corpus
    from topicatlas.models import fit_model
    from topicatlas.scorer.api import default_weights_path

    if not default_weights_path().is_file():
        pytest.fail("this property needs the trained default scorer weights")
    bbc = load_corpus("bbc")
    r = evaluate({"random": fit_model("random", bbc, 20, seed=0),
                  "lsi": fit_model("lsi", bbc, 20, seed=0)},
                 corpus=bbc, scorer=scorer, skip=["coherence"], progress=False, strict=True)
    gaps = r.summary["shifted_gap"]
    assert abs(gaps["random"]) < 0.1
    assert gaps["lsi"] > gaps["random"] + 0.1
    assert "reference corpus 'bbc'" in r.axes["simrel"].extra["baseline"]["vocabulary"]
