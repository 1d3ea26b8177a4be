# RUN: tilec %s -k ints -s "*i32" --emit=tile-raw | FileCheck %s --check-prefix=INTS
# RUN: tilec %s -k floats -s "*fp32" --emit=tile-raw | FileCheck %s --check-prefix=FLOATS
# RUN: tilec %s -k big -s "*i64" --emit=tile-raw | FileCheck %s --check-prefix=BIG
#
# Python number literals: decimal, hex, octal, binary, underscores, negative,
# True; float forms and float("inf"/"-inf"/"nan"); an int beyond 32 bits.

import triton
import triton.language as tl


# INTS-LABEL: func.func @ints
# INTS: arith.constant 42 : i32
# INTS: arith.constant 31 : i32
# INTS: arith.constant 15 : i32
# INTS: arith.constant 5 : i32
# INTS: arith.constant 1000 : i32
# INTS: arith.constant -7 : i32
# INTS: %[[B:.*]] = arith.constant true
# INTS: %[[T:.*]] = arith.extui %[[B]] : i1 to i32
# INTS-NEXT: tile.store %{{.*}}, %[[T]]
@triton.jit
def ints(out_ptr):
    tl.store(out_ptr + 0, 42)
    tl.store(out_ptr + 1, 0x1F)
    tl.store(out_ptr + 2, 0o17)
    tl.store(out_ptr + 3, 0b101)
    tl.store(out_ptr + 4, 1_000)
    tl.store(out_ptr + 5, -7)
    tl.store(out_ptr + 6, True)


# FLOATS-LABEL: func.func @floats
# FLOATS: arith.constant 1.500000e+00 : f32
# FLOATS: arith.constant 2.000000e+03 : f32
# FLOATS: arith.constant 2.500000e-01 : f32
# FLOATS: arith.constant 0x7F800000 : f32
# FLOATS: arith.constant 0xFF800000 : f32
# FLOATS: arith.constant 0x7FC00000 : f32
# FLOATS: arith.constant 1.000000e-03 : f32
@triton.jit
def floats(out_ptr):
    tl.store(out_ptr + 0, 1.5)
    tl.store(out_ptr + 1, 2e3)
    tl.store(out_ptr + 2, .25)
    tl.store(out_ptr + 3, float("inf"))
    tl.store(out_ptr + 4, float("-inf"))
    tl.store(out_ptr + 5, float("nan"))
    tl.store(out_ptr + 6, 1e-3)


# 2**40 is folded by the frontend and needs 64 bits.
# BIG-LABEL: func.func @big
# BIG: %[[C:.*]] = arith.constant 1099511627776 : i64
# BIG: tile.store %{{.*}}, %[[C]] : !tile.ptr<i64>
@triton.jit
def big(out_ptr):
    tl.store(out_ptr, 2**40)
