#!/usr/bin/env python3
"""Dai et al. 2022, Figure 1d: noiseless simple regret of every run of bench/dai-fig1.

`bopp report` pools these runs, each against its own function's optimum, but on the observed
(noisy) values. This script gives the noiseless regret the paper plots: it looks every evaluated
grid point up in the seed's noiseless sample (from `bopp eval`), and writes
  <out>/curves.csv   median simple regret over seeds against evaluations, one column per method
  <out>/table.md     median regret at chosen iterations, runs within 1e-3 of the optimum, time
Usage: dai-fig1-regret.py BOPP BENCH_DIR OUT_DIR
"""
import glob
import json
import os
import statistics
import subprocess
import sys

bopp, bench, out = sys.argv[1:4]
os.makedirs(out, exist_ok=True)
grid = [i / 999 for i in range(1000)]
with open(os.path.join(out, "grid.csv"), "w") as f:
    f.write("\n".join(repr(x) for x in grid) + "\n")

functions = {}


def function(seed):
    if seed not in functions:
        args = [bopp, "eval", "gpsample", "--set", "dim=1", "--set", "kind=grid", "--set",
                "grid=1000", "--set", "lengthscale=0.1", "--set", "seed=-1", "--seed", str(seed),
                "--points", os.path.join(out, "grid.csv")]
        functions[seed] = [float(v) for v in subprocess.check_output(args, text=True).split()]
    return functions[seed]


runs = {}
for run in sorted(glob.glob(os.path.join(bench, "*", "*", "q*-seed*"))):
    record = os.path.join(run, "run.json")
    if not os.path.exists(record) or json.load(open(record))["status"] != "completed":
        continue
    method = run.split(os.sep)[-2]
    batch, seed = os.path.basename(run)[1:].split("-seed")
    values = function(int(seed))
    optimum = min(values)
    best, curve = float("inf"), []
    for line in open(os.path.join(run, "evaluations.jsonl")):
        best = min(best, values[round(json.loads(line)["x"][0] * 999)])
        curve.append(best - optimum)
    seconds = json.load(open(record))["time"]["algorithm"]
    runs.setdefault((method, int(batch)), []).append((curve, seconds))

length = min(len(c) for rs in runs.values() for c, _ in rs)
keys = sorted(runs)
with open(os.path.join(out, "curves.csv"), "w") as f:
    f.write("evaluations," + ",".join(f"{m} B={b}" for m, b in keys) + "\n")
    for n in range(length):
        f.write(str(n + 1) + "," + ",".join(
            repr(statistics.median(c[n] for c, _ in runs[k])) for k in keys) + "\n")

iterations = [5, 10, 25, 50]
with open(os.path.join(out, "table.md"), "w") as f:
    f.write("| method | B | runs | " + " | ".join(f"iteration {k}" for k in iterations) +
            " | at 55 evaluations | within 1e-3 at 55 | algorithm time per run |\n")
    f.write("|---|---:|---:|" + "---:|" * len(iterations) + "---:|---:|---:|\n")
    for (method, batch), rs in sorted(runs.items()):
        cells = []
        for k in iterations:
            n = 5 + batch * k
            cells.append(f"{statistics.median(c[n - 1] for c, _ in rs):.4f}" if n <= length else "")
        final = statistics.median(c[length - 1] for c, _ in rs)
        solved = sum(c[length - 1] < 1e-3 for c, _ in rs)
        seconds = statistics.median(s for _, s in rs)
        f.write(f"| {method} | {batch} | {len(rs)} | " + " | ".join(cells) +
                f" | {final:.4f} | {solved}/{len(rs)} | {seconds:.0f} s |\n")
print(open(os.path.join(out, "table.md")).read())
