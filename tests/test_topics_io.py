from pathlib import Path

import pytest

from topicatlas.errors import DataNotFoundError, InputFormatError
from topicatlas.topics import parse_topics_text, read_topics, write_topics


def test_plain_lines(tmp_path: Path):
    p = write_topics([["dog", "cat"], ["car", "engine", "wheel"]], tmp_path / "t.txt")
    assert read_topics(p) == [["dog", "cat"], ["car", "engine", "wheel"]]


def test_reference_tsv_format(data_dir: Path):
    folder = data_dir / "llm-judgment-reference/data/topic_model_output/20ng/lda/topic_words"
    path = sorted(folder.glob("lda_50_*.csv"))[0]
    topics = read_topics(path)
    assert len(topics) == 50
    assert all(1 <= len(t) <= 10 for t in topics)
    first_row = path.read_text().splitlines()[1].split("\t", 1)[1].split()
    assert topics[0] == first_row


def test_json_and_errors(tmp_path: Path):
    assert parse_topics_text('{"topics": [["a", "b"]]}') == [["a", "b"]]
    with pytest.raises(InputFormatError, match="empty"):
        parse_topics_text("   \n")
    with pytest.raises(DataNotFoundError, match="missing.txt"):
        read_topics(tmp_path / "missing.txt")
