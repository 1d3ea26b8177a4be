# RUN: tilec %s -k add -s "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024, True" --arch=sm_90a --emit=tile | FileCheck %s
# RUN: tilec %s -k add -s "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024, True" --arch=sm_90 --no-cache --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: tilec %s -k add -s "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024, False" --arch=sm_80 --emit=tile | FileCheck %s --check-prefix=OFF
# RUN: tilec %s -k imported -s "*fp32:16" --arch=sm_90a --emit=tile | FileCheck %s --check-prefix=IMPORTED
#
# Grid dependency control for programmatic dependent launch, as Triton 3.6's
# tutorial 11 writes it: tl.extra.cuda.gdc_wait() before the loads of what
# the previous grid wrote, tl.extra.cuda.gdc_launch_dependents() once they
# are issued. Each is one PTX griddepcontrol instruction in its place, kept
# in program order with the memory accesses around it; a branch that a
# constexpr rules out emits nothing (so sm_80 compiles the USE_GDC=False
# kernel).

import triton
import triton.language as tl
from triton.language.extra.cuda import gdc_launch_dependents, gdc_wait


# CHECK-LABEL: func.func @add(
# CHECK: tile.griddepcontrol wait
# CHECK: tile.load
# CHECK: tile.load
# CHECK: tile.griddepcontrol launch_dependents
# CHECK: tile.store

# PTX-LABEL: .entry add(
# PTX: griddepcontrol.wait;
# PTX: ld.global
# PTX: ld.global
# PTX: griddepcontrol.launch_dependents;
# PTX: st.global

# OFF-LABEL: func.func @add(
# OFF-NOT: tile.griddepcontrol
# OFF: return
@triton.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr,
        USE_GDC: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n
    if USE_GDC:
        tl.extra.cuda.gdc_wait()
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    if USE_GDC:
        tl.extra.cuda.gdc_launch_dependents()
    tl.store(out_ptr + offsets, x + y, mask=mask)


# Imported by name, and with no memory access around it: still emitted
# (the op has effects the compiler cannot see).
# IMPORTED-LABEL: func.func @imported(
# IMPORTED: tile.griddepcontrol wait
# IMPORTED: tile.griddepcontrol launch_dependents
# IMPORTED: return
@triton.jit
def imported(x_ptr):
    gdc_wait()
    gdc_launch_dependents()
