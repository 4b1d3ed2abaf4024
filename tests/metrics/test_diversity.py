"""Topic diversity, topic uniqueness and inverted RBO."""

from __future__ import annotations

import itertools
import math

import pytest

from topicatlas.errors import InputFormatError, UnknownNameError
from topicatlas.metrics import diversity
from topicatlas.metrics.diversity import rbo_ext


def rbo_ext_reference(s, l_, p):
    """Webber et al. (2010) eq. 32 written out literally, depth by depth."""
    s, l_ = sorted((s, l_), key=len)
    def x(d):
        return len(set(s[:d]) & set(l_[:d]))
    ns, nl = len(s), len(l_)
    sum1 = sum(p ** d * x(d) / d for d in range(1, nl + 1))
    sum2 = sum(p ** d * x(ns) * (d - ns) / ns / d for d in range(ns + 1, nl + 1))
    return (1 - p) / p * (sum1 + sum2) + p ** nl * ((x(nl) - x(ns)) / nl + x(ns) / ns)


def test_td_and_tu_on_a_hand_example():
    topics = [["a", "b"], ["a", "c"]]
    assert diversity(topics, "td").mean == 0.75
    tu = diversity(topics, "tu")
    assert tu.per_topic == [0.75, 0.75] and tu.mean == 0.75
    assert diversity([["a", "b", "c"], ["d", "e", "f"]], "td").mean == 1.0
    assert diversity([["a", "b"], ["a", "b"]], "tu").mean == 0.5


def test_topk_truncates_and_tu_differs_from_td_for_uneven_topics():
    topics = [["a", "b", "c", "d"], ["a"]]
    assert diversity(topics, "td", topk=2).mean == pytest.approx(2 / 3)
    # TU: topic 0 = (1/2 + 1) / 2, topic 1 = 1/2 -> mean 0.625, TD = 2/3
    assert diversity(topics, "tu", topk=2).mean == pytest.approx(0.625)


def test_rbo_ext_hand_values_and_reference_formula():
    assert rbo_ext(["a", "b"], ["b", "a"], p=0.5) == pytest.approx(0.5)
    assert rbo_ext(["a"], ["a", "b"], p=0.5) == pytest.approx(1.0)
    assert rbo_ext(list("abcde"), list("abcde")) == pytest.approx(1.0)
    assert rbo_ext(list("abc"), list("xyz")) == 0.0
    for s, l_ in itertools.product(["abcd", "dcba", "axbyc", "q"], ["abdc", "zzab", "ba"]):
        assert rbo_ext(list(s), list(l_), 0.9) == pytest.approx(rbo_ext_reference(list(s), list(l_), 0.9))


def test_inverted_rbo_bounds_and_per_topic():
    same = diversity([list("abcde")] * 3, "irbo")
    assert same.mean == pytest.approx(0.0) and same.per_topic == pytest.approx([0, 0, 0])
    disjoint = diversity([list("abc"), list("def"), list("ghi")], "inverted_rbo")
    assert disjoint.mean == 1.0
    mixed = diversity([list("abc"), list("abd"), list("xyz")], "irbo", p=0.9)
    r = rbo_ext(list("abc"), list("abd"), 0.9)
    assert mixed.mean == pytest.approx(1 - r / 3)
    assert mixed.per_topic[2] == 1.0


def test_bad_input():
    with pytest.raises(InputFormatError, match="topic 1 is empty"):
        diversity([["a"], []], "td")
    with pytest.raises(InputFormatError, match="no topics"):
        diversity([], "tu")
    with pytest.raises(UnknownNameError, match="topic_uniqueness"):
        diversity([["a"]], "topic_uniquenes")
    with pytest.raises(InputFormatError, match="persistence"):
        diversity([["a"], ["b"]], "irbo", p=1.5)
    one = diversity([["a", "b"]], "irbo")
    assert math.isnan(one.mean) and "two topics" in one.undefined[0]


def test_duplicates_inside_a_topic_are_defined():
    assert diversity([["a", "a"], ["b", "c"]], "td").mean == 0.75
    assert diversity([["a", "a"], ["b", "c"]], "tu").per_topic == [0.5, 1.0]
    assert 0 <= diversity([["a", "a", "b"], ["b", "c", "c"]], "irbo").mean <= 1
