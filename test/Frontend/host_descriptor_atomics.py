# RUN: tilec %s -k reduce -s "tensordesc<i32[8, 32]>, *i32:16, i32" -D "KIND='add'" --emit=tile | FileCheck %s --check-prefix=ADD
# RUN: tilec %s -k reduce -s "tensordesc<u32[8, 32]>, *u32:16, i32" -D "KIND='max'" --emit=tile | FileCheck %s --check-prefix=UMAX
# RUN: tilec %s -k reduce -s "tensordesc<fp16[8, 32]>, *fp16:16, i32" -D "KIND='min'" --emit=tile | FileCheck %s --check-prefix=HMIN
# RUN: tilec %s -k reduce -s "tensordesc<i64[8, 32]>, *i64:16, i32" -D "KIND='xor'" --emit=tile | FileCheck %s --check-prefix=XOR
# RUN: tilec %s -k reduce -s "tensordesc<bf16[8, 32]>, *bf16:16, i32" -D "KIND='max'" --arch=sm_90a --emit=ptx --no-cache -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}
#
# desc.atomic_add / atomic_min / atomic_max / atomic_and / atomic_or /
# atomic_xor on a host-side descriptor (a tensordesc parameter): a TMA
# reduction through the parameter's tensor map, as Triton 3.6 does on
# sm_90 (tile.descriptor_store with `reduce`; the tensor map's element type
# gives the operation's type, so max on uint32 is the TMA's max).

import triton
import triton.language as tl


# ADD-LABEL: func.func @reduce(
# ADD: tile.descriptor_store %{{.*}}, %{{.*}} {reduce = #tile<rmw_op add>} : !tile.tensordesc<tensor<8x32xi32>>, tensor<8x32xi32>
# UMAX-LABEL: func.func @reduce(
# UMAX: tile.descriptor_store {{.*}} {reduce = #tile<rmw_op umax>}
# HMIN-LABEL: func.func @reduce(
# HMIN: tile.descriptor_store {{.*}} {reduce = #tile<rmw_op fmin>} : !tile.tensordesc<tensor<8x32xf16>>
# XOR-LABEL: func.func @reduce(
# XOR: tile.descriptor_store {{.*}} {reduce = #tile<rmw_op xor>} : !tile.tensordesc<tensor<8x32xi64>>
# PTX-LABEL: .entry reduce(
# PTX: fence.proxy.async.shared::cta
# PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.tile.bulk_group
# PTX: cp.async.bulk.commit_group
# PTX: cp.async.bulk.wait_group.read 0
@triton.jit
def reduce(desc, a_ptr, N, KIND: tl.constexpr):
    moff = tl.program_id(0) * 8
    noff = tl.program_id(1) * 32
    idx = (moff + tl.arange(0, 8)[:, None]) * N + noff + tl.arange(0, 32)[None, :]
    val = tl.load(a_ptr + idx)
    if KIND == "add":
        desc.atomic_add([moff, noff], val)
    elif KIND == "min":
        desc.atomic_min([moff, noff], val)
    elif KIND == "max":
        desc.atomic_max([moff, noff], val)
    else:
        tl.static_assert(KIND == "xor")
        desc.atomic_xor([moff, noff], val)
