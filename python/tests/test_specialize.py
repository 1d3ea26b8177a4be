"""Triton 3.6's specialization of launch arguments, as tilec signatures."""

import pytest

from conftest import FakeTensor
from tilec import specialize as spec


@pytest.mark.parametrize("value, entry", [
    (1, "i32:1"),
    (16, "i32:16"),
    (-32, "i32:16"),
    (0, "i32:16"),
    (17, "i32"),
    (2 ** 31 - 1, "i32"),
    (2 ** 31, "i64:16"),
    (-2 ** 31 - 1, "i64"),
    (2 ** 63, "u64:16"),
    (2 ** 64 - 1, "u64"),
])
def test_ints(value, entry):
    assert spec.specialize(value, "n") == (entry, spec.INT)


def test_int_too_large():
    with pytest.raises(OverflowError):
        spec.specialize(2 ** 64, "n")


def test_do_not_specialize_and_alignment():
    # do_not_specialize: neither 1 nor 16; on alignment: 1 still is.
    assert spec.specialize(1, "n", specialize_value=False)[0] == "i32"
    assert spec.specialize(32, "n", specialize_value=False)[0] == "i32"
    assert spec.specialize(32, "n", align=False)[0] == "i32"
    assert spec.specialize(1, "n", align=False)[0] == "i32:1"


def test_scalars():
    assert spec.specialize(True, "b") == ("i1", spec.INT)
    assert spec.specialize(0.5, "f") == ("fp32", spec.FLOAT)
    assert spec.specialize(None, "p") == ("None", None)


@pytest.mark.parametrize("dtype, entry", [
    ("float32", "*fp32"), ("float16", "*fp16"), ("bfloat16", "*bf16"),
    ("int8", "*i8"), ("uint8", "*u8"), ("int64", "*i64"), ("bool", "*i1"),
    ("float8_e4m3fn", "*fp8e4nv"), ("float8_e5m2", "*fp8e5"),
])
def test_tensors(dtype, entry):
    assert spec.specialize(FakeTensor(0x1000, dtype), "p") == (
        entry + ":16", spec.POINTER)
    assert spec.specialize(FakeTensor(0x1004, dtype), "p") == (
        entry, spec.POINTER)
    assert spec.specialize(FakeTensor(0x1000, dtype), "p",
                           align=False)[0] == entry


def test_unsupported():
    with pytest.raises(TypeError, match="cannot be passed"):
        spec.specialize("text", "s")
    with pytest.raises(TypeError, match="cannot be passed"):
        spec.specialize(FakeTensor(0, "complex64"), "p")


def test_constexpr_values():
    import tilec.language as tl
    assert spec.constexpr_text(1024, "B") == "1024"
    assert spec.constexpr_text(True, "B") == "True"
    assert spec.constexpr_text(0.25, "B") == "0.25"
    assert spec.constexpr_text(None, "B") == "None"
    assert spec.constexpr_text(tl.constexpr(8), "B") == "8"
    assert spec.constexpr_text(tl.float16, "B") == "tl.float16"
    assert spec.constexpr_text("mean", "B") == "'mean'"
    assert spec.constexpr_text((16, (2, "a")), "B") == "(16,(2,'a'))"
    assert spec.constexpr_text([tl.float16], "B") == "(tl.float16,)"
    with pytest.raises(TypeError, match="constexpr argument 'B'"):
        spec.constexpr_text({1}, "B")


class _TritonLikeDtype:
    """A dtype object that is neither tilec's nor torch's, as Triton's
    tl.float16 is where Triton is installed."""

    def __init__(self, name):
        self.name = name
        self.primitive_bitwidth = 16


@pytest.mark.parametrize("annotation, ty", [
    ("tl.float16", "fp16"), ("float16", "fp16"), ("tl.bfloat16", "bf16"),
    ("tl.float32", "fp32"), ("tl.float64", "fp64"), ("tl.int8", "i8"),
    ("tl.int16", "i16"), ("tl.int32", "i32"), ("tl.int64", "i64"),
    ("tl.uint8", "u8"), ("tl.uint16", "u16"), ("tl.uint32", "u32"),
    ("tl.uint64", "u64"), ("tl.int1", "i1"), ("int32_t", "i32"),
    ("int", "i32"), ("float", "fp32"), ("bool", "i1"),
    (int, "i32"), (float, "fp32"), (bool, "i1"),
    (_TritonLikeDtype("float16"), "fp16"), (_TritonLikeDtype("uint8"), "u8"),
])
def test_annotation_types(annotation, ty):
    assert spec.annotation_type(annotation) == ty


def test_annotations_that_force_no_type():
    import inspect
    import tilec.language as tl
    assert spec.annotation_type(tl.float16) == "fp16"
    for a in (None, inspect.Parameter.empty, "tl.constexpr", tl.constexpr,
              "torch.Tensor", "*fp32", list, print, "T"):
        assert spec.annotation_type(a) is None


def test_annotated_values():
    # An annotated int keeps its divisibility key, never the constant 1;
    # floats and bools take none.
    assert spec.annotated(32, "v", "i8") == ("i8:16", spec.INT)
    assert spec.annotated(1, "v", "i8") == ("i8", spec.INT)
    assert spec.annotated(3, "v", "u16") == ("u16", spec.INT)
    assert spec.annotated(32, "v", "i8", align=False) == ("i8", spec.INT)
    assert spec.annotated(True, "v", "i32") == ("i32", spec.INT)
    assert spec.annotated(0, "v", "i1") == ("i1", spec.INT)
    assert spec.annotated(42.0, "v", "fp16") == ("fp16", spec.FLOAT)
    assert spec.annotated(16, "v", "bf16") == ("bf16", spec.FLOAT)
    assert spec.annotated(None, "v", "fp16") is None
    with pytest.raises(TypeError, match="annotated i8"):
        spec.annotated(0.5, "v", "i8")


class _NamedDtype:
    """A dtype known by its name only, as Triton's tl.float8e4b15 is (what
    triton.reinterpret gives a tensor)."""

    def __init__(self, name):
        self.name = name

    def __str__(self):
        return self.name


@pytest.mark.parametrize("name, entry", [
    ("fp8e4b15", "*fp8e4b15"), ("fp8e4nv", "*fp8e4nv"), ("fp8e5", "*fp8e5"),
    ("float8e4b15", "*fp8e4b15"),
    # AMD's formats reach the compiler, which refuses them as Triton does.
    ("fp8e4b8", "*fp8e4b8"), ("fp8e5b16", "*fp8e5b16"),
])
def test_fp8_tensor_dtypes(name, entry):
    t = FakeTensor(0x1004)
    t.dtype = _NamedDtype(name)
    assert spec.specialize(t, "p") == (entry, spec.POINTER)


def test_torch_amd_fp8_dtypes():
    assert spec.dtype_name("torch.float8_e4m3fnuz") == "fp8e4b8"
    assert spec.dtype_name("torch.float8_e5m2fnuz") == "fp8e5b16"
