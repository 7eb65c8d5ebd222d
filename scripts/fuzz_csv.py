"""The CSV mutation classes of scripts/fuzz.py: hostile variants of report files for
`pushsim compare` (a summary.csv, a runs.csv, a fingerprint list). Python 3 standard
library only.

`mutate(text, name, rng)` applies class `name` to the CSV `text` and returns a
`fuzz_mutations.Mutant` whose `path` is `row N` (N the 1-based line of the change, the
header row 1) and whose `refuse` says that compare must exit 2: True for an impossible
file (no cells, 0 replications, converged above replications, a row twice, a malformed
row), or the one option under which it must (`--intervals` for an inverted interval or
the old `ci_low` spelling, `--fingerprints` for a bad fingerprint), else False.
"""
import csv
import io

from fuzz_mutations import Mutant

VALUES = ["", "-1", "0", "9223372036854775807", "99999999999999999999", "9007199254740993", "1e400", "nan", "NaN", "inf",
          "-inf", "1.5", "+3", " 7", "0x10", "é", "\"", "a,b", "x\ny", "1e308", "-0", "\u0000", "x" * 10_000]


def rows_of(text):
    return list(csv.reader(io.StringIO(text, newline="")))


def write(rows, ending="\n"):
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator=ending).writerows(rows)
    return out.getvalue()


def kind_of(header):
    if "replications" in header and "converged" in header:
        return "summary"
    if "seed" in header:
        return "runs"
    return "fingerprints"


def m_value(rows, rng):
    r = rng.randrange(1, len(rows))
    c = rng.randrange(len(rows[r]))
    value = rng.choice(VALUES)
    rows[r][c] = value
    return write(rows), r + 1, f"{rows[0][c]} = {value[:20]!r}", False


def m_impossible(rows, rng):
    header = rows[0]
    r = rng.randrange(1, len(rows))
    options = ["twice", "header only"]
    if "replications" in header:
        options += ["no replications", "converged above", "negative"]
        if any(h.endswith("_ci_low") for h in header):
            options.append("inverted")
    if "fingerprint" in header:
        options += ["bad fingerprint", "bad replication"]
    what = rng.choice(options)
    refuse = True
    if what == "twice":
        rows.insert(rng.randrange(r, len(rows) + 1), list(rows[r]))
    elif what == "header only":
        rows, r = rows[:1], 0
    elif what == "no replications":
        rows[r][header.index("replications")] = "0"
    elif what == "converged above":
        rows[r][header.index("converged")] = str(int(rows[r][header.index("replications")]) + 1)
    elif what == "negative":
        rows[r][header.index(rng.choice(["replications", "converged"]))] = "-" + rows[r][header.index("converged")]
    elif what == "inverted":
        refuse = "--intervals"
        low = rng.choice([i for i, h in enumerate(header) if h.endswith("_ci_low")])
        high = header.index(header[low][:-len("_ci_low")] + "_ci_high")
        rows[r][low], rows[r][high] = "0.9", "0.1"
    elif what == "bad fingerprint":
        refuse = "--fingerprints"
        rows[r][header.index("fingerprint")] = rng.choice(["zz", "", "0" * 15, "0" * 17, "ABCDEF0123456789"])
    else:
        rows[r][header.index("replication")] = rng.choice(["-1", "x", "", "1.0"])
    return write(rows), r + 1, what, refuse


def m_structure(rows, rng, text):
    r = rng.randrange(1, len(rows))
    what = rng.choice(["short row", "long row", "blank line", "unclosed quote", "quote inside", "no header",
                       "old spelling", "repeated name", "crlf and bom", "truncate", "empty file"])
    refuse = what != "crlf and bom"
    if what == "short row":
        rows[r] = rows[r][:-1]
    elif what == "long row":
        rows[r] = rows[r] + ["1"]
    elif what == "blank line":
        rows.insert(r, [])
    elif what == "unclosed quote":
        data = write(rows[:r]) + '"' + write(rows[r:])
        return data, r + 1, what, True
    elif what == "quote inside":
        data = write(rows[:r]) + ",".join([rows[r][0] + 'x"y'] + rows[r][1:]) + "\n" + write(rows[r + 1:])
        return data, r + 1, what, True
    elif what == "no header":
        rows, r = rows[1:], 0
    elif what == "old spelling":
        lows = [i for i, h in enumerate(rows[0]) if h.endswith("_ci_low")]
        if not lows:
            return write(rows), 1, "old spelling (no interval)", False
        i = lows[0]
        j = rows[0].index(rows[0][i][:-len("_low")] + "_high")
        rows[0][i], rows[0][j] = "ci_low", "ci_high"
        r, refuse = 0, "--intervals"
    elif what == "repeated name":
        c = rng.randrange(1, len(rows[0]))
        rows[0][c] = rows[0][c - 1]
        r = 0
    elif what == "crlf and bom":
        return "\ufeff" + write(rows, "\r\n"), 1, what, False
    elif what == "truncate":
        k = rng.randrange(len(text))
        return text[:k], 1, f"first {k} characters", False
    else:
        return "", 1, what, True
    return write(rows), r + 1, what, refuse


def m_huge(rows, rng):
    header, body = rows[0], rows[1:]
    n = rng.choice([10_000, 100_000] + ([300_000] if len(header) < 10 else []))
    key = header.index("variant")
    out = [header]
    for i in range(n):
        row = list(body[i % len(body)])
        row[key] = f"{row[key]}-{i}"
        out.append(row)
    return write(out), 1, f"{n} rows", False


def mutate(text, name, rng):
    rows = rows_of(text)
    if name == "csv_value":
        data, row, note, refuse = m_value(rows, rng)
    elif name == "csv_impossible":
        data, row, note, refuse = m_impossible(rows, rng)
    elif name == "csv_structure":
        data, row, note, refuse = m_structure(rows, rng, text)
    else:
        data, row, note, refuse = m_huge(rows, rng)
    return Mutant(data.encode("utf-8", "surrogatepass"), f"row {row}", note, refuse)


CLASSES = ["csv_value", "csv_impossible", "csv_structure", "csv_huge"]


def commands(source_kind, original, mutant):
    """The compare commands a mutant of a `source_kind` file goes through (after the binary)."""
    if source_kind == "summary":
        return [["compare", original, mutant], ["compare", mutant, original, "--intervals"]]
    out = [["compare", original, mutant, "--fingerprints"]]
    if source_kind == "runs":
        out.append(["compare", original, mutant, "--paired"])
    return out
