# RUN: tilec %s -k k -s "*fp32:16, i32, 256" --num-warps=2 --emit=tilegpu | FileCheck %s
#
# `--emit=tilegpu` runs the tile clean-up and then tiling for --num-warps:
# every tensor carries a layout and the module records the warp count.

import triton
import triton.language as tl


# CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
# CHECK: module attributes {{{.*}}tilegpu.num_warps = 2 : i32
# CHECK-LABEL: func.func @k
# CHECK: tile.make_range 0 to 256 : tensor<256xi32, #[[B]]>
# CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x!tile.ptr<f32>, #[[B]]>
@triton.jit
def k(X, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(X + offs, mask=offs < N)
    tl.store(X + offs, x * 2.0, mask=offs < N)
