"""The model card written next to trained weights (Markdown)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from topicatlas.scorer.silver import SILVER_ANCHORS


def _fmt(x) -> str:
    try:
        return f"{float(x):.3f}"
    except (TypeError, ValueError):
        return str(x)


def _table(df: pd.DataFrame) -> str:
    cols = list(df.columns)
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for _, row in df.iterrows():
        lines.append("| " + " | ".join(_fmt(v) if isinstance(v, float) else str(v) for v in row) + " |")
    return "\n".join(lines)


def model_card(config: dict, metrics: dict, n_params: int, evaluation: str | None = None,
               selection: dict | None = None) -> str:
    """Markdown: data, settings, selection record, held-out metrics (and evaluation)."""
    anchors = "\n".join(f"| {k} | {s:.2f} | {r:.2f} |" for k, (s, r) in SILVER_ANCHORS.items())
    test = metrics.get("test", {})
    val = metrics.get("val", {})
    per_source = pd.DataFrame(metrics.get("test_per_source", []))
    parts = [
        f"# topicatlas similarity-relatedness scorer: `{config.get('name', '?')}`",
        "",
        config.get("description", ""),
        "",
        "Reproduce: `topicatlas scorer train --config "
        f"{config.get('name', 'default')}` (same seed -> same metrics).",
        "",
        "## Model",
        f"- input `[e1; e2; |e1-e2|; e1*e2]` of `{config.get('vectors')}` vectors + 8 WordNet features "
        "(path, LCH, Wu-Palmer, Lin, JCN, shortest path, same lexicographer file, synset overlap)",
        f"- trunk 256 -> 64 (Linear + GELU + Dropout 0.4), two sigmoid heads; {n_params:,} parameters",
        "- symmetric: forward pass averaged over both word orders, WordNet features per unordered pair",
        "- loss `L_sim + L_rel + 1.0 * L_gap`, `L_gap` = squared error of the predicted gap "
        "(rel - sim) against the target gap, on pairs with both targets; masked MSE per head",
        "",
        "## Settings",
        "```json",
        json.dumps({k: config.get(k) for k in ("seed", "split", "model", "train")}, indent=2),
        "```",
        "",
        "## Training data",
        "The paper's 51.5k LLM-annotated pairs are not public. This model is trained on:",
        f"- human benchmarks (each supervises only its own dimension, rescaled to [0, 1]): "
        f"{', '.join(config.get('benchmarks') or [])}",
        "- silver pairs labelled with the annotation rubric's anchors (paper App. B.3.3): WordNet "
        "synonyms (evenly over nouns, verbs, adjectives incl. 'similar to', adverbs), co-hyponyms, hypernyms, antonyms of the 30k most frequent words; ConceptNet-100k "
        "associations (AtLocation, UsedFor, PartOf, Causes, HasA, CapableOf, ...); "
        "frequency-matched random negatives. Sizes: "
        f"`{json.dumps((config.get('silver') or {}).get('sizes', {}))}`",
        "",
        "| silver type | sim | rel |",
        "|---|---|---|",
        anchors,
        "",
        f"Pairs after deduplication: {metrics.get('n_pairs')} (vector coverage "
        f"{_fmt(metrics.get('coverage'))}); split 70/15/15 by pair: train {metrics.get('n_train')}, "
        f"val {metrics.get('n_val')}, test {metrics.get('n_test')}. Best epoch "
        f"{metrics.get('best_epoch')} of {metrics.get('epochs_run')} (early stopping on val loss).",
        "",
        "SimLex-999 and WordSim-353 were never used for training, tuning or selection.",
        "",
        "## Model selection",
        "",
        str((selection or {}).get("rule", "(none recorded)")),
        "",
        _table(pd.DataFrame((selection or {}).get("candidates", [])))
        if (selection or {}).get("candidates") else "",
        "",
        "## Held-out metrics (pair-held-out split)",
        "| split | ρ sim (human) | ρ rel (human) | ρ sim (all) | ρ rel (all) | separation AUC syn/assoc | separation AUC cohyp/assoc |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, m in (("val", val), ("test", test)):
        parts.append(
            f"| {name} | {_fmt(m.get('rho_sim_human'))} | {_fmt(m.get('rho_rel_human'))} | "
            f"{_fmt(m.get('rho_sim_all'))} | {_fmt(m.get('rho_rel_all'))} | "
            f"{_fmt(m.get('separation_auc'))} | {_fmt(m.get('separation_auc_cohyponym'))} |"
        )
    if len(per_source):
        parts += ["", "Test split, per source (head of the dimension the source rates):", "",
                  _table(per_source)]
    if evaluation:
        parts += ["", "## Evaluation", "", evaluation]
    return "\n".join(parts) + "\n"


def set_evaluation_section(card: Path, text: str, command: str, title: str = "Evaluation") -> None:
    """Replace (or append) the card's ``## <title>`` section with ``text`` (a code block);
    other sections are kept."""
    body = card.read_text(encoding="utf-8") if card.exists() else ""
    marker = f"\n## {title}\n"
    section = f"\n## {title}\n\nProduced by `{command}`:\n\n```\n{text}\n```\n"
    if marker in body:
        before, after = body.split(marker, 1)
        rest = after.split("\n## ", 1)
        tail = "\n## " + rest[1] if len(rest) == 2 else ""
        card.write_text(before.rstrip("\n") + "\n" + section + tail, encoding="utf-8")
    else:
        card.write_text(body.rstrip("\n") + "\n" + section, encoding="utf-8")
