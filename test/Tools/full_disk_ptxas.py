# REQUIRES: tmpfs-mount, ptxas
# ptxas's input is written to $TMPDIR: a full one is tilec's own error,
# not LLVM's abort, and leaves no temporary behind.
#
# RUN: umount %t.tmp 2>/dev/null; rm -rf %t.tmp && mkdir -p %t.tmp
# RUN: mount -t tmpfs -o size=64k tmpfs %t.tmp
# RUN: sh -c 'cat /dev/zero > %t.tmp/fill 2>/dev/null; true'
# RUN: env TMPDIR=%t.tmp not tilec %s -k scale -s "*fp32:16, i32, 128" --emit=cubin --no-cache -o %t.cubin 2>&1 | FileCheck %s --implicit-check-not="LLVM ERROR"
# CHECK: error: cannot write '{{.*}}.ptx': No space left on device
# RUN: ls -a %t.tmp > %t.left
# RUN: umount %t.tmp
# RUN: FileCheck %s --check-prefix=LEFT < %t.left
# RUN: not test -e %t.cubin
# LEFT-NOT: tilec-

import triton
import triton.language as tl


@triton.jit
def scale(ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(ptr + offs, tl.load(ptr + offs, mask=mask) * 3.0, mask=mask)
