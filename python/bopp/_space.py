"""bopp.Space: a problem of named parameters (real, integer, categorical), as a bopp.Box."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from ._box import Box


@dataclass(frozen=True)
class Integer:
    """A whole-number parameter in [low, high]."""

    low: int
    high: int


Param = Union[tuple[float, float], Integer, Sequence[str]]


class Space:
    """Named parameters, in the order given: `(low, high)` a real, `bopp.Integer(low, high)` a
    whole number, a list of names a categorical choice.

        space = bopp.Space({"thickness": (0.1, 1.0), "ribs": bopp.Integer(2, 12),
                            "material": ["steel", "titanium"]})
        opt = bopp.Optimizer("gpbo", objective_info=space)
        X = opt.ask(2)                          # columns in the space's order, names as given
        for point in space.named(X):            # {"thickness": 0.42, "ribs": 7, "material": ...}
            ...
        opt.tell([space.row(p) for p in points], y)

    The algorithms see the Box `space.box()` (a categorical parameter is the ABI's categorical
    dimension); `objective_info=space` and a bopp.run experiment's `"objective": space` mean it.
    """

    def __init__(self, params: Mapping[str, Param], *, maximize: bool = False,
                 optimum: Optional[float] = None) -> None:
        if not isinstance(params, Mapping) or not params:
            raise TypeError("Space: params must be a non-empty dict of name: (low, high), "
                            "bopp.Integer(low, high) or a list of names")
        lower: list[float] = []
        upper: list[float] = []
        integer: list[bool] = []
        categorical: dict[int, Sequence[str]] = {}
        for i, (name, param) in enumerate(params.items()):
            if not isinstance(name, str):
                raise TypeError(f"Space: parameter names are str, not {type(name).__name__}")
            if isinstance(param, Integer):
                lower.append(float(param.low))
                upper.append(float(param.high))
                integer.append(True)
            elif isinstance(param, tuple) and len(param) == 2:
                lower.append(float(param[0]))
                upper.append(float(param[1]))
                integer.append(False)
            elif isinstance(param, (list, tuple)) and all(isinstance(v, str) for v in param):
                lower.append(0.0)
                upper.append(0.0)
                integer.append(False)
                categorical[i] = list(param)
            else:
                raise TypeError(
                    f"Space parameter {name!r}: (low, high), bopp.Integer(low, high) or a list "
                    f"of names, not {param!r}"
                )
        self.names: list[str] = list(params)
        self._box = Box(lower=lower, upper=upper, integer=integer if any(integer) else None,
                        maximize=maximize, categorical=categorical or None, optimum=optimum)

    def box(self) -> Box:
        """The Box the algorithms see."""
        return self._box

    def named(self, X: npt.ArrayLike) -> list[dict[str, Any]]:
        """Points (rows, as ask gives them) as dicts: a float, an int or a name per parameter."""
        rows = np.asarray(X, dtype=object).reshape(-1, len(self.names))
        kinds = self._box.kinds() or ["continuous"] * len(self.names)
        out = []
        for row in rows:
            point: dict[str, Any] = {}
            for name, kind, value in zip(self.names, kinds, row):
                point[name] = value if kind == "categorical" else (
                    int(value) if kind == "integer" else float(value))
            out.append(point)
        return out

    def row(self, point: Mapping[str, Any]) -> list[Any]:
        """One point given as a dict, as a row tell takes (KeyError naming a missing one)."""
        unknown = set(point) - set(self.names)
        if unknown:
            raise KeyError(f"Space: no parameter named {sorted(unknown)[0]!r}; the parameters are {self.names}")
        return [point[name] for name in self.names]

    def __repr__(self) -> str:
        return f"bopp.Space({', '.join(self.names)})"
