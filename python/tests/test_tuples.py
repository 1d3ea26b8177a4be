"""Tuple arguments (Triton 3.x): their signature entries, the flattened
parameters of the compiled kernel and the values a launch packs."""

import collections
import struct

import pytest

import tilec
import tuples as kernels
from conftest import FAKE_LIBCUDA, FakeTensor, last_launch
from tilec import launch as launch_mod
from tilec import specialize as spec


def test_specialize_tuple_entry_and_leaves():
    t = (FakeTensor(0x1000), 17, (None, 2.5, FakeTensor(0x1004)), 1)
    entry, values = spec.specialize_tuple(t, "t")
    assert entry == "(*fp32:16,i32,(None,fp32,*fp32),i32:1)"
    # None takes no slot; the int 1 keeps its slot (tilec passes it).
    assert values == [0x1000, 17, 2.5, 0x1004, 1]


def test_specialize_tuple_one_element_and_empty():
    assert spec.specialize_tuple((16,), "t") == ("(i32:16,)", [16])
    assert spec.specialize_tuple((), "t") == ("()", [])


def test_specialize_namedtuple_and_constexpr_leaf():
    Point = collections.namedtuple("Point", ["x", "y"])
    entry, values = spec.specialize_tuple(
        Point(FakeTensor(0x2000, "float16"), tilec.language.constexpr(4)), "p")
    assert entry == "(*fp16:16,4)"
    assert values == [0x2000]


def test_specialize_tuple_checks_tensors_by_path():
    seen = []
    spec.specialize_tuple((1, (FakeTensor(0x10),)), "t",
                          lambda path, _: seen.append(path))
    assert seen == ["t[1][0]"]
    with pytest.raises(TypeError, match="'t\\[0\\]' is a list"):
        spec.specialize_tuple(([1],), "t")


def test_tuple_launch_signature_and_flattened_params():
    out, a = FakeTensor(0x10000), FakeTensor(0x20000)
    k = kernels.copy_2d.warmup(out, a, (8, 4), (4, 1), BLOCK=32)
    assert k.signature == "*fp32:16, *fp32:16, (i32,i32), (i32,i32:1), 32"
    assert [p["name"] for p in k.metadata.params] == [
        "out_ptr", "a_ptr", "shape.0", "shape.1", "strides.0", "strides.1"]
    entries, runtime, _ = kernels.copy_2d.specialize([out, a, (8, 4), (4, 1),
                                                   32])
    assert runtime == [0x10000, 0x20000, 8, 4, 4, 1]
    # The packed launch takes one 8-byte slot per flattened parameter.
    assert len(struct.pack(k._format, *runtime)) == 8 * len(runtime)


def test_tuple_of_pointers_and_constexpr_leaves():
    ptrs = (FakeTensor(0x30000), FakeTensor(0x30010))
    k = kernels.store_each.warmup(0, ptrs, 0, (5, 7), (3, (None, 2)))
    assert k.signature == ("i32:16, (*fp32:16,*fp32:16), 0, (i32,i32), "
                           "(i32,(None,i32))")
    assert [p["name"] for p in k.metadata.params] == [
        "_0", "ptrs.0", "ptrs.1", "values.0", "values.1", "flags.0",
        "flags.1.1"]
    _, runtime, _ = kernels.store_each.specialize(
        [0, ptrs, 0, (5, 7), (3, (None, 2))])
    assert runtime == [0, 0x30000, 0x30010, 5, 7, 3, 2]


def test_tuple_tensor_on_the_cpu_is_refused():
    ptrs = (FakeTensor(0x30000), FakeTensor(0x30010, device="cpu"))
    with pytest.raises(tilec.ArgumentError, match="'ptrs\\[1\\]'"):
        kernels.store_each.specialize([0, ptrs, 0, (5, 7), (3, (None, 2))])


@pytest.mark.skipif(not FAKE_LIBCUDA, reason="needs tests/fake_cuda (ctest)")
@pytest.mark.parametrize("inline", [False, True])
def test_tuple_arguments_through_the_fast_path(inline, monkeypatch, fake):
    """A launch with tuple arguments, first (general path, then its fast
    entry) and again (the binder's packet): both hand the driver the
    leaves, flattened, in the kernel's parameter order, and the parameter
    after the tuples keeps its slot."""
    if inline:
        monkeypatch.setattr(launch_mod, "tensor_class", lambda: FakeTensor)
    fake.fake_set_arg_count(7)
    k = tilec.jit(kernels.store_each.fn)
    seen = []
    for base in (0x40000, 0x80000):
        ptrs = (FakeTensor(base), FakeTensor(base + 0x10))
        k[(1,)](16, ptrs, 0, (5, 7), (3, (None, 2)))
        seen.append(last_launch(fake, 7)[3])
    assert len(k.fast_cache) == 1
    assert seen == [[16, 0x40000, 0x40010, 5, 7, 3, 2],
                    [16, 0x80000, 0x80010, 5, 7, 3, 2]]
    # Another tuple specialization (an unaligned pointer) misses.
    ptrs = (FakeTensor(0x40004), FakeTensor(0x40010))
    k[(1,)](16, ptrs, 0, (5, 7), (3, (None, 2)))
    assert len(k.fast_cache) == 2
