"""CPython's answer for the differential tests: one process per batch, one input per stdin line, one answer per line.

Modes (argv[1]):
  loads      line = base64 of raw bytes; answer = "ok <json.dumps(json.loads(bytes), canonical)>" or "err <exception>"
  intake     line = base64 of raw bytes; answer = "ok <canonical>" or "err <rule>": an independent statement of the
             intake rules (docs/canonical-json.md) on top of CPython's own json.loads
  dumps      line = a tagged value (see build()); answer = "ok <canonical dump>" or "err <exception>"
  bench N    line = a tagged value; prints the seconds N rounds of canonical json.dumps over all of them took
"""
import base64
import json
import math
import re
import struct
import sys
import time


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def text(units):
    # UTF-16 units, lone surrogates included; 'surrogatepass' pairs a high and a low unit as a JS string does.
    return struct.pack("<%dH" % len(units), *units).decode("utf-16-le", "surrogatepass")


def build(tagged):
    tag = tagged[0]
    if tag == "n":
        return None
    if tag == "t":
        return True
    if tag == "f":
        return False
    if tag == "i":
        return int(tagged[1])
    if tag == "d":
        return struct.unpack(">d", bytes.fromhex(tagged[1]))[0]
    if tag == "s":
        return text(tagged[1])
    if tag == "a":
        return [build(item) for item in tagged[1]]
    if tag == "o":
        return {text(key): build(item) for key, item in tagged[1]}
    raise ValueError("unknown tag %r" % tag)


INTAKE_MAX_BYTES = 1048576
INTAKE_MAX_DEPTH = 64
SURROGATE = re.compile("[\ud800-\udfff]")


class Refused(Exception):
    pass


def refuse(_value=None):
    raise Refused()


def unique_pairs(pairs):
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise Refused()
    return dict(pairs)


def finite_float(literal):
    value = float(literal)
    if math.isinf(value):
        raise Refused()
    return value


def check_tree(value, depth):
    if isinstance(value, (list, dict)):
        if depth + 1 > INTAKE_MAX_DEPTH:
            raise Refused()
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(key, str) and SURROGATE.search(key):
                raise Refused()
            check_tree(item, depth + 1)
    elif isinstance(value, str) and SURROGATE.search(value):
        raise Refused()


def intake(data):
    if len(data) > INTAKE_MAX_BYTES or json.detect_encoding(data) != "utf-8":
        raise Refused()
    text = data.decode("utf-8")  # strict: no surrogates, no invalid bytes
    value = json.loads(text, object_pairs_hook=unique_pairs, parse_constant=refuse, parse_float=finite_float)
    check_tree(value, 0)
    return canonical(value)


def answer(work):
    try:
        return "ok " + work()
    except Exception as error:  # the exception class is the answer
        return "err " + type(error).__name__


def main():
    mode = sys.argv[1]
    lines = sys.stdin.read().splitlines()
    if mode == "bench":
        # The tagged form nests twice as deep as the value; 'loads' keeps the default limit, which is what it tests.
        sys.setrecursionlimit(10000)
        values = [build(json.loads(line)) for line in lines]
        rounds = int(sys.argv[2])
        start = time.perf_counter()
        for _ in range(rounds):
            for value in values:
                canonical(value)
        print(time.perf_counter() - start)
        return
    if mode == "loads":
        out = [answer(lambda: canonical(json.loads(base64.b64decode(line)))) for line in lines]
    elif mode == "intake":
        out = [answer(lambda: intake(base64.b64decode(line))) for line in lines]
    else:
        out = [answer(lambda: canonical(build(json.loads(line)))) for line in lines]
    sys.stdout.write("\n".join(out) + "\n")


main()
