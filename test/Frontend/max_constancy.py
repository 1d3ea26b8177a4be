# RUN: tilec %s -k packed -s "*fp32:16, *fp32:16, i32, 512" --arch=sm_90a --emit=ptx --no-cache -o %t.hint.ptx
# RUN: FileCheck %s --check-prefix=CONST < %t.hint.ptx
# RUN: tilec %s -k packed -s "*fp32:16, *fp32:16, i32, 512" -D HINTED=0 --arch=sm_90a --emit=ptx --no-cache -o %t.plain.ptx
# RUN: FileCheck %s --check-prefix=PLAIN < %t.plain.ptx
# RUN: tilec %s -k packed -s "*fp32:16, *fp32:16, i32, 512" --emit=tile | FileCheck %s --check-prefix=TILE
#
# tl.max_constancy is honored as Triton honors it: the hint replaces the
# constancy the axis analysis derives, and a load takes the mask's constancy
# along the fast dimension as the bound of its vector width (Triton's
# getMaskAlignment). The mask below (as in triton_kernels' swiglu) repeats
# each value twice by construction; asserting runs of 16 lets the fp32 load
# be 16 bytes wide instead of 8.

import triton
import triton.language as tl


# TILE-LABEL: func.func @packed(
# TILE: %[[M:.*]] = arith.cmpi slt
# TILE: %[[H:.*]] = tile.hint %[[M]] constancy = [16] : tensor<1024xi1>
# TILE: tile.load %{{.*}}, %[[H]]
# CONST-LABEL: .entry packed(
# CONST: ld.global.v4.f32
# CONST-NOT: ld.global.v2.f32
# PLAIN-LABEL: .entry packed(
# PLAIN: ld.global.v2.f32
# PLAIN-NOT: ld.global.v4.f32
@triton.jit
def packed(X, O, N, BLOCK: tl.constexpr, HINTED: tl.constexpr = 1):
    base = tl.program_id(0) * BLOCK
    packed_n = base + tl.arange(0, 2 * BLOCK) // 2
    mask = packed_n < N
    if HINTED:
        mask = tl.max_constancy(mask, [16])
    offs = 2 * base + tl.arange(0, 2 * BLOCK)
    x = tl.load(X + offs, mask=mask, other=0.0)
    tl.store(O + offs, x)
