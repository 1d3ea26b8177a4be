# RUN: tilec %s -k with_args -s "*fp32, i32" --emit=tile | FileCheck %s --check-prefix=ARGS
# RUN: tilec %s -k by_call -s "*fp32, i32, 64" --emit=tile | FileCheck %s --check-prefix=CALL
# RUN: tilec %s -k tuned_by_call --list-configs | FileCheck %s --check-prefix=TUNEDCALL
# RUN: tilec %s -k heur_above --list-configs | FileCheck %s --check-prefix=HEURABOVE
# RUN: tilec %s -k heur_below --list-configs | FileCheck %s --check-prefix=HEURBELOW
# RUN: tilec %s -k versioned -s "*fp32" --emit=tile | FileCheck %s --check-prefix=VERSIONED
# RUN: tilec %s -k branch -s "*fp32" --emit=tile | FileCheck %s --check-prefix=BRANCH
# RUN: tilec %s -k uses_rsqrt -s "*fp32" --emit=tile | FileCheck %s --check-prefix=TRY
#
# Every way Triton finds a kernel: @triton.jit with arguments, triton.jit
# as a call, autotune and heuristics applied by call or stacked in either
# order, kernels defined under a module-level `if`, and names bound under
# `try: ... except ImportError:` taking the branch Triton on CUDA takes.
import triton
import triton.language as tl
from triton import jit


@triton.jit(do_not_specialize=['n'], debug=False, noinline=False,
            launch_metadata=None, repr=None)
def with_args(x_ptr, n):
    tl.store(x_ptr, n.to(tl.float32))

# ARGS-LABEL: func.func @with_args
# ARGS: tile.store


def by_call(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 2.0, mask=offs < n)


by_call = triton.jit(by_call)

# CALL-LABEL: func.func @by_call
# CALL: tile.make_range 0 to 64


def tuned_by_call(x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)


tuned_by_call = triton.autotune(
    configs=[triton.Config({'BLOCK': 32}), triton.Config({'BLOCK': 64})],
    key=[])(jit(tuned_by_call))

# TUNEDCALL: 0: BLOCK=32
# TUNEDCALL: 1: BLOCK=64


@triton.heuristics({'EVEN': lambda args: args['n'] % args['BLOCK'] == 0})
@triton.autotune(configs=[triton.Config({'BLOCK': 16})], key=['n'])
@triton.jit
def heur_above(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    pass

# HEURABOVE: # key: n
# HEURABOVE: 0: BLOCK=16


@triton.autotune(configs=[triton.Config({'BLOCK': 8})], key=['n'])
@triton.heuristics(values={'EVEN': lambda args: args['n'] % 2 == 0})
@triton.jit
def heur_below(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    pass

# HEURBELOW: # key: n
# HEURBELOW: 0: BLOCK=8


if triton.__version__ >= "2.1.0":
    @triton.jit
    def versioned(x_ptr):
        tl.store(x_ptr, 1.0)
else:
    @triton.jit
    def versioned(x_ptr):
        tl.store(x_ptr, 2.0)

# VERSIONED-LABEL: func.func @versioned
# VERSIONED: arith.constant 1.000000e+00 : f32
# VERSIONED-NOT: 2.000000e+00


USE_FAST = False
for option in ["a", "b"]:
    if option == "b":
        USE_FAST = True
if USE_FAST:
    @triton.jit
    def branch(x_ptr):
        tl.store(x_ptr, 3.0)
else:
    @triton.jit
    def branch(x_ptr):
        tl.store(x_ptr, 4.0)

# BRANCH-LABEL: func.func @branch
# BRANCH: arith.constant 3.000000e+00 : f32


try:
    from .no_such_module import rsqrt
except ImportError:
    from triton.language.extra.libdevice import rsqrt


@triton.jit
def uses_rsqrt(x_ptr):
    tl.store(x_ptr, rsqrt(tl.load(x_ptr)))

# TRY-LABEL: func.func @uses_rsqrt
# TRY: tile.extern_elementwise "__nv_rsqrtf"
