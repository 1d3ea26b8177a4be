import tilec
import tilec.language as tl
from helperlib.ops import scaled
import helperlib.ops as ops

BLOCK = tl.constexpr(2 ** 6)


@tilec.jit
def helped_kernel(out_ptr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, scaled(offs) + ops.SCALE)


@tilec.jit
def calls_broken(out_ptr):
    offs = tl.arange(0, 128)
    tl.store(out_ptr + offs, ops.broken(offs))
