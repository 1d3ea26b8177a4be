"""pytest setup of the op suite's unit tests: bench/opsuite on the path,
and a numpy backend for compare.py (run.py uses torch's)."""
import pathlib
import sys

import numpy as np
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import spec  # noqa: E402


class NumpyBackend:
    ints = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}

    def bits(self, a):
        a = np.ascontiguousarray(a).reshape(-1)
        if a.dtype == np.bool_:
            a = a.view(np.uint8)
        return a.view(self.ints[a.itemsize]).astype(np.uint64).view(np.int64)

    def f64(self, a):
        return np.asarray(a).reshape(-1).astype(np.float64)

    def numel(self, b):
        return b.size

    def sort(self, b):
        return np.sort(b)

    def zeros_like_bool(self, m):
        return np.zeros_like(m, dtype=bool)

    def abs(self, x):
        return np.abs(x)

    def where(self, c, a, b):
        return np.where(c, a, b)

    def max_int(self, x):
        return int(x.max()) if x.size else 0

    def max_float(self, x):
        return float(x.max()) if x.size else 0.0

    def nonzero(self, m):
        return np.nonzero(m)[0].tolist()

    def item(self, b, i):
        return int(b[i])

    def value_at(self, a, i, dtype):
        v = np.asarray(a).reshape(-1)[i]
        return repr(float(v)) if spec.is_float(dtype) else int(v)


@pytest.fixture
def np_backend():
    return NumpyBackend()


def from_bits(dtype, bits_list):
    """An array of `dtype` holding these bit patterns; bf16 and fp8, which
    numpy lacks, as their unsigned integer container (the comparison reads
    bits only, except rtol/atol which the tests use on fp16/32/64)."""
    width = spec.byte_width(dtype)
    container = NumpyBackend.ints[width]
    a = np.array([b & ((1 << (8 * width)) - 1) for b in bits_list],
                 dtype=container)
    native = {"fp16": np.float16, "fp32": np.float32, "fp64": np.float64}
    return a.view(native[dtype]) if dtype in native else a
