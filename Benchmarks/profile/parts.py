#!/usr/bin/env python3
"""Instructions per run by part, from a callgrind profile of `pushsim run`.

Usage: parts.py CALLGRIND_OUT RUNS

Reads the self cost of every function (`callgrind_annotate --inclusive=no`) and adds
each to one part, by the function's symbol and source file:

  streams   random number generation: the generators (philox, mt19937, GSL's gsl_rng_*),
            RandomStream(s), stream keys and seeds, the generator cache
  events    the kernel: EventQueue (heap, retirement bitmap) and Simulator's loop
  metrics   observers and accounting: RunObserver, trackers, ledgers, counts, the
            fingerprint, CellSummary and the summary's quantiles and moments
  row       building runs.csv rows (CSVLine, RunsTable, Columns' value closures)
  runtime   Swift runtime and libc: retain/release, uniqueness checks, malloc/free,
            memcpy, metadata and conformance look-ups, dynamic linking
  model     everything else in PushSim: world, device, app, channels, strategies,
            sender, server, scenario set-up

Prints one line per part: instructions per run and share.
"""
import re
import subprocess
import sys

PARTS = [
    # GSL's generators are static functions without symbols: callgrind names them by
    # address, "???:0x... [.../libgsl.so...]" (mt19937's get is one of them).
    ("streams", re.compile(r"philox|mt19937|gsl_rng|0x[0-9a-f]+ \[[^]]*libgsl\.so|RandomStream|StreamSeed|GeneratorCache|gsl_ran_")),
    ("events", re.compile(r"SimKernel|EventQueue|Simulator")),
    ("row", re.compile(r"CSVLine|RunsTable|Reports/CSV|appendDigits")),
    ("metrics", re.compile(r"RunObserver|Tracker|Ledger|RunFingerprint|CellSummary|RunningQuantiles|RunningMoments|"
                           r"SummaryLayout|ScreenTimer|ChangeHistory|Counts|gsl_rstat|Metrics/|Observe/")),
    ("runtime", re.compile(r"libswiftCore|libc\.so|ld-linux|libdispatch|libFoundation|swift_|malloc|memmove|memcpy|"
                           r"libstdc|libm\.so|Foundation")),
]


def part(symbol: str) -> str:
    for name, pattern in PARTS:
        if pattern.search(symbol):
            return name
    return "model"


def main() -> None:
    if len(sys.argv) == 2 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    runs = int(sys.argv[2])
    text = subprocess.run(["callgrind_annotate", "--inclusive=no", "--auto=no", "--threshold=100", sys.argv[1]],
                          capture_output=True, text=True, check=True).stdout
    totals: dict[str, int] = {}
    grand = 0
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$", line)
        if not m or "PROGRAM TOTALS" in line:
            continue
        ir = int(m.group(1).replace(",", ""))
        totals[part(m.group(2))] = totals.get(part(m.group(2)), 0) + ir
        grand += ir
    for name in ["streams", "events", "model", "metrics", "row", "runtime"]:
        v = totals.get(name, 0)
        print(f"{name:8s} {v / runs:10,.0f} instructions/run  {100 * v / grand:5.1f}%")
    print(f"{'total':8s} {grand / runs:10,.0f} instructions/run")


if __name__ == "__main__":
    main()
