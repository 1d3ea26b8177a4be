"""tilec.jit without a GPU: binding, signatures, compiling (warmup), the
in-memory and disk caches, the code at every level, and the errors."""

import os

import pytest

import add as kernels
import tilec
from conftest import FakeTensor


def tensors(n=3, ptr=0x10000):
    return [FakeTensor(ptr + 0x1000 * i) for i in range(n)]


def test_signature_of_a_launch():
    x, y, out = tensors()
    k = kernels.add_kernel.warmup(x, y, out, 1024, BLOCK=256, grid=(4,))
    assert k.signature == "*fp32:16, *fp32:16, *fp32:16, i32:16, 256"
    assert k.name == "add_kernel"
    assert [p["name"] for p in k.metadata.params] == [
        "x_ptr", "y_ptr", "out_ptr", "n"]
    assert [p["type"] for p in k.metadata.params] == [
        "*fp32", "*fp32", "*fp32", "i32"]
    assert k.metadata.num_warps == 4
    assert k.metadata["arch"] == "sm_90a"
    # An unaligned pointer and n == 1 specialize differently.
    x2 = FakeTensor(0x10004)
    k2 = kernels.add_kernel.warmup(x2, y, out, 1, BLOCK=256)
    assert k2.signature == "*fp32, *fp32:16, *fp32:16, i32:1, 256"


def test_options_and_defaults():
    x = FakeTensor(0x20000)
    k = kernels.scale_kernel.warmup(x, 32, 2.0, None, num_warps=2)
    # n is in do_not_specialize; the None argument is a constexpr None;
    # BLOCK takes its default.
    assert k.signature == "*fp32:16, i32, fp32, None, 128"
    assert k.metadata.num_warps == 2
    assert k.metadata.threads_per_block == 64
    assert [p["name"] for p in k.metadata.params] == ["x_ptr", "n", "factor"]
    with_bias = kernels.scale_kernel.warmup(x, 32, 2.0, FakeTensor(0x30000))
    assert with_bias.signature == "*fp32:16, i32, fp32, *fp32:16, 128"
    assert len(with_bias.metadata.params) == 4


def test_memory_cache_by_specialization():
    x, y, out = tensors(ptr=0x40000)
    a = kernels.add_kernel.warmup(x, y, out, 4096, BLOCK=512)
    before = tilec.cache_stats()
    # Other addresses and sizes with the same specialization: no compile.
    b = kernels.add_kernel.warmup(*tensors(ptr=0x80000), 8192, BLOCK=512)
    assert a is b
    assert tilec.cache_stats() == before
    c = kernels.add_kernel.warmup(x, y, out, 4096, BLOCK=512, num_warps=8)
    assert c is not a
    assert tilec.cache_stats()["misses"] == before["misses"] + 1


def test_disk_cache():
    from tilec import _lib
    x, y, out = tensors(ptr=0x90000)
    kernels.add_kernel.warmup(x, y, out, 48, BLOCK=64)
    assert os.listdir(os.environ["TILEC_CACHE_DIR"])
    # A new JITFunction (a new process, as far as the memory cache of the
    # package is concerned) and a cleared library memory: a disk hit.
    _lib.cache_clear_memory()
    fresh = tilec.jit(kernels.add_kernel.fn)
    before = tilec.cache_stats()
    fresh.warmup(x, y, out, 48, BLOCK=64)
    after = tilec.cache_stats()
    assert after["disk_hits"] == before["disk_hits"] + 1
    assert after["misses"] == before["misses"]


def test_asm_at_every_level():
    k = kernels.add_kernel.warmup(*tensors(), 1024, BLOCK=128)
    assert ".entry add_kernel" in k.asm["ptx"]
    assert "func.func @add_kernel" in k.asm["tile"]
    assert "#tilegpu" in k.asm["tilegpu"]
    assert "define ptx_kernel void @add_kernel" in k.asm["llir"]
    assert set(["ptx", "tile", "tilegpu", "llir"]) <= set(k.asm.keys())
    with pytest.raises(KeyError):
        k.asm["ttir"]
    if k.metadata.has_cubin:
        assert k.asm["cubin"][:4] == b"\x7fELF"
        assert k.n_regs > 0


def test_plain_function():
    # No decorator in its file: compiled all the same, lines unchanged.
    k = tilec.jit(kernels.undecorated)
    compiled = k.warmup(FakeTensor(0x1000, "int32"), 16)
    assert compiled.signature == "*i32:16, i32:16"
    assert compiled.name == "undecorated"


def test_wrong_arguments_raise_before_the_gpu():
    x, y, out = tensors()
    with pytest.raises(tilec.ArgumentError, match="takes 5 arguments but 6"):
        kernels.add_kernel.warmup(x, y, out, 16, 64, 7)
    with pytest.raises(tilec.ArgumentError, match="missing the argument 'n'"):
        kernels.add_kernel.warmup(x, y, out)
    with pytest.raises(TypeError, match="unexpected keyword argument 'm'"):
        kernels.add_kernel.warmup(x, y, out, 16, BLOCK=64, m=3)
    with pytest.raises(TypeError, match="multiple values for argument 'n'"):
        kernels.add_kernel.warmup(x, y, out, 16, BLOCK=64, n=3)
    with pytest.raises(TypeError, match="argument 'n' of type str"):
        kernels.add_kernel.warmup(x, y, out, "16", BLOCK=64)
    cpu = FakeTensor(0x1000, device="cpu")
    with pytest.raises(tilec.ArgumentError,
                       match="argument 'y_ptr' is a tensor on cpu"):
        kernels.add_kernel[(1,)](x, cpu, out, 16, BLOCK=64)
    with pytest.raises(ValueError, match="grid"):
        kernels.add_kernel[(-1,)](x, y, out, 16, BLOCK=64)
    with pytest.raises(RuntimeError, match="launch it as kernel"):
        kernels.add_kernel(x, y, out, 16, BLOCK=64)


def test_compile_errors_are_located():
    with pytest.raises(tilec.CompilationError) as info:
        kernels.broken_kernel.warmup(FakeTensor(0x1000))
    message = str(info.value)
    path = os.path.abspath(kernels.__file__)
    assert f"{path}:31:12: error: 'tl.arange' range must be a power of two, " \
           "got 100" in message
    assert "    offs = tl.arange(0, 100)\n           ^" in message


def test_unsupported_launch_options_are_refused():
    x, y, out = tensors()
    # num_ctas changes how a program is spread over CTAs, not its result:
    # accepted, one CTA per program.
    assert kernels.add_kernel.warmup(x, y, out, 16, BLOCK=64, num_ctas=2) \
        is kernels.add_kernel.warmup(x, y, out, 16, BLOCK=64)
    with pytest.raises(tilec.ArgumentError, match="maxnreg"):
        kernels.add_kernel.warmup(x, y, out, 16, BLOCK=64, maxnreg=128)
    # fp fusion is an option of the compile, and of the cache key.
    a = kernels.add_kernel.warmup(x, y, out, 16, BLOCK=64)
    b = kernels.add_kernel.warmup(x, y, out, 16, BLOCK=64,
                                  enable_fp_fusion=False)
    assert a is not b


def test_str_and_tuple_constexprs():
    x = FakeTensor(0x1000, "int32")
    double = kernels.select_kernel.warmup(x, "double", (16, 5))
    add = kernels.select_kernel.warmup(x, "add", (32, 5))
    assert double.signature == "*i32:16, 'double', (16,5)"
    assert "arith.muli" in double.asm["tile-raw"]
    assert "tensor<32xi32>" in add.asm["tile-raw"]
    assert "arith.addi" in add.asm["tile-raw"]


def test_annotated_scalars_take_their_type():
    # As Triton's test_annotations: the annotation, in the source or set in
    # __annotations__ (a dtype object or a string), types the parameter.
    import annotated
    x = FakeTensor(0x80000)
    for fn, ty, val in [(annotated.store_half, "fp16", 42.0),
                        (annotated.store_bf16, "bf16", 0.0),
                        (annotated.store_double, "fp64", float("inf")),
                        (annotated.store_int8, "i8", 3),
                        (annotated.store_uint16, "u16", 3)]:
        k = fn.warmup(x, val, grid=(1,))
        assert k.signature == f"*fp32:16, {ty}"
        assert [p["type"] for p in k.metadata.params] == ["*fp32", ty]
    # 32 keeps its divisibility key; 1 stays a runtime i8.
    assert annotated.store_int8.warmup(x, 32, grid=(1,)).signature == (
        "*fp32:16, i8:16")
    assert annotated.store_int8.warmup(x, 1, grid=(1,)).signature == (
        "*fp32:16, i8")
    k = annotated.store_python_types.warmup(x, 3, 1, True, grid=(1,))
    assert k.signature == "*fp32:16, i32, fp32, i1"


def test_amd_fp8_tensors_are_refused_at_compile():
    # As Triton 3.6 on NVIDIA: a CompilationError saying "not supported in
    # this architecture" (Triton's test_conversions matches it).
    x = FakeTensor(0x90000, dtype="float8_e4m3fnuz")
    with pytest.raises(tilec.CompilationError,
                       match="not supported in this architecture"):
        kernels.add_kernel.warmup(x, x, x, 64, BLOCK=64, grid=(1,))
