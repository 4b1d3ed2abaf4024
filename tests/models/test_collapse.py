"""Collapse detection (Table 12 of the similarity-relatedness paper)."""

from __future__ import annotations

from topicatlas.models import collapse_report, topic_diversity


def test_diversity_is_unique_over_listed_words() -> None:
    assert topic_diversity([["a", "b"], ["b", "c"]]) == 0.75
    assert topic_diversity([]) == 0.0


def test_identical_topics_are_a_diversity_collapse() -> None:
    rep = collapse_report([["a", "b", "c", "d"]] * 3)
    assert rep["all_topics_identical"] and rep["diversity_collapse"]
    assert not rep["word_count_collapse"]


def test_diversity_threshold_is_inclusive_at_one_half() -> None:
    topics = [["a", "b", "c", "d"], ["a", "b", "c", "d"], ["e", "f", "g", "h"], ["e", "f", "g", "h"]]
    assert collapse_report(topics)["diversity"] == 0.5
    assert collapse_report(topics)["diversity_collapse"]
    diverse = [["a", "b", "c", "d"], ["a", "b", "e", "f"]]
    assert not collapse_report(diverse)["diversity_collapse"]


def test_topics_with_fewer_than_four_words_are_word_count_collapse() -> None:
    rep = collapse_report([["a", "b", "c", "d"], ["e", "f", "g"], ["h", "h", "h", "h"]])
    assert rep["word_count_collapse"] and rep["short_topics"] == [1, 2]
