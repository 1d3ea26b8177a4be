# RUN: tilec %s -k one -s "*u32, *u32, i32, 256" --emit=tile | FileCheck %s --check-prefix=ONE
# RUN: tilec %s -k two -s "*u8, *fp32, *i32, *fp32, 256" --emit=tile | FileCheck %s --check-prefix=TWO
# RUN: tilec %s -k bcast -s "*i32, *i32, i32" --emit=tile | FileCheck %s --check-prefix=BCAST
# RUN: tilec %s -k impure -s "*i32, 128" --emit=tile | FileCheck %s --check-prefix=IMPURE
# RUN: tilec %s -k pred -s "*i32, *i32" --emit=ptx --arch=sm_80 --no-cache -o %t.pred.ptx
# RUN: FileCheck %s --check-prefix=PRED < %t.pred.ptx
# RUN: tilec %s -k two -s "*u8, *fp32, *i32, *fp32, 256" --emit=ptx --arch=sm_90a --no-cache -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
#
# tl.inline_asm_elementwise: the arguments broadcast to one shape (numbers
# take their default type, no promotion), one result per dtype (a tuple when
# dtype is a tuple), `pack` elements per invocation, `is_pure`.

import triton
import triton.language as tl


# ONE-LABEL: func.func @one(
# ONE: %[[X:.*]] = tile.load
# ONE: %[[Y:.*]] = tile.inline_asm_elementwise "shf.l.wrap.b32 $0, $1, $1, 7;" "=r,r" pure pack = 1 (%[[X]]) : (tensor<256xi32>) -> tensor<256xi32>
# ONE: tile.store %{{.*}}, %[[Y]]
@triton.jit
def one(X, O, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(X + offs, mask=offs < N)
    y = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $1, 7;", "=r,r", [x],
                                  dtype=tl.uint32, is_pure=True, pack=1)
    tl.store(O + offs, y, mask=offs < N)


# Triton's documented example: (int32, float32) from (uint8, float32), four
# at a time.
# TWO-LABEL: func.func @two(
# TWO: %[[R:.*]]:2 = tile.inline_asm_elementwise "{{.*}}" "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r" pure pack = 4 (%{{.*}}, %{{.*}}) : (tensor<256xi8>, tensor<256xf32>) -> (tensor<256xi32>, tensor<256xf32>)
# TWO: tile.store %{{.*}}, %[[R]]#0
# TWO: tile.store %{{.*}}, %[[R]]#1
# PTX-LABEL: .entry two(
# PTX: mov.b32 {tmp0, tmp1, tmp2, tmp3}
# PTX: max.f32
@triton.jit
def two(A, B, C, D, BLOCK: tl.constexpr):
    a = tl.load(A + tl.arange(0, BLOCK))
    b = tl.load(B + tl.arange(0, BLOCK))
    (c, d) = tl.inline_asm_elementwise(
        asm="""
        {
            .reg .b8 tmp<4>;
            mov.b32 {tmp0, tmp1, tmp2, tmp3}, $8;
            cvt.u32.u8 $0, tmp0;
            cvt.u32.u8 $1, tmp1;
            cvt.u32.u8 $2, tmp2;
            cvt.u32.u8 $3, tmp3;
        }
        cvt.rn.f32.s32 $4, $0;
        cvt.rn.f32.s32 $5, $1;
        cvt.rn.f32.s32 $6, $2;
        cvt.rn.f32.s32 $7, $3;
        max.f32 $4, $4, $9;
        max.f32 $5, $5, $10;
        max.f32 $6, $6, $11;
        max.f32 $7, $7, $12;
        """,
        constraints="=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r",
        args=[a, b],
        dtype=(tl.int32, tl.float32),
        is_pure=True,
        pack=4,
    )
    tl.store(C + tl.arange(0, BLOCK), c)
    tl.store(D + tl.arange(0, BLOCK), d)


# A scalar and a number broadcast to the tensor's shape; the number is an
# int32 and is not promoted.
# BCAST-LABEL: func.func @bcast(
# BCAST-SAME: %{{[^:]*}}: !tile.ptr<i32>, %{{[^:]*}}: !tile.ptr<i32>, %[[S:[^:]*]]: i32)
# BCAST-DAG: %[[C3S:.*]] = arith.constant dense<3> : tensor<4x32xi32>
# BCAST-DAG: %[[X:.*]] = tile.load
# BCAST-DAG: %[[SS:.*]] = tile.splat %[[S]] : i32 -> tensor<4x32xi32>
# BCAST: tile.inline_asm_elementwise "mad.lo.s32 $0, $1, $2, $3;" "=r,r,r,r" pure pack = 1 (%[[X]], %[[SS]], %[[C3S]]) : (tensor<4x32xi32>, tensor<4x32xi32>, tensor<4x32xi32>) -> tensor<4x32xi32>
@triton.jit
def bcast(X, O, s):
    i = tl.arange(0, 4)[:, None] * 32 + tl.arange(0, 32)[None, :]
    x = tl.load(X + i)
    y = tl.inline_asm_elementwise("mad.lo.s32 $0, $1, $2, $3;", "=r,r,r,r",
                                  [x, s, 3], tl.int32, True, 1)
    tl.store(O + i, y)


# Impure asm stays even when its result is unused; a one-dtype tuple gives a
# tuple of one.
# IMPURE-LABEL: func.func @impure(
# IMPURE: tile.inline_asm_elementwise "mov.u32 $0, %clock;" "=r" pack = 1 () : () -> i32
# IMPURE: %[[T:.*]] = tile.inline_asm_elementwise "mov.u32 $0, %clock;" "=r" pack = 1 () : () -> i32
# IMPURE: tile.store %{{.*}}, %[[T]]
@triton.jit
def impure(O, BLOCK: tl.constexpr):
    tl.inline_asm_elementwise("mov.u32 $0, %clock;", "=r", [], tl.int32,
                              False, 1)
    (t,) = tl.inline_asm_elementwise("mov.u32 $0, %clock;", "=r", [],
                                     (tl.int32,), False, 1)
    tl.store(O, t)


# A bool travels alone, in a predicate register (constraint "b").
# PRED-LABEL: .entry pred(
# PRED: setp.gt.s32 %p[[P:[0-9]+]]
# PRED: selp.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 7, %p[[P]];
@triton.jit
def pred(X, O):
    i = tl.arange(0, 128)
    x = tl.load(X + i)
    y = tl.inline_asm_elementwise("selp.b32 $0, $1, 7, $2;", "=r,r,b",
                                  [x, x > 0], tl.int32, True, 1)
    tl.store(O + i, y)
