"""``topicatlas scorer train|evaluate``: train or evaluate the similarity-relatedness scorer."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True)
    tr = sub.add_parser("train", help="train a scorer from a config (JSON)")
    tr.add_argument("--config", default="default", help="packaged config name or a .json file")
    tr.add_argument("--pairs", action="append", default=[],
                    help="extra annotated pair table (CSV/TSV/Parquet: word1, word2, sim, rel); repeatable")
    tr.add_argument("--seed", type=int, help="override the config's seed")
    tr.add_argument("--output", help="output folder (default: <cache>/scorer/trained)")
    tr.add_argument("--no-progress", action="store_true")
    ev = sub.add_parser("evaluate", help="held-out Spearman per benchmark with baselines")
    ev.add_argument("--config", default="default")
    ev.add_argument("--protocol", choices=["pair", "word", "both"], default="both")
    ev.add_argument("--ablations", action="store_true", help="also train the Table 16 ablations")
    ev.add_argument("--scaling", metavar="PNG", help="also the training-size scaling curve, saved as PNG")
    ev.add_argument("--max-epochs", type=int, help="override the config's max_epochs (faster, rougher)")
    ev.add_argument("--card", metavar="MODEL_CARD.md",
                    help="also write the tables into this model card's '## Evaluation' section")
    ev.add_argument("--json", action="store_true")


def _train(args) -> int:
    import json
    from pathlib import Path

    from topicatlas.config import cache_dir
    from topicatlas.scorer.card import model_card
    from topicatlas.scorer.data import read_pair_table
    from topicatlas.scorer.model import n_parameters
    from topicatlas.scorer.pipeline import load_config, run_config, with_overrides

    config = load_config(args.config)
    if args.seed is not None:
        config = with_overrides(config, seed=args.seed)
    tables = [read_pair_table(p) for p in args.pairs]
    run = run_config(config, tables, progress=not args.no_progress)
    out = Path(args.output) if args.output else cache_dir("scorer", "trained")
    name = config.get("name", "scorer")
    weights = run.scorer.save(out / f"{name}.safetensors")
    (out / f"{name}.metrics.json").write_text(json.dumps(run.metrics, indent=2), encoding="utf-8")
    # a packaged config may have a selection record next to it: <name>.selection.json
    selection = None
    sel_path = Path(str(args.config)).with_suffix(".selection.json")
    if not sel_path.exists():
        from importlib import resources

        sel_path = Path(str(resources.files("topicatlas.scorer") / "configs" / f"{args.config}.selection.json"))
    if sel_path.exists():
        selection = json.loads(sel_path.read_text(encoding="utf-8"))
    (out / "MODEL_CARD.md").write_text(
        model_card(config, run.metrics, n_parameters(run.scorer.model), selection=selection),
        encoding="utf-8",
    )
    for part in ("val", "test"):
        m = run.metrics.get(part, {})
        print(f"{part}: " + "  ".join(f"{k}={v:.4f}" for k, v in m.items()))
    print(f"weights: {weights}\nmodel card: {out / 'MODEL_CARD.md'}")
    return 0


def _evaluate(args) -> int:
    from topicatlas.scorer.evaluate import run_evaluation

    text = run_evaluation(args.config, protocol=args.protocol, ablations=args.ablations,
                          as_json=args.json, max_epochs=args.max_epochs, scaling_png=args.scaling)
    print(text)
    if args.card:
        from pathlib import Path

        from topicatlas.scorer.card import set_evaluation_section

        cmd = "topicatlas scorer evaluate " + " ".join(
            f"--{k.replace('_', '-')} {v}" if v is not True else f"--{k.replace('_', '-')}"
            for k, v in vars(args).items()
            if k in ("config", "protocol", "ablations", "max_epochs", "scaling") and v)
        title = "Evaluation" + (" (ablations / scaling)" if args.ablations or args.scaling else "")
        set_evaluation_section(Path(args.card), text, cmd, title)
    return 0


def run(args: argparse.Namespace) -> int:
    return _train(args) if args.action == "train" else _evaluate(args)
