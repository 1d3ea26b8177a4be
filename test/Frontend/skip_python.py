# RUN: tilec %s -s "*fp32, 64" --emit=tile | FileCheck %s
# RUN: tilec %s --list-kernels | FileCheck %s --check-prefix=LIST
#
# The frontend compiles the one @triton.jit function of a file full of other
# Python (valid Python 3.12): docstrings, imports, comprehensions, lambdas,
# f-strings with nested format specs, bytes, dataclasses, metaclasses, async
# code, generators, walrus, try/except*, match statements, decorators,
# positional-only parameters, a `type` statement, a launcher and
# `if __name__ == "__main__":`. Without -k the only kernel is picked.

# CHECK: func.func @the_kernel(%{{[^:]*}}: !tile.ptr<f32>) attributes {tile.kernel}
# CHECK: %[[X:.*]] = tile.load
# CHECK: arith.mulf %[[X]]
# CHECK-NOT: func.func
# LIST: the_kernel
# LIST-NOT: {{.}}
"""A module docstring with `code` and 'quotes' and \"escapes\"."""
from __future__ import annotations

import os
import sys as _sys
from dataclasses import dataclass, field
from typing import *

import triton
import triton.language as tl

GLOBAL_LIST = [i * 2 for i in range(10) if i % 3]
GLOBAL_DICT = {k: v for k, v in zip("abc", (1, 2, 3))}
GLOBAL_SET = {1, 2, 3}
lam = lambda x, *a, y=3, **kw: (x, a, y, kw)
MULTI = """
@triton.jit
def not_a_kernel(x):
    pass
"""
RAW = rb'\d+' + b"\x00"
NUM = 0x_FF + 1_000.5e-3j.imag + 0o7 + 0b1


def deco(*args, **kwargs):
    def wrap(f):
        return f
    return wrap


@dataclass(frozen=True)
class Config:
    block: int = 128
    name: str = field(default="x")

    @property
    def doubled(self) -> int:
        return self.block * 2

    def __repr__(self):
        return f"Config({self.block!r:>10}, {self.name=}, {{braces}})"


class Meta(type):
    def __new__(mcs, name, bases, ns, **kw):
        return super().__new__(mcs, name, bases, ns)


class WithMeta(Config, metaclass=Meta):
    x: ClassVar[int] = 1


async def fetch(url: str) -> bytes:
    async with open(url) as f:
        async for line in f:
            await something(line)
    return b""


def gen():
    yield from range(3)
    x = yield
    return x


def walrus(data):
    if (n := len(data)) > 10:
        print(f"{n:>{10}}", end="")
    try:
        raise ValueError("x") from None
    except (ValueError, TypeError) as e:
        pass
    else:
        pass
    finally:
        del n
    try:
        pass
    except* OSError:
        pass
    global GLOBAL_SET
    with open("a") as a, open("b") as b:
        pass
    assert data, "msg"
    return [*data, *range(2)], {**{}, "a": 1}


def matcher(cmd):
    match cmd:
        case {"action": "go", **rest}:
            return rest
        case [x, y, *others] if x > y:
            return others
        case Config(block=128) | None:
            return 0
        case _:
            return -1


@deco(1, key="v")
@deco()
def decorated(a, /, b, *, c=lambda: 0) -> "Config":
    nonlocal_test = 1

    def inner():
        nonlocal nonlocal_test
        nonlocal_test += 1
    return a @ b


type Alias = list[int]


@triton.jit
def the_kernel(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 3.0)


def launch(x):
    grid = lambda meta: (triton.cdiv(x.numel(), meta["BLOCK"]),)
    the_kernel[grid](x, BLOCK=128)


if __name__ == "__main__":
    import torch
    launch(torch.randn(1024, device="cuda"))
    print(f"{'done':^{20}}")
