# tilec's output under faults: a write error is tilec's own message (exit 1,
# no LLVM ERROR), a failed compile leaves no file behind and an existing one
# as it was, and targets that are not regular files are written in place.
#
# RUN: rm -rf %t && mkdir -p %t
#
# /dev/full, named or through a link (which stays a link), and stdout on it.
# RUN: not tilec %s -k scale -s "*fp32:16, i32, 128" -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL --implicit-check-not="LLVM ERROR"
# RUN: not tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx --no-cache -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL --implicit-check-not="LLVM ERROR"
# FULL: tilec: error: cannot write '/dev/full': No space left on device
# RUN: ln -s /dev/full %t/full-link
# RUN: not tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx --no-cache -o %t/full-link 2>&1 | FileCheck %s --check-prefix=LINK --implicit-check-not="LLVM ERROR"
# LINK: tilec: error: cannot write '{{.*}}full-link': No space left on device
# RUN: test -L %t/full-link
# RUN: not tilec %s -k scale -s "*fp32:16, i32, 128" 2> %t/stdout.err > /dev/full
# RUN: FileCheck %s --check-prefix=STDOUT --implicit-check-not="LLVM ERROR" < %t/stdout.err
# STDOUT: tilec: error: cannot write '<stdout>': No space left on device
#
# A failed compile: no file, and an existing file keeps its contents.
# RUN: not tilec %s -k scale -s "*fp32:16" --emit=ptx --no-cache -o %t/new.ptx 2>&1 | FileCheck %s --check-prefix=SIG
# SIG: error: signature has 1 entries but kernel 'scale' has 3 parameters
# RUN: not test -e %t/new.ptx
# RUN: echo old > %t/old.ptx
# RUN: not tilec %s -k scale -s "*fp32:16" --emit=ptx --no-cache -o %t/old.ptx
# RUN: echo old | cmp - %t/old.ptx
# RUN: not tilec %s -k scale -s "*fp32:16" -o %t/old.ptx
# RUN: echo old | cmp - %t/old.ptx
# A directory, or one that does not exist, is reported before the compile.
# RUN: not tilec %s -k scale -s "*fp32:16, i32, 128" -o %t 2>&1 | FileCheck %s --check-prefix=DIR
# DIR: tilec: error: cannot write '{{.*}}': Is a directory
# RUN: not tilec %s -k scale -s "*fp32:16, i32, 128" -o %t/no/such/out.mlir 2>&1 | FileCheck %s --check-prefix=NODIR
# NODIR: tilec: error: cannot write '{{.*}}no/such/out.mlir': No such file or directory
#
# Success replaces the file whole, leaves no temporary, and keeps a link
# to a regular file a link.
# RUN: tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx --no-cache -o %t/old.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t/old.ptx
# RUN: echo old > %t/real.ptx && ln -s real.ptx %t/link.ptx
# RUN: tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx --no-cache -o %t/link.ptx
# RUN: test -L %t/link.ptx
# RUN: cmp %t/old.ptx %t/real.ptx
# RUN: ls -a %t | FileCheck %s --check-prefix=LEFT
# LEFT-NOT: .tmp-
#
# Targets that are not regular files are written in place.
# RUN: tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx --no-cache -o /dev/null
# RUN: test -c /dev/null
# RUN: tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx --no-cache -o - | FileCheck %s --check-prefix=PTX
# PTX: .entry scale(

import triton
import triton.language as tl


@triton.jit
def scale(ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(ptr + offs, tl.load(ptr + offs, mask=mask) * 3.0, mask=mask)
