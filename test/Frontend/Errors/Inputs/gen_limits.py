#!/usr/bin/env python3
"""Writes to stdout a kernel file that pushes one of tilec's limits.

  gen_limits.py chain N         kernel k calling h1 -> h2 -> ... -> hN
  gen_limits.py doubling N      hN calls h(N-1) twice, ..., h0 adds 1
  gen_limits.py literal KIND N  kernel k storing a literal of N digits:
                                KIND is int, hex or float
  gen_limits.py newlines MODE FILE
                                FILE with its line ends made MODE (cr, crlf)

Used by limits_generated.py and caret_newlines.py; the files are generated
because they are too long, or their line ends too unusual, to keep in the
tree.
"""
import sys

HEADER = "import triton\nimport triton.language as tl\n\n"


def chain(n):
    out = [HEADER]
    out.append("@triton.jit\ndef h%d(x):\n    return x + 1\n\n" % n)
    for i in range(n - 1, 0, -1):
        out.append("@triton.jit\ndef h%d(x):\n    return h%d(x)\n\n" % (i, i + 1))
    out.append("@triton.jit\ndef k(X):\n    tl.store(X, h1(tl.load(X)))\n")
    return "".join(out)


def doubling(n):
    out = [HEADER]
    out.append("@triton.jit\ndef h0(x):\n    return x + 1\n\n")
    for i in range(1, n + 1):
        out.append("@triton.jit\ndef h%d(x):\n    return h%d(x) + h%d(x)\n\n"
                   % (i, i - 1, i - 1))
    out.append("@triton.jit\ndef k(X):\n    tl.store(X, h%d(tl.load(X)))\n" % n)
    return "".join(out)


def literal(kind, n):
    if kind == "int":
        text = "1" + "0" * (n - 1)
    elif kind == "hex":
        text = "0x" + "f" * n
    else:
        text = "0." + "1" * (n - 1)
    return HEADER + "@triton.jit\ndef k(X):\n    tl.store(X, %s)\n" % text


def main():
    mode = sys.argv[1]
    if mode == "chain":
        text = chain(int(sys.argv[2]))
    elif mode == "doubling":
        text = doubling(int(sys.argv[2]))
    elif mode == "literal":
        text = literal(sys.argv[2], int(sys.argv[3]))
    elif mode == "newlines":
        with open(sys.argv[3], newline="") as f:
            text = f.read().replace("\r\n", "\n")
        text = text.replace("\n", {"cr": "\r", "crlf": "\r\n"}[sys.argv[2]])
    else:
        sys.exit("unknown mode " + mode)
    sys.stdout.buffer.write(text.encode("utf-8"))


if __name__ == "__main__":
    main()
