"""Pair annotation against a scripted OpenAI-compatible server (real HTTP on 127.0.0.1)."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from topicatlas.llm import ResponseCache, get_backend
from topicatlas.llm.testserver import Scripted, ScriptedChatServer
from topicatlas.pairs.annotate import AnnotationInterrupted, annotate_pairs, stability_pilot
from topicatlas.pairs.prompt import load_prompt

from .conftest import scripted_scores

PAIRS = pd.DataFrame(
    {
        "word1": ["cat", "car", "ocean", "bread", "happy"],
        "word2": ["lion", "road", "water", "toast", "glad"],
        "source": ["wordnet"] * 5,
    }
)


def backend(server, **kw):
    return get_backend("openai", "annotator", base_url=server.url, concurrency=1, **kw)


def test_sends_the_papers_prompt_and_parses(annotator, tmp_path):
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        table, stats = annotate_pairs(PAIRS, backend(annotator), cache=cache, progress=False)
    body = annotator.bodies[0]
    prompt = load_prompt("v1")
    assert body["temperature"] == 0.3
    assert body["messages"][0]["content"].startswith("You are an expert linguist neural")
    assert body["messages"][1]["content"] == prompt.user("cat", "lion")
    assert 'WORD1: "cat"\nWORD2: "lion"' in body["messages"][1]["content"]
    assert list(table.columns[:3]) == ["word1", "word2", "source"]
    assert (table["status"] == "ok").all() and stats.ok == 5 and annotator.n_requests == 5
    assert table.loc[0, "sim"] == 0.0  # scripted: no letter shared by cat and lion
    assert table.loc[1, "sim"] == pytest.approx(0.4)  # car/road: {a, r} of {a, c, d, o, r}
    assert table.loc[1, "rel"] == pytest.approx(0.7)
    assert table.loc[0, "reason"] == "scripted for cat/lion."


def test_malformed_answer_is_reasked_then_counted_as_failed(annotator, tmp_path):
    annotator.push(Scripted(text="I think they are similar."), Scripted(text="SIM: 7\nREL: 0.2"))
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        table, stats = annotate_pairs(
            PAIRS.iloc[:2], backend(annotator), cache=cache, progress=False, max_reasks=2
        )
    # pair 0 got "no SIM", pair 1 got SIM 7 (out of range): both re-asked once and then ok
    assert (table["status"] == "ok").all()
    assert list(table["asks"]) == [2, 2] and stats.reasked_malformed == 2
    assert annotator.n_requests == 4


def test_pair_that_never_parses_is_kept_as_failed(tmp_path):
    def words_only_for_cats(body):
        text = scripted_scores(body)
        return "SIM: high, REL: low" if '"cat"' in body["messages"][-1]["content"] else text

    with (
        ScriptedChatServer(models={"annotator"}, reply=words_only_for_cats) as server,
        ResponseCache(tmp_path / "c.sqlite") as cache,
    ):
        table, stats = annotate_pairs(
            PAIRS.iloc[:2], backend(server), cache=cache, progress=False, max_reasks=2
        )
    assert len(table) == 2 and list(table["status"]) == ["failed", "ok"]
    assert math.isnan(table.loc[0, "sim"]) and "malformed answer" in table.loc[0, "error"]
    assert table.loc[0, "asks"] == 3 and stats.failed == 1


def test_rerun_is_answered_from_the_cache(annotator, tmp_path):
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        first, _ = annotate_pairs(PAIRS, backend(annotator), cache=cache, progress=False)
        n = annotator.n_requests
        again, stats = annotate_pairs(PAIRS, backend(annotator), cache=cache, progress=False)
    assert annotator.n_requests == n and stats.cached == 5
    pd.testing.assert_frame_equal(first, again)


def test_several_draws_are_averaged(annotator, tmp_path):
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        table, stats = annotate_pairs(
            PAIRS, backend(annotator), draws=3, cache=cache, progress=False
        )
    assert annotator.n_requests == 15 and (table["n_draws_ok"] == 3).all()
    assert (table["sim_sd"].abs() < 1e-9).all()  # the scripted annotator is deterministic


def test_dead_backend_keeps_the_work_done_and_resumes(annotator, tmp_path):
    port = annotator.port
    done = []
    b = backend(annotator, max_retries=0)
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        original = cache.put

        def put_then_maybe_die(*args, **kw):
            original(*args, **kw)
            done.append(1)
            if len(done) == 3:
                annotator.stop()

        cache.put = put_then_maybe_die
        with pytest.raises(AnnotationInterrupted) as info:
            annotate_pairs(PAIRS, b, cache=cache, progress=False)
        cache.put = original
        partial = info.value.table
        assert len(partial) == 5 and (partial["status"] == "ok").sum() == 3
        assert "run the same command again" in str(info.value)

        with ScriptedChatServer(models={"annotator"}, reply=scripted_scores, port=port) as again:
            table, stats = annotate_pairs(PAIRS, b, cache=cache, progress=False)
            assert again.n_requests == 2
    assert (table["status"] == "ok").all() and stats.cached == 3


def test_stability_pilot_reports_correlations(annotator, tmp_path):
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        report = stability_pilot(
            PAIRS, backend(annotator), draws=3, n=4, cache=cache, progress=False
        )
    assert report.pairs == 4 and report.complete == 4 and annotator.n_requests == 12
    assert report.table.loc["sim", "pearson_r"] == pytest.approx(1.0)
    assert report.table.loc["rel", "mean_abs_diff"] == 0
    assert "spearman_rho" in report.render()
