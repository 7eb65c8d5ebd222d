#!/usr/bin/env python3
"""Mutation testing of PushSim's model: `make mutate`.

Each entry of scripts/mutations.json breaks one documented rule (or a client strategy, a
sender policy, a statistic) with one small source edit. Every mutation is applied alone to
a copy of the tree (the working tree is never touched), the package and its tests are
built, and the tests named by the entry's `tests` filter are run: a failing run kills the
mutant. A mutant that survives its filter is run again against the whole suite before it
is reported as a survivor. A mutant that does not compile is an error of the list.

Writes Results/mutate/mutations.csv (id, target, kind, file, result, seconds, what) and
prints a Markdown table of the results; exits 1 if any mutant survived, 2 if the list is
wrong (a `find` text missing or not unique, a mutant that does not compile).

Usage: scripts/mutate.py [--only ID[,ID...]] [--list scripts/mutations.json]
                         [--work DIR] [--out Results/mutate]
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = os.environ.get("SWIFT") or shutil.which("swift") or "/opt/swift/usr/bin/swift"


def progress(text):
    """A progress line on a terminal (stderr); nothing in CI or when piped."""
    if sys.stderr.isatty() and not os.environ.get("CI"):
        sys.stderr.write("\r\033[K" + text)
        sys.stderr.flush()


def fail(text, status=2):
    sys.stderr.write(f"mutate: {text}\n")
    sys.exit(status)


def load(path):
    try:
        with open(path) as f:
            entries = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        fail(f"{path}: {e}")
    ids = set()
    for i, m in enumerate(entries):
        for key in ("id", "target", "kind", "what", "file", "find", "replace", "tests"):
            if not isinstance(m.get(key), str) or (not m[key] and key != "replace"):
                fail(f"{path}: [{i}].{key}: a {'string' if key == 'replace' else 'non-empty string'} is required")
        if m["id"] in ids:
            fail(f"{path}: [{i}].id: {m['id']} appears twice")
        ids.add(m["id"])
        if m["find"] == m["replace"]:
            fail(f"{path}: [{i}] ({m['id']}): find and replace are the same")
        source = os.path.join(ROOT, m["file"])
        try:
            text = open(source).read()
        except OSError as e:
            fail(f"{path}: [{i}].file: {e}")
        n = text.count(m["find"])
        if n != 1:
            fail(f"{path}: [{i}].find ({m['id']}): found {n} times in {m['file']}, must be exactly once")
    return entries


def copy_tree(work):
    """The tracked files as they are now in the working tree (uncommitted edits included)."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, check=True, capture_output=True).stdout.split(b"\0")
    for name in filter(None, files):
        rel = name.decode()
        src = os.path.join(ROOT, rel)
        if not os.path.isfile(src):
            continue
        dst = os.path.join(work, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)


def run(cmd, cwd, log):
    with open(log, "ab") as out:
        return subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT).returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", default=os.path.join(ROOT, "scripts/mutations.json"))
    ap.add_argument("--only", default="", help="comma-separated mutation ids")
    ap.add_argument("--work", default="", help="the copy to build in (default: a new temporary folder)")
    ap.add_argument("--out", default=os.path.join(ROOT, "Results/mutate"))
    args = ap.parse_args()

    entries = load(args.list)
    if args.only:
        wanted = set(args.only.split(","))
        unknown = wanted - {m["id"] for m in entries}
        if unknown:
            fail(f"--only: no mutation named {', '.join(sorted(unknown))}")
        entries = [m for m in entries if m["id"] in wanted]

    work = args.work or tempfile.mkdtemp(prefix="pushsim-mutate-")
    os.makedirs(work, exist_ok=True)
    copy_tree(work)
    log = os.path.join(work, "mutate.log")
    progress("building the unmutated copy …")
    if run([SWIFT, "build", "--build-tests"], work, log) != 0:
        fail(f"the unmutated tree does not build (log: {log})")

    results = []
    for n, m in enumerate(entries, 1):
        path = os.path.join(work, m["file"])
        original = open(path).read()
        started = time.time()
        try:
            with open(path, "w") as f:
                f.write(original.replace(m["find"], m["replace"], 1))
            progress(f"[{n}/{len(entries)}] {m['id']}: building")
            with open(log, "a") as f:
                f.write(f"\n=== {m['id']} ===\n")
            if run([SWIFT, "build", "--build-tests"], work, log) != 0:
                fail(f"mutant {m['id']} does not compile (log: {log})")
            progress(f"[{n}/{len(entries)}] {m['id']}: testing {m['tests']}")
            result = "killed" if run([SWIFT, "test", "--skip-build", "--filter", m["tests"]], work, log) != 0 else None
            if result is None:
                progress(f"[{n}/{len(entries)}] {m['id']}: survived its filter, running the whole suite")
                result = "killed (whole suite)" if run([SWIFT, "test", "--skip-build"], work, log) != 0 else "survived"
        finally:
            with open(path, "w") as f:
                f.write(original)
        results.append((m, result, time.time() - started))
    progress("")
    run([SWIFT, "build", "--build-tests"], work, log)  # leave the copy unmutated and built

    os.makedirs(args.out, exist_ok=True)
    csv_path = os.path.join(args.out, "mutations.csv")
    tmp = csv_path + ".tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["id", "target", "kind", "file", "result", "seconds", "what"])
        for m, result, seconds in sorted(results, key=lambda r: r[0]["id"]):
            w.writerow([m["id"], m["target"], m["kind"], m["file"], result, f"{seconds:.0f}", m["what"]])
    os.replace(tmp, csv_path)

    killed = sum(1 for _, r, _ in results if r != "survived")
    print("| mutation | target | what it breaks | result |")
    print("|---|---|---|---|")
    for m, result, _ in results:
        print(f"| `{m['id']}` | {m['target']} | {m['what']} | {result} |")
    print(f"\n{killed} of {len(results)} mutants killed ({100 * killed / max(len(results), 1):.0f}%); {csv_path}")
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(0 if killed == len(results) else 1)


if __name__ == "__main__":
    main()
