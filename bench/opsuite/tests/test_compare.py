"""compare.py: NaN rules, ulp distances, tolerances, sorted outputs, on
every float layout (bf16 and fp8 through their bits)."""
import math

import numpy as np
import pytest

import compare
import spec
from conftest import from_bits

FLOATS = ["fp8e4nv", "fp8e5", "fp16", "bf16", "fp32", "fp64"]


def run(backend, dtype, ref_bits, got_bits, how):
    return compare.compare(backend, from_bits(dtype, ref_bits),
                           from_bits(dtype, got_bits), dtype, how)


@pytest.mark.parametrize("dtype", FLOATS)
def test_nan_payloads(np_backend, dtype):
    lay = compare.FloatLayout(dtype)
    nan = spec.float_bits(dtype, math.nan)
    other_nan = (lay.sign | nan) if lay.has_inf else (lay.sign | 0x7F)
    # "exact": any NaN matches any NaN; "bits": the patterns must agree.
    assert run(np_backend, dtype, [nan], [other_nan], "exact").ok
    assert not run(np_backend, dtype, [nan], [other_nan], "bits").ok
    # A NaN never matches a number, whatever the tolerance.
    one = spec.float_bits(dtype, 1.0)
    r = run(np_backend, dtype, [nan, one], [one, nan], dict(ulp=1000))
    assert r.mismatches == 2


@pytest.mark.parametrize("dtype", FLOATS)
def test_signed_zero_and_ulps(np_backend, dtype):
    lay = compare.FloatLayout(dtype)
    assert not run(np_backend, dtype, [0], [lay.sign], "exact").ok
    assert run(np_backend, dtype, [0], [lay.sign], dict(ulp=0)).ok
    one = spec.float_bits(dtype, 1.0)
    r = run(np_backend, dtype, [one], [one + 2], dict(ulp=1))
    assert not r.ok and r.max_ulp == 2
    assert run(np_backend, dtype, [one], [one + 2], dict(ulp=2)).ok
    # Across zero: the smallest denormals of either sign are 2 ulps apart.
    assert run(np_backend, dtype, [1], [lay.sign | 1], dict(ulp=2)).ok
    assert not run(np_backend, dtype, [1], [lay.sign | 1], dict(ulp=1)).ok


@pytest.mark.parametrize("dtype", ["fp16", "bf16", "fp32", "fp64", "fp8e5"])
def test_infinities(np_backend, dtype):
    inf = spec.float_bits(dtype, math.inf)
    ninf = spec.float_bits(dtype, -math.inf)
    big = spec.max_finite_bits(dtype)
    assert run(np_backend, dtype, [inf, ninf], [inf, ninf], "exact").ok
    # The largest finite value is 1 ulp below inf, and still a mismatch.
    assert not run(np_backend, dtype, [inf], [big], dict(ulp=4)).ok
    assert not run(np_backend, dtype, [inf], [ninf], dict(ulp=4)).ok


def test_fp64_extremes_do_not_wrap(np_backend):
    big = spec.max_finite_bits("fp64")
    sign = 1 << 63
    # +max vs -max: the ulp distance overflows int64 and must saturate.
    r = run(np_backend, "fp64", [big], [sign | big], dict(ulp=10))
    assert not r.ok


@pytest.mark.parametrize("dtype", ["fp16", "fp32", "fp64"])
def test_rtol_atol(np_backend, dtype):
    ref = np.array([1.0, 100.0, 0.0, -5.0], dtype=dtype.replace("fp", "float"))
    got = ref.copy()
    got[1] = ref[1] * (1 + 5e-3)
    got[2] = 1e-6
    how = dict(rtol=1e-2, atol=1e-5)
    r = compare.compare(np_backend, ref, got, dtype, how)
    assert r.ok, r.examples
    r = compare.compare(np_backend, ref, got, dtype, dict(rtol=1e-3, atol=0.0))
    assert r.mismatches == 2 and {e["index"] for e in r.examples} == {1, 2}
    assert r.max_abs > 0


def test_integers_exact_and_reported(np_backend):
    ref = np.array([1, -2, 2**31 - 1, -2**31], dtype=np.int32)
    got = ref.copy()
    got[3] = 0
    r = compare.compare(np_backend, ref, got, "i32", "exact")
    assert r.mismatches == 1
    e = r.examples[0]
    assert e["index"] == 3 and e["triton"] == -2**31 and e["tilec"] == 0
    assert e["triton_bits"] == "0x80000000" and e["tilec_bits"] == "0x00000000"


def test_u64_high_bit(np_backend):
    ref = np.array([2**64 - 1, 2**63], dtype=np.uint64)
    assert compare.compare(np_backend, ref, ref.copy(), "u64", "exact").ok
    got = ref.copy()
    got[1] = 2**63 + 1
    assert compare.compare(np_backend, ref, got, "u64", "exact").mismatches == 1


def test_sorted_and_none(np_backend):
    ref = np.array([3, 1, 2, 2], dtype=np.int32)
    got = np.array([2, 3, 2, 1], dtype=np.int32)
    assert not compare.compare(np_backend, ref, got, "i32", "exact").ok
    assert compare.compare(np_backend, ref, got, "i32", "sorted").ok
    got[0] = 7
    assert not compare.compare(np_backend, ref, got, "i32", "sorted").ok
    assert compare.compare(np_backend, ref, got, "i32", "none").ok
    nan = spec.float_bits("fp32", math.nan)
    r = run(np_backend, "fp32", [nan, 0x3F800000], [0x3F800000, nan | 5],
            "sorted")
    assert r.ok


def test_bool_outputs(np_backend):
    ref = np.array([True, False, True])
    got = np.array([True, True, True])
    assert compare.compare(np_backend, ref, got, "i1", "exact").mismatches == 1


def test_unchanged(np_backend):
    a = np.arange(10, dtype=np.uint8)
    b = a.copy()
    b[4] = 99
    assert compare.unchanged(np_backend, a, a.copy()).ok
    r = compare.unchanged(np_backend, a, b)
    assert not r.ok and r.examples == [{"index": 4}]
