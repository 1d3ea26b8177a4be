# tilec's prelude: triton.language's random-number functions, written in the
# kernel language itself and inlined like any @jit helper. tilec embeds this
# file (lib/Frontend/Prelude.cpp); `tl.rand(...)` in a kernel calls `rand`
# below. The results must be bit-identical to Triton's for the same seed and
# offsets, so the arithmetic follows Triton's documented generator exactly:
# Philox-4x32 (or 4x64 for 64-bit counters) with 10 rounds by default, the key
# taken from the 64-bit seed, the counter from the offset, and the same
# int-to-float and Box-Muller steps.
import triton
import triton.language as tl

ROUNDS = tl.constexpr(10)


@triton.jit
def philox_impl(c0, c1, c2, c3, k0, k1, n_rounds: tl.constexpr = ROUNDS):
    # Round and key constants: the golden-ratio and sqrt(3)-1 Weyl increments
    # and Salmon et al.'s multipliers, in the counters' width.
    if c0.dtype == tl.uint32:
        KA: tl.constexpr = 0x9E3779B9
        KB: tl.constexpr = 0xBB67AE85
        MA: tl.constexpr = 0xD2511F53
        MB: tl.constexpr = 0xCD9E8D57
    else:
        tl.static_assert(c0.dtype == tl.uint64,
                         "philox counters must be uint32 or uint64")
        KA: tl.constexpr = 0x9E3779B97F4A7C15
        KB: tl.constexpr = 0xBB67AE8584CAA73B
        MA: tl.constexpr = 0xD2E7470EE14C6C93
        MB: tl.constexpr = 0xCA5A826395121157
    for _ in tl.static_range(n_rounds):
        prev0 = c0
        prev2 = c2
        c0 = tl.umulhi(MB, prev2) ^ c1 ^ k0
        c2 = tl.umulhi(MA, prev0) ^ c3 ^ k1
        c1 = MB * prev2
        c3 = MA * prev0
        k0 = k0 + KA
        k1 = k1 + KB
    return c0, c1, c2, c3


@triton.jit
def philox(seed, c0, c1, c2, c3, n_rounds: tl.constexpr = ROUNDS):
    seed = tl.to_tensor(seed)
    tl.static_assert(seed.dtype.is_int(), "the philox seed must be an integer")
    seed = seed.to(tl.uint64)
    c0 = tl.to_tensor(c0)
    c1 = tl.to_tensor(c1)
    c2 = tl.to_tensor(c2)
    c3 = tl.to_tensor(c3)
    if c0.dtype.primitive_bitwidth == 32:
        key_hi = ((seed >> 32) & 0xFFFFFFFF).to(tl.uint32)
        key_lo = (seed & 0xFFFFFFFF).to(tl.uint32)
        return philox_impl(c0.to(tl.uint32, bitcast=True),
                           c1.to(tl.uint32, bitcast=True),
                           c2.to(tl.uint32, bitcast=True),
                           c3.to(tl.uint32, bitcast=True),
                           key_lo, key_hi, n_rounds)
    else:
        tl.static_assert(c0.dtype.primitive_bitwidth == 64,
                         "philox counters must be 32 or 64 bits wide")
        return philox_impl(c0.to(tl.uint64, bitcast=True),
                           c1.to(tl.uint64, bitcast=True),
                           c2.to(tl.uint64, bitcast=True),
                           c3.to(tl.uint64, bitcast=True),
                           seed, tl.full((1, ), 0, tl.uint64), n_rounds)


@triton.jit
def randint4x(seed, offset, n_rounds: tl.constexpr = ROUNDS):
    lo = offset.to(tl.uint32)
    zero = lo * 0
    if offset.dtype.primitive_bitwidth > 32:
        hi = (offset >> 32).to(tl.uint32)
        return philox(seed, lo, hi, zero, zero, n_rounds)
    else:
        return philox(seed, lo, zero, zero, zero, n_rounds)


@triton.jit
def randint(seed, offset, n_rounds: tl.constexpr = ROUNDS):
    r0, r1, r2, r3 = randint4x(seed, offset, n_rounds)
    return r0


@triton.jit
def uint_to_uniform_float(x):
    # Fold the sign so that the result lies in [0, 1): a signed value v maps
    # to v or -v - 1, scaled by the largest factor that keeps MAX * s < 1.
    if x.dtype == tl.uint32 or x.dtype == tl.int32:
        v = x.to(tl.int32, bitcast=True)
        v = tl.where(v < 0, -v - 1, v)
        return v * 4.6566127342e-10
    else:
        tl.static_assert(x.dtype == tl.uint64 or x.dtype == tl.int64,
                         "uint_to_uniform_float takes 32- or 64-bit integers")
        v = x.to(tl.int64, bitcast=True)
        v = tl.where(v < 0, -v - 1, v)
        return v * 1.0842020432385337e-19


@triton.jit
def rand(seed, offset, n_rounds: tl.constexpr = ROUNDS):
    return uint_to_uniform_float(randint(seed, offset, n_rounds))


@triton.jit
def rand4x(seed, offsets, n_rounds: tl.constexpr = ROUNDS):
    r0, r1, r2, r3 = randint4x(seed, offsets, n_rounds)
    return (uint_to_uniform_float(r0), uint_to_uniform_float(r1),
            uint_to_uniform_float(r2), uint_to_uniform_float(r3))


@triton.jit
def pair_uniform_to_normal(u1, u2):
    # Box-Muller: two uniforms to two independent standard normals.
    u1 = tl.maximum(1.0e-7, u1)
    theta = 6.283185307179586 * u2
    radius = tl.sqrt(-2.0 * tl.log(u1))
    return radius * tl.cos(theta), radius * tl.sin(theta)


@triton.jit
def randn(seed, offset, n_rounds: tl.constexpr = ROUNDS):
    r0, r1, r2, r3 = randint4x(seed, offset, n_rounds)
    n0, n1 = pair_uniform_to_normal(uint_to_uniform_float(r0),
                                    uint_to_uniform_float(r1))
    return n0


@triton.jit
def randn4x(seed, offset, n_rounds: tl.constexpr = ROUNDS):
    u0, u1, u2, u3 = rand4x(seed, offset, n_rounds)
    n0, n1 = pair_uniform_to_normal(u0, u1)
    n2, n3 = pair_uniform_to_normal(u2, u3)
    return n0, n1, n2, n3
