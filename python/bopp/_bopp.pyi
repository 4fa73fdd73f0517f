"""Type stubs of the compiled module bopp._bopp (python/src/)."""

from os import PathLike
from typing import Any, Callable, Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

PluginPath = Union[None, str, PathLike, Sequence[Union[str, PathLike]]]

class Error(RuntimeError):
    """A host or plugin error, with the same one-line message as the bopp CLI."""

class Optimizer:
    """An algorithm plugin driven from your own loop: ask, evaluate, tell."""

    def __init__(
        self,
        algorithm: str,
        *,
        objective_info: Any,
        seed: int = 0,
        config: Optional[Mapping[str, Any]] = None,
        objective_config: Optional[Mapping[str, Any]] = None,
        plugin_path: PluginPath = None,
    ) -> None: ...
    def ask(self, max_points: int = 1) -> npt.NDArray[np.float64]:
        """Up to max_points points, an (n, dim) array; the GIL is released meanwhile."""
    def tell(
        self,
        X: npt.ArrayLike,
        y: npt.ArrayLike,
        failed: Optional[Sequence[bool]] = None,
    ) -> None:
        """Tells one value per row of X; NaN, infinity or a True mark is a failure."""
    def evaluate(self, X: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """The objective plugin's values (NaN where failed), with bopp run's seeds."""
    def recommend(self) -> npt.NDArray[np.float64]:
        """The algorithm's recommended point."""
    def save(self, path: Union[str, PathLike]) -> None:
        """Writes settings, counters and the algorithm's state to path, atomically."""
    @staticmethod
    def load(path: Union[str, PathLike], *, plugin_path: PluginPath = None) -> "Optimizer":
        """An optimizer saved by save(); it asks exactly what the saved one would have."""
    @property
    def dim(self) -> int: ...
    @property
    def lower(self) -> npt.NDArray[np.float64]: ...
    @property
    def upper(self) -> npt.NDArray[np.float64]: ...
    @property
    def maximize(self) -> bool: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def config(self) -> str: ...
    @property
    def told(self) -> int: ...

def run(
    experiment: Union[str, Mapping[str, Any]],
    *,
    output: Union[None, str, PathLike] = None,
    overwrite: bool = False,
    sync: bool = True,
    plugin_path: PluginPath = None,
    objective: Optional[Callable[[npt.NDArray[np.float64]], float]] = None,
) -> dict[str, Any]:
    """Runs an experiment as `bopp run` does; returns its outcome and record folder.

    `objective(x)`, when given, evaluates each point in place of the [objective] plugin,
    whose problem the run still solves."""

def list_plugins(plugin_path: PluginPath = None) -> list[dict[str, Any]]:
    """Every algorithm and objective found, as `bopp list` shows them."""

def describe(name: str, plugin_path: PluginPath = None) -> dict[str, Any]:
    """One plugin and its parameters, as `bopp describe` shows them."""
