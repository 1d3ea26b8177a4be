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


class FakeTensor:
    """What the package reads of a torch tensor: data_ptr(), dtype, device."""

    def __init__(self, ptr, dtype="float32", device="cuda"):
        self.ptr = ptr
        self.dtype = FakeDType(dtype)
        self.device = FakeDevice(device)

    def data_ptr(self):
        return self.ptr
