"""Corpora: documents, vocabulary, loaders, preprocessing and the on-disk cache."""

from topicatlas.corpus.core import Corpus
from topicatlas.corpus.vocabulary import Vocabulary

__all__ = ["Corpus", "Vocabulary"]
