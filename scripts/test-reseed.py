#!/usr/bin/env python3
"""Reruns the statistical tests under other seeds: `make test-reseed`.

The statistical tests of the end-to-end target are the test functions that build a
`Family` (Tests/PushSimEndToEndTests/StatisticalFamily.swift): together they fail a correct
model with probability at most Family.rate (0.001) per run. This script finds them in the
sources, builds once, and runs them RESEEDS times (default 6) with PUSHSIM_TEST_RESEED set
to 1, 2, ..., which moves every scenario seed they load. It prints, per seed, the tests
run and those that failed, then the failing runs against the number expected by chance:
a failing run is a chance failure with probability at most 0.001, so the script fails
(exit 1) only when that many failing runs would happen by chance with probability below
0.001; a build or parse failure exits 2.

Usage: scripts/test-reseed.py [--reseeds N]
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = os.environ.get("SWIFT") or shutil.which("swift") or "/opt/swift/usr/bin/swift"
SOURCES = os.path.join(ROOT, "Tests/PushSimEndToEndTests")
RATE = 0.001


def statistical_tests():
    """Names of the test functions that build a Family, from the sources."""
    names = []
    for folder, _, files in os.walk(SOURCES):
        for f in sorted(files):
            if not f.endswith(".swift") or f.startswith("StatisticalFamily"):
                continue
            text = open(os.path.join(folder, f)).read()
            for m in re.finditer(r"Family\(checks:", text):
                funcs = re.findall(r"func (\w+)\(", text[: m.start()])
                if funcs:
                    names.append(funcs[-1])
    return sorted(set(names))


def tail(failures, runs, q):
    """P(X >= failures) for X ~ Binomial(runs, q)."""
    return 1 - sum(math.comb(runs, i) * q**i * (1 - q) ** (runs - i) for i in range(failures))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reseeds", type=int, default=int(os.environ.get("RESEEDS", "6")))
    args = ap.parse_args()
    if args.reseeds < 1:
        sys.exit("test-reseed: --reseeds must be at least 1")
    names = statistical_tests()
    if not names:
        sys.stderr.write("test-reseed: no test builds a Family\n")
        sys.exit(2)
    # Test ids are "Target.Suite/function(...)": anchored, a name cannot match a unit test.
    pattern = r"^PushSimEndToEndTests\.[^/]+/(" + "|".join(names) + r")\("
    print(f"{len(names)} statistical tests: {', '.join(names)}")
    if subprocess.run([SWIFT, "build", "--build-tests"], cwd=ROOT, stdout=subprocess.DEVNULL).returncode != 0:
        sys.exit(2)
    failing_runs = 0
    for k in range(1, args.reseeds + 1):
        env = dict(os.environ, PUSHSIM_TEST_RESEED=str(k))
        run = subprocess.run([SWIFT, "test", "--skip-build", "--filter", pattern], cwd=ROOT, env=env,
                             capture_output=True, text=True)
        out = run.stdout
        ran = re.search(r"Test run with (\d+) tests?", out)
        if not ran:
            sys.stderr.write(f"test-reseed: seed offset {k}: no test summary in the output\n")
            sys.exit(2)
        # A test shows its display name in quotes, or its function name without them.
        failed = sorted(set(m.group(1) or m.group(2) for m in
                            re.finditer(r'^✘ Test (?:"(.*?)"|(\S+\(.*?\))) (?:with \d+ test cases )?failed', out, re.M)))
        if run.returncode != 0 and not failed:
            failed = [f"(swift test exited {run.returncode})"]
        failing_runs += bool(failed)
        print(f"seed offset {k}: {ran.group(1)} tests, {len(failed)} failed" + "".join(f"\n  ✘ {t}" for t in failed))
    p = tail(failing_runs, args.reseeds, RATE)
    print(f"{failing_runs} of {args.reseeds} runs failed; by chance at most {args.reseeds * RATE:.3f} expected "
          f"(P(≥ {failing_runs} by chance) ≤ {p:.2g})")
    sys.exit(1 if p < RATE else 0)


if __name__ == "__main__":
    main()
