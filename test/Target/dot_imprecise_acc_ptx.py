# max_num_imprecise_acc on sm_90a fp8 wgmma (Triton's split accumulation):
# a 64 x 64 x 128 e5m2 dot on 4 warps is 4 k32 instructions per tile; with
# max_num_imprecise_acc=64 each run of 2 sums into a fresh accumulator
# (scale-d 0 on its first instruction), is waited for, and is added in
# fp32: 2 runs x 32 accumulator registers per thread = 64 add.f32. Unset
# (Triton's 2^30), one chain and no add.
#
# RUN: tilec %s -k split -s "*u8, *u8, *fp32" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=SPLIT
# RUN: tilec %s -k whole -s "*u8, *u8, *fp32" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=WHOLE
# RUN: %if ptxas %{ tilec %s -k split -s "*u8, *u8, *fp32" --arch=sm_90a --emit=ptx -o %t.ptx %}
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}

import triton
import triton.language as tl


@triton.jit
def _dot(A, B, C, LIMIT: tl.constexpr):
    m = tl.arange(0, 64)
    k = tl.arange(0, 128)
    a = tl.load(A + m[:, None] * 128 + k[None, :]).to(tl.float8e5, bitcast=True)
    b = tl.load(B + k[:, None] + m[None, :] * 128).to(tl.float8e5, bitcast=True)
    c = tl.dot(a, b, max_num_imprecise_acc=LIMIT)
    tl.store(C + m[:, None] * 64 + m[None, :], c)


# SPLIT-LABEL: .entry split
# SPLIT-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2
# SPLIT: wgmma.wait_group.sync.aligned 0;
# SPLIT-COUNT-32: add.f32
# SPLIT: wgmma.fence.sync.aligned
# SPLIT-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2
# SPLIT: wgmma.wait_group.sync.aligned 0;
# SPLIT-COUNT-32: add.f32
# SPLIT-NOT: wgmma.mma_async
# SPLIT: ret;
@triton.jit
def split(A, B, C):
    _dot(A, B, C, 64)


# WHOLE-LABEL: .entry whole
# WHOLE-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2
# WHOLE-NOT: add.f32
# WHOLE: ret;
@triton.jit
def whole(A, B, C):
    _dot(A, B, C, None)
