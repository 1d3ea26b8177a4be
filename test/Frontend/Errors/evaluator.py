# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# The module-level Python tilec cannot evaluate is an error only where a
# kernel or a decorator needs it, at that use, naming the construct.

import torch
import triton
import triton.language as tl


def get_configs():
    name = torch.cuda.mem_get_info()
    return [triton.Config({'BLOCK': 64 if name == "H100" else 32})]


# expected-error @+1 {{autotune 'configs' needs a call of 'torch.cuda.mem_get_info'}}
@triton.autotune(configs=get_configs(), key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import triton
import triton.language as tl


def hook(args):
    pass


# expected-error @+1 {{'triton.autotune' argument 'pre_hook' runs Python around each timing run, which tilec cannot do}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['n'], pre_hook=hook)
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'triton.autotune' argument 'post_hook' runs Python around each timing run, which tilec cannot do}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['n'], post_hook=lambda *args: None)
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import torch
import triton
import triton.language as tl

fast_exp = torch.compile(tl.exp)


@triton.jit
def k(x_ptr, n):
    # expected-error @+1 {{'fast_exp' is bound to a call of 'torch.compile'}}
    tl.store(x_ptr, fast_exp(1.0))


# -----
import triton
import triton.language as tl

with open("limits.txt") as f:
    LIMIT = tl.constexpr(int(f.read()))


@triton.jit
def k(x_ptr, n):
    # expected-error @+1 {{'LIMIT' is bound to a 'with' block}}
    tl.store(x_ptr, LIMIT)


# -----
import triton
import triton.language as tl

from .missing import helper


@triton.jit
def k(x_ptr, n):
    # expected-error @+1 {{'helper' is imported by 'from .missing import helper', which finds nothing in the kernel file's package, the -I directories or PYTHONPATH}}
    tl.store(x_ptr, helper(n))


# -----
import triton
import triton.language as tl

VALUES = [1, 2]
# The kernel needs BLOCK: an index out of range is an unknown value there.
BLOCK = tl.constexpr(VALUES[5])


@triton.jit
def k(x_ptr, n):
    # expected-error @+1 {{'BLOCK' is bound to an index out of range}}
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


# -----
import triton
import triton.language as tl


def configs():
    while True: pass


# expected-error @+1 {{autotune 'configs' needs a computation longer than tilec evaluates}}
@triton.autotune(configs=configs(), key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import torch
import triton
import triton.language as tl


def npu_count():
    # What CPython would raise here is unknown to tilec: the handler is not
    # taken, the result is unknown.
    try:
        return torch.npu.device_count()
    except Exception:
        return 0


# expected-error @+1 {{autotune 'configs' needs a call of 'torch.npu.device_count'}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64 * (npu_count() + 1)})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import triton
import triton.language as tl


def helper():
    import math as m
    return m.ceil(1.5)


X = tl.constexpr(helper())


@triton.jit
def k(x_ptr, n):
    # A function's imports bind names of its own frame, not of the module.
    # expected-error @+1 {{name 'm' is not defined}}
    tl.store(x_ptr, m.ceil(X))


# -----
import torch
import triton
import triton.language as tl
from packaging.version import Version


# expected-error @+1 {{autotune 'configs' needs 'packaging.version.Version(torch.__version__)' (a version tilec does not know)}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64 if Version(torch.__version__) >= Version("2.4") else 32})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import torch
import triton
import triton.language as tl


# expected-error @+1 {{autotune 'configs' needs 'hasattr(torch, 'xpu')' (a name outside the program)}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64 if hasattr(torch, "xpu") else 32})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import triton
import triton.language as tl
from packaging import version


# expected-error @+1 {{autotune 'configs' needs 'packaging.version.Version('not a version')', which raises InvalidVersion in Python}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64 if version.parse("not a version") > version.parse("1.0") else 32})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import torch
import triton
import triton.language as tl

_mode = 0


def detect():
    # tilec cannot finish this call: whether it rebound _mode is unknown.
    global _mode
    if torch.cuda.mem_get_info() == "H100":
        _mode = 1


detect()


# expected-error @+1 {{autotune 'configs' needs '_mode', which 'detect' binds with 'global' in a call tilec cannot finish (a call of 'torch.cuda.mem_get_info')}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64 * (_mode + 1)})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import triton
import triton.language as tl

_lib = None


def load_lib(path):
    global _lib
    with open(path) as f:
        _lib = f.read()


def get_lib():
    return _lib


# A function tilec cannot read may rebind its globals whenever it is called.
# expected-error @+1 {{autotune 'configs' needs '_lib', which the function 'load_lib' binds with 'global' ('with' is not supported in tilec kernels)}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64 if get_lib() is None else 32})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import triton
import triton.language as tl


def name(x):
    return f"{x=}"


# expected-error @+1 {{autotune 'configs' needs the function 'name' (self-documenting f-string fields ('{x=}') are not supported by tilec's evaluator)}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64 if name(1) else 32})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import triton
import triton.language as tl

WIDTH = f"{1.0:.3}"


# expected-error @+1 {{autotune 'configs' needs 'format(1.0, '.3')' (a format tilec does not evaluate)}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64 if WIDTH else 32})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass


# -----
import torch
import triton
import triton.language as tl

_impl = None


def set_impl(vendor):
    global _impl
    _impl = f"triton.language.extra.{vendor}.libdevice"


def get_impl():
    return _impl


# An argument tilec cannot evaluate does not skip the call: the setter runs
# and binds its global to what depends on it.
set_impl(torch.cuda.mem_get_info())


# expected-error @+1 {{autotune 'configs' needs a call of 'torch.cuda.mem_get_info'}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64 if get_impl() is None else 32})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    pass
