"""Lexical resources: word vectors, WordNet features and relations, frequencies, ConceptNet.

Nothing heavy is imported here; import the module you need:

* :mod:`topicatlas.lexicon.vectors` -- ``load_vectors(name_or_path, fmt=None)`` ->
  ``WordVectors`` (``words``, ``index``, memory-mapped ``matrix``, ``vector``,
  ``lookup`` with a found-mask, ``coverage``, ``most_similar``); ``VECTOR_SPACES``.
* :mod:`topicatlas.lexicon.encoder_vectors` -- ``encode_words(words)``: static vectors
  from all-MiniLM-L6-v2, each word encoded alone, cached.
* :mod:`topicatlas.lexicon.wordnet_features` -- ``FEATURE_NAMES``, ``WordNetFeatures``
  (``pair``, ``pairs``, ``in_wordnet``, ``coverage``): the paper's 8-D feature vector.
* :mod:`topicatlas.lexicon.wordnet` -- normalisation (``wordnet_forms``, ``synsets``),
  ``information_content`` (from cntlist), ``taxonomy_depths``, ``primary_pos``,
  ``lemma_vocabulary``.
* :mod:`topicatlas.lexicon.relations` -- ``wordnet_synonyms``, ``wordnet_hypernyms``,
  ``wordnet_cohyponyms``, ``wordnet_antonyms``, ``load_conceptnet``.
* :mod:`topicatlas.lexicon.frequency` -- ``zipf``, ``zipf_many`` (wordfreq).
"""
