# RUN: tilec %s --config=0 -s "*fp32, i32" | FileCheck %s --check-prefix=C0
# RUN: tilec %s --config=1 -s "*fp32, i32" | FileCheck %s --check-prefix=C1
# RUN: tilec %s -s "*fp32, i32" -D BLOCK=32 | FileCheck %s --check-prefix=PLAIN
#
# `--config=N` compiles with config N: its constexprs bound as by -D, its
# num_warps on the module. Without --config a decorated kernel compiles as
# any other, with its constexprs from the signature or -D.
import triton
import triton.language as tl


@triton.autotune(configs=[
    triton.Config({'BLOCK': 128}, num_warps=8),
    triton.Config({'BLOCK': 64}, num_warps=2, num_stages=2),
], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < n)

# C0: module attributes {tile.num_warps = 8 : i32}
# C0-LABEL: func.func @k
# C0: tile.make_range 0 to 128

# C1: module attributes {tile.num_warps = 2 : i32}
# C1-LABEL: func.func @k
# C1: tile.make_range 0 to 64

# PLAIN: module attributes {tile.num_warps = 4 : i32}
# PLAIN-LABEL: func.func @k
# PLAIN: tile.make_range 0 to 32
