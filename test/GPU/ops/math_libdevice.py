# Functions of Triton's libdevice module by name (float, integer, two-argument
# and int-exponent forms), which tilec resolves against libdevice.10.bc.
#
# Kernels for the GPU differential harness (bench/opsuite/README.md): each
# runs unchanged under Triton 3.6, and SPECS says how the harness runs it.
# test/Target/math_libdevice.py compiles them for sm_80 and sm_90a, checks the key
# instructions of the PTX and assembles it with ptxas.

import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def k_libdevice_tanh_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.tanh(x), mask=mask)


@triton.jit
def k_libdevice_tanh_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.tanh(x), mask=mask)


@triton.jit
def k_libdevice_asin_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.asin(x), mask=mask)


@triton.jit
def k_libdevice_asin_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.asin(x), mask=mask)


@triton.jit
def k_libdevice_acos_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.acos(x), mask=mask)


@triton.jit
def k_libdevice_acos_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.acos(x), mask=mask)


@triton.jit
def k_libdevice_atan_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.atan(x), mask=mask)


@triton.jit
def k_libdevice_atan_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.atan(x), mask=mask)


@triton.jit
def k_libdevice_sinh_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.sinh(x), mask=mask)


@triton.jit
def k_libdevice_sinh_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.sinh(x), mask=mask)


@triton.jit
def k_libdevice_cosh_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.cosh(x), mask=mask)


@triton.jit
def k_libdevice_cosh_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.cosh(x), mask=mask)


@triton.jit
def k_libdevice_expm1_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.expm1(x), mask=mask)


@triton.jit
def k_libdevice_expm1_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.expm1(x), mask=mask)


@triton.jit
def k_libdevice_log1p_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.log1p(x), mask=mask)


@triton.jit
def k_libdevice_log1p_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.log1p(x), mask=mask)


@triton.jit
def k_libdevice_cbrt_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.cbrt(x), mask=mask)


@triton.jit
def k_libdevice_cbrt_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.cbrt(x), mask=mask)


@triton.jit
def k_libdevice_trunc_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.trunc(x), mask=mask)


@triton.jit
def k_libdevice_trunc_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.trunc(x), mask=mask)


@triton.jit
def k_libdevice_round_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.round(x), mask=mask)


@triton.jit
def k_libdevice_round_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.round(x), mask=mask)


@triton.jit
def k_libdevice_rint_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.rint(x), mask=mask)


@triton.jit
def k_libdevice_rint_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.rint(x), mask=mask)


@triton.jit
def k_libdevice_nearbyint_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.nearbyint(x), mask=mask)


@triton.jit
def k_libdevice_nearbyint_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.nearbyint(x), mask=mask)


@triton.jit
def k_libdevice_exp10_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.exp10(x), mask=mask)


@triton.jit
def k_libdevice_exp10_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.exp10(x), mask=mask)


@triton.jit
def k_libdevice_log10_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.log10(x), mask=mask)


@triton.jit
def k_libdevice_log10_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.log10(x), mask=mask)


@triton.jit
def k_libdevice_erfinv_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.erfinv(x), mask=mask)


@triton.jit
def k_libdevice_erfinv_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.erfinv(x), mask=mask)


@triton.jit
def k_libdevice_lgamma_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.lgamma(x), mask=mask)


@triton.jit
def k_libdevice_lgamma_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.lgamma(x), mask=mask)


@triton.jit
def k_libdevice_j0_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.j0(x), mask=mask)


@triton.jit
def k_libdevice_j0_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.j0(x), mask=mask)


@triton.jit
def k_libdevice_fast_expf_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.fast_expf(x), mask=mask)


@triton.jit
def k_libdevice_saturatef_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.saturatef(x), mask=mask)


@triton.jit
def k_libdevice_isnan_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.isnan(x), mask=mask)


@triton.jit
def k_libdevice_isnan_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.isnan(x), mask=mask)


@triton.jit
def k_libdevice_isinf_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.isinf(x), mask=mask)


@triton.jit
def k_libdevice_signbit_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.signbit(x), mask=mask)


@triton.jit
def k_libdevice_ilogb_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.ilogb(x), mask=mask)


@triton.jit
def k_libdevice_llrint_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.llrint(x), mask=mask)


@triton.jit
def k_libdevice_llrint_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.llrint(x), mask=mask)


@triton.jit
def k_libdevice_float_as_int_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.float_as_int(x), mask=mask)


@triton.jit
def k_libdevice_popc_i32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.popc(x), mask=mask)


@triton.jit
def k_libdevice_popc_i64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.popc(x), mask=mask)


@triton.jit
def k_libdevice_clz_i32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.clz(x), mask=mask)


@triton.jit
def k_libdevice_clz_i64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.clz(x), mask=mask)


@triton.jit
def k_libdevice_ffs_i32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.ffs(x), mask=mask)


@triton.jit
def k_libdevice_brev_i32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.brev(x), mask=mask)


@triton.jit
def k_libdevice_brev_i64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.brev(x), mask=mask)


@triton.jit
def k_libdevice_abs_i32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, libdevice.abs(x), mask=mask)


@triton.jit
def k_libdevice_pow_fp32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.pow(x, z), mask=mask)


@triton.jit
def k_libdevice_pow_fp64(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.pow(x, z), mask=mask)


@triton.jit
def k_libdevice_atan2_fp32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.atan2(x, z), mask=mask)


@triton.jit
def k_libdevice_atan2_fp64(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.atan2(x, z), mask=mask)


@triton.jit
def k_libdevice_fmod_fp32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.fmod(x, z), mask=mask)


@triton.jit
def k_libdevice_hypot_fp64(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.hypot(x, z), mask=mask)


@triton.jit
def k_libdevice_copysign_fp32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.copysign(x, z), mask=mask)


@triton.jit
def k_libdevice_fmin_fp32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.fmin(x, z), mask=mask)


@triton.jit
def k_libdevice_pow_fp32_i32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.pow(x, z), mask=mask)


@triton.jit
def k_libdevice_ldexp_fp64_i32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.ldexp(x, z), mask=mask)


@triton.jit
def k_libdevice_mulhi_i32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.mulhi(x, z), mask=mask)


@triton.jit
def k_libdevice_mulhi_u32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.mulhi(x, z), mask=mask)


@triton.jit
def k_libdevice_mulhi_i64(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.mulhi(x, z), mask=mask)


@triton.jit
def k_libdevice_hadd_u32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.hadd(x, z), mask=mask)


@triton.jit
def k_libdevice_fma_rn_fp32(X, Z, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    z = tl.load(Z + offs, mask=mask)
    tl.store(Y + offs, libdevice.fma_rn(x, z, 0.5), mask=mask)


@triton.jit
def k_libdevice_tanh_fp32_cuda(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.extra.cuda.libdevice.tanh(x), mask=mask)


SPECS = {
    "k_libdevice_tanh_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_tanh_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_asin_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_asin_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_acos_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_acos_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_atan_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_atan_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_sinh_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_sinh_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_cosh_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_cosh_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_expm1_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_expm1_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_log1p_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_log1p_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_cbrt_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_cbrt_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_trunc_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_trunc_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_round_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_round_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_rint_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_rint_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_nearbyint_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_nearbyint_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_exp10_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_exp10_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_log10_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_log10_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_erfinv_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_erfinv_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_lgamma_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_lgamma_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_j0_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_j0_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_fast_expf_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_saturatef_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_isnan_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_isnan_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_isinf_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_signbit_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_ilogb_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_llrint_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="i64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_llrint_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="i64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_float_as_int_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_popc_i32": dict(
        args=dict(
            X=dict(dtype="i32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_popc_i64": dict(
        args=dict(
            X=dict(dtype="i64", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_clz_i32": dict(
        args=dict(
            X=dict(dtype="i32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_clz_i64": dict(
        args=dict(
            X=dict(dtype="i64", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_ffs_i32": dict(
        args=dict(
            X=dict(dtype="i32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_brev_i32": dict(
        args=dict(
            X=dict(dtype="i32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_brev_i64": dict(
        args=dict(
            X=dict(dtype="i64", shape=1000),
            Y=dict(dtype="i64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_abs_i32": dict(
        args=dict(
            X=dict(dtype="i32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_pow_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Z=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_pow_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Z=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_atan2_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Z=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_atan2_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Z=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_fmod_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Z=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_hypot_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Z=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_copysign_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Z=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_fmin_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Z=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_pow_fp32_i32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Z=dict(dtype="i32", shape=1000, fill="uniform", low=-20, high=20),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_ldexp_fp64_i32": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Z=dict(dtype="i32", shape=1000, fill="uniform", low=-40, high=40),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_mulhi_i32": dict(
        args=dict(
            X=dict(dtype="i32", shape=1000),
            Z=dict(dtype="i32", shape=1000),
            Y=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_mulhi_u32": dict(
        args=dict(
            X=dict(dtype="u32", shape=1000),
            Z=dict(dtype="u32", shape=1000),
            Y=dict(dtype="u32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_mulhi_i64": dict(
        args=dict(
            X=dict(dtype="i64", shape=1000),
            Z=dict(dtype="i64", shape=1000),
            Y=dict(dtype="i64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_hadd_u32": dict(
        args=dict(
            X=dict(dtype="u32", shape=1000),
            Z=dict(dtype="u32", shape=1000),
            Y=dict(dtype="u32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_fma_rn_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Z=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_libdevice_tanh_fp32_cuda": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
}
