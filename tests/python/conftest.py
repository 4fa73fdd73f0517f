"""Shared fixtures of the Python module's tests: the bopp program of the same build."""

import os
import subprocess

# bopp before numpy: bopp names OpenBLAS's kernels for the CPU before numpy loads OpenBLAS, so the
# module's runs round as the bopp program's do (docs/embedding.md).
import bopp  # noqa: F401  pylint: disable=unused-import
import numpy as np
import pytest


@pytest.fixture
def bopp_program():
    """Runs the build's bopp with arguments; returns the completed process."""
    program = os.environ["BOPP_TEST_PROGRAM"]

    def run(*args, cwd=None):
        return subprocess.run([program, *map(str, args)], cwd=cwd, capture_output=True, text=True)

    return run


def sphere(X, centre=0.3):
    """A numpy objective: squared distance of each row to (centre, ..., centre)."""
    return ((np.asarray(X) - centre) ** 2).sum(axis=1)


@pytest.fixture
def candidates():
    """A finite domain for the algorithms that need one: 64 points of [0, 1]^3."""
    return np.random.default_rng(5).uniform(size=(64, 3))
