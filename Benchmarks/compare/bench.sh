#!/usr/bin/env bash
# Benchmarks/compare/bench.sh PUSHSIM DIR: the compare rows of `make bench` (Benchmarks/bench.sh
# calls it from the repository root and appends its output to bench.csv).
#
# `pushsim compare` of two sweep summaries of 60,000 and 240,000 cells (summaries.py from
# Results/baselines/loss-rate.summary.csv; every 7th cell of the second moved by 160 of its 400 runs
# converged, far enough to move at the family-wise level over every test of the comparison, so compare
# exits 1 listing them), and of 240,000 cells with --intervals: wall and peak RSS of each,
# and the wall at 240,000 over that at 60,000 cells (linear: about 4; target < 6). Files
# and raw outputs go to DIR. Prints metric,setting,value,target,met rows on stdout,
# progress on stderr; exits non-zero if a command fails or lists no moved cell.
set -euo pipefail

PUSHSIM=$1 DIR=$2
mkdir -p "$DIR"
die() { echo "compare/bench.sh: $*" >&2; exit 1; }

for cells in 60000 240000; do
    python3 Benchmarks/compare/summaries.py Results/baselines/loss-rate.summary.csv "$cells" "$DIR/a-$cells.csv"
    python3 Benchmarks/compare/summaries.py Results/baselines/loss-rate.summary.csv "$cells" "$DIR/b-$cells.csv" --shift 160
done
wall60="" wall240=""
for setting in "60000" "240000" "240000 --intervals"; do
    read -r cells flag <<< "$setting"
    name="compare-$cells${flag:+-intervals}"
    echo "compare/bench.sh: compare of $cells cells ${flag:-}" >&2
    t0=$(date +%s.%N)
    status=0
    /usr/bin/time -f "%M" -o "$DIR/$name.rss" "$PUSHSIM" compare "$DIR/a-$cells.csv" "$DIR/b-$cells.csv" ${flag:+"$flag"} \
        > "$DIR/$name.txt" || status=$?
    t1=$(date +%s.%N)
    [ "$status" = 1 ] || die "compare of $cells cells exited $status, not 1 ($DIR/$name.txt)"
    grep -q "^$cells cells: moved in " "$DIR/$name.txt" || die "compare of $cells cells listed no moved cells ($DIR/$name.txt)"
    wall=$(awk "BEGIN { printf \"%.3f\", $t1 - $t0 }")
    rss=$(awk '{ v = $1 } END { printf "%.1f", v * 1024 / 1e6 }' "$DIR/$name.rss")
    [ "$setting" = 60000 ] && wall60=$wall
    [ "$setting" = 240000 ] && wall240=$wall
    echo "compare_wall_s,summaries cells=$cells${flag:+ intervals},$wall,,"
    echo "compare_peak_rss_mb,summaries cells=$cells${flag:+ intervals},$rss,,"
done
awk -v a="$wall240" -v b="$wall60" 'BEGIN { r = a / b; printf "compare_scaling,wall 240000 vs 60000 cells,%.2f,< 6,%s\n", r, (r < 6) ? "yes" : "no" }'
