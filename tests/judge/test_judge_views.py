"""Aggregation rules, normalisation (paper 5.2), radar plots and agreement between judges."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from topicatlas.judge.aggregate import vote
from topicatlas.judge.agreement import agreement, reliability
from topicatlas.judge.normalise import normalise, normalise_values
from topicatlas.judge.radar import radar_plots
from topicatlas.judge.result import JudgeResult


def test_vote_is_a_strict_majority_of_valid_draws():
    five = [["a", "b"], ["a"], ["a", "c"], ["b"], ["b", "c"]]
    assert vote(five) == ["a", "b"]  # a: 3 of 5, b: 3 of 5, c: 2 of 5
    assert vote(five[:4]) == ["a"]  # 4 valid draws: 3 needed
    assert vote([["x"]]) == ["x"]
    assert vote([]) == []


def _draw(metric, topic, draw, ok, parsed, attempt=0, final=True, rejected=0):
    return {"model": "m", "judge": "j", "metric": metric, "topic": topic, "unit": "", "draw": draw,
            "attempt": attempt, "final": final, "ok": ok, "parsed": parsed, "n_accepted": int(ok),
            "n_rejected": rejected}


def test_missing_draws_are_counted_not_dropped():
    rows = [
        _draw("c_rate", 0, 0, True, 3.0), _draw("c_rate", 0, 1, False, None, attempt=0, final=False),
        _draw("c_rate", 0, 1, False, None, attempt=1), _draw("c_rate", 0, 2, True, 2.0),
        _draw("c_rate", 1, 0, False, None),
    ]
    r = JudgeResult.from_draws(pd.DataFrame(rows))
    t = r.table.set_index("topic")
    assert t.loc[0, "value"] == 2.5 and t.loc[0, "n_missing"] == 1 and t.loc[0, "n_valid"] == 2
    assert math.isnan(t.loc[1, "value"]) and t.loc[1, "status"] == "missing"
    s = r.summary.iloc[0]
    assert s["topics_missing"] == 1 and s["draws_failed"] == 2 and s["retries"] == 1
    assert s["value"] == 2.5


def test_normalisation_formula():
    assert normalise_values([1, 2, 3], True).tolist() == [0.0, 0.5, 1.0]
    assert normalise_values([1, 2, 3], False).tolist() == [1.0, 0.5, 0.0]
    # as written, the formula can leave [0, 1]: 0,0,0,1 -> 1.25 for the 1 (not clipped)
    assert normalise_values([0, 0, 0, 1], True)[-1] == pytest.approx(1.25)
    assert normalise_values([0, 0, 0, 1], True, clip=True)[-1] == 1.0
    assert normalise_values([2, 2], True).tolist() == [0.5, 0.5]
    assert np.isnan(normalise_values([np.nan, 1.0, 2.0], True)[0])


def _summary():
    rows = []
    rng = np.random.default_rng(0)
    for judge in ("mistral", "qwen"):
        for model in ("lda", "prodlda", "bertopic"):
            for metric, hib in (("c_rate", True), ("c_outlier", False), ("r_rate", True), ("d_rate", True)):
                rows.append({"model": model, "judge": judge, "metric": metric,
                             "higher_is_better": hib, "value": float(rng.uniform(1, 3))})
    return pd.DataFrame(rows)


def test_normalise_groups_by_judge_and_metric():
    n = normalise(_summary())
    for _, grp in n.groupby(["judge", "metric"]):
        assert grp["value_norm"].mean() == pytest.approx(0.5)  # the mean maps to 0.5
        best = grp.loc[grp["value"].idxmax(), "value_norm"]
        assert best == grp["value_norm"].max() if grp["higher_is_better"].iloc[0] else best == grp["value_norm"].min()


def test_radar_plots_png_and_svg(tmp_path):
    s = _summary()
    paths = radar_plots(s, tmp_path, corpus="20ng")
    names = sorted(p.name for p in paths)
    assert "radar_20ng_mistral.png" in names and "radar_20ng_all_judges.svg" in names
    assert all(p.stat().st_size > 1000 for p in paths)
    assert (tmp_path / "radar_20ng_qwen.png").read_bytes()[:4] == b"\x89PNG"
    assert b"<svg" in (tmp_path / "radar_20ng_qwen.svg").read_bytes()[:500]
    s2 = s.assign(corpus=np.where(s["model"] == "lda", "agris", "20ng"))
    assert any("agris" in p.name for p in radar_plots(s2, tmp_path / "c"))
    with pytest.raises(ValueError, match="at least 3"):
        radar_plots(s[s["metric"].isin(["c_rate", "r_rate"])], tmp_path / "x")


def test_agreement_between_judges():
    rows = []
    for t in range(20):
        base = t % 3 + 1
        rows += [{"model": "m", "judge": "a", "metric": "c_rate", "topic": t, "value": base, "status": "ok"},
                 {"model": "m", "judge": "b", "metric": "c_rate", "topic": t, "value": base, "status": "ok"},
                 {"model": "m", "judge": "c", "metric": "c_rate", "topic": t, "value": 4 - base, "status": "ok"}]
    a = agreement(pd.DataFrame(rows))
    sp = a[a["statistic"] == "spearman"].set_index(["judge_a", "judge_b"])["value"]
    assert sp[("a", "b")] == pytest.approx(1.0) and sp[("a", "c")] == pytest.approx(-1.0)
    alpha = a[a["statistic"] == "krippendorff_alpha"]["value"].iloc[0]
    assert -1 < alpha < 0.5


def test_reliability_on_reference(data_dir):
    from topicatlas.judge.reference import load_reference_judgments

    r = load_reference_judgments(judges=["mistral", "gemma-large"], models=["prodlda_50_200_0.1_0.001_40_0"])
    rel = reliability(r).set_index("judge")
    assert rel.loc["gemma-large", "hallucination_rate"] > 0  # IPA answers and the like
    assert np.isfinite(rel["mean_spearman_with_others"]).all()
