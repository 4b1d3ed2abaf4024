import subprocess
import sys

import pytest

from topicatlas.cli import main
from topicatlas.errors import UnknownNameError
from topicatlas.registry import Registry


def test_registry_lazy_import_and_did_you_mean():
    reg: Registry = Registry("dataset")
    reg.register("twenty", "json:dumps", aliases=("20",), family="x")
    assert "TWENTY" in reg and "20" in reg
    import json

    assert reg.get("20") is json.dumps
    assert reg.meta("twenty") == {"family": "x"}
    with pytest.raises(UnknownNameError) as err:
        reg.get("twenty1")
    assert "Did you mean 'twenty'" in str(err.value)
    with pytest.raises(ValueError):
        reg.register("Twenty", "json:loads")


def test_cli_help_lists_commands_and_stays_light():
    code = (
        "import sys; from topicatlas.cli import main; main(['--help']);"
        "heavy = [m for m in ('torch', 'transformers', 'gensim', 'nltk', 'numpy', 'pandas') "
        "if m in sys.modules]; print('HEAVY', heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "corpus" in out.stdout and "setup" in out.stdout
    assert "HEAVY []" in out.stdout


def test_cli_unknown_command_suggests(capsys):
    assert main(["corpsu"]) == 2
    assert "Did you mean 'corpus'" in capsys.readouterr().err
