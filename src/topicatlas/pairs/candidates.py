"""Candidate word pairs for LLM annotation (App. B.3.1, Table 13).

:func:`build_candidates` draws pairs from the sources of :mod:`topicatlas.pairs.sources`
over the vocabulary of :mod:`topicatlas.pairs.vocabulary` and keeps a pair only if it
passes the paper's filters, in this order (each rejection is counted by reason):

1. invalid: a word outside the vocabulary, the same word twice, or two inflections of one
   lemma (``dog/dogs``, ``run/ran``: they share a WordNet base form);
2. seed overlap: the pair is one of the prompt's own example pairs
   (:func:`topicatlas.pairs.prompt.seed_pairs`);
3. duplicate: the unordered pair was already accepted (from any source);
4. degree cap: either word already appears in ``degree_cap`` (50) accepted pairs;
5. Zipf floor: either word has Zipf frequency below ``min_zipf`` (2.0, wordfreq).

Sizes: every (source, sub-source) has a quota; the defaults are the paper's Table 13
counts (51,446 in all; the paper's family totals, e.g. 18,159 for WordNet, differ from
the sum of its rounded sub-source counts). The builder fills the quotas together: it
always draws next from the sub-source that is furthest behind its quota (so the degree
cap is shared fairly), until every quota is met or its source has run dry. A source that
runs dry is reported in the composition table (``pairs`` below ``target``): with the
default ConceptNet-100k (not the full ConceptNet 5.7 of the paper: pass the assertions
dump as ``conceptnet=``) and the ~12K-word vocabulary, RelatedTo (45 of 3,000) and PartOf
(~500 of 900) cannot reach the paper's counts.

The paper filtered a ~71K pool down to 36.5K and then added 15K common-word negatives;
quota filling reaches the same composition directly, and the common-word negatives pass
the same filters as every other pair.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from topicatlas.pairs import sources as S

FAMILIES = ("wordnet", "conceptnet", "embedding", "negative")

#: The paper's Table 13 composition (rounded sub-source counts).
PAPER_QUOTAS: dict[tuple[str, str], int] = {
    ("wordnet", "synonym"): 3800,
    ("wordnet", "cohyponym"): 12100,
    ("wordnet", "hypernym"): 1700,
    ("wordnet", "antonym"): 500,
    ("conceptnet", "RelatedTo"): 3000,
    ("conceptnet", "AtLocation"): 2000,
    ("conceptnet", "PartOf"): 900,
    ("conceptnet", "UsedFor"): 300,
    ("conceptnet", "Causes"): 200,
    ("embedding", "neighbour"): 7646,
    ("negative", "common"): 15000,
    ("negative", "far"): 2100,
    ("negative", "cross_domain"): 1200,
    ("negative", "cross_pos"): 1000,
}

REJECTIONS = ("invalid", "seed_overlap", "duplicate", "degree_cap", "zipf")


@dataclass
class CandidateConfig:
    """Settings of :func:`build_candidates` (defaults: the paper's)."""

    quotas: dict[tuple[str, str], int] = field(default_factory=lambda: dict(PAPER_QUOTAS))
    seed: int = 0
    vectors: str = "glove-6b-50d"
    wordpiece: str | None = None  # path of a vocab.txt; default: bert-base-uncased's
    degree_cap: int = 50
    min_zipf: float = 2.0
    common_zipf: float = 4.5
    wordnet_per_word: int = 10
    #: space of the embedding neighbours: "vectors" (the ``vectors`` space) or "minilm"
    #: (all-MiniLM-L6-v2 static vectors of the vocabulary: BERT's architecture and WordPiece,
    #: closer to the paper's BERT space; encoding ~12K words takes a minute or two on CPU)
    neighbour_space: str = "vectors"
    clusters: int = 200
    neighbours_per_cluster: int = 3
    neighbours_per_word: int = 20
    far_quantile: float = 0.05
    prompt_version: str = "v1"
    #: None: ConceptNet-100k in $TOPICATLAS_DATA/conceptnet; or a ConceptNet-100k folder, or
    #: the ConceptNet 5.x assertions dump (the paper's ConceptNet 5.7)
    conceptnet: str | None = None

    def scaled(self, factor: float) -> CandidateConfig:
        """A copy with every quota multiplied by ``factor`` (rounded; at least 1 unless 0)."""
        out = CandidateConfig(**{**self.__dict__})
        out.quotas = {
            k: max(1, round(v * factor)) if v * factor > 0 else 0 for k, v in self.quotas.items()
        }
        return out


@dataclass
class CandidateResult:
    table: Any  # DataFrame word1, word2, source, sub_source
    composition: Any  # DataFrame source, sub_source, pairs, target
    rejected: dict[str, int]
    vocabulary_size: int

    def render(self) -> str:
        lines = [f"vocabulary: {self.vocabulary_size} words", composition_text(self.composition)]
        lines.append(
            "rejected: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in self.rejected.items())
        )
        return "\n".join(lines)


def _base_forms(word: str) -> set[str]:
    from topicatlas.lexicon.wordnet import get_wordnet

    wn = get_wordnet()
    forms = {word}
    for pos in ("n", "v", "a", "r"):
        for base in wn._morphy(word, pos):  # every base form, not only the first
            forms.add(base)
    return forms


class _Filter:
    """The paper's filters, applied to one pair at a time (see the module docstring)."""

    def __init__(self, vocab: set[str], seeds: set[frozenset[str]], cfg: CandidateConfig) -> None:
        from topicatlas.lexicon.frequency import zipf

        self.vocab, self.seeds, self.cfg = vocab, seeds, cfg
        self.zipf = zipf
        self.seen: set[frozenset[str]] = set()
        self.degree: Counter[str] = Counter()
        self.rejected = dict.fromkeys(REJECTIONS, 0)
        self._bases: dict[str, set[str]] = {}

    def _lemma_clash(self, a: str, b: str) -> bool:
        for w in (a, b):
            if w not in self._bases:
                self._bases[w] = _base_forms(w)
        return bool(self._bases[a] & self._bases[b])

    def accept(self, a: str, b: str) -> bool:
        key = frozenset((a, b))
        if a == b or a not in self.vocab or b not in self.vocab or self._lemma_clash(a, b):
            reason = "invalid"
        elif key in self.seeds:
            reason = "seed_overlap"
        elif key in self.seen:
            reason = "duplicate"
        elif self.degree[a] >= self.cfg.degree_cap or self.degree[b] >= self.cfg.degree_cap:
            reason = "degree_cap"
        elif self.zipf(a) < self.cfg.min_zipf or self.zipf(b) < self.cfg.min_zipf:
            reason = "zipf"
        else:
            self.seen.add(key)
            self.degree[a] += 1
            self.degree[b] += 1
            return True
        self.rejected[reason] += 1
        return False


def _streams(
    cfg: CandidateConfig, vocab: list[str], wanted: list[tuple[str, str]], progress: bool
) -> dict[tuple[str, str], Iterator[S.Pair]]:
    """A lazy pair stream for every wanted (source, sub-source), each with its own seed."""
    from topicatlas.lexicon.frequency import zipf_many
    from topicatlas.lexicon.vectors import load_vectors

    def rng(k: int) -> np.random.Generator:
        return np.random.default_rng([cfg.seed, k])

    out: dict[tuple[str, str], Iterator[S.Pair]] = {}
    families = {f for f, _ in wanted}
    vectors = load_vectors(cfg.vectors) if families & {"embedding", "negative"} else None
    unit = S.unit_matrix(vectors, vocab) if vectors is not None else None
    cn = S.conceptnet_table(vocab, cfg.conceptnet) if "conceptnet" in families else None
    for k, (family, sub) in enumerate(wanted):
        r = rng(k)
        if family == "wordnet":
            out[(family, sub)] = S.wordnet_pairs(sub, vocab, r, cfg.wordnet_per_word)
        elif family == "conceptnet":
            out[(family, sub)] = S.conceptnet_pairs(cn, sub, r)
        elif family == "embedding":
            out[(family, sub)] = S.neighbour_pairs(
                _neighbour_unit(cfg, vocab, unit),
                vocab,
                r,
                clusters=cfg.clusters,
                per_cluster=cfg.neighbours_per_cluster,
                per_word=cfg.neighbours_per_word,
                seed=cfg.seed,
            )
        elif sub == "common":
            out[(family, sub)] = S.common_pairs(vocab, zipf_many(vocab), r, cfg.common_zipf)
        elif sub == "far":
            out[(family, sub)] = S.far_pairs(unit, vocab, r, cfg.far_quantile)
        elif sub == "cross_domain":
            out[(family, sub)] = S.cross_group_pairs(S.word_domains(vocab), r)
        elif sub == "cross_pos":
            out[(family, sub)] = S.cross_group_pairs(S.word_pos(vocab), r)
    return out


def _neighbour_unit(cfg: CandidateConfig, vocab: list[str], unit: np.ndarray) -> np.ndarray:
    if cfg.neighbour_space == "vectors":
        return unit
    if cfg.neighbour_space == "minilm":
        from topicatlas.lexicon.encoder_vectors import encode_words

        return S.unit_matrix(encode_words(vocab), vocab)
    raise ValueError(f"neighbour_space must be 'vectors' or 'minilm', got {cfg.neighbour_space!r}")


def _check_quotas(quotas: Mapping[tuple[str, str], int]) -> None:
    from topicatlas.errors import UnknownNameError

    for (family, sub), n in quotas.items():
        if (family, sub) not in PAPER_QUOTAS:
            known = ", ".join(f"{f}.{s}" for f, s in PAPER_QUOTAS)
            raise UnknownNameError(f"unknown pair source {family}.{sub}; known: {known}")
        if n < 0:
            raise ValueError(f"quota of {family}.{sub} must be >= 0, got {n}")


def build_candidates(
    config: CandidateConfig | None = None, *, progress: bool = True
) -> CandidateResult:
    """The candidate pair table and its composition (see the module docstring)."""
    import pandas as pd
    from tqdm.auto import tqdm

    from topicatlas.lexicon.vectors import load_vectors
    from topicatlas.pairs.prompt import seed_pairs
    from topicatlas.pairs.vocabulary import pair_vocabulary

    cfg = config or CandidateConfig()
    _check_quotas(cfg.quotas)
    vocab = pair_vocabulary(load_vectors(cfg.vectors), cfg.wordpiece)
    wanted = [k for k in PAPER_QUOTAS if cfg.quotas.get(k, 0) > 0]
    streams = _streams(cfg, vocab, wanted, progress)
    filt = _Filter(set(vocab), seed_pairs(cfg.prompt_version), cfg)
    accepted: dict[tuple[str, str], list[S.Pair]] = {k: [] for k in wanted}
    heap = [(0.0, i, k) for i, k in enumerate(wanted)]
    heapq.heapify(heap)
    total = sum(cfg.quotas[k] for k in wanted)
    with tqdm(total=total, desc="candidate pairs", unit="pair", disable=not progress) as bar:
        while heap:
            _, i, key = heapq.heappop(heap)
            got = accepted[key]
            for a, b in streams[key]:
                if filt.accept(a, b):
                    got.append((a, b))
                    bar.update(1)
                    break
            else:  # the source ran dry
                continue
            if len(got) < cfg.quotas[key]:
                heapq.heappush(heap, (len(got) / cfg.quotas[key], i, key))
    rows = [(a, b, f, s) for (f, s), got in accepted.items() for a, b in got]
    table = pd.DataFrame(rows, columns=["word1", "word2", "source", "sub_source"])
    comp = pd.DataFrame(
        [(f, s, len(accepted.get((f, s), [])), cfg.quotas.get((f, s), 0)) for f, s in PAPER_QUOTAS],
        columns=["source", "sub_source", "pairs", "target"],
    )
    comp = comp[comp["target"] > 0].reset_index(drop=True)
    return CandidateResult(table, comp, filt.rejected, len(vocab))


def composition(table: Any) -> Any:
    """Pairs per source family and sub-source of a candidate table."""
    return table.groupby(["source", "sub_source"], sort=False).size().rename("pairs").reset_index()


def composition_text(comp: Any) -> str:
    """Table 13-style text: one line per family with its sub-sources and totals."""
    has_target = "target" in comp.columns
    lines = [f"{'Source family':<14} {'Pairs':>7}{'  (target)' if has_target else ''}  Sub-sources"]
    families = list(dict.fromkeys(comp["source"]))
    order = {f: i for i, f in enumerate(FAMILIES)}
    for fam in sorted(families, key=lambda f: order.get(f, len(order))):
        part = comp[comp["source"] == fam]
        subs = ", ".join(
            f"{r.sub_source} {r.pairs}" + (f"/{r.target}" if has_target else "")
            for r in part.itertuples()
        )
        tgt = f"  ({int(part['target'].sum()):>6})" if has_target else ""
        lines.append(f"{fam:<14} {int(part['pairs'].sum()):>7}{tgt}  {subs}")
    tgt = f"  ({int(comp['target'].sum()):>6})" if has_target else ""
    lines.append(f"{'Total':<14} {int(comp['pairs'].sum()):>7}{tgt}")
    return "\n".join(lines)
