#!/usr/bin/env python3
"""Mutation testing of PushSim's model: `make mutate`.

Each entry of scripts/mutations/*.json breaks one behaviour (a documented rule, a client
strategy, a sender policy, a statistic, a part of the fleet or of the kernel) with one small
source edit. The runner:

1. copies the package (its tracked and untracked files as they are now, no `.git`) into a
   work folder and builds it;
2. runs the WHOLE suite once on the unmutated copy and refuses to start (exit 2, naming the
   tests) if any test fails there: a test that cannot pass unmutated would count every
   survivor as a kill (with `--work DIR` the passing baseline is kept and reused while the
   copied files are byte-identical);
3. for each mutant: applies it alone, builds, runs the suites its `tests` filter names. A
   failing test kills it; the runner names the failing tests (`killed_by`: the first in
   name order). A mutant that survives its filter is run against the whole suite: if tests
   outside the filter fail there, it is `killed-outside-filter`, flagged for review (the
   filter misses the tests that exercise the file, or the failure is unrelated to it);
   otherwise `survived`.

A filter that matches no test of the baseline, a `find` text missing or not unique, or a
mutant that does not compile is an error of the list (exit 2). With a coverage file
(scripts/mutations/coverage.json: the model's folders and the files exempt, each with its
reason), every model source file must have at least one mutant.

Writes Results/mutate/mutations.csv (id, target, kind, file, result, killed_by,
failing_tests, filter, seconds, what; one row per mutant, by id) and prints a Markdown
table. Exit status: 0 every mutant killed by its filter; 1 a survivor or a kill outside
the filter; 2 the list, the copy or its baseline is wrong.

A test run that outlasts `--timeout` (default 1800 s; an entry's own `timeout` key wins)
kills its mutant as a hang (`killed_by` "timeout after N s"; every process of the run's
session is killed).
Tests run for a mutant see its id in PUSHSIM_MUTANT.

Usage: scripts/mutate.py [--only ID[,ID...]] [--list PATH ...] [--project DIR]
                         [--work DIR] [--out DIR] [--check] [--no-whole-suite] [--timeout S]
"""
import argparse
import csv
import glob
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = os.environ.get("SWIFT") or shutil.which("swift") or "/opt/swift/usr/bin/swift"
KEYS = ("id", "target", "kind", "what", "file", "find", "replace", "tests")
OPTIONAL = ("timeout",)   # seconds one test run of this mutant may take (default: --timeout)
KINDS = {"rule", "strategy", "sender", "fleet", "statistic", "reliability", "kernel", "model"}
# Never copied into the work folder of a package that is not a git checkout (build
# products, version control, local environments).
SKIP_DIRS = {".build", ".swiftpm", ".git", ".venv"}


def progress(text):
    """A progress line on a terminal (stderr); nothing in CI or when piped."""
    if sys.stderr.isatty() and not os.environ.get("CI"):
        sys.stderr.write("\r\033[K" + text)
        sys.stderr.flush()


def fail(text, status=2):
    progress("")
    sys.stderr.write(f"mutate: {text}\n")
    sys.exit(status)


def list_files(paths):
    """The JSON lists named: a file, or every *.json in a folder but coverage.json, sorted."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(f for f in glob.glob(os.path.join(path, "*.json")) if os.path.basename(f) != "coverage.json")
        else:
            files.append(path)
    if not files:
        fail(f"no mutation list in {', '.join(paths)}")
    return files


def load(paths, project):
    """Every entry of the lists, checked against the project's sources."""
    entries, ids = [], {}
    for path in list_files(paths):
        try:
            with open(path) as f:
                items = json.load(f)
        except (OSError, json.JSONDecodeError) as e:
            fail(f"{path}: {e}")
        if not isinstance(items, list):
            fail(f"{path}: $: a list of mutations is required")
        for i, m in enumerate(items):
            where = f"{path}: [{i}]"
            if not isinstance(m, dict):
                fail(f"{where}: an object is required")
            for key in KEYS:
                if not isinstance(m.get(key), str) or (not m[key] and key != "replace"):
                    fail(f"{where}.{key}: a {'string' if key == 'replace' else 'non-empty string'} is required")
            if "timeout" in m and (not isinstance(m["timeout"], (int, float)) or isinstance(m["timeout"], bool) or m["timeout"] <= 0):
                fail(f"{where}.timeout: a number of seconds above 0 is required")
            extra = set(m) - set(KEYS) - set(OPTIONAL)
            if extra:
                fail(f"{where}: unknown key {', '.join(sorted(extra))}")
            if m["kind"] not in KINDS:
                fail(f"{where}.kind: {m['kind']!r} is not one of {', '.join(sorted(KINDS))}")
            if m["id"] in ids:
                fail(f"{where}.id: {m['id']} appears in {ids[m['id']]} already")
            ids[m["id"]] = path
            if m["find"] == m["replace"]:
                fail(f"{where} ({m['id']}): find and replace are the same")
            try:
                re.compile(m["tests"])
            except re.error as e:
                fail(f"{where}.tests ({m['id']}): not a regular expression: {e}")
            try:
                text = open(os.path.join(project, m["file"])).read()
            except OSError as e:
                fail(f"{where}.file ({m['id']}): {e}")
            n = text.count(m["find"])
            if n != 1:
                fail(f"{where}.find ({m['id']}): found {n} times in {m['file']}, must be exactly once")
            entries.append(dict(m, list=os.path.relpath(path, project), index=i))
    return entries


def check_coverage(entries, coverage_path, project):
    """Every source file of the model's folders has a mutant, or an exemption with a reason."""
    try:
        with open(coverage_path) as f:
            cov = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        fail(f"{coverage_path}: {e}")
    exempt = cov.get("exempt", {})
    mutated = {m["file"] for m in entries}
    problems = []
    for folder in cov.get("model", []):
        for path in sorted(glob.glob(os.path.join(project, folder, "**", "*.swift"), recursive=True)):
            rel = os.path.relpath(path, project)
            if rel in exempt and rel in mutated:
                problems.append(f"{rel} is exempt ({coverage_path}) but has a mutant: drop the exemption")
            elif rel not in exempt and rel not in mutated:
                problems.append(f"{rel} has no mutant")
    for rel, reason in exempt.items():
        if not os.path.isfile(os.path.join(project, rel)):
            problems.append(f"{rel}: exempt in {coverage_path} but no such file")
        if not isinstance(reason, str) or not reason.strip():
            problems.append(f"{rel}: an exemption needs its reason")
    if problems:
        fail("the mutation list does not cover the model:\n  " + "\n  ".join(problems))


def is_git_top(project):
    r = subprocess.run(["git", "-C", project, "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    return r.returncode == 0 and os.path.realpath(r.stdout.strip()) == os.path.realpath(project)


def source_files(project):
    """The package's files as they are now: git's tracked and untracked-not-ignored files in a
    checkout, else every file outside build products and version control."""
    if is_git_top(project):
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=project, check=True, capture_output=True).stdout.split(b"\0")
        return sorted(n.decode() for n in out if n and os.path.isfile(os.path.join(project, n.decode())))
    found = []
    for top, dirs, names in os.walk(project):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        found += [os.path.relpath(os.path.join(top, n), project) for n in names]
    return sorted(found)


def copy_tree(project, work):
    """Copies the package into `work` (no `.git`), removes files an earlier copy left there
    that the package no longer has, and returns a digest of what was copied and of the
    toolchain (`swift --version`)."""
    digest = hashlib.sha256(subprocess.run([SWIFT, "--version"], capture_output=True).stdout)
    files = source_files(project)
    wanted = set(files)
    for top, dirs, names in os.walk(work):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        for n in names:
            rel = os.path.relpath(os.path.join(top, n), work)
            if rel not in wanted and not (top == work and (n.startswith(".mutate-") or n == "mutate.log")):
                os.remove(os.path.join(top, n))
    for rel in files:
        src, dst = os.path.join(project, rel), os.path.join(work, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)
        with open(src, "rb") as f:
            digest.update(rel.encode() + b"\0" + hashlib.sha256(f.read()).digest())
    return digest.hexdigest()


TIMED_OUT = -1000


def run(cmd, cwd, log, timeout=None, mutant=None):
    """The command's exit status, or TIMED_OUT when it ran past `timeout` seconds (its whole
    process group is then killed: a mutant that makes a loop endless hangs its tests).
    `mutant`: the id of the mutant applied, in PUSHSIM_MUTANT (tests of the list itself
    skip themselves there: the mutated file no longer holds its `find` text). Crash
    backtraces are off (`SWIFT_BACKTRACE=enable=no`)."""
    # No crash backtraces: a crash is read from the test lines; the backtracer can outlive
    # its crashed test process and hold the output open until the time limit.
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no", **({"PUSHSIM_MUTANT": mutant} if mutant else {}))
    with open(log, "ab") as out:
        p = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, env=env)
        try:
            return p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_session(p.pid)
            p.wait()
            return TIMED_OUT


def kill_session(sid):
    """Kills every process of session `sid`: `swift test` runs the test bundle in a process
    group of its own, so killing the group it leads would leave a hung test spinning."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid:   # after the name: state, ppid, pgrp, session
            try:
                os.kill(int(entry), signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_results(xml_base):
    """(every test, the failing tests) from `swift test --xunit-output` (XCTest's file and Swift
    Testing's `-swift-testing` one), each named `Module.Suite/test`."""
    tests, failed = set(), set()
    stem, ext = os.path.splitext(xml_base)
    for path in (xml_base, f"{stem}-swift-testing{ext}"):
        if not os.path.exists(path):
            continue
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:
            continue
        for case in root.iter("testcase"):
            name = f"{case.get('classname', '')}/{case.get('name', '')}"
            tests.add(name)
            if case.find("failure") is not None or case.find("error") is not None:
                failed.add(name)
    return tests, failed


STARTED = re.compile(r"^[^\w\s]+ Test (.+?) started\.$")
ENDED = re.compile(r"^[^\w\s]+ Test (.+?) (?:passed|failed|skipped)")


def crashed_in(work, test_filter, log, timeout, mutant):
    """The test running when the process died: the filter rerun one test at a time, the last
    one started and never finished (Swift Testing's console lines)."""
    out = os.path.join(work, ".mutate-crash.log")
    if os.path.exists(out):
        os.remove(out)
    cmd = [SWIFT, "test", "--skip-build", "--no-parallel"] + (["--filter", test_filter] if test_filter else [])
    run(cmd, work, out, timeout, mutant)
    open_tests = []
    for line in open(out, errors="replace").read().splitlines():
        if m := STARTED.match(line.strip()):
            open_tests.append(m.group(1))
        elif (m := ENDED.match(line.strip())) and m.group(1) in open_tests:
            open_tests.remove(m.group(1))
    with open(log, "a") as f, open(out, errors="replace") as o:
        f.write(o.read())
    return f"crash in {open_tests[-1]}" if open_tests else "crash"


def run_tests(work, test_filter, log, tag, timeout=None, mutant=None):
    """Runs the suite (or the filter's part): (status, every test, failing tests); status
    TIMED_OUT past `timeout` seconds."""
    xml = os.path.join(work, f".mutate-{tag}.xml")
    stem, ext = os.path.splitext(xml)
    for path in (xml, f"{stem}-swift-testing{ext}"):
        if os.path.exists(path):
            os.remove(path)
    cmd = [SWIFT, "test", "--skip-build", "--xunit-output", xml] + (["--filter", test_filter] if test_filter else [])
    status = run(cmd, work, log, timeout, mutant)
    tests, failed = test_results(xml)
    return status, tests, failed


def baseline(work, digest, log):
    """Every test of the unmutated copy, which must all pass; reused from an earlier run in
    the same work folder while the copied files are the same."""
    stamp = os.path.join(work, ".mutate-baseline.json")
    try:
        with open(stamp) as f:
            saved = json.load(f)
        if saved.get("digest") == digest and saved.get("tests"):
            return set(saved["tests"])
    except (OSError, json.JSONDecodeError):
        pass
    progress("running the whole suite on the unmutated copy …")
    status, tests, failed = run_tests(work, None, log, "baseline")
    if failed or status != 0 or not tests:
        what = ", ".join(sorted(failed)) if failed else f"swift test exited {status} with {len(tests)} tests read"
        fail(f"the unmutated copy does not pass its own suite ({what}); every survivor would count as a kill. "
             f"Make every test pass in a plain copy of the tree first (log: {log})")
    with open(stamp, "w") as f:
        json.dump({"digest": digest, "tests": sorted(tests)}, f)
    return tests


def mutate_one(m, work, log, whole_suite, timeout):
    """Applies `m`, builds and tests; returns (result, killed_by, failing tests). Tests that
    run past the timeout kill it (a hang is a behaviour the suite noticed). In the whole
    suite's run only tests outside the filter count: one inside it that fails there but not
    in the filtered run is noise, not a kill."""
    path = os.path.join(work, m["file"])
    original = open(path).read()
    limit = m.get("timeout", timeout)
    try:
        with open(path, "w") as f:
            f.write(original.replace(m["find"], m["replace"], 1))
        with open(log, "a") as f:
            f.write(f"\n=== {m['id']} ===\n")
        if run([SWIFT, "build", "--build-tests"], work, log) != 0:
            fail(f"{m['list']}: {m['id']}: the mutant does not compile (log: {log})")
        status, _, failed = run_tests(work, m["tests"], log, "mutant", limit, m["id"])
        if status == TIMED_OUT:
            return "killed", f"timeout after {limit:.0f} s", []
        if failed:
            return "killed", sorted(failed)[0], sorted(failed)
        if status != 0:
            return "killed", crashed_in(work, m["tests"], log, limit, m["id"]), []
        if not whole_suite:
            return "survived", "", []
        progress(f"{m['id']}: survived its filter, running the whole suite")
        status, _, failed = run_tests(work, None, log, "mutant", timeout, m["id"])
        outside = sorted(t for t in failed if not re.search(m["tests"], t))
        if outside:
            return "killed-outside-filter", outside[0], outside
        if status == TIMED_OUT:
            return "killed-outside-filter", f"timeout after {timeout:.0f} s (whole suite)", []
        if status != 0 and not failed:
            return "killed-outside-filter", crashed_in(work, None, log, timeout, m["id"]), []
        return "survived", "", []
    finally:
        with open(path, "w") as f:
            f.write(original)


def write_csv(results, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    csv_path = os.path.join(out_dir, "mutations.csv")
    tmp = f"{csv_path}.{os.getpid()}.tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["id", "target", "kind", "file", "result", "killed_by", "failing_tests", "filter", "seconds", "what"])
        for m, result, by, failed, seconds in sorted(results, key=lambda r: r[0]["id"]):
            w.writerow([m["id"], m["target"], m["kind"], m["file"], result, by, len(failed), m["tests"], f"{seconds:.0f}", m["what"]])
    os.replace(tmp, csv_path)
    return csv_path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--project", default=ROOT, help="the Swift package to mutate (default: this checkout)")
    ap.add_argument("--list", action="append", help="a mutation list, or a folder of them (default: PROJECT/scripts/mutations)")
    ap.add_argument("--coverage", default=None, help="the coverage file (default: PROJECT/scripts/mutations/coverage.json when present)")
    ap.add_argument("--only", default="", help="comma-separated mutation ids")
    ap.add_argument("--work", default="", help="the copy to build in, kept (default: a new temporary folder, removed)")
    ap.add_argument("--out", default=None, help="where mutations.csv goes (default: PROJECT/Results/mutate)")
    ap.add_argument("--check", action="store_true", help="check the list (texts, filters' syntax, coverage) and stop: no build")
    ap.add_argument("--no-whole-suite", action="store_true", help="a survivor of its filter is not run against the whole suite")
    ap.add_argument("--timeout", type=float, default=1800,
                    help="seconds one test run of a mutant may take before it counts as a hang, a kill (default 1800)")
    args = ap.parse_args()

    project = os.path.abspath(args.project)
    entries = load(args.list or [os.path.join(project, "scripts/mutations")], project)
    # Coverage is a property of the whole default list: not checked for a list named with --list.
    coverage = args.coverage or os.path.join(project, "scripts/mutations/coverage.json")
    if args.coverage or (not args.list and os.path.exists(coverage)):
        check_coverage(entries, coverage, project)
    if args.only:
        wanted = set(args.only.split(","))
        unknown = wanted - {m["id"] for m in entries}
        if unknown:
            fail(f"--only: no mutation named {', '.join(sorted(unknown))}")
        entries = [m for m in entries if m["id"] in wanted]
    if not entries:
        fail("the list holds no mutation")
    if args.check:
        print(f"{len(entries)} mutations, every one found once in its file")
        return

    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="pushsim-mutate-")
    os.makedirs(work, exist_ok=True)
    digest = copy_tree(project, work)
    log = os.path.join(work, "mutate.log")
    progress("building the unmutated copy …")
    if run([SWIFT, "build", "--build-tests"], work, log) != 0:
        fail(f"the unmutated copy does not build (log: {log})")
    tests = baseline(work, digest, log)
    for m in entries:
        if not any(re.search(m["tests"], t) for t in tests):
            fail(f"{m['list']}: [{m['index']}].tests ({m['id']}): the filter {m['tests']!r} matches no test of the suite")

    results = []
    journal = os.path.join(work, ".mutate-verdicts.tsv")
    open(journal, "w").close()
    for n, m in enumerate(entries, 1):
        progress(f"[{n}/{len(entries)}] {m['id']}: {m['tests']}")
        started = time.time()
        result, by, failed = mutate_one(m, work, log, not args.no_whole_suite, args.timeout)
        results.append((m, result, by, failed, time.time() - started))
        with open(journal, "a") as f:  # verdicts so far, for a long run watched from elsewhere
            f.write(f"{m['id']}\t{result}\t{by}\t{time.time() - started:.0f}\n")
    progress("")
    run([SWIFT, "build", "--build-tests"], work, log)  # leave the copy unmutated and built

    csv_path = write_csv(results, args.out or os.path.join(project, "Results/mutate"))
    print("| mutation | file | result | killed by |")
    print("|---|---|---|---|")
    for m, result, by, failed, _ in results:
        more = f" (+{len(failed) - 1} more)" if len(failed) > 1 else ""
        print(f"| `{m['id']}` | {m['file']} | {result} | {by}{more} |")
    killed = sum(1 for r in results if r[1] == "killed")
    outside = sum(1 for r in results if r[1] == "killed-outside-filter")
    print(f"\n{killed} of {len(results)} mutants killed by their filters; {outside} killed only outside their filter "
          f"(review: fix the filter); {len(results) - killed - outside} survived; {csv_path}")
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(0 if killed == len(results) else 1)


if __name__ == "__main__":
    try:
        main()
    except (OSError, subprocess.SubprocessError, UnicodeError, ValueError, KeyError, AttributeError) as e:
        fail(f"{type(e).__name__}: {e}")
