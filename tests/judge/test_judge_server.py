"""End to end through the real OpenAI-compatible back-end against a loopback HTTP server.

The server (topicatlas.llm.testserver) is real HTTP on 127.0.0.1; its replies are
scripted functions of the prompt, standing in for a judge model (a real one cannot run
here; SmolLM2 runs in test_judge_smollm2.py).
"""

from __future__ import annotations

import csv
import json
import re
import threading

import numpy as np
import pandas as pd
import pytest

from topicatlas.cli import main
from topicatlas.errors import InputFormatError, UnknownNameError
from topicatlas.judge import judge
from topicatlas.llm import ResponseCache, get_backend
from topicatlas.llm.testserver import ScriptedChatServer

TOPICS = {
    "m1": [["dog", "cat", "horse", "car"], ["apple", "banana", "pear", "kiwi"], ["lonely"]],
    "m2": [["red", "green", "blue", "king"], ["one", "two", "three", "four"]],
}
DOCS = ["the dog and the cat", "apple pie with pear", "", "red and blue paint", "one two three"]
DOC_TOPIC = {"m1": [0, 1, 1, 0, 1], "m2": [0, 0, 1, 0, 1]}


def _words(prompt: str) -> list[str]:
    lists = re.findall(r"\[([^\]]*)\]", prompt)
    return [w.strip().strip('"') for w in lists[0].split(",")] if lists else []


def sensible(body) -> str:
    """A deterministic stand-in judge answering in the formats the prompts ask for."""
    q = body["messages"][-1]["content"]
    w = _words(q)
    if "The rate is" in q:
        return "The rate is: **2**"
    if "word pair with" in q:
        anchor = q.split("word pair with ")[1].split(" is (")[0]
        return f"('{anchor}', '{w[-1]}')"
    if "inconsistent words" in q:
        return f"[{w[-1]}, shakespeare]"
    if "word pairs are" in q:
        return f"({w[0]}, {w[1]}), (client, customer)"
    if "extraneous topics" in q:
        return f"[{w[0]}]"
    if "missed themes" in q:
        return "[politics, sports]"
    return "???"


def _backend(server, model="j", **kw):
    return get_backend("openai", model, base_url=server.url, backoff=0.01, max_retries=1, **kw)


def _adv_file(tmp_path, data_dir):
    src = data_dir / "llm-judgment-reference/data/adversial_test/random_100_topic_words_20ng.csv"
    rows = list(csv.reader(src.open(encoding="utf-8"), delimiter="\t"))
    path = tmp_path / "adv.tsv"
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, delimiter="\t")
        writer.writerow([*rows[0], "intruder"])
        for r in rows[1:4]:
            writer.writerow([*r, "zebra"])
    return path


def test_all_metrics_end_to_end_and_resume_from_cache(tmp_path, data_dir):
    cache = ResponseCache(tmp_path / "c.sqlite")
    with ScriptedChatServer(models={"j"}, reply=sensible) as server:
        b = _backend(server)
        kw = dict(metrics="all", documents=DOCS, doc_topic=DOC_TOPIC, draws=2, cache=cache,
                  progress=False, adversarial=_adv_file(tmp_path, data_dir))
        r = judge(TOPICS, [("j", b)], out_dir=tmp_path / "out", **kw)
        n_sent = server.n_requests
        assert r.info["requests_sent"] == n_sent > 0 and r.info["requests_cached"] == 0
        s = r.summary.set_index(["model", "metric"])
        assert s.loc[("m1", "c_rate"), "value"] == 2.0
        assert s.loc[("m1", "c_outlier"), "value"] == 1.0  # the last word, in 2 of 2 draws
        assert s.loc[("m1", "c_outlier"), "rejected_items"] == 4  # 'shakespeare' x 2 topics x 2 draws
        assert s.loc[("m2", "r_duplicate"), "value"] == 2.0  # (w0, w1) kept, (client, customer) rejected
        assert s.loc[("m1", "a_ir_topic"), "value"] == 1.0
        assert s.loc[("m1", "a_missing_theme"), "value"] == 2.0
        adv = r.adversarial().set_index("metric")
        assert adv.loc["advt_outlier", "tests"] == 3 and adv.loc["advt_duplicate", "tests"] == 3
        # the stand-in judge names the last word shown: a test succeeds iff the inserted
        # word landed last (intruder 'zebra' from the file; duplicates from the file)
        for metric in ("advt_outlier", "advt_duplicate"):
            d = r.draws[r.draws["metric"] == metric]
            extra = [json.loads(e) for e in d["extra"]]
            assert list(d["parsed"]) == [e["words"][-1] == e["inserted"] for e in extra]
            assert {e["inserted"] for e in extra} == ({"zebra"} if metric == "advt_outlier" else {"labor", "match", "drive"})
        assert adv["success_rate"].between(0, 1).all()
        # topic "lonely" (one word) is skipped, not sent; d_rate of m1 has one pair
        t = r.table.set_index(["model", "metric", "topic"])
        assert t.loc[("m1", "c_rate", 2), "status"] == "skipped"
        assert t.loc[("m1", "d_rate", 0), "n_units"] == 1
        docs = r.info["documents"]["j"]["m1"]
        assert docs["empty_documents_left_out"] == 1 and docs["documents_sampled"] == 4
        files = {p.name for p in (tmp_path / "out").iterdir()}
        assert {"table.csv", "draws.jsonl", "summary.csv", "info.json", "draws.partial.jsonl"} <= files
        partial = (tmp_path / "out" / "draws.partial.jsonl").read_text().splitlines()
        assert len(partial) == r.info["judges"]["j"]["requests"]
        # what was saved reads back
        from topicatlas.judge import JudgeResult

        back = JudgeResult.load(tmp_path / "out")
        assert back.table["value"].equals(r.table["value"]) and len(back.draws) == len(r.draws)
        pd.testing.assert_frame_equal(back.summary.reset_index(drop=True), r.summary.reset_index(drop=True),
                                      check_dtype=False)
        # a second run sends nothing
        r2 = judge(TOPICS, [("j", b)], **kw)
        assert server.n_requests == n_sent
        assert r2.info["requests_sent"] == 0 and r2.info["requests_cached"] == r.info["requests_cached"] + n_sent
        assert r2.table["value"].equals(r.table["value"])


def test_identical_prompts_are_sent_once(tmp_path):
    with ScriptedChatServer(models={"j"}, reply=sensible) as server:
        same = {"a": [["dog", "cat", "cow"]], "b": [["dog", "cat", "cow"]]}
        r = judge(same, [("j", _backend(server))], metrics="c_rate", draws=2,
                  cache=ResponseCache(tmp_path / "c.sqlite"), progress=False)
        assert server.n_requests == 2
    assert r.info["judges"]["j"]["sent"] == 2 and r.info["judges"]["j"]["shared"] == 2
    assert r.table["value"].tolist() == [2.0, 2.0]


def test_garbage_judge_is_retried_then_missing(tmp_path):
    with ScriptedChatServer(models={"g"}, reply=lambda body: "I like turtles.") as server:
        r = judge(TOPICS["m2"], [("g", _backend(server, "g"))], metrics=["c_rate", "c_outlier"],
                  draws=2, max_retries=2, cache=ResponseCache(tmp_path / "c.sqlite"), progress=False)
        assert server.n_requests == 2 * 2 * 2 * 3  # topics x metrics x draws x (1 + 2 re-asks)
    assert r.table["status"].eq("missing").all() and r.table["value"].isna().all()
    s = r.summary.set_index("metric")
    assert (s["draws_failed"] == 4).all() and (s["retries"] == 8).all()
    assert r.draws["answer"].eq("I like turtles.").all()  # every raw answer kept


def test_server_dying_mid_run_keeps_partial_results_and_resumes(tmp_path):
    cache = ResponseCache(tmp_path / "c.sqlite")
    topics = [["dog", "cat", "horse"], ["red", "green", "blue"], ["one", "two", "three"]]
    holder = {}

    def dying(body):
        server = holder["server"]
        if server.n_requests == 4:
            threading.Thread(target=server.stop).start()
        return sensible(body)

    server = ScriptedChatServer(models={"j"}, reply=dying)
    holder["server"] = server
    with server:
        b = get_backend("openai", "j", base_url=server.url, backoff=0.01, max_retries=1, concurrency=1)
        r = judge(topics, [("j", b)], metrics=["c_rate"], draws=3, cache=cache, progress=False,
                  out_dir=tmp_path / "out")
    assert r.info["fatal"]["j"]
    answered = int(r.draws["ok"].sum())
    assert 1 <= answered < 9 and r.info["requests_not_sent"] >= 1
    assert len((tmp_path / "out" / "draws.partial.jsonl").read_text().splitlines()) >= answered
    assert (r.table["n_missing"] > 0).any()
    with ScriptedChatServer(models={"j"}, reply=sensible) as again:
        b2 = get_backend("openai", "j", base_url=again.url, backoff=0.01)
        r2 = judge(topics, [("j", b2)], metrics=["c_rate"], draws=3, cache=cache, progress=False)
        assert r2.info["requests_cached"] == answered and again.n_requests == 9 - answered
    assert r2.table["value"].eq(2.0).all() and not r2.info["fatal"]


def test_corpus_documents(tmp_path):
    from topicatlas.corpus import Corpus

    corpus = Corpus.from_tokens([["dog", "cat"], ["apple", "pear"], []], name="tiny")
    with ScriptedChatServer(models={"j"}, reply=sensible) as server:
        r = judge(TOPICS["m1"][:2], [_backend(server)], metrics=["a_missing_theme"], documents=corpus,
                  doc_topic=np.array([[0.9, 0.1], [0.2, 0.8], [0.5, 0.5]]), draws=1,
                  cache=ResponseCache(tmp_path / "c.sqlite"), progress=False)
        prompts = [b["messages"][0]["content"] for b in server.bodies]
        assert len(prompts) == 2 and any('Given a document: "dog cat"' in p for p in prompts)
    assert next(iter(r.info["documents"].values()))["topics"]["empty_documents_left_out"] == 1
    assert r.summary["value"].tolist() == [2.0]


def test_bad_input_is_defined(tmp_path):
    with ScriptedChatServer(models={"j"}, reply=sensible) as server:
        b = _backend(server)
        with pytest.raises(InputFormatError, match="documents"):
            judge(TOPICS["m1"], [b], metrics=["a_ir_topic"], progress=False)
        with pytest.raises(UnknownNameError, match="c_rate"):
            judge(TOPICS["m1"], [b], metrics=["c_rat"], progress=False)
        with pytest.raises(InputFormatError, match="list of words"):
            judge(["dog cat"], [b], progress=False)
        quoted = [['say "hi"', "a,b", "o'neil", "plain"]]
        r = judge(quoted, [b], metrics=["c_outlier", "r_duplicate"], draws=1,
                  cache=ResponseCache(tmp_path / "c.sqlite"), progress=False)
        prompts = [b["messages"][0]["content"] for b in server.bodies]
        assert all("[\"say 'hi'\", \"a,b\", \"o'neil\", plain]" in p for p in prompts)
        t = r.table.set_index("metric")
        assert t.loc["c_outlier", "value"] == 1.0 and json.loads(t.loc["c_outlier", "detail"]) == ["plain"]
        assert t.loc["r_duplicate", "status"] == "ok"
    with pytest.raises(InputFormatError, match="rows"):
        judge(TOPICS["m2"], ["openai:x"], metrics=["a_ir_topic"], documents=DOCS,
              doc_topic=np.ones((3, 2)), progress=False)


def test_cli_dry_run_json_and_two_judges(tmp_path, capsys, monkeypatch):
    topics = tmp_path / "t.txt"
    topics.write_text("dog cat horse car\napple banana pear kiwi\nred green blue king\n")
    monkeypatch.setenv("TOPICATLAS_CACHE", str(tmp_path / "cache"))
    with ScriptedChatServer(models={"a", "b"}, reply=sensible) as server:
        base = ["judge", "--topics", str(topics), "--backend", "openai", "--model", "a", "--model", "b",
                "--base-url", server.url, "--no-progress", "--draws", "1"]
        assert main([*base, "--dry-run", "--json"]) == 0
        plan = json.loads(capsys.readouterr().out)
        assert server.n_requests == 0
        assert plan["requests"] == 2 * (3 * 4 + 3) and plan["est_input_tokens"] > 0
        assert main([*base, "--out", str(tmp_path / "o"), "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["requests_sent"] == server.n_requests == plan["requests"]
        assert out["requests_cached"] == 0
        assert main([*base, "--out", str(tmp_path / "o2"), "--json"]) == 0
        out2 = json.loads(capsys.readouterr().out)
        assert out2["requests_sent"] == 0 and out2["requests_cached"] == plan["requests"]
    names = {p.name for p in (tmp_path / "o").iterdir()}
    assert {"agreement.csv", "reliability.csv", "radar_openai_a.png", "radar_all_judges.svg"} <= names
    assert main(["judge", "--topics", str(topics), "--backend", "openai", "--model", "a",
                 "--metrics", "a_ir_topic", "--out", str(tmp_path / "x")]) == 2
    assert "documents" in capsys.readouterr().err


def test_top_level_api_is_callable(tmp_path):
    import topicatlas
    import topicatlas.judge as judge_module  # binds topicatlas.judge to the module

    with ScriptedChatServer(models={"j"}, reply=sensible) as server:
        for fn in (topicatlas.judge, judge_module):
            r = fn([["dog", "cat", "horse"]], [_backend(server)], metrics="c_rate", draws=1,
                   cache=ResponseCache(tmp_path / "c.sqlite"), progress=False)
            assert r.table["value"].tolist() == [2.0]


def test_nothing_to_ask_is_not_an_error(tmp_path, capsys):
    with ScriptedChatServer(models={"j"}, reply=sensible) as server:
        r = judge([["one"], []], [_backend(server)], metrics=["c_rate", "d_rate"], progress=False,
                  cache=ResponseCache(tmp_path / "c.sqlite"))
        assert server.n_requests == 0
    assert r.table["status"].eq("skipped").all() and len(r.table) == 4
    assert r.info["requests_sent"] == 0
    topics = tmp_path / "t.txt"
    topics.write_text("lonely\n")
    assert main(["judge", "--topics", str(topics), "--backend", "openai", "--model", "j",
                 "--base-url", "http://127.0.0.1:9/v1", "--out", str(tmp_path / "o"), "--no-progress"]) == 0
    assert "0 requests sent" in capsys.readouterr().out
