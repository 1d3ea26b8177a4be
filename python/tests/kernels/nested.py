"""Kernels that are not plain top-level functions of their file, as
Triton's own tests write them: defined inside a function (reading the
enclosing function's locals), and a template whose source a test rewrites
before the launch. For test_hoist.py."""

import tilec
import tilec.language as tl

SCALE = tl.constexpr(3)


def make_kernel(block):
    BLOCK = tl.constexpr(block)
    DT = tl.int32

    @tilec.jit
    def add_one(x):
        return x + 1

    @tilec.jit
    def nested_kernel(x_ptr, n):
        offs = tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n)
        tl.store(x_ptr + offs, add_one(x).to(DT) * SCALE, mask=offs < n)

    return nested_kernel


@tilec.jit
def nested_kernel(x_ptr):
    tl.store(x_ptr, 0)


def make_broken():

    @tilec.jit
    def broken_nested(x_ptr):
        offs = tl.arange(0, 48)
        tl.store(x_ptr + offs, offs)

    return broken_nested


@tilec.jit
def template(x_ptr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, GENERATE_TEST_HERE)


@tilec.jit
def after_template(x_ptr):
    tl.store(x_ptr, 1)
