# The PTX of loads and stores through block pointers (for sm_90a and sm_80,
# assembled by ptxas). The pointer tile is built from make_range, so the axis
# analysis sees that a stride of 1 (`:1`) makes the inner dimension
# contiguous and that `:16` shapes, strides and offsets keep 8-element fp16
# runs aligned: the 2-D copy comes out as 16-byte accesses, boundary-checked
# or not, as Triton's. A matmul written with block pointers is pipelined
# like one written with pointers: its loads feeding tl.dot become cp.async.
#
# RUN: tilec %s -k copy2d -s "*fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:1, 64, 64" --num-warps 4 --arch=sm_90a --emit=ptx --no-cache -o %t.copy90.ptx
# RUN: FileCheck %s --check-prefix=COPY < %t.copy90.ptx
# RUN: tilec %s -k copy2d -s "*fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:1, 64, 64" --num-warps 4 --arch=sm_80 --emit=ptx --no-cache -o %t.copy80.ptx
# RUN: FileCheck %s --check-prefix=COPY < %t.copy80.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.copy90.ptx -o %t.copy90.cubin %}
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_80 %t.copy80.ptx -o %t.copy80.cubin %}
#
# RUN: tilec %s -k matmul -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 64, 32" --num-warps 4 --num-stages 3 --arch=sm_80 --emit=ptx --no-cache -o %t.mm80.ptx
# RUN: FileCheck %s --check-prefix=MM80 < %t.mm80.ptx
# RUN: tilec %s -k matmul -s "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 64, 64, 32" --num-warps 4 --num-stages 3 --arch=sm_90a --emit=ptx --no-cache -o %t.mm90.ptx
# RUN: FileCheck %s --check-prefix=MM90 < %t.mm90.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_80 %t.mm80.ptx -o %t.mm80.cubin %}
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.mm90.ptx -o %t.mm90.cubin %}

import triton
import triton.language as tl


# COPY-LABEL: .entry copy2d(
# COPY: ld.global.v4.b32
# COPY: st.global.v4.b32
@triton.jit
def copy2d(X, O, M, N, stride_m, stride_n, BM: tl.constexpr,
           BN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    src = tl.make_block_ptr(X, (M, N), (stride_m, stride_n),
                            (pm * BM, pn * BN), (BM, BN), (1, 0))
    dst = tl.make_block_ptr(O, (M, N), (stride_m, stride_n),
                            (pm * BM, pn * BN), (BM, BN), (1, 0))
    x = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    tl.store(dst, x, boundary_check=(0, 1))


# MM80-LABEL: .entry matmul(
# MM80: cp.async.cg.shared.global
# MM80: cp.async.wait_group
# MM80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# MM90-LABEL: .entry matmul(
# MM90: cp.async.cg.shared.global
# MM90: wgmma.mma_async
@triton.jit
def matmul(A, B, C, M, N, K, stride_am, stride_bk, stride_cm,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    a_ptr = tl.make_block_ptr(A, (M, K), (stride_am, 1), (pm * BM, 0),
                              (BM, BK), (1, 0))
    b_ptr = tl.make_block_ptr(B, (K, N), (stride_bk, 1), (0, pn * BN),
                              (BK, BN), (1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_ptr, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc)
        a_ptr = tl.advance(a_ptr, (0, BK))
        b_ptr = tl.advance(b_ptr, (BK, 0))
    c_ptr = tl.make_block_ptr(C, (M, N), (stride_cm, 1), (pm * BM, pn * BN),
                              (BM, BN), (1, 0))
    tl.store(c_ptr, acc.to(tl.float16), boundary_check=(0, 1))
