# RUN: tilec %s --list-configs -k k | FileCheck %s
#
# A decorator is what it was when Python applied it: `triton` rebound
# further down the module (as torchao's mx_formats/kernels.py does with a
# second, conditional `import triton`) changes neither which decorator was
# applied nor the configs its arguments computed then.
import triton
import triton.language as tl


def make_configs():
    results = []
    for block in (16, 32):
        results.append(triton.Config({"BLOCK": block}, num_warps=4))
    return results


# CHECK: # key: n
# CHECK-NEXT: 0: BLOCK=16, num_warps=4, num_stages=3
# CHECK-NEXT: 1: BLOCK=32, num_warps=4, num_stages=3
# CHECK-NOT: {{.}}
@triton.autotune(configs=make_configs(), key=["n"])
@triton.jit
def k(x, n, BLOCK: tl.constexpr):
    tl.store(x + tl.arange(0, BLOCK), 1.0)


triton = None
