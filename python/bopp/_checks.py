"""Argument checks that raise the exceptions Python users expect, naming the argument."""

from __future__ import annotations

import operator
from typing import Union


def check_type(where: str, value: object, types: Union[type, tuple[type, ...]]) -> None:
    """TypeError naming `where` unless `value` is one of `types` (a bool is no number here)."""
    wanted = types if isinstance(types, tuple) else (types,)
    if isinstance(value, wanted) and not (isinstance(value, bool) and bool not in wanted):
        return
    names = " or ".join(t.__name__ for t in wanted)
    raise TypeError(f"{where} must be {names}, not {type(value).__name__}")


def check_count(where: str, value: object, least: int = 0) -> int:
    """An integer (a NumPy one too) >= least, else TypeError or ValueError naming `where`."""
    if isinstance(value, bool):
        raise TypeError(f"{where} must be int, not bool")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{where} must be int, not {type(value).__name__}") from None
    if number < least:
        raise ValueError(f"{where} must be at least {least}, not {number}")
    return number
