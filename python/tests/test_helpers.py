"""Helpers and constexpr globals from other modules, collected through the
kernel's globals and handed to the compiler with their files."""

import os

import pytest

import helperlib.ops
import tilec
import uses_helpers
from conftest import FakeTensor
from tilec.source import KernelSource


def test_collects_modules_and_globals():
    src = KernelSource(uses_helpers.helped_kernel)
    assert src.filename == os.path.abspath(uses_helpers.__file__)
    assert src.line == 9  # the decorator's line, as inspect gives it
    modules = src.compiler_modules()
    assert [m[0] for m in modules] == ["helperlib.ops"]
    assert modules[0][1] == os.path.abspath(helperlib.ops.__file__)
    assert ("", "BLOCK", "64") in src.globals
    assert ("helperlib.ops", "SCALE", "3") in src.globals


def test_compiles_with_helpers_from_another_module():
    k = uses_helpers.helped_kernel.warmup(FakeTensor(0x1000, "int32"))
    assert k.signature == "*i32:16"
    # offs * 3 + 3 with SCALE as Python computed it.
    tile = k.asm["tile-raw"]
    assert "3 : i32" in tile or "dense<3>" in tile, tile


def test_errors_in_a_helper_point_at_its_file():
    with pytest.raises(tilec.CompilationError) as info:
        uses_helpers.calls_broken.warmup(FakeTensor(0x1000, "int32"))
    message = str(info.value)
    ops = os.path.abspath(helperlib.ops.__file__)
    assert f"{ops}:16:16: error: 'tl.arange' range must be a power of two" \
        in message
    assert f"{os.path.abspath(uses_helpers.__file__)}:18:30: note: called " \
           "from" in message


def test_include_dirs_reach_the_compiler(tmp_path, monkeypatch):
    """A module the kernel reaches by attribute (`incpkg.vals.WIDTH`), in a
    directory Python finds through sys.path but the compiler does not: found
    with include_dirs (`tilec -I`), a located error without."""
    (tmp_path / "lib" / "incpkg").mkdir(parents=True)
    (tmp_path / "lib" / "incpkg" / "__init__.py").write_text("")
    (tmp_path / "lib" / "incpkg" / "vals.py").write_text(
        "import tilec.language as tl\nWIDTH = tl.constexpr(32)\n")
    (tmp_path / "k").mkdir()
    (tmp_path / "k" / "inc_kernel.py").write_text(
        "import tilec\n"
        "import tilec.language as tl\n"
        "import incpkg.vals\n"
        "\n\n"
        "@tilec.jit\n"
        "def width_kernel(out_ptr):\n"
        "    offs = tl.arange(0, incpkg.vals.WIDTH)\n"
        "    tl.store(out_ptr + offs, offs)\n")
    monkeypatch.syspath_prepend(str(tmp_path / "lib"))
    monkeypatch.syspath_prepend(str(tmp_path / "k"))
    import inc_kernel
    x = FakeTensor(0x1000, "int32")
    with pytest.raises(tilec.CompilationError,
                       match=r"inc_kernel.py:8:25: error: module 'incpkg' is "
                             "not available"):
        inc_kernel.width_kernel.warmup(x)
    k = tilec.jit(inc_kernel.width_kernel.fn,
                  include_dirs=[tmp_path / "lib"])
    assert k.include_dirs == (str(tmp_path / "lib"),)
    assert "tensor<32xi32>" in k.warmup(x).asm["tile"]
