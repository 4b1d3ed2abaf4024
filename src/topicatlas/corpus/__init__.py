"""Corpora: documents, vocabulary, loaders, preprocessing and the on-disk cache.

``load_corpus(name_or_path, preprocess=..., cache=True, **settings)`` is the entry
point; registered datasets are listed by ``DATASETS.names()``.
"""

from topicatlas.corpus.core import Corpus
from topicatlas.corpus.load import PRESETS, load_corpus
from topicatlas.corpus.loaders import DATASETS
from topicatlas.corpus.preprocess import Preprocessing, tokenize
from topicatlas.corpus.raw import RawDocuments
from topicatlas.corpus.vocabulary import Vocabulary

__all__ = ["Corpus", "DATASETS", "PRESETS", "Preprocessing", "RawDocuments", "Vocabulary",
           "load_corpus", "tokenize"]
