"""The vocabulary of a corpus: an ordered word list with its index."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from topicatlas.errors import TopicAtlasError


class Vocabulary:
    """An ordered, duplicate-free list of words; ``vocab[word] -> id``, ``vocab.words[id] -> word``."""

    __slots__ = ("words", "index")

    def __init__(self, words: Iterable[str]) -> None:
        self.words: list[str] = list(words)
        self.index: dict[str, int] = {w: i for i, w in enumerate(self.words)}
        if len(self.index) != len(self.words):
            seen: set[str] = set()
            dup = next(w for w in self.words if w in seen or seen.add(w))  # type: ignore[func-returns-value]
            raise TopicAtlasError(f"vocabulary has duplicate word {dup!r}")

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self.index

    def __getitem__(self, word: str) -> int:
        return self.index[word]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Vocabulary) and self.words == other.words

    def __repr__(self) -> str:
        head = ", ".join(self.words[:5])
        return f"Vocabulary({len(self)} words: {head}{', ...' if len(self) > 5 else ''})"

    def get(self, word: str, default: int | None = None) -> int | None:
        return self.index.get(word, default)

    def encode(self, tokens: Sequence[str]) -> list[int]:
        """Ids of the in-vocabulary tokens (out-of-vocabulary tokens are skipped)."""
        index = self.index
        return [index[t] for t in tokens if t in index]
