#!/usr/bin/env bash
# Benchmarks/bench.sh: the figures of `make bench` (not a test; numbers vary by machine).
# `make bench` builds .build/release/pushsim, .build/release/pushsim-bench and
# .build/bench/hold first, then runs this script from the repository root.
#
#   1. Kernel limit: pushsim-bench's hold loop (EventQueue) and the same loop in bare C
#      (Benchmarks/heap/hold.c), both at 100 and 10,000 pending events; the Swift rate as a
#      fraction of the C one (target >= 0.70). Both must end at the same clock and payload
#      checksum, or the script stops: the two sides did not do the same work.
#   2. The push-hint study's runs/s at --jobs 1 and on every core (pushsim-bench).
#      Parts 1 and 2 run REPEATS alternating rounds of pushsim-bench and the C loop and
#      report the median of each figure.
#   3. Scale: Benchmarks/scale/lossy-1m.json (1,000,000 replications x 3 strategies) with
#      --jobs 1 and --jobs 2 under /usr/bin/time -v: wall time, speed-up (target >= 1.8),
#      wall time on 2 cores (target < 30 s), peak RSS (target < 100 MB); both runs must
#      write identical runs.csv and summary.csv.
#   4. A long run: Benchmarks/scale/year-doze.json (one Android device for 365 days):
#      events (runs.csv `events`) per wall second, peak RSS (target < 100 MB).
#   5. Informational: the lossy study at 100,000 replications with --jobs 1 under the
#      default generator (mt19937) and under taus2, to show what stream seeding costs.
#
# Writes Results/bench/bench.csv (metric,setting,value,target,met; written to a temporary
# file and renamed into place), the runs' folders and raw outputs under Results/bench/, and
# prints the table. Wall times are measured around each process (start-up and CSV writing
# included); MB = 10^6 bytes. Exits non-zero only if something fails to run, not when a
# target is missed.
set -euo pipefail

cd "$(dirname "$0")/.."
PUSHSIM=.build/release/pushsim
PUSHSIM_BENCH=.build/release/pushsim-bench
HOLD=.build/bench/hold
TIME=/usr/bin/time
OUT=Results/bench
OPERATIONS=2000000   # the hold loop's operations; pushsim-bench uses the same (checked below)
REPEATS=3            # rounds of the kernel and study figures (medians reported)

die() { echo "bench.sh: $*" >&2; exit 1; }
for f in "$PUSHSIM" "$PUSHSIM_BENCH" "$HOLD"; do [ -x "$f" ] || die "$f is missing; run make bench"; done
[ -x "$TIME" ] || die "$TIME is missing (Debian package: time); run make bench"

rm -rf "${OUT:?}/kernel"
mkdir -p "$OUT/kernel"
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
now() { date +%s.%N; }

# --- 1, 2: kernel hold loop (Swift, then C) and the study's runs/s ---------------------
# REPEATS alternating rounds of pushsim-bench and the C loop; each figure is the median.
for i in $(seq 1 "$REPEATS"); do
    "$PUSHSIM_BENCH" "$OUT/kernel/pushsim-bench-$i.csv" > "$OUT/kernel/pushsim-bench-$i.txt"
    "$HOLD" "$OPERATIONS" 100 10000 > "$OUT/kernel/hold-c-$i.txt"
done
# median VALUE...: the middle value (the mean of the two middle ones for an even count).
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for pending in 100 10000; do
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
    fraction=$(calc "sprintf(\"%.3f\", $swift_rate / $c_rate)")
    row kernel_hold_events_per_s "pending=$pending" "$swift_rate"
    row c_heap_hold_events_per_s "pending=$pending" "$c_rate"
    row kernel_hold_fraction_of_c "pending=$pending" "$fraction" ">= 0.70" "$(met "$fraction" ">=" 0.70)"
done

cores=$(tr -d '\r' < "$OUT/kernel/pushsim-bench-1.csv" | awk -F, '$1 == "study_wall_s" { sub("jobs=", "", $2); print $2 }')
for jobs in $cores; do
    for metric in study_wall_s study_runs_per_s; do
        values=()
        for i in $(seq 1 "$REPEATS"); do values+=("$(field "$OUT/kernel/pushsim-bench-$i.csv" "$metric" "jobs=$jobs")"); done
        row "$metric" "push-hint-study jobs=$jobs" "$(median "${values[@]}")"
    done
done

# --- 3, 4: whole runs under /usr/bin/time -v -------------------------------------------
# timed SCENARIO NAME JOBS: runs pushsim into $OUT/NAME; sets WALL (s) and RSS_MB.
timed() {
    local scenario=$1 name=$2 jobs=$3 t0 t1 kb
    rm -rf "${OUT:?}/$name"
    t0=$(now)
    "$TIME" -v -o "$OUT/$name.time.txt" "$PUSHSIM" run "$scenario" --out "$OUT/$name" --jobs "$jobs" --quiet > "$OUT/$name.txt"
    t1=$(now)
    WALL=$(calc "$t1 - $t0")
    kb=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$OUT/$name.time.txt")
    [ -n "$kb" ] || die "no peak memory in $OUT/$name.time.txt"
    RSS_MB=$(calc "sprintf(\"%.1f\", $kb * 1024 / 1e6)")
}

timed Benchmarks/scale/lossy-1m.json lossy-1m-jobs1 1
wall1=$WALL rss1=$RSS_MB
timed Benchmarks/scale/lossy-1m.json lossy-1m-jobs2 2
wall2=$WALL rss2=$RSS_MB
speedup=$(calc "sprintf(\"%.2f\", $wall1 / $wall2)")
wall1=$(calc "sprintf(\"%.2f\", $wall1)")
wall2=$(calc "sprintf(\"%.2f\", $wall2)")
same=yes
for f in runs.csv summary.csv; do
    cmp -s "$OUT/lossy-1m-jobs1/$f" "$OUT/lossy-1m-jobs2/$f" || same=no
done
row scale_wall_s "lossy-1m jobs=1" "$wall1"
row scale_wall_s "lossy-1m jobs=2" "$wall2" "< 30" "$(met "$wall2" "<" 30)"
row scale_speedup "lossy-1m jobs=2 vs jobs=1" "$speedup" ">= 1.8" "$(met "$speedup" ">=" 1.8)"
row scale_peak_rss_mb "lossy-1m jobs=1" "$rss1" "< 100" "$(met "$rss1" "<" 100)"
row scale_peak_rss_mb "lossy-1m jobs=2" "$rss2" "< 100" "$(met "$rss2" "<" 100)"
row scale_same_output "lossy-1m jobs=1 vs jobs=2" "$same" "yes" "$same"

timed Benchmarks/scale/year-doze.json year-doze 1
events=$(tr -d '\r' < "$OUT/year-doze/runs.csv" | awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) if ($i == "events") c = i; next }
    NR == 2 && c { print $c }')
[ -n "$events" ] || die "no events column in $OUT/year-doze/runs.csv"
row year_events "year-doze 365d" "$events"
row year_wall_s "year-doze 365d" "$(calc "sprintf(\"%.3f\", $WALL)")"
row year_events_per_s "year-doze 365d" "$(calc "sprintf(\"%.0f\", $events / $WALL)")"
row year_peak_rss_mb "year-doze 365d" "$RSS_MB" "< 100" "$(met "$RSS_MB" "<" 100)"

# --- 5: what the generator costs (informational, no target) -----------------------------
# The lossy study at 100,000 replications (300,000 runs), --jobs 1, with the default
# mt19937 and with taus2 (cheap to seed: no 5 KB state to set and twist per stream).
for gen in mt19937 taus2; do
    sed -e 's/"replications": 1000000/"replications": 100000/' -e "s/\"generator\": \"mt19937\"/\"generator\": \"$gen\"/" \
        Benchmarks/scale/lossy-1m.json > "$OUT/lossy-100k-$gen.json"
    grep -q "\"generator\": \"$gen\"" "$OUT/lossy-100k-$gen.json" || die "could not set the generator to $gen"
    timed "$OUT/lossy-100k-$gen.json" "lossy-100k-$gen" 1
    row generator_wall_s "lossy-100k jobs=1 $gen" "$(calc "sprintf(\"%.2f\", $WALL)")"
done

chmod 644 "$tmp"
mv "$tmp" "$OUT/bench.csv"
trap - EXIT

# --- table -----------------------------------------------------------------------------
awk -F, '
    NR == 1 { printf "%-27s %-27s %12s  %-8s %s\n", "metric", "setting", "value", "target", "met"
              printf "%-27s %-27s %12s  %-8s %s\n", "------", "-------", "-----", "------", "---"; next }
    { printf "%-27s %-27s %12s  %-8s %s\n", $1, $2, $3, $4, $5 }' "$OUT/bench.csv"
echo "wrote $OUT/bench.csv"
