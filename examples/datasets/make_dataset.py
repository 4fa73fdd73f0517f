#!/usr/bin/env python3
"""Writes a synthetic regression data set as CSV for the `dataset` objective.

The shapes follow two public regression sets that cannot be downloaded here: UCI Abalone
(4 177 rows, 8 features) and Cadata (20 640 rows, 8 features). The numbers are synthetic:
features in [0, 1] (uniform, or drawn around a few cluster centres), and a target that is a
sum of Gaussian bumps at random centres plus a little Gaussian noise. `cadata` also caps the
target at its 95th percentile, as the real set caps house values, so many rows tie at the top.

Only the Python standard library is used. The same arguments give the same bytes: the draws
come from random.Random(seed) (a Mersenne Twister whose output Python fixes), and every
number is written with 6 decimals, which hides any last-bit difference between C maths
libraries.

    python3 examples/datasets/make_dataset.py abalone --seed 1 -o abalone-like.csv
    python3 examples/datasets/make_dataset.py cadata --seed 1 -o cadata-like.csv
    python3 examples/datasets/make_dataset.py small --seed 1 -o examples/datasets/small.csv
"""

import argparse
import math
import random
import sys

# rows, features, bumps, inputs, cap quantile (None: no cap)
SHAPES = {
    "abalone": (4177, 8, 12, "clustered", None),
    "cadata": (20640, 8, 20, "clustered", 0.95),
    "small": (300, 2, 4, "uniform", None),
}


def normal(rng):
    """A standard normal draw by Box and Muller (1958) from two uniforms, u1 in (0, 1]."""
    u1 = 1.0 - rng.random()
    u2 = rng.random()
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


def inputs(rng, rows, dim, kind):
    if kind == "uniform":
        return [[rng.random() for _ in range(dim)] for _ in range(rows)]
    centres = [[rng.random() for _ in range(dim)] for _ in range(6)]
    points = []
    for _ in range(rows):
        c = centres[int(rng.random() * len(centres))]
        points.append([min(1.0, max(0.0, ci + 0.12 * normal(rng))) for ci in c])
    return points


def target_function(rng, dim, bumps):
    centres = [[rng.random() for _ in range(dim)] for _ in range(bumps)]
    widths = [0.15 + 0.25 * rng.random() for _ in range(bumps)]
    heights = [0.2 + rng.random() for _ in range(bumps)]

    def f(x):
        total = 0.0
        for c, w, h in zip(centres, widths, heights):
            d2 = sum((xi - ci) ** 2 for xi, ci in zip(x, c))
            total += h * math.exp(-d2 / (2.0 * w * w))
        return total

    return f


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("shape", choices=sorted(SHAPES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--noise", type=float, default=0.01,
                        help="standard deviation of the noise added to the target (default 0.01)")
    parser.add_argument("-o", "--output", default="-", help="the CSV file to write; -: stdout")
    args = parser.parse_args(argv)

    rows, dim, bumps, kind, cap = SHAPES[args.shape]
    rng = random.Random(args.seed)
    f = target_function(rng, dim, bumps)
    X = inputs(rng, rows, dim, kind)
    y = [f(x) + args.noise * normal(rng) for x in X]
    if cap is not None:
        limit = sorted(y)[int(cap * (rows - 1))]
        y = [min(v, limit) for v in y]

    lines = [",".join([f"x{k + 1}" for k in range(dim)] + ["y"])]
    for x, v in zip(X, y):
        lines.append(",".join(f"{c:.6f}" for c in x + [v]))
    text = "\n".join(lines) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="ascii", newline="\n") as out:
            out.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
