"""The result of a judge run: the tidy table, the raw draws and the per-judge summary."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from topicatlas.judge.aggregate import summarize, topic_table

DRAW_COLUMNS = [
    "model", "judge", "metric", "topic", "unit", "draw", "attempt", "final", "ok",
    "parsed", "n_accepted", "n_rejected", "rejected", "answer", "error", "note", "cached",
    "extra",
]


@dataclass
class JudgeResult:
    """``table``: one row per model x judge x metric x topic (value, draws, missing,
    rejected, detail such as the outlier words); ``draws``: every answer received, raw
    text included; ``summary``: one row per model x judge x metric (the paper's tables).
    ``info``: run facts (requests sent, answered from the cache, failures, prompts version)."""

    table: pd.DataFrame
    draws: pd.DataFrame
    info: dict[str, Any] = field(default_factory=dict)
    _summary: pd.DataFrame | None = None

    @classmethod
    def from_draws(
        cls, draws: pd.DataFrame, skipped: pd.DataFrame | None = None, info: dict[str, Any] | None = None
    ) -> JudgeResult:
        draws = draws.reindex(columns=DRAW_COLUMNS) if len(draws) else pd.DataFrame(columns=DRAW_COLUMNS)
        if len(draws):
            draws["final"] = draws["final"].astype(bool)
            draws["ok"] = draws["ok"].astype(bool)
        return cls(topic_table(draws, skipped), draws, dict(info or {}))

    @property
    def summary(self) -> pd.DataFrame:
        if self._summary is None:
            self._summary = summarize(self.draws, self.table)
        return self._summary

    def pivot(self, value: str = "value") -> pd.DataFrame:
        """Summary as a wide table: rows model, columns (metric, judge) -- like Tables 1-7."""
        s = self.summary
        if s.empty:
            return s
        return s.pivot_table(index="model", columns=["metric", "judge"], values=value)

    def adversarial(self) -> pd.DataFrame:
        """Each judge's adversarial success rates (fraction of tests passed, tests scored)."""
        s = self.summary
        if s.empty:
            return s
        adv = s[s["metric"].str.startswith("advt_")]
        return adv[["model", "judge", "metric", "value", "n_topics", "topics_missing"]].rename(
            columns={"value": "success_rate", "n_topics": "tests", "topics_missing": "tests_missing"}
        )

    @classmethod
    def load(cls, out_dir: str | Path) -> JudgeResult:
        """Read back what :meth:`save` wrote (table.csv, draws.jsonl, info.json)."""
        from topicatlas.errors import DataNotFoundError

        out = Path(out_dir)
        if not (out / "table.csv").is_file():
            raise DataNotFoundError(f"no judge results in {out} (expected table.csv, draws.jsonl, info.json)")
        table = pd.read_csv(out / "table.csv", keep_default_na=True,
                            dtype={"detail": str, "status": str}).fillna({"detail": "", "status": ""})
        records = []
        if (out / "draws.jsonl").is_file():
            with open(out / "draws.jsonl", encoding="utf-8") as fh:
                records = [json.loads(line) for line in fh if line.strip()]
        draws = pd.DataFrame(records).reindex(columns=DRAW_COLUMNS)
        if len(draws):
            draws["final"] = draws["final"].astype(bool)
            draws["ok"] = draws["ok"].astype(bool)
            draws["unit"] = draws["unit"].fillna("").astype(str)
        info = json.loads((out / "info.json").read_text()) if (out / "info.json").is_file() else {}
        return cls(table, draws, info)

    def save(self, out_dir: str | Path) -> dict[str, Path]:
        """Write table.csv, draws.jsonl, summary.csv and info.json under ``out_dir``."""
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        paths = {
            "table": out / "table.csv",
            "draws": out / "draws.jsonl",
            "summary": out / "summary.csv",
            "info": out / "info.json",
        }
        self.table.to_csv(paths["table"], index=False)
        self.summary.to_csv(paths["summary"], index=False)
        with open(paths["draws"], "w", encoding="utf-8") as fh:
            for rec in self.draws.to_dict(orient="records"):
                fh.write(json.dumps(rec, ensure_ascii=False, default=_jsonable) + "\n")
        paths["info"].write_text(json.dumps(self.info, indent=2, default=_jsonable), encoding="utf-8")
        return paths


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, tuple | set):
        return list(obj)
    if hasattr(obj, "item"):
        return obj.item()
    return str(obj)
