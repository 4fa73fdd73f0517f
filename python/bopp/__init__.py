"""bopp's Bayesian-optimization algorithms and objectives inside Python (docs/embedding.md).

    import bopp
    opt = bopp.Optimizer("gibo", objective_info=bopp.Box(lower=[0] * 10, upper=[1] * 10), seed=3)
    for _ in range(30):
        X = opt.ask()                  # numpy array, one row a point
        opt.tell(X, my_simulator(X))   # numpy values; NaN or a `failed` mask marks failures
    print(opt.recommend())

bopp.run(experiment) runs a whole experiment and writes `bopp run`'s record;
bopp.list_plugins() and bopp.describe(name) show the plugins found. Errors raise bopp.Error.
"""

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ._bopp import Error, Optimizer, describe, list_plugins, run

__all__ = ["Box", "Error", "Optimizer", "describe", "list_plugins", "run"]


@dataclass(frozen=True)
class Box:
    """A box problem given directly: bounds per dimension, minimized unless `maximize`.

    `integer`, when given, marks each dimension that takes only whole numbers; the points
    asked have those coordinates rounded. `candidates`, when given, is a finite set of points
    (an (n, dim) array inside the bounds), the domain of algorithms that need one (bbkb, ...).
    """

    lower: Sequence[float]
    upper: Sequence[float]
    integer: Optional[Sequence[bool]] = None
    candidates: Optional[Any] = None
    maximize: bool = False
