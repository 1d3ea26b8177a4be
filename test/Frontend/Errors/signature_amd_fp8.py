# RUN: not tilec %s -k k -s "*fp8e4b8, 64" --emit=tile 2>&1 | FileCheck %s --check-prefix=E4B8
# RUN: not tilec %s -k k -s "*fp8e5b16, 64" --emit=tile 2>&1 | FileCheck %s --check-prefix=E5B16
# RUN: tilec %s -k k -s "*fp8e4b15, 64" --emit=tile | FileCheck %s --check-prefix=E4B15
#
# Triton's AMD fp8 formats in a signature (a tensor of
# torch.float8_e4m3fnuz, or triton.reinterpret(t, tl.float8e4b8)): Triton
# 3.6 refuses them on NVIDIA targets as "not supported in this
# architecture", which its own tests match. fp8e4b15 is accepted.

import triton
import triton.language as tl


# E4B8: {{.*}}signature_amd_fp8.py:[[@LINE+7]]:5: error: in the signature of 'k': signature entry 1 '*fp8e4b8': type fp8e4b8 is not supported in this architecture: it is an AMD fp8 format (NVIDIA targets take fp8e4nv, fp8e5 and fp8e4b15, as in Triton 3.6)
# E4B8-NEXT: def k(dst, BLOCK: tl.constexpr):
# E4B8-NEXT: {{^}}    ^
# E5B16: {{.*}}signature_amd_fp8.py:[[@LINE+4]]:5: error: in the signature of 'k': signature entry 1 '*fp8e5b16': type fp8e5b16 is not supported in this architecture
# E4B15-LABEL: func.func @k
# E4B15-SAME: !tile.ptr<i8>
@triton.jit
def k(dst, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = offs.to(tl.uint8).to(dst.dtype.element_ty, bitcast=True)
    tl.store(dst + offs, x)
