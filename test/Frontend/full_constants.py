# RUN: tilec %s -k full_trunc -s "*i8, *u8, *i1, *fp16" --emit=tile-raw | FileCheck %s
#
# tl.full with a Python number follows Triton's scalar_constant: an integer
# type takes any int64 (signed types) or uint64 (unsigned types) and keeps
# its low bits, as Triton's get_int8/get_uint8 builders do (300 as int8 is
# 44, -129 is 127, 2**40 + 5 as uint8 is 5); zero of any kind is the type's
# zero; int1 takes the truth value. Triton refuses the rest (Errors/full.py).

import triton
import triton.language as tl


# CHECK-LABEL: func.func @full_trunc
# CHECK: arith.constant dense<44> : tensor<16xi8>
# CHECK: arith.constant dense<127> : tensor<16xi8>
# CHECK: arith.constant dense<5> : tensor<16xi8>
# CHECK: arith.constant dense<-1> : tensor<16xi8>
# CHECK: arith.constant dense<0> : tensor<16xi8>
# CHECK: arith.constant dense<true> : tensor<16xi1>
# CHECK: arith.constant dense<2.000000e+00> : tensor<16xf16>
@triton.jit
def full_trunc(P, U, B, H):
    offs = tl.arange(0, 16)
    tl.store(P + offs, tl.full([16], 300, tl.int8))
    tl.store(P + offs, tl.full([16], -129, tl.int8))
    tl.store(U + offs, tl.full([16], 2**40 + 5, tl.uint8))
    tl.store(U + offs, tl.full([16], 2**64 - 1, tl.uint8))
    tl.store(P + offs, tl.full([16], 0.0, tl.int8))
    tl.store(B + offs, tl.full([16], 5, tl.int1))
    tl.store(H + offs, tl.full([16], 2, tl.float16))
