# REQUIRES: ptxas
# The C launcher of a kernel with tuple arguments: one C parameter per
# flattened leaf, `shape.0` named `shape_0`; a leaf whose C name is taken
# falls back to `argN`.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec %s -k copy -s "*fp32:16, (*fp32:16,None,i32), (i32,i32), i32, 64" --no-cache --emit=c-launcher -o %t/copy
# RUN: FileCheck %s < %t/copy.h
# RUN: FileCheck %s --check-prefix=C < %t/copy.c
# RUN: cc -std=c99 -Wall -Wextra -Werror -c -I/usr/local/cuda/include %t/copy.c -o %t/copy.o

# CHECK: CUresult copy(CUstream stream, unsigned int gridX, unsigned int gridY,
# CHECK-NEXT: unsigned int gridZ,
# CHECK-NEXT: CUdeviceptr out,
# CHECK-NEXT: CUdeviceptr src_0,
# CHECK-NEXT: int32_t src_2,
# CHECK-NEXT: int32_t shape_0,
# CHECK-NEXT: int32_t shape_1,
# CHECK-NEXT: int32_t arg5);
# C: void *args[] = {&out, &src_0, &src_2, &shape_0, &shape_1, &arg5, NULL};

import triton
import triton.language as tl


@triton.jit
def copy(out, src, shape, shape_1, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    n = shape[0] * shape[1] + src[2] + shape_1
    tl.store(out + offs, tl.load(src[0] + offs, mask=offs < n), mask=offs < n)
