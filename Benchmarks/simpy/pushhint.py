#!/usr/bin/env python3
"""SimPy peer of PushSim's push-hint study (Scenarios/push-hint-study.json).

A second, independent implementation of the same model, used by `make bench` to compare
speed with PushSim and, as a cross-check, convergence rates (Benchmarks/compare_simpy.py).
It does not reproduce PushSim's random streams (GSL mt19937); it draws from Python's
`random.Random`, seeded per (seed, replication, stream name), so that, as in PushSim,
every strategy of one replication sees the same server and channel randomness.

    python pushhint.py --replications N --seed S --out FILE.csv [--scenario FILE.json]

writes one row per (variant, strategy), in scenario order:
    variant,strategy,replications,converged,events,wall_s
`events` is the total, over the cell's replications, of model events processed up to and
including the horizon, counted like PushSim's kernel events (`RunCounters.events`):
server changes, connectivity changes, app opens, session ends, push deliveries (each
copy) and failed-pull completions. SimPy's own bookkeeping events (process
initialisation and termination, the stop event) are not counted. `wall_s` is the wall
time of the cell's replications.

Only the subset of the scenario format the study uses is supported (generic platform,
fixed offline periods and app opens, one fixed-interval change schedule, the `lossy`,
`keepLatest` and `overflow` channels, the strategies `applyPayload`, `hintPull` and
`hintPullForegroundSync`, instantaneous pulls); anything else is rejected (exit 2).

Time is an integer number of microseconds, like PushSim's `SimTime`.

Order of events at equal times (Simulation/WorldEvent.swift): PushSim schedules the
scenario's timeline at t = 0 (connectivity changes, then server changes, then app
opens), so at an equal time those run first, in that order, and then everything
scheduled during the run, first in first out, except what a channel hands to the device
(push copies, `deletedMessages`): those run last, in the order of a rank drawn for each
when it is scheduled (docs/model.md, the equal-time rule). SimPy orders its heap by
(time, priority, event id), lower first; here the timeline processes wait on events of
priorities -3, -2, -1 (below SimPy's URGENT = 0 and NORMAL = 1), everything else
scheduled during the run is an ordinary `Timeout` (NORMAL), hence FIFO among itself, and
arrivals get priority NORMAL + rank / 2^32.
"""

import argparse
import csv
import json
import os
import random
import re
import sys
import time
from collections import deque

import simpy
from simpy.core import NORMAL
from simpy.events import Event

# ---------------------------------------------------------------------------------------
# Time and priorities

US_PER_UNIT = {"us": 1, "ms": 1_000, "s": 1_000_000, "m": 60_000_000, "h": 3_600_000_000, "d": 86_400_000_000}

# Timeline priorities (World.scheduleTimeline order); run-time events use NORMAL.
TIMELINE_CONNECTIVITY = -3
TIMELINE_SERVER = -2
TIMELINE_APP = -1
# The stop event runs after everything at the horizon: PushSim's `run(until:)` runs every
# event up to *and including* the horizon (SimPy's `run(until=t)` would stop before them).
AFTER_HORIZON = NORMAL + 1


class At(Event):
    """An event that fires at absolute time `when` with heap priority `priority`.

    Built the way `simpy.Environment.run` builds its own `until` event: already `ok`,
    scheduled with an explicit priority (a `Timeout` is always NORMAL)."""

    def __init__(self, env, when, priority):
        super().__init__(env)
        self._ok = True
        self._value = None
        env.schedule(self, priority, when - env.now)


def parse_duration(text, where):
    """SimDuration+Parsing.swift: one or more <number><unit> terms, e.g. "250ms", "1h30m"."""
    terms = re.findall(r"(\d+(?:\.\d*)?|\.\d+)([a-z]+)", text) if isinstance(text, str) else []
    if not terms or "".join(n + u for n, u in terms) != text or any(u not in US_PER_UNIT for _, u in terms):
        raise ScenarioError(f"{where}: expected a duration such as \"30s\", got {text!r}")
    return round(sum(float(n) * US_PER_UNIT[u] for n, u in terms))


# ---------------------------------------------------------------------------------------
# Scenario (the supported subset)

class ScenarioError(Exception):
    pass


def check_keys(obj, allowed, where):
    if not isinstance(obj, dict):
        raise ScenarioError(f"{where}: expected an object")
    unknown = sorted(set(obj) - set(allowed))
    if unknown:
        raise ScenarioError(f"{where}: not supported by the SimPy peer: {', '.join(unknown)}")


class ConstantDelay:
    """DurationDistribution.constant: draws nothing from the stream."""

    def __init__(self, us):
        self.us = us

    def sample(self, rng):
        return self.us


class UniformIntDelay:
    """Distribution.uniformInt: an integer in [min, max], both included, times the unit."""

    def __init__(self, lo, hi, unit_us):
        self.lo, self.span, self.unit_us = lo, hi - lo + 1, unit_us

    def sample(self, rng):
        return (self.lo + rng.randrange(self.span)) * self.unit_us


def parse_delay(value, where):
    if isinstance(value, str):
        return ConstantDelay(parse_duration(value, where))
    check_keys(value, ["kind", "min", "max", "unit"], where)
    if value.get("kind") != "uniformInt" or value.get("unit") not in US_PER_UNIT:
        raise ScenarioError(f"{where}: only a duration string or a uniformInt with a unit is supported")
    lo, hi = value["min"], value["max"]
    if not (isinstance(lo, int) and isinstance(hi, int) and 0 <= lo <= hi):
        raise ScenarioError(f"{where}: uniformInt needs integers 0 <= min <= max")
    return UniformIntDelay(lo, hi, US_PER_UNIT[value["unit"]])


def parse_transport(obj, where):
    """Transport.swift: {loss, duplicate, delay}, default perfect."""
    return Transport(float(obj.get("loss", 0)), float(obj.get("duplicate", 0)),
                     parse_delay(obj.get("delay", "0s"), where + ".delay"))


def parse_channel(obj, where):
    kind = obj.get("kind")
    if kind == "lossy":
        check_keys(obj, ["kind", "loss", "duplicate", "delay"], where)
        return lambda: LossyChannel(parse_transport(obj, where))
    if kind == "keepLatest":
        check_keys(obj, ["kind", "transport"], where)
        transport = parse_transport(obj.get("transport", {}), where + ".transport")
        return lambda: KeepLatestChannel(transport)
    if kind == "overflow":
        check_keys(obj, ["kind", "limit", "deletedSignal", "storeAfterDiscard", "transport"], where)
        transport = parse_transport(obj.get("transport", {}), where + ".transport")
        limit, signal, again = obj.get("limit", 100), obj.get("deletedSignal", True), obj.get("storeAfterDiscard", False)
        return lambda: OverflowChannel(limit, signal, again, transport)
    raise ScenarioError(f"{where}.kind: the SimPy peer supports lossy, keepLatest, overflow, not {kind!r}")


def parse_device(obj, where):
    """DeviceSpec.swift, generic platform: offline periods and app opens (1 min each)."""
    check_keys(obj, ["offline", "foreground"], where)
    offline = [(parse_duration(p["from"], where + ".offline.from"), parse_duration(p["to"], where + ".offline.to"))
               for p in obj.get("offline", [])]
    opens = [parse_duration(t, where + ".foreground") for t in obj.get("foreground", [])]
    return {"offline": offline, "opens": opens, "session_length": 60 * US_PER_UNIT["s"]}


class Variant:
    def __init__(self, name, make_channel, device, server, horizon):
        self.name, self.make_channel, self.device, self.server, self.horizon = name, make_channel, device, server, horizon


def load_scenario(path):
    """Returns (variants, strategy names, scenario dict) for the supported subset."""
    with open(path) as f:
        sc = json.load(f)
    check_keys(sc, ["name", "description", "seed", "replications", "horizon", "generator",
                    "server", "device", "strategies", "variants"], "$")
    horizon = parse_duration(sc["horizon"], "$.horizon")
    srv = sc["server"]
    check_keys(srv, ["keys", "retainLast", "changes"], "$.server")
    ch = srv["changes"]
    check_keys(ch, ["count", "start", "interval"], "$.server.changes")
    server = {"keys": srv["keys"], "retain": srv["retainLast"], "count": ch["count"],
              "start": parse_duration(ch.get("start", "0s"), "$.server.changes.start"),
              "interval": parse_duration(ch["interval"], "$.server.changes.interval")}
    device = parse_device(sc.get("device", {}), "$.device")
    strategies = []
    for i, s in enumerate(sc["strategies"]):
        name = s if isinstance(s, str) else s.get("kind")
        if name not in STRATEGIES or not (isinstance(s, str) or set(s) <= {"kind"}):
            raise ScenarioError(f"$.strategies[{i}]: the SimPy peer supports {', '.join(STRATEGIES)}")
        strategies.append(name)
    variants = []
    for i, v in enumerate(sc["variants"]):
        where = f"$.variants[{i}]"
        check_keys(v, ["name", "channel", "device"], where)
        dev = parse_device(v["device"], where + ".device") if "device" in v else device
        variants.append(Variant(v["name"], parse_channel(v["channel"], where + ".channel"), dev, server, horizon))
    return variants, strategies, sc


# ---------------------------------------------------------------------------------------
# Model

class Server:
    """Server/Server.swift: the state (value 0 = never written), the head sequence number,
    and a log of the last `retain` changes. A change is (sequence, key, value) and its value
    is its own sequence number (World.serverChange)."""

    __slots__ = ("state", "head", "log")

    def __init__(self, keys, retain):
        self.state = [0] * keys
        self.head = 0
        self.log = deque(maxlen=retain)

    def commit(self, key):
        self.head += 1
        change = (self.head, key, self.head)
        self.state[key] = self.head
        if self.log.maxlen:
            self.log.append(change)
        return change

    def changes_since(self, cursor):
        """`changes(since:)`: the changes after `cursor`, or None for a reset (the log no
        longer reaches back to the cursor)."""
        if cursor == self.head:
            return []
        oldest = self.head - len(self.log) + 1
        if 0 <= cursor < self.head and cursor + 1 >= oldest:
            return list(self.log)[cursor + 1 - oldest:]
        return None


class Push:
    """Channels/Push.swift, the fields this model reads: the server's cursor when sent
    (`cursor`) and the change it reports (`key`, `value`)."""

    __slots__ = ("id", "cursor", "key", "value")

    def __init__(self, id, cursor, key, value):
        self.id, self.cursor, self.key, self.value = id, cursor, key, value


class Transport:
    """Channels/Transport.swift: lost with probability `loss`; if kept, duplicated with
    probability `duplicate`; each copy's delay drawn independently. Draw order per push on
    the channel stream: loss, duplicate, one delay per copy. A perfect transport draws
    nothing and delivers at once."""

    def __init__(self, loss, duplicate, delay):
        self.loss, self.duplicate, self.delay = loss, duplicate, delay
        self.perfect = loss == 0 and duplicate == 0 and isinstance(delay, ConstantDelay) and delay.us == 0

    def transmit(self, world, push):
        if self.perfect:
            world.arrival(0, world.deliver, push)
            return
        rng = world.channel_random
        if self.loss > 0 and rng.random() < self.loss:
            return  # lost
        copies = 2 if self.duplicate > 0 and rng.random() < self.duplicate else 1
        for _ in range(copies):
            world.arrival(self.delay.sample(rng), world.deliver, push)


class LossyChannel:
    """Channels/LossyChannel.swift: no storage; a push sent while offline is dropped."""

    def __init__(self, transport):
        self.transport = transport

    def send(self, world, push):
        if world.online:
            self.transport.transmit(world, push)

    def device_changed(self, world):
        pass


class KeepLatestChannel:
    """Channels/KeepLatestChannel.swift: while offline keep only the newest push; send it
    at reconnect."""

    def __init__(self, transport):
        self.transport = transport
        self.stored = None

    def send(self, world, push):
        if not world.online:
            self.stored = push  # replaces the stored one
            return
        self.transport.transmit(world, push)

    def device_changed(self, world):
        if world.online and self.stored is not None:
            push, self.stored = self.stored, None
            self.transport.transmit(world, push)


class OverflowChannel:
    """Channels/OverflowChannel.swift + OverflowStore.swift: while offline store up to
    `limit` pushes; one more discards every stored push and, unless `store_after_discard`,
    every further push until reconnect. At reconnect: one deletedMessages signal if
    anything was discarded and `deleted_signal`, then the stored pushes in send order."""

    def __init__(self, limit, deleted_signal, store_after_discard, transport):
        self.limit, self.deleted_signal, self.store_after_discard = limit, deleted_signal, store_after_discard
        self.transport = transport
        self.pushes = []
        self.discarded = False

    def send(self, world, push):
        if world.online:
            self.transport.transmit(world, push)
        elif self.discarded and not self.store_after_discard:
            pass  # dropped_too_many_pending_messages
        elif len(self.pushes) < self.limit:
            self.pushes.append(push)
        else:
            self.pushes.clear()  # the stored ones and this one are dropped
            self.discarded = True

    def device_changed(self, world):
        if not world.online:
            return
        discarded, self.discarded = self.discarded, False
        if discarded and self.deleted_signal:
            world.arrival(0, world.deleted_messages)
        pushes, self.pushes = self.pushes, []
        for push in pushes:
            self.transport.transmit(world, push)


# Client strategies (Clients/*.swift). Each handler asks for at most one thing (a payload
# or a pull), so calling the world directly keeps ClientStrategy.swift's order (payloads,
# then the pull, then timers). Handlers not defined here do nothing.

class Strategy:
    def on_push(self, world, push): pass
    def on_foreground(self, world): pass
    def on_reconnect(self, world): pass
    def on_deleted_messages(self, world): pass
    def on_pull_failed(self, world): pass


class ApplyPayload(Strategy):
    """ApplyPayload.swift: apply each push's operation as truth; never pull."""

    def on_push(self, world, push):
        world.write(push.key, push.value)


class HintPull(Strategy):
    """HintPull.swift: on a push ahead of the cursor, pull changes(since: cursor)."""

    def on_push(self, world, push):
        if push.cursor > world.cursor:
            world.request_pull()


class HintPullForegroundSync(HintPull):
    """HintPullForegroundSync.swift: hintPull plus a pull at every app foreground."""

    def on_foreground(self, world):
        world.request_pull()


STRATEGIES = {"applyPayload": ApplyPayload, "hintPull": HintPull, "hintPullForegroundSync": HintPullForegroundSync}

FOREGROUND, BACKGROUND, NOT_RUNNING = "foreground", "background", "notRunning"


class World:
    """One replication on a generic device (Simulation/World*.swift, generic platform only:
    no Doze, no background time limit, pushes reach the handler whatever the app's state)."""

    def __init__(self, env, variant, strategy, channel_random, order_random):
        self.env = env
        self.server = Server(variant.server["keys"], variant.server["retain"])
        self.channel = variant.make_channel()
        self.strategy = strategy
        self.channel_random = channel_random
        self.order_random = order_random
        self.events = 0
        # Device and app (World.swift defaults; AppSpec.initialState = background).
        self.online = True
        self.app_state = BACKGROUND
        self.stopped = False
        self.session_ends_at = 0
        # Client replica and sync.
        self.client_state = [0] * variant.server["keys"]
        self.cursor = 0
        self.next_push_id = 1
        self.pull_in_flight = False
        self.pull_again = False

    # -- events scheduled during the run: a Timeout (NORMAL priority, FIFO at equal times)

    def later(self, delay, handler, *args):
        def fire(_event):
            self.events += 1
            handler(*args)
        self.env.timeout(delay).callbacks.append(fire)

    # -- what a channel hands to the device: after every other event at the same time, in
    #    a drawn order (PushSim's arrival rank, uniform in [1, 2^32 - 1] from its own
    #    `channel.order` stream): heap priority NORMAL + rank / 2^32, so still before the
    #    stop event (AFTER_HORIZON = NORMAL + 1)

    def arrival(self, delay, handler, *args):
        def fire(_event):
            self.events += 1
            handler(*args)
        rank = self.order_random.randrange(1, 1 << 32)
        At(self.env, self.env.now + delay, NORMAL + rank / float(1 << 32)).callbacks.append(fire)

    # -- timeline handlers

    def server_change(self, key):
        """World.serverChange: commit, then the sender sends one push per change."""
        _, key, value = self.server.commit(key)
        push = Push(self.next_push_id, self.server.head, key, value)
        self.next_push_id += 1
        self.channel.send(self, push)

    def set_online(self, online):
        """World+Device.setOnline."""
        if online == self.online:
            return
        self.online = online
        self.device_changed()
        if online and not self.stopped and self.app_state in (FOREGROUND, BACKGROUND):
            self.strategy.on_reconnect(self)

    def device_changed(self):
        """World+Device.deviceChanged: the channel delivers what it now may."""
        self.channel.device_changed(self)

    def open_app(self, length):
        """World+App.openApp: foreground for `length`, then `onForeground`."""
        self.session_ends_at = max(self.session_ends_at, self.env.now + length)
        self.later(length, self.end_session_if_due)
        self.stopped = False
        self.app_state = FOREGROUND
        self.device_changed()  # screenMayHaveChanged
        self.strategy.on_foreground(self)

    # -- run-time handlers

    def end_session_if_due(self):
        if self.app_state == FOREGROUND and self.env.now >= self.session_ends_at:
            self.app_state = BACKGROUND
            self.device_changed()  # screenMayHaveChanged

    def deliver(self, push):
        """World+Delivery.deliver, generic platform."""
        if not self.online or self.stopped:
            return  # dropped_device_offline / dropped_app_force_stopped
        if self.app_state == NOT_RUNNING:
            self.app_state = BACKGROUND
        self.strategy.on_push(self, push)

    def deleted_messages(self):
        if self.stopped:
            return
        if self.app_state == NOT_RUNNING:
            self.app_state = BACKGROUND
        self.strategy.on_deleted_messages(self)

    # -- client side (World+App.swift)

    def write(self, key, value):
        self.client_state[key] = value

    def request_pull(self):
        """requestPull: instantaneous pulls (ClientSpec.instant) complete at once; with no
        network the failure is reported by an event at the same time."""
        if self.pull_in_flight:
            self.pull_again = True
            return
        self.pull_in_flight = True
        if not self.online:
            self.later(0, self.complete_pull, True)
            return
        self.complete_pull(False)

    def complete_pull(self, failed):
        self.pull_in_flight = False
        if failed or not self.online:
            self.strategy.on_pull_failed(self)
        else:
            changes = self.server.changes_since(self.cursor)
            if changes is None:  # reset: the snapshot and the server's cursor
                self.client_state[:] = self.server.state
                self.cursor = self.server.head
            elif changes:
                for _, key, value in changes:
                    self.client_state[key] = value
                self.cursor = changes[-1][0]
        if self.pull_again:
            self.pull_again = False
            self.request_pull()

    def converged(self):
        """Convergence: the client's state equals the server's at the horizon."""
        return self.client_state == self.server.state


# ---------------------------------------------------------------------------------------
# Timeline processes (World.scheduleTimeline)

def connectivity_process(env, world, offline):
    """Each offline period [from, to): offline at `from`, online at `to`."""
    timeline = sorted(((t, online) for a, b in offline for t, online in ((a, False), (b, True))), key=lambda e: e[0])
    for when, online in timeline:
        yield At(env, when, TIMELINE_CONNECTIVITY)
        world.events += 1
        world.set_online(online)


def server_process(env, world, server, horizon, rng):
    """ServerSpec.swift: `count` changes, the first at `start`, then every `interval`, none
    after the horizon; each change's key uniform over the keys (server stream)."""
    when = server["start"]
    for i in range(server["count"]):
        if i > 0:
            when += server["interval"]
        if when > horizon:
            return
        key = rng.randrange(server["keys"])
        yield At(env, when, TIMELINE_SERVER)
        world.events += 1
        world.server_change(key)


def app_process(env, world, opens, length):
    """AppSpec.sessions: the user opens the app at each time, for `length` (1 min)."""
    for when in sorted(opens):
        yield At(env, when, TIMELINE_APP)
        world.events += 1
        world.open_app(length)


def run_replication(variant, strategy_name, seed, replication):
    """One replication; returns (converged, events). Streams are seeded by
    (seed, replication, stream name) only, like RandomStreams, so all strategies of a
    replication share them (common random numbers)."""
    env = simpy.Environment()
    server_random = random.Random(f"{seed}/{replication}/server")
    channel_random = random.Random(f"{seed}/{replication}/channel")
    order_random = random.Random(f"{seed}/{replication}/channel.order")
    world = World(env, variant, STRATEGIES[strategy_name](), channel_random, order_random)
    device = variant.device
    # Created in timeline order (connectivity, server, app) so t = 0 also follows it.
    env.process(connectivity_process(env, world, device["offline"]))
    env.process(server_process(env, world, variant.server, variant.horizon, server_random))
    env.process(app_process(env, world, device["opens"], device["session_length"]))
    env.run(until=At(env, variant.horizon, AFTER_HORIZON))
    return world.converged(), world.events


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description="SimPy peer of PushSim's push-hint study.")
    p.add_argument("--replications", type=int, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True, help="CSV file to write")
    p.add_argument("--scenario", default=os.path.join(here, "..", "..", "Scenarios", "push-hint-study.json"))
    a = p.parse_args(argv)
    if a.replications < 1:
        p.error("--replications must be at least 1")
    try:
        variants, strategies, _ = load_scenario(a.scenario)
    except (ScenarioError, KeyError, TypeError, ValueError, OSError) as e:
        print(f"{a.scenario}: {type(e).__name__}: {e}", file=sys.stderr)
        return 2

    rows = []
    for variant in variants:
        for strategy in strategies:
            converged = events = 0
            t0 = time.perf_counter()
            for r in range(a.replications):
                ok, n = run_replication(variant, strategy, a.seed, r)
                converged += ok
                events += n
            wall = time.perf_counter() - t0
            rows.append([variant.name, strategy, a.replications, converged, events, f"{wall:.6f}"])
            print(f"{variant.name:<11} {strategy:<23} {converged:>6}/{a.replications}  rate {converged / a.replications:.4f}"
                  f"  {events / a.replications:7.2f} events/run  {a.replications / wall:9.0f} runs/s", file=sys.stderr)

    tmp = a.out + ".tmp"
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(tmp, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["variant", "strategy", "replications", "converged", "events", "wall_s"])
        w.writerows(rows)
    os.replace(tmp, a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
