# The kernel cache from the command line: a second run on unchanged input is
# a disk hit with the same output, --no-cache bypasses it, another option
# misses, and a damaged entry is recompiled, not loaded.
#
# RUN: rm -rf %t.cache
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.1.ptx 2>&1 | FileCheck %s --check-prefix=MISS
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.2.ptx 2>&1 | FileCheck %s --check-prefix=HIT
# RUN: cmp %t.1.ptx %t.2.ptx
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx --no-cache -o %t.3.ptx 2>&1 | count 0
# RUN: cmp %t.1.ptx %t.3.ptx
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx --num-warps=8 -o %t.4.ptx 2>&1 | FileCheck %s --check-prefix=MISS
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 256" --emit=ptx -o %t.5.ptx 2>&1 | FileCheck %s --check-prefix=MISS
# RUN: sh -c 'for f in %t.cache/*.tkc; do head -c 100 "$f" > "$f.cut" && mv "$f.cut" "$f"; done'
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.6.ptx 2>&1 | FileCheck %s --check-prefix=CORRUPT
# RUN: cmp %t.1.ptx %t.6.ptx
# RUN: env TILEC_CACHE_DIR=%t.cache TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.7.ptx 2>&1 | FileCheck %s --check-prefix=HIT

# MISS: tilec: cache: 0 hits (0 memory, 0 disk), 1 misses, 0 corrupt, 0 write failures
# HIT: tilec: cache: 1 hits (0 memory, 1 disk), 0 misses, 0 corrupt, 0 write failures
# CORRUPT: tilec: cache: 0 hits (0 memory, 0 disk), 1 misses, 1 corrupt, 0 write failures

# An unusable cache directory: the compile still works, and only
# TILEC_CACHE_STATS says why nothing was stored (kernel_cache_faults.py has
# more).
# RUN: env TILEC_CACHE_DIR=%s/not-a-dir TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.8.ptx 2>&1 | FileCheck %s --check-prefix=UNUSABLE
# RUN: cmp %t.1.ptx %t.8.ptx
# UNUSABLE: tilec: cache: note: caching in memory only: cannot create directory '{{.*}}not-a-dir': Not a directory
# UNUSABLE-NEXT: tilec: cache: 0 hits (0 memory, 0 disk), 1 misses, 0 corrupt, 1 write failures

import triton
import triton.language as tl


@triton.jit
def scale(ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(ptr + offs, tl.load(ptr + offs, mask=mask) * 3.0, mask=mask)
