# Shared by scripts/sweep-slurm.sbatch and scripts/sweep-parallel.sh (sourced, not run):
# arguments, the binary, one shard, and the merge that names what is missing.
# The caller sets `home` (the checkout), `script` (its name for messages) and defines
# `rerun_hint SHARD...` (prints how to recompute those shards).

sweep_die() { echo "$script: $*" >&2; exit 2; }

# Parses [--shards N] [--out DIR] [--merge] [--sshlogin HOSTS] SWEEP.json [-- OPTIONS...].
# Sets shards, sweep, out, merge, sshlogin and forward (the options for `pushsim sweep`).
sweep_parse() {
  shards=${SHARDS:-} out="" sweep="" merge=0 sshlogin="" forward=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --shards|--out|--sshlogin) [ $# -ge 2 ] || sweep_die "$1 needs a value"
        case "$1" in --shards) shards=$2 ;; --out) out=$2 ;; --sshlogin) sshlogin=$2 ;; esac
        shift 2 ;;
      --merge) merge=1; shift ;;
      -h|--help) usage; exit 0 ;;
      --) shift; forward=("$@"); break ;;
      -*) sweep_die "unknown option $1 (options for pushsim sweep go after --, e.g. -- --replications 200)" ;;
      *) [ -z "$sweep" ] || sweep_die "unexpected argument $1 (one SWEEP.json; the shard count is --shards N; options for pushsim sweep go after --)"
         sweep=$1; shift ;;
    esac
  done
  [ -n "$sweep" ] || { usage >&2; exit 2; }
  [[ "$shards" =~ ^[1-9][0-9]*$ ]] || sweep_die "the shard count is required: --shards N or SHARDS=N, N ≥ 1 (got \"$shards\")"
  local a
  for a in "${forward[@]}"; do
    case "$a" in --out|--shard) sweep_die "$a is set by this script (give --out DIR before the --; the shard comes from the task)" ;; esac
  done
}

# Finds the binary and the sweep file (relative: to the current folder, else to the
# checkout) and moves to the checkout, where a relative --out is taken (default
# Results/<name>). A sweep inside the checkout is named relative to it, as `make sweep`
# names it, since meta.json records the name.
sweep_resolve() {
  bin=${PUSHSIM:-$home/.build/release/pushsim}
  case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
  [ -x "$bin" ] || sweep_die "no pushsim binary at $bin: run \`make build\` in $home (or set PUSHSIM=/path/to/pushsim)"
  case "$sweep" in
    /*) ;;
    *) if [ -f "$sweep" ]; then sweep="$PWD/$sweep"; elif [ -f "$home/$sweep" ]; then sweep="$home/$sweep"; fi ;;
  esac
  [ -f "$sweep" ] || sweep_die "no sweep file $sweep (looked in $PWD and in $home)"
  sweep="$(cd "$(dirname "$sweep")" && pwd -P)/$(basename "$sweep")"
  case "$sweep" in "$home"/*) sweep=${sweep#"$home"/} ;; esac
  name=$(basename "$sweep" .json)
  out=${out:-Results/$name}
  out=${out%/}
  cd "$home" || exit 2
}

# Runs shard K of N into $out/shard-K (finished points are kept: a rerun resumes).
sweep_shard() {
  local k=$1
  echo "$script: shard $k/$shards of $sweep → $out/shard-$k"
  "$bin" sweep "$sweep" --out "$out/shard-$k" --shard "$k/$shards" --jobs "${jobs:-1}" \
    ${RUNS:+--runs "$RUNS"} --quiet "${forward[@]}"
}

# The plan fingerprint a results folder holds ("" when it holds none).
sweep_plan() { sed -n 's/^ *"fingerprint" *: *"\([0-9a-f]*\)".*/\1/p' "$1/points/plan.json" 2>/dev/null | head -n 1; }

# Merges shards 1…N into $out; reports missing shards (with rerun_hint) and stale folders.
# Exit status: 0 complete, 1 shards missing, 2 a folder holds another plan.
sweep_merge() {
  local k newest="" current="" dirs=() stale=() missing=() i count f
  for k in $(seq 1 "$shards"); do
    f="$out/shard-$k/points/plan.json"
    [ -f "$f" ] && { [ -z "$newest" ] || [ "$f" -nt "$newest" ]; } && newest=$f
  done
  [ -n "$newest" ] || { echo "$script: no shard of $out has started; run the shards first:"; rerun_hint $(seq 1 "$shards"); return 1; }
  current=$(sweep_plan "$(dirname "$(dirname "$newest")")")
  if [ -f "$out/points/plan.json" ] && [ "$(sweep_plan "$out")" != "$current" ]; then
    echo "$script: $out/ holds the merge of another plan (the sweep, its base or the options changed since);"
    echo "  the newest shard ($newest) holds the current one. Remove the old merge, then merge again"
    echo "  (shards keep their finished points):"
    echo "    rm -r $(sweep_abs "$out")/points   (or remove $(sweep_abs "$out")/ and run the whole sweep again, or use a fresh --out DIR)"
    return 2
  fi
  for k in $(seq 1 "$shards"); do
    [ -f "$out/shard-$k/points/plan.json" ] || continue
    if [ "$(sweep_plan "$out/shard-$k")" = "$current" ]; then dirs+=("$out/shard-$k"); else stale+=("$k"); fi
  done
  [ ${#stale[@]} -eq 0 ] || echo "$script: shard folder(s) ${stale[*]} hold another plan (left out; rerunning a shard starts its folder over)"
  local status=0
  "$bin" merge "${dirs[@]}" --out "$out" || status=$?
  [ "$status" -le 1 ] || return 2
  count=$(sed -n 's/^ *"pointCount" *: *\([0-9]*\).*/\1/p' "$out/points/plan.json" | head -n 1)
  for k in $(seq 1 "$shards"); do
    for ((i = k - 1; i < count; i += shards)); do
      [ -f "$out/points/$(printf 'p%06d.paired.csv' "$i")" ] || { missing+=("$k"); break; }
    done
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "$script: $out/ misses points of shard(s) ${missing[*]} of $shards; recompute them (finished points are kept), then merge again:"
    rerun_hint "${missing[@]}"
    return 1
  fi
  # pushsim merge has drawn the plots already when gnuplot is installed.
  return 0
}

# A path in the checkout, absolute.
sweep_abs() { case "$1" in /*) echo "$1" ;; *) echo "$home/$1" ;; esac; }

# One command line, quoted for the shell.
sweep_quote() { printf '%q ' "$@" | sed 's/ $//'; }
