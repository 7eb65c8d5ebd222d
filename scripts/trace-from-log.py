#!/usr/bin/env python3
"""Turn a per-event device log with timestamps into a PushSim device trace.

A device trace (docs/model.md, Trace-driven devices) is a CSV with `time_s` (seconds
from the start) and `event` (offline, online, screen_on, screen_off, charging, unplugged,
motion, app_open, app_close, swipe_away, restart). Logs of phone studies and of
`adb logcat` broadcasts instead have an absolute timestamp and a source event name per
row. This script:

- reads a CSV (or, with --tab, TSV) log with a header, taking the timestamp from
  --time-column and the event from --event-column;
- parses each timestamp as ISO 8601 (`2024-05-01T08:00:00Z`, `2024-05-01 08:00:00.250`)
  or as epoch seconds (digits with an optional fraction; --epoch-ms for milliseconds);
- maps each source event to a trace event: Android's broadcast intents
  (android.intent.action.SCREEN_ON, ...ACTION_POWER_CONNECTED, ...) and the trace's own
  names are known; --map FILE.json adds or overrides {"source name": "trace event"};
- sorts by time (ties keep log order), measures time from --start (default: the first
  mapped row), drops events that do not change the state (a second SCREEN_ON, an
  unplug while unplugged), a restart within --restart-gap seconds of the one before (a
  reboot logs ACTION_SHUTDOWN and REBOOT both), blank lines and events it cannot map, and
  says how many on stderr;
- writes the trace to --out (default: standard output).

Exit status 2 with the file, row and column for a timestamp it cannot read.
"""
import argparse
import csv
import datetime as dt
import json
import re
import sys

EVENTS = ["offline", "online", "screen_on", "screen_off", "charging", "unplugged", "motion",
          "app_open", "app_close", "swipe_away", "restart"]

KNOWN = {name: name for name in EVENTS}
KNOWN.update({
    "android.intent.action.SCREEN_ON": "screen_on",
    "android.intent.action.SCREEN_OFF": "screen_off",
    "android.intent.action.ACTION_POWER_CONNECTED": "charging",
    "android.intent.action.ACTION_POWER_DISCONNECTED": "unplugged",
    "android.intent.action.ACTION_SHUTDOWN": "restart",
    "android.intent.action.REBOOT": "restart",
    "SCREEN_ON": "screen_on", "SCREEN_OFF": "screen_off",
    "POWER_CONNECTED": "charging", "POWER_DISCONNECTED": "unplugged",
    "NETWORK_LOST": "offline", "NETWORK_AVAILABLE": "online",
})

# Which state each event opens or closes: (state, value); instants have none.
STATE = {"offline": ("offline", True), "online": ("offline", False),
         "screen_on": ("screen", True), "screen_off": ("screen", False),
         "charging": ("charging", True), "unplugged": ("charging", False),
         "app_open": ("app", True), "app_close": ("app", False)}
INITIAL = {"offline": False, "screen": False, "charging": False, "app": False}

EPOCH = re.compile(r"^\d+(\.\d+)?$")


def parse_time(text, epoch_ms):
    """Seconds since the epoch (float) from ISO 8601 or epoch digits; None if neither."""
    text = text.strip()
    if EPOCH.match(text):
        return float(text) / (1000.0 if epoch_ms else 1.0)
    try:
        t = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    if t.tzinfo is None:
        t = t.replace(tzinfo=dt.timezone.utc)
    return t.timestamp()


def convert(rows, mapping, start=None, restart_gap=60.0):
    """(trace rows [(seconds, event)], dropped unmapped count, dropped no-change count)."""
    rows = sorted(rows, key=lambda r: r[0])  # stable: ties keep log order
    mapped = [(t, mapping[e]) for t, e in rows if e in mapping]
    unmapped = len(rows) - len(mapped)
    if not mapped:
        return [], unmapped, 0
    origin = mapped[0][0] if start is None else start
    state, out, unchanged, last_restart = dict(INITIAL), [], 0, None
    for t, event in mapped:
        if t < origin:
            unmapped += 1
            continue
        if event == "restart":
            if last_restart is not None and t - last_restart < restart_gap:
                unchanged += 1
                continue
            last_restart = t
        if event in STATE:
            key, value = STATE[event]
            if state[key] == value:
                unchanged += 1
                continue
            state[key] = value
        out.append((round(t - origin, 6), event))
    return out, unmapped, unchanged


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("log", help="the per-event log (CSV with a header)")
    p.add_argument("--time-column", default="timestamp", help="the timestamp column (default timestamp)")
    p.add_argument("--event-column", default="event", help="the event column (default event)")
    p.add_argument("--tab", action="store_true", help="the log is tab-separated")
    p.add_argument("--epoch-ms", action="store_true", help="numeric timestamps are milliseconds, not seconds")
    p.add_argument("--start", help="the timestamp of t = 0 (default: the first mapped row)")
    p.add_argument("--map", help="a JSON object of source event name -> trace event, added to the known names")
    p.add_argument("--restart-gap", type=float, default=60.0,
                   help="seconds within which a second restart is the same reboot, dropped (default 60)")
    p.add_argument("--out", help="the trace file to write (default: standard output)")
    a = p.parse_args(argv)
    mapping = dict(KNOWN)
    if a.map:
        with open(a.map) as f:
            extra = json.load(f)
        bad = [v for v in extra.values() if v not in EVENTS]
        if bad:
            print(f"{a.map}: unknown trace event {bad[0]!r}; expected one of: {', '.join(EVENTS)}", file=sys.stderr)
            return 2
        mapping.update(extra)
    rows = []
    with open(a.log, newline="") as f:
        reader = csv.reader(f, delimiter="\t" if a.tab else ",")
        header = next(reader, None)
        if header is None or a.time_column not in header or a.event_column not in header:
            print(f"{a.log}: row 1: needs the columns {a.time_column} and {a.event_column}; the header has: {', '.join(header or [])}",
                  file=sys.stderr)
            return 2
        ti, ei = header.index(a.time_column), header.index(a.event_column)
        for n, row in enumerate(reader, start=2):
            if not any(field.strip() for field in row):
                continue  # a blank line
            t = parse_time(row[ti], a.epoch_ms) if ti < len(row) else None
            if t is None:
                print(f"{a.log}: row {n}, column {ti + 1} ({a.time_column}): cannot read the timestamp {row[ti] if ti < len(row) else ''!r}",
                      file=sys.stderr)
                return 2
            rows.append((t, row[ei].strip() if ei < len(row) else ""))
    start = None
    if a.start is not None:
        start = parse_time(a.start, a.epoch_ms)
        if start is None:
            print(f"--start: cannot read the timestamp {a.start!r}", file=sys.stderr)
            return 2
    trace, unmapped, unchanged = convert(rows, mapping, start, a.restart_gap)
    unknown = {}
    for _, e in rows:
        if e not in mapping:
            unknown[e] = unknown.get(e, 0) + 1
    if unknown:
        named = ", ".join(f"{name!r} ({n})" for name, n in sorted(unknown.items(), key=lambda kv: (-kv[1], kv[0]))[:8])
        print(f"not mapped (give them in --map): {named}" + (", …" if len(unknown) > 8 else ""), file=sys.stderr)
    text = "time_s,event\n" + "".join(f"{t:.6f}".rstrip("0").rstrip(".") + f",{e}\n" for t, e in trace)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    print(f"{len(trace)} events written; {unmapped} rows not mapped (or before --start), {unchanged} that changed nothing dropped",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
