#!/usr/bin/env bash
# Fan a sweep out over N shards with GNU parallel, locally or over SSH, then merge.
#
#   scripts/sweep-parallel.sh SWEEP.json N [--sshlogin host1,host2,...]
#   RUNS=gzip scripts/sweep-parallel.sh ...    # per-run rows as runs.csv.gz (csv, gzip, none)
#
# Every shard writes Results/<name>/shard-K/; `pushsim merge` then assembles
# Results/<name>/ with exactly the bytes a single-machine run writes. Over --sshlogin,
# each host needs this checkout at the same path with `make build` done, and the shard
# folders are fetched back with --return (GNU parallel's transfer options).
set -euo pipefail
sweep=${1:?usage: scripts/sweep-parallel.sh SWEEP.json N [--sshlogin HOSTS]}
shards=${2:?number of shards}
shift 2
name=$(basename "$sweep" .json)
out="Results/$name"
bin=".build/release/pushsim"
[ -x "$bin" ] || make build
mkdir -p "$out"
ssh_args=()
if [ "${1:-}" = "--sshlogin" ]; then
  ssh_args=(--sshlogin "${2:?hosts}" --workdir "$PWD" --return "$out/shard-{}" --cleanup)
fi
seq 1 "$shards" | parallel --halt now,fail=1 "${ssh_args[@]}" \
  "$bin" sweep "$sweep" --out "$out/shard-{}" --shard "{}/$shards" --jobs 1 --runs "${RUNS:-csv}" --quiet
"$bin" merge "$out"/shard-* --out "$out"
