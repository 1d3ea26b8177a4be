"""pytest set-up for python/tilec's tests: the package and the test kernels
on sys.path, and a fresh kernel cache directory for the process (the C
library reads TILEC_CACHE_DIR once, at the first compile)."""

import ctypes
import os
import sys
import tempfile

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, "kernels"))
os.environ.setdefault("TILEC_CACHE_DIR",
                      tempfile.mkdtemp(prefix="tilec-pytest-cache-"))
os.environ.pop("TILEC_AS_TRITON", None)


def _real_gpu():
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


# Without a GPU, launches go to the recording fake libcuda that ctest names
# (tests/fake_cuda), read by test_launch.py; with one, the real driver.
FAKE_LIBCUDA = os.environ.get("TILEC_TEST_FAKE_LIBCUDA", "")
if FAKE_LIBCUDA and not _real_gpu():
    os.environ["TILEC_LIBCUDA"] = FAKE_LIBCUDA
else:
    FAKE_LIBCUDA = ""


class FakeDevice:
    def __init__(self, type_):
        self.type = type_

    def __str__(self):
        return self.type


class FakeDType:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return "torch." + self.name

    def __eq__(self, other):
        return isinstance(other, FakeDType) and other.name == self.name

    def __hash__(self):
        return hash(self.name)


class FakeTensor:
    """What the package reads of a torch tensor: data_ptr(), dtype, device."""

    def __init__(self, ptr, dtype="float32", device="cuda"):
        self.ptr = ptr
        self.dtype = FakeDType(dtype)
        self.device = FakeDevice(device)
        self.is_cuda = device == "cuda"

    def data_ptr(self):
        return self.ptr


@pytest.fixture
def fake():
    """The recording fake libcuda, its launches succeeding. It cannot tell
    how many arguments a launch has: it copies as many as
    fake_set_arg_count says (4, add_kernel's, unless a test says
    otherwise)."""
    lib = ctypes.CDLL(FAKE_LIBCUDA)
    lib.fake_set_launch_result(0)
    lib.fake_set_arg_count(4)
    yield lib
    lib.fake_set_arg_count(0)


def last_launch(fake, count):
    """The last launch's grid, block, stream and first `count` arguments;
    the fake copied as many as fake_set_arg_count said before it."""
    grid = (ctypes.c_uint * 3)()
    block = (ctypes.c_uint * 3)()
    stream = ctypes.c_uint64()
    words = (ctypes.c_uint64 * 32)()
    fake.fake_last_launch(grid, block, ctypes.byref(stream), words)
    return tuple(grid), tuple(block), stream.value, list(words[:count])


class Config:
    """A stand-in for triton.Config (tilec reads it by its attributes)."""

    def __init__(self, kwargs, num_warps=4, num_stages=3):
        self.kwargs = kwargs
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.pre_hook = None


class Autotuner:
    """A stand-in for the object triton.autotune makes."""

    def __init__(self, fn, configs, key):
        self.fn = fn
        self.configs = configs
        self.keys = key
        self.reset_to_zero = []
        self.restore_value = []
        self.early_config_prune = None
