"""bopp from your own loop: a mixed problem (a real, an integer, a categorical input), asked and
told point by point, with Ctrl-C stopping it cleanly, then saved to a file and taken up again
from it. Run: python3 examples/python/ask_tell.py"""

import numpy as np
import numpy.typing as npt

import bopp

MATERIALS = ["steel", "titanium", "carbon"]
STIFFNESS = {"steel": 1.0, "titanium": 0.6, "carbon": 0.3}


def simulate(x: npt.NDArray[np.generic]) -> float:
    """A stand-in for a simulator: thickness, rib count and material to a weight to minimize."""
    thickness, ribs, material = float(x[0]), int(x[1]), str(x[2])
    return (thickness - 0.4) ** 2 + 0.05 * abs(ribs - 6) + STIFFNESS[material]


def main() -> None:
    box = bopp.Box(lower=[0.1, 2, 0], upper=[1.0, 12, 0], integer=[False, True, False],
                   categorical={2: MATERIALS})
    opt = bopp.Optimizer("random", objective_info=box, seed=7)
    try:
        for _ in range(40):
            X = opt.ask()
            opt.tell(X, [simulate(x) for x in X])
    except KeyboardInterrupt:
        print("stopped after", opt.told, "points")
    best = opt.best
    if best is not None:
        print(f"{opt!r}: best y = {best.y:.4f} at {best.x.tolist()}")

    # Saved, the optimizer goes on later (in another process, on another day) from its file:
    # the same next points, the same history and best, the material still by name.
    opt.save("ask_tell.bopp")
    later = bopp.Optimizer.load("ask_tell.bopp")
    for _ in range(10):
        X = later.ask()
        later.tell(X, [simulate(x) for x in X])
    best = later.best
    if best is not None:
        print(f"taken up again from ask_tell.bopp: told {later.told}, best y = {best.y:.4f} "
              f"at {best.x.tolist()}")


if __name__ == "__main__":
    main()
