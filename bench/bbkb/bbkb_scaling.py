#!/usr/bin/env python3
"""BBKB's marginal cost per step over windows of t, against a reference measured alike.

Calandriello et al. (2020) claim near-linear time for BBKB (Theorem 1: O~(T A d_eff^2)):
once the dictionary stops growing, a step should cost about the same at t = 5 000 as at
t = 20 000, where an exact GP-UCB's step grows like t (one row of L^-1 K(X, A) per step). This
runs `bopp run` once per method (one seed, host batch 1, the `dataset` objective on a CSV) and
reports, for each window [a, b] of t, the algorithm's marginal milliseconds per step (ask +
tell between the a-th and the b-th evaluation, from batches.jsonl), and for the sparse methods
the dictionary size at b and the resparsifications (closed batches) inside the window, from
their per-batch log lines.

Wall-clock times move with the machine's load, so every run is bracketed by a yardstick (a
fixed dense linear-algebra workload, timed in this process just before and just after it):
the table gives each window's cost also in yardsticks, and the yardstick's spread and the load
average say how steady the machine was. Compare runs only in yardsticks, or on a quiet machine.
It reports; it does not judge. The cumulative time's log-log slope is not a measure of the
claim (early batches are short and each re-embeds every candidate), so it is not printed.

    OPENBLAS_NUM_THREADS=1 bench/bbkb/bbkb_scaling.py --bopp build/release/bin/bopp \\
        --data runs/datasets/cadata-like.csv --out runs/bbkb-scaling \\
        --method bbkb 20000 --method gp-ucb 2000
"""

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time

import numpy as np

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
width_schedule = "{width}"

[evaluator]
kind = "serial"
"""


def yardstick(repeats=5):
    """Wall-clock seconds of a fixed workload (Cholesky factors and solves of a 400 x 400
    matrix, the kind of work a step of either method does), the median of `repeats` timings:
    wall-clock as the record's times, so that load slows both alike."""
    rng = np.random.default_rng(0)
    a = rng.standard_normal((400, 400))
    spd = a @ a.T + 400.0 * np.eye(400)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(10):
            factor = np.linalg.cholesky(spd)
            np.linalg.solve(factor, a)
        times.append(time.perf_counter() - start)
    return float(np.median(times))


def windows_of(budget):
    """[T/8, T/4], [T/4, T/2], [T/2, T]: for T = 20 000, [2 500, 5 000], [5 000, 10 000] and
    [10 000, 20 000]."""
    return [(budget // 8, budget // 4), (budget // 4, budget // 2), (budget // 2, budget)]


def run(args, method, budget):
    folder = os.path.join(args.out, f"{method}-{args.width}-T{budget}")
    os.makedirs(args.out, exist_ok=True)
    experiment = folder + ".toml"
    with open(experiment, "w") as f:
        f.write(EXPERIMENT.format(seed=args.seed, budget=budget, data=args.data, method=method,
                                  bandwidth=args.bandwidth, width=args.width))
    cpu = None
    if not os.path.exists(os.path.join(folder, "run.json")) or args.overwrite:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([args.bopp, "run", experiment, "--output", folder, "--overwrite",
                        "--no-sync"], check=True, stdout=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return folder, cpu


def algorithm_time_at(folder):
    """(t, cumulative ask + tell seconds) after every batch of the record."""
    out, done, total = [(0, 0.0)], 0, 0.0
    with open(os.path.join(folder, "batches.jsonl")) as f:
        for line in f:
            b = json.loads(line)
            done += b["points"]
            total += b["ask_time"] + b["tell_time"]
            out.append((done, total))
    return out


def dictionary_at(folder):
    """(t at the batch's end, dictionary size after it) for every closed batch of a sparse
    method's log; empty for the exact methods."""
    out, done = [], 0
    path = os.path.join(folder, "log.jsonl")
    if not os.path.exists(path):
        return out
    with open(path) as f:
        for line in f:
            m = BATCH_LINE.search(json.loads(line).get("message", ""))
            if m:
                done += int(m.group(2))
                out.append((done, int(m.group(3))))
    return out


def at(series, t):
    """The last value of a (t, value) series at or before t."""
    value = None
    for s, v in series:
        if s > t:
            break
        value = v
    return value


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bopp", default="build/release/bin/bopp")
    parser.add_argument("--data", required=True)
    parser.add_argument("--out", default="runs/bbkb-scaling")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bandwidth", type=float, default=12.5)
    parser.add_argument("--width", default="theorem", choices=["theorem", "reference"])
    parser.add_argument("--method", nargs=2, action="append", metavar=("NAME", "T"),
                        help="a method and its budget (repeatable); default bbkb 20000 and "
                             "gp-ucb 2000")
    parser.add_argument("--overwrite", action="store_true", help="rerun runs already recorded")
    args = parser.parse_args(argv)
    methods = [(m, int(t)) for m, t in (args.method or [("bbkb", 20000), ("gp-ucb", 2000)])]

    print("| method | window of t | ms per step | in yardsticks | dictionary at the end | "
          "resparsifications in it | yardstick before, after (s) | load average before, after |")
    print("|---|---|---:|---:|---:|---:|---|---|")
    cpu_lines = []
    for method, budget in methods:
        load_before, stick_before = os.getloadavg()[0], yardstick()
        folder, cpu = run(args, method, budget)
        load_after, stick_after = os.getloadavg()[0], yardstick()
        stick = 0.5 * (stick_before + stick_after)
        times = algorithm_time_at(folder)
        dictionary = dictionary_at(folder)
        for a, b in windows_of(budget):
            ms = 1000.0 * (at(times, b) - at(times, a)) / (b - a)
            size = at(dictionary, b) if dictionary else None
            batches = sum(1 for t, _ in dictionary if a < t <= b)
            print(f"| {method} | [{a}, {b}] | {ms:.3g} | {ms / 1000.0 / stick:.3g} | "
                  f"{size if size is not None else '–'} | {batches if dictionary else '–'} | "
                  f"{stick_before:.3g}, {stick_after:.3g} | {load_before:.2f}, {load_after:.2f} |",
                  flush=True)
        total = at(times, budget)
        cpu_lines.append(f"{method}, T = {budget}: algorithm time {total:.4g} s (wall, ask + tell)" +
                         (f", CPU time of the whole run {cpu:.4g} s (evaluations included)"
                          if cpu is not None else ", run recorded before (no CPU time)"))
    print()
    for line in cpu_lines:
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
