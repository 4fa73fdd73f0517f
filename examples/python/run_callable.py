"""A whole run with a Python objective on a bopp.Box, recorded as `bopp run` records it, then read
back as arrays. Run: python3 examples/python/run_callable.py [output folder]"""

import sys
import tempfile

import numpy as np
import numpy.typing as npt

import bopp


def shifted_sphere(x: npt.NDArray[np.float64]) -> float:
    return float(((x - 0.3) ** 2).sum())


def main() -> None:
    output = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="bopp-run-")
    experiment = {
        "run": {"seed": 1, "budget": 30},
        "objective": bopp.Box(lower=[0.0] * 3, upper=[1.0] * 3, optimum=0.0),
        "algorithm": {"name": "random", "design": "sobol"},
    }
    outcome = bopp.run(experiment, output=output, objective=shifted_sphere, overwrite=True)
    print(outcome["status"], outcome["evaluations"], "evaluations in", outcome["record"])
    record = bopp.read_run(outcome["record"])
    best = int(np.nanargmin(record.y))
    print("best y", record.y[best], "at", record.x[best].tolist())
    if record.simple_regret is not None:
        print("simple regret after each evaluation:", np.round(record.simple_regret, 4).tolist())


if __name__ == "__main__":
    main()
