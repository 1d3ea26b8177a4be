import tilec
import tilec.language as tl

# Computed by Python: tilec's frontend does not evaluate the call, the
# package hands it the value Python got.
SCALE = tl.constexpr(int("3"))


@tilec.jit
def scaled(x):
    return x * SCALE


@tilec.jit
def broken(x):
    return x + tl.arange(0, 100)
