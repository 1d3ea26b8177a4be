# The kernel cache from the command line, on a damaged or unusable
# directory: a link to /dev/zero or a FIFO at an entry's path is a corrupt
# entry, recompiled and replaced, never followed or blocked on (timeout
# turns a hang into a failure); a cache directory that is a file, or under
# one, is silently not used.
#
# RUN: rm -rf %t.cache
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.1.ptx 2>&1 | FileCheck %s --check-prefix=MISS
# MISS: tilec: cache: 0 hits (0 memory, 0 disk), 1 misses, 0 corrupt, 0 write failures
#
# RUN: sh -c 'for f in %t.cache/*.tkc; do rm "$f" && ln -s /dev/zero "$f"; done'
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 timeout 60 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.2.ptx 2>&1 | FileCheck %s --check-prefix=CORRUPT --implicit-check-not="LLVM ERROR"
# RUN: cmp %t.1.ptx %t.2.ptx
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.3.ptx 2>&1 | FileCheck %s --check-prefix=HIT
# RUN: cmp %t.1.ptx %t.3.ptx
#
# RUN: sh -c 'for f in %t.cache/*.tkc; do rm "$f" && mkfifo "$f"; done'
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 timeout 60 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.4.ptx 2>&1 | FileCheck %s --check-prefix=CORRUPT
# RUN: cmp %t.1.ptx %t.4.ptx
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.5.ptx 2>&1 | FileCheck %s --check-prefix=HIT
# RUN: ls -a %t.cache | FileCheck %s --check-prefix=LEFT
#
# CORRUPT: tilec: cache: 0 hits (0 memory, 0 disk), 1 misses, 1 corrupt, 0 write failures
# HIT: tilec: cache: 1 hits (0 memory, 1 disk), 0 misses, 0 corrupt, 0 write failures
# LEFT-NOT: .tmp-
#
# A file as the cache directory, or above it: nothing on stderr without
# TILEC_CACHE_STATS, and the same PTX.
# RUN: env TILEC_CACHE_DIR=%s tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.6.ptx 2>&1 | count 0
# RUN: cmp %t.1.ptx %t.6.ptx
# RUN: env TILEC_CACHE_DIR=%s/sub tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.7.ptx 2>&1 | count 0
# RUN: cmp %t.1.ptx %t.7.ptx
# RUN: env TILEC_CACHE_DIR=%s TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.8.ptx 2>&1 | FileCheck %s --check-prefix=FILE
# FILE: tilec: cache: note: caching in memory only: cannot write '{{.*}}kernel_cache_faults.py/{{[0-9a-f]+}}.tkc': Not a directory
# FILE-NEXT: tilec: cache: 0 hits (0 memory, 0 disk), 1 misses, 0 corrupt, 1 write failures

import triton
import triton.language as tl


@triton.jit
def scale(ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(ptr + offs, tl.load(ptr + offs, mask=mask) * 3.0, mask=mask)
