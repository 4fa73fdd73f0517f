#!/usr/bin/env python3
"""Dai et al. 2022, Figure 1d: noiseless simple regret of every run of the dai-fig1 bench folders.

Kept as a script because `bopp report` cannot compute this: it needs each seed's noiseless
function, which no run record holds. Paired comparisons, means and plots of the observed values
are `bopp report`'s (docs/comparing-methods.md).

`bopp report` pools these runs, each against its own function's optimum, but on the observed
(noisy) values. This script gives the noiseless regret the paper plots: it looks every evaluated
grid point up in the seed's noiseless sample (from `bopp eval`), and writes
  <out>/curves.csv   median simple regret over seeds against iterations (the paper's axis: an
                     iteration is one batch of B; iteration 0 is the end of the random design),
                     one column per method and batch size, NaN past a run's end
  <out>/table.md     median and mean regret at chosen iterations, runs within 1e-3 of the optimum
                     at the end, algorithm time per run
Usage: dai-fig1-regret.py BOPP OUT_DIR BENCH_DIR...
"""
import glob
import json
import os
import statistics
import subprocess
import sys

bopp, out, benches = sys.argv[1], sys.argv[2], sys.argv[3:]
DESIGN = 5  # random initial points (n_init / initial_points in the grids)
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
for bench in benches:
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


def at_iteration(curve, batch, k):
    """The simple regret after iteration k (None past the run's end)."""
    n = DESIGN + batch * k
    return curve[n - 1] if n <= len(curve) else None


keys = sorted(runs)
last = max((len(c) - DESIGN) // b for (m, b), rs in runs.items() for c, _ in rs)
with open(os.path.join(out, "curves.csv"), "w") as f:
    f.write("iteration," + ",".join(f"{m} B={b}" for m, b in keys) + "\n")
    for k in range(last + 1):
        cells = []
        for m, b in keys:
            vs = [at_iteration(c, b, k) for c, _ in runs[(m, b)]]
            cells.append("NaN" if None in vs else repr(statistics.median(vs)))
        f.write(str(k) + "," + ",".join(cells) + "\n")

iterations = [5, 10, 25, 50, 100]
with open(os.path.join(out, "table.md"), "w") as f:
    f.write("| method | B | runs | evaluations | " +
            " | ".join(f"iteration {k}" for k in iterations) +
            " | within 1e-3 at the end | algorithm time per run |\n")
    f.write("|---|---:|---:|---:|" + "---:|" * len(iterations) + "---:|---:|\n")
    for (method, batch), rs in sorted(runs.items()):
        cells = []
        for k in iterations:
            vs = [at_iteration(c, batch, k) for c, _ in rs]
            cells.append("" if None in vs else
                         f"{statistics.median(vs):.4f} / {statistics.mean(vs):.4f}")
        evaluations = min(len(c) for c, _ in rs)
        solved = sum(c[-1] < 1e-3 for c, _ in rs)
        seconds = statistics.median(s for _, s in rs)
        f.write(f"| {method} | {batch} | {len(rs)} | {evaluations} | " + " | ".join(cells) +
                f" | {solved}/{len(rs)} | {seconds:.0f} s |\n")
print(open(os.path.join(out, "table.md")).read())
