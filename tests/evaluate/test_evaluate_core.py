"""``topicatlas.evaluate`` and ``topicatlas evaluate`` end to end, on the real BBC corpus."""

from __future__ import annotations

import json
import math

import pytest

import topicatlas
from topicatlas.cli import main
from topicatlas.evaluate import EvaluationResult, evaluate

SPORT_MONEY = [
    "game team season player league coach win match goal club".split(),
    "market share price stock bank rate investor profit company sale".split(),
]
TECH_WITH_NONWORD = [
    "mobile phone technology software users digital internet broadband xqzzyv computer".split(),
    "election party labour minister vote government tory campaign leader blair".split(),
]


@pytest.fixture(scope="module")
def bbc():
    from topicatlas.corpus import load_corpus

    return load_corpus("bbc")


@pytest.fixture(scope="module")
def result(bbc) -> EvaluationResult:
    return evaluate({"a": SPORT_MONEY, "b": TECH_WITH_NONWORD}, corpus=bbc, progress=False)


def test_per_topic_table_and_summary(result):
    t = result.topics
    assert list(t["model"]) == ["a", "a", "b", "b"]
    assert list(t["topic"]) == [0, 1, 0, 1]
    assert t.loc[2, "words"] == TECH_WITH_NONWORD[0]
    for col in ("c_v", "c_npmi", "diversity_contribution"):
        assert t[col].notna().all(), col
    # BBC is a news corpus: these topics are coherent there
    assert (t["c_v"] > 0.5).all() and (t["c_npmi"] > 0).all()
    assert set(result.summary.index) == {"a", "b"}
    assert result.summary.loc["a", "c_v"] == pytest.approx(t.loc[:1, "c_v"].mean())
    assert result.summary.loc["a", "n_topics"] == 2


def test_absent_words_are_shown_not_hidden(result):
    t = result.topics
    assert t.loc[2, "absent"] == ["xqzzyv"] and t.loc[2, "n_absent"] == 1
    note = result.axes["coherence"].notes[0]
    assert "1 of the 40 distinct topic words" in note and "xqzzyv" in note


def test_corpus_that_does_not_match_is_reported(bbc):
    topics = [["qubit", "photon", "entanglement", "superposition", "decoherence"],
              ["gene", "protein", "enzyme", "genome", "dna"]]
    r = evaluate(topics, corpus=bbc, progress=False)
    note = r.axes["coherence"].notes[0]
    assert "distinct topic words" in note and "does not match" in note
    n_absent = int(note.split(" of the ")[0])
    assert n_absent >= 5  # most of these words never occur in BBC news


def test_without_corpus_coherence_says_why_and_rest_is_produced():
    r = evaluate(SPORT_MONEY, progress=False)
    assert not r.axes["coherence"].available
    assert "--corpus" in r.axes["coherence"].reason
    assert "c_v" not in r.topics.columns
    assert r.axes["diversity"].available and "diversity_contribution" in r.topics.columns
    assert not r.axes["judge"].available and "--judge" in r.axes["judge"].reason


def test_inconsistent_lengths_warn(tmp_path):
    f = tmp_path / "t.txt"
    f.write_text("game team season player\nmarket share price\nfilm music star award\n",
                 encoding="utf-8")
    r = evaluate(f, progress=False)
    assert any("inconsistent lengths" in w and "topic 1 has 3" in w for w in r.warnings)


def test_json_export(result):
    data = json.loads(result.to_json())
    topic = data["topics"][2]
    for key in ("words", "c_v", "c_npmi", "model", "topic"):
        assert key in topic
    assert topic["words"][-2] == "xqzzyv"
    assert data["axes"]["coherence"]["available"] is True
    assert {m["model"] for m in data["models"]} == {"a", "b"}


def test_top_level_name_is_the_function_even_after_submodule_import():
    import topicatlas.evaluate as mod  # binds the sub-package on the parent

    r1 = topicatlas.evaluate([["game", "team"], ["bank", "rate"]], progress=False)
    r2 = mod([["game", "team"], ["bank", "rate"]], progress=False)
    assert isinstance(r1, EvaluationResult) and isinstance(r2, EvaluationResult)
    assert r1.topics["words"].tolist() == r2.topics["words"].tolist()


def test_cli_writes_report_tables_and_json(tmp_path, capsys):
    a = tmp_path / "lda.txt"
    a.write_text("\n".join(" ".join(t) for t in SPORT_MONEY) + "\n", encoding="utf-8")
    b = tmp_path / "other.tsv"
    b.write_text("ID\tTopic words\n" + "".join(f"{i}\t{' '.join(t)}\n"
                                               for i, t in enumerate(TECH_WITH_NONWORD)),
                 encoding="utf-8")
    out = tmp_path / "out"
    rc = main(["evaluate", "--topics", str(a), "--topics", f"bert={b}", "--corpus", "bbc",
               "--out", str(out), "--json", "--no-progress"])
    assert rc == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert [m["model"] for m in data["models"]] == ["lda", "bert"]
    assert all(isinstance(t["c_v"], float) and not math.isnan(t["c_v"]) for t in data["topics"])
    assert "report:" in captured.err
    for name in ("report.html", "topics.csv", "summary.csv", "result.json"):
        assert (out / name).is_file(), name
    assert "xqzzyv" in (out / "topics.csv").read_text(encoding="utf-8")


def test_cli_bad_topics_file_is_a_clear_error(tmp_path, capsys):
    rc = main(["evaluate", "--topics", str(tmp_path / "missing.txt"), "--out", str(tmp_path)])
    assert rc == 2
    assert "missing.txt" in capsys.readouterr().err
