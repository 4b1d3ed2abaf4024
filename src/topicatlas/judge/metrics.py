"""The judge metrics: what each asks, how its answer is read and how draws are combined.

Definitions (the LLM-judge paper, Section 3):

* ``c_rate`` -- coherence rating 1-3 (3 = highly related words, a clear theme). Higher is better.
* ``c_outlier`` -- outlier words: the judge lists the words not consistent with the rest,
  over 5 draws; a word flagged in at least 3 of the 5 is an outlier; the value is the
  number of outliers (the words are kept). Lower is better.
* ``r_rate`` -- repetitiveness rating 1-3 (3 = minimal repetition). Higher is better.
* ``r_duplicate`` -- duplicate concepts: the judge lists pairs of words naming the same
  concept; the value is the number of topic words with at least one duplicate. Lower is better.
* ``d_rate`` -- diversity: the 1-3 distinctiveness rating of every pair of topics,
  averaged (per topic: the mean over the pairs it belongs to). Higher is better.
* ``a_ir_topic`` -- topic words irrelevant to a document, counted per topic-document
  pair and averaged. Lower is better.
* ``a_missing_theme`` -- document themes missing from the topic words, counted per
  topic-document pair and averaged. Lower is better.
* ``advt_outlier`` / ``advt_duplicate`` -- adversarial checks: an unrelated word (a word
  naming the same concept as an anchor word) is inserted; success (1) when the judge
  flags it (pairs it with the anchor). The success rate says how far to trust the judge.

Draw counts (choices where the paper is silent): the ratings use 5 draws averaged (as
the reference release), ``c_outlier`` 5 draws voted (the paper), the others one draw;
every count can be changed per run.
"""

from __future__ import annotations

from dataclasses import dataclass

from topicatlas.errors import UnknownNameError


@dataclass(frozen=True)
class MetricSpec:
    name: str
    label: str
    kind: str  # rating | outlier | duplicate | diversity | ir_topic | missing_theme | adv_outlier | adv_duplicate
    unit: str  # topic | topic_pair | document
    higher_is_better: bool
    draws: int
    max_tokens: int
    group: str

    @property
    def needs_documents(self) -> bool:
        return self.unit == "document"

    @property
    def adversarial(self) -> bool:
        return self.kind.startswith("adv_")


METRICS: dict[str, MetricSpec] = {
    m.name: m
    for m in (
        MetricSpec("c_rate", "C_rate", "rating", "topic", True, 5, 64, "coherence"),
        MetricSpec("c_outlier", "C_outlier", "outlier", "topic", False, 5, 128, "coherence"),
        MetricSpec("r_rate", "R_rate", "rating", "topic", True, 5, 64, "repetitiveness"),
        MetricSpec("r_duplicate", "R_duplicate", "duplicate", "topic", False, 1, 192, "repetitiveness"),
        MetricSpec("d_rate", "D_rate", "diversity", "topic_pair", True, 1, 64, "diversity"),
        MetricSpec("a_ir_topic", "A_ir-topic", "ir_topic", "document", False, 1, 128, "alignment"),
        MetricSpec("a_missing_theme", "A_missing-theme", "missing_theme", "document", False, 1, 192, "alignment"),
        MetricSpec("advt_outlier", "AdvT_outlier", "adv_outlier", "topic", True, 1, 128, "adversarial"),
        MetricSpec("advt_duplicate", "AdvT_duplicate", "adv_duplicate", "topic", True, 1, 128, "adversarial"),
    )
}

#: the metrics computed from topic words alone (no documents needed)
TOPIC_METRICS = ("c_rate", "c_outlier", "r_rate", "r_duplicate", "d_rate")
DOCUMENT_METRICS = ("a_ir_topic", "a_missing_theme")
ADVERSARIAL_METRICS = ("advt_outlier", "advt_duplicate")


def resolve_metrics(names: str | list[str] | tuple[str, ...] | None) -> list[MetricSpec]:
    """Metric specs from names (``"c_rate,c_outlier"``, a list, ``"all"`` or None = topic metrics)."""
    if names is None:
        names = list(TOPIC_METRICS)
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    out: list[MetricSpec] = []
    for name in names:
        key = name.lower().replace("-", "_")
        if key == "all":
            out.extend(METRICS[m] for m in METRICS if METRICS[m] not in out)
            continue
        if key not in METRICS:
            from topicatlas.registry import suggest

            raise UnknownNameError(
                f"unknown judge metric {name!r}.{suggest(key, list(METRICS))} "
                f"Known: {', '.join(METRICS)} (or 'all')"
            )
        if METRICS[key] not in out:
            out.append(METRICS[key])
    return out
