#!/usr/bin/env python3
"""Fuzzing of PushSim's input handling: `make fuzz` (not part of `make test`).

Mutates every shipped scenario and sweep under Scenarios/ (the classes of
scripts/fuzz_mutations.py: type swaps, deleted keys, extreme and overflowing numbers,
NaN-like strings and tokens, huge arrays, long and unicode strings, duplicate keys,
trailing commas, deep nesting, wrong top-level types, truncation, bad bytes, and the
degenerate value of a type: empty lists, objects and strings, single elements, zeros) and, for
each mutant, runs `pushsim validate` and a short `pushsim run` (a sweep: `pushsim sweep`)
with --replications R --jobs 1 --quiet --no-plot into a fresh --out, each in an empty
working folder, under a time limit and a memory limit (RLIMIT_AS, set in the child;
--no-address-limit leaves it out for a sanitized pushsim, whose shadow memory reserves
terabytes of address space: the size check is still told half of --memory).

A finding is one of:
  crash          the command died by a signal (a trap, abort, or the memory limit)
  hang           the time limit was hit (the process group is killed)
  wrong exit     an exit status other than 0, 1, 2; exit 0 for a mutant a strict reader
                 must refuse (invalid JSON, a duplicate key); validate and run disagreeing
                 (one exits 0, the other does not), except a run refused for its size
                 (validate checks the file; the run, this machine: its refusal offers
                 --allow-large)
  no path        an exit-2 message that does not start `pushsim: FILE: $…` (FILE the
                 mutant, or a sweep's base), or that calls valid JSON malformed at `$`
  files written  anything left in --out after a nonzero exit, anything validate wrote,
                 anything written into the working folder

Deterministic: mutant k of --seed S is the same whatever --count or --minutes (its source
file is the k-th of a seeded order of the files, every file once per round; its class
and change come from its own random source). With --exhaustive the mutants are instead
every mutant of each edge class in --classes (empty_list, empty_object, empty_string,
single_element, zero_value: one per value of the type they replace) of every file, in
file order, then class order, then document order; --count and --minutes then cut that
list short (without them it runs to its end), and --seed only names the saved mutants. Writes OUT/findings.csv (kind, command,
class, source, path, exit, detail, mutant; one row per finding, sorted) and each mutant
with a finding as OUT/findings/S-K-CLASS.json (a sweep's base made absolute, so it
reruns as it is); prints a short summary. Exit 1 when it found anything, 0 otherwise,
2 on a usage error.

Usage: scripts/fuzz.py [--seed S] [--count N | --minutes M] [--bin PATH] [--out DIR]
                       [--classes all|stable|NAME,...] [--without NAME,...] [--files GLOB,...]
                       [--timeout SECONDS] [--memory MB] [--no-address-limit] [--replications R]
                       [--exhaustive]
"""
import argparse
import csv
import glob
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_csv  # noqa: E402
import fuzz_mutations as fm  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The classes the current decoder is known to fail (issue 15, items 4, 7, 8: duplicate keys
# and trailing commas accepted, 1e400 reported without its path, sizes not checked before
# the run). `--classes stable` (the `make test` subset) leaves them out; empty this list
# once those fixes land, and the subset runs every class.
PENDING = []

KINDS = ["crash", "hang", "wrong exit", "no path", "files written"]
# The scenarios and sweeps, and the baselines' summaries and fingerprint lists (for compare;
# with them a runs.csv of Scenarios/cases/C1.json, written into OUT/sources/ first).
DEFAULT_FILES = "Scenarios/**/*.json,Results/baselines/**/*.csv"
ALL_CLASSES = list(fm.CLASSES) + fuzz_csv.CLASSES


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, help="mutants to try (default: as many as --minutes allows)")
    p.add_argument("--minutes", type=float, help="stop starting mutants after this long (default 10 without --count)")
    p.add_argument("--bin", default=os.path.join(ROOT, ".build/release/pushsim"))
    p.add_argument("--out", default=os.path.join(ROOT, "Results/fuzz"))
    p.add_argument("--classes", default="all", help="all, stable (all but PENDING), or names joined by commas")
    p.add_argument("--without", default="", help="classes to leave out of --classes, joined by commas")
    p.add_argument("--files", default=DEFAULT_FILES, help="globs under the repository, joined by commas")
    p.add_argument("--timeout", type=float, default=10, help="seconds per command (default 10)")
    p.add_argument("--memory", type=int, default=1024, help="address-space limit per command in MB (default 1024)")
    p.add_argument("--no-address-limit", action="store_true",
                   help="set no RLIMIT_AS (a sanitized pushsim cannot start under one); the size check still believes --memory / 2")
    p.add_argument("--replications", type=int, default=2)
    p.add_argument("--exhaustive", action="store_true",
                   help="every mutant of the edge classes in --classes, file by file (not a seeded sample)")
    a = p.parse_args()
    if a.count is None and a.minutes is None and not a.exhaustive:
        a.minutes = 10
    if a.classes == "all":
        a.classes = ALL_CLASSES
    elif a.classes == "stable":
        a.classes = [c for c in ALL_CLASSES if c not in PENDING]
    else:
        a.classes = a.classes.split(",")
        unknown = [c for c in a.classes if c not in ALL_CLASSES]
        if unknown:
            p.error(f"unknown class {', '.join(unknown)}; classes: {', '.join(ALL_CLASSES)}")
    a.bin, a.out = os.path.abspath(a.bin), os.path.abspath(a.out)
    a.classes = [c for c in a.classes if c not in a.without.split(",")]
    if a.exhaustive:
        a.classes = [c for c in a.classes if c in fm.EDGES]
    if not a.classes:
        p.error("--without leaves no class" if not a.exhaustive else f"--exhaustive takes the edge classes: {', '.join(fm.EDGES)}")
    if not os.access(a.bin, os.X_OK):
        p.error(f"{a.bin} is not an executable (make build, or --bin PATH)")
    return a


def sources(a):
    """The files to mutate, in a seeded order, as paths relative to the repository (or
    absolute, for the generated runs.csv); CSV files only when a CSV class is on, JSON
    files only when a JSON class is."""
    files = sorted({os.path.relpath(f, ROOT) for g in a.files.split(",") for f in glob.glob(os.path.join(ROOT, g), recursive=True)})
    csv_on, json_on = any(c in fuzz_csv.CLASSES for c in a.classes), any(c in fm.CLASSES for c in a.classes)
    files = [f for f in files if (csv_on if f.endswith(".csv") else json_on)]
    if csv_on and a.files == DEFAULT_FILES:
        out = os.path.join(a.out, "sources", "C1")
        status, err, _ = execute([a.bin, "run", os.path.join(ROOT, "Scenarios/cases/C1.json"), "--replications", "10", "--jobs", "1",
                                  "--quiet", "--no-plot", "--out", out], ROOT, 120, 4096, not a.no_address_limit)
        if status != 0:
            sys.exit(f"fuzz: could not write the runs.csv to mutate: {first_line(err)}")
        files.append(os.path.join(out, "runs.csv"))
    if not files:
        sys.exit(f"fuzz: no file matches {a.files} for the classes {', '.join(a.classes)}")
    order = list(files)
    fm.random.Random(f"{a.seed}/files").shuffle(order)
    return order


def prepare(source):
    """The source's text, its base made absolute when it is a sweep, and its command."""
    with open(os.path.join(ROOT, source)) as f:
        text = f.read()
    doc = fm.parse(text)
    keys = [k for k, _ in doc.pairs] if isinstance(doc, fm.Obj) else []
    if "axes" not in keys and "base" not in keys:
        return text, "run", None
    base = None
    for pair in doc.pairs:
        if pair[0] == "base" and isinstance(pair[1], str):
            base = pair[1] = os.path.normpath(os.path.join(ROOT, os.path.dirname(source), pair[1]))
    return fm.dump(doc), "sweep", base


def limits(memory_mb):
    """The child's limits: RLIMIT_AS of memory_mb (none when 0), no core, 1 GB files."""
    def apply():
        if memory_mb > 0:
            resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 30, 1 << 30))
    return apply


def execute(args, cwd, timeout, memory_mb, address_limit=True):
    """Runs args; returns (status or None on timeout, stderr text, seconds). Without
    `address_limit` (--no-address-limit: a sanitized pushsim) the child gets no RLIMIT_AS,
    and AddressSanitizer's options are `detect_leaks=0` (leaks are not what fuzzing looks
    for; the caller's options may say otherwise), then the caller's, then
    `abort_on_error=1`: an error's default exit status, 1, would pass for a refusal."""
    # The size check measures the machine's memory; the child has only its address-space
    # limit (of which the runtime's reservations take part), so it is told half of that.
    env = dict(os.environ, CI="1", PUSHSIM_COMMIT="fuzz", SWIFT_BACKTRACE="enable=no", PUSHSIM_FREE_MEMORY=str((memory_mb << 20) // 2))
    if not address_limit:
        env["ASAN_OPTIONS"] = ":".join(o for o in ["detect_leaks=0", os.environ.get("ASAN_OPTIONS", ""), "abort_on_error=1"] if o)
    start = time.monotonic()
    p = subprocess.Popen(args, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         start_new_session=True, preexec_fn=limits(memory_mb if address_limit else 0))
    try:
        _, err = p.communicate(timeout=timeout)
        status = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        _, err = p.communicate()
        status = None
    return status, err.decode("utf-8", "replace"), time.monotonic() - start


def listing(folder):
    if not os.path.lexists(folder):
        return []
    if not os.path.isdir(folder):
        return [os.path.basename(folder)]
    return sorted(os.path.relpath(os.path.join(d, f), folder) for d, dirs, files in os.walk(folder) for f in files + dirs) or ["(an empty folder)"]


def shown(path):
    """`path` relative to the current folder when it lies inside it, else absolute."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def first_line(text):
    lines = [x for x in text.splitlines() if x.strip()]
    return lines[0][:300] if lines else "(no message)"


def judge(status, err, cwd_files):
    """The findings any command can have: (kind, detail) pairs."""
    line = first_line(err)
    if status is None:
        return [("hang", f"no exit within the time limit; {line}")]
    out = []
    if status < 0:
        name = signal.Signals(-status).name if -status in signal.Signals._value2member_map_ else str(-status)
        memory = re.search(r"failed to allocate|Cannot allocate|out of memory|bad_alloc", err)
        tail = [x for x in err.splitlines() if "Fatal error" in x or "error" in x.lower()]
        out.append(("crash", f"{name}{' (memory limit)' if memory else ''}: {(tail[0] if tail else line)[:300]}"))
    elif status not in (0, 1, 2):
        out.append(("wrong exit", f"exit {status}: {line}"))
    if cwd_files:
        out.append(("files written", f"in the working folder: {', '.join(cwd_files[:5])}"))
    return out


def judge_json(command, status, err, files, mutant_path, base, mutant, valid_json):
    """The findings of validate, run or sweep beyond `judge`. A `$: malformed JSON` message
    for valid JSON changed below `$` hides a path that is known."""
    out, line = [], first_line(err)
    if status == 2:
        named = [f"pushsim: {f}: $" for f in (mutant_path, base) if f]
        if not any(line.startswith(n) for n in named):
            out.append(("no path", line))
        elif valid_json and mutant.path != "$" and re.match(r"pushsim: .*?: \$: malformed JSON", line):
            out.append(("no path", f"valid JSON called malformed at $: {line}"))
    if status == 0 and mutant.refuse:
        out.append(("wrong exit", "exit 0 for input a strict reader refuses"))
    if status not in (None, 0) and files:
        out.append(("files written", f"exit {status}, left in --out: {', '.join(files[:5])}"))
    if command == "validate" and files:
        out.append(("files written", f"validate wrote {', '.join(files[:5])}"))
    return out


def judge_csv(args, status, err, original, mutant_path, mutant):
    """The findings of a compare beyond `judge`: an exit-2 message must name one of the two
    files with `row N` (and the column; `$` only for a file it cannot read); a file compare
    must refuse must exit 2."""
    out, line = [], first_line(err)
    if status == 2:
        files = "|".join(re.escape(f) for f in (original, mutant_path))
        if not re.match(rf"pushsim: ({files}): (row \d+(, column \d+ \([^)]*\))?: |\$: cannot (read|decompress))", line):
            out.append(("no path", line))
    if status in (0, 1) and (mutant.refuse is True or mutant.refuse in args):
        out.append(("wrong exit", f"exit {status} for a file compare must refuse ({mutant.note})"))
    return out


def tally(a, command, status):
    t = a.exits.setdefault(command, {})
    label = "timeout" if status is None else ("signal" if status < 0 else str(status))
    t[label] = t.get(label, 0) + 1


def try_json(a, source, name, rng, work, mutant=None):
    text, run_command, base = prepare(source)
    mutant = mutant or fm.mutate(text, name, rng)
    path = os.path.join(work, "mutant.json")
    with open(path, "wb") as f:
        f.write(mutant.data)
    valid = fm.strictly_valid(mutant.data)
    results, findings, errors = [], [], []
    for command in ("validate", run_command):
        cwd, out = os.path.join(work, f"cwd-{command}"), os.path.join(work, f"out-{command}")
        os.mkdir(cwd)
        args = [a.bin, command, path]
        if command != "validate":
            args += ["--replications", str(a.replications), "--jobs", "1", "--quiet", "--no-plot", "--out", out]
        status, err, _ = execute(args, cwd, a.timeout, a.memory, not a.no_address_limit)
        results.append(status)
        errors.append(err)
        tally(a, command, status)
        found = judge(status, err, sorted(os.listdir(cwd))) + judge_json(command, status, err, listing(out), path, base, mutant, valid)
        findings += [[kind, command, mutant.path, "" if status is None else str(status), detail] for kind, detail in found]
    v, r = results
    # validate checks the file, not this machine: a run refused for its size (the refusal
    # offers --allow-large; the memory it is told is half of --memory) is no disagreement.
    refused_for_size = r == 2 and "--allow-large" in errors[1]
    if v is not None and r is not None and (v == 0) != (r == 0) and not (v == 0 and refused_for_size):
        findings.append(["wrong exit", run_command, mutant.path, str(r), f"validate exits {v}, {run_command} exits {r}"])
    return path, findings


def try_csv(a, source, name, rng, work):
    original = source if os.path.isabs(source) else os.path.join(ROOT, source)
    with open(original, newline="") as f:
        text = f.read()
    mutant = fuzz_csv.mutate(text, name, rng)
    path = os.path.join(work, "mutant.csv")
    with open(path, "wb") as f:
        f.write(mutant.data)
    findings = []
    for i, args in enumerate(fuzz_csv.commands(fuzz_csv.kind_of(fuzz_csv.rows_of(text)[0]), original, path)):
        cwd = os.path.join(work, f"cwd-{i}")
        os.mkdir(cwd)
        status, err, _ = execute([a.bin] + args, cwd, a.timeout, a.memory, not a.no_address_limit)
        command = " ".join(["compare"] + [x for x in args if x.startswith("--")])
        tally(a, command, status)
        found = judge(status, err, sorted(os.listdir(cwd))) + judge_csv(args, status, err, original, path, mutant)
        findings += [[kind, command, mutant.path, "" if status is None else str(status), detail] for kind, detail in found]
    return path, findings


def exhaustive(a, order):
    """Every (source, (class, mutant)) of --exhaustive: the JSON files in name order, each
    edge class of --classes in turn, every location it applies to in document order."""
    out = []
    for source in sorted(f for f in order if f.endswith(".json")):
        text = prepare(source)[0]
        for name in a.classes:
            out += [(source, (name, m)) for m in fm.edge_mutants(text, name)]
    return out


def try_mutant(a, k, source, scratch, edge=None):
    """Mutant k: of `source`, drawn from its own random source, or the given `edge`
    (class name, mutant) of --exhaustive."""
    rng = fm.file_rng(a.seed, k)
    is_csv = source.endswith(".csv")
    name = edge[0] if edge else rng.choice([c for c in a.classes if (c in fuzz_csv.CLASSES) == is_csv])
    work = tempfile.mkdtemp(prefix=f"m{k}-", dir=scratch)
    if edge:
        path, findings = try_json(a, source, name, rng, work, mutant=edge[1])
    else:
        path, findings = (try_csv if is_csv else try_json)(a, source, name, rng, work)
    shown_source = source if not os.path.isabs(source) else shown(source)
    findings = [[f[0], f[1], name, shown_source] + f[2:] for f in findings]
    if findings:
        saved = os.path.join(a.out, "findings", f"{a.seed}-{k:06d}-{name}{os.path.splitext(path)[1]}")
        shutil.copyfile(path, saved)
        for f in findings:
            f.append(shown(saved))
    shutil.rmtree(work, ignore_errors=True)
    return name, findings


def main():
    a = parse_args()
    for folder in ("findings", "sources"):
        shutil.rmtree(os.path.join(a.out, folder), ignore_errors=True)
    os.makedirs(os.path.join(a.out, "findings"))
    order = sources(a)
    edges = exhaustive(a, order) if a.exhaustive else None
    a.exits = {}
    deadline = time.monotonic() + a.minutes * 60 if a.minutes is not None else None
    scratch = tempfile.mkdtemp(prefix="pushsim-fuzz-")
    findings, tried, per_class = [], 0, {}
    try:
        while (a.count is None or tried < a.count) and (deadline is None or time.monotonic() < deadline) \
                and (edges is None or tried < len(edges)):
            source, edge = edges[tried] if edges else (order[tried % len(order)], None)
            name, found = try_mutant(a, tried, source, scratch, edge)
            per_class[name] = per_class.get(name, 0) + 1
            findings += found
            tried += 1
            if sys.stderr.isatty() and not os.environ.get("CI"):
                sys.stderr.write(f"\r\033[Kfuzz: {tried} mutants, {len(findings)} findings")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if sys.stderr.isatty() and not os.environ.get("CI"):
        sys.stderr.write("\r\033[K")
    findings.sort(key=lambda f: (KINDS.index(f[0]), f[2], f[1], f[3], f[7]))
    table = os.path.join(a.out, "findings.csv")
    with open(table + ".partial", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["kind", "command", "class", "source", "path", "exit", "detail", "mutant"])
        w.writerows(findings)
    os.replace(table + ".partial", table)
    print(f"fuzz: seed {a.seed}, {tried} mutants ({', '.join(f'{c} {n}' for c, n in sorted(per_class.items()))}), "
          f"{2 * tried} commands under {a.timeout:g} s and {a.memory} MB each"
          f"{' (no address-space limit)' if a.no_address_limit else ''}: {len(findings)} findings")
    print("  exits: " + "; ".join(f"{c} " + ", ".join(f"{k} x{n}" for k, n in sorted(t.items())) for c, t in a.exits.items()))
    for kind in KINDS:
        rows = [f for f in findings if f[0] == kind]
        if rows:
            classes = sorted({f[2] for f in rows})
            print(f"  {kind}: {len(rows)} ({', '.join(classes)}), e.g. {rows[0][1]} {rows[0][7]}: {rows[0][6][:160]}")
    print(f"wrote {shown(table)}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
