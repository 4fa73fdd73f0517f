"""bopp.run, bopp.describe and bopp.list_plugins: the CLI's run, describe and list in Python."""

from __future__ import annotations

import os
import tomllib
from typing import Any, Callable, Mapping, Optional, TypedDict, Union

import numpy as np
import numpy.typing as npt

from . import _bopp
from ._box import Box, decode
from ._checks import check_type
from ._optimizer import PathLike, PluginPath
from ._space import Space

Objective = Callable[[npt.NDArray[Any]], float]


class BestEvaluation(TypedDict):
    index: int
    x: list[float]
    y: float


class RunOutcome(TypedDict):
    """What bopp.run returns."""

    record: str
    status: str
    message: str
    evaluations: int
    failed_evaluations: int
    best: Optional[BestEvaluation]
    recommended: list[float]
    optimum: Optional[float]


class Param(TypedDict):
    name: str
    type: str
    required: bool
    default: Any
    help: str
    minimum: float
    maximum: float
    choices: Optional[list[str]]


class PluginInfo(TypedDict):
    name: str
    kind: str
    version: str
    summary: str
    library: str
    library_version: str
    path: str


class PluginDescription(PluginInfo):
    params: list[Param]


class _Decoded:
    """A callable that gives the user's objective the Box's level names; it keeps the user
    function's name, which the record shows."""

    def __init__(self, box: Box, objective: Objective) -> None:
        self._box = box
        self._objective = objective
        self.__qualname__ = getattr(objective, "__qualname__", type(objective).__qualname__)

    def __call__(self, x: npt.NDArray[np.float64]) -> float:
        return self._objective(decode(self._box, x.reshape(1, -1))[0])


def _as_box(problem: object) -> Optional[Box]:
    """A Box, a Space's Box, or bounds as (lower, upper) pairs; None for a plugin's table."""
    if isinstance(problem, Box):
        return problem
    if isinstance(problem, Space):
        return problem.box()
    if isinstance(problem, (list, tuple)) and problem and all(
        isinstance(pair, (list, tuple)) and len(pair) == 2 for pair in problem
    ):
        return Box(lower=[p[0] for p in problem], upper=[p[1] for p in problem])
    return None


def run(
    experiment: Union[str, Mapping[str, Any]],
    *,
    output: Optional[PathLike] = None,
    overwrite: bool = False,
    sync: bool = True,
    plugin_path: PluginPath = None,
    objective: Optional[Objective] = None,
) -> RunOutcome:
    """Runs an experiment as `bopp run` does and writes the same run record (docs/run-record.md).

    `experiment` is an experiment file's TOML text or a dict of its tables ({"run": {...},
    "objective": {"name": ...}, "algorithm": {...}}); `output` overrides [run] output. Returns
    a dict: record (folder), status, message, evaluations, failed_evaluations, best ({index,
    x, y} or None), recommended, optimum. The GIL is released during the run.

    `objective`, a callable, evaluates the points in place of the [objective] plugin:
    `objective(x)` gets one point (a 1-D array) and returns a float; an exception or NaN is a
    failed evaluation with the exception's one line as its message. The dict's "objective"
    may then be a bopp.Box, a bopp.Space or bounds as (lower, upper) pairs, instead of a plugin's table:
    the record has regret only when the Box gives its `optimum`. Only the serial [evaluator]
    may run a callable; the GIL is taken only while it is called.

    Ctrl-C stops the run after the batch under way, records it `stopped` (as `bopp run`
    does; `bopp resume` continues it when a plugin evaluates it) and raises
    KeyboardInterrupt. Errors: TypeError for bad arguments, bopp.ConfigError (a ValueError)
    for an experiment bopp refuses, bopp.PluginError for a missing or failing plugin,
    bopp.RunError for a run that cannot start (an output folder that holds a run without
    overwrite=True).
    """
    check_type("experiment", experiment, (str, Mapping))
    check_type("overwrite", overwrite, bool)
    check_type("sync", sync, bool)
    if output is not None:
        check_type("output", output, (str, os.PathLike))
        output = os.fspath(output)
    if objective is not None and not callable(objective):
        raise TypeError(f"objective must be a callable taking one point, not {type(objective).__name__}")
    if isinstance(experiment, Mapping):
        tables = dict(experiment)
        box = _as_box(tables.get("objective"))
        if box is not None:
            if objective is None:
                raise TypeError(
                    "bopp.run: the experiment's objective is a Box, which has no values: "
                    "pass objective=f"
                )
            tables["objective"] = box.objective_table()
            if box.categorical:
                objective = _Decoded(box, objective)
        experiment = tables
    result: RunOutcome = _bopp.run(
        experiment,
        output=output,
        overwrite=overwrite,
        sync=sync,
        plugin_path=plugin_path,
        objective=objective,
    )
    return result


def _python_value(text: Optional[str]) -> Any:
    """A default as the TOML text the plugin declares it, read as a Python value."""
    if not text:
        return None
    return tomllib.loads("value = " + text)["value"]


def describe(name: str, plugin_path: PluginPath = None) -> PluginDescription:
    """One plugin and its parameters (name, type, required, default as a Python value, help,
    minimum, maximum, choices as a list), as `bopp describe` shows them."""
    check_type("name", name, str)
    described = _bopp.describe(name, plugin_path)
    for param in described["params"]:
        text = param["default"]
        param["required"] = text is None
        param["default"] = _python_value(text)
        choices = param["choices"]
        param["choices"] = choices.split("|") if choices else None
    return described  # type: ignore[no-any-return]


def list_plugins(plugin_path: PluginPath = None) -> list[PluginInfo]:
    """Every algorithm and objective found, as dicts (name, kind, version, summary, library,
    library_version, path), as `bopp list` shows them."""
    return _bopp.list_plugins(plugin_path)  # type: ignore[no-any-return]
