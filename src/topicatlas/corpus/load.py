"""``load_corpus``: any source -> preprocessed, cached :class:`Corpus`."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from topicatlas.config import data_dir
from topicatlas.corpus import cache as corpus_cache
from topicatlas.corpus.core import Corpus
from topicatlas.corpus.loaders import DATASETS, DatasetSpec
from topicatlas.corpus.loaders.spec import reader_options
from topicatlas.corpus.preprocess import Preprocessing, preprocess
from topicatlas.corpus.raw import RawDocuments
from topicatlas.corpus.vocabulary import Vocabulary
from topicatlas.errors import DataNotFoundError, TopicAtlasError
from topicatlas.registry import suggest

#: Named preprocessing presets. "standard" is the paper's pipeline (App. B.6) with our
#: thresholds; "none" keeps whitespace tokens as given; "sample" suits the tiny
#: built-in corpus (60 documents: min_df=2).
PRESETS: dict[str, Preprocessing] = {
    "standard": Preprocessing(),
    "none": Preprocessing.none(),
    "sample": Preprocessing(min_df=2, max_df=0.5),
}


def resolve_preprocessing(preprocess: str | Preprocessing | dict[str, Any] | None,
                          default: str, overrides: dict[str, Any]) -> tuple[str, Preprocessing]:
    """(preset name, settings) from a preset name / object / dict plus field overrides."""
    if preprocess is None or preprocess == "default":
        preprocess = default
    if isinstance(preprocess, Preprocessing):
        name, prep = "custom", preprocess
    elif isinstance(preprocess, dict):
        unknown = set(preprocess) - Preprocessing.field_names()
        if unknown:
            raise TopicAtlasError(f"unknown preprocessing setting(s) {sorted(unknown)}; known: "
                                  f"{', '.join(sorted(Preprocessing.field_names()))}")
        name, prep = "custom", Preprocessing(**preprocess)
    elif isinstance(preprocess, str):
        key = preprocess.lower()
        if key not in PRESETS:
            raise TopicAtlasError(f"unknown preprocessing {preprocess!r}.{suggest(key, list(PRESETS))} "
                                  f"Known: default, {', '.join(PRESETS)}.")
        name, prep = key, PRESETS[key]
    else:
        raise TypeError(f"preprocess must be a preset name, Preprocessing or dict, not {preprocess!r}")
    if overrides:
        prep = replace(prep, **overrides)
    return name, prep


def _reader_options(fn: Any, options: dict[str, Any], what: str) -> None:
    allowed = reader_options(fn)
    if allowed is None:
        return
    for key in options:
        if key not in allowed:
            raise TopicAtlasError(
                f"unknown setting {key!r} for {what}.{suggest(key, allowed + sorted(Preprocessing.field_names()))} "
                f"Preprocessing settings: {', '.join(sorted(Preprocessing.field_names()))}; "
                f"loader options: {', '.join(allowed) or 'none'}.")


def _source(source: Any, loader_options: dict[str, Any]) -> tuple[str, str, Any, dict[str, Any]]:
    """(name, default preset, reader thunk(limit), source description for the cache key)."""
    from topicatlas.corpus.loaders import generic

    if isinstance(source, RawDocuments):
        raw = source
        desc = {"kind": "raw", "texts": corpus_cache.texts_fingerprint(raw.texts, raw.labels)}
        return "corpus", "standard", (lambda limit: raw.head(limit)), desc
    if not isinstance(source, str | Path):
        if isinstance(source, Sequence):
            texts = list(source)
            preset = "standard"
            if texts and all(isinstance(d, list | tuple) for d in texts):
                # token lists: joined by spaces and kept as given (preset "none")
                texts, preset = [" ".join(map(str, d)) for d in texts], "none"
            labels = loader_options.pop("labels", None)
            raw = generic.read_strings(texts, labels=labels)
            desc = {"kind": "strings",
                    "texts": corpus_cache.texts_fingerprint(raw.texts, raw.labels)}
            return "corpus", preset, (lambda limit: raw.head(limit)), desc
        raise TopicAtlasError(f"cannot load a corpus from {type(source).__name__}; pass a dataset "
                              f"name ({', '.join(DATASETS.names())}), a path or a list of strings")
    text = str(source)
    if text.lower().startswith("octis:"):
        from topicatlas.corpus.loaders.octis import read_octis_folder

        path = Path(text[6:]).expanduser()
        if not (path / "corpus.tsv").is_file():
            raise DataNotFoundError(f"{path / 'corpus.tsv'} not found: octis:PATH must name an "
                                    "OCTIS dataset folder (corpus.tsv, vocabulary.txt)")
        _reader_options(read_octis_folder, loader_options, "OCTIS folders")
        desc = {"kind": "octis", "files": corpus_cache.path_fingerprint([path])}
        return (path.name, "none", lambda limit: read_octis_folder(path, limit=limit, **loader_options),
                desc)
    if isinstance(source, str) and source in DATASETS:
        spec: DatasetSpec = DATASETS.get(source)
        root = data_dir()
        if loader_options.pop("download", False):
            from topicatlas.corpus.download import download_dataset

            download_dataset(spec, root)
        spec.check(root)
        fn = spec.reader_fn()
        _reader_options(fn, loader_options, f"dataset {spec.name!r}")
        options = {**spec.options, **loader_options}
        desc = {"kind": "dataset", "dataset": spec.name, "options": options,
                "files": corpus_cache.path_fingerprint(spec.paths(root))}
        return spec.name, spec.preprocess, (lambda limit: fn(root, limit=limit, **options)), desc
    path = Path(text).expanduser()
    if path.exists():
        from topicatlas.corpus.loaders.octis import is_octis_folder

        octis = is_octis_folder(path) or (path.name == "corpus.tsv"
                                          and (path.parent / "vocabulary.txt").is_file())
        if octis:
            label = path.name if path.is_dir() else path.parent.name
        else:
            label = path.stem if path.is_file() else path.name
        desc = {"kind": "path", "options": loader_options,
                "files": corpus_cache.path_fingerprint([path])}
        return (label, "none" if octis else "standard",
                lambda limit: generic.read_path(path, limit=limit, **loader_options), desc)
    looks_like_path = any(c in text for c in "/\\.") or text.startswith("~")
    if looks_like_path:
        raise DataNotFoundError(f"{path}: no such file or folder (expected a CSV/TSV/JSONL file, a "
                                "text file with one document per line, a folder of .txt files, or "
                                "an OCTIS dataset folder)")
    known = DATASETS.names()
    raise TopicAtlasError(f"unknown dataset {text!r}.{suggest(text, known)} Known datasets: "
                          f"{', '.join(known)}; or pass a path to a file or folder.")


def build_corpus(raw: RawDocuments, prep: Preprocessing, *, name: str,
                 settings: dict[str, Any], progress: bool = True) -> Corpus:
    """Preprocess ``raw`` into a :class:`Corpus` (documents that end up empty are dropped)."""
    tok = preprocess(raw.texts, prep, progress=progress, desc=f"preprocessing {name}")
    if len(raw) and not len(tok.kept):
        raise TopicAtlasError(
            f"preprocessing left no words in any of the {len(raw):,} documents of {name!r} "
            f"(min_df={prep.min_df!r}, max_df={prep.max_df!r}, min_token_len={prep.min_token_len}, "
            f"stopwords={prep.stopwords!r}). Relax the settings; note that an int max_df is a "
            "document count (max_df=1 keeps only words of a single document), use 1.0 for 100%.")
    kept = tok.kept.tolist()
    info = {**raw.info, "raw_documents": len(raw), **tok.info}
    return Corpus(
        name=name,
        vocab=Vocabulary(tok.words),
        token_ids=tok.token_ids,
        offsets=tok.offsets,
        texts=[raw.texts[i] for i in kept],
        labels=[raw.labels[i] for i in kept],
        split=[raw.split[i] for i in kept],
        ids=[raw.ids[i] for i in kept],
        settings=settings,
        info=info,
    )


def load_corpus(source: str | Path | Sequence[str] | RawDocuments, *,
                preprocess: str | Preprocessing | dict[str, Any] | None = "default",
                cache: bool = True, limit: int | None = None, name: str | None = None,
                progress: bool | None = None, **settings: Any) -> Corpus:
    """Load and preprocess a corpus, through the on-disk cache.

    Args:
        source: a registered dataset name (``20ng``, ``reuters``, ``bbc``, ``m10``,
            ``dblp``, ``octis-m10``, ``octis-bbc``, ``googlenews``, ``sample``),
            ``"octis:PATH"``, a path (CSV/TSV/JSONL, text file with one document per
            line, folder of ``.txt`` files, OCTIS folder), a list of strings, or a list
            of token lists (kept as given by default).
        preprocess: ``"default"`` (the dataset's preset: ``"none"`` for pre-tokenised
            OCTIS/GoogleNews corpora, ``"standard"`` otherwise), ``"standard"``,
            ``"none"``, a :class:`Preprocessing` or a dict of its fields.
        cache: read/write the cache (``$TOPICATLAS_CACHE/corpora``).
        limit: read only the first ``limit`` documents of the source (tests, previews).
        name: the corpus name (default: the dataset name or file stem).
        progress: show progress bars (default: when stderr is a terminal).
        **settings: :class:`Preprocessing` fields (``min_df=5``, ``stopwords=None``...)
            overriding the preset, and loader options (``remove=()`` for 20ng,
            ``text_column=`` for tables, ``download=True`` to fetch a missing dataset,
            ``labels=`` for a list of strings).

    The returned corpus records the source and every setting in ``corpus.settings``
    and counts in ``corpus.info`` (``raw_documents``, ``dropped_empty``...).
    """
    fields = Preprocessing.field_names()
    prep_over = {k: v for k, v in settings.items() if k in fields}
    loader_options = {k: v for k, v in settings.items() if k not in fields}
    src_name, default_preset, read, desc = _source(source, loader_options)
    preset, prep = resolve_preprocessing(preprocess, default_preset, prep_over)
    name = name or src_name
    if progress is None:
        progress = sys.stderr.isatty()
    corpus_settings = {"dataset": src_name, "source": desc, "limit": limit,
                       "preprocess": preset, **prep.to_dict()}
    key = corpus_cache.cache_key({"settings": corpus_settings, "name": name})
    if cache:
        hit = corpus_cache.load(key)
        if hit is not None:
            return hit
    t0 = time.perf_counter()
    raw = read(limit)
    if limit is not None:
        raw = raw.head(limit)
    corpus = build_corpus(raw, prep, name=name, settings=corpus_settings, progress=progress)
    corpus.info["build_seconds"] = round(time.perf_counter() - t0, 3)
    if cache:
        corpus_cache.save(corpus, key)
    corpus.info["cache"] = "miss" if cache else "off"
    return corpus
