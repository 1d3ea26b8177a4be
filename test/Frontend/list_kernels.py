# RUN: tilec %s --list-kernels | FileCheck %s
# RUN: tilec %s -k kern_a -s "*i32, i32" --emit=tile | FileCheck %s --check-prefix=KERNA
# RUN: not tilec %s -s "*i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=NOK
#
# --list-kernels prints every @jit function (helpers included) one per line
# in file order: `@triton.jit`, `@triton.jit(...)`, a bare `@jit` imported
# from triton, and a @jit under another decorator; plain functions are not
# listed. With several, -k is required.

# CHECK: helper
# CHECK-NEXT: kern_a
# CHECK-NEXT: kern_b
# CHECK-NEXT: kern_c
# CHECK-NOT: {{.}}

# KERNA-LABEL: func.func @kern_a
# KERNA-NOT: func.func @helper
# NOK: error: the file has 4 @jit functions; choose one with -k: helper, kern_a, kern_b, kern_c
import triton
import triton.language as tl
from triton import jit


@triton.jit
def helper(x):
    return x + 1


@triton.jit(do_not_specialize=["n"])
def kern_a(x_ptr, n):
    tl.store(x_ptr, helper(n))


@jit
def kern_b(x_ptr):
    tl.store(x_ptr, 0)


def not_jit(x_ptr):
    pass


@triton.autotune(configs=[], key=["n"])
@triton.jit
def kern_c(x_ptr, n):
    tl.store(x_ptr, n)
