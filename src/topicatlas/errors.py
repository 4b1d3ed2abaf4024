"""Exceptions shared across topicatlas.

Every error a user can cause derives from :class:`TopicAtlasError`, so the CLI can
print its message (which names the file, word or line and suggests a fix) without
a traceback.
"""

from __future__ import annotations


class TopicAtlasError(Exception):
    """Base class for errors caused by input or environment, shown without traceback."""


class DataNotFoundError(TopicAtlasError, FileNotFoundError):
    """A file or folder that a loader expected is missing."""


class UnknownNameError(TopicAtlasError, KeyError):
    """A name (dataset, model, metric, back-end...) is not registered."""

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0]) if self.args else ""


class NotInstalledError(TopicAtlasError, ImportError):
    """An optional dependency is missing; the message says which extra installs it."""


class InputFormatError(TopicAtlasError, ValueError):
    """Input could be read but is malformed (the message names file and line)."""
