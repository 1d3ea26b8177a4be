# REQUIRES: tmpfs-mount
# A real full disk (a filled 64 KiB tmpfs): -o on it is tilec's own error
# and leaves nothing behind; a cache directory on it is silently not used,
# the compile still succeeds, and no partial entry is published.
#
# RUN: umount %t.disk 2>/dev/null; rm -rf %t.disk %t.out && mkdir -p %t.disk %t.out
# RUN: mount -t tmpfs -o size=64k tmpfs %t.disk
# RUN: mkdir %t.disk/cache
# RUN: sh -c 'cat /dev/zero > %t.disk/fill 2>/dev/null; true'
# RUN: not tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx --no-cache -o %t.disk/out.ptx 2>&1 | FileCheck %s --check-prefix=FULL --implicit-check-not="LLVM ERROR"
# FULL: tilec: error: cannot write '{{.*}}out.ptx': No space left on device
# RUN: env TILEC_CACHE_DIR=%t.disk/cache tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.out/1.ptx 2>&1 | count 0
# RUN: env TILEC_CACHE_DIR=%t.disk/cache TILEC_CACHE_STATS=1 tilec %s -k scale -s "*fp32:16, i32, 128" --emit=ptx -o %t.out/2.ptx 2>&1 | FileCheck %s --check-prefix=CACHE --implicit-check-not="LLVM ERROR"
# CACHE: tilec: cache: note: caching in memory only: cannot write '{{.*}}.tkc': No space left on device
# CACHE-NEXT: tilec: cache: 0 hits (0 memory, 0 disk), 1 misses, 0 corrupt, 1 write failures
# RUN: FileCheck %s --check-prefix=PTX < %t.out/1.ptx
# RUN: cmp %t.out/1.ptx %t.out/2.ptx
# PTX: .entry scale(
# RUN: ls -a %t.disk %t.disk/cache > %t.out/left
# RUN: umount %t.disk
# RUN: FileCheck %s --check-prefix=LEFT < %t.out/left
# LEFT-NOT: out.ptx
# LEFT-NOT: tkc
# LEFT-NOT: .tmp-

import triton
import triton.language as tl


@triton.jit
def scale(ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(ptr + offs, tl.load(ptr + offs, mask=mask) * 3.0, mask=mask)
