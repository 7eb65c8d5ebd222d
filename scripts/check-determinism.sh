#!/usr/bin/env bash
# make check-determinism: is every reference result a function of its inputs alone?
#
# 1. Each scenario runs three times, each in its own process: --jobs 1, --jobs 1 again,
#    --jobs 2. Every run's event fingerprint (runs.csv `fingerprint`) must agree. On a
#    mismatch the first differing run is traced twice (two more processes) and the first
#    divergent event is printed.
# 2. Each scenario runs again with --shuffle-ties SEED (equal-time events in a random
#    order). The same runs of the FIFO and the shuffled run (same seed: common random
#    numbers) are paired, and every cell's every numeric column of runs.csv is checked by a
#    sign test of the paired differences (McNemar's exact test for `converged`), family-wise
#    at 0.001 (`pushsim compare --paired`), so no result depends on an arbitrary tie order.
#
# Usage: scripts/check-determinism.sh SCENARIO.json...   (BIN, CHECK_OUT, SHUFFLE_TIES from
# the environment; defaults .build/release/pushsim, Results/determinism, 1; SHUFFLE_TIES=none
# skips step 2). CHECK_OUT is emptied first, so it has a name of its own: a generic OUT
# exported for other tools is never deleted. Exit 0 when every check passes, 1 when one fails, 2 when a run cannot be made.
set -uo pipefail
BIN=${BIN:-.build/release/pushsim}
OUT=${CHECK_OUT:-Results/determinism}
SEED=${SHUFFLE_TIES:-1}
rm -rf "$OUT"; mkdir -p "$OUT"
status=0

# first_divergence FILE VARIANT STRATEGY REPLICATION: trace the run twice and print the
# first line where the traces differ.
first_divergence() {
    local dir="$OUT/traces"; mkdir -p "$dir"
    for k in 1 2; do
        "$BIN" trace "$1" --variant "$2" --strategy "$3" --replication "$4" --format jsonl --out "$dir/$k.jsonl" || exit 2
    done
    # cmp exits 0 for identical files; else it reports "differ: byte B, line L" on stdout,
    # or, when one trace is a prefix of the other, "EOF on FILE after byte B, line L" (or
    # "EOF on FILE which is empty") on stderr: the first divergent event is then line L + 1,
    # an event only the longer trace has.
    local at report rc
    report=$(cmp "$dir/1.jsonl" "$dir/2.jsonl" 2>&1)
    rc=$?
    if [ $rc -eq 0 ]; then
        echo "    the run traced twice gives identical events: the divergence depends on the process or threads, not on the run's inputs"
        return
    fi
    [ $rc -eq 1 ] || exit 2
    at=$(echo "$report" | sed -n 's/.* differ: .* line \([0-9]*\).*/\1/p')
    if [ -z "$at" ]; then
        at=$(echo "$report" | sed -n -e 's/.*EOF on .* line \([0-9]*\).*/\1/p' -e 's/.*EOF on .* which is empty.*/0/p')
        [ -z "$at" ] || at=$((at + 1))
    fi
    if [ -z "$at" ]; then
        echo "    the traces differ: $report"
    else
        echo "    first divergent event (line $at of the trace):"
        echo "      trace 1: $(sed -n "${at}p" "$dir/1.jsonl")"
        echo "      trace 2: $(sed -n "${at}p" "$dir/2.jsonl")"
    fi
}

for f in "$@"; do
    n=$(basename "$f" .json)
    verdict=deterministic
    "$BIN" run "$f" --out "$OUT/$n/jobs1" --jobs 1 --quiet >/dev/null || exit 2
    "$BIN" run "$f" --out "$OUT/$n/again" --jobs 1 --quiet >/dev/null || exit 2
    "$BIN" run "$f" --out "$OUT/$n/jobs2" --jobs 2 --quiet >/dev/null || exit 2
    for other in again jobs2; do
        report=$("$BIN" compare "$OUT/$n/jobs1/runs.csv" "$OUT/$n/$other/runs.csv" --fingerprints)
        rc=$?
        if [ $rc -ne 0 ]; then
            [ $rc -eq 1 ] || exit 2
            status=1
            verdict="NOT deterministic (see above)"
            echo "$n: NOT DETERMINISTIC (--jobs 1 vs $other): $(echo "$report" | head -1)"
            run=$(echo "$report" | sed -n 's/^run: //p')
            v=$(echo "$run" | sed 's/^variant=\(.*\) strategy=.*/\1/')
            s=$(echo "$run" | sed 's/.* strategy=\(.*\) replication=.*/\1/')
            r=$(echo "$run" | sed 's/.* replication=//')
            echo "    run: $run"
            first_divergence "$f" "$v" "$s" "$r"
        fi
    done
    if [ "$SEED" = none ]; then echo "$n: $verdict"; continue; fi
    "$BIN" run "$f" --out "$OUT/$n/shuffled" --shuffle-ties "$SEED" --quiet >/dev/null || exit 2
    moved=$("$BIN" compare "$OUT/$n/jobs1/runs.csv" "$OUT/$n/shuffled/runs.csv" --paired)
    rc=$?
    if [ $rc -eq 0 ]; then
        echo "$n: $verdict; nothing moves with shuffled ties (paired sign tests)"
    else
        [ $rc -eq 1 ] || exit 2
        status=1
        echo "$n: $verdict; ties shuffled with $SEED move:"
        echo "$moved" | sed 's/^/  /'
    fi
done
exit $status
