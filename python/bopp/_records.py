"""bopp.read_run and bopp.read_bench: run records (docs/run-record.md) as NumPy arrays."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Union

import numpy as np
import numpy.typing as npt

from ._checks import check_type

if TYPE_CHECKING:
    import pandas


def _frame_module() -> Any:
    try:
        import pandas
    except ImportError:
        raise ImportError("to_pandas() needs pandas (Debian: python3-pandas)") from None
    return pandas


@dataclass(frozen=True)
class RunRecord:
    """One run's evaluations.jsonl as arrays, one entry per evaluation in the order told.

    `y` holds NaN where an evaluation failed; `regret`, `simple_regret` and
    `cumulative_regret` are None when the objective declares no optimum (NaN where failed,
    or before the first success). `run` is run.json as a dict (status, message, seed, ...).
    """

    folder: str
    run: dict[str, Any]
    index: npt.NDArray[np.int64]
    batch: npt.NDArray[np.int64]
    x: npt.NDArray[np.float64]
    y: npt.NDArray[np.float64]
    status: npt.NDArray[np.str_]
    message: npt.NDArray[np.str_]
    seed: npt.NDArray[np.uint64]
    time: npt.NDArray[np.float64]
    regret: Optional[npt.NDArray[np.float64]]
    simple_regret: Optional[npt.NDArray[np.float64]]
    cumulative_regret: Optional[npt.NDArray[np.float64]]

    def to_pandas(self) -> "pandas.DataFrame":
        """A DataFrame, one row an evaluation: index, batch, x0 .. x{dim-1}, y, status, message,
        seed, time and the regret columns when known. Needs pandas."""
        pandas = _frame_module()
        columns: dict[str, Any] = {"index": self.index, "batch": self.batch}
        for j in range(self.x.shape[1]):
            columns[f"x{j}"] = self.x[:, j]
        columns.update(y=self.y, status=self.status, message=self.message, seed=self.seed, time=self.time)
        if self.regret is not None:
            columns.update(
                regret=self.regret,
                simple_regret=self.simple_regret,
                cumulative_regret=self.cumulative_regret,
            )
        return pandas.DataFrame(columns)


def _reals(lines: list[dict[str, Any]], key: str) -> npt.NDArray[np.float64]:
    return np.array([np.nan if line.get(key) is None else line[key] for line in lines], dtype=np.float64)


def read_run(folder: Union[str, "os.PathLike[str]"]) -> RunRecord:
    """The run record in `folder` (what bopp.run or `bopp run` wrote) as arrays. Raises
    FileNotFoundError when the folder holds no run record."""
    check_type("folder", folder, (str, os.PathLike))
    folder = os.fspath(folder)
    with open(os.path.join(folder, "run.json"), encoding="utf-8") as f:
        run = json.load(f)
    lines: list[dict[str, Any]] = []
    with open(os.path.join(folder, "evaluations.jsonl"), encoding="utf-8") as f:
        text = f.read()
    for number, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        try:
            lines.append(json.loads(line))
        except json.JSONDecodeError:
            # Only a power loss tears a line, and only the last one (docs/run-record.md).
            if number == len(text.splitlines()) - 1:
                break
            raise ValueError(f"{folder}/evaluations.jsonl: line {number + 1} is not JSON") from None
    dim = int(run.get("dim", len(lines[0]["x"]) if lines else 0))
    known = any("regret" in line for line in lines) or run.get("optimum") is not None
    return RunRecord(
        folder=folder,
        run=run,
        index=np.array([line["index"] for line in lines], dtype=np.int64),
        batch=np.array([line["batch"] for line in lines], dtype=np.int64),
        x=np.array([line["x"] for line in lines], dtype=np.float64).reshape(len(lines), dim),
        y=_reals(lines, "y"),
        status=np.array([line["status"] for line in lines], dtype=np.str_),
        message=np.array([line.get("message", "") for line in lines], dtype=np.str_),
        seed=np.array([line["seed"] for line in lines], dtype=np.uint64),
        time=_reals(lines, "time"),
        regret=_reals(lines, "regret") if known else None,
        simple_regret=_reals(lines, "simple_regret") if known else None,
        cumulative_regret=_reals(lines, "cumulative_regret") if known else None,
    )


@dataclass(frozen=True)
class BenchRun:
    """One run of a bench: its labels from index.json and its record (None when the run has
    not written one)."""

    objective: str
    algorithm: str
    seed: int
    batch: int
    status: str
    record: Optional[RunRecord]


@dataclass(frozen=True)
class BenchRecord:
    """A bench folder (`bopp bench`): index.json's fields and every run's record."""

    folder: str
    index: dict[str, Any]
    runs: list[BenchRun]

    def to_pandas(self) -> "pandas.DataFrame":
        """Every run's evaluations in one DataFrame, with columns objective, algorithm,
        run_seed and run_batch first. Needs pandas."""
        pandas = _frame_module()
        frames = []
        for r in self.runs:
            if r.record is None:
                continue
            frame = r.record.to_pandas()
            for position, (name, value) in enumerate(
                [("objective", r.objective), ("algorithm", r.algorithm), ("run_seed", r.seed), ("run_batch", r.batch)]
            ):
                frame.insert(position, name, value)
            frames.append(frame)
        return pandas.concat(frames, ignore_index=True) if frames else pandas.DataFrame()


def read_bench(folder: Union[str, "os.PathLike[str]"]) -> BenchRecord:
    """The bench in `folder` (its index.json and each run's record) as arrays."""
    check_type("folder", folder, (str, os.PathLike))
    folder = os.fspath(folder)
    with open(os.path.join(folder, "index.json"), encoding="utf-8") as f:
        index = json.load(f)
    runs = []
    for entry in index.get("runs", []):
        path = os.path.join(folder, entry["folder"])
        record = read_run(path) if os.path.exists(os.path.join(path, "run.json")) else None
        runs.append(
            BenchRun(
                objective=entry["objective"],
                algorithm=entry["algorithm"],
                seed=int(entry["seed"]),
                batch=int(entry["batch"]),
                status=entry["status"],
                record=record,
            )
        )
    return BenchRecord(folder=folder, index=index, runs=runs)
