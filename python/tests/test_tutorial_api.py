"""What Triton 3.6's tutorials reach of the package beyond
`kernel[grid](...)` (bench/triton_tests/TUTORIALS.md): a constexpr
parameter named as a launch option (02's `num_stages`), the compiled
kernel as Triton's (02's `warmup`, `_init_handles`, `n_regs`,
`metadata.shared`, and its launch with every parameter, tensors
included), the errors Triton's autotuner skips a config on (03, 06, 08: a
failed tl.static_assert, shared memory past the limit), and the
`extern_libs` launch option (07). The launches go to the recording fake
libcuda; a stand-in `triton` package checks the errors as Triton's
classes, in a subprocess (use_as_triton() changes the process)."""

import ctypes
import os
import subprocess
import sys
import textwrap

import pytest

import tilec
import tutorial_api as kernels
from conftest import (FAKE_LIBCUDA, Autotuner, Config, FakeTensor,
                      last_launch)

HERE = os.path.dirname(os.path.abspath(__file__))
needs_fake = pytest.mark.skipif(not FAKE_LIBCUDA,
                                reason="needs tests/fake_cuda (ctest)")


@pytest.fixture
def fake(fake):
    """conftest's fake driver, copying six arguments."""
    fake.fake_set_arg_count(6)
    return fake


def rows_args(base=0x100000):
    y, x = FakeTensor(base), FakeTensor(base + 0x10000)
    return [y, x, 50, 64, 10, 50]


def test_parameter_named_as_an_option_takes_the_value_too():
    # 02-fused-softmax: `num_stages` is a constexpr parameter and, passed
    # by keyword, the option as well (Triton binds both).
    k = kernels.rows_kernel.warmup(*rows_args(), BLOCK=64, num_stages=2,
                                   num_warps=8, grid=(1,))
    assert k.signature == "*fp32:16, *fp32:16, i32, i32:16, i32, i32, 64, 2"
    assert k.metadata.num_warps == 8
    other = kernels.rows_kernel.warmup(*rows_args(), BLOCK=64, num_stages=3,
                                       num_warps=8)
    assert other is not k and other.signature.endswith(", 64, 3")
    with pytest.raises(tilec.ArgumentError,
                       match="missing the argument 'num_stages'"):
        kernels.rows_kernel.warmup(*rows_args(), BLOCK=64)


@needs_fake
def test_compiled_kernel_launches_as_tritons(fake):
    # 02-fused-softmax: warmup, _init_handles, the resource counts, then
    # the compiled kernel launched with every parameter, constexprs and
    # tensors included, as Triton's launcher takes them.
    k = kernels.rows_kernel.warmup(*rows_args(), BLOCK=64, num_stages=2,
                                   num_warps=8, grid=(1,))
    k._init_handles()
    assert k.function is not None
    if k.metadata.has_cubin:
        assert k.n_regs > 0
    assert k.n_spills == 0
    assert k.metadata.shared == (k.metadata.shared_bytes
                                 + k.metadata.dynamic_shared_bytes)
    y, x, *ints = rows_args()
    before = fake.fake_launches()
    k[(4, 1, 1)](y, x, *ints, 64, 2)
    grid, block, stream, words = last_launch(fake, 6)
    assert (grid, block, stream) == ((4, 1, 1), (256, 1, 1), 0)
    assert words == [y.ptr, x.ptr, 50, 64, 10, 50]
    # Tensors among the runtime arguments only; an explicit stream.
    k[(2,)](y, x, *ints, stream=0x1234)
    assert last_launch(fake, 6)[2:] == (0x1234, [y.ptr, x.ptr, 50, 64, 10,
                                                 50])
    # The specialization's checks hold in either form.
    with pytest.raises(tilec.ArgumentError, match="'out_ptr' is \\*fp32:16"):
        k[(1,)](FakeTensor(0x100004), x, *ints, 64, 2)
    with pytest.raises(tilec.ArgumentError,
                       match="expected 6 runtime arguments or 8 arguments"):
        k[(1,)](y, x, *ints, 64)
    with pytest.raises(tilec.ArgumentError, match="tensor on cpu"):
        k[(1,)](y, FakeTensor(0x200000, device="cpu"), *ints, 64, 2)
    assert fake.fake_launches() == before + 2


@needs_fake
def test_compiled_kernel_with_tuple_parameters(fake):
    # Triton's form passes a tuple parameter as its tuple; its leaves are
    # the compiled kernel's parameters (shape.0, ...).
    import tuples
    out, a = FakeTensor(0xa00000), FakeTensor(0xa10000)
    k = tuples.copy_2d.warmup(out, a, (8, 4), (4, 1), BLOCK=32)
    k[(1,)](out, a, (8, 4), (4, 1), 32)
    assert last_launch(fake, 6)[3] == [out.ptr, a.ptr, 8, 4, 4, 1]
    k[(1,)](out.ptr, a.ptr, 8, 4, 4, 1)
    assert last_launch(fake, 6)[3] == [out.ptr, a.ptr, 8, 4, 4, 1]


@needs_fake
def test_launch_by_keyword_of_an_option_named_parameter(fake):
    y, x, *ints = rows_args(0x300000)
    for _ in range(2):
        k = kernels.rows_kernel[(3,)](y, x, *ints, BLOCK=64, num_stages=2)
    assert k.signature.endswith(", 64, 2")
    assert last_launch(fake, 6)[3] == [y.ptr, x.ptr] + ints


def test_static_assert_and_shared_memory_errors():
    x = FakeTensor(0x400000)
    with pytest.raises(tilec.CompileTimeAssertionFailure,
                       match="'tl.static_assert' failed") as e:
        kernels.bounded_kernel.warmup(x, BLOCK=64, LIMIT=32)
    assert isinstance(e.value, tilec.CompilationError)
    a, b, c = (FakeTensor(0x500000 + 0x100000 * i, "float16")
               for i in range(3))
    with pytest.raises(tilec.OutOfResourcesError,
                       match="bytes of shared memory") as e:
        kernels.tiled_dot_kernel.warmup(a, b, c, 1024, BM=256, BN=256,
                                        BK=128, num_stages=4, num_warps=8,
                                        arch="sm_90a")
    assert isinstance(e.value, tilec.CompilationError)
    assert e.value.name == "shared memory"
    assert e.value.limit == 232448 and e.value.required > e.value.limit
    # Other refusals stay plain CompilationErrors.
    with pytest.raises(tilec.CompilationError) as e:
        kernels.bounded_kernel.warmup(x, BLOCK=48, LIMIT=64)
    assert type(e.value) is tilec.CompilationError


def test_failed_compiles_are_remembered(monkeypatch):
    # An autotuner asks again for every new key (03 autotunes 62 of them);
    # Triton's compiler caches the kernel its _init_handles refuses.
    k = tilec.jit(kernels.bounded_kernel.fn)
    calls = []
    real = tilec._lib.compile

    def counted(*args, **kwargs):
        calls.append(args[2])
        return real(*args, **kwargs)
    monkeypatch.setattr(tilec._lib, "compile", counted)
    for _ in range(3):
        with pytest.raises(tilec.CompileTimeAssertionFailure,
                           match="'tl.static_assert' failed"):
            k.warmup(FakeTensor(0x900000), BLOCK=64, LIMIT=16)
    assert len(calls) == 1
    assert k.warmup(FakeTensor(0x900000), BLOCK=16, LIMIT=16).signature == (
        "*fp32:16, 16, 16")
    assert len(calls) == 2


def test_out_of_resources_at_launch_is_its_own_error():
    from tilec import errors
    e = errors.cuda_error("cuLaunchKernel: too many resources", 701)
    assert isinstance(e, tilec.LaunchOutOfResourcesError)
    assert isinstance(e, tilec.CudaError) and e.result == 701
    assert type(errors.cuda_error("other", 1)) is tilec.CudaError


@needs_fake
def test_tilec_autotuner_skips_configs_that_cannot_run(fake):
    tuned = tilec.jit(Autotuner(kernels.bounded_kernel.fn,
                               [Config({"BLOCK": 128}),
                                Config({"BLOCK": 32})], []))
    tuned.timer = lambda launch: launch() or 1.0
    fake.fake_set_arg_count(1)
    k = tuned[(1,)](FakeTensor(0x600000), LIMIT=64)
    assert tuned.best_config.kwargs == {"BLOCK": 32}
    assert k.signature == "*fp32:16, 32, 64"


def libdevice_file():
    for path in (os.environ.get("TILEC_LIBDEVICE"),
                 "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"):
        if path and os.path.isfile(path):
            return path
    pytest.skip("no libdevice.10.bc")


def test_extern_libs_names_the_libdevice():
    # 07-extern-functions: extern_libs={'libdevice': path} links that file.
    path = libdevice_file()
    x, y = FakeTensor(0x700000), FakeTensor(0x710000)
    env = os.environ.get("TILEC_LIBDEVICE")
    plain = kernels.asin_kernel.warmup(x, y, 100, BLOCK=128)
    named = kernels.asin_kernel.warmup(x, y, 100, BLOCK=128,
                                       extern_libs={"libdevice": path})
    assert named is not plain and named._libdevice == path
    assert plain._libdevice is None
    assert "__nv_asinf" not in named.asm["ptx"]  # linked, not called
    assert os.environ.get("TILEC_LIBDEVICE") == env
    # Triton's options hold it as items; an empty path is the default.
    assert kernels.asin_kernel.warmup(
        x, y, 100, BLOCK=128, extern_libs=(("libdevice", path),)) is named
    assert kernels.asin_kernel.warmup(
        x, y, 100, BLOCK=128, extern_libs={"libdevice": ""}) is plain
    with pytest.raises(tilec.ArgumentError,
                       match="extern_libs names 'ocml'; tilec links "
                             "libdevice only"):
        kernels.asin_kernel.warmup(x, y, 100, BLOCK=128,
                                   extern_libs={"ocml": path})
    with pytest.raises(tilec.ArgumentError, match="which is not a file"):
        kernels.asin_kernel.warmup(
            x, y, 100, BLOCK=128,
            extern_libs={"libdevice": path + ".missing"})


@needs_fake
def test_extern_libs_through_the_fast_path(fake):
    path = libdevice_file()
    x, y = FakeTensor(0x800000), FakeTensor(0x810000)
    kernel = tilec.jit(kernels.asin_kernel.fn)
    fake.fake_set_arg_count(3)
    for _ in range(3):
        k = kernel[(1,)](x, y, 100, BLOCK=128,
                         extern_libs={"libdevice": path})
    assert k._libdevice == path
    assert len(kernel.fast_cache) == 1
    assert last_launch(fake, 3)[3] == [x.ptr, y.ptr, 100]


# A stand-in for the parts of Triton 3.6 these tests reach: errors, and a
# JITFunction whose warmup and kernel[grid] call run() as Triton's do.
FAKE_TRITON = {
    "triton/__init__.py": textwrap.dedent('''\
        from .runtime.jit import jit, JITFunction
        class Config:
            def __init__(self, kwargs, num_warps=4, num_stages=3,
                         pre_hook=None):
                self.kwargs, self.pre_hook = kwargs, pre_hook
        def autotune(configs, key, **kwargs):
            return lambda fn: fn  # tuning is not what these tests check
        '''),
    "triton/runtime/__init__.py": "",
    "triton/runtime/jit.py": textwrap.dedent('''\
        class JITFunction:
            def __init__(self, fn):
                self.fn = fn
            def run(self, *args, grid, warmup, **kwargs):
                raise AssertionError("Triton's own run")
            def warmup(self, *args, grid, **kwargs):
                return self.run(grid=grid, warmup=True, *args, **kwargs)
            def __getitem__(self, grid):
                return lambda *a, **k: self.run(grid=grid, warmup=False,
                                                *a, **k)
        def jit(fn):
            return JITFunction(fn)
        '''),
    "triton/runtime/errors.py": textwrap.dedent('''\
        from ..compiler.errors import TritonError
        class OutOfResources(TritonError):
            def __init__(self, required, limit, name):
                self.required, self.limit, self.name = required, limit, name
        class PTXASError(TritonError):
            def __init__(self, error_message=None):
                self.error_message = error_message
        '''),
    "triton/language/__init__.py": "class constexpr:\n    pass\n",
    "triton/compiler/__init__.py": "",
    "triton/compiler/errors.py": textwrap.dedent('''\
        class TritonError(Exception):
            pass
        class CompilationError(TritonError):
            def __init__(self, src, node, error_message=None):
                super().__init__(error_message)
        class CompileTimeAssertionFailure(CompilationError):
            pass
        '''),
}

SCRIPT = textwrap.dedent('''\
    import ctypes, os, pickle
    import triton
    import triton.language as tl
    from triton.compiler.errors import (CompilationError,
                                        CompileTimeAssertionFailure)
    from triton.runtime.errors import OutOfResources, PTXASError
    import tilec

    tilec.use_as_triton()


    @triton.jit
    def bounded(x_ptr, BLOCK: tl.constexpr, LIMIT: tl.constexpr):
        tl.static_assert(BLOCK <= LIMIT)
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1.0)


    @triton.jit
    def tiled(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr,
              BK: tl.constexpr):
        rm = tl.arange(0, BM)
        rn = tl.arange(0, BN)
        rk = tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, K, BK):
            a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
            b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
            acc = tl.dot(a, b, acc)
        tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))


    @triton.jit
    def rows(out_ptr, in_ptr, n, BLOCK: tl.constexpr,
             num_stages: tl.constexpr):
        for r in tl.range(0, n, num_stages=num_stages):
            offs = tl.arange(0, BLOCK)
            tl.store(out_ptr + r * BLOCK + offs,
                     tl.load(in_ptr + r * BLOCK + offs))


    def cpu_count():
        return os.cpu_count()

    # No blank line between this comment and the kernel's decorators.
    @triton.autotune(
        configs=[triton.Config({"BLOCK": 64}, pre_hook=lambda nargs: None),
                 triton.Config({"BLOCK": 16 * cpu_count()})],
        key=["n"])
    @triton.jit
    def tuned(x_ptr, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n),
                 mask=offs < n)


    class Tensor:
        def __init__(self, ptr, dtype="float32"):
            self.ptr, self.dtype, self.is_cuda = ptr, "torch." + dtype, True
        def data_ptr(self):
            return self.ptr


    # What Triton's autotuner does with each config: skip the three errors.
    skipped = []
    for name, launch in [
            ("assert", lambda: bounded[(1,)](Tensor(0x1000), BLOCK=64,
                                             LIMIT=32)),
            ("shared", lambda: tiled[(1,)](
                Tensor(0x2000, "float16"), Tensor(0x3000, "float16"),
                Tensor(0x4000, "float16"), 1024, BM=256, BN=256, BK=128,
                num_stages=4, num_warps=8))]:
        try:
            launch()
        except (OutOfResources, CompileTimeAssertionFailure, PTXASError) as e:
            assert isinstance(e, CompilationError), type(e).__mro__
            assert isinstance(e, tilec.CompilationError)
            assert type(pickle.loads(pickle.dumps(e))) is type(e)
            skipped.append((name, type(e).__name__, str(e).count("error:")))
    print("skipped:", skipped)
    try:
        bounded[(1,)](Tensor(0x1000), BLOCK=48, LIMIT=64)
    except (OutOfResources, CompileTimeAssertionFailure, PTXASError):
        print("wrongly skipped")
    except CompilationError as e:
        print("not skipped:", type(e).__name__)
    from tilec import errors
    e = errors.cuda_error("cuLaunchKernel: too many resources", 701)
    print("launch:", isinstance(e, OutOfResources),
          isinstance(e, tilec.CudaError), str(e))

    # A kernel whose autotune decorator only Python can run: a config's
    # pre_hook, a config computed by a call the compiler cannot evaluate.
    # Python tunes; the compiler never reads the decorator, and its
    # diagnostics keep their lines.
    k = tuned.warmup(Tensor(0x7000), 64, BLOCK=64, grid=(1,))
    print("tuned:", k.signature)
    try:
        tuned.warmup(Tensor(0x7000), 64, BLOCK=48, grid=(1,))
    except CompilationError as e:
        print("tuned error at:", str(e).split(": error")[0].split(":", 1)[1])

    # Triton's warmup (run(warmup=True)), then the compiled kernel.
    fake = ctypes.CDLL(os.environ["TILEC_LIBCUDA"])
    fake.fake_set_arg_count(3)
    k = rows.warmup(Tensor(0x5000), Tensor(0x6000), 7, BLOCK=64,
                    num_stages=2, num_warps=2, grid=(1,))
    k._init_handles()
    k[(1, 1, 1)](Tensor(0x5000), Tensor(0x6000), 7, 64, 2)
    words = (ctypes.c_uint64 * 32)()
    fake.fake_last_launch((ctypes.c_uint * 3)(), (ctypes.c_uint * 3)(),
                          ctypes.byref(ctypes.c_uint64()), words)
    print("compiled:", k.signature, [hex(w) for w in words[:3]])
    ''')


@needs_fake
def test_errors_are_tritons_and_warmup_through_triton(tmp_path):
    for rel, text in FAKE_TRITON.items():
        path = tmp_path / "pkgs" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    script = tmp_path / "tutorial_like.py"
    script.write_text(SCRIPT)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "pkgs"),
                                         os.path.dirname(HERE)])
    env.pop("TILEC_AS_TRITON", None)
    out = subprocess.run([sys.executable, str(script)], env=env,
                         capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert ("skipped: [('assert', 'CompileTimeAssertionFailure', 1), "
            "('shared', 'OutOfResourcesError', 1)]") in out.stdout, out.stdout
    assert "not skipped: CompilationError" in out.stdout
    assert ("launch: True True cuLaunchKernel: too many resources"
            in out.stdout)
    assert "tuned: *fp32:16, i32:16, 64" in out.stdout, out.stdout
    assert "tuned error at: 52:12" in out.stdout, out.stdout
    assert ("compiled: *fp32:16, *fp32:16, i32, 64, 2 "
            "['0x5000', '0x6000', '0x7']") in out.stdout, out.stdout


def test_strip_autotune_keeps_lines_and_other_kernels():
    from tilec.source import strip_autotune
    text = textwrap.dedent('''\
        import triton


        @triton.autotune(configs=[triton.Config({"B": 1},
                                                pre_hook=print)],
                         key=[])
        @triton.jit
        def a(x):
            pass


        @triton.autotune(configs=[], key=[])
        @triton.jit
        def b(x):
            pass
        ''')
    out, line = strip_autotune(text, "a", 4)
    assert line == 7  # now starts at @triton.jit
    lines = out.split("\n")
    assert len(lines) == len(text.split("\n"))
    assert lines[3:6] == ["", "", ""]
    assert lines[6] == "@triton.jit" and lines[7] == "def a(x):"
    assert "@triton.autotune(configs=[], key=[])" in out  # b's stays
    # Another function's line, or no autotune: unchanged.
    assert strip_autotune(text, "a", 13) == (text, 13)
    assert strip_autotune("def a(x):\n    pass\n", "a", 1) == (
        "def a(x):\n    pass\n", 1)
