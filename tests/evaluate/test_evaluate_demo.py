"""The demo's evaluation step on the built-in sample corpus (fits real LDA and LSI)."""

from __future__ import annotations

import json

from topicatlas.corpus import load_corpus
from topicatlas.evaluate.demo import demo_evaluation


def test_demo_evaluation_on_sample(tmp_path):
    corpus = load_corpus("sample")
    result, report = demo_evaluation(corpus, tmp_path, progress=False)
    assert report == tmp_path / "report.html" and report.is_file()
    assert list(result.summary.index) == ["lda", "lsi"]
    assert (result.summary["n_topics"] == 6).all()  # 60 documents: one topic per ten
    for key in ("simrel", "coherence", "diversity"):
        assert result.axes[key].available, (key, result.axes[key].reason)
    assert not result.axes["judge"].available
    data = json.loads((tmp_path / "result.json").read_text(encoding="utf-8"))
    assert len(data["topics"]) == 12 and "c_v" in data["topics"][0]
