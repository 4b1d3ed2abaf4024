"""Training word pairs: candidate construction (App. B.3.1) and LLM annotation (B.3.2-3).

* :mod:`topicatlas.pairs.candidates` -- the candidate table (``word1, word2, source,
  sub_source``) from WordNet, ConceptNet, embedding neighbours and controlled negatives;
* :mod:`topicatlas.pairs.annotate` -- SIM/REL annotation through any
  :mod:`topicatlas.llm` back-end with the paper's prompt (:mod:`topicatlas.pairs.prompt`);
* :mod:`topicatlas.pairs.tables` -- reading and writing pair tables.
"""
