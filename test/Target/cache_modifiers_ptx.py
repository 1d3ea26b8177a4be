# cache_modifier, eviction_policy and volatile in the PTX, as Triton 3.6
# emits them on NVIDIA, for sm_80 and sm_90a; every kernel assembles.
#
# RUN: tilec %s -k loads -s "*fp32:16, *fp32:16, i32:16, 512" --arch=sm_80 --emit=ptx | FileCheck %s --check-prefix=LD
# RUN: tilec %s -k loads -s "*fp32:16, *fp32:16, i32:16, 512" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=LD
# RUN: tilec %s -k stores -s "*fp16:16, *fp16:16, i32:16, 1024" --arch=sm_80 --emit=ptx | FileCheck %s --check-prefix=ST
# RUN: tilec %s -k stores -s "*fp16:16, *fp16:16, i32:16, 1024" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=ST
# RUN: tilec %s -k unmasked -s "*fp32:16, *fp32:16, 512" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=UN
#
# RUN: tilec %s -k loads -s "*fp32:16, *fp32:16, i32:16, 512" --arch=sm_80 --emit=ptx -o %t.ld80.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_80 %t.ld80.ptx -o %t.ld80.cubin %}
# RUN: tilec %s -k loads -s "*fp32:16, *fp32:16, i32:16, 512" --arch=sm_90a --emit=ptx -o %t.ld90.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.ld90.ptx -o %t.ld90.cubin %}
# RUN: tilec %s -k stores -s "*fp16:16, *fp16:16, i32:16, 1024" --arch=sm_80 --emit=ptx -o %t.st80.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_80 %t.st80.ptx -o %t.st80.cubin %}
# RUN: tilec %s -k stores -s "*fp16:16, *fp16:16, i32:16, 1024" --arch=sm_90a --emit=ptx -o %t.st90.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.st90.ptx -o %t.st90.cubin %}
# RUN: tilec %s -k unmasked -s "*fp32:16, *fp32:16, 512" --arch=sm_80 --emit=ptx -o %t.un80.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_80 %t.un80.ptx -o %t.un80.cubin %}

import triton
import triton.language as tl


# LD-LABEL: .entry loads(
# LD-DAG: @%p{{[0-9]+}} ld.global.ca.v4.f32
# LD-DAG: @%p{{[0-9]+}} ld.global.cg.v4.f32
# LD-DAG: @%p{{[0-9]+}} ld.volatile.global.v4.f32
# LD-DAG: createpolicy.fractional.L2::evict_first.b64 [[POL:%rd[0-9]+]], 1.0;
# LD-DAG: @%p{{[0-9]+}} ld.global.L1::evict_first.L2::cache_hint.v4.f32 { %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}} }, [ %rd{{[0-9]+}} + 0 ], [[POL]];
# LD-DAG: createpolicy.fractional.L2::evict_last.b64
# LD-DAG: ld.global.L1::evict_last.L2::cache_hint.v4.f32
@triton.jit
def loads(X, Y, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(X + offs, mask=m, cache_modifier=".ca")
    b = tl.load(X + offs, mask=m, cache_modifier=".cg")
    c = tl.load(X + offs, mask=m, cache_modifier=".cv")
    d = tl.load(X + offs, mask=m, volatile=True)
    e = tl.load(X + offs, mask=m, eviction_policy="evict_first")
    f = tl.load(X + offs, mask=m, eviction_policy="evict_last")
    tl.store(Y + offs, a + b + c + d + e + f, mask=m)


# ST-LABEL: .entry stores(
# ST-DAG: @%p{{[0-9]+}} st.global.wb.v4.b32
# ST-DAG: @%p{{[0-9]+}} st.global.cg.v4.b32
# ST-DAG: @%p{{[0-9]+}} st.global.cs.v4.b32
# ST-DAG: @%p{{[0-9]+}} st.global.wt.v4.b32
# ST-DAG: @%p{{[0-9]+}} st.global.L1::evict_first.L2::cache_hint.v4.b32
# ST-DAG: @%p{{[0-9]+}} st.global.L1::evict_last.L2::cache_hint.v4.b32
@triton.jit
def stores(X, Y, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(X + offs, mask=m)
    tl.store(Y + offs, x, mask=m, cache_modifier=".wb")
    tl.store(Y + offs, x, mask=m, cache_modifier=".cg")
    tl.store(Y + offs, x, mask=m, cache_modifier=".cs")
    tl.store(Y + offs, x, mask=m, cache_modifier=".wt")
    tl.store(Y + offs, x, mask=m, eviction_policy="evict_first")
    tl.store(Y + offs, x, mask=m, eviction_policy="evict_last")


# Unmasked: the hinted accesses are unpredicated inline PTX; volatile alone
# goes through LLVM (ld.volatile.global).
# UN-LABEL: .entry unmasked(
# UN-DAG: ld.global.cg.v4.f32
# UN-DAG: ld.volatile.global.v4.{{[bf]}}32
# UN-DAG: st.global.cs.v4.f32
@triton.jit
def unmasked(X, Y, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(X + offs, cache_modifier=".cg")
    b = tl.load(X + offs, volatile=True)
    tl.store(Y + offs, a + b, cache_modifier=".cs")
