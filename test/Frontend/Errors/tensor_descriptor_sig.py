# Tensor descriptor signature entries (`tensordesc<DTYPE[D0, D1]>`) that
# tilec cannot honor are refused at the kernel (a malformed entry) or at the
# parameter (a block TMA cannot move), with the reason.
# RUN: not tilec %s -k k -s "tensordesc<fp17[64, 64]>, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=DTYPE
# DTYPE: tensor_descriptor_sig.py:[[#@LINE+19]]:5: error: in the signature of 'k': malformed signature entry 1 'tensordesc<fp17[64, 64]>': unknown tensor descriptor element type 'fp17'
# RUN: not tilec %s -k k -s "tensordesc<fp16>, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=SHAPE
# SHAPE: error: in the signature of 'k': malformed signature entry 1 'tensordesc<fp16>': expected tensordesc<DTYPE[D0, D1]>, e.g. tensordesc<fp16[128, 64]>
# RUN: not tilec %s -k k -s "tensordesc<fp16[64, x]>, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=DIM
# DIM: malformed signature entry 1 'tensordesc<fp16[64, x]>': tensor descriptor block dimension 'x' is not a positive integer
# RUN: not tilec %s -k k -s "tensordesc<fp16[64, 48]>, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=POW2
# POW2: tensor_descriptor_sig.py:[[#@LINE+13]]:7: error: tensor descriptor 'd' (tensordesc<fp16[64, 48]>): every dimension of a tensor descriptor's block must be a power of two
# POW2-NEXT: def k(d, n):
# POW2-NEXT: ^
# RUN: not tilec %s -k k -s "tensordesc<fp16[64, 4]>, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=ROW
# ROW: error: tensor descriptor 'd' (tensordesc<fp16[64, 4]>): the contiguous dimension of a tensor descriptor's block must span at least 16 bytes
# RUN: not tilec %s -k k -s "tensordesc<fp16[2, 64, 64]>, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=RANK
# RANK: error: tensor descriptor 'd' has a block of rank 3; tilec supports 2-D blocks

import triton
import triton.language as tl


@triton.jit
def k(d, n):
    x = d.load([0, n])
    d.store([0, 0], x)
