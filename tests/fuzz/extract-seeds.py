#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# extract-seeds.py: write the D snippets of the unit tests as fuzz seeds in tests/fuzz/corpus/.
#
#   tests/fuzz/extract-seeds.py          (re)writes tests/fuzz/corpus/unit-*.d
#
# The seeds are the first string argument (adjacent literals joined, C escapes decoded) of
# every parse(), expr(), error_of() and compile(dtp, &cc, ...) call in tests/unit/test_parse.c and
# test_sema.c; expr("e") becomes "BEGIN { e; }" as the test wraps it. The .d files of tests/
# are not copied: scripts/fuzz.sh reads them where they are. Run it after adding unit tests
# and commit the corpus; file names are content hashes, so reruns only add.
import hashlib
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "tests", "fuzz", "corpus")
SOURCES = ["tests/unit/test_parse.c", "tests/unit/test_sema.c"]
CALL = re.compile(r"\b(parse|expr|error_of)\s*\(|\b(compile)\s*\(\w+,\s*&\w+,")
STR = re.compile(r'\s*"((?:[^"\\\n]|\\.)*)"', re.S)
ESC = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'",
       "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def unescape(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            m = re.match(r"x([0-9a-fA-F]{1,2})|([0-7]{1,3})", s[i + 1:])
            if m:
                out.append(chr(int(m.group(1), 16) if m.group(1) else int(m.group(2), 8)))
                i += 1 + len(m.group(0))
                continue
            out.append(ESC.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def snippets(text):
    for m in CALL.finditer(text):
        pos = m.end()  # compile(dtp, &cc, "..."): the match ends before the text
        parts = []
        while True:
            s = STR.match(text, pos)
            if not s:
                break
            parts.append(unescape(s.group(1)))
            pos = s.end()
        if not parts:
            continue
        src = "".join(parts)
        yield "BEGIN { %s; }" % src if m.group(1) == "expr" else src


def main():
    os.makedirs(OUT, exist_ok=True)
    n = 0
    for rel in SOURCES:
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            text = f.read()
        for src in snippets(text):
            data = src.encode("utf-8", "surrogateescape")
            name = "unit-" + hashlib.sha1(data).hexdigest()[:12] + ".d"
            with open(os.path.join(OUT, name), "wb") as f:
                f.write(data)
            n += 1
    print("%d seeds in %s" % (n, os.path.relpath(OUT, ROOT)), file=sys.stderr)


main()
