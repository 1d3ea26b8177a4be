"""tilec.jit: Triton's `kernel[grid](*args, **kwargs)` over tilec.

A JITFunction binds a launch's arguments to the kernel's parameters as
Python would, specializes them as Triton 3.6 does (specialize.py), compiles
each specialization once (in memory here, on disk in tilec's kernel cache)
and launches it through libtilec.so on the current PyTorch stream. Wrong
arguments (count, type, a tensor not on the GPU) raise before anything
reaches the GPU.

This is the general path. A launch whose specialization was seen before
takes launch.py's fast path instead, which comes here only for what it has
not seen.
"""

import copy
import functools
import inspect
import operator
import os
import threading

from . import _lib
from . import launch as _launch
from . import specialize as _spec
from .errors import ArgumentError, CompilationError
from .source import KernelSource, python_function

# Launch options a call may pass beside the kernel's arguments, as Triton's.
_OPTIONS = frozenset(_launch.OPTIONS)

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


_streams = None


def stream_functions():
    """(current device, current stream of a device): launch.py's, made at
    the first launch (PyTorch's CUDA state is read then, not at import)."""
    global _streams
    if _streams is None:
        _streams = _launch.stream_functions()
    return _streams


def _current_device_and_stream():
    get_device, get_stream = stream_functions()
    device = get_device()
    return device, get_stream(device)


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
        # A scalar type annotation (`v: tl.int8`, tl.float16 set in
        # __annotations__) is the parameter's type, as in Triton.
        self.annotation_type = (None if self.is_constexpr else
                                _spec.annotation_type(annotation))
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
        # The parameters a launch passes: not a tensor descriptor's hidden
        # shape and strides, which the library fills from the descriptor.
        self._params = passed_params(compiled.metadata["params"])
        self.kinds = [p["kind"] for p in self._params]
        # The slots' struct format, 8 bytes per argument (launch.Entry puts
        # the packet's header in front).
        self._format = "<" + "".join(_slot_format(p) for p in self._params)
        # The runtime arguments the signature specialized: (index, name,
        # entry) of each `:16` and `:1`, which a launch of the bare
        # compiled kernel checks (JITFunction's launches specialized on
        # them).
        self._checks = []
        # The libdevice a launch's extern_libs named (None: tilec's own).
        self._libdevice = None
        self.kernels = {}
        self._entries = {}
        self._lock = threading.Lock()

    def _set_checks(self, entry_by_param):
        for i, p in enumerate(self._params):
            entry = entry_by_param.get(p["name"], "")
            if entry.endswith(":16") or entry.endswith(":1"):
                self._checks.append((i, p["name"], entry))

    @property
    def n_regs(self):
        return self.metadata.registers

    @property
    def n_spills(self):
        return self.metadata.spill_stores

    def load(self, ordinal):
        """The kernel loaded on device `ordinal` (once per device)."""
        kernel = self.kernels.get(ordinal)
        if kernel is None:
            with self._lock:
                kernel = self.kernels.get(ordinal)
                if kernel is None:
                    kernel = self.kernels[ordinal] = _lib.Kernel(
                        get_device(ordinal), self._compiled)
        return kernel

    @property
    def kernel(self):
        """The kernel loaded on the first device it was loaded on (None
        before a launch)."""
        return next(iter(self.kernels.values()), None)

    def entry(self, ordinal, keep, num_values):
        """The fast path's launch entry (launch.Entry.as_tuple()) on device
        `ordinal`, for binder values of which `keep` are passed."""
        key = (ordinal, tuple(keep), num_values)
        entry = self._entries.get(key)
        if entry is None:
            entry = self._entries[key] = _launch.Entry(
                self, self.load(ordinal), keep, num_values).as_tuple()
        return entry

    def _init_handles(self):
        """Triton's CompiledKernel._init_handles(): loads the kernel on the
        current device (once), so that a failure to load shows here."""
        self.load(stream_functions()[0]())

    @property
    def function(self):
        """The loaded kernel's handle on the first device it was loaded on
        (None before), as Triton's `CompiledKernel.function`."""
        kernel = self.kernel
        return kernel.handle if kernel is not None else None

    def __getitem__(self, grid):
        """Triton's CompiledKernel[grid](*args, stream=None), on the current
        stream unless `stream` is given. `args` are either the runtime
        arguments only (addresses as ints or tensors), the cheapest path,
        or, as Triton's launcher takes them, one per parameter of the
        kernel, constexprs included (which the specialization fixed, and
        which are not passed). Checked against the specialization: the
        count, and the `:16` and `:1` entries."""
        gx, gy, gz = _grid3(grid, None, None)
        get_device, get_stream = stream_functions()
        aligned = tuple(i for i, _, e in self._checks if e.endswith(":16"))
        ones = tuple(i for i, _, e in self._checks if e.endswith(":1"))
        pointers = tuple(i for i, k in enumerate(self.kinds)
                         if k == "pointer")
        count = len(self.kinds)
        entries = {}

        def run(*args, stream=None):
            if len(args) != count:
                args = self._runtime_args(args)
            else:
                for i in pointers:
                    if args[i].__class__ is not int:
                        args = self._runtime_args(args)
                        break
            for i in aligned:
                if args[i] & 15:
                    self._check_failed(args)
            for i in ones:
                if args[i] != 1:
                    self._check_failed(args)
            if not (gx and gy and gz):
                return
            device = get_device()
            entry = entries.get(device)
            if entry is None:
                entry = entries[device] = self.entry(device, range(count),
                                                     count)
            pack, call, handle, n, _ = entry
            _lib.launch_with(call, pack(handle, n, gx, gy, gz,
                                        get_stream(device) if stream is None
                                        else stream, *args))
        return run

    def _runtime_args(self, args):
        """The runtime arguments of a bare launch given `args`: the runtime
        arguments themselves, or one value per parameter of the kernel (a
        tuple parameter as its tuple), as Triton's launcher takes them;
        tensors become their addresses."""
        params = self._params
        names = self.fn.arg_names
        # One per parameter, unless the count is the runtime one (a tuple
        # argument says which, where tuple leaves make the counts equal).
        if len(args) == len(params) and (
                len(args) != len(names)
                or not any(isinstance(a, tuple) for a in args)):
            values = list(args)
        elif len(args) == len(names):
            by_name = dict(zip(names, args))
            values = []
            for p in params:
                # A tuple's leaf is named by its path: "t.0.1".
                path = p["name"].split(".")
                value = by_name[path[0]]
                for i in path[1:]:
                    value = value[int(i)]
                values.append(value)
        else:
            raise ArgumentError(
                f"launch of '{self.name}': expected {len(params)} runtime "
                f"arguments or {len(names)} arguments (one per parameter), "
                f"got {len(args)}")
        out = []
        for p, value in zip(params, values):
            kind = p["kind"]
            if kind == "pointer" and hasattr(value, "data_ptr"):
                _check_tensor(self.name, p["name"], value)
                value = value.data_ptr()
            elif kind == "tensordesc":
                _check_descriptor(self.name, p["name"], value)
            elif kind == "int" and value is not None:
                value = int(value)
            elif kind == "float" and value is not None:
                value = float(value)
            out.append(value)
        return out

    def _check_failed(self, args):
        for i, name, entry in self._checks:
            _check_specialized(self.name, name, entry, args[i])


def _check_specialized(kernel, name, entry, value):
    """A runtime argument of a bare compiled kernel against its signature
    entry: `:16` needs a multiple of 16, `:1` the value 1."""
    if entry.endswith(":16"):
        if value % 16:
            what = "address" if entry.startswith("*") else "value"
            raise ArgumentError(
                f"launch of '{kernel}': argument '{name}' is {entry} in the "
                f"signature, but its {what} {value:#x} is not a multiple of 16"
                if what == "address" else
                f"launch of '{kernel}': argument '{name}' is {entry} in the "
                f"signature, but {value} is not a multiple of 16")
    elif value != 1:
        raise ArgumentError(f"launch of '{kernel}': argument '{name}' is "
                            f"{entry} in the signature, but {value} is not 1")


# The kinds of a tensor descriptor's hidden parameters (its tensor's shape
# and strides, which the kernel reads), filled by the launch.
HIDDEN_KINDS = ("tensordesc_shape", "tensordesc_stride")


def passed_params(params):
    """The metadata's parameters that a launch takes an argument for."""
    return [p for p in params if p["kind"] not in HIDDEN_KINDS]


def _slot_format(param):
    """The struct format of one 8-byte launch slot: an address or a u64 is
    unsigned, a float a double, any other integer signed."""
    kind = param["kind"]
    if kind == "float":
        return "d"
    if kind == "tensordesc":
        return "Q"  # never packed: such kernels launch with typed args
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
        with _lib.libdevice(self._kernel._libdevice):
            text = _lib.emit(src.text, src.filename, self._kernel._options,
                             level)
        self[key] = text
        return text

    def keys(self):
        return list(super().keys()) + [k for k in self._LEVELS
                                       if k not in self]


def _grid3(grid, meta, options):
    """The three dimensions of a launch's grid: an int, a tuple (or list)
    of 1 to 3 ints, or a callable of the meta-parameters (`meta`, the
    arguments by name, and the launch options given) returning one. A
    dimension of 0 is an empty grid, which launches nothing (Triton's
    launcher does the same); a negative one or one that is no integer
    raises."""
    if callable(grid):
        given = {k: v for k, v in options.items() if v is not None} \
            if options else None
        grid = grid({**meta, **given} if given else meta)
    if not isinstance(grid, (tuple, list)):
        grid = (grid,)
    n = len(grid)
    if n == 0 or n > 3:
        raise ValueError(f"a grid has 1 to 3 dimensions, got {n}")
    try:
        g = tuple(operator.index(x) for x in grid) + (1,) * (3 - n)
    except TypeError:
        raise ValueError(f"grid {tuple(grid)} has a dimension that is not "
                         "an integer") from None
    if min(g) < 0 or max(g) >= 1 << 32:
        raise ValueError(f"grid {tuple(grid)} has a dimension out of range "
                         "(0 to 2**32 - 1)")
    return g


class JITFunction:
    """A kernel compiled and launched by tilec: `kernel[grid](*args)`.

    Made by tilec.jit from a plain function (decorated @tilec.jit or
    @triton.jit in its file), a triton.jit function, or one wrapped by
    triton.autotune / triton.heuristics (autotune.py handles those)."""

    _tilec_jit = True

    def __init__(self, fn, do_not_specialize=None,
                 do_not_specialize_on_alignment=None, debug=None,
                 include_dirs=None):
        self._origin = fn
        self.fn = python_function(fn)
        # `tilec -I`: part of every compile's options and cache key.
        self.include_dirs = tuple(os.path.abspath(os.fspath(d))
                                  for d in include_dirs or ())
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
        self._option_params = _OPTIONS.intersection(self.arg_names)
        self.debug = debug
        self.__name__ = self.fn.__name__
        self.__doc__ = self.fn.__doc__
        self.__module__ = self.fn.__module__
        self.__globals__ = self.fn.__globals__
        self._source = None
        # (specialization key) -> CompiledKernel
        self.cache = {}
        # (specialization key) -> the CompilationError it raised: a compile
        # is deterministic, and an autotuner asks again for each new key
        # (Triton's caches the kernel whose _init_handles refuses it).
        self._failures = {}
        # The fast path: launch.py's key -> the entry of a loaded kernel,
        # and the generated binder, made at the first launch.
        self.fast_cache = {}
        self._binder = None
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
        return functools.partial(self._binder or self._make_binder(), grid)

    def launch(self, grid, *args, **kwargs):
        """kernel[grid](*args, **kwargs)."""
        return (self._binder or self._make_binder())(grid, *args, **kwargs)

    def _bind_fail(self, extra, kwargs, values):
        """The error of a launch's arguments that do not bind, as bind()
        words it: the binder found too many or a missing one."""
        n = len(self.params)
        if extra:
            raise ArgumentError(f"{self.__name__}() takes {n} arguments but "
                                f"{n + len(extra)} were given")
        for p, v in zip(self.params, values):
            if v is _launch.MISSING:
                raise ArgumentError(f"{self.__name__}() is missing the "
                                    f"argument '{p.name}'")
        raise AssertionError("the binder found no binding error")

    def _make_binder(self):
        """launch.py's binder for this kernel; the general path for a
        kernel whose parameter names a binder cannot take."""
        with self._lock:
            if self._binder is None:
                if _launch.can_bind(self.params):
                    get_device, get_stream = stream_functions()
                    self._binder = _launch.make_binder(
                        self, self.params, _launch.tensor_class(), get_device,
                        get_stream, self.fast_cache, self._miss,
                        self._classify, self._constexpr_key, _grid3,
                        _lib.packet_failed, self._bind_fail)
                else:
                    self._binder = self._general_launch
        return self._binder

    def _general_launch(self, grid, *args, **kwargs):
        options, values = self.bind(args, kwargs)
        device = stream_functions()[0]()
        meta = dict(zip(self.arg_names, values))
        return self._launch_values(device, grid, meta, options, values)[0]

    def _classify(self, value, index):
        """(key, runtime value) of an argument the binder does not test
        inline: its signature entry is its key. A tuple's runtime value is
        the tuple of its leaves' values, which the packet flattens."""
        p = self.params[index]
        if isinstance(value, tuple):
            entry, leaves = _spec.specialize_tuple(
                value, p.name, lambda n, t: _check_tensor(self.__name__, n, t))
            return entry, tuple(leaves)
        entry, kind = self._specialize_one(p, value)
        if kind == _spec.POINTER:
            _check_tensor(self.__name__, p.name, value)
            return entry, value.data_ptr()
        if kind == _spec.INT:
            return entry, int(value)
        if kind == _spec.FLOAT:
            return entry, float(value)
        if kind == _spec.TENSORDESC:
            _check_descriptor(self.__name__, p.name, value)
            return entry, value
        return entry, None

    def _constexpr_key(self, value, index):
        """The key of a constexpr's value that is not an int: its entry
        (True, 0.5, None and tl.float16 differ from 1, 0, ...)."""
        return ("constexpr",
                _spec.constexpr_text(value, self.params[index].name))

    def _miss(self, key, device, grid, meta, kwargs, values):
        """A launch whose key the fast path has not seen: the general
        path's checks, specialization and compile, then the key's entry,
        then the launch. `kwargs`: the keywords that are no parameter."""
        for name in kwargs:
            if name not in _OPTIONS:
                raise ArgumentError(f"{self.__name__}() got an unexpected "
                                    f"keyword argument '{name}'")
        options = {k: v for k, v in kwargs.items() if v is not None}
        kernel, entry = self._launch_values(device, grid, meta, options,
                                            list(meta.values()), values)
        self.fast_cache[key] = entry
        return kernel

    # -- binding and specialization ---------------------------------------

    def bind(self, args, kwargs):
        """The launch options and every parameter's value, as Python binds
        them: a wrong count or an unknown keyword is a TypeError."""
        # An option that is also a parameter's name (a constexpr
        # `num_stages` passed on to tl.range) binds the parameter and sets
        # the option, as in Triton.
        options = ({k: kwargs[k] if k in self._option_params
                    else kwargs.pop(k) for k in _OPTIONS.intersection(kwargs)}
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

    @staticmethod
    def _specialize_one(p, value):
        """(entry, kind) of a value for parameter `p`, its annotated type
        first."""
        if p.annotation_type:
            r = _spec.annotated(value, p.name, p.annotation_type, p.specialize,
                                p.align)
            if r is not None:
                return r
        return _spec.specialize(value, p.name, p.specialize, p.align)

    def specialize(self, values):
        """(signature entries, runtime argument values, the indices among
        the parameters that are not constexprs of those passed at run time,
        `(index,)` for a tuple whose leaves are passed) of a launch. A dtype bound to a constexpr is no signature entry (the
        signature takes no dtype) but a define, kept as the entry
        `NAME=tl.float16`."""
        entries = []
        runtime = []
        keep = []
        index = -1
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
                # The binder's value of a tuple is its leaves' runtime
                # values (_classify): `(index,)` makes the packet flatten it.
                index += 1
                keep.append((index,))
                continue
            entry, kind = self._specialize_one(p, v)
            entries.append(entry)
            index += 1
            if kind is None:
                continue
            keep.append(index)
            if kind == _spec.POINTER:
                _check_tensor(self.__name__, p.name, v)
                runtime.append(v.data_ptr())
            elif kind == _spec.TENSORDESC:
                _check_descriptor(self.__name__, p.name, v)
                runtime.append(v)
            elif kind == _spec.INT:
                runtime.append(int(v))
            else:
                runtime.append(float(v))
        return entries, runtime, keep

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
        libdevice = _extern_libdevice(self.__name__,
                                      options.get("extern_libs"))
        key = (tuple(entries), num_warps, num_stages, arch, bool(debug),
               fp_fusion, libdevice)
        kernel = self.cache.get(key)
        if kernel is not None:
            return kernel
        with self._lock:
            kernel = self.cache.get(key)
            if kernel is not None:
                return kernel
            failure = self._failures.get(key)
            if failure is not None:
                raise copy.copy(failure)
            defines = [tuple(e.split("=", 1)) for e in entries
                       if _is_define(e)]
            signature = ", ".join(e for e in entries if not _is_define(e))
            src = self.source
            opts = _lib.Options(self.__name__, signature, num_warps=num_warps,
                                num_stages=num_stages, arch=arch, debug=debug,
                                defines=defines, fp_fusion=fp_fusion,
                                modules=src.compiler_modules(),
                                globals_=src.globals,
                                include_dirs=self.include_dirs)
            try:
                with _lib.libdevice(libdevice):
                    compiled = _lib.compile(src.text, src.filename, opts)
            except CompilationError as e:
                self._failures[key] = copy.copy(e)  # without its traceback
                raise
            kernel = CompiledKernel(self, signature, opts, compiled)
            kernel._libdevice = libdevice
            kernel._set_checks({p.name: e for p, e in zip(self.params,
                                                          entries)})
            self.cache[key] = kernel
        return kernel

    def warmup(self, *args, grid=None, **kwargs):
        """Compiles for these arguments without launching (no GPU needed);
        returns the CompiledKernel."""
        options, values = self.bind(args, dict(kwargs))
        entries, _, _ = self.specialize(values)
        return self.compile(entries, options)

    # -- launching ----------------------------------------------------------

    def run(self, *args, grid, warmup=False, **kwargs):
        """Triton's JITFunction.run: what kernel[grid](...), autotuners and
        heuristics call."""
        if warmup:
            options, values = self.bind(args, kwargs)
            entries, _, _ = self.specialize(values)
            return self.compile(entries, options)
        return self.launch(grid, *args, **kwargs)

    def _launch_values(self, device, grid, meta, options, values,
                       binder_values=None):
        """The general launch on `device`: specializes `values` (every
        check), compiles, loads, launches. Returns the CompiledKernel and
        the fast path's entry for `binder_values` (one per parameter that
        is not a constexpr; the runtime values when None)."""
        entries, runtime, keep = self.specialize(values)
        g = _grid3(grid, meta, options)
        kernel = self.compile(entries, options, device)
        if binder_values is None:
            entry = kernel.entry(device, range(len(runtime)), len(runtime))
            binder_values = runtime
        else:
            entry = kernel.entry(device, keep, len(binder_values))
        if g[0] and g[1] and g[2]:
            pack, call, handle, count, _ = entry
            _lib.launch_with(call, pack(handle, count, g[0], g[1], g[2],
                                        stream_functions()[1](device),
                                        *binder_values))
        return kernel, entry


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


def _extern_libdevice(kernel, extern_libs):
    """The libdevice file of Triton's `extern_libs` option ({'libdevice':
    path}, or its items), None when it names none; tilec links libdevice
    and no other library."""
    if not extern_libs:
        return None
    items = (extern_libs.items() if isinstance(extern_libs, dict)
             else extern_libs)
    try:
        libs = {name: path for name, path in items}
    except (TypeError, ValueError):
        raise ArgumentError(f"launch of '{kernel}': extern_libs must map "
                            "library names to paths, got "
                            f"{extern_libs!r}") from None
    for name in libs:
        if name != "libdevice":
            raise ArgumentError(f"launch of '{kernel}': extern_libs names "
                                f"'{name}'; tilec links libdevice only")
    path = libs.get("libdevice")
    if not path:
        return None
    path = os.path.abspath(os.fspath(path))
    if not os.path.isfile(path):
        raise ArgumentError(f"launch of '{kernel}': extern_libs names "
                            f"libdevice at '{path}', which is not a file")
    return path


def _check_descriptor(kernel, name, desc):
    """A tensor descriptor's base must be on the GPU, and its padding the
    zeros TMA fills out-of-bounds elements with."""
    padding = getattr(desc, "padding", "zero")
    if padding not in ("zero", None):
        raise ArgumentError(f"launch of '{kernel}': argument '{name}' is a "
                            f"tensor descriptor with padding {padding!r}; "
                            "tilec pads with zeros only")
    _check_tensor(kernel, name, desc.base)


def _check_tensor(kernel, name, value):
    """A tensor argument must live on a GPU: raised before the launch."""
    device = getattr(value, "device", None)
    if device is None:
        return
    if getattr(device, "type", "cuda") != "cuda":
        raise ArgumentError(f"launch of '{kernel}': argument '{name}' is a "
                            f"tensor on {device}, not on a CUDA device")
