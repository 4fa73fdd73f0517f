#!/usr/bin/python3
"""Tabulates a restart-schedule grid (map.toml, ml.toml here) from its bench folders.

Usage: table.py BENCH_FOLDER...

Per objective and schedule (the algorithm labels): likelihood evaluations per run, summed
from gpbo's debug log lines (one per fit), and their ratio to every_fit's; the share of fits
that ran the restarts; restarts that raised the log posterior by more than 0.1; the simple
regret's median (min-max) over the seeds and its ratio to every_fit's median. Runs found in
several folders count once.
"""
import glob
import json
import os
import re
import statistics
import sys


def runs(folders):
    seen = set()
    for folder in folders:
        for path in sorted(glob.glob(f"{folder}/*/*/q1-seed*/run.json")):
            objective, schedule, seed = path.split("/")[-4:-1]
            record = json.load(open(path))
            if record.get("status") != "completed" or (objective, schedule, seed) in seen:
                continue
            seen.add((objective, schedule, seed))
            yield objective, schedule, record, os.path.join(os.path.dirname(path), "log.jsonl")


def fit_counts(log_path, schedule):
    evaluations = fits = restarted = helped = 0
    for line in open(log_path):
        message = json.loads(line).get("message", "")
        if not re.search(r": fit \d+: ", message):
            continue
        fits += 1
        evaluations += sum(int(x) for x in re.findall(r"(\d+) likelihood evaluations", message))
        restarted += schedule == "every_fit" or "restarted" in message
        gain = re.search(r"gain (-?[\d.e+-]+)", message)
        helped += bool(gain) and float(gain.group(1)) > 0.1
    return evaluations, fits, restarted, helped


def main():
    rows = {}
    for objective, schedule, record, log_path in runs(sys.argv[1:]):
        rows.setdefault((objective, schedule), []).append(
            (fit_counts(log_path, schedule), record["regret"]["simple"]))
    print("| objective | schedule | runs | likelihood evaluations / run | vs every_fit | fits "
          "restarted | restarts that gained > 0.1 | simple regret, median (min-max) | vs every_fit |")
    print("|---|---|---:|---:|---:|---:|---:|---|---:|")
    for (objective, schedule), rs in sorted(rows.items(),
                                            key=lambda kv: (kv[0][0], kv[0][1] != "every_fit")):
        base = rows.get((objective, "every_fit"), rs)
        evaluations = statistics.mean(c[0] for c, _ in rs)
        base_evaluations = statistics.mean(c[0] for c, _ in base)
        restarted = sum(c[2] for c, _ in rs) / max(1, sum(c[1] for c, _ in rs))
        helped = sum(c[3] for c, _ in rs)
        regret = [r for _, r in rs]
        base_regret = statistics.median(r for _, r in base)
        print(f"| {objective} | {schedule} | {len(rs)} | {evaluations:.0f} | "
              f"{evaluations / base_evaluations:.2f} | {restarted:.0%} | {helped} | "
              f"{statistics.median(regret):.3g} ({min(regret):.3g}-{max(regret):.3g}) | "
              f"{statistics.median(regret) / base_regret:.2f} |")


if __name__ == "__main__":
    main()
