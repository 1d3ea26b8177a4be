"""The launch path without a GPU: launches reach the recording fake libcuda
(tests/fake_cuda, installed by conftest.py), so these tests check what the
fast path hands the driver, that it is taken after the first launch of a
specialization, that it specializes exactly as the general path does, and
that every wrong argument still raises before the driver is called."""

import ctypes
import threading

import pytest

import add as kernels
import tilec
from conftest import FAKE_LIBCUDA, FakeTensor, last_launch
from tilec import launch as launch_mod

pytestmark = pytest.mark.skipif(not FAKE_LIBCUDA,
                                reason="needs tests/fake_cuda (ctest)")


@pytest.fixture(params=["classified", "inline"])
def add_kernel(request, monkeypatch):
    """A fresh add_kernel, its tensors taken by the general test
    (`classified`, any object with data_ptr()) or inline as torch.Tensor's
    are (`inline`, FakeTensor standing for torch.Tensor)."""
    if request.param == "inline":
        monkeypatch.setattr(launch_mod, "tensor_class", lambda: FakeTensor)
    return tilec.jit(kernels.add_kernel.fn)


def count_misses(kernel, monkeypatch):
    calls = []
    miss = kernel._miss

    def counted(*args):
        calls.append(args[0])
        return miss(*args)
    monkeypatch.setattr(kernel, "_miss", counted)
    return calls


def tensors(base, n=3, step=0x1000):
    return [FakeTensor(base + step * i) for i in range(n)]


def test_fast_path_after_the_first_launch(fake, add_kernel, monkeypatch):
    misses = count_misses(add_kernel, monkeypatch)
    fake.fake_set_arg_count(4)
    before = fake.fake_launches()
    first = add_kernel[(3,)](*tensors(0x100000), 4096, BLOCK=256)
    # Other addresses and sizes of the same specialization: no miss.
    for i in range(1, 4):
        k = add_kernel[(i,)](*tensors(0x200000 * i), 4096 + 16 * i,
                             BLOCK=256)
        assert k is first
    assert len(misses) == 1
    assert len(add_kernel.fast_cache) == 1
    assert fake.fake_launches() == before + 4
    grid, block, stream, words = last_launch(fake, 4)
    assert grid == (3, 1, 1)
    assert block == (128, 1, 1)
    assert stream == 0
    assert words == [0x600000, 0x601000, 0x602000, 4096 + 48]
    assert first.signature == "*fp32:16, *fp32:16, *fp32:16, i32:16, 256"


# (n, the signature entry Triton 3.6 gives it)
INTS = [(16, "i32:16"), (1, "i32:1"), (17, "i32"), (-32, "i32:16"),
        (0, "i32:16"), (2 ** 31 - 1, "i32"), (2 ** 31, "i64:16"),
        (-2 ** 31 - 16, "i64:16"), (2 ** 40 + 3, "i64"),
        (2 ** 63 + 16, "u64:16"), (2 ** 64 - 1, "u64")]


@pytest.mark.parametrize("n,entry", INTS)
def test_int_specialization_is_triton_s(fake, add_kernel, n, entry):
    k = add_kernel[(1,)](*tensors(0x300000), n, BLOCK=64)
    assert k.signature == f"*fp32:16, *fp32:16, *fp32:16, {entry}, 64"
    # The same from the general path.
    assert add_kernel.warmup(*tensors(0x300000), n, BLOCK=64) is k
    # The runtime passes the parameter's width, zero-extended to 8 bytes.
    mask = 2 ** 32 - 1 if entry.startswith("i32") else 2 ** 64 - 1
    assert last_launch(fake, 4)[3][3] == n & mask


def test_keys_separate_every_specialization(fake, add_kernel):
    """Every launch of a mixed sequence gets the kernel the general path
    compiles for its arguments, in any order (no key shared by two
    specializations)."""
    cases = []
    for n, _ in INTS[:7]:
        for offset in (0, 4, 8):
            for block in (64, 128):
                cases.append((n, offset, block))
    seen = {}
    for _ in range(2):
        for n, offset, block in cases:
            args = tensors(0x400000 + offset)
            k = add_kernel[(2,)](*args, n, BLOCK=block)
            expected = add_kernel.warmup(*args, n, BLOCK=block)
            assert k is expected, (n, offset, block)
            seen.setdefault((k.signature,), k)
            words = last_launch(fake, 4)[3]
            assert words == [a.data_ptr() for a in args] + [n & (2**32 - 1)]


def test_constexpr_keys_distinguish_types(fake, add_kernel):
    # 1 and True are equal in Python, not as constexprs: BLOCK=True is not
    # the kernel of BLOCK=1.
    args = tensors(0x500000)
    one = add_kernel[(1,)](*args, 64, BLOCK=1)
    assert one.signature.endswith(", 1")
    try:
        other = add_kernel[(1,)](*args, 64, BLOCK=True)
    except tilec.CompilationError:
        other = None
    assert other is not one
    assert add_kernel[(1,)](*args, 64, BLOCK=1) is one


def test_none_and_do_not_specialize(fake):
    k = tilec.jit(kernels.scale_kernel.fn, do_not_specialize=["n"])
    x = FakeTensor(0x600000)
    fake.fake_set_arg_count(3)
    # n is in do_not_specialize: 1 and 32 are one specialization.
    a = k[(1,)](x, 32, 2.0, None)
    b = k[(1,)](x, 1, 0.5, None)
    assert a is b
    assert a.signature == "*fp32:16, i32, fp32, None, 128"
    grid, block, _, words = last_launch(fake, 3)
    assert words[:2] == [0x600000, 1]
    # fp32: the launch converts the double to the parameter's float.
    assert ctypes.c_float.from_buffer_copy(
        words[2].to_bytes(8, "little")[:4]).value == 0.5
    # A tensor where None was: another specialization, 4 arguments.
    fake.fake_set_arg_count(4)
    c = k[(1,)](x, 32, 2.0, FakeTensor(0x700000))
    assert c.signature == "*fp32:16, i32, fp32, *fp32:16, 128"
    two = ctypes.c_uint32.from_buffer_copy(ctypes.c_float(2.0)).value
    assert last_launch(fake, 4)[3] == [0x600000, 32, two, 0x700000]


def test_wrong_arguments_never_reach_the_driver(fake, add_kernel):
    x, y, out = tensors(0x800000)
    add_kernel[(1,)](x, y, out, 64, BLOCK=64)  # the fast path is warm
    before = fake.fake_launches()
    cpu = FakeTensor(0x900000, device="cpu")
    with pytest.raises(tilec.ArgumentError,
                       match="argument 'y_ptr' is a tensor on cpu"):
        add_kernel[(1,)](x, cpu, out, 64, BLOCK=64)
    with pytest.raises(tilec.ArgumentError, match="takes 5 arguments but 6"):
        add_kernel[(1,)](x, y, out, 64, 64, 7)
    with pytest.raises(tilec.ArgumentError, match="missing the argument 'n'"):
        add_kernel[(1,)](x, y, out, BLOCK=64)
    with pytest.raises(tilec.ArgumentError,
                       match="unexpected keyword argument 'm'"):
        add_kernel[(1,)](x, y, out, 64, BLOCK=64, m=3)
    with pytest.raises(TypeError, match="multiple values for argument 'n'"):
        add_kernel[(1,)](x, y, out, 64, BLOCK=64, n=3)
    with pytest.raises(TypeError, match="argument 'n' of type str"):
        add_kernel[(1,)](x, y, out, "64", BLOCK=64)
    with pytest.raises(TypeError, match="constexpr argument 'BLOCK'"):
        add_kernel[(1,)](x, y, out, 64, BLOCK={64})
    # A str is a constexpr value, which this kernel cannot multiply.
    with pytest.raises(tilec.CompilationError, match="string '64'"):
        add_kernel[(1,)](x, y, out, 64, BLOCK="64")
    with pytest.raises(OverflowError):
        add_kernel[(1,)](x, y, out, 2 ** 64, BLOCK=64)
    with pytest.raises(ValueError, match="grid"):
        add_kernel[(-1,)](x, y, out, 64, BLOCK=64)
    with pytest.raises(ValueError, match="grid"):
        add_kernel[(2, 1.5)](x, y, out, 64, BLOCK=64)
    with pytest.raises(tilec.ArgumentError, match="maxnreg"):
        add_kernel[(1,)](x, y, out, 64, BLOCK=64, maxnreg=64)
    # An empty grid launches nothing, as Triton's launcher.
    add_kernel[(0,)](x, y, out, 64, BLOCK=64)
    add_kernel[(4, 0)](x, y, out, 64, BLOCK=64)
    assert fake.fake_launches() == before


def test_grids(fake, add_kernel):
    x, y, out = tensors(0xa00000)
    seen = []

    def grid(meta):
        seen.append(dict(meta))
        return (meta["n"] // meta["BLOCK"],)
    for _ in range(2):
        add_kernel[grid](x, y, out, 512, BLOCK=64, num_warps=2)
        assert last_launch(fake, 4)[:2] == ((8, 1, 1), (64, 1, 1))
    assert seen[1]["n"] == 512 and seen[1]["num_warps"] == 2
    assert seen[1]["x_ptr"] is x
    add_kernel[(2, 3)](x, y, out, 512, BLOCK=64)
    assert last_launch(fake, 4)[0] == (2, 3, 1)
    add_kernel[5](x, y, out, 512, BLOCK=64)
    assert last_launch(fake, 4)[0] == (5, 1, 1)
    add_kernel[[6, 1, 2]](x, y, out, 512, BLOCK=64)
    assert last_launch(fake, 4)[0] == (6, 1, 2)


def test_driver_failures_raise(fake, add_kernel):
    x, y, out = tensors(0xb00000)
    add_kernel[(1,)](x, y, out, 64, BLOCK=64)
    fake.fake_set_launch_result(1)
    try:
        for _ in range(2):
            with pytest.raises(tilec.CudaError, match="cuLaunchKernel") as e:
                add_kernel[(1,)](x, y, out, 64, BLOCK=64)
            assert e.value.result == 1
    finally:
        fake.fake_set_launch_result(0)
    add_kernel[(1,)](x, y, out, 64, BLOCK=64)


def test_threads_launch_at_once(fake, add_kernel):
    x, y, out = tensors(0xc00000)
    add_kernel[(1,)](x, y, out, 64, BLOCK=64)
    before = fake.fake_launches()
    errors = []

    def work():
        try:
            for _ in range(200):
                add_kernel[(1,)](x, y, out, 64, BLOCK=64)
        except Exception as e:  # reported below
            errors.append(e)
    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert fake.fake_launches() == before + 800


def test_compiled_kernel_checks_its_specialization(fake):
    compiled = kernels.add_kernel.warmup(*tensors(0xd00000), 64, BLOCK=64)
    run = compiled[(2,)]
    run(0xd00000, 0xd01000, 0xd02000, 128)
    assert last_launch(fake, 4)[3] == [0xd00000, 0xd01000, 0xd02000, 128]
    before = fake.fake_launches()
    with pytest.raises(tilec.ArgumentError,
                       match=r"argument 'y_ptr' is \*fp32:16 in the "
                             r"signature, but its address 0xd01004 is not a "
                             "multiple of 16"):
        run(0xd00000, 0xd01004, 0xd02000, 128)
    with pytest.raises(tilec.ArgumentError,
                       match="argument 'n' is i32:16 in the signature, but "
                             "100 is not a multiple of 16"):
        run(0xd00000, 0xd01000, 0xd02000, 100)
    with pytest.raises(tilec.ArgumentError, match="expected 4 runtime"):
        run(0xd00000, 0xd01000, 0xd02000)
    one = kernels.add_kernel.warmup(*tensors(0xd00000), 1, BLOCK=64)
    with pytest.raises(tilec.ArgumentError, match="is i32:1 in the "
                                                  "signature, but 2 is not 1"):
        one[(1,)](0xd00000, 0xd01000, 0xd02000, 2)
    assert fake.fake_launches() == before


class TensorDescriptor:
    """triton.tools.tensor_descriptor.TensorDescriptor's fields."""

    def __init__(self, base, shape, strides, block_shape, padding="zero"):
        self.base = base
        self.shape = shape
        self.strides = strides
        self.block_shape = block_shape
        self.padding = padding


def test_tensor_descriptors(fake, add_kernel, monkeypatch):
    fake.fake_set_arg_count(2)
    k = tilec.jit(kernels.copy_tile_kernel.fn)
    a = FakeTensor(0xe00000, "float16")
    b = FakeTensor(0xf00000, "float16")
    for i in range(2):
        da = TensorDescriptor(a, [256, 64], [64, 1], [64, 64])
        db = TensorDescriptor(b, [256, 64], [64, 1], [64, 64])
        compiled = k[(4,)](da, db, BLOCK_M=64, BLOCK_N=64)
        assert compiled.signature == ("tensordesc<fp16[64, 64]>, "
                                      "tensordesc<fp16[64, 64]>, 64, 64")
        assert len(k.fast_cache) == 1
        # Each map was encoded for its tensor, at launch.
        assert last_launch(fake, 2)[3] == [0xe00000, 0xf00000]
    dims = (ctypes.c_uint64 * 5)()
    strides = (ctypes.c_uint64 * 5)()
    box = (ctypes.c_uint * 5)()
    fake.fake_last_tensor_map.restype = ctypes.c_uint
    assert fake.fake_last_tensor_map(dims, strides, box) == 2
    # Innermost first, strides in bytes.
    assert (list(dims[:2]), strides[0], list(box[:2])) == (
        [64, 256], 128, [64, 64])
    before = fake.fake_launches()
    cpu = TensorDescriptor(FakeTensor(0xe00000, "float16", device="cpu"),
                           [256, 64], [64, 1], [64, 64])
    with pytest.raises(tilec.ArgumentError,
                       match="argument 'in_desc' is a tensor on cpu"):
        k[(4,)](cpu, db, BLOCK_M=64, BLOCK_N=64)
    nan = TensorDescriptor(a, [256, 64], [64, 1], [64, 64], padding="nan")
    with pytest.raises(tilec.ArgumentError,
                       match="argument 'in_desc' is a tensor descriptor with "
                             "padding 'nan'"):
        k[(4,)](nan, db, BLOCK_M=64, BLOCK_N=64)
    # A base TMA cannot address: the library's check, before the driver.
    odd = TensorDescriptor(FakeTensor(0xe00008, "float16"), [256, 64],
                           [64, 1], [64, 64])
    with pytest.raises(tilec.TilecError, match="in_desc"):
        k[(4,)](odd, db, BLOCK_M=64, BLOCK_N=64)
    assert fake.fake_launches() == before


def test_annotated_scalars_are_converted(fake):
    # fp16: the launch rounds the value to the parameter's bits; an int8
    # out of range raises before the driver is called.
    import annotated
    k = tilec.jit(annotated.store_half.fn)
    fake.fake_set_arg_count(2)
    for _ in range(2):  # the general path, then the fast one
        c = k[(1,)](FakeTensor(0x900000), 1.5)
        assert c.signature == "*fp32:16, fp16"
        assert last_launch(fake, 2)[3] == [0x900000, 0x3e00]
    k8 = tilec.jit(annotated.store_int8.fn)
    k8[(1,)](FakeTensor(0x900000), -3)
    assert last_launch(fake, 2)[3] == [0x900000, 0xfd]
    before = fake.fake_launches()
    with pytest.raises(Exception, match="out of its range"):
        k8[(1,)](FakeTensor(0x900000), 300)
    assert fake.fake_launches() == before


def test_kernel_without_parameters(fake):
    # The binder of a kernel that takes nothing (Triton's
    # test_scalar_overflow has one).
    k = tilec.jit(kernels.no_params_kernel.fn)
    fake.fake_set_arg_count(0)
    before = fake.fake_launches()
    k[(1,)]()
    k[(1,)]()
    assert fake.fake_launches() == before + 2
    with pytest.raises(TypeError):
        k[(1,)](3)
    assert fake.fake_launches() == before + 2


def test_tensor_descriptor_shape_and_strides(fake):
    """A kernel reading a descriptor's shape and strides takes them as
    hidden parameters after its map, filled from the descriptor: one
    argument per descriptor still."""
    fake.fake_set_arg_count(6)
    k = tilec.jit(kernels.desc_shape_kernel.fn)
    a = FakeTensor(0xe00000, "float16")
    for i in range(2):
        da = TensorDescriptor(a, [256 + i, 64], [64, 1], [64, 64])
        compiled = k[(1,)](da, FakeTensor(0xd00000, "int64"))
        kinds = [p["kind"] for p in compiled.metadata["params"]]
        assert kinds == ["tensordesc", "tensordesc_shape", "tensordesc_shape",
                         "tensordesc_stride", "tensordesc_stride", "pointer"]
        assert [p["name"] for p in compiled.metadata["params"][1:5]] == [
            "in_desc.shape.0", "in_desc.shape.1", "in_desc.strides.0",
            "in_desc.strides.1"]
        assert compiled.kinds == ["tensordesc", "pointer"]
        assert last_launch(fake, 6)[3] == [0xe00000, 256 + i, 64, 64, 1,
                                           0xd00000]
    # The bare compiled kernel launches with one argument per descriptor.
    compiled[(1,)](TensorDescriptor(a, [128, 32], [32, 1], [64, 64]),
                   FakeTensor(0xd00000, "int64"))
    assert last_launch(fake, 6)[3] == [0xe00000, 128, 32, 32, 1, 0xd00000]
