#!/usr/bin/python3
"""Checkpoints: what a resume costs with and without one, and what writing them costs.

1. A run of N evaluations, uninterrupted, timed (`bopp run`, checkpoints after every batch).
2. The same run killed with SIGKILL once M evaluations are on disk, then `bopp resume`d to the
   end, timed: from the checkpoint, and again (a copy of the killed record, its checkpoint
   removed) by the full replay bopp did before checkpoints. Both resumed records must equal the
   uninterrupted one (every evaluation's index, batch, x, y, status and seed; run.json but its
   times). Prints each resume's time as a fraction of the uninterrupted run's.
3. The checkpoint's size, and its write time: the same run with `checkpoints = false` and with
   a checkpoint after every batch, the difference per batch.

    bench/host/checkpoint_bench.py --bopp build/release/bin/bopp --algorithm gpbo \\
        --set algorithm.acquisition=ucb --objective hartmann6 --evaluations 300 --kill-after 290

The issue's target: gpbo (UCB) on hartmann6, batch 1, 300 evaluations killed after 290: the
resume in at most 5 % of the uninterrupted run's time. docs/long-runs.md gives the figures.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def experiment(folder, args, checkpoints, interval):
    path = os.path.join(folder, f"exp-{checkpoints}-{interval}.toml")
    with open(path, "w") as f:
        f.write(f"[run]\nseed = {args.seed}\nbudget = {args.evaluations}\nbatch = {args.batch}\n"
                f"checkpoints = {'true' if checkpoints else 'false'}\n"
                f"checkpoint_interval_s = {interval}\n"
                f"[objective]\nname = '{args.objective}'\n"
                f"[algorithm]\nname = '{args.algorithm}'\n")
    return path


def command(args, *rest):
    cmd = [args.bopp]
    for p in args.plugin_path:
        cmd += ["--plugin-path", p]
    cmd += list(rest)
    return cmd


def timed(args, *rest):
    start = time.perf_counter()
    done = subprocess.run(command(args, *rest), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"bopp {' '.join(rest)} exited {done.returncode}: {done.stderr}")
    return seconds, done.stderr


def with_settings(args, rest):
    out = list(rest)
    for s in args.set:
        out += ["--set", s]
    return out


def lines_in(path):
    try:
        with open(path, "rb") as f:
            return sum(1 for _ in f)
    except FileNotFoundError:
        return 0


def evaluations(record):
    with open(os.path.join(record, "evaluations.jsonl")) as f:
        return [{k: v for k, v in json.loads(line).items() if k != "time"} for line in f]


def run_json(record):
    with open(os.path.join(record, "run.json")) as f:
        run = json.load(f)
    for key in ("time", "started", "finished"):
        run.pop(key, None)
    return run


def same_run(expected, actual):
    return evaluations(expected) == evaluations(actual) and run_json(expected) == run_json(actual)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bopp", default="build/release/bin/bopp")
    parser.add_argument("--plugin-path", action="append", default=[])
    parser.add_argument("--algorithm", default="random")
    parser.add_argument("--objective", default="hartmann6")
    parser.add_argument("--set", action="append", default=[], help="--set for every run")
    parser.add_argument("--evaluations", type=int, default=300)
    parser.add_argument("--kill-after", type=int, default=290)
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--folder", default=None, help="where the records go (default: temporary)")
    parser.add_argument("--target", type=float, default=0.05,
                        help="the resume's largest fraction of the uninterrupted run's time")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        every = experiment(folder, args, True, 0)
        off = experiment(folder, args, False, 60)
        straight = os.path.join(folder, "straight")
        t_every, _ = timed(args, *with_settings(args, ["run", every, "--output", straight]))
        t_off, _ = timed(args, *with_settings(args, ["run", off, "--output",
                                                     os.path.join(folder, "off")]))

        killed = os.path.join(folder, "killed")
        child = subprocess.Popen(command(args, *with_settings(args, ["run", every, "--output",
                                                                     killed])),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while child.poll() is None and lines_in(os.path.join(killed, "evaluations.jsonl")) < \
                args.kill_after:
            time.sleep(0.001)
        if child.poll() is not None:
            sys.exit("the run ended before it could be killed; lower --kill-after")
        child.send_signal(signal.SIGKILL)
        child.wait()
        kept = lines_in(os.path.join(killed, "evaluations.jsonl"))
        checkpoint = os.path.join(killed, "checkpoint.bin")
        if not os.path.exists(checkpoint):
            sys.exit(f"no checkpoint in the killed record: does '{args.algorithm}' offer "
                     "bopp.state/1?")
        size = os.path.getsize(checkpoint)
        replayed = os.path.join(folder, "replayed")
        shutil.copytree(killed, replayed)
        os.remove(os.path.join(replayed, "checkpoint.bin"))

        t_resume, err = timed(args, "resume", killed)
        if "not used" in err:
            sys.exit(f"the resume did not use the checkpoint: {err}")
        t_replay, _ = timed(args, "resume", replayed)
        same = same_run(straight, killed) and same_run(straight, replayed)

    batches = -(-args.evaluations // args.batch)
    fraction, replay_fraction = t_resume / t_every, t_replay / t_every
    print(f"{args.algorithm} on {args.objective}, {args.evaluations} evaluations in batches of "
          f"{args.batch}, killed after {kept}")
    print(f"  uninterrupted run: {t_every:.3f} s (checkpoint after every batch), "
          f"{t_off:.3f} s (checkpoints off)")
    print(f"  resume from the checkpoint: {t_resume:.3f} s = {100 * fraction:.1f} % of the run")
    print(f"  resume by full replay:      {t_replay:.3f} s = {100 * replay_fraction:.1f} % of the "
          "run")
    print(f"  checkpoint: {size} bytes after {kept} evaluations; "
          f"{1e3 * (t_every - t_off) / batches:.3f} ms per batch written "
          "(run with a checkpoint after every batch minus run without, per batch)")
    print(f"  resumed records equal the uninterrupted one: {'yes' if same else 'NO'}; target "
          f"{100 * args.target:.0f} %: {'met' if fraction <= args.target else 'MISSED'}")
    return 0 if same and fraction <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
