# RUN: tilec %s -k k -s "*i1, *i1, *i32, 128" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k k -s "*i1, *i1, *i32, 128" --no-cache --emit=ptx | FileCheck %s --check-prefix=PTX
#
# Bool memory is bytes, as in Triton: a load through an int1 pointer loads
# int8 through the pointer cast to int8 and compares with zero; a store
# converts the value to int8 (a bool to 0 or 1, an int32 by truncation) and
# stores it through an int8 pointer.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: %[[P:.*]] = tile.bitcast %{{.*}} : tensor<128x!tile.ptr<i1>> -> tensor<128x!tile.ptr<i8>>
# CHECK: %[[ONE:.*]] = arith.extui %true : i1 to i8
# CHECK: %[[OTHER:.*]] = tile.splat %[[ONE]] : i8 -> tensor<128xi8>
# CHECK: %[[L:.*]] = tile.load %[[P]], %{{.*}}, %[[OTHER]] : tensor<128x!tile.ptr<i8>>
# CHECK: %[[B:.*]] = arith.cmpi ne, %[[L]], %{{.*}} : tensor<128xi8>
# CHECK: %[[Q:.*]] = tile.bitcast %{{.*}} : tensor<128x!tile.ptr<i1>> -> tensor<128x!tile.ptr<i8>>
# CHECK: %[[Z:.*]] = arith.extui %[[B]] : tensor<128xi1> to tensor<128xi8>
# CHECK: tile.store %[[Q]], %[[Z]], %{{.*}} : tensor<128x!tile.ptr<i8>>
# CHECK: %[[R:.*]] = tile.bitcast %{{.*}} : tensor<128x!tile.ptr<i1>> -> tensor<128x!tile.ptr<i8>>
# CHECK: %[[T:.*]] = arith.trunci %{{.*}} : tensor<128xi32> to tensor<128xi8>
# CHECK: tile.store %[[R]], %[[T]], %{{.*}} : tensor<128x!tile.ptr<i8>>
# PTX-LABEL: .entry k
# PTX: ld.global{{.*}}.b8
# PTX: st.global{{.*}}.b8
@triton.jit
def k(X, Y, I, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < 100
    x = tl.load(X + offs, mask=mask, other=True)
    tl.store(Y + offs, x, mask=mask)
    tl.store(Y + offs, tl.load(I + offs), mask=mask)
