# RUN: tilec %s -k grid -s "*i32" --emit=tile-raw | FileCheck %s
#
# tl.program_id and tl.num_programs on the three grid axes, positional and
# by keyword; both are i32 scalars.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @grid
# CHECK: %[[P0:.*]] = tile.program_id 0 : i32
# CHECK: %[[P1:.*]] = tile.program_id 1 : i32
# CHECK: %[[P2:.*]] = tile.program_id 2 : i32
# CHECK: %[[N0:.*]] = tile.num_programs 0 : i32
# CHECK: %[[N1:.*]] = tile.num_programs 1 : i32
# CHECK: %[[N2:.*]] = tile.num_programs 2 : i32
# CHECK: arith.muli %[[P1]], %[[N0]] : i32
# CHECK: %[[T:.*]] = arith.muli %[[P2]], %[[N0]] : i32
# CHECK: arith.muli %[[T]], %[[N1]] : i32
# CHECK: %[[S:.*]] = arith.addi %{{.*}}, %[[N2]] : i32
# CHECK: tile.store %{{.*}}, %[[S]] : !tile.ptr<i32>
@triton.jit
def grid(out_ptr):
    p0 = tl.program_id(0)
    p1 = tl.program_id(axis=1)
    p2 = tl.program_id(2)
    n0 = tl.num_programs(0)
    n1 = tl.num_programs(axis=1)
    n2 = tl.num_programs(2)
    tl.store(out_ptr, p0 + p1 * n0 + p2 * n0 * n1 + n2)
