"""Parsing the annotator's answers, and the versioned prompt files."""

from __future__ import annotations

import pytest

from topicatlas.errors import UnknownNameError
from topicatlas.pairs.parse import parse_scores
from topicatlas.pairs.prompt import load_prompt, seed_pairs, versions


@pytest.mark.parametrize(
    ("answer", "sim", "rel"),
    [
        ("SIM: 0.85\nREL: 0.40\nREASON: both pets.", 0.85, 0.40),
        ("**SIM:** .9\n**REL:** 1\n**REASON:** x", 0.9, 1.0),  # markdown, missing decimals
        ("Sure!\nSIM: <0.00-1.00>\nSIM: 0,85\nREL: 0.3\nThanks!", 0.85, 0.3),  # echo, comma
        ("sim = 0.5 ; rel = 0.25", 0.5, 0.25),
        ("Similarity: 0.5\nRelatedness: 0.3", 0.5, 0.3),
        ("- SIM: 1.02\n- REL: -0.03", 1.0, 0.0),  # within 0.05 of the range: clipped
        ("SIM: 0.7 REL: 0.1 REASON: one line", 0.7, 0.1),
        ("SIM: 0.25.\nREL: 0.5.", 0.25, 0.5),  # sentence full stops
        ("SIM: 0.9 -- near synonyms\nREL: 0.1", 0.9, 0.1),
    ],
)
def test_accepted_answers(answer, sim, rel):
    parsed = parse_scores(answer)
    assert parsed.ok and parsed.sim == pytest.approx(sim) and parsed.rel == pytest.approx(rel)


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ("SIM: 85\nREL: 0.3", "SIM 85 is outside [0, 1]"),
        ("SIM: 0.5\nREL: 1.5", "REL 1.5 is outside [0, 1]"),
        ("SIM: -0.3\nREL: 0.5", "SIM -0.3 is outside [0, 1]"),
        ("SIM: 85%\nREL: 0.3", "percentage"),
        ("They are quite similar.", "no SIM"),
        ("SIM: 0.4", "no REL"),
        ("", "empty answer"),
        ("SIM: <0.00-1.00>\nREL: <0.00-1.00>", "no SIM"),
        ("SIM: 0.00-1.00\nREL: 0.00-1.00\nREASON: 0.00-1.00", "no SIM"),  # SmolLM2 did this
        ("SIM: 0.2 - 0.4\nREL: 0.5", "no SIM"),
    ],
)
def test_rejected_answers(answer, problem):
    parsed = parse_scores(answer)
    assert not parsed.ok and problem in parsed.problem


def test_reason_kept():
    assert parse_scores("SIM: 0.1\nREL: 0.9\nREASON: keys open locks.").reason == "keys open locks."
    assert parse_scores("SIM: 0.1\nREL: 0.9").reason is None


def test_prompt_v1_is_the_papers():
    p = load_prompt("v1")
    assert "v1" in versions()
    assert p.system == (
        "You are an expert linguist neural specializing in semantic similarity and "
        "relatedness. You provide precise numerical scores with brief, clear reasoning."
    )
    user = p.user("doctor", "nurse")
    assert user.startswith("# Understanding Semantic Similarity vs. Semantic Relatedness")
    assert 'WORD1: "doctor"\nWORD2: "nurse"' in user and "{word" not in user
    assert user.endswith("REASON: <one sentence explaining BOTH scores>")
    assert "* cat/dog: 0.85 (both pets, mammals, similar roles)" in user
    assert "- Use exactly 2 decimal places." in user


def test_unknown_prompt_version():
    with pytest.raises(UnknownNameError, match="v1"):
        load_prompt("v9")


def test_seed_pairs_are_the_prompts_examples():
    seeds = seed_pairs()
    for a, b in [("cat", "dog"), ("key", "lock"), ("stair", "staircase"), ("cook", "eat")]:
        assert frozenset((a, b)) in seeds
    assert frozenset(("plural", "singular")) not in seeds  # from the rules, not an example
