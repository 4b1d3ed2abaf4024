"""Dataset loaders, registered by name in :data:`DATASETS` (``Registry("dataset")``).

Each dataset is a :class:`DatasetSpec`: the files it reads (relative to the data
directory, :func:`topicatlas.config.data_dir`, ``$TOPICATLAS_DATA``), their canonical
download addresses, a reader (imported lazily) and the default preprocessing.
"""

from __future__ import annotations

from topicatlas.corpus.loaders.spec import DatasetSpec, decode_bytes
from topicatlas.registry import Registry

DATASETS: Registry[DatasetSpec] = Registry("dataset")

_OCTIS_RAW = "https://raw.githubusercontent.com/MIND-Lab/OCTIS/master/preprocessed_datasets"


def _octis(name: str, folder: str, description: str, aliases: tuple[str, ...] = ()) -> None:
    files = ("corpus.tsv", "vocabulary.txt", "metadata.json")
    DATASETS.register(name, DatasetSpec(
        name=name,
        description=description,
        files=(f"corpora/octis/{folder}/corpus.tsv",),
        urls={f"corpora/octis/{folder}/{f}": f"{_OCTIS_RAW}/{folder}/{f}" for f in files},
        reader="topicatlas.corpus.loaders.octis:read_octis_dataset",
        options={"folder": f"corpora/octis/{folder}"},
        preprocess="none",
    ), aliases=aliases)


DATASETS.register("20ng", DatasetSpec(
    name="20ng",
    description="20 Newsgroups 'bydate' (18,846 posts, 20 groups, train/test)",
    files=("corpora/20news-bydate.tar.gz",),
    urls={"corpora/20news-bydate.tar.gz": "http://qwone.com/~jason/20Newsgroups/20news-bydate.tar.gz"},
    reader="topicatlas.corpus.loaders.newsgroups:read_20newsgroups",
    options={"remove": ("headers", "footers", "quotes")},
    preprocess="standard",
), aliases=("20newsgroups", "newsgroups", "20news"))

DATASETS.register("reuters", DatasetSpec(
    name="reuters",
    description="Reuters-21578, ModApte split, 90-category multi-label subset",
    files=("corpora/reuters21578.tar.gz",),
    urls={"corpora/reuters21578.tar.gz":
          "http://kdd.ics.uci.edu/databases/reuters21578/reuters21578.tar.gz"},
    reader="topicatlas.corpus.loaders.reuters:read_reuters",
    options={"categories": "modapte90"},
    preprocess="standard",
), aliases=("reuters21578", "reuters-21578"))

DATASETS.register("bbc", DatasetSpec(
    name="bbc",
    description="BBC News full text (Greene & Cunningham 2006; 2,225 articles, 5 classes)",
    files=("corpora/bbc-fulltext.zip",),
    urls={"corpora/bbc-fulltext.zip": "http://mlg.ucd.ie/files/datasets/bbc-fulltext.zip"},
    reader="topicatlas.corpus.loaders.bbc:read_bbc",
    preprocess="standard",
), aliases=("bbc-news", "bbcnews"))

DATASETS.register("m10", DatasetSpec(
    name="m10",
    description="CiteSeer-M10 paper titles (TriDNR; 10,310 titles, 10 classes)",
    files=("corpora/m10/docs.txt", "corpora/m10/labels.txt"),
    urls={"corpora/m10/docs.txt":
          "https://raw.githubusercontent.com/shiruipan/TriDNR/master/data/M10/docs.txt",
          "corpora/m10/labels.txt":
          "https://raw.githubusercontent.com/shiruipan/TriDNR/master/data/M10/labels.txt"},
    reader="topicatlas.corpus.loaders.titles:read_m10",
    preprocess="standard",
), aliases=("citeseer-m10",))

_octis("dblp", "DBLP", "DBLP paper titles, OCTIS preprocessed (54,595 titles, 4 classes)",
       aliases=("octis-dblp",))
_octis("octis-m10", "M10", "CiteSeer-M10 titles, OCTIS preprocessed (8,355 titles, 10 classes)")
_octis("octis-bbc", "BBC_News", "BBC News, OCTIS preprocessed (2,225 articles, 5 classes)")

DATASETS.register("googlenews", DatasetSpec(
    name="googlenews",
    description="GoogleNews-T short texts (11,108 titles, 152 labels; pre-tokenised)",
    files=("corpora/googlenews/GoogleNews.txt", "corpora/googlenews/GoogleNews_LABEL.txt"),
    urls={"corpora/googlenews/GoogleNews.txt":
          "https://raw.githubusercontent.com/MilaNLProc/contextualized-topic-models/master/"
          "contextualized_topic_models/data/gnews/GoogleNews.txt",
          "corpora/googlenews/GoogleNews_LABEL.txt":
          "https://raw.githubusercontent.com/MilaNLProc/contextualized-topic-models/master/"
          "contextualized_topic_models/data/GoogleNews_LABEL.txt"},
    reader="topicatlas.corpus.loaders.titles:read_googlenews",
    preprocess="none",
), aliases=("google-news", "gnews"))

DATASETS.register("sample", DatasetSpec(
    name="sample",
    description="small built-in corpus shipped with topicatlas (60 made-up documents, 5 themes)",
    files=(),
    urls={},
    reader="topicatlas.corpus.sample:read_sample",
    preprocess="sample",
), aliases=("builtin", "demo"))

__all__ = ["DATASETS", "DatasetSpec", "decode_bytes"]
