# RUN: tilec %s -k k --list-configs | FileCheck %s
#
# Nested `def`s in plain functions, run as Python runs closures: the inner
# function reads its own parameters, the enclosing calls' locals (as bound
# when it runs, so a name bound after the `def` is seen) and the module's
# globals; a decorator factory returns a closure that outlives its call;
# `global` in the enclosing function binds the module global, as FlagGems'
# get_vendor_module does (flag_gems/runtime/backend/__init__.py).
import triton
import triton.language as tl

vendor_module = None
loads = 0


def load(name):
    global loads
    loads += 1
    return name.upper()


def get_vendor_module(vendor_name, query=False):
    def get_module(vendor_name):
        return load(vendor_name)

    if query:
        return get_module("_" + vendor_name)
    global vendor_module
    if vendor_module is None:
        vendor_module = get_module("_" + vendor_name)
    return vendor_module


get_vendor_module("nvidia")
get_vendor_module("nvidia")  # cached in the global: loads once
QUERIED = get_vendor_module("amd", query=True)


def late():
    def helper(x):
        return x * factor  # bound after the def, before the call

    factor = 3
    return helper(2)


def scale_by(n):
    def decorator(fn):
        def wrapped(x):
            return fn(x) * n  # two enclosing scopes

        return wrapped

    return decorator


@scale_by(10)
def plus_one(x):
    return x + 1


def shadow():
    x = 1

    def inner():
        x = 2  # binds inner's own x, not shadow's
        return x

    return inner() * 10 + x


mode = "module"


def global_in_closure():
    mode = "enclosing"

    def inner():
        global mode  # the module's, not global_in_closure's
        return mode

    return inner() + "/" + mode


@triton.autotune(
    configs=[triton.Config({'VENDOR': vendor_module, 'LOADS': loads,
                            'QUERIED': QUERIED, 'LATE': late(),
                            'DECORATED': plus_one(4), 'SHADOW': shadow(),
                            'MODE': global_in_closure()})],
    key=[])
@triton.jit
def k(x_ptr, VENDOR: tl.constexpr, LOADS: tl.constexpr,
      QUERIED: tl.constexpr, LATE: tl.constexpr, DECORATED: tl.constexpr,
      SHADOW: tl.constexpr, MODE: tl.constexpr):
    pass

# CHECK: 0: VENDOR="_NVIDIA", LOADS=2, QUERIED="_AMD", LATE=6, DECORATED=50, SHADOW=21, MODE="module/enclosing"
