"""tilec.jit: Triton's `kernel[grid](*args, **kwargs)` over tilec.

A JITFunction binds a launch's arguments to the kernel's parameters as
Python would, specializes them as Triton 3.6 does (specialize.py), compiles
each specialization once (in memory here, on disk in tilec's kernel cache)
and launches it through libtilec.so on the current PyTorch stream. Wrong
arguments (count, type, a tensor not on the GPU) raise before anything
reaches the GPU.
"""

import inspect
import os
import struct
import threading

from . import _lib
from . import specialize as _spec
from .errors import ArgumentError
from .source import KernelSource, python_function

# Launch options a call may pass beside the kernel's arguments, as Triton's.
_OPTIONS = frozenset(("num_warps", "num_stages", "num_ctas", "maxnreg",
                      "enable_fp_fusion", "debug", "launch_cooperative_grid",
                      "launch_pdl", "arch"))

_devices = {}
_devices_lock = threading.Lock()


def get_device(ordinal):
    """The tilec device for CUDA device `ordinal` (one per process)."""
    device = _devices.get(ordinal)
    if device is None:
        with _devices_lock:
            device = _devices.get(ordinal)
            if device is None:
                device = _devices[ordinal] = _lib.Device(ordinal)
    return device


def _make_stream_query():
    """A function returning (device ordinal, CUstream as an int) of
    PyTorch's current stream; (0, 0) (device 0, the legacy default stream)
    without PyTorch or without CUDA in it. Made once: the launch path calls
    it every time."""
    try:
        import torch
    except ImportError:
        return lambda: (0, 0)
    if not torch.cuda.is_available():
        return lambda: (0, 0)
    current = torch.cuda.current_device
    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is not None:
        def query():
            index = current()
            return index, raw(index)
    else:
        def query():
            index = current()
            return index, torch.cuda.current_stream(index).cuda_stream
    return query


_stream_query = None


def _current_device_and_stream():
    global _stream_query
    if _stream_query is None:
        _stream_query = _make_stream_query()
    return _stream_query()


_arch_by_device = {}


def default_arch(ordinal=None):
    """$TILEC_ARCH, else the architecture of GPU `ordinal` (the current one
    when None), else sm_90a: compiling needs no GPU. Looked up once per
    device."""
    arch = _arch_by_device.get(ordinal)
    if arch is not None:
        return arch
    arch = os.environ.get("TILEC_ARCH")
    if not arch:
        try:
            device = (ordinal if ordinal is not None
                      else _current_device_and_stream()[0])
            arch = get_device(device).arch
        except Exception:
            arch = "sm_90a"
    _arch_by_device[ordinal] = arch
    return arch


class Param:
    def __init__(self, index, param, do_not_specialize, no_align):
        self.index = index
        self.name = param.name
        self.default = param.default
        annotation = param.annotation
        if isinstance(annotation, str):
            self.is_constexpr = annotation.split(".")[-1] == "constexpr"
        else:
            self.is_constexpr = getattr(annotation, "__name__",
                                        "") == "constexpr"
        self.specialize = not (index in do_not_specialize
                               or self.name in do_not_specialize)
        self.align = not (index in no_align or self.name in no_align)


class CompiledKernel:
    """One specialization: its signature, machine code, metadata and the
    loaded kernel (None until launched, or without a GPU).

    `asm` holds 'ptx' and 'cubin' and, computed when first read, 'tile',
    'tilegpu' (tilec's dialects after their pipelines), 'llvm-mlir' and
    'llir' (LLVM IR)."""

    def __init__(self, fn, signature, options, compiled):
        self.fn = fn
        self.signature = signature
        self._options = options
        self._compiled = compiled
        self.metadata = Metadata(compiled.metadata)
        self.name = self.metadata.name
        self.asm = _Asm(self)
        self.kinds = [p["kind"] for p in compiled.metadata["params"]]
        # One struct.pack per launch: 8 bytes per argument.
        self._format = "<" + "".join(
            _slot_format(p) for p in compiled.metadata["params"])
        self._packer = struct.Struct(self._format)
        self.kernel = None
        self._lock = threading.Lock()

    @property
    def n_regs(self):
        return self.metadata.registers

    @property
    def n_spills(self):
        return self.metadata.spill_stores

    def load(self, ordinal):
        """The kernel loaded on device `ordinal` (once)."""
        kernel = self.kernel
        if kernel is None:
            with self._lock:
                if self.kernel is None:
                    self.kernel = _lib.Kernel(get_device(ordinal),
                                              self._compiled)
                kernel = self.kernel
        return kernel

    def __getitem__(self, grid):
        """Triton's CompiledKernel[grid](*args): the runtime arguments only,
        on the current stream."""
        g = _grid3(grid)

        def run(*args):
            ordinal, stream = _current_device_and_stream()
            _lib.launch_slots(self.load(ordinal).handle, g[0], g[1], g[2],
                              stream, self._packer.pack(*args), len(args))
        return run


def _slot_format(param):
    """The struct format of one 8-byte launch slot: an address or a u64 is
    unsigned, a float a double, any other integer signed."""
    kind = param["kind"]
    if kind == "float":
        return "d"
    if kind == "pointer" or param["type"] == "u64":
        return "Q"
    return "q"


class Metadata(dict):
    """The kernel's metadata (tilec_compiled_metadata_json) as a dict whose
    keys are also attributes: registers, spill_stores, shared_bytes, ...;
    `shared` and `num_warps` as Triton names them."""

    def __init__(self, data):
        super().__init__(data)
        self.setdefault("shared", data.get("shared_bytes", 0) +
                        data.get("dynamic_shared_bytes", 0))

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class _Asm(dict):
    _LEVELS = {"tile": "tile", "tilegpu": "tilegpu", "llvm-mlir": "llvm-mlir",
               "llir": "llvm", "tile-raw": "tile-raw"}

    def __init__(self, kernel):
        super().__init__()
        self._kernel = kernel
        self["ptx"] = kernel._compiled.ptx
        if kernel._compiled.cubin:
            self["cubin"] = kernel._compiled.cubin

    def __missing__(self, key):
        level = self._LEVELS.get(key)
        if level is None:
            raise KeyError(key)
        src = self._kernel.fn.source
        text = _lib.emit(src.text, src.filename, self._kernel._options, level)
        self[key] = text
        return text

    def keys(self):
        return list(super().keys()) + [k for k in self._LEVELS
                                       if k not in self]


def _grid3(grid):
    if isinstance(grid, int):
        return (grid, 1, 1)
    n = len(grid)
    if n == 0 or n > 3:
        raise ValueError(f"a grid has 1 to 3 dimensions, got {n}")
    g = tuple(int(x) for x in grid) + (1,) * (3 - n)
    if min(g) <= 0:
        raise ValueError(f"grid {tuple(grid)} has a dimension that is not "
                         "positive")
    return g


class JITFunction:
    """A kernel compiled and launched by tilec: `kernel[grid](*args)`.

    Made by tilec.jit from a plain function (decorated @tilec.jit or
    @triton.jit in its file), a triton.jit function, or one wrapped by
    triton.autotune / triton.heuristics (autotune.py handles those)."""

    _tilec_jit = True

    def __init__(self, fn, do_not_specialize=None,
                 do_not_specialize_on_alignment=None, debug=None):
        self._origin = fn
        self.fn = python_function(fn)
        # A triton JITFunction carries its own do_not_specialize lists.
        if do_not_specialize is None:
            do_not_specialize = getattr(fn, "do_not_specialize", None)
        if do_not_specialize_on_alignment is None:
            do_not_specialize_on_alignment = getattr(
                fn, "do_not_specialize_on_alignment", None)
        dns = set(do_not_specialize or ())
        dnsa = set(do_not_specialize_on_alignment or ())
        self.signature = inspect.signature(self.fn)
        self.params = [Param(i, p, dns, dnsa)
                       for i, p in enumerate(self.signature.parameters.values())]
        self.arg_names = [p.name for p in self.params]
        self.constexprs = [p.index for p in self.params if p.is_constexpr]
        self.debug = debug
        self.__name__ = self.fn.__name__
        self.__doc__ = self.fn.__doc__
        self.__module__ = self.fn.__module__
        self.__globals__ = self.fn.__globals__
        self._source = None
        # (specialization key) -> CompiledKernel
        self.cache = {}
        self._lock = threading.Lock()

    @property
    def source(self):
        """The kernel's KernelSource, read once, when first compiled (the
        helpers it reaches may be defined after it)."""
        if self._source is None:
            self._source = KernelSource(self._origin)
        return self._source

    def __repr__(self):
        return f"tilec.JITFunction({self.fn.__module__}:{self.__name__})"

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"'{self.__name__}' is a tilec kernel: launch it "
                           "as kernel[grid](...)")

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

    # -- binding and specialization ---------------------------------------

    def bind(self, args, kwargs):
        """The launch options and every parameter's value, as Python binds
        them: a wrong count or an unknown keyword is a TypeError."""
        options = ({k: kwargs.pop(k) for k in _OPTIONS.intersection(kwargs)}
                   if kwargs else {})
        params = self.params
        if len(args) > len(params):
            raise ArgumentError(
                f"{self.__name__}() takes {len(params)} arguments but "
                f"{len(args)} were given")
        values = list(args)
        for p in params[len(args):]:
            if p.name in kwargs:
                values.append(kwargs.pop(p.name))
            elif p.default is not inspect.Parameter.empty:
                values.append(p.default)
            else:
                raise ArgumentError(f"{self.__name__}() is missing the "
                                    f"argument '{p.name}'")
        for name in kwargs:
            if name in self.arg_names:
                raise ArgumentError(f"{self.__name__}() got multiple values "
                                    f"for argument '{name}'")
            raise ArgumentError(f"{self.__name__}() got an unexpected keyword "
                                f"argument '{name}'")
        return options, values

    def specialize(self, values):
        """(signature entries, runtime argument values) of a launch. A dtype
        bound to a constexpr is no signature entry (the signature takes no
        dtype) but a define, kept as the entry `NAME=tl.float16`."""
        entries = []
        runtime = []
        for p, v in zip(self.params, values):
            if p.is_constexpr:
                text = _spec.constexpr_text(v, p.name)
                entries.append(f"{p.name}={text}" if text.startswith("tl.")
                               else text)
                continue
            if isinstance(v, tuple):
                entry, leaves = _spec.specialize_tuple(
                    v, p.name, lambda n, t: _check_tensor(self.__name__, n, t))
                entries.append(entry)
                runtime.extend(leaves)
                continue
            entry, kind = _spec.specialize(v, p.name, p.specialize, p.align)
            entries.append(entry)
            if kind is None:
                continue
            if kind == _spec.POINTER:
                _check_tensor(self.__name__, p.name, v)
                runtime.append(v.data_ptr())
            elif kind == _spec.INT:
                runtime.append(int(v))
            else:
                runtime.append(float(v))
        return entries, runtime

    # -- compiling ----------------------------------------------------------

    def compile(self, entries, options, ordinal=None):
        """The CompiledKernel of one specialization, from memory or compiled
        (through tilec's disk cache), for GPU `ordinal`'s architecture."""
        num_warps = int(options.get("num_warps", 4))
        num_stages = int(options.get("num_stages", 3))
        arch = options.get("arch") or default_arch(ordinal)
        fp_fusion = bool(options.get("enable_fp_fusion", True))
        _refuse_unsupported(self.__name__, options)
        debug = options.get("debug", self.debug)
        if debug is None:
            debug = os.environ.get("TRITON_DEBUG", "0") not in ("", "0")
        key = (tuple(entries), num_warps, num_stages, arch, bool(debug),
               fp_fusion)
        kernel = self.cache.get(key)
        if kernel is not None:
            return kernel
        with self._lock:
            kernel = self.cache.get(key)
            if kernel is not None:
                return kernel
            defines = [tuple(e.split("=", 1)) for e in entries
                       if _is_define(e)]
            signature = ", ".join(e for e in entries if not _is_define(e))
            src = self.source
            opts = _lib.Options(self.__name__, signature, num_warps=num_warps,
                                num_stages=num_stages, arch=arch, debug=debug,
                                defines=defines, fp_fusion=fp_fusion,
                                modules=src.compiler_modules(),
                                globals_=src.globals)
            compiled = _lib.compile(src.text, src.filename, opts)
            kernel = CompiledKernel(self, signature, opts, compiled)
            self.cache[key] = kernel
        return kernel

    def warmup(self, *args, grid=None, **kwargs):
        """Compiles for these arguments without launching (no GPU needed);
        returns the CompiledKernel."""
        options, values = self.bind(args, dict(kwargs))
        entries, _ = self.specialize(values)
        return self.compile(entries, options)

    # -- launching ----------------------------------------------------------

    def run(self, *args, grid, warmup=False, **kwargs):
        options, values = self.bind(args, kwargs)
        entries, runtime = self.specialize(values)
        if warmup:
            return self.compile(entries, options)
        if callable(grid):
            meta = dict(zip(self.arg_names, values))
            meta.update(options)
            grid = grid(meta)
        g = _grid3(grid)
        ordinal, stream = _current_device_and_stream()
        kernel = self.compile(entries, options, ordinal)
        loaded = kernel.load(ordinal)
        _lib.launch_slots(loaded.handle, g[0], g[1], g[2], stream,
                          kernel._packer.pack(*runtime), len(runtime))
        return kernel


def _is_define(entry):
    """A dtype constexpr, kept as `NAME=tl.float16` (specialize()); a str
    or tuple value may hold '=' too."""
    return "=" in entry and not entry.startswith(("'", '"', "("))


def _refuse_unsupported(kernel, options):
    """Launch options tilec cannot honor are errors, never ignored.
    `num_ctas` is not among them: it asks Triton to spread each program
    over a cluster of CTAs, which changes its speed but not what it
    computes; tilec runs every program on one CTA."""
    if options.get("maxnreg") is not None:
        raise ArgumentError(f"launch of '{kernel}': maxnreg is not supported "
                            "by tilec")
    for name in ("launch_cooperative_grid", "launch_pdl"):
        if options.get(name):
            raise ArgumentError(f"launch of '{kernel}': {name} is not "
                                "supported by tilec")


def _check_tensor(kernel, name, value):
    """A tensor argument must live on a GPU: raised before the launch."""
    device = getattr(value, "device", None)
    if device is None:
        return
    if getattr(device, "type", "cuda") != "cuda":
        raise ArgumentError(f"launch of '{kernel}': argument '{name}' is a "
                            f"tensor on {device}, not on a CUDA device")
