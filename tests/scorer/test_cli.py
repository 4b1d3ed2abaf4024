"""``topicatlas score pairs|topics`` through the real CLI entry point (in-process)."""

from __future__ import annotations

import json

import pytest

from topicatlas.cli import main


@pytest.fixture(autouse=True)
def _share_scorer(default_scorer, monkeypatch):
    # reuse the session's loaded scorer (same packaged weights) instead of reloading WordNet
    from topicatlas.scorer.api import Scorer

    monkeypatch.setattr(Scorer, "_default", default_scorer)


def test_score_pairs_json_in_input_order(tmp_path, capsys, default_scorer):
    f = tmp_path / "pairs.txt"
    f.write_text("dog leash\n\n# comment\nCar\tautomobile\nice cream\tdessert\ndog xqzzyplorf\n")
    assert main(["score", "pairs", str(f), "--json"]) == 0
    out, err = capsys.readouterr()
    rows = json.loads(out)
    assert [(r["word1"], r["word2"]) for r in rows] == [
        ("dog", "leash"), ("Car", "automobile"), ("ice cream", "dessert"), ("dog", "xqzzyplorf")]
    assert set(rows[0]) == {"word1", "word2", "similarity", "relatedness"}
    s, r = default_scorer.score("dog", "leash")
    assert rows[0]["similarity"] == pytest.approx(s, abs=1e-6) and rows[0]["relatedness"] == pytest.approx(r, abs=1e-6)
    assert rows[3]["similarity"] is None and "3/4 pairs scored" in err and "xqzzyplorf" in err


def test_score_pairs_plain_and_bad_line(tmp_path, capsys):
    f = tmp_path / "p.txt"
    f.write_text("dog leash\n")
    assert main(["score", "pairs", str(f)]) == 0
    assert capsys.readouterr().out.startswith("dog\tleash\t0.")
    bad = tmp_path / "bad.txt"
    bad.write_text("dog leash\nthree words here\n")
    assert main(["score", "pairs", str(bad)]) == 2
    assert "bad.txt, line 2: expected two words" in capsys.readouterr().err


def test_score_pairs_empty_file(tmp_path, capsys):
    f = tmp_path / "empty.txt"
    f.write_text("")
    assert main(["score", "pairs", str(f), "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == [] and "0/0" in err


def test_score_topics_json(tmp_path, capsys):
    f = tmp_path / "topics.txt"
    f.write_text("dog cat horse cow sheep pig\ngame team season player league\n")
    assert main(["score", "topics", str(f), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 2 and all(0 <= r["similarity"] <= 1 and 0 <= r["relatedness"] <= 1 for r in rows)
    assert rows[0]["pairs"] == 10


def test_python_entry_point(default_scorer):
    import topicatlas

    df = topicatlas.Scorer.default().score_pairs([("dog", "leash")])
    assert df.similarity[0] == default_scorer.score("dog", "leash")[0]


def test_score_topics_empty_file_is_a_clear_error(tmp_path, capsys):
    f = tmp_path / "none.txt"
    f.write_text("\n")
    assert main(["score", "topics", str(f)]) == 2
    assert "none.txt" in capsys.readouterr().err
