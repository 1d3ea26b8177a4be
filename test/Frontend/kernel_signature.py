# RUN: tilec %s -k sig -s "*u32:16, u8, 64, i64, *fp16" --emit=tile-raw | FileCheck %s
#
# The kernel's arguments as the compile driver reads its launch metadata
# from them (lib/Compiler/KernelSignature.cpp): the runtime parameters in
# order (the constexpr leaves), with unsigned entries marked, since MLIR's
# integers are signless. (The names travel in the arguments' locations; the
# C API's unit tests check them.)

import triton
import triton.language as tl


# CHECK-LABEL: func.func @sig(
# CHECK-SAME: %{{[^:]*}}: !tile.ptr<i32> {tile.divisibility = 16 : i32, tile.unsigned},
# CHECK-SAME: %{{[^:]*}}: i8 {tile.unsigned},
# CHECK-SAME: %{{[^:]*}}: i64,
# CHECK-SAME: %{{[^:]*}}: !tile.ptr<f16>)
@triton.jit
def sig(out, small, BLOCK: tl.constexpr, big, half_ptr):
    offs = tl.arange(0, BLOCK)
    tl.store(out + offs, offs.to(tl.uint32) + small + big.to(tl.uint32),
             mask=offs < tl.load(half_ptr).to(tl.int32))
