# RUN: tilec %s -k exact -s "*i64, *u64" --emit=tile-raw | FileCheck %s
#
# Constexpr integers are Python's: exact at any size. Each reproducer from
# issue 17 is checked twice: by tl.static_assert against the value Python
# computes, and by the constant it stores (an int64 or uint64 constant prints
# as its signless i64 bit pattern). Intermediate values beyond 64 bits are
# fine as long as what reaches the kernel fits.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @exact
# abs(-2**63) = 2**63, a uint64 constant.
# CHECK: arith.constant -9223372036854775808 : i64
# 0xFFFFFFFFFFFFFFFF // 2 = 2**63 - 1.
# CHECK: arith.constant 9223372036854775807 : i64
# int(1e19) = 10**19 exactly.
# CHECK: arith.constant -8446744073709551616 : i64
# triton.next_power_of_2(2**62 + 1) = 2**63.
# CHECK: arith.constant -9223372036854775808 : i64
# (2**100 + 7) % 2**64 = 7 and (2**100 + 7) // 2**96 = 16 (int32 constants
# that the store extends).
# CHECK: arith.constant 7 : i32
# CHECK: arith.constant 16 : i32
# -2**63 // -1 = 2**63 (no int64 overflow).
# CHECK: arith.constant -9223372036854775808 : i64
# Python's floor division and modulo round toward minus infinity.
# CHECK: arith.constant -4 : i32
# CHECK: arith.constant 2 : i32
# CHECK: arith.constant -1 : i32
@triton.jit
def exact(P, U):
    tl.static_assert(abs(-2**63) == 9223372036854775808)
    tl.store(U, abs(-2**63))
    tl.static_assert(0xFFFFFFFFFFFFFFFF // 2 == 9223372036854775807)
    tl.store(P, 0xFFFFFFFFFFFFFFFF // 2)
    tl.static_assert(int(1e19) == 10000000000000000000)
    tl.store(U, int(1e19))
    tl.static_assert(triton.next_power_of_2(2**62 + 1) == 2**63)
    tl.store(U, triton.next_power_of_2(2**62 + 1))
    big = 2**100 + 7
    tl.static_assert(big - 2**100 == 7 and big // 2**99 == 2)
    tl.static_assert(big > 2**64 and -big < -2**64)
    tl.store(P, big % 2**64)
    tl.store(P, big // 2**96)
    tl.static_assert((1 << 200) >> 199 == 2)
    tl.static_assert(-(1 << 200) >> 300 == -1)
    tl.static_assert(~(2**70) == -(2**70) - 1)
    tl.static_assert((2**70 | 1) & 3 == 1)
    tl.static_assert((2**70 ^ 2**70) == 0)
    tl.static_assert(3**50 % 1000 == 249 and 3**50 // 3**49 == 3)
    tl.static_assert(2**64 * 2**64 == 2**128)
    tl.static_assert(float(2**64) == 18446744073709551616.0)
    tl.static_assert(triton.cdiv(2**64, 2**63) == 2)
    tl.store(U, -2**63 // -1)
    tl.store(P, -7 // 2)
    tl.store(P, -7 % 3)
    tl.store(P, 7 % -2)
