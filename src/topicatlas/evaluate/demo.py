"""The evaluation step of ``topicatlas demo``: fit two quick models, evaluate, write the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from topicatlas.evaluate.result import EvaluationResult

#: quick models of the zoo fitted by the demo (name -> hyper-parameters; LDA with fewer
#: Gibbs iterations than its default, so the demo stays quick on two CPU cores)
DEMO_MODELS: dict[str, dict[str, Any]] = {"lda": {"iterations": 300}, "lsi": {}}


def demo_evaluation(corpus: Any, out_dir: str | Path, *, n_topics: int = 20, seed: int = 0,
                    progress: bool = True) -> tuple[EvaluationResult, Path]:
    """Fit the :data:`DEMO_MODELS` on ``corpus`` (K = 20 as in the atlas; one topic per ten
    documents on a smaller corpus), evaluate them
    against the same corpus, and write ``report.html`` (plus tables) into ``out_dir``.

    A model that cannot be fitted here (missing optional package) is left out with a
    message; when none can be fitted the corpus's most frequent words per label are
    evaluated instead, so the report is always produced.
    """
    from topicatlas.errors import TopicAtlasError
    from topicatlas.evaluate.core import evaluate
    from topicatlas.models import fit_model

    n_docs = len(corpus.offsets) - 1
    if n_docs < 10 * n_topics:  # a small corpus (the built-in sample) gets fewer topics
        n_topics = max(2, n_docs // 10)
    models: dict[str, Any] = {}
    for name, params in DEMO_MODELS.items():
        try:
            models[name] = fit_model(name, corpus, n_topics=n_topics, seed=seed, **params)
        except (TopicAtlasError, ImportError) as exc:
            print(f"  {name}: not fitted ({exc})")
        else:
            print(f"  fitted {name} (K={n_topics}) in {models[name].fit_seconds:.1f} s")
    if not models:
        models = {"label words": _label_topics(corpus)}
    result = evaluate(models, corpus=corpus, progress=progress)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    report = result.to_html(out / "report.html")
    result.to_json(out / "result.json")
    return result, report


def _label_topics(corpus: Any, top_n: int = 10) -> list[list[str]]:
    """Per label, its documents' most frequent words (a fallback 'model' needing no library)."""
    import numpy as np

    labels = sorted({lab for labs in corpus.labels for lab in labs}) or [""]
    dtm = corpus.dtm
    topics = []
    for lab in labels:
        rows = [i for i, labs in enumerate(corpus.labels) if lab in labs or not lab]
        counts = np.asarray(dtm[rows].sum(axis=0)).ravel()
        topics.append([corpus.vocab.words[j] for j in np.argsort(-counts)[:top_n]])
    return topics
