"""Versioned prompt files for pair annotation (package data, see :mod:`topicatlas.pairs.prompt`)."""
