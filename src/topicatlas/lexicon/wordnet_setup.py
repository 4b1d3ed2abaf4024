"""Make a system WordNet 3.0 (e.g. Debian's ``wordnet-base``) readable by NLTK.

NLTK (3.9+) reads WordNet only from ``<nltk_data>/corpora/wordnet/`` and refuses
symlinks and paths outside its data path, and Debian's package lacks the
``lexnames`` file NLTK needs. :func:`install_wordnet` copies the database files
into an NLTK data directory (default: ``<sys.prefix>/nltk_data``, which NLTK
searches automatically inside a virtual environment) and writes ``lexnames``.

Users with internet can instead run ``python -m nltk.downloader wordnet``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from topicatlas.errors import DataNotFoundError

SYSTEM_WORDNET = Path("/usr/share/wordnet")

#: Database files NLTK's WordNetCorpusReader opens (index.sense and cntlist come
#: from Debian's wordnet-sense-index; cntlist feeds information content).
WORDNET_FILES = (
    "data.noun", "data.verb", "data.adj", "data.adv",
    "index.noun", "index.verb", "index.adj", "index.adv",
    "noun.exc", "verb.exc", "adj.exc", "adv.exc",
    "index.sense", "cntlist", "cntlist.rev",
)

#: WordNet 3.0's lexicographer files (lexnames(5WN)): number, name, syntactic category.
LEXNAMES = [
    "adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal",
    "noun.artifact", "noun.attribute", "noun.body", "noun.cognition",
    "noun.communication", "noun.event", "noun.feeling", "noun.food", "noun.group",
    "noun.location", "noun.motive", "noun.object", "noun.person", "noun.phenomenon",
    "noun.plant", "noun.possession", "noun.process", "noun.quantity", "noun.relation",
    "noun.shape", "noun.state", "noun.substance", "noun.time", "verb.body",
    "verb.change", "verb.cognition", "verb.communication", "verb.competition",
    "verb.consumption", "verb.contact", "verb.creation", "verb.emotion", "verb.motion",
    "verb.perception", "verb.possession", "verb.social", "verb.stative",
    "verb.weather", "adj.ppl",
]
_CATEGORY = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}


def lexnames_text() -> str:
    return "".join(
        f"{i:02d}\t{name}\t{_CATEGORY[name.split('.')[0]]}\n" for i, name in enumerate(LEXNAMES)
    )


def default_nltk_dir() -> Path:
    return Path(sys.prefix) / "nltk_data"


def install_wordnet(source: Path = SYSTEM_WORDNET, nltk_dir: Path | None = None) -> Path:
    """Copy WordNet from ``source`` into ``nltk_dir/corpora/wordnet``; return that folder."""
    source = Path(source)
    nltk_dir = Path(nltk_dir) if nltk_dir else default_nltk_dir()
    required = [f for f in WORDNET_FILES if not f.startswith("cntlist")]
    missing = [f for f in required if not (source / f).is_file()]
    if missing:
        raise DataNotFoundError(
            f"WordNet 3.0 files missing in {source}: {', '.join(missing)}. "
            "Install them with `apt-get install -y wordnet-base wordnet-sense-index` "
            "(or `python -m nltk.downloader wordnet` where the internet is reachable)."
        )
    target = nltk_dir / "corpora" / "wordnet"
    target.mkdir(parents=True, exist_ok=True)
    for name in WORDNET_FILES:
        src = source / name
        if src.is_file():
            shutil.copyfile(src.resolve(), target / name)  # real copies: NLTK refuses symlinks
    (target / "lexnames").write_text(lexnames_text())
    return target


def check_wordnet() -> str:
    """Load WordNet through NLTK and return its version (raises a clear error if absent)."""
    try:
        from nltk.corpus import wordnet as wn

        version = wn.get_version()
        wn.synsets("dog")
    except LookupError as exc:
        raise DataNotFoundError(
            "NLTK cannot find WordNet. Run `topicatlas setup wordnet` (after "
            "`apt-get install -y wordnet-base wordnet-sense-index`)."
        ) from exc
    return version
