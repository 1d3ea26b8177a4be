# tilec's prelude: tl.sort, tl.topk and tl.bitonic_merge, written in the
# kernel language and inlined like any @jit helper (lib/Frontend/Prelude.cpp
# embeds this file).
#
# Results must be bit-identical to Triton's, ties, NaNs and signed zeros
# included, so the network is Triton's: the tensor is viewed as a hypercube
# of 2s (one dimension per bit of the flat index), and a bitonic network
# runs on it. A compare-and-exchange along one cube dimension finds each
# element's partner with an xor-reduction of the bit patterns over that
# dimension (a ^ (a ^ b) = b), then keeps the element or takes the partner
# depending on `x > partner` and on which side of the pair, and which
# direction of the merge, the element sits. Every element of a pair makes
# the decision with the same ordered `>`, so an unordered pair (a NaN) is
# left as it was. topk stops the merges at runs of k and, for each further
# bit of the sorted dimension, keeps the larger run element by element with
# tl.max over that cube dimension, then re-merges (the bitonic top-k
# selection); the runs are widened to 32 bits first, as Triton's tl.max
# widens them.
import triton
import triton.language as tl


@triton.jit
def _sort_log2(n: tl.constexpr):
    # floor(log2(n)) of a constexpr, 0 for n <= 1.
    r: tl.constexpr = 0
    for i in tl.static_range(31):
        if (2 << i) <= n:
            r = i + 1
    return r


@triton.jit
def _sort_last_resized(shape: tl.constexpr, n: tl.constexpr):
    # `shape` with its last dimension replaced by n.
    out: tl.constexpr = (n, )
    for i in tl.static_range(len(shape) - 1):
        out = (shape[len(shape) - 2 - i], ) + out
    return out


@triton.jit
def _sort_side(rank: tl.constexpr, d: tl.constexpr):
    # 0 or 1: the position along cube dimension `d`, counted from the
    # innermost, broadcastable against a cube of `rank` dimensions. Built
    # with expand_dims rather than a reshape, so that the layout passes can
    # recompute it in the cube's layout instead of moving it there.
    side = tl.arange(0, 2)
    for i in tl.static_range(d):
        side = tl.expand_dims(side, 1 + i)
    for i in tl.static_range(rank - d - 1):
        side = tl.expand_dims(side, 0)
    return side


@triton.jit
def _sort_bits(x):
    # The signed integer of x's width holding its bit pattern.
    width: tl.constexpr = x.dtype.primitive_bitwidth
    if width == 1:
        return x.to(tl.int1, bitcast=True)
    elif width == 8:
        return x.to(tl.int8, bitcast=True)
    elif width == 16:
        return x.to(tl.int16, bitcast=True)
    elif width == 32:
        return x.to(tl.int32, bitcast=True)
    else:
        tl.static_assert(width == 64, "sort: unsupported element width")
        return x.to(tl.int64, bitcast=True)


@triton.jit
def _sort_exchange(x, flip, d: tl.constexpr):
    # One compare-and-exchange step along cube dimension `d` (innermost 0);
    # `flip` (0/1, a constant or per position) reverses the direction.
    rank: tl.constexpr = _sort_log2(x.numel)
    bits = _sort_bits(x)
    partner = bits ^ tl.xor_sum(bits, rank - 1 - d, True)
    partner = partner.to(x.dtype, bitcast=True)
    right = _sort_side(rank, d)
    return tl.where((x > partner) != (flip ^ right), partner, x)


@triton.jit
def _sort_merge(x, stage: tl.constexpr, order: tl.constexpr):
    # `stage` exchange steps, innermost last: runs of 2**stage come out
    # ascending (order 0), descending (order 1), or alternating with the
    # next cube dimension (order 2), ready for the next merge.
    if order == 2:
        flip = _sort_side(_sort_log2(x.numel), stage)
    else:
        flip = order
    for i in tl.static_range(stage):
        x = _sort_exchange(x, flip, stage - 1 - i)
    return x


@triton.jit
def _sort_widen(h):
    # The type Triton's tl.max and tl.min reduce in: bf16 and anything
    # narrower than 32 bits widened to fp32 or int32 (written out here so
    # that topk's result type is Triton's whatever tl.max does).
    if h.dtype == tl.bfloat16:
        h = h.to(tl.float32)
    if h.dtype.primitive_bitwidth < 32:
        if h.dtype.is_floating():
            h = h.to(tl.float32)
        else:
            h = h.to(tl.int32)
    return h


@triton.jit
def _sort_network(x, k: tl.constexpr, dim: tl.constexpr,
                  descending: tl.constexpr):
    last: tl.constexpr = len(x.shape) - 1
    axis: tl.constexpr = last if dim is None else dim
    tl.static_assert(axis == last,
                     "only minor dimension is currently supported")
    log_n: tl.constexpr = _sort_log2(x.shape[last])
    log_k: tl.constexpr = log_n if k is None else _sort_log2(k)
    tl.static_assert(log_k <= log_n,
                     "topk: k must not exceed the size of the dimension")
    cube: tl.constexpr = _sort_log2(x.numel)
    h = tl.reshape(x, [2] * cube if cube else [1])
    for i in tl.static_range(1, log_k + 1):
        h = _sort_merge(h, i, 2 if i < log_n else descending)
    for i in tl.static_range(log_k + 1, log_n + 1):
        h = _sort_widen(h)
        if descending:
            h = tl.max(h, axis=_sort_log2(h.numel) - 1 - log_k)
        else:
            h = tl.min(h, axis=_sort_log2(h.numel) - 1 - log_k)
        h = _sort_merge(h, log_k, 2 if i < log_n else descending)
    return tl.reshape(h, _sort_last_resized(x.shape, 2**log_k))


@triton.jit
def sort(x, dim: tl.constexpr = None, descending: tl.constexpr = 0):
    return _sort_network(x, None, dim, descending)


@triton.jit
def topk(x, k: tl.constexpr, dim: tl.constexpr = None):
    return _sort_network(x, k, dim, True)


@triton.jit
def bitonic_merge(x, dim: tl.constexpr = None, descending: tl.constexpr = 0):
    # One bitonic merge over the whole last dimension, as Triton's: each run
    # of that dimension must already be bitonic (ascending then descending)
    # for the result to come out sorted; otherwise it is the network's
    # output all the same.
    last: tl.constexpr = len(x.shape) - 1
    axis: tl.constexpr = last if dim is None else dim
    tl.static_assert(axis == last,
                     "only minor dimension is currently supported")
    cube: tl.constexpr = _sort_log2(x.numel)
    h = tl.reshape(x, [2] * cube if cube else [1])
    h = _sort_merge(h, _sort_log2(x.shape[last]), descending)
    return tl.reshape(h, x.shape)
