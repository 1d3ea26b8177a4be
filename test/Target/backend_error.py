# A failure of LLVM's NVPTX back end is an error at the kernel's `def` line
# that names the kernel, the architecture and what LLVM said, with exit
# status 1: never "LLVM ERROR" and a signal. The stand-in libdevice makes
# __nv_sinf (what tl.sin calls) an sm_90 instruction that NVPTX cannot
# select for sm_80; a missing libdevice is an error at the same place.
#
# RUN: env TILEC_LIBDEVICE=%S/Inputs/sm90_only_libdevice.ll %python %tilec_src/test/Frontend/Errors/Inputs/expect_exit.py 1 tilec %s -k k -s "*fp32, 64" --arch=sm_80 --emit=ptx --no-cache
# RUN: env TILEC_LIBDEVICE=%S/Inputs/sm90_only_libdevice.ll not tilec %s -k k -s "*fp32, 64" --arch=sm_80 --emit=ptx --no-cache 2>&1 | FileCheck %s --check-prefix=SELECT
# RUN: env TILEC_LIBDEVICE=%t.missing.bc %python %tilec_src/test/Frontend/Errors/Inputs/expect_exit.py 1 tilec %s -k k -s "*fp32, 64" --arch=sm_80 --emit=ptx --no-cache
# RUN: env TILEC_LIBDEVICE=%t.missing.bc not tilec %s -k k -s "*fp32, 64" --arch=sm_80 --emit=ptx --no-cache 2>&1 | FileCheck %s --check-prefix=MISSING

import triton
import triton.language as tl


# SELECT: backend_error.py:[[@LINE+5]]:{{[0-9]+}}: error: the NVPTX back end cannot compile kernel 'k' for sm_80: Cannot select:
# SELECT-NOT: LLVM ERROR
# MISSING: backend_error.py:[[@LINE+3]]:{{[0-9]+}}: error: TILEC_LIBDEVICE names '{{.*}}.missing.bc', which is not a file
# MISSING-NEXT: def k(X, BLOCK: tl.constexpr):
@triton.jit
def k(X, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(X + offs, tl.sin(tl.load(X + offs)))
