#!/usr/bin/env python3
"""Writes a large sweep summary.csv for timing `pushsim compare` (make bench, part 9).

    summaries.py TEMPLATE CELLS OUT [--shift K]

TEMPLATE is a sweep's summary.csv (e.g. Results/baselines/loss-rate.summary.csv: columns
point, one axis, variant, strategy, replications, converged, ...); OUT gets CELLS data
rows, the template's rows repeated in turn with `point` and the axis column renumbered
(point = row // cells per template point, so every cell key is distinct). --shift K adds
K converged runs (clamped to the cell's replications) to every 7th row, so a comparison
of the two files has moves to report. Deterministic: the same arguments give the same
bytes. Python 3 standard library only.
"""
import argparse
import csv
import sys


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("template")
    p.add_argument("cells", type=int)
    p.add_argument("out")
    p.add_argument("--shift", type=int, default=0)
    a = p.parse_args()
    with open(a.template, newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    if header[:1] != ["point"] or "variant" not in header or not body:
        sys.exit(f"{a.template}: not a sweep summary.csv (no point column or no rows)")
    axis = header.index("variant") - 1          # the last axis column before variant
    rep, conv = header.index("replications"), header.index("converged")
    per_point = sum(1 for r in body if r[0] == body[0][0])
    with open(a.out, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for i in range(a.cells):
            r = list(body[i % len(body)])
            point = i // per_point
            r[0] = str(point)
            if axis > 0:
                r[axis] = str(point)
            if a.shift and i % 7 == 0:
                r[conv] = str(min(int(r[rep]), int(r[conv]) + a.shift))
            w.writerow(r)


if __name__ == "__main__":
    main()
