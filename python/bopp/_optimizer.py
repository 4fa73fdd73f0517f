"""bopp.Optimizer: ask and tell from your own loop, over the compiled bopp._bopp._Optimizer."""

from __future__ import annotations

import io
import json
import os
import zipfile
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from . import _bopp
from ._box import Box, decode, encode
from ._checks import check_count, check_type
from ._space import Space

PathLike = Union[str, "os.PathLike[str]"]
PluginPath = Union[None, PathLike, Sequence[PathLike]]


@dataclass(frozen=True)
class Best:
    """The best successful evaluation told: its index among the told points, x and y."""

    index: int
    x: npt.NDArray[Any]
    y: float


class Optimizer:
    """An algorithm plugin driven from your own loop: ask for points, evaluate them, tell the values.

        opt = bopp.Optimizer("gpbo", objective_info=bopp.Box(lower=[0, 0], upper=[1, 1]), seed=3)
        X = opt.ask(4)          # (n, dim) float64 array, one row a point, 1 <= n <= 4
        opt.tell(X, f(X))       # values in the problem's sense; NaN marks a failed evaluation

    `objective_info` is a bopp.Box (minimized unless maximize=True), a bopp.Space of named
    parameters (its Box), or the name of an objective
    plugin, whose problem is then solved (configured by `objective_config`; evaluate()
    evaluates it with the seeds `bopp run` uses). `config` holds the algorithm's keys, checked
    and completed with defaults exactly as `bopp run` checks an [algorithm] table. For the same
    seed, config and told values the points asked are the same, bit for bit, as those of
    `bopp run`. Ctrl-C interrupts ask, tell and evaluate with KeyboardInterrupt; an interrupted
    ask's points are the next ask's answer. Errors: TypeError and ValueError for bad
    arguments, bopp.ConfigError (a ValueError) for a configuration bopp refuses,
    bopp.PluginError for a plugin that is missing or fails.
    """

    def __init__(
        self,
        algorithm: str,
        *,
        objective_info: Union[str, Box, Space],
        seed: int = 0,
        config: Optional[Mapping[str, Any]] = None,
        objective_config: Optional[Mapping[str, Any]] = None,
        plugin_path: PluginPath = None,
    ) -> None:
        check_type("algorithm", algorithm, str)
        check_type("objective_info", objective_info, (str, Box, Space))
        if isinstance(objective_info, Space):
            objective_info = objective_info.box()
        seed = check_count("seed", seed)
        if config is not None:
            check_type("config", config, Mapping)
        if objective_config is not None:
            check_type("objective_config", objective_config, Mapping)
            if isinstance(objective_info, Box):
                raise TypeError("objective_config is for an objective plugin; objective_info is a Box")
        box = objective_info if isinstance(objective_info, Box) else None
        problem = box.problem() if box is not None else objective_info
        core = _bopp._Optimizer(
            algorithm,
            objective_info=problem,
            seed=seed,
            config=None if config is None else dict(config),
            objective_config=None if objective_config is None else dict(objective_config),
            plugin_path=plugin_path,
        )
        self._start(core, box, seed)

    def _start(self, core: _bopp._Optimizer, box: Optional[Box], seed: Optional[int]) -> None:
        self._core = core
        self._box = box
        self._seed = seed
        # The problem is fixed: kept here, as tell checks against it at every call.
        self._dim = int(core.dim)
        self._lower = np.asarray(core.lower)
        self._upper = np.asarray(core.upper)
        self._X: list[npt.NDArray[np.float64]] = []
        self._y: list[npt.NDArray[np.float64]] = []

    def ask(self, max_points: int = 1) -> npt.NDArray[Any]:
        """Up to `max_points` points, an (n, dim) array (1 <= n <= max_points), integer
        coordinates rounded, a categorical dimension's names where the Box gave them. The GIL
        is released while the algorithm works. Ctrl-C raises KeyboardInterrupt (at once, unless
        the previous ask took under 1 ms: then as this one returns), and the points of the
        interrupted ask are what the next ask returns."""
        max_points = check_count("max_points", max_points, 1)
        return decode(self._box, self._core.ask(max_points))

    def tell(
        self,
        X: npt.ArrayLike,
        y: Union[float, npt.ArrayLike],
        failed: Optional[Sequence[bool]] = None,
    ) -> None:
        """Tells the values `y` (one per row of X, in the problem's sense; one point and one
        value may be given bare). A row whose value is NaN or infinite, or whose `failed` mark
        is True, is told as a failed evaluation. A point outside the bounds raises
        bopp.ConfigError (a ValueError)."""
        rows = encode(self._box, X, "X", self._dim)
        try:
            values = np.asarray(y, dtype=np.float64).reshape(-1)
        except (TypeError, ValueError):
            raise TypeError("y must be a number or an array of numbers") from None
        if values.size != rows.shape[0]:
            raise ValueError(f"y has {values.size} values for the {rows.shape[0]} points of X")
        marks = None
        if failed is not None:
            marks = [bool(v) for v in np.asarray(failed).reshape(-1)]
            if len(marks) != rows.shape[0]:
                raise ValueError(f"failed has {len(marks)} marks for the {rows.shape[0]} points of X")
        try:
            self._core.tell(rows, values, marks)
        except KeyboardInterrupt:
            self._remember(rows, values, marks)  # an interrupted tell completes on its own
            raise
        self._remember(rows, values, marks)

    def _remember(
        self, rows: npt.NDArray[np.float64], values: npt.NDArray[np.float64], marks: Optional[list[bool]]
    ) -> None:
        told = np.array(values)  # a copy: the caller may reuse its arrays
        if marks is not None:
            told[np.asarray(marks)] = np.nan
        self._X.append(np.array(rows))
        self._y.append(told)

    def evaluate(self, X: npt.ArrayLike) -> Union[float, npt.NDArray[np.float64]]:
        """The objective plugin's values of X's rows (NaN where an evaluation failed), with the
        seeds `bopp run` gives its evaluations; one point given bare gives one float. Only for
        an objective plugin."""
        if self._box is not None:
            raise TypeError("evaluate needs an objective plugin: this optimizer's problem is a Box")
        bare = np.ndim(X) == 1
        values = self._core.evaluate(encode(self._box, X, "X", self._dim))
        return float(values[0]) if bare else values

    def recommend(self) -> npt.NDArray[Any]:
        """The algorithm's recommended point."""
        point: npt.NDArray[Any] = decode(self._box, self._core.recommend().reshape(1, -1))[0]
        return point

    def save(self, path: PathLike) -> None:
        """Writes the optimizer (settings, counters, the algorithm's state, the history told and
        a Box's level names) to `path`, atomically. Optimizer.load(path) then asks exactly what
        this one would have, with the same X, y and best. Raises bopp.Error when the algorithm
        cannot save its state."""
        self._core.save(os.fspath(path), attachment=self._attachment())

    @staticmethod
    def load(path: PathLike, *, plugin_path: PluginPath = None) -> "Optimizer":
        """An optimizer saved by Optimizer.save, with the plugins found on `plugin_path` (the
        default folders when None); the same plugin version must be there. A file whose
        history does not fit its optimizer raises bopp.ConfigError naming it."""
        core = _bopp._Optimizer.load(os.fspath(path), plugin_path=plugin_path)
        opt = Optimizer.__new__(Optimizer)
        opt._start(core, None, None)
        opt._restore(bytes(core.attachment), os.fspath(path))
        return opt

    # The attachment: an .npz of plain arrays (read back without pickle) holding X and y as
    # told and the categorical dimensions' level names as JSON text.
    def _attachment(self) -> bytes:
        levels = {} if self._box is None else dict(self._box.categorical or {})
        buffer = io.BytesIO()
        np.savez(
            buffer,
            X=np.vstack(self._X) if self._X else np.empty((0, self._dim)),
            y=np.concatenate(self._y) if self._y else np.empty(0),
            categorical=np.array(json.dumps({str(i): list(v) for i, v in levels.items()})),
        )
        return buffer.getvalue()

    def _restore(self, attachment: bytes, source: str) -> None:
        if not attachment:
            return  # saved before optimizers kept their history
        told = int(self._core.told)
        try:
            with np.load(io.BytesIO(attachment), allow_pickle=False) as saved:
                X, y = saved["X"], saved["y"]
                levels = json.loads(str(saved["categorical"][()]))
        except (OSError, ValueError, KeyError, MemoryError, zipfile.BadZipFile) as error:
            raise _bopp.ConfigError(f"{source}: not a saved optimizer's history ({error})") from None
        if X.dtype != np.float64 or X.shape != (told, self._dim) or y.dtype != np.float64 or y.shape != (told,):
            raise _bopp.ConfigError(
                f"{source}: a history of shapes {X.shape} and {y.shape} for an optimizer told {told} "
                f"points of dimension {self._dim}"
            )
        categorical: dict[int, list[str]] = {}
        if not isinstance(levels, dict):
            raise _bopp.ConfigError(f"{source}: the level names are not a table")
        for key, names in levels.items():
            index = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else -1
            if not (
                0 <= index < self._dim
                and isinstance(names, list)
                and all(isinstance(n, str) for n in names)
                and self._lower[index] == 0
                and self._upper[index] == len(names) - 1
            ):
                raise _bopp.ConfigError(
                    f"{source}: level names {names!r} for dimension {key!r}, which does not have them"
                )
            categorical[index] = names
        if categorical:
            try:
                self._box = Box(
                    lower=list(self._lower), upper=list(self._upper), maximize=self.maximize, categorical=categorical
                )
            except (TypeError, ValueError) as error:
                raise _bopp.ConfigError(f"{source}: {error}") from None
        if told:
            self._X, self._y = [np.array(X)], [np.array(y)]

    def __getstate__(self) -> dict[str, Any]:
        return {"core": self._core, "box": self._box, "seed": self._seed, "X": self._X, "y": self._y}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._start(state["core"], state["box"], state["seed"])
        self._X, self._y = state["X"], state["y"]

    def __repr__(self) -> str:
        problem = "Box" if self._box is not None else "problem"
        seed = "" if self._seed is None else f", seed={self._seed}"
        return (
            f"bopp.Optimizer({self.algorithm!r}, {problem} of dim {self.dim}"
            f"{', maximized' if self.maximize else ''}{seed}, told={self.told})"
        )

    @property
    def dim(self) -> int:
        """Dimensions."""
        return self._dim

    @property
    def lower(self) -> npt.NDArray[np.float64]:
        """Lower bounds (0 on a categorical dimension)."""
        return self._lower.copy()

    @property
    def upper(self) -> npt.NDArray[np.float64]:
        """Upper bounds (k - 1 on a categorical dimension of k levels)."""
        return self._upper.copy()

    @property
    def maximize(self) -> bool:
        """Whether larger values are better (the Box's, or the objective plugin's sense)."""
        return bool(self._core.maximize)

    @property
    def algorithm(self) -> str:
        """The algorithm's name."""
        return str(self._core.algorithm)

    @property
    def config(self) -> str:
        """The algorithm's configuration as TOML, every default filled in."""
        return str(self._core.config)

    @property
    def told(self) -> int:
        """Points told so far."""
        return int(self._core.told)

    @property
    def X(self) -> npt.NDArray[Any]:
        """The points told, one row each, in the order told (names where the Box gave them)."""
        if not self._X:
            return decode(self._box, np.empty((0, self._dim)))
        return decode(self._box, np.vstack(self._X))

    @property
    def y(self) -> npt.NDArray[np.float64]:
        """The values told, NaN where an evaluation failed (or was infinite)."""
        if not self._y:
            return np.empty(0)
        y = np.concatenate(self._y)
        y[~np.isfinite(y)] = np.nan
        return y

    @property
    def best(self) -> Optional[Best]:
        """The best successful evaluation told (least y, or greatest when maximizing), or None."""
        y = self.y
        if not np.isfinite(y).any():
            return None
        index = int(np.nanargmax(y) if self.maximize else np.nanargmin(y))
        return Best(index, self.X[index], float(y[index]))
