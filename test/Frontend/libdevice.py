# RUN: tilec %s -k unary -s "*fp32, *fp64, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=UNARY
# RUN: tilec %s -k forms -s "*fp32, *i32, *u32, *i64, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=FORMS
# RUN: tilec %s -k math_fns -s "*fp32, *i32, *u64, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=MATH
#
# libdevice by name, as Triton's libdevice module dispatches it: the function
# for the argument dtypes (fp32 `__nv_<name>f`, fp64 `__nv_<name>`, and the
# other spellings libdevice uses), read from libdevice.10.bc itself; Python
# numbers become int32/fp32 tensors and the shapes broadcast. Also
# tl.umulhi, tl.div_rn, tl.sqrt_rn, tl.fdiv and tl.softmax.

import triton
import triton.language as tl
from triton.language.extra import libdevice
from triton.language.extra.cuda import libdevice as cuda_libdevice


# UNARY-LABEL: func.func @unary
# UNARY: %[[X:.*]] = tile.load
# UNARY: %[[D:.*]] = tile.load
# UNARY: tile.extern_elementwise "__nv_tanhf" pure(%[[X]]) : (tensor<64xf32>) -> tensor<64xf32>
# UNARY: tile.extern_elementwise "__nv_tanh" pure(%[[D]]) : (tensor<64xf64>) -> tensor<64xf64>
# UNARY: tile.extern_elementwise "__nv_asinf" pure(%[[X]])
# UNARY: tile.extern_elementwise "__nv_rsqrtf" pure(%[[X]])
# UNARY: tile.extern_elementwise "__nv_isnand" pure(%[[D]]) : (tensor<64xf64>) -> tensor<64xi32>
# UNARY: tile.extern_elementwise "__nv_llrintf" pure(%[[X]]) : (tensor<64xf32>) -> tensor<64xi64>
# UNARY: tile.extern_elementwise "__nv_fabsf" pure(%[[X]])
# UNARY: tile.extern_elementwise "__nv_saturatef" pure(%[[X]])
@triton.jit
def unary(X, D, Y, BLOCK: tl.constexpr = 64):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    d = tl.load(D + offs)
    a = libdevice.tanh(x) + libdevice.tanh(d).to(tl.float32)
    b = tl.extra.cuda.libdevice.asin(x) + cuda_libdevice.rsqrt(x)
    c = libdevice.isnan(d).to(tl.float32) + libdevice.llrint(x).to(tl.float32)
    e = libdevice.abs(x) + libdevice.saturatef(x)
    tl.store(Y + offs, a + b + c + e)


# FORMS-LABEL: func.func @forms
# FORMS: %[[X:.*]] = tile.load
# FORMS: %[[I:.*]] = tile.load
# FORMS: %[[U:.*]] = tile.load
# FORMS: %[[L:.*]] = tile.load
# A Python float is an fp32 scalar, broadcast.
# FORMS: %[[TWO:.*]] = tile.splat
# FORMS: tile.extern_elementwise "__nv_powf" pure(%[[X]], %[[TWO]]) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
# FORMS: tile.extern_elementwise "__nv_powif" pure(%[[X]], %[[I]]) : (tensor<64xf32>, tensor<64xi32>) -> tensor<64xf32>
# FORMS: tile.extern_elementwise "__nv_atan2f" pure(%[[X]], %[[X]])
# FORMS: tile.extern_elementwise "__nv_fmaf_rn" pure(%[[X]], %[[X]], %[[X]])
# FORMS: tile.extern_elementwise "__nv_fdiv_rn" pure(%[[X]], %[[X]])
# FORMS: tile.extern_elementwise "__nv_fast_fdividef" pure(%[[X]], %[[X]])
# FORMS: tile.extern_elementwise "__nv_mulhi" pure(%[[I]], %[[I]]) : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
# FORMS: tile.extern_elementwise "__nv_umulhi" pure(%[[U]], %[[U]]) : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
# FORMS: tile.extern_elementwise "__nv_mul64hi" pure(%[[L]], %[[L]]) : (tensor<64xi64>, tensor<64xi64>) -> tensor<64xi64>
# FORMS: tile.extern_elementwise "__nv_popcll" pure(%[[L]]) : (tensor<64xi64>) -> tensor<64xi32>
# FORMS: tile.extern_elementwise "__nv_clz" pure(%[[I]])
# FORMS: tile.extern_elementwise "__nv_llabs" pure(%[[L]])
# FORMS: tile.extern_elementwise "__nv_ffsll" pure(%[[L]])
# A scalar: one call on scalars.
# FORMS: tile.extern_elementwise "__nv_expf" pure(%{{.*}}) : (f32) -> f32
@triton.jit
def forms(X, I, U, L, Y, BLOCK: tl.constexpr = 64):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    i = tl.load(I + offs)
    u = tl.load(U + offs)
    l = tl.load(L + offs)
    a = libdevice.pow(x, 2.0) + libdevice.pow(x, i) + libdevice.atan2(x, x)
    b = libdevice.fma_rn(x, x, x) + libdevice.div_rn(x, x) + libdevice.fast_dividef(x, x)
    c = libdevice.mulhi(i, i) + libdevice.mulhi(u, u).to(tl.int32)
    e = libdevice.mulhi(l, l).to(tl.int32) + libdevice.popc(l) + libdevice.clz(i)
    f = libdevice.abs(l)
    g = libdevice.ffs(l)
    s = libdevice.exp(tl.load(X))
    tl.store(Y + offs, a + b + (c + e + g).to(tl.float32) + f.to(tl.float32) + s)


# MATH-LABEL: func.func @math_fns
# MATH: %[[X:.*]] = tile.load
# MATH: %[[I:.*]] = tile.load
# MATH: %[[U:.*]] = tile.load
# MATH: tile.extern_elementwise "llvm.nvvm.sqrt.rn.f" pure(%[[X]]) : (tensor<64xf32>) -> tensor<64xf32>
# MATH: tile.extern_elementwise "llvm.nvvm.div.rn.f" pure(%[[X]], %{{.*}}) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
# MATH: arith.divf %[[X]], %{{.*}} : tensor<64xf32>
# MATH: tile.extern_elementwise "__nv_umulhi" pure(%[[I]], %[[I]]) : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
# MATH: tile.extern_elementwise "__nv_umul64hi" pure(%[[U]], %[[U]]) : (tensor<64xi64>, tensor<64xi64>) -> tensor<64xi64>
# softmax: exp(x - max(x)) / sum(...)
# MATH: tile.reduce
# MATH: arith.maxnumf
# MATH: %[[Z:.*]] = arith.subf %[[X]], %{{.*}} : tensor<64xf32>
# MATH: %[[E:.*]] = math.exp %[[Z]] : tensor<64xf32>
# MATH: tile.reduce
# MATH: arith.addf
# MATH: arith.divf %[[E]], %{{.*}} : tensor<64xf32>
@triton.jit
def math_fns(X, I, U, Y, BLOCK: tl.constexpr = 64):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    i = tl.load(I + offs)
    u = tl.load(U + offs)
    a = tl.sqrt_rn(x) + tl.div_rn(x, 3.0) + tl.fdiv(x, 3.0)
    b = tl.umulhi(i, i).to(tl.float32) + tl.umulhi(u, u).to(tl.float32)
    c = tl.softmax(x)
    tl.store(Y + offs, a + b + c)
