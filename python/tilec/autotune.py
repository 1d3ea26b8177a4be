"""triton.autotune and triton.heuristics over tilec kernels.

tilec.jit(fn) keeps the wrappers a kernel was given, outermost first:
`Heuristics` computes constexprs from the arguments, as Triton's does;
`Autotuner` compiles each config (its constexprs, num_warps, num_stages),
times each on the GPU with CUDA events, keeps the fastest per key (the
values of the key arguments and the dtypes of the tensors) in memory and on
disk (`<tilec cache directory>/autotune-py/`), and launches it.

The wrappers are read by their attributes (`configs`, `keys`, `values`,
`fn`), so Triton's own objects and any look-alike work.
"""

import hashlib
import json
import os

from . import _lib, errors
from .jit import JITFunction


class Config:
    """The part of a triton.Config tilec uses."""

    def __init__(self, kwargs, num_warps=4, num_stages=3, pre_hook=None):
        self.kwargs = dict(kwargs)
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.pre_hook = pre_hook

    @staticmethod
    def of(config):
        return Config(getattr(config, "kwargs", {}) or {},
                      getattr(config, "num_warps", 4) or 4,
                      getattr(config, "num_stages", 3) or 3,
                      getattr(config, "pre_hook", None))

    def all_kwargs(self):
        return {**self.kwargs, "num_warps": self.num_warps,
                "num_stages": self.num_stages}

    def __repr__(self):
        items = [f"{k}={v}" for k, v in self.kwargs.items()]
        items += [f"num_warps={self.num_warps}",
                  f"num_stages={self.num_stages}"]
        return ", ".join(items)


class Heuristics:
    def __init__(self, fn, values):
        self.fn = fn
        self.values = dict(values)
        self.arg_names = fn.arg_names

    def _add(self, args, kwargs):
        for name, heur in self.values.items():
            kwargs[name] = heur({**dict(zip(self.arg_names, args)), **kwargs})
        return kwargs

    def run(self, *args, grid, warmup=False, **kwargs):
        return self.fn.run(*args, grid=grid, warmup=warmup,
                           **self._add(args, kwargs))

    def warmup(self, *args, grid=None, **kwargs):
        return self.fn.warmup(*args, grid=grid, **self._add(args, kwargs))

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)


def _event_timer(launch, warmup=3, rep=20):
    """Median milliseconds of `launch()` between CUDA events on the current
    stream."""
    import torch
    for _ in range(warmup):
        launch()
    times = []
    for _ in range(rep):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        launch()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    return times[len(times) // 2]


class Autotuner:
    def __init__(self, fn, configs, keys, reset_to_zero=(), restore_value=(),
                 prune=None, timer=None, perf_model=None, top_k=None):
        self.fn = fn
        self.configs = [Config.of(c) for c in configs] or [Config({})]
        self.keys = list(keys)
        self.arg_names = fn.arg_names
        self.reset_to_zero = list(reset_to_zero or ())
        self.restore_value = list(restore_value or ())
        self.prune = prune
        self.perf_model = perf_model
        self.top_k = top_k
        self.timer = timer or _event_timer
        self.cache = {}
        self.best_config = None
        self.configs_timings = None

    def _key(self, args, kwargs):
        named = {**dict(zip(self.arg_names, args)), **kwargs}
        key = [named[k] for k in self.keys if k in named]
        key += [str(v.dtype) for v in named.values() if hasattr(v, "dtype")]
        return tuple(repr(k) for k in key)

    def _choice_path(self, key):
        directory = _lib.cache_directory()
        if not directory:
            return None
        base = self._base()
        src = base.source
        h = hashlib.sha256()
        for part in (_lib.compiler_version(), src.text, base.__name__,
                     repr(self.configs), repr(key)):
            h.update(part.encode())
            h.update(b"\0")
        return os.path.join(directory, "autotune-py", h.hexdigest() + ".json")

    def _base(self):
        fn = self.fn
        while not isinstance(fn, JITFunction):
            fn = fn.fn
        return fn

    def _conflicts(self, kwargs):
        for c in self.configs:
            both = set(c.kwargs) & set(kwargs)
            if both:
                raise ValueError("conflicting meta-parameters: "
                                 f"{', '.join(sorted(both))}; do not pass "
                                 "the autotuned ones")

    def _bench(self, args, kwargs, grid, config):
        named = dict(zip(self.arg_names, args))
        named.update(kwargs)

        def launch():
            for name in self.reset_to_zero:
                named[name].zero_()
            if config.pre_hook:
                config.pre_hook({**named, **config.all_kwargs()})
            self.fn.run(*args, grid=grid, **kwargs, **config.all_kwargs())

        saved = {n: named[n].clone() for n in self.restore_value}
        try:
            return self.timer(launch)
        finally:
            for n, v in saved.items():
                named[n].copy_(v)

    def pruned(self, args, kwargs):
        """The configs to time, as Triton's prune_configs_by picks them:
        `early_config_prune(configs, nargs, **kwargs)` (nargs: the
        positional arguments by name), then, with a `perf_model`, the
        `top_k` configs it estimates fastest (a float at most 1: that
        fraction of the configs)."""
        configs = self.configs
        nargs = dict(zip(self.arg_names, args))
        if self.prune:
            configs = [Config.of(c) for c in self.prune(configs, nargs,
                                                        **kwargs)]
            if not configs:
                raise _lib.TilecError(
                    f"early_config_prune of '{self._base().__name__}' left "
                    "no config")
        if self.perf_model:
            top_k = self.top_k
            if isinstance(top_k, float) and top_k <= 1.0:
                top_k = int(len(self.configs) * top_k)
            elif not isinstance(top_k, int):
                raise TypeError("prune_configs_by's top_k must be an int or "
                                "a float at most 1.0")
            if len(configs) > top_k:
                estimate = [self.perf_model(**nargs, **kwargs,
                                            **c.all_kwargs()) for c in configs]
                order = sorted(range(len(configs)), key=estimate.__getitem__)
                configs = [configs[i] for i in order[:top_k]]
        return configs

    def choose(self, args, kwargs, grid):
        key = self._key(args, kwargs)
        config = self.cache.get(key)
        if config is not None:
            return config
        path = self._choice_path(key)
        if path and os.path.exists(path):
            try:
                with open(path) as f:
                    index = json.load(f)["index"]
                config = self.cache[key] = self.configs[index]
                return config
            except (OSError, ValueError, KeyError, IndexError):
                pass
        configs = self.pruned(args, kwargs)
        timings = {}
        for c in configs:
            try:
                timings[c] = self._bench(args, kwargs, grid, c)
            except (_lib.CudaError, errors.OutOfResourcesError,
                    errors.CompileTimeAssertionFailure, errors.PtxasError):
                # Too many registers or too much shared memory, or a
                # tl.static_assert the config fails: skipped, as Triton does.
                timings[c] = float("inf")
        config = min(timings, key=timings.get)
        if timings[config] == float("inf"):
            raise _lib.TilecError("no autotune config of "
                                  f"'{self._base().__name__}' runs here")
        self.configs_timings = timings
        self.cache[key] = config
        if path and config in self.configs:
            try:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                tmp = f"{path}.tmp-{os.getpid()}"
                with open(tmp, "w") as f:
                    json.dump({"index": self.configs.index(config),
                               "config": repr(config)}, f)
                os.replace(tmp, path)
            except OSError:
                pass  # a cache only saves time
        return config

    def run(self, *args, grid, warmup=False, **kwargs):
        self._conflicts(kwargs)
        if warmup:
            return [self.fn.run(*args, grid=grid, warmup=True, **kwargs,
                                **c.all_kwargs()) for c in self.configs]
        config = self.best_config = self.choose(args, kwargs, grid)
        if config.pre_hook:
            config.pre_hook({**dict(zip(self.arg_names, args)), **kwargs,
                             **config.all_kwargs()})
        return self.fn.run(*args, grid=grid, **kwargs, **config.all_kwargs())

    def warmup(self, *args, grid=None, **kwargs):
        """Compiles every config (no GPU needed); returns the
        CompiledKernels."""
        self._conflicts(kwargs)
        return [self.fn.warmup(*args, grid=grid, **kwargs, **c.all_kwargs())
                for c in self.configs]

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)


def wrap(obj, **jit_options):
    """tilec's equivalent of a (possibly wrapped) triton kernel: the same
    Autotuner / Heuristics layers, outermost first, over a JITFunction."""
    if hasattr(obj, "configs") and hasattr(obj, "fn"):
        inner = wrap(obj.fn, **jit_options)
        prune = getattr(obj, "early_config_prune", None)
        return Autotuner(inner, obj.configs,
                         getattr(obj, "keys", getattr(obj, "key", ())),
                         getattr(obj, "reset_to_zero", ()),
                         getattr(obj, "restore_value", ()), prune,
                         perf_model=getattr(obj, "perf_model", None),
                         top_k=getattr(obj, "configs_top_k", None))
    if hasattr(obj, "values") and hasattr(obj, "fn") and isinstance(
            getattr(obj, "values"), dict):
        return Heuristics(wrap(obj.fn, **jit_options), obj.values)
    if isinstance(obj, JITFunction):
        return obj
    return JITFunction(obj, **jit_options)
