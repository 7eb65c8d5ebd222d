#!/usr/bin/env bash
# Benchmarks/bench.sh: the figures of `make bench` (not a test; numbers vary by machine).
# `make bench` builds .build/release/pushsim, .build/release/pushsim-bench, the C programs
# .build/bench/hold (Benchmarks/heap/hold.c), .build/bench/study (the bare C study,
# Benchmarks/cstudy/study.c) and .build/bench/count.so (the malloc counter,
# Benchmarks/alloc/count.c) and the SimPy venv (Benchmarks/simpy/.venv) first, then runs
# this script from the repository root.
#
#   1. Kernel limit: pushsim-bench's hold loop (EventQueue) and the same loop in bare C
#      (hold.c), 2,000,000 operations at 100, 10,000 and 1,000,000 pending events; the
#      Swift rate as a fraction of the C one (target >= 0.90 at each). Both must end at the
#      same clock and payload checksum, or the script stops: the two did not do the same work.
#   2. The push-hint study in process, at BENCH_STUDY_REPLICATIONS replications (default
#      20,000: 180,000 runs): pushsim-bench's runs/s at --jobs 1 and on every core, and the
#      bare C study's own loop (`study N SEED`, its `runs_per_s`); PushSim's single-threaded
#      rate as a fraction of C's (target >= 0.40).
#      Parts 1 and 2 run REPEATS alternating rounds (pushsim-bench, hold, study) and report
#      the median of each figure.
#   3. The same study as whole processes: `pushsim run Scenarios/push-hint-study.json
#      --replications N --runs none --jobs 1` and `study N SEED` under /usr/bin/time,
#      REPEATS alternating rounds, median wall and CPU (user + system) seconds; PushSim's
#      rate as a fraction of C's (C's wall over PushSim's; informational). Every cell's
#      converged count must be the same in PushSim (pushsim-bench and summary.csv) and in
#      the C study, or the script stops: the two did different work.
#   4. SimPy (Benchmarks/simpy/pushhint.py, the venv's python or $SIMPY_PY) on the same
#      replications, a whole process like PushSim's in part 3: Benchmarks/compare_simpy.py
#      checks that the convergence rates agree (two-proportion test, alpha 0.001) and gives
#      PushSim's runs/s over SimPy's (target >= 30). BENCH_SIMPY=0 leaves it out.
#   5. Heap allocations per run of the study in steady state: `pushsim run --runs none
#      --jobs 1` at 1,000 and 3,000 replications under LD_PRELOAD=count.so; the difference
#      in allocation calls over the difference in runs (target 0: met below 0.01).
#   6. Scale: Benchmarks/scale/lossy-1m.json (1,000,000 replications x 3 strategies) under
#      /usr/bin/time -v: with runs.csv at --jobs 1 and --jobs 2 (wall on 2 cores < 30 s,
#      speed-up >= 1.9; both must write identical runs.csv and summary.csv) and with
#      --runs none --jobs 2 (wall < 10 s; same summary.csv); peak RSS <= 100 MB for each.
#      With BENCH_10M=1 (the default; it takes minutes), 10,000,000 replications with
#      --runs none --jobs 2: peak RSS <= 100 MB, wall time informational.
#   7. A long run: Benchmarks/scale/year-doze.json (one Android device for 365 days):
#      events (runs.csv `events`) per wall second, peak RSS (target <= 100 MB).
#   8. Informational: the lossy study at 100,000 replications, --jobs 1 --runs none, with
#      the generator key set to philox4x32-10 (the default), mt19937 and taus2, to show
#      what each generator's streams cost.
#   9. Sweep bookkeeping: sweeps of 1,000 and 10,000 points of 1 replication (--runs none,
#      --jobs 1): wall, ms per point, peak RSS; the ms per point at 10,000 over that at
#      1,000 (target <= 1.5: linear); a rerun of the finished 10,000-point sweep.
#      BENCH_100K=1 adds 100,000 points.
#  10. compare of sweep summaries of 60,000 and 240,000 cells (Benchmarks/compare/bench.sh):
#      wall, peak RSS, the wall at 240,000 over that at 60,000 cells (target < 6: linear).
#  11. Fleets (Benchmarks/fleet/bench.sh): a day of 100,000 recipients, median wall (< 30 s),
#      peak RSS (< 4,000 MB), events per second, bytes per recipient; BENCH_1M=1 adds
#      1,000,000 recipients (< 300 s, < 4,000 MB). Each round also runs the same day with a
#      build of BENCH_FLEET_BASE (default 48e1117, built once under .build/bench/; "none"
#      leaves it out): the median paired wall ratio and the peak ratio to it (issue 33's
#      targets: <= 0.6 and <= 0.6 at 100,000; <= 0.5 and <= 0.65 at 1,000,000), the fleet.csv
#      of both the same.
#
# Environment: BENCH_STUDY_REPLICATIONS (default 20000), BENCH_10M (default 1),
# BENCH_SIMPY (default 1), BENCH_REPEATS (default 3), BENCH_100K (default 0), BENCH_1M
# (default 0), BENCH_FLEET_BASE (default 48e1117), SIMPY_PY.
#
# Writes Results/bench/bench.csv (metric,setting,value,target,met; written to a temporary
# file and renamed into place), the runs' folders and raw outputs under Results/bench/, and
# prints the table; progress lines go to stderr. Wall times are measured around each
# process (start-up and CSV writing included) except the in-process figures of parts 1
# and 2; MB = 10^6 bytes. Exits non-zero only if something fails to run (or the two sides
# of a comparison did different work), not when a target is missed.
set -euo pipefail

cd "$(dirname "$0")/.."
PUSHSIM=.build/release/pushsim
PUSHSIM_BENCH=.build/release/pushsim-bench
HOLD=.build/bench/hold
CSTUDY=.build/bench/study
COUNT_SO=.build/bench/count.so
SIMPY_PY=${SIMPY_PY:-Benchmarks/simpy/.venv/bin/python}
TIME=/usr/bin/time
OUT=Results/bench
STUDY=Scenarios/push-hint-study.json
LOSSY=Benchmarks/scale/lossy-1m.json
OPERATIONS=2000000                      # the hold loop's operations; pushsim-bench uses the same (checked below)
PENDINGS="100 10000 1000000"            # the hold loop's heap sizes; pushsim-bench uses the same (checked below)
REPEATS=${BENCH_REPEATS:-3}             # rounds of the kernel and study figures (medians reported)
REPLICATIONS=${BENCH_STUDY_REPLICATIONS:-20000}   # the study's replications in parts 2-4
BENCH_10M=${BENCH_10M:-1}
BENCH_SIMPY=${BENCH_SIMPY:-1}
# pushsim records the commit in meta.json; with PUSHSIM_COMMIT set (the Makefile exports it)
# it does not start git, so no timed or counted process includes a git child.
PUSHSIM_COMMIT=${PUSHSIM_COMMIT:-$(git rev-parse HEAD 2>/dev/null || echo unknown)}
export PUSHSIM_COMMIT

die() { echo "bench.sh: $*" >&2; exit 1; }
say() { echo "bench.sh: $*" >&2; }
for f in "$PUSHSIM" "$PUSHSIM_BENCH" "$HOLD" "$CSTUDY" "$COUNT_SO"; do [ -e "$f" ] || die "$f is missing; run make bench"; done
[ -x "$TIME" ] || die "$TIME is missing (Debian package: time); run make bench"
if [ "$BENCH_SIMPY" = 1 ]; then [ -x "$SIMPY_PY" ] || die "$SIMPY_PY is missing; run make bench (or BENCH_SIMPY=0)"; fi
[[ "$REPLICATIONS" =~ ^[1-9][0-9]*$ ]] || die "BENCH_STUDY_REPLICATIONS must be a positive integer"
[[ "$REPEATS" =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPEATS must be a positive integer"
SEED=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["seed"])' "$STUDY")

rm -rf "${OUT:?}/kernel" "${OUT:?}/cstudy" "${OUT:?}/alloc"
mkdir -p "$OUT/kernel" "$OUT/cstudy" "$OUT/alloc"
tmp=$(mktemp "$OUT/.bench.csv.XXXXXX")
trap 'rm -f "$tmp"' EXIT
echo "metric,setting,value,target,met" > "$tmp"

# row METRIC SETTING VALUE [TARGET MET]
row() { echo "$1,$2,$3,${4:-},${5:-}" >> "$tmp"; }
# calc AWK-EXPRESSION: prints the value of a floating-point expression.
calc() { awk "BEGIN { print $1 }"; }
# met VALUE OP BOUND: yes if VALUE OP BOUND holds (OP is >=, <, ...), else no.
met() { awk -v v="$1" -v b="$3" "BEGIN { print (v + 0 $2 b + 0) ? \"yes\" : \"no\" }"; }
# field CSV METRIC SETTING: the value column of a metric,setting,value CSV (CRLF or LF).
field() {
    local v
    v=$(tr -d '\r' < "$1" | awk -F, -v m="$2" -v s="$3" '$1 == m && $2 == s { print $3 }')
    [ -n "$v" ] || die "no $2 $3 in $1"
    echo "$v"
}
# keyed FILE KEY: the second word of the line of FILE whose first word is KEY.
keyed() {
    local v
    v=$(awk -v k="$2" '$1 == k { print $2 }' "$1")
    [ -n "$v" ] || die "no $2 line in $1"
    echo "$v"
}
now() { date +%s.%N; }
# median VALUE...: the middle value (the mean of the two middle ones for an even count).
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Per-cell converged counts as sorted "variant/strategy converged replications" lines:
# c_cells STUDY-OUTPUT (the C study's `cell V S converged X of N` lines);
# summary_cells SUMMARY.csv (pushsim run); bench_cells PUSHSIM-BENCH.csv JOBS.
c_cells() { awk '$1 == "cell" { print $2 "/" $3, $5, $7 }' "$1" | sort; }
summary_cells() {
    tr -d '\r' < "$1" | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { print $c["variant"] "/" $c["strategy"], $c["converged"], $c["replications"] }' | sort
}
bench_cells() {
    tr -d '\r' < "$1" | awk -F, -v j="jobs=$2" -v n="$REPLICATIONS" '
        $1 == "study_converged" { split($2, a, " "); if (a[1] == j) print a[2], $3, n }' | sort
}
# same_cells WHAT CELLS REFERENCE-CELLS: stops unless both are the same nonempty list.
same_cells() {
    [ -n "$2" ] && [ "$2" = "$3" ] || die "$1: the per-cell converged counts differ from the C study's (the two did different work):
$(diff <(echo "$3") <(echo "$2") || true)"
}

# timed NAME COMMAND...: runs COMMAND under /usr/bin/time -v, stdout to $OUT/NAME.txt;
# sets WALL (s, measured around the process), CPU (user + system s) and RSS_MB.
timed() {
    local name=$1 t0 t1 kb user sys
    shift
    t0=$(now)
    "$TIME" -v -o "$OUT/$name.time.txt" "$@" > "$OUT/$name.txt"
    t1=$(now)
    WALL=$(calc "$t1 - $t0")
    kb=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$OUT/$name.time.txt")
    user=$(awk -F: '/User time \(seconds\)/ { gsub(/ /, "", $2); print $2 }' "$OUT/$name.time.txt")
    sys=$(awk -F: '/System time \(seconds\)/ { gsub(/ /, "", $2); print $2 }' "$OUT/$name.time.txt")
    [ -n "$kb" ] && [ -n "$user" ] && [ -n "$sys" ] || die "no peak memory or CPU time in $OUT/$name.time.txt"
    CPU=$(calc "$user + $sys")
    RSS_MB=$(calc "sprintf(\"%.1f\", $kb * 1024 / 1e6)")
}
# timed_run SCENARIO NAME JOBS [OPTION...]: `pushsim run` into $OUT/NAME, timed.
timed_run() {
    local scenario=$1 name=$2 jobs=$3
    shift 3
    rm -rf "${OUT:?}/$name"
    timed "$name" "$PUSHSIM" run "$scenario" --out "$OUT/$name" --jobs "$jobs" --quiet "$@"
}
f2() { calc "sprintf(\"%.2f\", $1)"; }
f3() { calc "sprintf(\"%.3f\", $1)"; }

runs=$((REPLICATIONS * 9))   # the study's 3 variants x 3 strategies

# --- 1, 2: kernel hold loop and the study in process (Swift, then C) -------------------
# REPEATS alternating rounds of pushsim-bench, the C hold loop and the C study; each figure
# is the median.
for i in $(seq 1 "$REPEATS"); do
    say "round $i of $REPEATS: pushsim-bench (hold at $PENDINGS pending, study at $REPLICATIONS replications)"
    "$PUSHSIM_BENCH" "$OUT/kernel/pushsim-bench-$i.csv" "$REPLICATIONS" > "$OUT/kernel/pushsim-bench-$i.txt"
    say "round $i of $REPEATS: C hold loop, C study"
    # shellcheck disable=SC2086
    "$HOLD" "$OPERATIONS" $PENDINGS > "$OUT/kernel/hold-c-$i.txt"
    "$CSTUDY" "$REPLICATIONS" "$SEED" > "$OUT/cstudy/in-process-$i.txt"
done

for pending in $PENDINGS; do
    swift_rates=() c_rates=()
    for i in $(seq 1 "$REPEATS"); do
        swift_csv="$OUT/kernel/pushsim-bench-$i.csv"
        c_rate="" c_now="" c_sum=""
        read -r _ c_rate c_now c_sum < <(awk -v p="$pending" '$1 == p' "$OUT/kernel/hold-c-$i.txt") || true
        [ -n "$c_rate" ] || die "no pending=$pending line in $OUT/kernel/hold-c-$i.txt"
        swift_now=$(field "$swift_csv" kernel_hold_final_now_us "pending=$pending")
        swift_sum=$(field "$swift_csv" kernel_hold_checksum "pending=$pending")
        [ "$swift_now" = "$c_now" ] && [ "$swift_sum" = "$c_sum" ] ||
            die "pending=$pending: the Swift and C hold loops did different work (final clock $swift_now vs $c_now us, checksum $swift_sum vs $c_sum)"
        swift_rates+=("$(field "$swift_csv" kernel_hold_events_per_s "pending=$pending")")
        c_rates+=("$c_rate")
    done
    swift_rate=$(calc "sprintf(\"%.0f\", $(median "${swift_rates[@]}"))")
    c_rate=$(calc "sprintf(\"%.0f\", $(median "${c_rates[@]}"))")
    fraction=$(f3 "$swift_rate / $c_rate")
    row kernel_hold_events_per_s "pending=$pending" "$swift_rate"
    row c_heap_hold_events_per_s "pending=$pending" "$c_rate"
    row kernel_hold_fraction_of_c "pending=$pending" "$fraction" ">= 0.90" "$(met "$fraction" ">=" 0.90)"
done

# Every round: the same replications, and the same converged count per cell as the C study.
reference=$(c_cells "$OUT/cstudy/in-process-1.txt")
[ "$(echo "$reference" | wc -l)" = 9 ] || die "expected 9 cell lines in $OUT/cstudy/in-process-1.txt"
cores=$(tr -d '\r' < "$OUT/kernel/pushsim-bench-1.csv" | awk -F, '$1 == "study_wall_s" { sub("jobs=", "", $2); print $2 }')
for i in $(seq 1 "$REPEATS"); do
    [ "$(keyed "$OUT/cstudy/in-process-$i.txt" runs)" = "$runs" ] || die "$OUT/cstudy/in-process-$i.txt: not $runs runs"
    same_cells "C study round $i" "$(c_cells "$OUT/cstudy/in-process-$i.txt")" "$reference"
    for jobs in $cores; do
        [ "$(field "$OUT/kernel/pushsim-bench-$i.csv" study_replications "jobs=$jobs")" = "$REPLICATIONS" ] ||
            die "$OUT/kernel/pushsim-bench-$i.csv: not $REPLICATIONS replications"
        same_cells "pushsim-bench round $i jobs=$jobs" "$(bench_cells "$OUT/kernel/pushsim-bench-$i.csv" "$jobs")" "$reference"
    done
done

for jobs in $cores; do
    for metric in study_wall_s study_runs_per_s; do
        values=()
        for i in $(seq 1 "$REPEATS"); do values+=("$(field "$OUT/kernel/pushsim-bench-$i.csv" "$metric" "jobs=$jobs")"); done
        row "$metric" "push-hint-study reps=$REPLICATIONS jobs=$jobs" "$(median "${values[@]}")"
    done
done
c_values=() swift_values=()
for i in $(seq 1 "$REPEATS"); do
    c_values+=("$(keyed "$OUT/cstudy/in-process-$i.txt" runs_per_s)")
    swift_values+=("$(field "$OUT/kernel/pushsim-bench-$i.csv" study_runs_per_s "jobs=1")")
done
c_rate=$(calc "sprintf(\"%.0f\", $(median "${c_values[@]}"))")
swift_rate=$(calc "sprintf(\"%.0f\", $(median "${swift_values[@]}"))")
fraction=$(f3 "$swift_rate / $c_rate")
row cstudy_runs_per_s "push-hint-study reps=$REPLICATIONS in process" "$c_rate"
row study_fraction_of_c "push-hint-study reps=$REPLICATIONS jobs=1 in process" "$fraction" ">= 0.40" "$(met "$fraction" ">=" 0.40)"

# --- 3: the study as whole processes (PushSim, then C) ---------------------------------
ps_walls=() ps_cpus=() c_walls=() c_cpus=()
for i in $(seq 1 "$REPEATS"); do
    say "round $i of $REPEATS: pushsim run and the C study as processes ($REPLICATIONS replications)"
    timed_run "$STUDY" study-process 1 --replications "$REPLICATIONS" --runs none
    ps_walls+=("$WALL") ps_cpus+=("$CPU")
    same_cells "pushsim run round $i ($OUT/study-process/summary.csv)" "$(summary_cells "$OUT/study-process/summary.csv")" "$reference"
    timed "cstudy/process-$i" "$CSTUDY" "$REPLICATIONS" "$SEED"
    c_walls+=("$WALL") c_cpus+=("$CPU")
    same_cells "C study process round $i" "$(c_cells "$OUT/cstudy/process-$i.txt")" "$reference"
done
ps_wall=$(median "${ps_walls[@]}")
c_wall=$(median "${c_walls[@]}")
row study_process_wall_s "pushsim run reps=$REPLICATIONS jobs=1 runs=none" "$(f3 "$ps_wall")"
row study_process_cpu_s "pushsim run reps=$REPLICATIONS jobs=1 runs=none" "$(f3 "$(median "${ps_cpus[@]}")")"
row cstudy_process_wall_s "study reps=$REPLICATIONS" "$(f3 "$c_wall")"
row cstudy_process_cpu_s "study reps=$REPLICATIONS" "$(f3 "$(median "${c_cpus[@]}")")"
row study_process_fraction_of_c "push-hint-study reps=$REPLICATIONS process wall" "$(f3 "$c_wall / $ps_wall")"
# Only reached when every comparison above matched.
row study_same_counts_as_c "push-hint-study reps=$REPLICATIONS seed=$SEED" yes yes yes

# --- 4: SimPy on the same replications (whole processes) -------------------------------
if [ "$BENCH_SIMPY" = 1 ]; then
    say "SimPy peer ($REPLICATIONS replications, $runs runs)"
    timed simpy "$SIMPY_PY" Benchmarks/simpy/pushhint.py --scenario "$STUDY" --replications "$REPLICATIONS" --seed "$SEED" --out "$OUT/simpy.csv"
    simpy_wall=$WALL
    status=0
    "$SIMPY_PY" Benchmarks/compare_simpy.py "$OUT/study-process/summary.csv" "$OUT/simpy.csv" \
        --pushsim-wall-s "$ps_wall" --simpy-wall-s "$simpy_wall" > "$OUT/simpy-compare.txt" || status=$?
    [ "$status" -le 1 ] || die "Benchmarks/compare_simpy.py failed (exit $status; $OUT/simpy-compare.txt)"
    cat "$OUT/simpy-compare.txt" >&2
    ratio=$(awk '/^ratio PushSim\/SimPy:/ { sub("x", "", $3); print $3 }' "$OUT/simpy-compare.txt")
    [ -n "$ratio" ] || die "no ratio line in $OUT/simpy-compare.txt"
    agree=$([ "$status" = 0 ] && echo yes || echo no)
    row simpy_wall_s "pushhint.py reps=$REPLICATIONS" "$(f3 "$simpy_wall")"
    row simpy_ratio "runs/s PushSim/SimPy reps=$REPLICATIONS" "$ratio" ">= 30" "$(met "$ratio" ">=" 30)"
    row simpy_rates_agree "push-hint-study reps=$REPLICATIONS alpha=0.001" "$agree" yes "$agree"
fi

# --- 5: heap allocations per run in steady state ---------------------------------------
# allocations REPS: the allocation calls of `pushsim run` at REPS replications (the largest
# count in the file, in case a child process appended its own line).
allocations() {
    local file="$OUT/alloc/count-$1.txt" n
    rm -f "$file"
    rm -rf "${OUT:?}/alloc/run-$1"
    PUSHSIM_ALLOC_COUNT="$file" LD_PRELOAD="$COUNT_SO" "$PUSHSIM" run "$STUDY" --replications "$1" --runs none --jobs 1 --quiet \
        --out "$OUT/alloc/run-$1" > "$OUT/alloc/run-$1.txt"
    n=$(awk '$1 == "allocations" && $2 > m { m = $2 } END { print m }' "$file" 2>/dev/null)
    [ -n "$n" ] || die "no allocation count in $file (is $COUNT_SO loaded?)"
    echo "$n"
}
say "allocations per run (1,000 and 3,000 replications under $COUNT_SO)"
a1=$(allocations 1000)
a2=$(allocations 3000)
# The difference is the runs' own allocations; start-up's count varies by a few dozen
# between processes (Foundation, Dispatch), so with none per run it may come out below 0.
row allocs_process "push-hint-study jobs=1 runs=none reps=1000" "$a1"
row allocs_process "push-hint-study jobs=1 runs=none reps=3000" "$a2"
per_run=$(calc "sprintf(\"%.4f\", ($a2 - $a1) / ((3000 - 1000) * 9))")
row allocs_per_run "push-hint-study jobs=1 runs=none steady state" "$per_run" "0" "$(met "$per_run" "<" 0.01)"

# --- 6: scale, whole runs under /usr/bin/time -v ---------------------------------------
say "lossy-1m (3,000,000 runs) with runs.csv at --jobs 1"
timed_run "$LOSSY" lossy-1m-jobs1 1
wall1=$WALL rss1=$RSS_MB
say "lossy-1m with runs.csv at --jobs 2"
timed_run "$LOSSY" lossy-1m-jobs2 2
wall2=$WALL rss2=$RSS_MB
say "lossy-1m with --runs none at --jobs 2"
timed_run "$LOSSY" lossy-1m-none-jobs2 2 --runs none
wall3=$WALL rss3=$RSS_MB
speedup=$(f2 "$wall1 / $wall2")
wall1=$(f2 "$wall1") wall2=$(f2 "$wall2") wall3=$(f2 "$wall3")
same=yes
for f in runs.csv summary.csv; do
    cmp -s "$OUT/lossy-1m-jobs1/$f" "$OUT/lossy-1m-jobs2/$f" || same=no
done
cmp -s "$OUT/lossy-1m-jobs1/summary.csv" "$OUT/lossy-1m-none-jobs2/summary.csv" || same=no
row scale_wall_s "lossy-1m jobs=1" "$wall1"
row scale_wall_s "lossy-1m jobs=2" "$wall2" "< 30" "$(met "$wall2" "<" 30)"
row scale_wall_s "lossy-1m jobs=2 runs=none" "$wall3" "< 10" "$(met "$wall3" "<" 10)"
row scale_speedup "lossy-1m jobs=2 vs jobs=1" "$speedup" ">= 1.9" "$(met "$speedup" ">=" 1.9)"
row scale_peak_rss_mb "lossy-1m jobs=1" "$rss1" "<= 100" "$(met "$rss1" "<=" 100)"
row scale_peak_rss_mb "lossy-1m jobs=2" "$rss2" "<= 100" "$(met "$rss2" "<=" 100)"
row scale_peak_rss_mb "lossy-1m jobs=2 runs=none" "$rss3" "<= 100" "$(met "$rss3" "<=" 100)"
row scale_same_output "lossy-1m jobs=1 vs jobs=2 vs runs=none" "$same" "yes" "$same"

if [ "$BENCH_10M" = 1 ]; then
    say "lossy-10m (30,000,000 runs) with --runs none at --jobs 2 (minutes; BENCH_10M=0 skips it)"
    timed_run "$LOSSY" lossy-10m-none-jobs2 2 --replications 10000000 --runs none
    row scale_wall_s "lossy-10m jobs=2 runs=none" "$(f2 "$WALL")"
    row scale_peak_rss_mb "lossy-10m jobs=2 runs=none" "$RSS_MB" "<= 100" "$(met "$RSS_MB" "<=" 100)"
fi

# --- 7: a long run ---------------------------------------------------------------------
say "year-doze (one device, 365 days)"
timed_run Benchmarks/scale/year-doze.json year-doze 1
events=$(tr -d '\r' < "$OUT/year-doze/runs.csv" | awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) if ($i == "events") c = i; next }
    NR == 2 && c { print $c }')
[ -n "$events" ] || die "no events column in $OUT/year-doze/runs.csv"
row year_events "year-doze 365d" "$events"
row year_wall_s "year-doze 365d" "$(f3 "$WALL")"
row year_events_per_s "year-doze 365d" "$(calc "sprintf(\"%.0f\", $events / $WALL)")"
row year_peak_rss_mb "year-doze 365d" "$RSS_MB" "<= 100" "$(met "$RSS_MB" "<=" 100)"

# --- 8: what the generator costs (informational, no target) -----------------------------
# The lossy study at 100,000 replications (300,000 runs), --jobs 1, no per-run rows, with
# the generator key inserted after "seed": philox4x32-10 (the default: keyed streams,
# nothing seeded), mt19937 (a 5 KB state set and twisted per stream) and taus2 (cheap to seed).
for gen in philox4x32-10 mt19937 taus2; do
    say "lossy-100k with $gen"
    python3 - "$LOSSY" "$OUT/lossy-100k-$gen.json" "$gen" <<'EOF'
import json, sys
source, target, generator = sys.argv[1:]
with open(source) as f:
    scenario = json.load(f)
scenario["replications"] = 100000
out = {}
for key, value in scenario.items():
    if key != "generator":
        out[key] = value
    if key == "seed":
        out["generator"] = generator
if out.get("generator") != generator:
    sys.exit(f"{source}: no seed key to put the generator after")
with open(target, "w") as f:
    json.dump(out, f, indent=2)
    f.write("\n")
EOF
    timed_run "$OUT/lossy-100k-$gen.json" "lossy-100k-$gen" 1 --runs none
    row generator_wall_s "lossy-100k jobs=1 runs=none $gen" "$(f2 "$WALL")"
done

# --- 9: sweep bookkeeping (Benchmarks/sweep/bench.sh, sourced: it uses timed, row, calc) --
. Benchmarks/sweep/bench.sh

# --- 10: compare of large summaries (Benchmarks/compare/bench.sh) ----------------------
say "compare of 60,000 and 240,000 cells"
Benchmarks/compare/bench.sh "$PUSHSIM" "$OUT/compare" >> "$tmp"

# --- 11: fleets (Benchmarks/fleet/bench.sh, sourced: it uses timed, row, calc) ----------
. Benchmarks/fleet/bench.sh

chmod 644 "$tmp"
mv "$tmp" "$OUT/bench.csv"
trap - EXIT

# --- table -----------------------------------------------------------------------------
awk -F, '
    NR == 1 { printf "%-28s %-48s %12s  %-8s %s\n", "metric", "setting", "value", "target", "met"
              printf "%-28s %-48s %12s  %-8s %s\n", "------", "-------", "-----", "------", "---"; next }
    { printf "%-28s %-48s %12s  %-8s %s\n", $1, $2, $3, $4, $5 }' "$OUT/bench.csv"
echo "wrote $OUT/bench.csv"
