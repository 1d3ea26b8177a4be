# RUN: tilec %s -k k -s '*fp32, "mean", None, tl.float16, (2, 4), 0.5, i32' --emit=tile | FileCheck %s
# RUN: tilec %s -k k -s '*fp32, None, 0.5, i32' -D 'MODE="mean"' -D DT=tl.float16 -D 'SHAPE=(2, 4)' --emit=tile | FileCheck %s
# RUN: tilec %s -k k -s '*fp32, tl.float16, 0.5, i32' -D 'MODE="mean"' -D BIAS=None -D 'SHAPE=(2, 4)' --emit=tile | FileCheck %s
# RUN: tilec %s -k opt -s '*fp32, None, "sum", 64' --emit=tile | FileCheck %s --check-prefix=RUNTIMENONE
#
# Constexprs of every type Triton allows (int, float, bool, str, None, dtype,
# tuple) in the signature and by -D; -D binds a constexpr wherever it sits,
# the signature listing the other parameters in order. A None or str
# argument for a parameter without the annotation is a constant of the
# compiled kernel, as Triton specializes it.
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, MODE: tl.constexpr, BIAS: tl.constexpr, DT: tl.constexpr,
      SHAPE: tl.constexpr, SCALE: tl.constexpr, n):
    offs = tl.arange(0, SHAPE[0] * SHAPE[1])
    x = tl.load(x_ptr + offs).to(DT)
    if BIAS is not None:
        x = x + 1
    if MODE == "mean":
        x = x * SCALE
    tl.store(x_ptr + offs, x.to(tl.float32))

# CHECK-LABEL: func.func @k(%{{.*}}: !tile.ptr<f32>, %{{.*}}: i32)
# CHECK: tile.make_range 0 to 8
# CHECK: arith.truncf {{.*}} to tensor<8xf16>
# CHECK: arith.mulf
# CHECK: arith.extf


@triton.jit
def opt(x_ptr, bias_ptr, reduction, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    if bias_ptr is not None:
        x += tl.load(bias_ptr + offs)
    if reduction == "mean":
        x = x / BLOCK
    tl.store(x_ptr + offs, x)

# RUNTIMENONE-LABEL: func.func @opt(%{{.*}}: !tile.ptr<f32>)
# RUNTIMENONE-NOT: arith.divf
# RUNTIMENONE: tile.store
