"""Lexical resources: word vectors, WordNet features, word frequencies."""
