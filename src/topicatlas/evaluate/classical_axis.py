"""The classical axis: C_V and NPMI coherence on a reference corpus, and diversity.

Computed by :mod:`topicatlas.metrics` (gensim's definitions; see there). Here they are
only run per model and laid out per topic:

* ``c_v``, ``c_npmi`` -- per-topic coherence; topic words absent from the reference
  corpus are skipped (the metrics' ``oov="skip"`` policy, as gensim) and listed per
  topic in ``absent`` (``n_absent`` counts them), and the axis notes say how many of
  all topic words are absent -- a corpus that does not match the topics' vocabulary
  shows up there instead of silently lowering the scores;
* ``diversity_contribution`` -- the topic's TU_k (topic uniqueness, Nan et al. 2019):
  the mean over its words of ``1 / (number of the model's topics listing the word)``,
  1 when no other topic shares a word; per model ``topic_diversity`` (TD, Dieng et al.
  2020), ``topic_uniqueness`` (TU) and ``inverted_rbo``.
"""

from __future__ import annotations

import math

import pandas as pd

from topicatlas.evaluate.axis import AxisOutcome
from topicatlas.evaluate.inputs import TopicSet

COHERENCE_MEASURES = ("c_v", "c_npmi")


def run_coherence(sets: list[TopicSet], corpus) -> AxisOutcome:
    """C_V and NPMI per topic on ``corpus`` (a :class:`~topicatlas.corpus.Corpus`)."""
    try:
        from topicatlas.metrics import coherence
        from topicatlas.metrics.coherence import reference_counts
    except ImportError as exc:
        return AxisOutcome.missing("coherence", "Coherence on the reference corpus",
                                   f"the coherence metrics cannot be imported ({exc})")
    counts = reference_counts(corpus)  # counted once, reused for every model and measure
    rows = []
    per_model = []
    notes: list[str] = []
    all_words: set[str] = set()
    absent_words: set[str] = set()
    for ts in sets:
        results = {m: coherence(ts.topics, counts, measure=m, topn=None) for m in COHERENCE_MEASURES}
        first = results[COHERENCE_MEASURES[0]]
        for k, words in enumerate(ts.topics):
            absent = list(first.oov.get(k, []))
            all_words.update(words)
            absent_words.update(absent)
            row = {"model": ts.name, "topic": k, "absent": absent, "n_absent": len(absent)}
            for m, res in results.items():
                row[m] = res.per_topic[k]
            rows.append(row)
        per_model.append({"model": ts.name, **{m: r.mean for m, r in results.items()},
                          "n_absent": sum(len(v) for v in first.oov.values())})
        undefined = first.undefined
        if undefined:
            listed = "; ".join(f"topic {k}: {why}" for k, why in list(undefined.items())[:5])
            notes.append(f"{ts.name}: {len(undefined)} topic(s) have no coherence value "
                         f"({listed}{' ...' if len(undefined) > 5 else ''})")
    name = str(getattr(corpus, "name", "the reference corpus"))
    if absent_words:
        share = len(absent_words) / max(len(all_words), 1)
        example = ", ".join(sorted(absent_words)[:12])
        msg = (f"{len(absent_words)} of the {len(all_words)} distinct topic words "
               f"({share:.0%}) are absent from the reference corpus '{name}' "
               f"(e.g. {example}); they are skipped when computing coherence")
        if share >= 0.25:
            msg += (". That many suggests the corpus does not match the topics (a different "
                    "corpus or preprocessing than the model was trained on)")
        notes.insert(0, msg)
    n_docs = len(getattr(corpus, "offsets", [0, 0])) - 1
    method = (f"Coherence of each topic's words on '{name}' ({n_docs} documents): C_V "
              "(boolean sliding window of 110 tokens, indirect cosine of NPMI vectors) and NPMI "
              "(window of 10 tokens, mean over word pairs), Röder et al. (2015) as in gensim.")
    return AxisOutcome(
        "coherence", "Coherence on the reference corpus",
        notes=notes,
        topics=pd.DataFrame(rows).set_index(["model", "topic"]),
        models=pd.DataFrame(per_model).set_index("model"),
        extra={"method": method, "absent_words": sorted(absent_words),
               "n_topic_words": len(all_words)},
    )


def run_diversity(sets: list[TopicSet]) -> AxisOutcome:
    """Per topic TU_k, per model TD, TU and inverted RBO (see module docstring)."""
    try:
        from topicatlas.metrics import diversity
    except ImportError as exc:
        return AxisOutcome.missing("diversity", "Diversity",
                                   f"the diversity metrics cannot be imported ({exc})")
    rows = []
    per_model = []
    notes = []
    for ts in sets:
        nonempty = [k for k, t in enumerate(ts.topics) if t]
        topics = [ts.topics[k] for k in nonempty]
        if len(nonempty) < len(ts.topics):
            notes.append(f"{ts.name}: empty topics are left out of its diversity")
        tu = diversity(topics, "topic_uniqueness", topk=None)
        td = diversity(topics, "topic_diversity", topk=None)
        irbo = diversity(topics, "inverted_rbo", topk=None) if len(topics) > 1 else None
        for k, v in zip(nonempty, tu.per_topic, strict=True):
            rows.append({"model": ts.name, "topic": k, "diversity_contribution": v})
        per_model.append({
            "model": ts.name,
            "topic_diversity": td.mean,
            "topic_uniqueness": tu.mean,
            "irbo": irbo.mean if irbo is not None else math.nan,
        })
    method = ("Within each model: topic diversity TD (unique words / all top words, Dieng et al. "
              "2020), topic uniqueness TU (Nan et al. 2019) and inverted rank-biased overlap "
              "(Bianchi et al. 2021). A topic's diversity contribution is its TU_k: 1 when no "
              "other topic of the same model lists any of its words.")
    return AxisOutcome(
        "diversity", "Diversity", notes=notes,
        topics=pd.DataFrame(rows).set_index(["model", "topic"]),
        models=pd.DataFrame(per_model).set_index("model"),
        extra={"method": method},
    )
