# REQUIRES: ptxas
# tilec --emit=c-launcher -o NAME: NAME.h declares load_NAME, unload_NAME and
# a typed NAME (constexpr parameters omitted); NAME.c embeds the cubin and
# uses the driver API alone, and compiles as C.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec %s -k scale -s "*fp32:16, *fp32:16, i32, fp32, 256" --no-cache --emit=c-launcher -o %t/scale_fp32
# RUN: FileCheck %s --check-prefix=H < %t/scale_fp32.h
# RUN: FileCheck %s --check-prefix=C < %t/scale_fp32.c
# RUN: cc -std=c99 -Wall -Wextra -Werror -c -I/usr/local/cuda/include %t/scale_fp32.c -o %t/scale_fp32.o
# RUN: not tilec %s -k scale -s "*fp32:16, *fp32:16, i32, fp32, 256" --emit=c-launcher 2>&1 | FileCheck %s --check-prefix=NOOUT
# RUN: not tilec %s -k scale -s "*fp32:16, *fp32:16, i32, fp32, 256" --no-cache --emit=c-launcher -o %t/bad-name 2>&1 | FileCheck %s --check-prefix=BADNAME

# H: #ifndef TILEC_LAUNCHER_SCALE_FP32_H
# H: #include <cuda.h>
# H: CUresult load_scale_fp32(void);
# H: void unload_scale_fp32(void);
# H: CUresult scale_fp32(CUstream stream, unsigned int gridX, unsigned int gridY,
# H-NEXT: unsigned int gridZ,
# H-NEXT: CUdeviceptr out_ptr,
# H-NEXT: CUdeviceptr in_ptr,
# H-NEXT: int32_t n,
# H-NEXT: float factor);

# C: #include "scale_fp32.h"
# C: static const unsigned char scale_fp32_cubin[{{[0-9]+}}] = {
# C-NEXT: 0x7f, 0x45, 0x4c, 0x46,
# C: CUresult load_scale_fp32(void) {
# C: r = cuModuleLoadData(&scale_fp32_module, scale_fp32_cubin);
# C: r = cuModuleGetFunction(&scale_fp32_function, scale_fp32_module, "scale");
# C: void unload_scale_fp32(void) {
# C: cuModuleUnload(scale_fp32_module);
# C: void *args[] = {&out_ptr, &in_ptr, &n, &factor, NULL};
# C: return cuLaunchKernel(scale_fp32_function, gridX, gridY, gridZ, 128, 1, 1, 0,
# C-NEXT: stream, args, NULL);

# NOOUT: tilec: error: --emit=c-launcher needs -o NAME
# BADNAME: tilec: error: c-launcher name 'bad-name' is not a C identifier

import triton
import triton.language as tl


@triton.jit
def scale(out_ptr, in_ptr, n, factor, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(in_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * factor, mask=mask)
