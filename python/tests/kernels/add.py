import tilec
import tilec.language as tl


@tilec.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@tilec.jit(do_not_specialize=["n"])
def scale_kernel(x_ptr, n, factor, bias_ptr, BLOCK: tl.constexpr = 128):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    if bias_ptr is not None:
        x += tl.load(bias_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, x * factor, mask=offs < n)


def undecorated(x_ptr, n):
    offs = tl.arange(0, 16)
    tl.store(x_ptr + offs, offs, mask=offs < n)


@tilec.jit
def broken_kernel(x_ptr):
    offs = tl.arange(0, 100)
    tl.store(x_ptr + offs, offs)


@tilec.jit
def select_kernel(x_ptr, kind: tl.constexpr, shape: tl.constexpr):
    offs = tl.arange(0, shape[0])
    if kind == "double":
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2)
    else:
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) + shape[1])


@tilec.jit
def copy_tile_kernel(in_desc, out_desc, BLOCK_M: tl.constexpr,
                     BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    tile = in_desc.load([pid * BLOCK_M, 0])
    out_desc.store([pid * BLOCK_M, 0], tile)


@tilec.jit
def no_params_kernel():
    x = tl.full((), 32, dtype=tl.int32)
    tl.static_assert(x.dtype == tl.int32)


@tilec.jit
def desc_shape_kernel(in_desc, out_ptr):
    # The tensor's shape and strides: hidden parameters the launch fills.
    tl.store(out_ptr, in_desc.shape[0] * in_desc.strides[0] + in_desc.shape[1])
