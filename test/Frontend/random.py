# RUN: tilec %s -k rand32 -s "*fp32, i32, 128" --emit=tile | FileCheck %s
# RUN: tilec %s -k randint64 -s "*i32, i64, *i64, 128" --emit=tile | FileCheck %s --check-prefix=I64
# RUN: tilec %s -k randn4 -s "*fp32, i32, 128" --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: tilec %s -k random_module -s "*fp32, *i32, 128" --emit=tile | FileCheck %s --check-prefix=MOD
#
# triton.language's random numbers come from tilec's prelude
# (lib/Frontend/Prelude/random.py), inlined like helpers: Philox-4x32 with 10
# rounds, keyed by the seed, counted by the offsets.

import triton
import triton.language as tl


# The uint32 rounds: Philox's two multipliers (0xD2511F53, 0xCD9E8D57 as
# i32) and the high halves of the products through libdevice's umulhi, two
# per round for 10 rounds, less those whose results randint never reads.
# CHECK-LABEL: func.func @rand32
# CHECK-DAG: arith.constant dense<-766435501> : tensor<128xi32>
# CHECK-DAG: arith.constant dense<-845247145> : tensor<128xi32>
# CHECK-COUNT-18: tile.extern_elementwise "__nv_umulhi"
# CHECK-NOT: tile.extern_elementwise "__nv_umulhi"
# uint_to_uniform_float: fold the sign, then scale into [0, 1).
# CHECK: arith.select
# CHECK: arith.sitofp {{.*}} to tensor<128xf32>
# CHECK: arith.mulf
@triton.jit
def rand32(Y, seed, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(Y + offs, tl.rand(seed, offs))


# 64-bit offsets: the high word is the second counter.
# I64-LABEL: func.func @randint64
# I64: arith.trunci %{{.*}} : tensor<128xi64> to tensor<128xi32>
# I64: arith.shrui %{{.*}}, %{{.*}} : tensor<128xi64>
# I64: arith.trunci %{{.*}} : tensor<128xi64> to tensor<128xi32>
@triton.jit
def randint64(Y, seed, O, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    o = tl.load(O + offs)
    tl.store(Y + offs, tl.randint(seed, o))


# Box-Muller needs log, sqrt, cos and sin.
# PTX-LABEL: .entry randn4
# PTX: mul.hi.u32
# PTX: st.global
@triton.jit
def randn4(Y, seed, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a, b, c, d = tl.randn4x(seed, offs)
    tl.store(Y + offs, a + b + c + d)


# triton.language.random's functions by their module (Triton's test_random
# writes tl.random.uint_to_uniform_float), the same as tl.X.
# MOD-LABEL: func.func @random_module
# MOD: arith.sitofp {{.*}} to tensor<128xf32>
@triton.jit
def random_module(Y, X, n: tl.constexpr):
    tl.static_assert(tl.random.N_ROUNDS_DEFAULT == 10)
    idx = tl.arange(0, n)
    x = tl.load(X + idx)
    y = tl.random.uint_to_uniform_float(x) + tl.random.rand(x, idx)
    tl.store(Y + idx, y)
