#!/usr/bin/env bash
# Benchmarks/fleet/baseline.sh COMMIT: builds `pushsim` (release) as it was at COMMIT, once,
# and prints the binary's path. The source is taken with `git archive` (no worktree is
# registered) into .build/bench/base-COMMIT/ and built there; a later call finds the built
# binary and only prints its path. Progress and the build's output go to stderr.
# The compiler is $SWIFT (`make bench` passes the Makefile's), else `swift` on PATH, else
# /opt/swift/usr/bin/swift: the same as this build's, so the two are compiled alike.
# Exit 1 when COMMIT is not in this clone's history (a shallow clone: `git fetch --unshallow`)
# or its build fails.
set -euo pipefail
commit=${1:?usage: Benchmarks/fleet/baseline.sh COMMIT}
full=$(git rev-parse --verify --quiet "$commit^{commit}") \
    || { echo "baseline.sh: $commit is not in this clone's history (a shallow clone? git fetch --unshallow)" >&2; exit 1; }
dir=$PWD/.build/bench/base-$commit
bin=$dir/.build/release/pushsim
if [ ! -x "$bin" ] || [ "$(cat "$dir/.commit" 2>/dev/null)" != "$full" ]; then
    echo "baseline.sh: building pushsim at $commit in $dir (once; a few minutes)" >&2
    rm -rf "$dir"
    mkdir -p "$dir"
    git archive "$full" | tar -x -C "$dir"
    swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
    (cd "$dir" && "$swift" build -c release --product pushsim) >&2
    echo "$full" > "$dir/.commit"
fi
echo "$bin"
