# REQUIRES: ptxas
# --emit=c-launcher -o NAME under faults: a write error is tilec's own
# message, and neither NAME.h nor NAME.c replaces an existing file unless
# both were written whole.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: ln -s /dev/full %t/full.c
# RUN: not tilec %s -k scale -s "*fp32:16, i32, 128" --no-cache --emit=c-launcher -o %t/full 2>&1 | FileCheck %s --check-prefix=FULL --implicit-check-not="LLVM ERROR"
# FULL: tilec: error: cannot write '{{.*}}full.c': No space left on device
# RUN: not test -e %t/full.h
#
# RUN: echo old > %t/keep.h && echo old > %t/keep.c
# RUN: not tilec %s -k scale -s "*fp32:16" --no-cache --emit=c-launcher -o %t/keep
# RUN: echo old | cmp - %t/keep.h
# RUN: echo old | cmp - %t/keep.c
# RUN: tilec %s -k scale -s "*fp32:16, i32, 128" --no-cache --emit=c-launcher -o %t/keep
# RUN: FileCheck %s --check-prefix=H < %t/keep.h
# RUN: ls -a %t | FileCheck %s --check-prefix=LEFT
# H: CUresult load_keep(void);
# LEFT-NOT: .tmp-

import triton
import triton.language as tl


@triton.jit
def scale(ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(ptr + offs, tl.load(ptr + offs, mask=mask) * 3.0, mask=mask)
