import triton
import triton.language as tl


@triton.jit
def k(X, N):
    """A docstring
    over two lines."""
    x = N + \
        1
    y = (x +
         undefined_name)
