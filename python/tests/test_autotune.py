"""triton.autotune / triton.heuristics wrappers (read by their attributes,
so these look-alikes stand in for Triton's where it is not installed)."""

import pytest

import add as kernels
import tilec
from conftest import Autotuner, Config, FakeTensor


class Heuristics:
    def __init__(self, fn, values):
        self.fn = fn
        self.values = values


def test_autotune_configs_compile():
    tuned = tilec.jit(Autotuner(kernels.add_kernel.fn,
                                [Config({"BLOCK": 128}, num_warps=4),
                                 Config({"BLOCK": 256}, num_warps=8)],
                                ["n"]))
    assert isinstance(tuned, tilec.Autotuner)
    x, y, out = (FakeTensor(0x1000 * i) for i in (1, 2, 3))
    compiled = tuned.warmup(x, y, out, 4096)
    assert [c.signature for c in compiled] == [
        "*fp32:16, *fp32:16, *fp32:16, i32:16, 128",
        "*fp32:16, *fp32:16, *fp32:16, i32:16, 256"]
    assert [c.metadata.num_warps for c in compiled] == [4, 8]
    with pytest.raises(ValueError, match="conflicting meta-parameters: BLOCK"):
        tuned.warmup(x, y, out, 4096, BLOCK=64)


def test_autotune_chooses_by_timing_and_remembers():
    calls = []
    tuned = tilec.jit(Autotuner(kernels.add_kernel.fn,
                                [Config({"BLOCK": 128}),
                                 Config({"BLOCK": 256})], ["n"]))
    # Time without a GPU: the second config is faster; run() is replaced so
    # nothing launches.
    times = iter([2.0, 1.0])
    tuned.timer = lambda launch: next(times)
    tuned.fn.run = lambda *a, grid, warmup=False, **kw: calls.append(kw)
    x, y, out = (FakeTensor(0x1000 * i) for i in (1, 2, 3))
    tuned[(1,)](x, y, out, 4096)
    assert tuned.best_config.kwargs == {"BLOCK": 256}
    assert calls[-1]["BLOCK"] == 256
    # Same key: no timing (the iterator is spent).
    tuned[(1,)](x, y, out, 4096)
    assert calls[-1]["BLOCK"] == 256
    # Another process: the choice is read back from disk.
    again = tilec.jit(Autotuner(kernels.add_kernel.fn,
                                [Config({"BLOCK": 128}),
                                 Config({"BLOCK": 256})], ["n"]))
    again.timer = lambda launch: pytest.fail("timed again")
    again.fn.run = lambda *a, grid, warmup=False, **kw: calls.append(kw)
    again[(1,)](x, y, out, 4096)
    assert calls[-1]["BLOCK"] == 256


def test_heuristics():
    wrapped = tilec.jit(Heuristics(kernels.add_kernel.fn,
                                   {"BLOCK": lambda args: 64 if args["n"] < 100
                                    else 512}))
    assert isinstance(wrapped, tilec.Heuristics)
    x, y, out = (FakeTensor(0x1000 * i) for i in (1, 2, 3))
    assert wrapped.warmup(x, y, out, 50).signature.endswith(", 64")
    assert wrapped.warmup(x, y, out, 5000).signature.endswith(", 512")


def test_prune_configs_by_as_triton():
    """early_config_prune gets (configs, positional arguments by name,
    **keywords); then perf_model estimates each config (arguments and the
    config's meta-parameters as keywords) and only the top_k estimated
    fastest are timed; top_k may be a fraction of the configs."""
    configs = [Config({"BLOCK": b}) for b in (64, 128, 256, 512)]
    seen = {}

    def early(cfgs, nargs, **kw):
        seen["nargs"], seen["kw"] = sorted(nargs), sorted(kw)
        return [c for c in cfgs if c.kwargs["BLOCK"] <= kw["n"] // 8]

    def model(**kw):
        assert kw["n"] in (4096, 8192) and kw["num_warps"] == 4
        return abs(kw["BLOCK"] - 256)  # 256 estimated fastest, then 128

    # Another n per case: a choice made once is read back, untimed.
    for n, top_k, timed in ((4096, 1, [256]), (8192, 0.5, [256, 128])):
        raw = Autotuner(kernels.add_kernel.fn, configs, ["n"])
        raw.early_config_prune = early
        raw.perf_model, raw.configs_top_k = model, top_k
        tuned = tilec.jit(raw)
        benched = []
        tuned._bench = lambda a, k, g, c: benched.append(
            c.kwargs["BLOCK"]) or float(c.kwargs["BLOCK"])
        tuned.fn.run = lambda *a, grid, warmup=False, **kw: None
        x, y, out = (FakeTensor(0x1000 * i) for i in (1, 2, 3))
        tuned[(1,)](x, y, out, n=n)
        assert benched == timed
        assert seen == {"nargs": ["out_ptr", "x_ptr", "y_ptr"], "kw": ["n"]}
    # A pruner that leaves nothing is an error, not a silent default.
    raw = Autotuner(kernels.add_kernel.fn, configs, ["n"])
    raw.early_config_prune = lambda cfgs, nargs, **kw: []
    with pytest.raises(tilec.TilecError, match="left no config"):
        tilec.jit(raw)[(1,)](x, y, out, 2048)
