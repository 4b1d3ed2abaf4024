"""``topicatlas models`` and ``topicatlas fit`` end to end."""

from __future__ import annotations

import json

from topicatlas.cli import main
from topicatlas.models import MODELS, load_output
from topicatlas.models.check_corpus import TEXTS


def test_models_json_lists_every_model_with_family_plm_installed(capsys) -> None:  # noqa: ANN001
    assert main(["models", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in rows] == MODELS.names()
    by_name = {r["name"]: r for r in rows}
    assert by_name["lda"]["family"] == "probabilistic" and by_name["lda"]["plm"] is False
    assert by_name["bertopic"]["family"] == "PLM-clustering" and by_name["bertopic"]["plm"] is True
    assert by_name["combinedtm"]["family"] == "PLM-augmented VAE"
    assert by_name["random"]["family"] == "baseline"
    assert all(r["installed"] for r in rows)


def test_models_table(capsys) -> None:  # noqa: ANN001
    assert main(["models"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:4] == ["model", "family", "PLM", "installed"]
    assert "prodlda" in out


def test_fit_writes_output_and_prints_topics(tmp_path, capsys) -> None:  # noqa: ANN001
    docs = tmp_path / "docs.txt"
    docs.write_text("\n".join(TEXTS) + "\n")
    out_dir = tmp_path / "out"
    code = main(["fit", "lda", "--corpus", str(docs), "--k", "4", "--seed", "1",
                 "--param", "iterations=30", "--out", str(out_dir), "--min-df", "1"])
    printed = capsys.readouterr().out
    assert code == 0
    saved = load_output(out_dir)
    assert saved.n_topics == 4 and saved.seed == 1
    assert saved.settings["params"]["iterations"] == 30
    assert printed.splitlines()[0].split()[1:] == saved.topics[0]
    assert "diversity" in printed


def test_fit_reports_k_too_large_without_traceback(tmp_path, capsys) -> None:  # noqa: ANN001
    docs = tmp_path / "docs.txt"
    docs.write_text("\n".join(TEXTS[:3]) + "\n")
    assert main(["fit", "nmf", "--corpus", str(docs), "--k", "10", "--min-df", "1"]) == 2
    err = capsys.readouterr().err
    assert "3 non-empty documents, fewer than the 10 topics" in err and "Traceback" not in err
