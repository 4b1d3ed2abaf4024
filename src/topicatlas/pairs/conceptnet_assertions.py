"""The full ConceptNet 5.x assertions dump, for the paper's ConceptNet source (Table 13).

The paper drew RelatedTo, AtLocation, PartOf, UsedFor and Causes pairs from ConceptNet
5.7. The offline default of :func:`topicatlas.pairs.candidates.build_candidates` is
ConceptNet-100k (``topicatlas.lexicon.relations.load_conceptnet``), which has far fewer
RelatedTo and PartOf edges; with the dump (``conceptnet-assertions-5.7.0.csv.gz`` from
https://github.com/commonsense/conceptnet5/wiki/Downloads, ~500 MB) given as
``conceptnet=PATH`` (``--conceptnet PATH``) the builder reads the real thing.

Format: one edge per line, 5 tab-separated fields: edge URI, relation (``/r/RelatedTo``),
start and end concepts (``/c/en/dog``, ``/c/en/dog/n``, ``/c/en/dog/n/wn/animal``) and a
JSON object with the edge's ``weight``. Kept: the five relations, both ends English
(``/c/en/``) single words (lower-case ASCII letters, no ``_`` phrase), ``weight > 0``.
Returned with the columns of ``load_conceptnet``: ``rel, head, tail, score, split``
(``split`` is ``"assertions"``). The file is streamed (gzip or plain text), never loaded whole.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

from topicatlas.errors import DataNotFoundError, InputFormatError

RELATIONS = ("RelatedTo", "AtLocation", "PartOf", "UsedFor", "Causes")
_WORD = re.compile(r"^[a-z]+$")


def _concept_word(uri: str) -> str | None:
    """``/c/en/dog/n/...`` -> ``dog``; None for other languages and phrases."""
    if not uri.startswith("/c/en/"):
        return None
    word = uri[6:].split("/", 1)[0]
    return word if _WORD.match(word) else None


def load_assertions(path: str | Path, relations: tuple[str, ...] = RELATIONS) -> Any:
    """English single-word edges of ``relations`` from a ConceptNet assertions dump."""
    import pandas as pd

    path = Path(path)
    if not path.is_file():
        raise DataNotFoundError(
            f"{path}: no such ConceptNet assertions file (conceptnet-assertions-5.7.0.csv.gz "
            "from https://github.com/commonsense/conceptnet5/wiki/Downloads)"
        )
    wanted = {f"/r/{r}": r for r in relations}
    rows = []
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 5:
                raise InputFormatError(
                    f"{path}, line {lineno}: expected 5 tab-separated fields (edge, relation, "
                    f"start, end, JSON), got {len(parts)}"
                )
            rel = wanted.get(parts[1])
            if rel is None:
                continue
            head, tail = _concept_word(parts[2]), _concept_word(parts[3])
            if head is None or tail is None or head == tail:
                continue
            try:
                weight = float(json.loads(parts[4]).get("weight", 1.0))
            except (ValueError, AttributeError) as exc:
                raise InputFormatError(f"{path}, line {lineno}: unreadable JSON field") from exc
            if weight > 0:
                rows.append((rel, head, tail, weight, "assertions"))
    df = pd.DataFrame(rows, columns=["rel", "head", "tail", "score", "split"])
    return df.drop_duplicates(["rel", "head", "tail"]).reset_index(drop=True)
