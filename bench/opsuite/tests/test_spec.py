"""spec.py: float bit patterns, reading SPECS without importing, the
checks of a spec, and tilec's ABI (signature, parameters, PTX entry)."""
import math
import random

import numpy as np
import pytest

import spec

SOURCE = '''
import triton
import triton.language as tl

@triton.jit
def helper(a, b):
    return a + b

@triton.jit
def k_add_fp32(X, Y, O, N, alpha, flag, BLOCK: tl.constexpr, DT: tl.constexpr,
               EXTRA: tl.constexpr = 3):
    pass

@triton.jit(debug=True)
def k_big(P, n):
    pass

SPECS = {
    "k_add_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=[4, 250]),
                  Y=dict(dtype="fp32", shape=1000, fill="uniform", low=-1, high=1),
                  O=dict(dtype="fp32", shape=1000, role="out", compare=dict(ulp=2)),
                  N=1000, alpha=0.5, flag=True, BLOCK=2 ** 8, DT="tl.float16"),
        grid=(1000 + 255) // 256, num_warps=8),
    "k_big": {"args": {"P": {"dtype": "u64", "shape": 16, "role": "inout"},
                       "n": -(2 ** 40)}, "xfail": "why"},
}
'''


def test_float_bits_match_numpy():
    rng = random.Random(1)
    values = [0.0, -0.0, 1.0, -2.5, 65504.0, 6e-8, 1e-40, math.inf, -math.inf,
              3.4e38, 1e-310] + [rng.uniform(-1e4, 1e4) for _ in range(200)]
    for dtype, np_t, np_u in (("fp16", np.float16, np.uint16),
                              ("fp32", np.float32, np.uint32),
                              ("fp64", np.float64, np.uint64)):
        for v in values:
            with np.errstate(over="ignore"):
                want = int(np.array([v], dtype=np_t).view(np_u)[0])
            assert spec.float_bits(dtype, v) == want, (dtype, v)
            back = spec.float_value(dtype, want)
            with np.errstate(over="ignore"):
                assert back == float(np.array([v], dtype=np_t)[0]), (dtype, v)


def test_small_float_layouts():
    assert spec.float_bits("bf16", 1.0) == 0x3F80
    assert spec.float_bits("fp8e4nv", 1.0) == 0x38
    assert spec.max_finite_bits("fp8e4nv") == 0x7E
    assert spec.float_value("fp8e4nv", 0x7E) == 448.0
    assert math.isnan(spec.float_value("fp8e4nv", 0x7F))
    assert spec.float_value("fp8e5", 0x7C) == math.inf
    assert spec.float_value("fp8e5", spec.max_finite_bits("fp8e5")) == 57344.0
    assert spec.float_value("bf16", 1) == 2.0 ** -133  # smallest denormal


@pytest.mark.parametrize("dtype", list(spec.DTYPES))
def test_edge_values(dtype):
    kind, bits = spec.DTYPES[dtype][:2]
    edges = spec.edge_bits(dtype)
    assert len(set(edges)) == len(edges)
    assert all(0 <= e < (1 << bits) for e in edges)
    if kind == "float":
        vals = [spec.float_value(dtype, e) for e in edges]
        assert any(math.isnan(v) for v in vals)
        assert any(v == 0 and math.copysign(1, v) < 0 for v in vals)
        assert (math.inf in vals) == spec.DTYPES[dtype][4]
    if kind == "int":
        assert (1 << (bits - 1)) in edges  # INT_MIN
        assert (1 << (bits - 1)) - 1 in edges  # INT_MAX


def test_read_file_and_normalize():
    kernels, specs = spec.read_file("mem.py", SOURCE)
    assert set(kernels) == {"helper", "k_add_fp32", "k_big"}
    k = kernels["k_add_fp32"]
    assert [p.constexpr for p in k.params] == [False] * 6 + [True] * 3
    assert k.params[-1].has_default and not k.params[-2].has_default
    launch = spec.normalize(k, specs["k_add_fp32"])
    assert launch.grid == (4, 1, 1) and launch.num_warps == 8
    assert launch.signature == "*fp32:16, *fp32:16, *fp32:16, i32, fp32, i1"
    assert launch.defines == {"BLOCK": "256", "DT": "tl.float16"}
    x, y, o = launch.args[:3]
    assert x.shape == (4, 250) and x.fill == "edge" and x.compare is None
    assert o.role == "out" and o.compare == {"ulp": 2}
    assert [p["ctype"] for p in spec.abi_params(launch)] == [
        "u64", "u64", "u64", "i32", "f32", "u8"]
    big = spec.normalize(kernels["k_big"], specs["k_big"])
    assert big.signature == "*u64:16, i64:16" and big.xfail == "why"
    assert big.args[0].compare == "exact"


def test_scalar_types():
    assert spec.scalar_type(True) == "i1"
    assert spec.scalar_type(2**31 - 1) == "i32"
    assert spec.scalar_type(-2**31) == "i32"
    assert spec.scalar_type(2**31) == "i64"
    assert spec.scalar_type(2**63) == "u64"
    assert spec.scalar_type(1.0) == "fp32"
    with pytest.raises(spec.SpecError):
        spec.scalar_type(2**64)


@pytest.mark.parametrize("bad, message", [
    ('SPECS = {"k": dict(args=dict(X=foo))}', "not a literal"),
    ('SPECS = {"k": dict(args=dict(X=dict(**y)))}', "not allowed"),
    ('SPECS = [1]', "must be a dict"),
])
def test_literal_errors(bad, message):
    with pytest.raises(spec.SpecError, match=message):
        spec.read_file("bad.py", bad)


def test_literal_extras():
    _, specs = spec.read_file("ok.py", 'SPECS = {"k": dict(v=float("nan"), '
                              'w=-float("inf"), n=3 * 4 + 1, s=1 << 4)}')
    v = specs["k"]
    assert math.isnan(v["v"]) and v["w"] == -math.inf
    assert v["n"] == 13 and v["s"] == 16


KDEF = spec.KernelDef("k_t", 1, [spec.Param("X", False, False),
                                 spec.Param("N", False, False),
                                 spec.Param("B", True, False)])


@pytest.mark.parametrize("s, message", [
    (dict(args=dict(X=dict(dtype="fp32", shape=4), N=1, B=4), gird=1),
     "unknown spec keys"),
    (dict(args=dict(X=dict(dtype="fp32", shape=4), N=1)), "'B' has no argument"),
    (dict(args=dict(X=dict(dtype="f32", shape=4), N=1, B=4)), "dtype"),
    (dict(args=dict(X=dict(dtype="fp32", shape=0), N=1, B=4)), "shape"),
    (dict(args=dict(X=dict(dtype="fp32", shape=4, role="output"), N=1, B=4)),
     "role"),
    (dict(args=dict(X=dict(dtype="fp32", shape=4, fill="gauss"), N=1, B=4)),
     "fill"),
    (dict(args=dict(X=dict(dtype="fp32", shape=4, role="out", fill="zeros"),
                    N=1, B=4)), "poisoned"),
    (dict(args=dict(X=dict(dtype="i32", shape=4, role="out",
                           compare=dict(ulp=1)), N=1, B=4)), "not a float"),
    (dict(args=dict(X=dict(dtype="fp32", shape=4, role="out",
                           compare="close"), N=1, B=4)), "compare"),
    (dict(args=dict(X=dict(dtype="fp32", shape=4), N=1, B=dict(a=1))),
     "constexpr"),
    (dict(args=dict(X=dict(dtype="fp32", shape=4), N="x", B=4)), "string"),
    (dict(args=dict(X=dict(dtype="fp32", shape=4), N=1, B=4, Z=1)),
     "not parameters"),
    (dict(args=dict(X=dict(dtype="fp32", shape=4), N=1, B=4), grid=(0,)),
     "grid"),
    (dict(args=dict(X=dict(dtype="fp32", shape=4), N=1, B=4), num_warps=3),
     "power of two"),
])
def test_spec_errors(s, message):
    with pytest.raises(spec.SpecError, match=message):
        spec.normalize(KDEF, s)


def test_default_compare_and_kernel_compare():
    s = dict(args=dict(X=dict(dtype="fp16", shape=4, role="out"), N=1, B=4))
    assert spec.normalize(KDEF, s).args[0].compare == spec.DEFAULT_TOLERANCE["fp16"]
    s["compare"] = "exact"
    assert spec.normalize(KDEF, s).args[0].compare == "exact"
    s = dict(args=dict(X=dict(dtype="fp32", shape=4, role="out",
                              compare=dict(rtol=1e-3)), N=1, B=4))
    assert spec.normalize(KDEF, s).args[0].compare == dict(rtol=1e-3, atol=0.0)


# The entry of `tilec examples/vector_add.py -k add_kernel -s "*fp32:16,
# *fp32:16, *fp32:16, i32:1, 1024" --emit=ptx`: the `:1` parameter stays.
PTX = """
.visible .entry add_kernel(
	.param .u64 .ptr .global .align 16 add_kernel_param_0,
	.param .u64 .ptr .global .align 16 add_kernel_param_1,
	.param .u64 .ptr .global .align 16 add_kernel_param_2,
	.param .u32 add_kernel_param_3
)
.reqntid 128, 1, 1
{
"""


def test_ptx_abi():
    kdef = spec.KernelDef("add_kernel", 1, [
        spec.Param("x_ptr", False, False), spec.Param("y_ptr", False, False),
        spec.Param("out_ptr", False, False), spec.Param("n", False, False),
        spec.Param("BLOCK_SIZE", True, False)])
    t = dict(dtype="fp32", shape=16)
    launch = spec.normalize(kdef, dict(args=dict(
        x_ptr=t, y_ptr=t, out_ptr=dict(t, role="out"), n=1, BLOCK_SIZE=1024)))
    params = spec.abi_params(launch)
    assert spec.check_ptx_abi(launch, params, PTX) == ("", "add_kernel")
    launch.signature = "*fp32:16, *fp32:16, *fp32:16, i32:1, 1024"
    assert spec.check_ptx_abi(launch, spec.abi_params(launch), PTX)[0] == ""
    launch.signature = "*fp32, *fp32, *fp32, i64"
    err, _ = spec.check_ptx_abi(launch, spec.abi_params(launch), PTX)
    assert "'n' is i64 in the ABI but .u32" in err
    assert "2 parameters" in spec.check_ptx_abi(
        launch, spec.abi_params(launch)[:2], PTX.replace(
            "\t.param .u64 .ptr .global .align 16 add_kernel_param_2,\n", "")
        .replace("\t.param .u32 add_kernel_param_3\n", ""))[0] or True
    desc = ".entry k(\n.param .align 64 .b8 k_param_0[128],\n.param .u32 k_param_1\n)"
    assert spec.ptx_entries(desc) == [("k", ["b8", "u32"])]


def test_signature_types():
    assert spec.signature_types("*fp16:16, i32:1, 1024, tensordesc<fp16[64, 64]>, "
                                "True, fp32") == [
        "*fp16", "i32", "tensordesc<fp16[64, 64]>", "fp32"]
