"""Pair annotation end to end through the real local SmolLM2 back-end (CPU).

SmolLM2-135M is far too small to follow the scoring prompt reliably: the test checks the
plumbing (the paper's prompt through the model's chat template, parsing, failed answers
counted rather than dropped, the cache), not the scores.
"""

from __future__ import annotations

import pandas as pd

from topicatlas.pairs.annotate import annotate_pairs


def test_annotate_a_pair_with_smollm2(gguf_backend, cache):
    # one pair: the ~1,500-token prompt takes seconds to read on one CPU thread
    pairs = pd.DataFrame({"word1": ["doctor"], "word2": ["hospital"]})
    table, stats = annotate_pairs(
        pairs, gguf_backend, max_tokens=16, max_reasks=0, cache=cache, progress=False
    )
    assert list(table["word1"]) == ["doctor"] and len(table) == 1
    assert set(table["status"]) <= {"ok", "failed"}
    assert stats.ok + stats.failed == 1 and stats.asks == 1
    ok = table[table["status"] == "ok"]
    assert ok["sim"].between(0, 1).all() and ok["rel"].between(0, 1).all()
    failed = table[table["status"] == "failed"]
    assert failed["sim"].isna().all() and failed["error"].str.startswith("malformed answer").all()
    again, stats2 = annotate_pairs(
        pairs, gguf_backend, max_tokens=16, max_reasks=0, cache=cache, progress=False
    )
    assert stats2.cached == 1
    pd.testing.assert_frame_equal(table, again)
