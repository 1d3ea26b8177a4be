"""pytest set-up for python/tilec's tests: the package and the test kernels
on sys.path, and a fresh kernel cache directory for the process (the C
library reads TILEC_CACHE_DIR once, at the first compile)."""

import os
import sys
import tempfile

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
