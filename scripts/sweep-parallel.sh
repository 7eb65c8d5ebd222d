#!/usr/bin/env bash
# Fan a sweep out over N shards with GNU parallel, locally or over SSH, merge, replot.
#
#   scripts/sweep-parallel.sh --shards 4 Scenarios/sweeps/loss-rate.json [-- --replications 200]
#   scripts/sweep-parallel.sh --shards 16 --sshlogin host1,host2 Scenarios/sweeps/loss-rate.json
#
# Every shard writes OUT/shard-K/ (--out OUT, default Results/<name>, relative to the
# checkout); the merge then assembles OUT/ with exactly the bytes one machine writes,
# names any shard still missing; pushsim merge draws the plots when gnuplot is installed. Options
# after -- go to `pushsim sweep`; RUNS=gzip|none in the environment sets --runs. A rerun
# keeps finished points. Over --sshlogin each host needs this checkout at the same path
# with `make build` done; shard folders come back with --return. PUSHSIM=/path/to/pushsim
# picks another binary.
set -euo pipefail
script="sweep-parallel.sh"
home=$(cd "$(dirname "$0")/.." && pwd -P)
usage() { sed -n '4,5p' "$home/scripts/sweep-parallel.sh" | sed 's/^#  *//'; }
. "$home/scripts/sweep-common.sh"
rerun_hint() {
  echo "  (cd $(sweep_quote "$home") && scripts/sweep-parallel.sh $(sweep_quote --shards "$shards" --out "$out")${sshlogin:+ --sshlogin $(sweep_quote "$sshlogin")} $(sweep_quote "$sweep")${forward[*]:+ -- $(sweep_quote "${forward[@]}")})   # shard(s) $*"
}
sweep_parse "$@"
[ "$merge" = 0 ] || sweep_die "--merge is for sweep-slurm.sbatch (this script merges by itself)"
command -v parallel >/dev/null 2>&1 && parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
  sweep_die "GNU parallel is not installed (Debian/Ubuntu: apt-get install parallel; moreutils' parallel is another program)"
sweep_resolve
mkdir -p "$out"
ssh_args=()
[ -z "$sshlogin" ] || ssh_args=(--sshlogin "$sshlogin" --workdir "$home" --return "$out/shard-{}" --cleanup)
status=0
seq 1 "$shards" | parallel --will-cite --quote "${ssh_args[@]}" \
  "$bin" sweep "$sweep" --out "$out/shard-{}" --shard "{}/$shards" --jobs 1 ${RUNS:+--runs "$RUNS"} --quiet "${forward[@]}" ||
  status=1
sweep_merge || exit $?
exit "$status"
