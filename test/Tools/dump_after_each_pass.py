# --dump-after-each-pass prints the IR after every pass to stderr, at every
# level that runs passes (it used to abort: IR printing needs a context
# without threads). The last dump of each level is its last pass.
#
# RUN: tilec %s -k k -s "*fp32:16, i32" --emit=tile --dump-after-each-pass 2>&1 >/dev/null | FileCheck %s --check-prefixes=TILE,NOGPU
# RUN: tilec %s -k k -s "*fp32:16, i32" --emit=tilegpu --dump-after-each-pass 2>&1 >/dev/null | FileCheck %s --check-prefixes=TILE,GPU
# RUN: tilec %s -k k -s "*fp32:16, i32" --emit=llvm-mlir --dump-after-each-pass 2>&1 >/dev/null | FileCheck %s --check-prefixes=TILE,GPU,LLVM
# RUN: tilec %s -k k -s "*fp32:16, i32" --emit=llvm --dump-after-each-pass 2>&1 >/dev/null | FileCheck %s --check-prefixes=TILE,GPU,LLVM
# RUN: tilec %s -k k -s "*fp32:16, i32" --emit=ptx --dump-after-each-pass 2>&1 >/dev/null | FileCheck %s --check-prefixes=TILE,GPU,LLVM
# RUN: %if ptxas %{ tilec %s -k k -s "*fp32:16, i32" --emit=cubin --dump-after-each-pass -o %t.cubin 2>&1 >/dev/null | FileCheck %s --check-prefixes=TILE,GPU,LLVM %}
# The output itself is unchanged by the flag.
# RUN: tilec %s -k k -s "*fp32:16, i32" --emit=ptx --dump-after-each-pass -o %t.dump.ptx 2>/dev/null
# RUN: tilec %s -k k -s "*fp32:16, i32" --emit=ptx --no-cache -o %t.plain.ptx
# RUN: cmp %t.dump.ptx %t.plain.ptx

# TILE: IR Dump After Canonicalizer (canonicalize)
# TILE: IR Dump After TileCombine (tile-combine)
# TILE: tile.kernel
# NOGPU-NOT: convert-tile-to-tilegpu
# GPU: IR Dump After ConvertTileToTileGPU (convert-tile-to-tilegpu)
# GPU: #tilegpu.blocked
# LLVM: IR Dump After ConvertTileGPUToLLVM (convert-tilegpu-to-llvm)
# LLVM: llvm.func @k
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    offs = tl.arange(0, 128)
    x = tl.load(X + offs, mask=offs < N)
    tl.store(X + offs, x * 2.0, mask=offs < N)
