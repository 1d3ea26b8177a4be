"""Kernels whose scalar parameters carry type annotations, set in the
source or in __annotations__ by a decorator (as Triton's test_annotations
does): the annotation is the parameter's type (test_annotations.py)."""

import tilec
import tilec.language as tl


def annotate(**types):
    """Sets the function's annotations, as a decorator under @jit."""

    def decorator(fn):
        fn.__annotations__ = dict(types)
        return fn

    return decorator


@tilec.jit
@annotate(val=tl.float16)
def store_half(ptr, val):
    tl.static_assert(val.dtype == tl.float16)
    tl.store(ptr, val)


@tilec.jit
@annotate(val=tl.bfloat16)
def store_bf16(ptr, val):
    tl.static_assert(val.dtype == tl.bfloat16)
    tl.store(ptr, val)


@tilec.jit
@annotate(val=tl.float64)
def store_double(ptr, val):
    tl.static_assert(val.dtype == tl.float64)
    tl.store(ptr, val)


@tilec.jit
@annotate(v="tl.int8")
def store_int8(ptr, v):
    tl.static_assert(v.dtype == tl.int8)
    tl.store(ptr + v, v)


@tilec.jit
@annotate(v="tl.uint16")
def store_uint16(ptr, v):
    tl.static_assert(v.dtype == tl.uint16)
    tl.store(ptr + v, v)


@tilec.jit
def store_python_types(ptr, n: int, x: float, flag: bool):
    tl.static_assert(n.dtype == tl.int32)
    tl.static_assert(x.dtype == tl.float32)
    tl.static_assert(flag.dtype == tl.int1)
    tl.store(ptr + n, x, mask=flag)
