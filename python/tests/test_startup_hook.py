"""TILEC_AS_TRITON=1 without an edit to the script: scripts/install_python.py
writes tilec.pth into a site directory; a fresh interpreter that processes
it (site.addsitedir, as at start-up) and runs a script importing only
`triton` (a stand-in package with Triton's JITFunction.run and
kernel[grid] protocol) launches the script's @triton.jit kernel through
tilec, on the recording fake libcuda."""

import os
import subprocess
import sys
import textwrap

import pytest

from conftest import FAKE_LIBCUDA

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# The stand-in triton: triton.jit makes a JITFunction whose kernel[grid]
# calls run(*args, grid=, warmup=False, **kwargs), as Triton's does.
FAKE_TRITON = {
    "triton/__init__.py": "from .runtime.jit import jit, JITFunction\n",
    "triton/runtime/__init__.py": "",
    "triton/runtime/jit.py": textwrap.dedent('''\
        class JITFunction:
            def __init__(self, fn):
                self.fn = fn
            def run(self, *args, grid, warmup=False, **kwargs):
                return "ran by the stand-in triton"
            def __getitem__(self, grid):
                return lambda *a, **k: self.run(*a, grid=grid, warmup=False,
                                                **k)
        def jit(fn):
            return JITFunction(fn)
        '''),
    "triton/language/__init__.py": "class constexpr:\n    pass\n",
    "triton/compiler/__init__.py": "",
    "triton/compiler/errors.py": textwrap.dedent('''\
        class TritonError(Exception):
            pass
        class CompilationError(TritonError):
            def __init__(self, src, node, error_message=None):
                super().__init__(error_message)
        '''),
}

SCRIPT = textwrap.dedent('''\
    import ctypes, os, sys
    import triton
    import triton.language as tl


    @triton.jit
    def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n)
        y = tl.load(y_ptr + offs, mask=offs < n)
        tl.store(out_ptr + offs, x + y, mask=offs < n)


    class Tensor:
        def __init__(self, ptr):
            self.ptr, self.dtype, self.is_cuda = ptr, "torch.float32", True
        def data_ptr(self):
            return self.ptr


    fake = ctypes.CDLL(os.environ["TILEC_LIBCUDA"])
    before = fake.fake_launches()
    result = add_kernel[(2,)](Tensor(0x1000), Tensor(0x2000), Tensor(0x3000),
                              64, BLOCK=32)
    print("tilec imported by:", "tilec" in sys.modules)
    print("result:", type(result).__name__)
    print("launches:", fake.fake_launches() - before)
    ''')


# A kernel tilec refuses, caught as code written for Triton catches it.
BROKEN = textwrap.dedent('''\
    import triton
    import triton.language as tl
    from triton.compiler.errors import CompilationError, TritonError


    @triton.jit
    def broken(x_ptr):
        tl.store(x_ptr + tl.arange(0, 48), 1.0)


    class Tensor:
        def __init__(self, ptr):
            self.ptr, self.dtype, self.is_cuda = ptr, "torch.float32", True
        def data_ptr(self):
            return self.ptr


    try:
        broken[(1,)](Tensor(0x1000))
    except CompilationError as e:
        assert isinstance(e, TritonError)
        print("caught as Triton's:", type(e).__name__, "|", e.error_message)
    ''')


def run(tmp_path, env_value, script_text=SCRIPT):
    site_dir = tmp_path / "site"
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts",
                                                 "install_python.py"),
                    "--site", str(site_dir)], check=True,
                   capture_output=True)
    pth = (site_dir / "tilec.pth").read_text().splitlines()
    assert pth == [os.path.join(ROOT, "python"), "import _tilec_startup"]
    for rel, text in FAKE_TRITON.items():
        path = tmp_path / "pkgs" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    script = tmp_path / "user_script.py"
    script.write_text(script_text)
    env = dict(os.environ)
    env["TILEC_AS_TRITON"] = env_value
    env["PYTHONPATH"] = str(tmp_path / "pkgs")
    # -S, then site.addsitedir: the start-up's processing of one site
    # directory, without touching this machine's own.
    code = (f"import site, runpy; site.addsitedir({str(site_dir)!r}); "
            f"runpy.run_path({str(script)!r}, run_name='__main__')")
    out = subprocess.run([sys.executable, "-S", "-c", code], env=env,
                         capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.skipif(not FAKE_LIBCUDA, reason="needs tests/fake_cuda (ctest)")
def test_as_triton_from_the_pth_file(tmp_path):
    out = run(tmp_path, "1")
    assert "tilec imported by: True" in out
    assert "result: CompiledKernel" in out
    assert "launches: 1" in out


@pytest.mark.skipif(not FAKE_LIBCUDA, reason="needs tests/fake_cuda (ctest)")
def test_without_the_variable_nothing_changes(tmp_path):
    out = run(tmp_path, "0")
    assert "tilec imported by: False" in out
    assert "result: str" in out
    assert "launches: 0" in out


@pytest.mark.skipif(not FAKE_LIBCUDA, reason="needs tests/fake_cuda (ctest)")
def test_refused_kernels_raise_tritons_compilation_error(tmp_path):
    out = run(tmp_path, "1", BROKEN)
    assert "caught as Triton's: CompilationError |" in out, out
    assert "user_script.py:8:22:" in out and "power of two" in out, out
