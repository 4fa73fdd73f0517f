"""bopp's Bayesian-optimization algorithms and objectives inside Python (docs/embedding.md).

    import bopp
    opt = bopp.Optimizer("gibo", objective_info=bopp.Box(lower=[0] * 10, upper=[1] * 10), seed=3)
    for _ in range(30):
        X = opt.ask()                  # numpy array, one row a point
        opt.tell(X, my_simulator(X))   # numpy values; NaN or a `failed` mask marks failures
    print(opt.recommend(), opt.best)

bopp.run(experiment) runs a whole experiment and writes `bopp run`'s record, which
bopp.read_run(folder) reads back as arrays; bopp.list_plugins() and bopp.describe(name) show
the plugins found. Errors: TypeError and ValueError for bad arguments, bopp.Error's subclasses
(ConfigError, PluginError, RunError) for what bopp refuses; Ctrl-C raises KeyboardInterrupt.
"""

from ._bopp import ConfigError, Error, PluginError, RunError, __version__
from ._box import Box
from ._optimizer import Best, Optimizer
from ._records import BenchRecord, BenchRun, RunRecord, read_bench, read_run
from ._runs import describe, list_plugins, run
from ._space import Integer, Space

__all__ = [
    "Best",
    "BenchRecord",
    "BenchRun",
    "Box",
    "ConfigError",
    "Error",
    "Integer",
    "Optimizer",
    "PluginError",
    "RunError",
    "RunRecord",
    "Space",
    "__version__",
    "describe",
    "list_plugins",
    "read_bench",
    "read_run",
    "run",
]
