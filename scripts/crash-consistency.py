#!/usr/bin/env python3
"""make crash-test: kill pushsim runs, sweeps, shards and merges at random points and check
that no reader ever sees a mixed report set or a stale sweep point (docs/reliability.md).

Each trial starts one command on a folder that holds a known complete set (or nothing),
kills it with SIGKILL, either at a named fail point (PUSHSIM_FAILPOINT=name:n, e.g.
between two renames of a commit, or while a plan change removes old points) or after a
random delay within the command's measured duration, and then checks:

1. the folder's report files are byte for byte the old complete set, or the new one,
   or (for a folder that had none) absent; when the commit journal is there, the next
   reader (`pushsim compare`, which completes a killed commit first) finds the new set;
2. every sweep point with a done record naming the current plan has the reference
   bytes (no point of another plan, no truncated part is ever taken for a done one);
3. rerunning the command completes it: the new set, no journal, no partial file, and
   points/ holds exactly the reference's point files.

Usage: scripts/crash-consistency.py [--kills N] [--seed S] [--bin PATH] [--work DIR]
       [--csv FILE]. Deterministic from --seed (which trials, which points, which
delays; the timings of delays are the machine's). Exit 0 when every check passes, 1
when one fails, 2 when the setup cannot be made.
"""
import argparse
import csv
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUDY = os.path.join(ROOT, "Scenarios", "push-hint-study.json")
REPORTS = ["runs.csv", "summary.csv", "paired.csv", "meta.json", "plot.gp"]
JOURNAL = ".pushsim.commit"
# Fail points per command (docs/reliability.md lists them), with how often each is reached.
RUN_POINTS = [("set.staged", 1), ("set.journal", 1), ("set.rename", 5), ("set.applied", 1)]
SWEEP_POINTS = [("plan.written", 1), ("points.remove", 30), ("point.part", 24), ("point.done", 8)] + RUN_POINTS
MERGE_POINTS = [("merge.copy", 12), ("points.remove", 4)] + RUN_POINTS


def die(message):
    print(f"crash-consistency: {message}", file=sys.stderr)
    sys.exit(2)


class Harness:
    def __init__(self, binary, work):
        self.bin, self.work = binary, work
        self.env = dict(os.environ, CI="1", PUSHSIM_COMMIT="crash-test")
        self.env.pop("PUSHSIM_FAILPOINT", None)

    def command(self, args, fail_point=None, delay=None):
        """Runs pushsim ARGS; returns (status, seconds). Killed: status -9."""
        env = dict(self.env)
        if fail_point:
            env["PUSHSIM_FAILPOINT"] = fail_point
        start = time.monotonic()
        p = subprocess.Popen([self.bin] + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if delay is not None:
            try:
                p.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                p.send_signal(signal.SIGKILL)
        _, err = p.communicate(timeout=600)
        return p.returncode, time.monotonic() - start, err.decode(errors="replace")

    def must(self, args):
        status, seconds, err = self.command(args)
        if status != 0:
            die(f"setup command failed ({status}): pushsim {' '.join(args)}\n{err}")
        return seconds

    def path(self, *names):
        return os.path.join(self.work, *names)


def reports(folder):
    out = {}
    for name in REPORTS:
        p = os.path.join(folder, name)
        if os.path.exists(p):
            with open(p, "rb") as f:
                out[name] = f.read()
    return out


def point_files(folder):
    points = os.path.join(folder, "points")
    if not os.path.isdir(points):
        return {}
    out = {}
    for name in sorted(os.listdir(points)):
        if name.startswith("p0") or name.startswith("p1"):
            with open(os.path.join(points, name), "rb") as f:
                out[name] = f.read()
    return out


def plan_of(folder):
    try:
        with open(os.path.join(folder, "points", "plan.json")) as f:
            return json.load(f)["fingerprint"]
    except (OSError, ValueError, KeyError):
        return None


def stale_points(folder, references):
    """What a reader would take for a done point of the plan the folder names (a done record
    naming it, whose parts match the record's sizes and CRC-32s) but is not that plan's
    reference bytes (`references`: plan fingerprint → point files)."""
    points = os.path.join(folder, "points")
    plan = plan_of(folder)
    if plan is None:
        return []
    reference = references.get(plan)
    if reference is None:
        return [f"points/plan.json names a plan of no reference ({plan})"]
    bad = []
    for name in sorted(n for n in os.listdir(points) if n.endswith(".done")):
        try:
            with open(os.path.join(points, name)) as f:
                record = json.load(f)
        except (OSError, ValueError):
            continue
        if record.get("plan") != plan:
            continue
        stem, parts = name[: -len(".done")], {}
        for part in record["parts"]:
            try:
                with open(os.path.join(points, f"{stem}.{part}.csv"), "rb") as f:
                    parts[part] = f.read()
            except OSError:
                parts[part] = None
        taken = all(d is not None and len(d) == record["parts"][p]["size"] and zlib.crc32(d) == record["parts"][p]["crc"]
                    for p, d in parts.items())
        if taken and any(reference.get(f"{stem}.{p}.csv") != d for p, d in parts.items()):
            bad.append(f"{stem}: a done point whose bytes are not the reference's")
    return bad


def leftovers(folder):
    found = []
    for base, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".figures")]
        found += [os.path.join(base, n) for n in files if n.endswith(".partial") or n == JOURNAL]
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "pushsim"))
    parser.add_argument("--work")
    parser.add_argument("--csv", default=os.path.join(ROOT, "Results", "crash-consistency", "trials.csv"))
    args = parser.parse_args()
    if not os.access(args.bin, os.X_OK):
        die(f"no pushsim binary at {args.bin} (make build)")
    work = args.work or tempfile.mkdtemp(prefix="pushsim-crash-")
    os.makedirs(work, exist_ok=True)
    h = Harness(os.path.abspath(args.bin), work)
    rng = random.Random(args.seed)

    # References: runs of seeds 1 (old) and 2 (new); a sweep at 1 replication (old plan) and 2 (new).
    run_args = lambda out, seed: ["run", STUDY, "--out", out, "--replications", "40", "--seed", str(seed), "--no-plot", "--quiet"]
    sweep_file = lambda reps: h.path(f"sweep-{reps}.json")
    for reps in (1, 2):
        with open(sweep_file(reps), "w") as f:
            json.dump({"name": "crash", "base": STUDY, "replications": reps, "variants": ["lossy"],
                       "axes": [{"name": "loss", "path": "variants[lossy].channel.loss", "values": [0.05 * i for i in range(8)]}]}, f)
    sweep_args = lambda out, reps, *extra: ["sweep", sweep_file(reps), "--out", out, "--no-plot", "--quiet", "--jobs", "1"] + list(extra)
    t_run = h.must(run_args(h.path("ref-old"), 1))
    h.must(run_args(h.path("ref-new"), 2))
    h.must(sweep_args(h.path("ref-sweep-old"), 1))
    t_sweep = h.must(sweep_args(h.path("ref-sweep-new"), 2))
    for k in (1, 2):
        h.must(sweep_args(h.path(f"ref-shard-{k}"), 2, "--shard", f"{k}/2"))
    t_merge = h.must(["merge", h.path("ref-shard-1"), h.path("ref-shard-2"), "--out", h.path("ref-merge"), "--no-plot"])
    old_run, new_run = reports(h.path("ref-old")), reports(h.path("ref-new"))
    old_sweep, new_sweep = reports(h.path("ref-sweep-old")), reports(h.path("ref-sweep-new"))
    new_points = point_files(h.path("ref-sweep-new"))
    shard_points = {k: v for k, v in new_points.items() if int(k[1:7]) % 2 == 1}
    references = {plan_of(h.path("ref-sweep-old")): point_files(h.path("ref-sweep-old")), plan_of(h.path("ref-sweep-new")): new_points}
    if reports(h.path("ref-merge")) != new_sweep:
        die("the merged shards differ from the whole sweep (not a crash-consistency question: see SweepTests)")

    kinds = ["run", "sweep-change", "sweep-fresh", "shard", "merge"]
    rows, failures = [], []
    for trial in range(args.kills):
        kind = kinds[trial % len(kinds)]
        folder = h.path(f"t{trial}")
        shutil.rmtree(folder, ignore_errors=True)
        if kind == "run":
            shutil.copytree(h.path("ref-old"), folder)
            cmd, old, new, table, duration = run_args(folder, 2), old_run, new_run, RUN_POINTS, t_run
        elif kind == "sweep-change":
            shutil.copytree(h.path("ref-sweep-old"), folder)
            cmd, old, new, table, duration = sweep_args(folder, 2), old_sweep, new_sweep, SWEEP_POINTS, t_sweep
        elif kind == "sweep-fresh":
            cmd, old, new, table, duration = sweep_args(folder, 2), {}, new_sweep, SWEEP_POINTS, t_sweep
        elif kind == "shard":   # shard 2 of 2 into a fresh folder: points only, no reports
            cmd, old, new, table, duration = sweep_args(folder, 2, "--shard", "2/2"), {}, {}, SWEEP_POINTS, t_sweep / 2
        else:   # merge the reference shards into a fresh folder
            cmd = ["merge", h.path("ref-shard-1"), h.path("ref-shard-2"), "--out", folder, "--no-plot"]
            old, new, table, duration = {}, new_sweep, MERGE_POINTS, t_merge
        if rng.random() < 0.6:
            # A plan change's own steps get half the fail-point trials of a plan change.
            name, reach = rng.choice(table if kind != "sweep-change" or rng.random() < 0.5 else table[:2])
            mode = f"{name}:{rng.randint(1, reach)}"
            status, _, _ = h.command(cmd, fail_point=mode)
        else:
            delay = rng.uniform(0, duration * 1.1)
            mode = f"after {delay:.3f} s"
            status, _, _ = h.command(cmd, delay=delay)
        killed = status == -signal.SIGKILL
        problems = []
        if not killed and status != 0:
            problems.append(f"exit {status} without being killed")
        seen = reports(folder)
        journal = os.path.exists(os.path.join(folder, JOURNAL))
        if journal:
            h.command(["compare", os.path.join(folder, "summary.csv"), os.path.join(folder, "summary.csv")])
            if reports(folder) != new:
                problems.append("a reader after the journal does not find the new set")
        elif seen not in ([old, new] if kind != "shard" else [{}]):
            problems.append(f"mixed or partial set: {sorted(seen)}")
        reference_points = {"run": {}, "shard": shard_points}.get(kind, new_points)
        problems += stale_points(folder, references)
        # A rerun completes it.
        rerun = h.command(cmd)
        if rerun[0] != 0:
            problems.append(f"the rerun failed ({rerun[0]}): {rerun[2].strip()[:200]}")
        if kind != "shard" and reports(folder) != new:
            problems.append("the rerun does not give the new set")
        if point_files(folder) != reference_points:
            problems.append("points/ after the rerun is not the reference's")
        if leftovers(folder):
            problems.append(f"left over: {[os.path.relpath(p, folder) for p in leftovers(folder)]}")
        rows.append([trial, kind, mode, "killed" if killed else "finished", "journal" if journal else "", "; ".join(problems) or "ok"])
        if problems:
            failures.append((trial, kind, mode, problems))
        shutil.rmtree(folder, ignore_errors=True)
        if sys.stderr.isatty() and not os.environ.get("CI"):
            print(f"\rcrash-consistency: {trial + 1}/{args.kills} trials, {len(failures)} failed", end="", file=sys.stderr)
    if sys.stderr.isatty() and not os.environ.get("CI"):
        print(file=sys.stderr)

    os.makedirs(os.path.dirname(os.path.abspath(args.csv)), exist_ok=True)
    temporary = args.csv + f".{os.getpid()}.partial"
    with open(temporary, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["trial", "command", "kill", "outcome", "journal", "result"])
        w.writerows(rows)
    os.replace(temporary, args.csv)
    killed = sum(1 for r in rows if r[3] == "killed")
    journals = sum(1 for r in rows if r[4])
    print(f"crash-consistency: {len(rows)} trials ({killed} killed mid-command, {journals} left a commit journal): "
          f"{len(failures)} with a problem; {args.csv}")
    for trial, kind, mode, problems in failures[:20]:
        print(f"  trial {trial} ({kind}, {mode}): {'; '.join(problems)}")
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
