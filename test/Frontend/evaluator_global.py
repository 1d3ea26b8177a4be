# RUN: tilec %s -k k --list-configs | FileCheck %s
#
# `global` in plain functions: the function binds the names in its module,
# as libraries' setters do (`set_backend(...)` then `get_backend()`).
import triton
import triton.language as tl

_backend = None
_calls = 0


def set_backend(name):
    global _backend, _calls
    _backend = name.upper()
    _calls += 1


def get_backend():
    return _backend


set_backend("cuda")
set_backend("cuda")


@triton.autotune(
    configs=[triton.Config({'BLOCK': 64 if get_backend() == "CUDA" else 32,
                            'CALLS': _calls})],
    key=[])
@triton.jit
def k(x_ptr, BLOCK: tl.constexpr, CALLS: tl.constexpr):
    pass

# CHECK: 0: BLOCK=64, CALLS=2
