// The axis analysis on the examples as the frontend emits them today; the
// saved copies in axis-info-examples.mlir check every op.
//
// RUN: tilec %examples/vector_add.py -k add_kernel --emit=tile \
// RUN:     -s "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024" \
// RUN:   | tilec-opt -tile-test-axis-info -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ADD16
// RUN: tilec %examples/vector_add.py -k add_kernel --emit=tile \
// RUN:     -s "*fp32, *fp32, *fp32, i32, 1024" \
// RUN:   | tilec-opt -tile-test-axis-info -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ADD
// RUN: tilec %examples/softmax.py -k softmax_kernel --emit=tile \
// RUN:     -s "*fp32:16, *fp32:16, i32:16, i32:16, i32, 1024" \
// RUN:   | tilec-opt -tile-test-axis-info -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SOFTMAX

// Offsets, the mask `offsets < n_elements`, then three pointer tiles.
// ADD16: remark: contiguity = [1024], divisibility = [1024], constancy = [1]
// ADD16: remark: contiguity = [1], divisibility = [1], constancy = [16]
// ADD16-COUNT-3: remark: contiguity = [1024], divisibility = [4], constancy = [1]

// ADD: remark: contiguity = [1024], divisibility = [1024], constancy = [1]
// ADD: remark: contiguity = [1], divisibility = [1], constancy = [1]
// ADD-COUNT-3: remark: contiguity = [1024], divisibility = [1], constancy = [1]

// The row start `ptr + row * stride` with stride:16, then the row's pointers.
// SOFTMAX: remark: contiguity = [1], divisibility = [4], constancy = [1]
// SOFTMAX: remark: contiguity = [1024], divisibility = [4], constancy = [1]
// SOFTMAX: remark: contiguity = [1], divisibility = [4], constancy = [1]
// SOFTMAX: remark: contiguity = [1024], divisibility = [4], constancy = [1]
