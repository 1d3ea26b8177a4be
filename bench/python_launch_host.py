#!/usr/bin/env python3
"""Host time per launch of python/tilec's launch paths, without a GPU.

Launches go to a CUDA driver that does nothing but record them (python/
tests/fake_cuda, built as build/python/libtilec-python-fake-cuda.so), so
the time measured is the host path alone: the Python package, ctypes,
libtilec's checks and packing. The kernel is python/tests/kernels/add.py's
add_kernel (examples/vector_add.py's, importable without Triton; 4 runtime
arguments: 3 tensors and an int), its tensors
stand-ins with torch.Tensor's interface (data_ptr(), dtype, device,
is_cuda) that the fast path treats as torch tensors.

    python3 bench/python_launch_host.py [--package DIR] [--fake LIB]

--package runs another copy of the package (python/ of an older commit)
on the same libtilec.so, for a before/after comparison. Prints the median
over 7 rounds of microseconds per launch for:
  jit        kernel[grid](x, y, out, n, BLOCK=1024)
  compiled   compiled[grid](x_ptr, y_ptr, out_ptr, n), grid made once
  floor      the packet call alone (ctypes and libtilec), when available
"""

import argparse
import ctypes
import os
import statistics
import sys
import timeit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class DType:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return "torch." + self.name


class HostTensor:
    """torch.Tensor's launch interface, over a host address."""

    def __init__(self, ptr, dtype):
        self.ptr = ptr
        self.dtype = dtype
        self.device = "cuda"
        self.is_cuda = True

    def data_ptr(self):
        return self.ptr


def median_us(fn, number=20000, rounds=7):
    fn()
    times = timeit.repeat(fn, number=number, repeat=rounds)
    return statistics.median(times) / number * 1e6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--package", default=os.path.join(ROOT, "python"))
    ap.add_argument("--fake", default=os.path.join(
        ROOT, "build", "python", "libtilec-python-fake-cuda.so"))
    args = ap.parse_args()
    os.environ["TILEC_LIBCUDA"] = args.fake
    os.environ.setdefault("TILEC_LIBRARY", os.path.join(
        ROOT, "build", "lib", "libtilec.so"))
    sys.path.insert(0, args.package)
    sys.path.insert(0, os.path.join(ROOT, "python", "tests", "kernels"))
    import tilec
    launch = sys.modules.get("tilec.launch")
    if launch is not None:
        # The stand-ins take torch.Tensor's place in the binder.
        launch.tensor_class = lambda: HostTensor
    import add

    f32 = DType("float32")
    x, y, out = (HostTensor(0x7f0000000000 + 0x100000 * i, f32)
                 for i in range(3))
    n = 4096
    kernel = add.add_kernel
    grid = (4,)
    results = {}
    results["jit"] = median_us(
        lambda: kernel[grid](x, y, out, n, BLOCK=1024))
    compiled = kernel.warmup(x, y, out, n, BLOCK=1024)
    run = compiled[grid]
    xp, yp, op = x.data_ptr(), y.data_ptr(), out.data_ptr()
    results["compiled"] = median_us(lambda: run(xp, yp, op, n))
    from tilec import _lib
    if hasattr(_lib, "launch_packet_raw"):
        pack, _, handle, count, _ = compiled.entry(0, range(4), 4)
        packet = pack(handle, count, 4, 1, 1, 0, xp, yp, op, n)
        err = ctypes.c_void_p()
        ref = ctypes.byref(err)
        call = _lib.launch_packet_raw
        results["floor"] = median_us(lambda: call(packet, ref))
    print(f"package {os.path.abspath(args.package)}")
    for name, us in results.items():
        print(f"  {name:9s} {us:6.2f} us per launch")


if __name__ == "__main__":
    main()
