# tl.dot variants beyond the tensor-core defaults, in PTX for sm_80 and
# sm_90a, each assembled by ptxas:
#  - fp32 with input_precision="ieee" (or allow_tf32=False): no tensor core,
#    an fma.rn.f32 per product, as Triton's FMA dot;
#  - fp32 with input_precision="tf32x3": three tf32 mma.sync per step;
#  - fp16 with out_dtype=tl.float16: mma.sync with f16 accumulators.
#
# RUN: tilec %s -k ieee -s "*fp32:16, *fp32:16, *fp32:16" --arch=sm_80 --emit=ptx | FileCheck %s --check-prefix=IEEE
# RUN: tilec %s -k ieee -s "*fp32:16, *fp32:16, *fp32:16" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=IEEE
# RUN: tilec %s -k no_tf32 -s "*fp32:16, *fp32:16, *fp32:16" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=IEEE
# RUN: tilec %s -k tf32x3 -s "*fp32:16, *fp32:16, *fp32:16" --arch=sm_80 --emit=ptx | FileCheck %s --check-prefix=X3
# RUN: tilec %s -k tf32x3 -s "*fp32:16, *fp32:16, *fp32:16" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=X3
# RUN: tilec %s -k f16_out -s "*fp16:16, *fp16:16, *fp16:16" --arch=sm_80 --emit=ptx | FileCheck %s --check-prefix=F16
# RUN: tilec %s -k f16_out -s "*fp16:16, *fp16:16, *fp16:16" --arch=sm_90a --emit=ptx | FileCheck %s --check-prefix=F16
#
# RUN: tilec %s -k ieee -s "*fp32:16, *fp32:16, *fp32:16" --arch=sm_80 --emit=ptx -o %t.ieee80.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_80 %t.ieee80.ptx -o %t.ieee80.cubin %}
# RUN: tilec %s -k ieee -s "*fp32:16, *fp32:16, *fp32:16" --arch=sm_90a --emit=ptx -o %t.ieee90.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.ieee90.ptx -o %t.ieee90.cubin %}
# RUN: tilec %s -k tf32x3 -s "*fp32:16, *fp32:16, *fp32:16" --arch=sm_80 --emit=ptx -o %t.x380.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_80 %t.x380.ptx -o %t.x380.cubin %}
# RUN: tilec %s -k tf32x3 -s "*fp32:16, *fp32:16, *fp32:16" --arch=sm_90a --emit=ptx -o %t.x390.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.x390.ptx -o %t.x390.cubin %}
# RUN: tilec %s -k f16_out -s "*fp16:16, *fp16:16, *fp16:16" --arch=sm_80 --emit=ptx -o %t.f1680.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_80 %t.f1680.ptx -o %t.f1680.cubin %}
# RUN: tilec %s -k f16_out -s "*fp16:16, *fp16:16, *fp16:16" --arch=sm_90a --emit=ptx -o %t.f1690.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.f1690.ptx -o %t.f1690.cubin %}

import triton
import triton.language as tl


# 32 x 32 x 16 over 4 warps of 32 threads: 8 outputs per thread, 16
# products each.
# IEEE-LABEL: .entry
# IEEE-COUNT-128: fma.rn.f32
# IEEE-NOT: mma.sync
# IEEE-NOT: fma.rn.f32
# IEEE: ret;
@triton.jit
def ieee(A, B, C):
    m = tl.arange(0, 32)
    k = tl.arange(0, 16)
    a = tl.load(A + m[:, None] * 16 + k[None, :])
    b = tl.load(B + k[:, None] * 32 + m[None, :])
    c = tl.dot(a, b, input_precision="ieee")
    tl.store(C + m[:, None] * 32 + m[None, :], c)


@triton.jit
def no_tf32(A, B, C):
    m = tl.arange(0, 32)
    k = tl.arange(0, 16)
    a = tl.load(A + m[:, None] * 16 + k[None, :])
    b = tl.load(B + k[:, None] * 32 + m[None, :])
    c = tl.dot(a, b, allow_tf32=False)
    tl.store(C + m[:, None] * 32 + m[None, :], c)


# X3-LABEL: .entry
# X3: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# X3: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# X3: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
@triton.jit
def tf32x3(A, B, C):
    m = tl.arange(0, 64)
    k = tl.arange(0, 16)
    a = tl.load(A + m[:, None] * 16 + k[None, :])
    b = tl.load(B + k[:, None] * 64 + m[None, :])
    c = tl.dot(a, b, input_precision="tf32x3")
    tl.store(C + m[:, None] * 64 + m[None, :], c)


# F16-LABEL: .entry
# F16: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
# F16-NOT: .f32.f16.f16.f32
@triton.jit
def f16_out(A, B, C):
    m = tl.arange(0, 64)
    k = tl.arange(0, 32)
    a = tl.load(A + m[:, None] * 32 + k[None, :])
    b = tl.load(B + k[:, None] * 64 + m[None, :])
    c = tl.dot(a, b, out_dtype=tl.float16)
    tl.store(C + m[:, None] * 64 + m[None, :], c)
