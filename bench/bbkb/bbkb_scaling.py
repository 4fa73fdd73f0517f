#!/usr/bin/env python3
"""BBKB's and exact GP-UCB's algorithm time against the budget T on one candidate set.

Calandriello et al. (2020) claim near-linear time for BBKB (Theorem 1: O~(T A d_eff^2)),
against O(A T^2) for exact GP-UCB (one row of L^-1 K(X, A) per step; O(A T^3) if every
step recomputed the posterior). This runs `bopp run` once per method and T (one
seed, host batch 1, the `dataset` objective on a CSV), reads each run's algorithm time (ask +
tell, evaluations excluded) and, for bbkb, the closed batches (= resparsifications) and the
dictionary size from its per-batch log lines, and prints a table and the least-squares slope
of log(time) against log(T), over the separate runs and inside the longest run. It reports;
it does not judge (wall time depends on the machine and its load).

    OPENBLAS_NUM_THREADS=1 bench/bbkb/bbkb_scaling.py --bopp build/release/bin/bopp \\
        --data runs/datasets/cadata-like.csv --out runs/bbkb-scaling \\
        --bbkb 2500 5000 10000 20000 --gp-ucb 500 1000 2000
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys

BATCH_LINE = re.compile(r"batch (\d+) of (\d+) points; dictionary (\d+)")

EXPERIMENT = """[run]
seed = {seed}
budget = {budget}
batch = 1

[objective]
name = "dataset"
path = "{data}"
noise_std = 0.01

[algorithm]
name = "{method}"
bandwidth = {bandwidth}

[evaluator]
kind = "serial"
"""


def slope(points):
    xs = [math.log(t) for t, _ in points]
    ys = [math.log(s) for _, s in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def run(args, method, budget):
    folder = os.path.join(args.out, f"{method}-T{budget}")
    os.makedirs(args.out, exist_ok=True)
    experiment = folder + ".toml"
    with open(experiment, "w") as f:
        f.write(EXPERIMENT.format(seed=args.seed, budget=budget, data=args.data, method=method,
                                  bandwidth=args.bandwidth))
    if not os.path.exists(os.path.join(folder, "run.json")) or args.overwrite:
        subprocess.run([args.bopp, "run", experiment, "--output", folder, "--overwrite",
                        "--no-sync"], check=True, stdout=subprocess.DEVNULL)
    ask = tell = 0.0
    with open(os.path.join(folder, "batches.jsonl")) as f:
        for line in f:
            b = json.loads(line)
            ask += b["ask_time"]
            tell += b["tell_time"]
    batches, dictionary = 0, []
    with open(os.path.join(folder, "log.jsonl")) as f:
        for line in f:
            m = BATCH_LINE.search(json.loads(line)["message"])
            if m:
                batches += 1
                dictionary.append(int(m.group(3)))
    return ask, tell, batches, dictionary


def time_within(folder, budgets):
    """Algorithm time after each budget's evaluations, inside one run: the same process and
    machine load for every T, so its slope is steadier than one of separate runs."""
    out, done, total = {}, 0, 0.0
    with open(os.path.join(folder, "batches.jsonl")) as f:
        for line in f:
            b = json.loads(line)
            done += b["points"]
            total += b["ask_time"] + b["tell_time"]
            for T in budgets:
                if T not in out and done >= T:
                    out[T] = total
    return [(T, out[T]) for T in budgets if T in out]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bopp", default="build/release/bin/bopp")
    parser.add_argument("--data", required=True)
    parser.add_argument("--out", default="runs/bbkb-scaling")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bandwidth", type=float, default=12.5)
    parser.add_argument("--bbkb", type=int, nargs="*", default=[2500, 5000, 10000, 20000])
    parser.add_argument("--gp-ucb", type=int, nargs="*", default=[500, 1000, 2000])
    parser.add_argument("--overwrite", action="store_true", help="rerun runs already recorded")
    args = parser.parse_args(argv)

    print("| method | T | algorithm time (s) | ask | tell | closed batches | dictionary after the middle and the last closed batch (max) |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for method, budgets in (("bbkb", args.bbkb), ("gp-ucb", args.gp_ucb)):
        points, batch_points = [], []
        for T in budgets:
            ask, tell, batches, d = run(args, method, T)
            points.append((T, ask + tell))
            batch_points.append((T, max(batches, 1)))
            dic = f"{d[len(d) // 2 - 1] if len(d) > 1 else '–'}, {d[-1]} ({max(d)})" if d else "–"
            print(f"| {method} | {T} | {ask + tell:.3g} | {ask:.3g} | {tell:.3g} | "
                  f"{batches if method == 'bbkb' else '–'} | {dic if method == 'bbkb' else '–'} |",
                  flush=True)
        if len(points) > 1:
            within = time_within(os.path.join(args.out, f"{method}-T{max(budgets)}"), budgets)
            print(f"| {method} | inside the T = {max(budgets)} run | " +
                  ", ".join(f"{s:.3g}" for _, s in within) + f" (slope {slope(within):.2f}) | | | | |")
            batch_slope = f"{slope(batch_points):.2f}" if method == "bbkb" else ""
            print(f"| {method} | log-log slope | {slope(points):.2f} | | | {batch_slope} | |",
                  flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
