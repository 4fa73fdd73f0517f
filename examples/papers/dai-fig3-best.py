#!/usr/bin/env python3
"""Best value so far at fixed evaluation counts, for Dai et al. (2022), Figure 3 and 5b.

The paper plots the best observed return against iterations: after the 20 random values, one
value per iteration for B = 1, the batch's best for B = 4. This script reads bench folders and
prints, per objective, algorithm and batch size, the mean +- standard error over seeds of the
best value after k evaluations (the per-evaluation view of Figure 5b) and, for B > 1, after k
iterations (20 + B k evaluations: Figure 3's view), and which seeds an algorithm beats another
on at the last checkpoint (runs are paired by seed).

    python3 examples/papers/dai-fig3-best.py bench/dai-fig3-first-look \\
        bench/dai-fig3-first-look-batch4 [--initial 20] [--at 40 60 100]
"""

import argparse
import json
import math
import os
import sys


def best_so_far(folder):
    best, trace = -math.inf, []
    with open(os.path.join(folder, "evaluations.jsonl")) as f:
        for line in f:
            e = json.loads(line)
            y = e.get("y")
            if e.get("status") == "ok" and isinstance(y, (int, float)) and math.isfinite(y):
                best = max(best, y)
            trace.append(best)
    return trace


def mean_se(values):
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return f"{mean:.1f}"
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return f"{mean:.1f} ± {sd / math.sqrt(n):.1f}"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", help="bench folders")
    parser.add_argument("--initial", type=int, default=20, help="random values before the model")
    parser.add_argument("--at", type=int, nargs="+", default=[40, 60, 100],
                        help="evaluation counts to report")
    args = parser.parse_args(argv)

    runs = {}
    for folder in args.folders:
        with open(os.path.join(folder, "index.json")) as f:
            index = json.load(f)
        for r in index["runs"]:
            if r["status"] == "completed":
                key = (r["objective"], r["algorithm"], r["batch"])
                runs.setdefault(key, {})[r["seed"]] = best_so_far(os.path.join(folder, r["folder"]))

    for objective in sorted({k[0] for k in runs}):
        keys = sorted(k for k in runs if k[0] == objective)
        print(f"## {objective}: best value after k evaluations, mean ± se over seeds\n")
        print("| algorithm | B | seeds | " + " | ".join(f"k = {k}" for k in args.at) + " |")
        print("|---|---:|---:|" + "---:|" * len(args.at))
        for key in keys:
            traces = runs[key].values()
            cells = [mean_se([t[k - 1] for t in traces if len(t) >= k]) for k in args.at]
            print(f"| {key[1]} | {key[2]} | {len(runs[key])} | " + " | ".join(cells) + " |")
        batched = [k for k in keys if k[2] > 1]
        if batched:
            print(f"\n## {objective}: best value after i iterations "
                  f"({args.initial} + B i evaluations)\n")
            batches = {k[2] for k in keys}
            iterations = sorted({(k - args.initial) // b for k in args.at for b in batches
                                 if k > args.initial})
            print("| algorithm | B | " + " | ".join(f"i = {i}" for i in iterations) + " |")
            print("|---|---:|" + "---:|" * len(iterations))
            for key in keys:
                cells = []
                for i in iterations:
                    k = args.initial + key[2] * i
                    values = [t[k - 1] for t in runs[key].values() if len(t) >= k]
                    cells.append(mean_se(values) if values else "")
                print(f"| {key[1]} | {key[2]} | " + " | ".join(cells) + " |")
        last = max(args.at)
        print(f"\n## {objective}: paired by seed at k = {last} (wins / losses of the row's "
              "algorithm against the column's)\n")
        print("| | " + " | ".join(f"{k[1]} B={k[2]}" for k in keys) + " |")
        print("|---|" + "---|" * len(keys))
        for a in keys:
            cells = []
            for b in keys:
                pairs = [(runs[a][s][last - 1], runs[b][s][last - 1])
                         for s in set(runs[a]) & set(runs[b])
                         if len(runs[a][s]) >= last and len(runs[b][s]) >= last]
                wins = sum(x > y for x, y in pairs)
                losses = sum(x < y for x, y in pairs)
                cells.append("" if a == b else f"{wins}/{losses}")
            print(f"| {a[1]} B={a[2]} | " + " | ".join(cells) + " |")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
