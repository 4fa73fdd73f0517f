"""bopp.Box: a problem given directly, and its categorical coordinates as names."""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from ._checks import check_type

Kind = str  # "continuous", "integer" or "categorical"


@dataclass(frozen=True)
class Box:
    """A box problem given directly: bounds per dimension, minimized unless `maximize`.

    `integer`, when given, marks each dimension that takes only whole numbers; the points
    asked have those coordinates rounded. `categorical` maps a dimension's index to its
    levels' names (`{2: ["steel", "titanium"]}`): that dimension takes one of them, its bounds
    are ignored (the algorithms see levels 0 .. k-1), and asked points hold the names (an
    object array). `candidates`, when given, is a finite set of points (an (n, dim) array
    inside the bounds), the domain of algorithms that need one (bbkb, ...). `optimum`, the
    best value when known, gives bopp.run's record its regret.
    """

    lower: Sequence[float]
    upper: Sequence[float]
    integer: Optional[Sequence[bool]] = None
    candidates: Optional[npt.ArrayLike] = None
    maximize: bool = False
    categorical: Optional[Mapping[int, Sequence[str]]] = None
    optimum: Optional[float] = None

    def __post_init__(self) -> None:
        lower = _reals("Box lower", self.lower)
        upper = _reals("Box upper", self.upper)
        if lower.size == 0 or lower.size != upper.size:
            raise ValueError(
                f"Box: lower and upper must have one length, at least 1 (got {lower.size} "
                f"and {upper.size})"
            )
        dim = lower.size
        if self.integer is not None and len(self.integer) != dim:
            raise ValueError(f"Box integer: {len(self.integer)} marks for {dim} dimensions")
        check_type("Box maximize", self.maximize, bool)
        for index, levels in (self.categorical or {}).items():
            if not isinstance(index, int) or not 0 <= index < dim:
                raise ValueError(f"Box categorical: {index!r} is not a dimension index in [0, {dim})")
            if isinstance(levels, str) or len(levels) < 2:
                raise ValueError(
                    f"Box categorical[{index}]: a list of the levels' names, at least two"
                )
            if len(set(levels)) != len(levels):
                raise ValueError(f"Box categorical[{index}]: the names {list(levels)} repeat")
        categorical = set(self.categorical or {})
        for i in range(dim):
            if i in categorical:
                continue
            if not (math.isfinite(lower[i]) and math.isfinite(upper[i]) and lower[i] < upper[i]):
                raise ValueError(
                    f"Box: dimension {i} needs finite bounds with lower < upper "
                    f"(got {lower[i]!r} and {upper[i]!r})"
                )
        if self.optimum is not None:
            check_type("Box optimum", self.optimum, (int, float))

    @property
    def dim(self) -> int:
        return len(self.lower)

    def kinds(self) -> Optional[list[Kind]]:
        """Each dimension's kind, or None when all are continuous."""
        if self.integer is None and not self.categorical:
            return None
        kinds = ["integer" if self.integer and self.integer[i] else "continuous" for i in range(self.dim)]
        for index in self.categorical or {}:
            kinds[index] = "categorical"
        return kinds

    def bounds(self) -> tuple[list[float], list[float]]:
        """The bounds the algorithms see: levels 0 .. k-1 on a categorical dimension."""
        lower = [float(v) for v in self.lower]
        upper = [float(v) for v in self.upper]
        for index, levels in (self.categorical or {}).items():
            lower[index], upper[index] = 0.0, float(len(levels) - 1)
        return lower, upper

    def problem(self) -> SimpleNamespace:
        """What the compiled Optimizer reads."""
        lower, upper = self.bounds()
        candidates = None
        if self.candidates is not None:
            candidates = encode(self, self.candidates, "Box candidates")
        return SimpleNamespace(
            lower=lower, upper=upper, kinds=self.kinds(), candidates=candidates, maximize=self.maximize
        )

    def objective_table(self) -> dict[str, object]:
        """The experiment's [objective] table of this problem: the `box` objective plugin."""
        if self.candidates is not None:
            raise ValueError("bopp.run: a Box with candidates cannot be a run's problem")
        lower, upper = self.bounds()
        table: dict[str, object] = {
            "name": "box",
            "lower": lower,
            "upper": upper,
            "sense": "maximize" if self.maximize else "minimize",
        }
        kinds = self.kinds()
        if kinds is not None:
            table["kinds"] = ",".join(kinds)
        if self.optimum is not None:
            table["optimum"] = float(self.optimum)
        return table


def _reals(where: str, values: object) -> npt.NDArray[np.float64]:
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{where} must be a sequence of numbers, not {values!r}") from None
    if array.ndim != 1:
        raise ValueError(f"{where} must be one-dimensional (got shape {array.shape})")
    return array


def encode(box: Optional[Box], X: object, where: str, dim: Optional[int] = None) -> npt.NDArray[np.float64]:
    """X (one point or rows of points; names where a dimension is categorical) as an (n, dim)
    float64 array the compiled Optimizer takes."""
    dim = box.dim if box is not None else dim
    levels = dict(box.categorical or {}) if box is not None else {}
    if levels:
        rows = np.array(X, dtype=object)
        if rows.ndim == 1:
            rows = rows.reshape(1, -1)
        if rows.ndim != 2 or rows.shape[1] != dim:
            raise ValueError(f"{where} must be an (n, {dim}) array of points, not shape {rows.shape}")
        out = np.empty(rows.shape, dtype=np.float64)
        for j in range(dim):
            for i in range(rows.shape[0]):
                value = rows[i, j]
                if j in levels and isinstance(value, str):
                    if value not in levels[j]:
                        raise ValueError(
                            f"{where}: {value!r} is not a level of dimension {j} ({list(levels[j])})"
                        )
                    out[i, j] = levels[j].index(value)
                else:
                    try:
                        out[i, j] = float(value)
                    except (TypeError, ValueError):
                        raise TypeError(f"{where}[{i}, {j}] must be a number, not {value!r}") from None
        return out
    try:
        rows = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{where} must be an array of numbers") from None
    if rows.ndim == 1 and dim is not None and rows.size == dim:
        rows = rows.reshape(1, dim)
    if rows.ndim != 2 or (dim is not None and rows.shape[1] != dim):
        raise ValueError(f"{where} must be an (n, {dim}) array of points, not shape {rows.shape}")
    return rows


def decode(box: Optional[Box], X: npt.NDArray[np.float64]) -> npt.NDArray[np.generic]:
    """Asked points as the user gave the problem: names on categorical dimensions."""
    if box is None or not box.categorical:
        return X
    out = X.astype(object)
    for j, levels in box.categorical.items():
        out[:, j] = [levels[int(round(v))] for v in X[:, j]]
    return out


Problem = Union[str, Box]
