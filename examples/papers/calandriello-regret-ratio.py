#!/usr/bin/env python3
"""Regret ratio, algorithm time and BBKB's batch trace of bench folders on a `dataset` objective.

Kept as a script because `bopp report` cannot compute these: the ratio needs the noiseless values
of the CSV and the reference regret of uniform selection, and the batch trace BBKB's own debug
lines. Paired comparisons, means and plots of the observed values are `bopp report`'s
(docs/comparing-methods.md).

Calandriello et al. (2020), Figure 1 plots R_t / R_t(unif): the cumulative regret of a method
over that of uniform random selection, whose expected value is t (f* - mean f) on a finite set.
This script takes the noiseless value of every evaluated point from the CSV (rescaled to [0, 1]
as the `dataset` objective does), so the ratio is of the function's regret, not of the noise.
Figure 2's measure is the algorithm's own time (ask and tell, evaluations excluded), read from
batches.jsonl. For bbkb, bbkb-local and bkb it also reads the per-batch debug lines of
log.jsonl (batch size, dictionary size, width) for the number of resparsifications, the
dictionary size and the width over t.

    python3 examples/papers/calandriello-regret-ratio.py bench/calandriello-fig1-abalone \\
        --data runs/datasets/abalone-like.csv --plot-data report/calandriello-abalone

Prints Markdown tables (mean +- standard error over seeds); --pair A B adds A's regret over B's
seed by seed (the like-for-like comparisons: two methods of one width family); --plot-data writes
<objective>-ratio.dat and <objective>-time.dat (one block per algorithm: t, mean, se) and
<objective>-trace.dat (bbkb's batch size, dictionary size and width against t, seed 0) for
calandriello-fig.gp.
"""

import argparse
import csv
import json
import math
import os
import re
import sys

CHECKPOINTS = [100, 200, 300, 500, 1000, 2000, 5000, 10000]
TIME_CHECKPOINTS = [200, 300, 1000, 2000]
BATCH_LINE = re.compile(r"batch (\d+) of (\d+) points; dictionary (\d+), width ([0-9.eE+-]+)")


def load_values(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    body = [[float(v) for v in r] for r in rows[1:] if r]
    sums = {}
    for r in body:
        key = tuple(r[:-1])
        s = sums.setdefault(key, [0.0, 0])
        s[0] += r[-1]
        s[1] += 1
    raw = {k: s / n for k, (s, n) in sums.items()}
    lo, hi = min(raw.values()), max(raw.values())
    values = {k: (v - lo) / (hi - lo) for k, v in raw.items()}
    return values, sum(values.values()) / len(values)


def mean_se(xs):
    if not xs:
        return float("nan"), float("nan")
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, float("nan")
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))


def read_run(folder, values, mean_f):
    regret, cumulative = 0.0, []
    batch_of = []
    with open(os.path.join(folder, "evaluations.jsonl")) as f:
        for line in f:
            e = json.loads(line)
            regret += 1.0 - values[tuple(e["x"])]
            cumulative.append(regret)
            batch_of.append(e["batch"])
    ratio = [c / ((i + 1) * (1.0 - mean_f)) for i, c in enumerate(cumulative)]
    # algorithm time after each evaluation: the asks and tells of every batch up to its own
    ask, tell = {}, {}
    with open(os.path.join(folder, "batches.jsonl")) as f:
        for line in f:
            b = json.loads(line)
            ask[b["batch"]] = b["ask_time"]
            tell[b["batch"]] = b["tell_time"]
    a = t = 0.0
    times, seen = [], set()
    for k in batch_of:
        if k not in seen:
            seen.add(k)
            a += ask.get(k, 0.0)
            t += tell.get(k, 0.0)
        times.append((a, t))
    trace = []
    log = os.path.join(folder, "log.jsonl")
    if os.path.exists(log):
        with open(log) as f:
            for line in f:
                e = json.loads(line)
                m = BATCH_LINE.search(e["message"])
                if m:
                    trace.append((e["evaluations"], int(m.group(2)), int(m.group(3)), float(m.group(4))))
    return ratio, times, trace


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", help="bench folders")
    parser.add_argument("--data", required=True, help="the CSV the runs read")
    parser.add_argument("--plot-data", help="a folder for the .dat files")
    parser.add_argument("--objective", help="only the runs on this objective label (a bench "
                        "holding runs on several data sets)")
    parser.add_argument("--pair", nargs=2, action="append", default=[], metavar=("A", "B"),
                        help="compare algorithm A with B seed by seed (repeatable)")
    args = parser.parse_args(argv)

    values, mean_f = load_values(args.data)
    runs, seen = {}, {}
    for folder in args.folders:
        with open(os.path.join(folder, "index.json")) as f:
            index = json.load(f)
        for r in index["runs"]:
            if r["status"] != "completed":
                continue
            if args.objective and r["objective"] != args.objective:
                continue
            key = (r["objective"], r["algorithm"])
            if (key, r["seed"]) in seen:
                sys.exit(f"{r['algorithm']} seed {r['seed']} on {r['objective']} is in both "
                         f"{seen[(key, r['seed'])]} and {folder}: pass one of them")
            seen[(key, r["seed"])] = folder
            runs.setdefault(key, []).append(
                (r["seed"], read_run(os.path.join(folder, r["folder"]), values, mean_f)))

    print(f"mean f = {mean_f:.4f} over {len(values)} candidates; R_t(unif) = t (1 - mean f)\n")
    for objective in sorted({k[0] for k in runs}):
        algos = sorted(a for o, a in runs if o == objective)
        print(f"## {objective}: regret ratio R_t / R_t(unif), mean +- se over seeds\n")
        print("| algorithm | seeds | T | " + " | ".join(f"t={c}" for c in CHECKPOINTS) + " | at T |")
        print("|---|---:|---:|" + "---:|" * (len(CHECKPOINTS) + 1))
        for a in algos:
            rs = runs[(objective, a)]
            T = min(len(r[1][0]) for r in rs)
            cells = []
            for c in CHECKPOINTS:
                if c > T:
                    cells.append("")
                    continue
                m, se = mean_se([r[1][0][c - 1] for r in rs])
                cells.append(f"{m:.4f} ± {se:.4f}" if not math.isnan(se) else f"{m:.4f}")
            m, se = mean_se([r[1][0][T - 1] for r in rs])
            cells.append(f"{m:.4f} ± {se:.4f}" if not math.isnan(se) else f"{m:.4f}")
            print(f"| {a} | {len(rs)} | {T} | " + " | ".join(cells) + " |")
        print(f"\n## {objective}: algorithm time (s) up to t, ask + tell (ask / tell), mean over seeds\n")
        print("| algorithm | seeds | T | " + " | ".join(f"t={c}" for c in TIME_CHECKPOINTS) + " | at T |")
        print("|---|---:|---:|" + "---:|" * (len(TIME_CHECKPOINTS) + 1))
        for a in algos:
            rs = runs[(objective, a)]
            T = min(len(r[1][0]) for r in rs)
            cells = []
            for c in TIME_CHECKPOINTS:
                if c > T:
                    cells.append("")
                    continue
                ask = mean_se([r[1][1][c - 1][0] for r in rs])[0]
                tell = mean_se([r[1][1][c - 1][1] for r in rs])[0]
                cells.append(f"{ask + tell:.3g} ({ask:.3g} / {tell:.3g})")
            total = mean_se([sum(r[1][1][T - 1]) for r in rs])[0]
            print(f"| {a} | {len(rs)} | {T} | " + " | ".join(cells) + f" | {total:.3g} |")
        traced = [a for a in algos if runs[(objective, a)][0][1][2]]
        if traced:
            print(f"\n## {objective}: batches (closed batches = resparsifications), mean over seeds\n")
            print("| algorithm | seeds | batches | mean batch size, 1st/2nd/3rd/4th quarter of t | "
                  "dictionary at T/4, T/2, 3T/4, T | max dictionary | width at T/4, T |")
            print("|---|---:|---:|---|---|---:|---|")
            for a in traced:
                rs = runs[(objective, a)]
                T = min(len(r[1][0]) for r in rs)
                nb, quarters, dicts, widths, mx = [], [[] for _ in range(4)], [[] for _ in range(4)], [[], []], []
                for _, (_, _, tr) in rs:
                    nb.append(len(tr))
                    mx.append(max(d for _, _, d, _ in tr))
                    for q in range(4):
                        lo, hi = q * T / 4, (q + 1) * T / 4
                        sizes = [s for e, s, _, _ in tr if lo <= e - s < hi]
                        if sizes:
                            quarters[q].append(sum(sizes) / len(sizes))
                        before = [d for e, _, d, _ in tr if e <= hi]
                        if before:
                            dicts[q].append(before[-1])
                    for j, frac in enumerate((0.25, 1.0)):
                        before = [w for e, _, _, w in tr if e <= frac * T]
                        if before:
                            widths[j].append(before[-1])
                f = lambda xs: f"{mean_se(xs)[0]:.1f}" if xs else "–"
                print(f"| {a} | {len(rs)} | {f(nb)} | " + " / ".join(f(q) for q in quarters) + " | " +
                      " / ".join(f(d) for d in dicts) + f" | {f(mx)} | " +
                      " / ".join(f"{mean_se(w)[0]:.3g}" if w else "–" for w in widths) + " |")
        pairs = [(a, b) for a, b in args.pair if (objective, a) in runs and (objective, b) in runs]
        if pairs:
            print(f"\n## {objective}: paired by seed, R_t(A) / R_t(B) (the ratio of their cumulative "
                  "regrets), mean ± se over the seeds both ran, and the seeds where A's is lower\n")
            marks = [c for c in (2000, 10000)]
            print("| A | B | seeds | " + " | ".join(f"t={c}: A/B, A lower" for c in marks) + " |")
            print("|---|---|---:|" + "---|" * len(marks))
            for a, b in pairs:
                ra, rb = dict(runs[(objective, a)]), dict(runs[(objective, b)])
                seeds = sorted(set(ra) & set(rb))
                cells = []
                for c in marks:
                    both = [s for s in seeds if len(ra[s][0]) >= c and len(rb[s][0]) >= c]
                    if not both:
                        cells.append("")
                        continue
                    q = [ra[s][0][c - 1] / rb[s][0][c - 1] for s in both]
                    m, se = mean_se(q)
                    lower = sum(1 for x in q if x < 1.0)
                    spread = f"{m:.3f} ± {se:.3f}" if not math.isnan(se) else f"{m:.3f}"
                    cells.append(f"{spread}, {lower} of {len(both)}")
                print(f"| {a} | {b} | {len(seeds)} | " + " | ".join(cells) + " |")
        print()
        if args.plot_data:
            os.makedirs(args.plot_data, exist_ok=True)
            base = os.path.join(args.plot_data, objective)
            with open(base + "-ratio.dat", "w") as fr, open(base + "-time.dat", "w") as ft:
                for a in algos:
                    rs = runs[(objective, a)]
                    T = min(len(r[1][0]) for r in rs)
                    for out in (fr, ft):
                        out.write(f"# {a}\n")
                    for t in range(1, T + 1):
                        if t % 10 and t != T:
                            continue
                        m, se = mean_se([r[1][0][t - 1] for r in rs])
                        fr.write(f"{t} {m:.6g} {0 if math.isnan(se) else se:.6g}\n")
                        if t <= 2000:
                            m, se = mean_se([sum(r[1][1][t - 1]) for r in rs])
                            ft.write(f"{t} {m:.6g} {0 if math.isnan(se) else se:.6g}\n")
                    fr.write("\n\n")
                    ft.write("\n\n")
            if traced:
                with open(base + "-trace.dat", "w") as f:
                    for a in (a for a in traced if a.startswith("bbkb")):  # bkb: all of size 1
                        f.write(f"# {a}: t at batch end, batch size, dictionary size, width (lowest seed)\n")
                        for e, s, d, w in sorted(runs[(objective, a)])[0][1][2]:
                            f.write(f"{e} {s} {d} {w:.6g}\n")
                        f.write("\n\n")


if __name__ == "__main__":
    main(sys.argv[1:])
