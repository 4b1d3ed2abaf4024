"""Pieces of `scorer evaluate`: the baselines and the POS split (Table 15)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from topicatlas.scorer.evaluate import baselines, pos_table


def test_baselines_are_cosine_path_and_wup(featurizer):
    df = pd.DataFrame({"word1": ["dog", "car", "dog"], "word2": ["cat", "automobile", "xqzzyplorf"]})
    base = baselines(featurizer, df)
    v = featurizer.vectors
    a, b = v.vector("dog"), v.vector("cat")
    assert base["cosine"][0] == pytest.approx(float(a @ b / np.linalg.norm(a) / np.linalg.norm(b)), abs=1e-5)
    assert np.isnan(base["cosine"][2])
    assert base["wn_path"][1] == pytest.approx(1.0)  # car and automobile share a synset
    assert base["wn_wup"][1] == pytest.approx(1.0) and 0 < base["wn_wup"][0] < 1


def test_pos_table_splits_noun_noun_from_the_rest():
    df = pd.DataFrame({"word1": ["dog", "cat", "run", "happy", "table"],
                       "word2": ["cat", "horse", "walk", "sad", "chair"],
                       "sim": [0.8, 0.7, 0.6, 0.1, 0.75], "rel": [np.nan] * 5})
    pred = np.array([[0.9, 0.5], [0.6, 0.5], [0.5, 0.5], [0.1, 0.4], [0.7, 0.5]])
    out = pos_table(df, pred).set_index("subset")
    assert out.loc["noun-noun", "n"] == 3 and out.loc["other", "n"] == 2 and out.loc["all", "n"] == 5
    assert out.loc["all", "rho_sim"] == pytest.approx(1.0)


def test_card_sections_are_replaced_not_duplicated(tmp_path):
    from topicatlas.scorer.card import set_evaluation_section

    card = tmp_path / "MODEL_CARD.md"
    card.write_text("# card\n\n## Held-out metrics\n\nx\n")
    set_evaluation_section(card, "first", "cmd")
    set_evaluation_section(card, "abl", "cmd2", "Evaluation (ablations / scaling)")
    set_evaluation_section(card, "second", "cmd")
    text = card.read_text()
    assert text.count("## Evaluation\n") == 1 and "second" in text and "first" not in text
    assert "abl" in text and "## Held-out metrics" in text
