"""Block pointers (tl.make_block_ptr, tl.advance, and tl.load/tl.store
through them) against Triton 3.6: ragged 2-D copies with boundary_check and
each padding option, a store with boundary_check, a loop that advances the
pointers, a transposed order (a column-major parent), a block pointer that
passes through a @jit helper, and a small fp16 matmul written with block
pointers. The parents are not multiples of the blocks, so every kernel
reads and writes across the boundary."""
import triton
import triton.language as tl


@triton.jit
def k_block_ptr_copy_fp32_zero(X, O, M, N, stride_xm, BM: tl.constexpr,
                               BN: tl.constexpr):
    # O is the padded (grid-sized) tensor: its out-of-bounds part gets the
    # padding.
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    src = tl.make_block_ptr(X, shape=(M, N), strides=(stride_xm, 1),
                            offsets=(pm * BM, pn * BN), block_shape=(BM, BN),
                            order=(1, 0))
    x = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    dst = tl.make_block_ptr(O, (2 * BM, 2 * BN), (2 * BN, 1),
                            (pm * BM, pn * BN), (BM, BN), (1, 0))
    tl.store(dst, x)


@triton.jit
def k_block_ptr_copy_fp16_nan(X, O, M, N, stride_xm, BM: tl.constexpr,
                              BN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    src = tl.make_block_ptr(X, (M, N), (stride_xm, 1), (pm * BM, pn * BN),
                            (BM, BN), (1, 0))
    x = tl.load(src, boundary_check=(0, 1), padding_option="nan")
    dst = tl.make_block_ptr(O, (2 * BM, 2 * BN), (2 * BN, 1),
                            (pm * BM, pn * BN), (BM, BN), (1, 0))
    tl.store(dst, x)


@triton.jit
def k_block_ptr_copy_fp32_check1(X, O, M, N, stride_xm, BM: tl.constexpr,
                                 BN: tl.constexpr):
    # Only dimension 1 is checked: the rows of the single program are all in
    # bounds.
    pn = tl.program_id(0)
    src = tl.make_block_ptr(X, (M, N), (stride_xm, 1), (0, pn * BN),
                            (BM, BN), (1, 0))
    x = tl.load(src, boundary_check=1, padding_option="zero")
    dst = tl.make_block_ptr(O, (BM, 2 * BN), (2 * BN, 1), (0, pn * BN),
                            (BM, BN), (1, 0))
    tl.store(dst, x)


@triton.jit
def k_block_ptr_store_i32(X, O, M, N, stride, BM: tl.constexpr,
                          BN: tl.constexpr):
    # The store is checked too: nothing lands outside the M x N output
    # (whose guard bytes the harness checks).
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    src = tl.make_block_ptr(X, (M, N), (stride, 1), (pm * BM, pn * BN),
                            (BM, BN), (1, 0))
    x = tl.load(src, boundary_check=(0, 1))
    dst = tl.make_block_ptr(O, (M, N), (stride, 1), (pm * BM, pn * BN),
                            (BM, BN), (1, 0))
    tl.store(dst, x * 3 + 1, boundary_check=(1, 0))


@triton.jit
def k_block_ptr_advance_fp32(X, O, M, N, stride_xm, BM: tl.constexpr,
                             BN: tl.constexpr):
    # Sums the BN-wide column blocks of each row block: the pointer is
    # carried by the loop and moved with tl.advance (and the method form).
    pm = tl.program_id(0)
    src = tl.make_block_ptr(X, (M, N), (stride_xm, 1), (pm * BM, 0),
                            (BM, BN), (1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(N, BN)):
        acc += tl.load(src, boundary_check=(0, 1), padding_option="zero")
        if k % 2 == 0:
            src = tl.advance(src, (0, BN))
        else:
            src = src.advance([0, BN])
    dst = tl.make_block_ptr(O, (M, BN), (BN, 1), (pm * BM, 0), (BM, BN),
                            (1, 0))
    dst.store(acc, boundary_check=(0,))


@triton.jit
def k_block_ptr_trans_fp16(X, O, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # X is an N x M row-major tensor read as its M x N transpose: strides
    # (1, M), order (0, 1).
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    src = tl.make_block_ptr(X, (M, N), (1, M), (pm * BM, pn * BN), (BM, BN),
                            (0, 1))
    x = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    dst = tl.make_block_ptr(O, (M, N), (N, 1), (pm * BM, pn * BN), (BM, BN),
                            (1, 0))
    tl.store(dst, x, boundary_check=(0, 1))


@triton.jit
def _moved(p, step):
    return tl.advance(p, (step,))


@triton.jit
def _load_row_block(p):
    return tl.load(p, boundary_check=(0,), padding_option="zero")


@triton.jit
def k_block_ptr_helper_i8(X, O, M, B: tl.constexpr):
    # A block pointer enters helpers and comes back from one.
    src = tl.make_block_ptr(X, (M,), (1,), (0,), (B,), (0,))
    dst = tl.make_block_ptr(O, (M,), (1,), (0,), (B,), (0,))
    for i in range(0, tl.cdiv(M, B)):
        tl.store(dst, _load_row_block(src) ^ 0x5A, boundary_check=(0,))
        src = _moved(src, B)
        dst = _moved(dst, B)


@triton.jit
def k_block_ptr_matmul_fp16(A, B, C, M, N, K, stride_am, stride_bk,
                            stride_cm, BM: tl.constexpr, BN: tl.constexpr,
                            BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    a_ptr = tl.make_block_ptr(A, (M, K), (stride_am, 1), (pm * BM, 0),
                              (BM, BK), (1, 0))
    b_ptr = tl.make_block_ptr(B, (K, N), (stride_bk, 1), (0, pn * BN),
                              (BK, BN), (1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_ptr, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc)
        a_ptr = tl.advance(a_ptr, (0, BK))
        b_ptr = tl.advance(b_ptr, (BK, 0))
    c_ptr = tl.make_block_ptr(C, (M, N), (stride_cm, 1), (pm * BM, pn * BN),
                              (BM, BN), (1, 0))
    tl.store(c_ptr, acc.to(tl.float16), boundary_check=(0, 1))


SPECS = {
    "k_block_ptr_copy_fp32_zero": dict(
        args=dict(X=dict(dtype="fp32", shape=[50, 70]),
                  O=dict(dtype="fp32", shape=[64, 128], role="out"),
                  M=50, N=70, stride_xm=70, BM=32, BN=64),
        grid=(2, 2), compare="bits"),
    "k_block_ptr_copy_fp16_nan": dict(
        args=dict(X=dict(dtype="fp16", shape=[50, 70]),
                  O=dict(dtype="fp16", shape=[64, 128], role="out"),
                  M=50, N=70, stride_xm=70, BM=32, BN=64),
        # The padding NaN's bits are each compiler's choice: "exact"
        # matches any NaN.
        grid=(2, 2), compare="exact"),
    "k_block_ptr_copy_fp32_check1": dict(
        args=dict(X=dict(dtype="fp32", shape=[16, 100]),
                  O=dict(dtype="fp32", shape=[16, 256], role="out"),
                  M=16, N=100, stride_xm=100, BM=16, BN=128),
        grid=(2,), compare="bits"),
    "k_block_ptr_store_i32": dict(
        args=dict(X=dict(dtype="i32", shape=[45, 77], fill="uniform",
                         low=-100000, high=100000),
                  O=dict(dtype="i32", shape=[45, 77], role="out"),
                  M=45, N=77, stride=77, BM=16, BN=32),
        grid=(3, 3)),
    "k_block_ptr_advance_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[40, 200], fill="normal"),
                  O=dict(dtype="fp32", shape=[40, 64], role="out"),
                  M=40, N=200, stride_xm=200, BM=16, BN=64),
        # The same elementwise sums in the same order on both sides.
        grid=(3,), compare="exact"),
    "k_block_ptr_trans_fp16": dict(
        args=dict(X=dict(dtype="fp16", shape=[70, 48]),
                  O=dict(dtype="fp16", shape=[48, 70], role="out"),
                  M=48, N=70, BM=32, BN=32),
        grid=(2, 3), compare="bits"),
    "k_block_ptr_helper_i8": dict(
        args=dict(X=dict(dtype="i8", shape=300),
                  O=dict(dtype="i8", shape=300, role="out"),
                  M=300, B=128)),
    "k_block_ptr_matmul_fp16": dict(
        args=dict(A=dict(dtype="fp16", shape=[96, 72], fill="normal"),
                  B=dict(dtype="fp16", shape=[72, 80], fill="normal"),
                  C=dict(dtype="fp16", shape=[96, 80], role="out"),
                  M=96, N=80, K=72, stride_am=72, stride_bk=80, stride_cm=80,
                  BM=32, BN=32, BK=32),
        grid=(3, 3), compare=dict(rtol=1e-2, atol=1e-2)),
}
