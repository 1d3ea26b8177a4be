"""tilec.jit on a GPU (skipped without torch and a GPU): kernels launched
on PyTorch tensors, checked against torch; a second stream; a CPU tensor
refused before the launch. bench/python_jit.py times them beside Triton."""

import os
import sys

import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("no GPU", allow_module_level=True)

import add as kernels  # noqa: E402
import tilec  # noqa: E402


def test_vector_add():
    n = 10000
    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    out = torch.full_like(x, float("nan"))
    kernels.add_kernel[lambda m: ((n + m["BLOCK"] - 1) // m["BLOCK"],)](
        x, y, out, n, BLOCK=1024)
    torch.cuda.synchronize()
    assert torch.equal(out, x + y)


def test_on_the_current_stream():
    n = 4096
    x = torch.randn(n, device="cuda")
    out = torch.zeros_like(x)
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        kernels.add_kernel[(4,)](x, x, out, n, BLOCK=1024)
    s.synchronize()
    assert torch.equal(out, 2 * x)


def test_none_and_float_arguments():
    x = torch.arange(100, device="cuda", dtype=torch.float32)
    ref = x * 0.5
    kernels.scale_kernel[(1,)](x, 100, 0.5, None)
    torch.cuda.synchronize()
    assert torch.equal(x, ref)


def test_cpu_tensor_is_refused():
    x = torch.randn(16, device="cuda")
    with pytest.raises(tilec.ArgumentError, match="tensor on cpu"):
        kernels.add_kernel[(1,)](x, torch.randn(16), x, 16, BLOCK=16)


def test_triton_kernels_and_softmax():
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                    "examples"))
    pytest.importorskip("triton")
    import softmax
    kernel = tilec.jit(softmax.softmax_kernel)
    x = torch.randn(333, 700, device="cuda")
    out = torch.empty_like(x)
    kernel[(333,)](out, x, x.stride(0), out.stride(0), 700, BLOCK_SIZE=1024)
    torch.cuda.synchronize()
    torch.testing.assert_close(out, torch.softmax(x, dim=1))
