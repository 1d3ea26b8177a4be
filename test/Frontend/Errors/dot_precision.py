# RUN: tilec %s -k k -s "*fp32:16" --emit=llvm-mlir --split-input-file --verify-diagnostics
# fp32 dots whose precision has no lowering yet are refused by name, at the
# tl.dot line: "ieee" (fp32 without tensor cores) and "tf32x3". The default
# ("tf32", mma.sync m16n8k8) compiles: test/Examples/matmul_tf32_int8_ptx.py.
# (The pass manager attaches the op to each error as a note.)

import triton
import triton.language as tl


@triton.jit
def k(X):
    r = tl.arange(0, 32)
    a = tl.load(X + r[:, None] * 32 + r[None, :])
    # expected-note @+3 {{see current operation}}
    # expected-error @+2 {{'tl.dot' with input_precision="ieee" on fp32 operands is not supported yet (it needs a lowering without tensor cores); use input_precision="tf32", the default}}
    # expected-error @+1 {{failed to legalize operation 'tile.dot'}}
    c = tl.dot(a, a, input_precision="ieee")
    tl.store(X + r[:, None] * 32 + r[None, :], c)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    r = tl.arange(0, 32)
    a = tl.load(X + r[:, None] * 32 + r[None, :])
    # allow_tf32=False is "ieee" too.
    # expected-note @+3 {{see current operation}}
    # expected-error @+2 {{'tl.dot' with input_precision="ieee" on fp32 operands}}
    # expected-error @+1 {{failed to legalize operation 'tile.dot'}}
    c = tl.dot(a, a, allow_tf32=False)
    tl.store(X + r[:, None] * 32 + r[None, :], c)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    r = tl.arange(0, 32)
    a = tl.load(X + r[:, None] * 32 + r[None, :])
    # expected-note @+3 {{see current operation}}
    # expected-error @+2 {{'tl.dot' with input_precision="tf32x3" is not supported yet; use input_precision="tf32"}}
    # expected-error @+1 {{failed to legalize operation 'tile.dot'}}
    c = tl.dot(a, a, input_precision="tf32x3")
    tl.store(X + r[:, None] * 32 + r[None, :], c)
