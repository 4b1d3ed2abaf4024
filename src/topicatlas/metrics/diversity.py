r"""Topic diversity: how different the topics of one model are from each other.

All measures look at the first ``topk`` words of each of the ``K`` topics.

* ``topic_diversity`` (TD, ``D_unique``; Dieng, Ruiz & Blei 2020): the share of unique
  words among all top words, :math:`|\bigcup_k T_k| / \sum_k |T_k|`, in ``[1/K, 1]``
  (``K * topk`` in the denominator when every topic has ``topk`` words).
* ``topic_uniqueness`` (TU; Nan et al. 2019): with :math:`cnt(w)` the number of times
  ``w`` occurs in the top words of all topics,
  :math:`TU_k = \frac{1}{|T_k|} \sum_{w \in T_k} \frac{1}{cnt(w)}` per topic and
  :math:`TU = \frac{1}{K} \sum_k TU_k`, in ``[1/K, 1]``.
* ``inverted_rbo`` (Bianchi et al. 2021, as in OCTIS): ``1 -`` the mean, over all
  unordered topic pairs, of the extrapolated rank-biased overlap
  :math:`RBO_{ext}` (Webber, Moffat & Zobel 2010, eq. 32; persistence ``p``, default
  0.9). For lists ``S`` (length ``s``) and ``L`` (length ``l >= s``), with
  :math:`X_d = |S_{:d} \cap L_{:d}|` and :math:`A_d = X_d / d`:

  .. math:: RBO_{ext} = \frac{1-p}{p}\Big(\sum_{d=1}^{l} p^d A_d +
     \sum_{d=s+1}^{l} p^d \frac{X_s (d-s)}{s\,d}\Big) + p^l\Big(\frac{X_l - X_s}{l} + \frac{X_s}{s}\Big)

  Identical topics give RBO 1, disjoint topics 0; inverted RBO is in ``[0, 1]``, higher
  is more diverse.

Choices where the papers are silent: a word repeated inside a topic counts once per
occurrence in TD's denominator and TU's ``cnt``, and once in RBO's overlaps (sets).
Empty topics are an error (there is nothing to compare); a single topic has TD/TU 1 and
inverted RBO undefined (``nan``, reported).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence

import numpy as np

from topicatlas.errors import InputFormatError
from topicatlas.metrics.result import MetricResult
from topicatlas.metrics.topic_input import as_topic_lists
from topicatlas.registry import Registry

DIVERSITY_MEASURES: Registry = Registry("diversity measure")


def _prepare(topics: Iterable[Sequence[str] | str], topk: int | None) -> list[list[str]]:
    if topk is not None and (int(topk) != topk or topk < 1):
        raise InputFormatError(f"topk must be a positive integer or None, got {topk!r}")
    prepared = as_topic_lists(topics)
    for k, t in enumerate(prepared):
        if not t:
            raise InputFormatError(f"topic {k} is empty; diversity needs the top words of every topic")
    return [t[:topk] for t in prepared] if topk is not None else prepared


def topic_diversity(topics: Iterable[Sequence[str] | str], topk: int | None = 10) -> MetricResult:
    """TD / ``D_unique``: unique top words / all top words (see module docstring)."""
    tops = _prepare(topics, topk)
    total = sum(len(t) for t in tops)
    value = len({w for t in tops for w in t}) / total
    return MetricResult("topic_diversity", [], value, settings={"topk": topk})


def topic_uniqueness(topics: Iterable[Sequence[str] | str], topk: int | None = 10) -> MetricResult:
    """TU: per topic the mean of ``1 / cnt(w)`` over its words; TU is their mean."""
    tops = _prepare(topics, topk)
    cnt = Counter(w for t in tops for w in t)
    per_topic = [float(np.mean([1.0 / cnt[w] for w in t])) for t in tops]
    return MetricResult("topic_uniqueness", per_topic, float(np.mean(per_topic)),
                        settings={"topk": topk})


def rbo_ext(list1: Sequence[str], list2: Sequence[str], p: float = 0.9) -> float:
    """Extrapolated rank-biased overlap of two rankings (Webber et al. 2010, eq. 32)."""
    if not 0 < p < 1:
        raise InputFormatError(f"RBO persistence p must be in (0, 1), got {p!r}")
    short, long_ = sorted((list(list1), list(list2)), key=len)
    s, n_long = len(short), len(long_)
    if s == 0:
        raise InputFormatError("RBO of an empty ranking is undefined")
    seen_s: set[str] = set()
    seen_l: set[str] = set()
    overlap = np.zeros(n_long + 1)
    x = 0
    for d in range(1, n_long + 1):
        a = short[d - 1] if d <= s else None
        b = long_[d - 1]
        # X_d = |S[:d] & L[:d]|, updated incrementally (sets: repeats count once)
        if a is not None and a not in seen_s:
            seen_s.add(a)
            x += a in seen_l
        if b not in seen_l:
            seen_l.add(b)
            x += b in seen_s
        overlap[d] = x
    depth = np.arange(1, n_long + 1)
    weights = p ** depth
    sum1 = float(np.sum(weights * overlap[1:] / depth))
    x_s, x_l = overlap[s], overlap[n_long]
    tail = depth[s:]
    sum2 = float(np.sum(p ** tail * x_s * (tail - s) / s / tail))
    return (1 - p) / p * (sum1 + sum2) + p ** n_long * ((x_l - x_s) / n_long + x_s / s)


def inverted_rbo(topics: Iterable[Sequence[str] | str], topk: int | None = 10,
                 p: float = 0.9) -> MetricResult:
    """``1 -`` mean RBO_ext over all topic pairs; per topic: ``1 -`` its mean RBO to the others."""
    tops = _prepare(topics, topk)
    k = len(tops)
    if k < 2:
        return MetricResult("inverted_rbo", [math.nan], math.nan,
                            undefined={0: "inverted RBO needs at least two topics"},
                            settings={"topk": topk, "p": p})
    sims = np.eye(k)
    for i, j in itertools.combinations(range(k), 2):
        sims[i, j] = sims[j, i] = rbo_ext(tops[i], tops[j], p)
    per_topic = 1 - (sims.sum(axis=1) - 1) / (k - 1)
    mean_rbo = sims[np.triu_indices(k, 1)].mean()
    return MetricResult("inverted_rbo", per_topic.tolist(), float(1 - mean_rbo),
                        settings={"topk": topk, "p": p})


DIVERSITY_MEASURES.register("topic_diversity", topic_diversity, aliases=("td", "d_unique", "unique"))
DIVERSITY_MEASURES.register("topic_uniqueness", topic_uniqueness, aliases=("tu",))
DIVERSITY_MEASURES.register("inverted_rbo", inverted_rbo, aliases=("irbo", "rbo"))


def diversity(topics: Iterable[Sequence[str] | str], measure: str = "topic_diversity",
              topk: int | None = 10, **kwargs: float) -> MetricResult:
    """Diversity of a topic set: ``topic_diversity`` (``td``), ``topic_uniqueness`` (``tu``)
    or ``inverted_rbo`` (``irbo``; keyword ``p``). See the module docstring.

    >>> diversity([["a", "b"], ["a", "c"]], "td").mean
    0.75
    """
    return DIVERSITY_MEASURES.get(measure)(topics, topk, **kwargs)
