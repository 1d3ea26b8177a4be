# RUN: tilec %s -k index -s "i32:16, (*fp32:16,*fp32), 0, (i32,i32:1,i32:16), i32:16" --emit=tile-raw | FileCheck %s --check-prefix=INDEX
# RUN: tilec %s -k nested -s "*fp32:16, (*fp32:16,(None,i32,(fp32,)),4), (1,None)" --emit=tile-raw | FileCheck %s --check-prefix=NESTED
# RUN: tilec %s -k shaped -s "*fp32:16, *fp32:16, (i32,i32), (i32,i32:1), 64" --emit=tile | FileCheck %s --check-prefix=SHAPED
#
# Tuple arguments (Triton 3.x): the signature entry of a tuple is its leaves'
# entries in parentheses, nested as the tuple is. The kernel takes the tuple
# flattened as Triton flattens it, its type leaves in order (a value leaf, a
# constexpr or None, takes no argument), and the parameter is the tuple again
# in the body, indexable, unpackable and passed to helpers.

import triton
import triton.language as tl


@triton.jit
def _store_all(ptrs, values):
    for i in tl.static_range(len(values)):
        tl.store(ptrs[i % len(ptrs)], values[i])


# INDEX-LABEL: func.func @index(
# INDEX-SAME: %{{[^:]*}}: i32 {tile.divisibility = 16 : i32},
# INDEX-SAME: %[[P0:[^:]*]]: !tile.ptr<f32> {tile.divisibility = 16 : i32},
# INDEX-SAME: %[[P1:[^:]*]]: !tile.ptr<f32>,
# INDEX-SAME: %[[V0:[^:]*]]: i32,
# INDEX-SAME: %{{[^:]*}}: i32 {tile.equal_to_1},
# INDEX-SAME: %[[V2:[^:]*]]: i32 {tile.divisibility = 16 : i32},
# INDEX-SAME: %{{[^:]*}}: i32 {tile.divisibility = 16 : i32})
# INDEX: %[[F0:.*]] = arith.sitofp %[[V0]] : i32 to f32
# INDEX: tile.store %[[P0]], %[[F0]]
# The leaf specialized to 1 is the constant 1.
# INDEX: %[[ONE:.*]] = arith.constant 1 : i32
# INDEX: %[[F1:.*]] = arith.sitofp %[[ONE]] : i32 to f32
# INDEX: tile.store %[[P1]], %[[F1]]
# INDEX: %[[F2:.*]] = arith.sitofp %[[V2]] : i32 to f32
# INDEX: tile.store %[[P0]], %[[F2]]
@triton.jit
def index(_0, ptrs, _1: tl.constexpr, values, _2):
    _store_all(ptrs, values)


# NESTED-LABEL: func.func @nested(
# NESTED-SAME: %[[OUT:[^:]*]]: !tile.ptr<f32> {tile.divisibility = 16 : i32},
# NESTED-SAME: %[[IN:[^:]*]]: !tile.ptr<f32> {tile.divisibility = 16 : i32},
# NESTED-SAME: %[[N:[^:]*]]: i32,
# NESTED-SAME: %[[F:[^:]*]]: f32)
# NESTED-NOT: %arg4
# NESTED: %[[X:.*]] = tile.load %[[IN]]
# NESTED: %[[NF:.*]] = arith.sitofp %[[N]] : i32 to f32
# NESTED: %[[S:.*]] = arith.addf %[[X]], %[[NF]]
# NESTED: %[[T:.*]] = arith.addf %[[S]], %[[F]]
# The constexpr leaf 4 and the all-constexpr tuple (1, None) fold; `four`,
# bound by an assignment, is an int32 scalar as in Triton, so the sum 5 is
# one too.
# NESTED: %[[C:.*]] = arith.constant 5 : i32
# NESTED: %[[CF:.*]] = arith.sitofp %[[C]] : i32 to f32
# NESTED: %[[R:.*]] = arith.addf %[[T]], %[[CF]]
# NESTED: tile.store %[[OUT]], %[[R]]
@triton.jit
def nested(out, t, consts):
    ptr, inner, four = t
    nothing, n, fs = inner
    f = fs[0]
    tl.static_assert(nothing is None)
    tl.static_assert(consts[1] is None)
    tl.static_assert(len(t[1]) == 3)
    tl.store(out, tl.load(ptr) + n + f + (four + consts[0]))


# SHAPED-LABEL: func.func @shaped(
# SHAPED-SAME: %{{[^:]*}}: !tile.ptr<f32> {tile.divisibility = 16 : i32},
# SHAPED-SAME: %{{[^:]*}}: !tile.ptr<f32> {tile.divisibility = 16 : i32},
# SHAPED-SAME: %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32,
# SHAPED-SAME: %[[S0:[^:]*]]: i32, %{{[^:]*}}: i32 {tile.equal_to_1})
# SHAPED: arith.muli %[[M]], %[[N]]
# The unit stride folds away.
# SHAPED-NOT: arith.muli {{.*}}%[[S0]]
@triton.jit
def shaped(out_ptr, a_ptr, shape, strides, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < shape[0] * shape[1]
    x = tl.load(a_ptr + offs * strides[1], mask=mask)
    tl.store(out_ptr + offs, x, mask=mask)
