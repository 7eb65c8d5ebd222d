"""The mutation classes of scripts/fuzz.py (`make fuzz`): each turns a shipped scenario or
sweep into one hostile variant. Python 3 standard library only. The edge classes (`EDGES`:
empty_list, empty_object, empty_string, single_element, zero_value) replace one value by
the degenerate value of its type; `edge_mutants` lists every such mutant of a document.

A document is parsed into plain values with objects as `Obj` (ordered pairs, so a key can
be duplicated) and written back by `dump`, where a `Raw` value is text written as it is
(1e400, NaN, deep nesting, huge arrays: what `json` cannot write or would write slowly).
`mutate(text, name, rng)` applies class `name` and returns a `Mutant`: the bytes, the JSON
path of the change as pushsim names paths (`$.variants[0].channel.loss`, `$` for the
whole document) and whether a strict reader must refuse the result (`refuse`: invalid
JSON, or duplicate keys, which PushSim refuses by design, issue 15 item 7).
"""
import json
import random
import re
from dataclasses import dataclass


class Obj:
    """A JSON object as a list of [key, value] pairs (duplicates allowed)."""
    __slots__ = ("pairs",)

    def __init__(self, pairs):
        self.pairs = [list(p) for p in pairs]


class Raw:
    """Text written into the document as it is."""
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text


@dataclass
class Mutant:
    data: bytes
    path: str
    note: str
    refuse: bool = False


def parse(text):
    return json.loads(text, object_pairs_hook=Obj)


def _string(s):
    out = json.dumps(s, ensure_ascii=False)
    try:
        out.encode("utf-8")
        return out
    except UnicodeEncodeError:          # a lone surrogate: only its \u escape is writable
        return json.dumps(s)


def dump(v, trailing=None, indent=0):
    """`v` as JSON text, indented by one space per level; a container whose id is
    `trailing` gets a comma after its last member."""
    pad, inner = " " * indent, " " * (indent + 1)
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, Obj):
        if not v.pairs:
            return "{}"
        body = ",\n".join(f"{inner}{_string(k)}: {dump(x, trailing, indent + 1)}" for k, x in v.pairs)
        return "{\n" + body + ("," if id(v) == trailing else "") + "\n" + pad + "}"
    if isinstance(v, list):
        if not v:
            return "[]"
        body = ",\n".join(inner + dump(x, trailing, indent + 1) for x in v)
        return "[\n" + body + ("," if id(v) == trailing else "") + "\n" + pad + "]"
    if isinstance(v, str):
        return _string(v)
    return json.dumps(v)


def locations(doc):
    """Every value below the root as (path, container, slot): slot is an index into an
    Obj's pairs or a list."""
    out = []

    def walk(v, path):
        if isinstance(v, Obj):
            for i, (k, x) in enumerate(v.pairs):
                p = f"{path}.{k}"
                out.append((p, v, i))
                walk(x, p)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                p = f"{path}[{i}]"
                out.append((p, v, i))
                walk(x, p)

    walk(doc, "$")
    return out


def get(container, slot):
    return container.pairs[slot][1] if isinstance(container, Obj) else container[slot]


def put(container, slot, value):
    if isinstance(container, Obj):
        container.pairs[slot][1] = value
    else:
        container[slot] = value


def kind(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, (int, float)):
        return "number"
    if v is None:
        return "null"
    return {str: "string", list: "array", Obj: "object"}.get(type(v), "raw")


def pick(doc, rng, want=None):
    """A location, preferring values of kind `want` (a set) when there are any."""
    locs = locations(doc)
    if not locs:
        return None
    if want:
        fit = [loc for loc in locs if kind(get(loc[1], loc[2])) in want]
        if fit:
            return rng.choice(fit)
    return rng.choice(locs)


EXTREME = ["0", "-1", "1e308", "-1e308", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
           "18446744073709551615", "18446744073709551616", "1" + "0" * 40, "5e-324", "-0", "1e-300", "2147483648",
           "4294967296", "100000000", "0.5", "1.0000000000000002"]
OVERFLOW = ["1e400", "-1e400", "1e999999"]
NAN_STRINGS = ["NaN", "nan", "Infinity", "-Infinity", "inf", "1e400", "-0", "0x10", "1_000", "1e308s", "-1s", "9999999999999999999d"]
NAN_TOKENS = ["NaN", "Infinity", "-Infinity", "nan", "undefined"]
UNICODE = ["", " ", "é", "e\u0301", "\u202eevil", "日本語", "\U0001F600", "a\u0000b", "a/b", "../x", "CON", "\n",
           "\"", ",", "a,b\"c", "\u00a0", "\ufeff", "x" * 256, "é" * 200, "\t", "$", "[0]"]


def _replacement(v, rng):
    options = ["x", 1, 1.5, True, None, [], Obj([]), [v], Obj([["v", v]]), "", 0, -1]
    return rng.choice([o for o in options if kind(o) != kind(v)] or options)


def m_type_swap(doc, rng):
    path, c, s = pick(doc, rng)
    new = _replacement(get(c, s), rng)
    put(c, s, new)
    return path, f"{kind(new)} instead"


def m_delete_key(doc, rng):
    holders = [("$", doc)] + [(p, get(c, s)) for p, c, s in locations(doc) if isinstance(get(c, s), Obj) and get(c, s).pairs]
    path, obj = rng.choice(holders)
    i = rng.randrange(len(obj.pairs))
    key = obj.pairs.pop(i)[0]
    return f"{path}.{key}", "deleted"


def _raw_at(doc, rng, tokens, want=("number",)):
    path, c, s = pick(doc, rng, set(want))
    token = rng.choice(tokens)
    put(c, s, Raw(token))
    return path, token


def m_extreme_number(doc, rng):
    return _raw_at(doc, rng, EXTREME)


def m_overflow_number(doc, rng):
    return _raw_at(doc, rng, OVERFLOW)


def m_nan_string(doc, rng):
    path, c, s = pick(doc, rng, {"number", "string"})
    value = rng.choice(NAN_STRINGS)
    put(c, s, value)
    return path, repr(value)


def m_nan_token(doc, rng):
    return _raw_at(doc, rng, NAN_TOKENS)


def m_huge_array(doc, rng):
    path, c, s = pick(doc, rng, {"array"})
    v = get(c, s)
    element = dump(v[0]) if isinstance(v, list) and v else dump(v)
    n = rng.choice([10_000, 100_000, 1_000_000])
    put(c, s, Raw("[" + ",".join([element] * n) + "]"))
    return path, f"{n} elements"


def m_long_string(doc, rng):
    path, c, s = pick(doc, rng, {"string"})
    n = rng.choice([256, 1_000, 100_000, 1_000_000])
    put(c, s, rng.choice(["x", "é", "日"]) * n)
    return path, f"{n} characters"


def m_unicode_string(doc, rng):
    path, c, s = pick(doc, rng, {"string"})
    value = rng.choice(UNICODE)
    put(c, s, value)
    return path, ascii(value)[:40]


def m_lone_surrogate(doc, rng):
    """A string with an unpaired UTF-16 surrogate escape: JSON's grammar allows it, no
    Unicode text holds it."""
    path, c, s = pick(doc, rng, {"string"})
    value = rng.choice(["\ud800", "a\udfffb", "\udc00\ud800"])
    put(c, s, value)
    return path, ascii(value)


def m_duplicate_key(doc, rng):
    holders = [("$", doc)] + [(p, get(c, s)) for p, c, s in locations(doc) if isinstance(get(c, s), Obj) and get(c, s).pairs]
    path, obj = rng.choice(holders)
    i = rng.randrange(len(obj.pairs))
    key, value = obj.pairs[i]
    other = value + 1 if kind(value) == "number" else _replacement(value, rng)
    obj.pairs.insert(rng.randrange(len(obj.pairs) + 1), [key, other])
    return f"{path}.{key}", "twice"


def m_deep_nesting(doc, rng):
    path, c, s = pick(doc, rng)
    d = rng.choice([64, 600, 10_000, 100_000])
    put(c, s, Raw("[" * d + "]" * d if rng.random() < 0.5 else '{"a":' * d + "0" + "}" * d))
    return path, f"depth {d}"


# The degenerate value of each type (issue 35: an empty `server.changes` passed validate and
# crashed run): each class replaces one value by the smallest or emptiest value of its own
# type, which a strict reader must either refuse at its path or give a defined meaning.
# `--exhaustive` tries every location of each (`edge_mutants`); the random mode one.
DURATION = re.compile(r"^-?[0-9]+(\.[0-9]+)?(us|ms|s|m|h|d)([0-9]+(\.[0-9]+)?(us|ms|s|m|h|d))*$")


def _zero(v):
    if isinstance(v, str):
        return "0" + DURATION.match(v).group(2)
    return 0


EDGES = {
    # every non-empty list (an explicit list the model may index: changes, strategies, stages, …),
    # and every object (a key that takes an object may take a list too: server.changes, the case)
    "empty_list": (lambda v: (isinstance(v, list) and len(v) > 0) or isinstance(v, Obj), lambda v: []),
    # every non-empty object (a parameter block whose keys all take their defaults, or a required one)
    "empty_object": (lambda v: isinstance(v, Obj) and len(v.pairs) > 0, lambda v: Obj([])),
    # every non-empty string (a kind, a name, a duration, a file)
    "empty_string": (lambda v: isinstance(v, str) and v != "", lambda v: ""),
    # every list of two or more elements cut to its first (where two are needed: a range, weights)
    "single_element": (lambda v: isinstance(v, list) and len(v) >= 2, lambda v: [v[0]]),
    # every nonzero number and duration string made zero ("0s" in the duration's first unit)
    "zero_value": (lambda v: (kind(v) == "number" and v != 0) or (isinstance(v, str) and DURATION.match(v) is not None
                                                                   and any(c in "123456789" for c in v)), _zero),
}


def edge_locations(doc, name):
    """The locations class `name` of `EDGES` applies to, in document order."""
    fits, _ = EDGES[name]
    return [loc for loc in locations(doc) if fits(get(loc[1], loc[2]))]


def _edge_at(doc, name, loc):
    path, c, s = loc
    old = get(c, s)
    put(c, s, EDGES[name][1](old))
    return path, f"{kind(old)} made {name.replace('_', ' ')}"


def edge_mutants(text, name):
    """Every mutant of class `name` of `EDGES` of the document `text`, one per location it
    applies to, in document order."""
    out = []
    for i in range(len(edge_locations(parse(text), name))):
        doc = parse(text)
        path, note = _edge_at(doc, name, edge_locations(doc, name)[i])
        out.append(Mutant(dump(doc).encode(), path, note))
    return out


def _edge_class(name):
    def m(doc, rng):
        locs = edge_locations(doc, name)
        if not locs:                     # nothing of that type: an empty list anywhere
            loc = pick(doc, rng)
            put(loc[1], loc[2], [])
            return loc[0], "no fitting value; an empty list instead"
        return _edge_at(doc, name, rng.choice(locs))
    return m


WHOLE = {"wrong_top_level", "truncate", "bad_bytes", "trailing_comma"}


def mutate(text, name, rng):
    """Class `name` applied to the document `text` (a str)."""
    doc = parse(text)
    if name == "wrong_top_level":
        whole = rng.choice(["[]", "null", "true", "1", '"x"', "[" + text + "]", "{}"])
        return Mutant(whole.encode(), "$", f"top level {whole[:12]!r}", refuse=True)
    if name == "truncate":
        k = rng.randrange(len(text))
        return Mutant(text[:k].encode(), "$", f"first {k} characters", refuse=True)
    if name == "bad_bytes":
        data = dump(doc).encode()
        k = rng.randrange(len(data))
        junk = rng.choice([b"\xff", b"\x00", b"\xc3", b"\xed\xa0\x80", b"\x1b"])
        return Mutant(data[:k] + junk + data[k:], "$", f"{junk!r} at byte {k}", refuse=True)
    if name == "trailing_comma":
        containers = [doc] + [get(c, s) for _, c, s in locations(doc) if isinstance(get(c, s), (Obj, list)) and
                              (get(c, s).pairs if isinstance(get(c, s), Obj) else get(c, s))]
        target = rng.choice(containers)
        return Mutant(dump(doc, trailing=id(target)).encode(), "$", "a trailing comma", refuse=True)
    path, note = CLASSES[name](doc, rng)
    return Mutant(dump(doc).encode(), path, note, refuse=name in ("nan_token", "duplicate_key"))


CLASSES = {
    "type_swap": m_type_swap,
    "delete_key": m_delete_key,
    "extreme_number": m_extreme_number,
    "overflow_number": m_overflow_number,
    "nan_string": m_nan_string,
    "nan_token": m_nan_token,
    "huge_array": m_huge_array,
    "long_string": m_long_string,
    "unicode_string": m_unicode_string,
    "lone_surrogate": m_lone_surrogate,
    "duplicate_key": m_duplicate_key,
    "deep_nesting": m_deep_nesting,
    "wrong_top_level": None,
    "truncate": None,
    "bad_bytes": None,
    "trailing_comma": None,
}
CLASSES.update({name: _edge_class(name) for name in EDGES})


def strictly_valid(data):
    """Whether `data` is JSON by RFC 8259's grammar (UTF-8, no NaN tokens, no trailing
    commas; a number out of double range and a repeated key are still grammatical)."""
    def reject(token):
        raise ValueError(token)
    try:
        json.loads(data.decode("utf-8"), parse_constant=reject)
        return True
    except (ValueError, RecursionError, UnicodeDecodeError):
        return False


def file_rng(seed, index):
    """The random source of mutant `index` under `seed`: independent of every other mutant."""
    return random.Random(f"{seed}/{index}")
