# RUN: not tilec %s --list-configs -k k 2>&1 | FileCheck %s
#
# A list method that tilec skips because an argument is unknown may have
# changed the list: the list is unknown from there on, so the configs built
# in it are refused by name, never silently one default config.
import torch
import triton
import triton.language as tl


def make_configs():
    results = []
    for block in (16, 32):
        results.append(triton.Config({"BLOCK": block},
                                     num_warps=torch.some_probe()))
    return results


# CHECK: autotune_unknown_append.py:[[@LINE+3]]:26: error: autotune 'configs' needs a call of 'torch.some_probe' (autotune_unknown_append.py:15), which tilec cannot evaluate without running Python
# CHECK-NEXT: @triton.autotune(configs=make_configs(), key=["n"])
# CHECK-NEXT: {{^}}                         ^
@triton.autotune(configs=make_configs(), key=["n"])
@triton.jit
def k(x, n, BLOCK: tl.constexpr):
    tl.store(x + tl.arange(0, BLOCK), 1.0)
