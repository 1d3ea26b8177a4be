"""run.py's host side on the CPU: fills, edge values, guards and poison,
the packing of scalar parameters, the torch comparison backend against the
numpy one, expectations and reports. Skipped where torch is missing (the
GPU machine has it; `apt-get install python3-torch` gives a CPU one here).
Dtypes the installed torch lacks (uint32, float8 before torch 2.1) are
skipped."""
import ctypes
import json
import math
import pathlib
import types

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import compare  # noqa: E402
import run  # noqa: E402
import spec  # noqa: E402


def has(dtype):
    return hasattr(torch, spec.DTYPES[dtype][5])


DTYPES = [d for d in spec.DTYPES if has(d)]


def tensor_arg(dtype, n, **kw):
    a = dict(name="X", kind="tensor", dtype=dtype, shape=[n], role="in",
             fill="edge", low=None, high=None, scale=1.0, value=None,
             compare=None)
    a.update(kw)
    return a


def as_tensor(b, a):
    return b.view(getattr(torch, spec.DTYPES[a["dtype"]][5]))


@pytest.mark.parametrize("dtype", DTYPES)
def test_edge_fill_is_reproducible_and_has_edges(dtype):
    a = tensor_arg(dtype, 4096)
    b1 = run.Inputs(torch, 7).fill_bytes(a)
    b2 = run.Inputs(torch, 7).fill_bytes(a)
    b3 = run.Inputs(torch, 8).fill_bytes(a)
    assert b1.dtype == torch.uint8 and b1.numel() == 4096 * spec.byte_width(dtype)
    assert torch.equal(b1, b2) and not torch.equal(b1, b3)
    w = spec.byte_width(dtype)
    words = {int.from_bytes(bytes(b1[i * w:(i + 1) * w].tolist()), "little")
             for i in range(4096)}
    # Every edge value shows up in 4096 elements (about 512 are edges).
    assert set(spec.edge_bits(dtype)) <= words


@pytest.mark.parametrize("dtype", [d for d in ("fp16", "bf16", "fp32", "fp64")
                                   if has(d)])
def test_float_fills(dtype):
    g = run.Inputs(torch, 1)
    u = as_tensor(g.fill_bytes(tensor_arg(dtype, 1000, fill="uniform", low=2,
                                          high=3)), tensor_arg(dtype, 1))
    assert float(u.float().min()) >= 2 and float(u.float().max()) <= 3
    n = as_tensor(g.fill_bytes(tensor_arg(dtype, 1000, fill="normal")),
                  tensor_arg(dtype, 1)).double()
    assert torch.isfinite(n).all() and 0.5 < float(n.std()) < 1.5
    f = as_tensor(g.fill_bytes(tensor_arg(dtype, 10, fill="full", value=2.5)),
                  tensor_arg(dtype, 1))
    assert (f.double() == 2.5).all()
    r = as_tensor(g.fill_bytes(tensor_arg(dtype, 10, fill="arange")),
                  tensor_arg(dtype, 1))
    assert r.double().tolist() == list(range(10))


@pytest.mark.parametrize("dtype", [d for d in ("i8", "i16", "i32", "i64", "u8")
                                   if has(d)])
def test_int_fills(dtype):
    g = run.Inputs(torch, 3)
    t = lambda b: as_tensor(b, tensor_arg(dtype, 1)).to(torch.int64)  # noqa: E731
    u = t(g.fill_bytes(tensor_arg(dtype, 2000, fill="uniform", low=-3 if
                                  dtype[0] == "i" else 0, high=4)))
    assert int(u.min()) >= (-3 if dtype[0] == "i" else 0) and int(u.max()) <= 3
    p = t(g.fill_bytes(tensor_arg(dtype, 100, fill="perm")))
    assert sorted(p.tolist()) == list(range(100))
    z = t(g.fill_bytes(tensor_arg(dtype, 5, fill="ones")))
    assert z.tolist() == [1] * 5
    a = t(g.fill_bytes(tensor_arg(dtype, 300, fill="arange")))
    bits = spec.DTYPES[dtype][1]
    want = [(i + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))
            if dtype[0] == "i" else i % (1 << bits) for i in range(300)]
    assert a.tolist() == want  # wraps like the dtype


def test_bool_fill():
    b = run.Inputs(torch, 1).fill_bytes(tensor_arg("i1", 1000))
    assert set(b.tolist()) == {0, 1}


def test_buffers_poison_and_guard():
    args = [tensor_arg("fp32", 10, name="X"),
            tensor_arg("i32", 4, name="O", role="out"),
            dict(name="N", kind="scalar", value=10, type="i32")]
    bufs = run.make_buffers(torch, args, 5, torch.device("cpu"))
    x, nx = bufs["X"]
    o, no = bufs["O"]
    assert nx == 40 and x.numel() == 40 + spec.GUARD_BYTES
    assert (x[40:] == spec.FLOAT_POISON_BYTE).all()
    assert (o == spec.INT_POISON_BYTE).all() and no == 16
    v = run.view(torch, x, nx, args[0])
    assert v.dtype == torch.float32 and v.shape == (10,)
    assert v.data_ptr() == x.data_ptr()
    # All-ones bytes are a NaN in every float dtype.
    assert torch.isnan(run.view(torch, torch.full((8 + 4,), 255, dtype=torch.uint8),
                                8, dict(dtype="fp64", shape=[1]))).all()


def test_pack():
    p = lambda t: {"name": "v", "type": t, "ctype": spec.abi_ctype(t)}  # noqa: E731
    assert run.pack(p("i32"), -5, torch).value == -5
    assert isinstance(run.pack(p("i32"), -5, torch), ctypes.c_int32)
    assert run.pack(p("u64"), 2**64 - 1, torch).value == 2**64 - 1
    assert isinstance(run.pack(p("i64"), -(2**40), torch), ctypes.c_int64)
    assert run.pack(p("i1"), True, torch).value == 1
    assert ctypes.sizeof(run.pack(p("i1"), True, torch)) == 1
    assert run.pack(p("fp32"), 0.5, torch).value == 0.5
    assert isinstance(run.pack(p("fp64"), 0.5, torch), ctypes.c_double)
    assert run.pack(p("fp16"), 1.0, torch).value == 0x3C00
    t = torch.zeros(4)
    assert run.pack(p("*fp32"), t, torch).value == t.data_ptr()


@pytest.mark.parametrize("dtype", [d for d in ("fp16", "fp32", "fp64", "i8",
                                               "i32", "i64", "u8", "i1")
                                   if has(d)])
def test_torch_backend_agrees_with_numpy(dtype, np_backend):
    g = run.Inputs(torch, 11)
    a = tensor_arg(dtype, 512)
    ref = as_tensor(g.fill_bytes(a), a)
    got = as_tensor(g.fill_bytes(a), a)
    got[:256] = ref[:256]
    tb = compare.TorchBackend()
    kind = spec.DTYPES[dtype][0]
    hows = ["bits", "exact", "sorted"] + (
        [dict(ulp=3), dict(rtol=1e-3, atol=1e-5)] if kind == "float" else [])
    for how in hows:
        rt = compare.compare(tb, ref, got, dtype, how)
        rn = compare.compare(np_backend, ref.numpy(), got.numpy(), dtype, how)
        assert (rt.ok, rt.mismatches, rt.max_ulp) == (rn.ok, rn.mismatches,
                                                      rn.max_ulp), how
        assert [e["index"] for e in rt.examples] == [e["index"] for e in rn.examples]
        assert rt.mismatches > 0  # the second half differs
    assert compare.compare(tb, ref, ref.clone(), dtype, "bits").ok


def test_expectations():
    e = {"spec": {"xfail": "known"}}
    assert run.apply_expectations(e, {"status": "pass"})["status"] == "xpass"
    r = run.apply_expectations(e, {"status": "mismatch", "detail": "x"})
    assert r["status"] == "xfail" and r["xfail_status"] == "mismatch"
    assert run.apply_expectations({"spec": {}}, {"status": "pass"})["status"] == "pass"


def test_reports(tmp_path):
    args = types.SimpleNamespace(out=tmp_path, strict=False)
    results = {
        "a::k_ok": {"file": "a", "kernel": "k_ok", "status": "pass",
                    "outputs": {"O": {"max_abs_err": 0.0, "max_ulp": 0}}},
        "a::k_bad": {"file": "a", "kernel": "k_bad", "status": "mismatch",
                     "detail": "'O': 1/10 elements differ"},
        "a::k_ce": {"file": "a", "kernel": "k_ce", "status": "compile error",
                    "detail": "a.py:3:4: error: x"},
    }
    assert run.write_reports(args, {"commit": "c"}, results, 1.0) == 1
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["failing"] == ["a::k_bad"]
    md = (tmp_path / "results.md").read_text()
    assert "| `k_bad` | a | mismatch |" in md
    del results["a::k_bad"]
    assert run.write_reports(args, {}, results, 1.0) == 0
    args.strict = True
    assert run.write_reports(args, {}, results, 1.0) == 1
