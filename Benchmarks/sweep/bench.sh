# Benchmarks/sweep/bench.sh: the sweep bookkeeping rows of `make bench`, sourced by
# Benchmarks/bench.sh (it uses that script's timed, row, calc, met, f2 and say, and OUT).
# The lossy variant's loss swept over P points (1 replication, --runs none): the cost per
# point must not grow with P (plan, done records, assembly are linear). Then a rerun of the
# finished 10,000-point sweep: bookkeeping alone (every point done, reports reassembled).
# BENCH_100K=1 adds 100,000 points (several minutes).
sweep_points() {
    python3 - "$OUT/sweep-$1.json" "$1" "$PWD/Scenarios/push-hint-study.json" <<'EOF'
import json, sys
target, points, base = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sweep = {"name": f"bench-{points}", "base": base, "replications": 1, "variants": ["lossy"],
         "axes": [{"name": "loss", "path": "variants[lossy].channel.loss",
                   "values": [round(0.5 * i / (points - 1), 9) for i in range(points)]}]}
with open(target, "w") as f:
    json.dump(sweep, f)
EOF
    rm -rf "${OUT:?}/sweep-$1"
    timed "sweep-$1" "$PUSHSIM" sweep "$OUT/sweep-$1.json" --out "$OUT/sweep-$1" --jobs 1 --runs none --quiet --no-plot
}
sizes="1000 10000"
[ "${BENCH_100K:-0}" = 1 ] && sizes="$sizes 100000"
for n in $sizes; do
    say "sweep of $n points, 1 replication"
    sweep_points "$n"
    per=$(calc "sprintf(\"%.3f\", $WALL * 1000 / $n)")
    [ "$n" = 1000 ] && per1k=$per
    row sweep_wall_s "points=$n reps=1 jobs=1 runs=none" "$(f2 "$WALL")"
    row sweep_ms_per_point "points=$n reps=1 jobs=1 runs=none" "$per"
    row sweep_peak_rss_mb "points=$n reps=1 jobs=1 runs=none" "$RSS_MB"
    if [ "$n" != 1000 ]; then
        growth=$(f2 "$per / $per1k")
        row sweep_linear "ms per point; points=$n vs 1000" "$growth" "<= 1.5" "$(met "$growth" "<=" 1.5)"
    fi
done
say "rerun of the finished 10,000-point sweep (bookkeeping only)"
timed sweep-10000-rerun "$PUSHSIM" sweep "$OUT/sweep-10000.json" --out "$OUT/sweep-10000" --jobs 1 --runs none --quiet --no-plot
row sweep_rerun_wall_s "points=10000 all done" "$(f2 "$WALL")"

