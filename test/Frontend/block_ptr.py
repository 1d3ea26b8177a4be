# RUN: tilec %s -k copy1d -s "*fp32, *fp32, i32, i32, 128" --emit=tile | FileCheck %s --check-prefix=COPY1D
# RUN: tilec %s -k copy2d -s "*fp16:16, *fp16:16, i32, i32, i32, i32:1, 32, 64" --emit=tile | FileCheck %s --check-prefix=COPY2D
# RUN: tilec %s -k loop -s "*fp32, *fp32, i32, i32, 16, 64" --emit=tile | FileCheck %s --check-prefix=LOOP
# RUN: tilec %s -k branches -s "*i8, *i1, i32, i32, 64" --emit=tile | FileCheck %s --check-prefix=BRANCH
# RUN: tilec %s -k helpers -s "*fp32, *fp32, i32, i64, 32" --emit=tile | FileCheck %s --check-prefix=HELPER
#
# Block pointers never reach the IR as a type: tl.make_block_ptr is a
# frontend value (the base pointer, the parent's shape and strides as i64,
# the offsets sign-extended to i64), and each tl.load/tl.store through one
# expands, as Triton's RewriteTensorPointer does, into
#   splat(base) + sum_d (splat(off_d) + extsi(make_range(0, B_d))) * stride_d
# with the mask 0 <= index < shape_d on each boundary_check dimension and
# `other` from padding_option. tl.advance adds to the i64 offsets; a loop
# carries the fields (the ones it does not change fold away), an `if` merges
# them, and helpers take and return block pointers.

import triton
import triton.language as tl


# COPY1D-LABEL: func.func @copy1d(
# COPY1D-SAME: %[[X:[a-z0-9]+]]: !tile.ptr<f32>, %[[O:[a-z0-9]+]]: !tile.ptr<f32>, %[[N:[a-z0-9]+]]: i32, %[[OFF:[a-z0-9]+]]: i32
# COPY1D-DAG: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<128xf32>
# COPY1D-DAG: %[[ZERO:.*]] = arith.constant dense<0> : tensor<128xi64>
# COPY1D-DAG: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
# COPY1D-DAG: %[[OFF64:.*]] = arith.extsi %[[OFF]] : i32 to i64
# COPY1D-DAG: %[[R:.*]] = tile.make_range 0 to 128 : tensor<128xi32>
# COPY1D-DAG: %[[R64:.*]] = arith.extsi %[[R]] : tensor<128xi32> to tensor<128xi64>
# COPY1D-DAG: %[[SOFF:.*]] = tile.splat %[[OFF64]] : i64 -> tensor<128xi64>
# COPY1D: %[[IDX:.*]] = arith.addi %[[SOFF]], %[[R64]] : tensor<128xi64>
# COPY1D: %[[BASE:.*]] = tile.splat %[[X]] : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
# COPY1D: %[[PTRS:.*]] = tile.addptr %[[BASE]], %[[IDX]] : tensor<128x!tile.ptr<f32>>, tensor<128xi64>
# COPY1D: %[[LO:.*]] = arith.cmpi sge, %[[IDX]], %[[ZERO]] : tensor<128xi64>
# COPY1D: %[[SN:.*]] = tile.splat %[[N64]] : i64 -> tensor<128xi64>
# COPY1D: %[[HI:.*]] = arith.cmpi slt, %[[IDX]], %[[SN]] : tensor<128xi64>
# COPY1D: %[[MASK:.*]] = arith.andi %[[LO]], %[[HI]] : tensor<128xi1>
# COPY1D: %[[V:.*]] = tile.load %[[PTRS]], %[[MASK]], %[[NAN]]
# A boundary_check of 0 checks nothing (Triton tests its truth).
# COPY1D: %[[OBASE:.*]] = tile.splat %[[O]]
# COPY1D: %[[OPTRS:.*]] = tile.addptr %[[OBASE]], %[[IDX]]
# COPY1D: tile.store %[[OPTRS]], %[[V]] :
@triton.jit
def copy1d(X, O, N, off, BLOCK: tl.constexpr):
    p = tl.make_block_ptr(X, (N,), (1,), (off,), (BLOCK,), (0,))
    x = tl.load(p, boundary_check=(0,), padding_option="nan")
    q = tl.make_block_ptr(base=O, shape=N, strides=1, offsets=off,
                          block_shape=BLOCK, order=0)
    tl.store(q, x, boundary_check=0)


# Each dimension's index is broadcast along the others; the `:1` inner
# stride folds away, the outer one multiplies (tile-combine turns the chain
# of addptrs into one). Only dimension 1 is checked.
# COPY2D-LABEL: func.func @copy2d(
# COPY2D-DAG: tile.make_range 0 to 32 : tensor<32xi32>
# COPY2D-DAG: tile.make_range 0 to 64 : tensor<64xi32>
# COPY2D-DAG: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
# COPY2D-DAG: tile.expand_dims %{{.*}} {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
# COPY2D: %[[ROWS:.*]] = arith.muli %{{.*}}, %{{.*}} : tensor<32x1xi64>
# COPY2D: tile.broadcast %[[ROWS]] : tensor<32x1xi64> -> tensor<32x64xi64>
# COPY2D: tile.broadcast %{{.*}} : tensor<1x64xi64> -> tensor<32x64xi64>
# COPY2D: tile.addptr %{{.*}}, %{{.*}} : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi64>
# COPY2D: arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<1x64xi64>
# COPY2D: %[[M:.*]] = tile.broadcast %{{.*}} : tensor<1x64xi1> -> tensor<32x64xi1>
# COPY2D: %[[X:.*]] = tile.load %{{.*}}, %[[M]], %{{.*}} : tensor<32x64x!tile.ptr<f16>>
# COPY2D: tile.store %{{.*}}, %[[X]] :
@triton.jit
def copy2d(X, O, M, N, stride_m, stride_n, BM: tl.constexpr,
           BN: tl.constexpr):
    pm = tl.program_id(0)
    src = tl.make_block_ptr(X, (M, N), (stride_m, stride_n), (pm * BM, 0),
                            (BM, BN), (1, 0))
    x = tl.load(src, boundary_check=[1], padding_option="zero")
    dst = tl.make_block_ptr(O, (M, N), (stride_m, stride_n), (pm * BM, 0),
                            (BM, BN), (1, 0))
    tl.store(dst, x)


# The loop carries only the offsets that tl.advance changes, as i64.
# LOOP-LABEL: func.func @loop(
# LOOP: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:[a-z0-9]+]] = %{{[a-z0-9_]+}}, %[[OFF:[a-z0-9]+]] = %{{[a-z0-9_]+}}) -> (tensor<16x64xf32>, i64)
# LOOP: tile.splat %[[OFF]] : i64 -> tensor<64xi64>
# LOOP: tile.load
# LOOP: %[[NEXT:.*]] = arith.addi %[[OFF]], %{{.*}} : i64
# LOOP: scf.yield %{{.*}}, %[[NEXT]] : tensor<16x64xf32>, i64
# LOOP: tile.store %{{.*}}, %{{.*}}, %{{.*}} :
@triton.jit
def loop(X, O, M, N, BM: tl.constexpr, BN: tl.constexpr):
    src = tl.make_block_ptr(X, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(N, BN)):
        acc += tl.load(src, boundary_check=(0, 1), padding_option="zero")
        src = src.advance((0, BN))
    dst = tl.make_block_ptr(O, (M, BN), (BN, 1), (0, 0), (BM, BN), (1, 0))
    dst.store(acc, boundary_check=(0,))


# A bool base pointer is read as int8 (Triton's rule), and an `if` that
# advances on one path merges the offsets.
# BRANCH-LABEL: func.func @branches(
# BRANCH: tile.bitcast %{{.*}} : !tile.ptr<i1> -> !tile.ptr<i8>
# BRANCH: %[[OFF:.*]] = scf.if %{{.*}} -> (i64) {
# BRANCH: scf.yield %{{.*}} : i64
# BRANCH: } else {
# BRANCH: scf.yield %{{.*}} : i64
# BRANCH: tile.splat %[[OFF]] : i64 -> tensor<64xi64>
# BRANCH: tile.load %{{.*}} : tensor<64x!tile.ptr<i8>>
@triton.jit
def branches(O, F, N, step, B: tl.constexpr):
    p = tl.make_block_ptr(F, (N,), (1,), (0,), (B,), (0,))
    if step > 0:
        p = tl.advance(p, [step])
    flags = tl.load(p, boundary_check=(0,), padding_option="zero")
    q = tl.make_block_ptr(O, (N,), (1,), (0,), (B,), (0,))
    tl.store(q, flags + 1, boundary_check=(0,))


@triton.jit
def shifted(p, n):
    return tl.advance(p, (n,))


@triton.jit
def load_checked(p):
    return tl.load(p, boundary_check=(0,))


# Helpers take and return block pointers; an int64 shape stays as it is and
# a padding_option of "" leaves out-of-bounds elements undefined (no other).
# HELPER-LABEL: func.func @helpers(
# HELPER-SAME: %{{[a-z0-9]+}}: i32, %[[L:[a-z0-9]+]]: i64
# HELPER: tile.splat %[[L]] : i64 -> tensor<32xi64>
# HELPER: %[[X:.*]] = tile.load %{{[0-9]+}}, %{{[0-9]+}} : tensor<32x!tile.ptr<f32>>
# HELPER: tile.store %{{.*}}, %[[X]] : tensor<32x!tile.ptr<f32>>
@triton.jit
def helpers(X, O, n, L, B: tl.constexpr):
    p = tl.make_block_ptr(X, (L,), (1,), (0,), (B,), (0,))
    x = load_checked(shifted(p, n))
    q = shifted(tl.make_block_ptr(O, (L,), (1,), (0,), (B,), (0,)), n)
    tl.store(q, x)
