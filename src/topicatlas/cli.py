"""The ``topicatlas`` command line.

Start-up stays light: this module imports only the standard library. Each
sub-command lives in its own module under :mod:`topicatlas.commands`, which is
imported only when that sub-command runs. A command module provides
``add_arguments(parser)`` and ``run(args) -> int``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys

# name -> (module under topicatlas.commands, one-line help). Keep sorted by workflow.
COMMANDS: dict[str, tuple[str, str]] = {
    "demo": ("demo", "run the main job on the built-in default and print where the results are"),
    "setup": ("setup", "prepare system resources (make WordNet readable by NLTK)"),
    "corpus": ("corpus", "load corpora and print their statistics"),
    "coherence": ("coherence", "classical coherence (C_v, NPMI, UCI, UMass) of topics on a corpus"),
    "diversity": ("diversity", "topic diversity (unique words, TU, inverted RBO)"),
    "models": ("models", "list the registered topic models"),
    "fit": ("fit", "fit a topic model on a corpus"),
    "score": ("score", "similarity and relatedness of word pairs or topics"),
    "scorer": ("scorer", "train or evaluate the similarity-relatedness scorer"),
    "pairs": ("pairs", "build and LLM-annotate training word pairs"),
    "judge": ("judge", "LLM-as-judge topic metrics"),
    "evaluate": ("evaluate", "one report across all axes for one or more topic models"),
}


def _available() -> dict[str, tuple[str, str]]:
    return {
        name: spec
        for name, spec in COMMANDS.items()
        if importlib.util.find_spec(f"topicatlas.commands.{spec[0]}") is not None
    }


def _main_help(commands: dict[str, tuple[str, str]]) -> str:
    from topicatlas import __version__

    width = max(len(n) for n in commands) if commands else 0
    lines = [
        f"usage: topicatlas [--version] <command> [<args>]   (topicatlas {__version__})",
        "",
        "What kind of semantic structure do your topics capture?",
        "",
        "commands:",
    ]
    lines += [f"  {name:<{width}}  {helptext}" for name, (_, helptext) in commands.items()]
    lines += ["", "Run `topicatlas <command> --help` for a command's options."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = _available()
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(_main_help(commands))
        return 0
    if argv[0] == "--version":
        from topicatlas import __version__

        print(f"topicatlas {__version__}")
        return 0
    name = argv[0]
    if name not in commands:
        from topicatlas.registry import suggest

        print(
            f"topicatlas: unknown command {name!r}.{suggest(name, list(commands))}\n"
            f"Commands: {', '.join(commands)}",
            file=sys.stderr,
        )
        return 2
    module = importlib.import_module(f"topicatlas.commands.{commands[name][0]}")
    parser = argparse.ArgumentParser(prog=f"topicatlas {name}", description=commands[name][1])
    module.add_arguments(parser)
    args = parser.parse_args(argv[1:])

    from topicatlas.errors import TopicAtlasError

    try:
        return int(module.run(args) or 0)
    except TopicAtlasError as exc:
        print(f"topicatlas {name}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"topicatlas {name}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
