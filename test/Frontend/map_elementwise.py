# RUN: tilec %s -k compare_k -s "*i32, *i32, *i32, 128" --emit=tile | FileCheck %s --check-prefix=CMP
# RUN: tilec %s -k divmod_k -s "*u32, *u32, *u32, *u32, 512" --emit=tile | FileCheck %s --check-prefix=DIVMOD
# RUN: tilec %s -k packed_k -s "*u32, *u32, *u32, *u32, 512" --emit=tile | FileCheck %s --check-prefix=PACK
# RUN: tilec %s -k bcast_k -s "*fp32, *fp32, fp32, 64" --emit=tile | FileCheck %s --check-prefix=BCAST
# RUN: tilec %s -k scalar_k -s "*i32, *i32, *i32" --emit=tile | FileCheck %s --check-prefix=SCALAR
# RUN: tilec %s -k compare_k -s "*i32, *i32, *i32, 128" --emit=ptx --arch=sm_90a --no-cache -o %t.cmp.ptx
# RUN: FileCheck %s --check-prefix=CMPPTX < %t.cmp.ptx
# RUN: tilec %s -k packed_k -s "*u32, *u32, *u32, *u32, 512" --emit=ptx --arch=sm_80 --no-cache -o %t.pack.ptx
# RUN: FileCheck %s --check-prefix=PACKPTX < %t.pack.ptx
# RUN: tilec %s -k loop_k -s "*fp32, *i32, *fp32, 256" --emit=ptx --arch=sm_90a --no-cache -o %t.loop.ptx
# RUN: FileCheck %s --check-prefix=LOOPPTX < %t.loop.ptx
#
# tl.map_elementwise: the @jit function inlined once, on scalars, into the
# region of tile.map_elementwise (branches and loops on element values
# included); several results; pack elements per call; arguments broadcast
# (numbers take their default type); scalars only call the function.

import triton
import triton.language as tl


@triton.jit
def compare(x, y):
    if x < y:
        return -1
    elif x == y:
        return 0
    else:
        return 1


# CMP-LABEL: func.func @compare_k(
# CMP: %[[Z:.*]] = tile.map_elementwise(%{{.*}}, %{{.*}}) {pack = 1 : i32} : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32> {
# CMP-NEXT: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
# CMP: arith.cmpi slt, %[[A]], %[[B]] : i32
# CMP: scf.if
# CMP: tile.map_elementwise.return %{{.*}} : i32
# CMP: tile.store %{{.*}}, %[[Z]]
# Branches this cheap LLVM turns into selects, per element.
# CMPPTX-LABEL: .entry compare_k(
# CMPPTX: setp.lt.s32
# CMPPTX: selp.b32 %{{.*}}, -1,
@triton.jit
def compare_k(X, Y, Z, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.load(Y + tl.arange(0, BLOCK))
    z = tl.map_elementwise(compare, x, y)
    tl.store(Z + tl.arange(0, BLOCK), z)


@triton.jit
def divmod_fn(a, b):
    return a // b, a % b


# DIVMOD-LABEL: func.func @divmod_k(
# DIVMOD: %[[R:.*]]:2 = tile.map_elementwise(%{{.*}}, %{{.*}}) {pack = 1 : i32} : (tensor<512xi32>, tensor<512xi32>) -> (tensor<512xi32>, tensor<512xi32>) {
# DIVMOD: arith.divui
# DIVMOD: arith.remui
# DIVMOD: tile.map_elementwise.return %{{.*}}, %{{.*}} : i32, i32
# DIVMOD: tile.store %{{.*}}, %[[R]]#0
# DIVMOD: tile.store %{{.*}}, %[[R]]#1
@triton.jit
def divmod_k(A, B, C, D, BLOCK: tl.constexpr):
    a = tl.load(A + tl.arange(0, BLOCK))
    b = tl.load(B + tl.arange(0, BLOCK))
    c, d = tl.map_elementwise(divmod_fn, a, b)
    tl.store(C + tl.arange(0, BLOCK), c)
    tl.store(D + tl.arange(0, BLOCK), d)


@triton.jit
def divmod2(a0, a1, b0, b1):
    return a0 // b0, a1 // b1, a0 % b0, a1 % b1


# Two elements per call: each source's pair in turn, each result's pair in
# turn.
# PACK-LABEL: func.func @packed_k(
# PACK: tile.map_elementwise(%{{.*}}, %{{.*}}) {pack = 2 : i32} : (tensor<512xi32>, tensor<512xi32>) -> (tensor<512xi32>, tensor<512xi32>) {
# PACK-NEXT: ^bb0(%[[A0:.*]]: i32, %[[A1:.*]]: i32, %[[B0:.*]]: i32, %[[B1:.*]]: i32):
# PACK-DAG: %[[Q0:.*]] = arith.divui %[[A0]], %[[B0]]
# PACK-DAG: %[[Q1:.*]] = arith.divui %[[A1]], %[[B1]]
# PACK-DAG: %[[R0:.*]] = arith.remui %[[A0]], %[[B0]]
# PACK-DAG: %[[R1:.*]] = arith.remui %[[A1]], %[[B1]]
# PACK: tile.map_elementwise.return %[[Q0]], %[[Q1]], %[[R0]], %[[R1]] : i32, i32, i32, i32
# Four elements per thread, two calls of two: four divisions, the
# remainders from the quotients.
# PACKPTX-LABEL: .entry packed_k(
# PACKPTX-COUNT-4: div.u32
# PACKPTX-NOT: div.u32
@triton.jit
def packed_k(A, B, C, D, BLOCK: tl.constexpr):
    a = tl.load(A + tl.arange(0, BLOCK))
    b = tl.load(B + tl.arange(0, BLOCK))
    c, d = tl.map_elementwise(divmod2, a, b, pack=2)
    tl.store(C + tl.arange(0, BLOCK), c)
    tl.store(D + tl.arange(0, BLOCK), d)


@triton.jit
def selu(x, alpha, scale):
    if x > 0:
        return scale * x
    else:
        return scale * alpha * (tl.exp(x) - 1)


# A runtime scalar and a number broadcast to the tensor's shape.
# BCAST-LABEL: func.func @bcast_k(
# BCAST: %[[S:.*]] = tile.splat %{{.*}} : f32 -> tensor<64xf32>
# BCAST: tile.map_elementwise(%{{.*}}, %[[S]], %{{.*}}) {pack = 1 : i32} : (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32> {
# BCAST: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32):
# BCAST: math.exp
@triton.jit
def bcast_k(X, Y, alpha, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.map_elementwise(selu, x, alpha, 1.0507)
    tl.store(Y + tl.arange(0, BLOCK), y)


# SCALAR-LABEL: func.func @scalar_k(
# SCALAR-NOT: tile.map_elementwise
# SCALAR: scf.if
@triton.jit
def scalar_k(X, Y, Z):
    z = tl.map_elementwise(compare, tl.load(X), tl.load(Y))
    tl.store(Z, z)


@triton.jit
def collatz_steps(x):
    n = 0
    while x > 1:
        if x % 2 == 0:
            x = x // 2
        else:
            x = 3 * x + 1
        n += 1
    return n


@triton.jit
def loop_fn(v, n):
    return v * collatz_steps(n).to(tl.float32)


# A data-dependent loop per element: two elements per thread, two loops.
# LOOPPTX-LABEL: .entry loop_k(
# LOOPPTX: mad.lo.s32 %{{.*}}, 3, 1;
# LOOPPTX: @%p{{[0-9]+}} bra
# LOOPPTX: mad.lo.s32 %{{.*}}, 3, 1;
# LOOPPTX: @%p{{[0-9]+}} bra
@triton.jit
def loop_k(V, N, O, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    o = tl.map_elementwise(loop_fn, tl.load(V + offs), tl.load(N + offs))
    tl.store(O + offs, o)
