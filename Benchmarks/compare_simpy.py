#!/usr/bin/env python3
"""Compares PushSim with its SimPy peer on the push-hint study (`make bench`).

    python Benchmarks/compare_simpy.py PUSHSIM/summary.csv SIMPY.csv [--pushsim-wall-s S] [--simpy-wall-s S] [--alpha A]

For every (variant, strategy) cell, tests whether the two convergence rates agree: the
pooled two-proportion z-test, two-sided, at `alpha` (default 0.001, i.e. the rates agree
within 99.9% intervals), the same test as `pushsim compare` (TwoProportionTest). The
two runs are independent samples (different generators), so the unpaired test applies.

Prints both rates side by side, events per run (PushSim's `mean_events`, SimPy's
`events / replications`: both count model events), then throughput: replications per
second and events per second of each, and their ratio (PushSim / SimPy). PushSim's
summary.csv has no timing, so its wall time comes from `--pushsim-wall-s` (the Makefile
times `pushsim run ... --jobs 1`, a whole process including start-up and CSV output,
so PushSim's figures are a lower bound); SimPy's is `--simpy-wall-s` when given
(Benchmarks/bench.sh times both as whole processes), else the sum of its cells' `wall_s`
(simulation loop only). Without `--pushsim-wall-s` the throughput lines are left out.

Exit status: 0 all cells agree; 1 some cell disagrees or is missing (listed); 2 bad input.
Standard library only (the normal tail comes from math.erfc).
"""

import argparse
import csv
import math
import sys


def two_proportion_p(x1, n1, x2, n2):
    """Two-sided p-value of the pooled two-proportion z-test for H0: equal rates; 1 when
    there is no variance (both samples all successes or all failures)."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    p = (x1 + x2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    z = abs(x1 / n1 - x2 / n2) / se
    return math.erfc(z / math.sqrt(2))  # = 2 * (1 - Phi(z))


def read_cells(path, required):
    """Rows keyed by (variant, strategy), in file order."""
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        missing = [c for c in required if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"{path}: missing column(s) {', '.join(missing)}")
        return {(r["variant"], r["strategy"]): r for r in reader}


def main(argv=None):
    p = argparse.ArgumentParser(description="Compare PushSim's summary.csv with the SimPy peer's CSV.")
    p.add_argument("pushsim", help="PushSim summary.csv")
    p.add_argument("simpy", help="CSV written by Benchmarks/simpy/pushhint.py")
    p.add_argument("--pushsim-wall-s", type=float, help="wall time of the PushSim run, seconds")
    p.add_argument("--simpy-wall-s", type=float, help="wall time of the SimPy run, seconds (default: the sum of its cells' wall_s)")
    p.add_argument("--alpha", type=float, default=0.001)
    a = p.parse_args(argv)
    if not 0 < a.alpha < 1:
        p.error("--alpha must be in (0, 1)")
    try:
        ps = read_cells(a.pushsim, ["variant", "strategy", "replications", "converged", "mean_events"])
        sp = read_cells(a.simpy, ["variant", "strategy", "replications", "converged", "events", "wall_s"])
        ps_n = {k: (int(r["converged"]), int(r["replications"]), float(r["mean_events"])) for k, r in ps.items()}
        sp_n = {k: (int(r["converged"]), int(r["replications"]), int(r["events"]), float(r["wall_s"])) for k, r in sp.items()}
    except (OSError, ValueError, KeyError) as e:
        print(f"compare_simpy: {e}", file=sys.stderr)
        return 2

    failures = [f"{v}/{s}: missing from {a.simpy}" for (v, s) in ps_n if (v, s) not in sp_n]
    failures += [f"{v}/{s}: missing from {a.pushsim}" for (v, s) in sp_n if (v, s) not in ps_n]
    header = ["variant", "strategy", "PushSim", "SimPy", "p", "", "events/run PushSim", "SimPy"]
    rows = []
    for key in [k for k in ps_n if k in sp_n]:
        (x1, n1, ev1), (x2, n2, ev2, _) = ps_n[key], sp_n[key]
        pv = two_proportion_p(x1, n1, x2, n2)
        agree = pv >= a.alpha
        if not agree:
            failures.append(f"{key[0]}/{key[1]}: PushSim {x1}/{n1} = {x1 / n1:.4f}, SimPy {x2}/{n2} = {x2 / n2:.4f} (p = {pv:.2g})")
        rows.append([key[0], key[1], f"{x1 / n1:.4f}", f"{x2 / n2:.4f}", f"{pv:.3f}", "ok" if agree else "DIFFER",
                     f"{ev1:.2f}", f"{ev2 / n2:.2f}"])
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    for i, r in enumerate([header] + rows):
        print("  ".join(c.ljust(w) if j < 2 else c.rjust(w) for j, (c, w) in enumerate(zip(r, widths))).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))

    runs_ps = sum(n for _, n, _ in ps_n.values())
    runs_sp = sum(n for _, n, _, _ in sp_n.values())
    events_ps = sum(n * ev for _, n, ev in ps_n.values())
    events_sp = sum(ev for _, _, ev, _ in sp_n.values())
    wall_sp = a.simpy_wall_s if a.simpy_wall_s else sum(w for *_, w in sp_n.values())
    print()
    if runs_ps != runs_sp:
        print(f"note: different replication counts (PushSim {runs_ps} runs, SimPy {runs_sp} runs)")
    if a.pushsim_wall_s and wall_sp > 0:
        rps_ps, eps_ps = runs_ps / a.pushsim_wall_s, events_ps / a.pushsim_wall_s
        rps_sp, eps_sp = runs_sp / wall_sp, events_sp / wall_sp
        print(f"{'':8}{'runs':>8}{'wall s':>10}{'runs/s':>12}{'events/s':>14}")
        print(f"{'PushSim':8}{runs_ps:>8}{a.pushsim_wall_s:>10.3f}{rps_ps:>12.0f}{eps_ps:>14.0f}")
        print(f"{'SimPy':8}{runs_sp:>8}{wall_sp:>10.3f}{rps_sp:>12.0f}{eps_sp:>14.0f}")
        print(f"ratio PushSim/SimPy: {rps_ps / rps_sp:.1f}x runs/s, {eps_ps / eps_sp:.1f}x events/s")
    print()
    if failures:
        print(f"convergence rates disagree (two-proportion z-test, alpha {a.alpha}) in {len(failures)} of {len(rows)} cells:")
        for f in failures:
            print(f"  {f}")
        return 1
    print(f"{len(rows)} cells: PushSim and SimPy convergence rates agree (two-proportion z-test, alpha {a.alpha})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
