import triton
import triton.language as tl

BLOCK_DEFAULT = tl.constexpr(64)
SIZES = (32, 64)


@triton.jit
def triton_tanh(x):
    return 2 * tl.sigmoid(2 * x) - 1


@triton.jit
def bad_helper(x):
    return x + tl.arange(0, 100)


def configs():
    return [triton.Config({'BLOCK': b}) for b in SIZES]
