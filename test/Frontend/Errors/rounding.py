# RUN: tilec %s -k k -s "*fp32, *fp64" --split-input-file --verify-diagnostics
# fp_downcast_rounding: only "rtne" and "rtz", only on float conversions to
# fewer bits, and "rtz" only where Triton's lowering has it (fp32 to fp16,
# bf16 and fp8e5).

import triton
import triton.language as tl


@triton.jit
def k(X, D):
    x = tl.load(X)
    # expected-error @+1 {{invalid rounding mode 'rtn'; supported rounding modes are 'rtne' and 'rtz'}}
    y = x.to(tl.float16, fp_downcast_rounding="rtn")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, D):
    x = tl.load(X)
    # expected-error @+1 {{invalid rounding mode constexpr int 1; supported rounding modes are 'rtne' and 'rtz'}}
    y = tl.cast(x, tl.float16, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, D):
    x = tl.load(X)
    # expected-error @+1 {{fp_downcast_rounding is only for float conversions to fewer bits, not from fp32 to fp64}}
    y = x.to(tl.float64, fp_downcast_rounding="rtne")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, D):
    x = tl.load(X)
    # expected-error @+1 {{fp_downcast_rounding is only for float conversions to fewer bits, not from fp32 to int32}}
    y = x.to(tl.int32, fp_downcast_rounding="rtz")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, D):
    d = tl.load(D)
    # expected-error @+1 {{rounding mode 'rtz' from fp64 to fp32 is not supported; it is supported from fp32 to fp16, bf16 and fp8e5}}
    y = d.to(tl.float32, fp_downcast_rounding="rtz")
