import tilec
import tilec.language as tl


@tilec.jit
def copy_2d(out_ptr, a_ptr, shape, strides, BLOCK: tl.constexpr):
    # shape and strides are tuple arguments (a torch.Size, a tuple of ints).
    offs = tl.arange(0, BLOCK)
    mask = offs < shape[0] * shape[1]
    x = tl.load(a_ptr + offs * strides[1], mask=mask)
    tl.store(out_ptr + offs, x, mask=mask)


@tilec.jit
def store_each(_0, ptrs, _1: tl.constexpr, values, flags):
    # A tuple of pointers, a tuple of ints, a nested tuple with a None.
    for i in tl.static_range(len(values)):
        tl.store(ptrs[i], values[i])
    tl.static_assert(flags[1][0] is None)
    tl.store(ptrs[0], flags[0] + flags[1][1])
