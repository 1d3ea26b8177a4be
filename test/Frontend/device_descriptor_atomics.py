# RUN: tilec %s -k reduce -s "*i32:16, *i32:16, i32, i32" -D "KIND='add'" --emit=tile | FileCheck %s --check-prefix=ADD
# RUN: tilec %s -k reduce -s "*u32:16, *u32:16, i32, i32" -D "KIND='max'" --emit=tile | FileCheck %s --check-prefix=UMAX
# RUN: tilec %s -k reduce -s "*i64:16, *i64:16, i32, i32" -D "KIND='xor'" --emit=tile | FileCheck %s --check-prefix=XOR
# RUN: tilec %s -k reduce -s "*fp16:16, *fp16:16, i32, i32" -D "KIND='add'" --emit=tile | FileCheck %s --check-prefix=FADD
# RUN: tilec %s -k reduce -s "*i32:16, *i32:16, i32:16, i32:16" -D "KIND='min'" --arch=sm_90a --emit=ptx --no-cache -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: tilec %s -k reduce -s "*fp16:16, *fp16:16, i32, i32" -D "KIND='min'" --emit=tile | FileCheck %s --check-prefix=HMIN
# RUN: tilec %s -k reduce -s "*bf16:16, *bf16:16, i32, i32" -D "KIND='max'" --emit=tile | FileCheck %s --check-prefix=BMAX
# RUN: tilec %s -k reduce -s "*bf16:16, *bf16:16, i32:16, i32:16" -D "KIND='max'" --arch=sm_90a --emit=ptx --no-cache -o %t.bf16.ptx
# RUN: FileCheck %s --check-prefix=BMAX-PTX < %t.bf16.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.bf16.ptx -o %t.bf16.cubin %}
#
# desc.atomic_add / atomic_min / atomic_max / atomic_and / atomic_or /
# atomic_xor on a descriptor made in the kernel (tl.make_tensor_descriptor):
# Triton reduces the block into memory with a TMA reduction, which touches
# only the elements inside [0, shape) on every dimension. tilec lowers it as
# elementwise atomics (relaxed, gpu scope) masked by the same bounds check
# as desc.store.

import triton
import triton.language as tl


# ADD-LABEL: func.func @reduce(
# ADD: arith.cmpi sge
# ADD: arith.cmpi slt
# ADD: %[[MASK:.*]] = arith.andi %{{.*}} : tensor<8x32xi1>
# ADD: tile.atomic_rmw add, relaxed, gpu, %{{.*}}, %{{.*}}, %[[MASK]] : tensor<8x32x!tile.ptr<i32>>
# UMAX-LABEL: func.func @reduce(
# UMAX: tile.atomic_rmw umax, relaxed, gpu, {{.*}} : tensor<8x32x!tile.ptr<i32>>
# XOR-LABEL: func.func @reduce(
# XOR: tile.atomic_rmw xor, relaxed, gpu, {{.*}} : tensor<8x32x!tile.ptr<i64>>
# FADD-LABEL: func.func @reduce(
# FADD: tile.atomic_rmw fadd, relaxed, gpu, {{.*}} : tensor<8x32x!tile.ptr<f16>>
# PTX-LABEL: .entry reduce(
# PTX: atom.global.gpu.relaxed.min.s32
# fp16 and bf16 min and max (sm_90: Triton's TMA reductions have them) have
# no scalar PTX atomic: tile.atomic_rmw fmin/fmax, a compare-and-swap loop
# on the enclosing 32-bit word.
# HMIN-LABEL: func.func @reduce(
# HMIN: tile.atomic_rmw fmin, relaxed, gpu, {{.*}} : tensor<8x32x!tile.ptr<f16>>
# BMAX-LABEL: func.func @reduce(
# BMAX: tile.atomic_rmw fmax, relaxed, gpu, {{.*}} : tensor<8x32x!tile.ptr<bf16>>
# BMAX-PTX-LABEL: .entry reduce(
# BMAX-PTX: max.bf16
# BMAX-PTX: atom.relaxed.gpu.global.cas.b32
@triton.jit
def reduce(out_ptr, a_ptr, M, N, KIND: tl.constexpr):
    moff = tl.program_id(0) * 8
    noff = tl.program_id(1) * 32
    idx = (moff + tl.arange(0, 8)[:, None]) * N + noff + tl.arange(0, 32)[None, :]
    val = tl.load(a_ptr + idx)
    desc = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1],
                                     block_shape=[8, 32])
    if KIND == "add":
        desc.atomic_add([moff, noff], val)
    elif KIND == "min":
        desc.atomic_min([moff, noff], val)
    elif KIND == "max":
        desc.atomic_max([moff, noff], val)
    else:
        tl.static_assert(KIND == "xor")
        desc.atomic_xor([moff, noff], val)
