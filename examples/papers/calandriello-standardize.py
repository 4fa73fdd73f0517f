#!/usr/bin/env python3
"""Standardizes the feature columns of a `dataset` CSV (mean 0, standard deviation 1 per column).

Calandriello et al. (2020) give Gaussian bandwidths of 5 to 17.5 (their Table 1) for features
whose scaling they do not state; such widths only make sense for standardized features.
The generator's stand-ins (examples/datasets/make_dataset.py) have features in [0, 1], so the
grids calandriello-fig1.toml and calandriello-fig2.toml run on these standardized copies. The
target (last column) is copied unchanged; numbers are written with 9 decimals.

    python3 examples/datasets/make_dataset.py abalone --seed 1 -o runs/datasets/abalone-raw.csv
    python3 examples/papers/calandriello-standardize.py runs/datasets/abalone-raw.csv \
        -o runs/datasets/abalone-like.csv
"""

import argparse
import csv
import math
import sys


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args(argv)

    with open(args.input, newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], [[float(v) for v in r] for r in rows[1:] if r]
    features = len(header) - 1
    n = len(body)
    for j in range(features):
        mean = sum(r[j] for r in body) / n
        sd = math.sqrt(sum((r[j] - mean) ** 2 for r in body) / n)
        for r in body:
            r[j] = (r[j] - mean) / sd if sd > 0 else 0.0
    with open(args.output, "w", newline="") as f:
        f.write(",".join(header) + "\n")
        for r in body:
            f.write(",".join(f"{v:.9f}" for v in r[:features]) + f",{r[-1]:.6f}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
