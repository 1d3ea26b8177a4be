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
