"""Parsers: free chat answers and the reference release's real (prefilled) answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from topicatlas.judge.parse import (
    normalize_word,
    parse_anchor_answer,
    parse_pairs,
    parse_rating,
    parse_themes,
    parse_word_list,
)
from topicatlas.judge.prompts import format_words, load_prompts, render

TOPIC = "team cup toronto watch fan quebec sport chicago vancouver adams".split()
RAW = "llm-judgment-reference/data/llm_judgement_output/20ng/{judge}/number/raw_outputs/{model}_raw.json"
PRODLDA50 = "prodlda_50_200_0.1_0.001_40_0"


@pytest.mark.parametrize(
    ("answer", "value"),
    [
        ("2", 2.0),
        ("**3**", 3.0),
        ("The rate is: 2", 2.0),
        ("I would rate this 3 out of 3.", 3.0),
        ("On a scale of 1 to 3, I'd give it a 2.", 2.0),
        ("1-3 scale: 1", 1.0),
        ("Rating: 2/3 because the words are related", 2.0),
        ("I would rate the coherence of this topic as 2.", 2.0),
        ("The coherence is rated 3 out of 3.", 3.0),
        ("2.0", 2.0),
        ("The rate of coherence is 1. This is the highest coherence score", 1.0),
        ("Rate 1: 1\nTheme distinctiveness is highly distinctive.", 1.0),
        ("2\n\n1. dog and cat are pets", 2.0),
    ],
)
def test_rating_is_parsed_from_the_answer(answer, value):
    p = parse_rating(answer)
    assert p.ok and p.value == value


@pytest.mark.parametrize(
    "answer",
    ["", "The rate is: 4", "blah blah", "between 2 and 3, maybe 1", "The rate is 2.5",
     # a real SmolLM2 answer: "1." is a list marker, not a rating
     "1. The first step is to evaluate the coherence of the topic by calculating the c"],
)
def test_unreadable_ratings_fail(answer):
    assert not parse_rating(answer).ok


def test_word_list_checks_words_against_the_topic():
    p = parse_word_list("The semantically inconsistent words are: [adams, shakespeare]", TOPIC)
    assert p.ok and p.value == ["adams"] and p.rejected == ["shakespeare"]
    assert parse_word_list("None of the words.", TOPIC).value == []
    assert parse_word_list("[ ]", TOPIC).ok
    # an echo of the whole topic list is not the answer
    echo = "Given [" + ", ".join(TOPIC) + "], the outlier is [adams]"
    assert parse_word_list(echo, TOPIC).value == ["adams"]
    lead_in = "Based on the context, the words that are not consistent are:\n\n- adams\n- **watch**"
    assert parse_word_list(lead_in, TOPIC).value == ["adams", "watch"]
    assert parse_word_list("There are no semantically inconsistent words.", TOPIC).value == []
    # no bracket and no topic word: unreadable (re-asked), not an empty list
    assert not parse_word_list("lorem ipsum dolor", TOPIC).ok


def test_words_with_quotes_and_commas_round_trip():
    words = ["new york", "o'neil", 'say "hi"', "a,b", "plain"]
    rendered = format_words(words)
    assert rendered.startswith("[") and '"a,b"' in rendered
    p = parse_word_list(f"[{rendered[1:-1].split(', ')[3]}, plain]", words)
    assert p.ok and p.value == ["a,b", "plain"]
    assert normalize_word("**San_Francisco**.") == "san francisco"
    assert normalize_word("ˈkɑːr") == "kɑːr"  # IPA is not the topic word "car"


def test_pairs_reject_hallucinated_and_self_pairs():
    p = parse_pairs("[('team', 'sport'), ('client', 'customer'), ('fan', 'fan')]", TOPIC)
    assert p.accepted == [("team", "sport")]
    assert p.value == ["team", "sport"]  # words with at least one duplicate
    assert len(p.rejected) == 2
    assert parse_pairs("There are no such pairs.", TOPIC).value == []
    p = parse_pairs("Here are the pairs:\n\n1. (team, sport)\n2. (fan, watch)", TOPIC)
    assert p.value == ["team", "sport", "fan", "watch"]


def test_anchor_answer_and_themes():
    assert parse_anchor_answer("('team', 'sport')", TOPIC, "team").value == ["sport"]
    assert parse_anchor_answer("'None'", TOPIC, "team").value == []
    t = parse_themes("[hockey, team, playoffs]", TOPIC)
    assert t.value == ["hockey", "playoffs"] and t.rejected == ["team"]
    assert parse_themes("[ ]", TOPIC).value == []
    assert not parse_themes("I cannot tell.", TOPIC).ok


def test_prompts_are_versioned_data_and_render_without_format_injection():
    data = load_prompts("paper-v1")
    assert set(data["prompts"]) >= {"c_rate", "c_outlier", "r_rate", "r_duplicate", "d_rate",
                                    "a_ir_topic", "a_missing_theme", "advt_outlier", "advt_duplicate"}
    text = render("a_ir_topic", document="a {topic_words} b {}", topic_words=["x", "y"])
    assert '"a {topic_words} b {}"' in text and "[x, y]" in text
    assert "Rate the coherence of the topic on a scale of 1 to 3" in render("c_rate", topic_words=TOPIC)


def test_own_prompt_file(tmp_path: Path):
    import json as _json

    from topicatlas.judge.prompts import fingerprint

    own = tmp_path / "mine.json"
    own.write_text(_json.dumps({"version": "mine-1", "prompts": {"c_rate": "Rate {topic_words} 1-3:"}}))
    assert render("c_rate", str(own), topic_words=["a", "b"]) == "Rate [a, b] 1-3:"
    assert fingerprint(str(own)) != fingerprint("paper-v1")


def test_real_reference_answers_are_read(data_dir: Path):
    """Real answers of the release (mistral on ProdLDA K=50, 20NG), parsed with their prefill."""
    raw = json.loads((data_dir / RAW.format(judge="mistral", model=PRODLDA50)).read_text())
    topic1 = "use right time like good mean question problem thing state".split()
    outl = [parse_word_list(a, topic1, prefill="[ ") for a in raw["1"]["outliers"]["raw"]]
    assert all(p.ok for p in outl)
    assert [p.value for p in outl][0] == ["like", "mean"]
    # their duplicate answer is eight self-pairs: all rejected, none counted
    dup = parse_pairs(raw["1"]["duplicate_concept"]["raw"], topic1, prefill="[")
    assert dup.ok and dup.value == [] and len(dup.rejected) == 8
    ratings = [parse_rating(a, prefill="**").value for a in raw["1"]["coherence"]["raw"]]
    assert sum(ratings) / 5 == raw["1"]["coherence"]["processed"]


def test_ipa_transcriptions_are_rejected(data_dir: Path):
    """gemma-large sometimes answers in IPA ('ˈkɑːr'): not topic words, so rejected."""
    p = parse_word_list("ˈkɑːr, ˈfoʊn, buy ].\n\n**Reasoning:** car phone", ["car", "phone", "buy", "chip"],
                        prefill="[ ")
    assert p.value == ["buy"] and p.rejected == ["kɑːr", "foʊn"]
