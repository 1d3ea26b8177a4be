"""ctypes bindings of libtilec.so (include/tilec/tilec.h).

The only place that touches ctypes: every other module calls the thin
wrappers below, which turn a failed status into a Python exception carrying
tilec's message (for a kernel that does not compile, the located
diagnostics). libtilec.so is found at $TILEC_LIBRARY, beside this package
(tilec/lib/), in the build tree this package sits in (build/lib/), or on
the loader's path.
"""

import contextlib
import ctypes
import json
import os
import threading

from . import errors as _errors
from .errors import (ArgumentError, CompilationError, CudaError,
                     DriverUnavailableError, TilecError)

API_MAJOR = 1

_OK = 0
_ERROR_COMPILE = 1
_ERROR_ARGUMENT = 2
_ERROR_CUDA = 3
_ERROR_NO_DRIVER = 4

ASSEMBLE_IF_AVAILABLE = 0
ASSEMBLE_ALWAYS = 1
ASSEMBLE_NEVER = 2

NO_CACHE = 1

PARAM_POINTER = 0
PARAM_INT = 1
PARAM_FLOAT = 2
PARAM_TENSORDESC = 3

_P = ctypes.c_void_p
_S = ctypes.c_char_p


class CacheStats(ctypes.Structure):
    _fields_ = [("memory_hits", ctypes.c_uint), ("disk_hits", ctypes.c_uint),
                ("misses", ctypes.c_uint), ("corrupt_entries", ctypes.c_uint),
                ("write_failures", ctypes.c_uint)]


def _candidates():
    env = os.environ.get("TILEC_LIBRARY")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(here, "lib", "libtilec.so")
    # python/tilec in a checkout: the build tree beside python/.
    root = os.path.dirname(os.path.dirname(here))
    yield os.path.join(root, "build", "lib", "libtilec.so")
    yield "libtilec.so.1"
    yield "libtilec.so"


def _load():
    errors = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            errors.append(f"{path}: no such file")
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            errors.append(str(e))
    raise ImportError("cannot load libtilec.so (set TILEC_LIBRARY to its "
                      "path): " + "; ".join(errors))


def _declare(lib):
    def fn(name, restype, *argtypes):
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = list(argtypes)
        return f

    E = ctypes.POINTER(_P)
    i, u, sz, i64 = ctypes.c_int, ctypes.c_uint, ctypes.c_size_t, ctypes.c_int64
    fn("tilec_api_version", i)
    fn("tilec_compiler_version", _S)
    fn("tilec_free", None, _P)
    fn("tilec_error_status", i, _P)
    fn("tilec_error_message", _S, _P)
    fn("tilec_error_cuda_result", i, _P)
    fn("tilec_error_free", None, _P)
    fn("tilec_options_create", _P)
    fn("tilec_options_free", None, _P)
    fn("tilec_options_set_kernel", None, _P, _S)
    fn("tilec_options_set_signature", None, _P, _S)
    fn("tilec_options_add_define", None, _P, _S, _S)
    fn("tilec_options_set_num_warps", None, _P, i)
    fn("tilec_options_set_num_stages", None, _P, i)
    fn("tilec_options_set_arch", None, _P, _S)
    fn("tilec_options_set_opt_level", None, _P, i)
    fn("tilec_options_set_fp_fusion", None, _P, i)
    fn("tilec_options_set_debug", None, _P, i)
    fn("tilec_options_set_assemble", None, _P, i)
    fn("tilec_compile", i, _S, ctypes.c_ssize_t, _S, _P, u,
       ctypes.POINTER(_P), E)
    fn("tilec_compiled_free", None, _P)
    fn("tilec_compiled_ptx", _P, _P, ctypes.POINTER(sz))
    fn("tilec_compiled_cubin", _P, _P, ctypes.POINTER(sz))
    fn("tilec_compiled_metadata_json", _P, _P)
    fn("tilec_emit", i, _S, ctypes.c_ssize_t, _S, _P, _S,
       ctypes.POINTER(_P), E)
    fn("tilec_cache_get_stats", None, ctypes.POINTER(CacheStats))
    fn("tilec_cache_directory", _P)
    fn("tilec_cache_clear_memory", None)
    fn("tilec_device_count", i, ctypes.POINTER(i), E)
    fn("tilec_device_get", i, i, ctypes.POINTER(_P), E)
    fn("tilec_device_free", None, _P)
    fn("tilec_device_compute_capability", i, _P)
    fn("tilec_device_arch", _S, _P)
    fn("tilec_kernel_load", i, _P, _P, ctypes.POINTER(_P), E)
    fn("tilec_kernel_free", None, _P)
    fn("tilec_kernel_launch_slots", i, _P, u, u, u, _P, _S, sz, E)
    if hasattr(lib, "tilec_kernel_launch_packet"):
        fn("tilec_options_add_include_dir", None, _P, _S)
    if hasattr(lib, "tilec_options_add_module"):
        fn("tilec_options_add_module", None, _P, _S, _S, ctypes.c_char_p,
           ctypes.c_ssize_t)
        fn("tilec_options_set_global", None, _P, _S, _S, _S)


lib, path = _load()
_declare(lib)
if lib.tilec_api_version() // 1000 != API_MAJOR:
    raise ImportError(f"{path} implements tilec C API "
                      f"{lib.tilec_api_version()}, this package needs major "
                      f"version {API_MAJOR}")
if not hasattr(lib, "tilec_kernel_launch_packet"):
    raise ImportError(f"{path} implements tilec C API "
                      f"{lib.tilec_api_version() / 1000:.3f}, this package "
                      "needs 1.1 (tilec_kernel_launch_packet)")


def _take_string(ptr):
    """A `char *` from the library, as str, freed."""
    if not ptr:
        return ""
    try:
        return ctypes.string_at(ptr).decode("utf-8", "replace")
    finally:
        lib.tilec_free(ptr)


def raise_for(status, err):
    """Raises the exception for a failed call's status and tilec_error."""
    message = "tilec error"
    cuda_result = 0
    if err:
        message = lib.tilec_error_message(err).decode("utf-8", "replace")
        cuda_result = lib.tilec_error_cuda_result(err)
        lib.tilec_error_free(err)
    if status == _ERROR_COMPILE:
        raise _errors.compilation_error(message)
    if status == _ERROR_ARGUMENT:
        raise ArgumentError(message)
    if status == _ERROR_CUDA:
        raise _errors.cuda_error(message, cuda_result)
    if status == _ERROR_NO_DRIVER:
        raise DriverUnavailableError(message)
    raise TilecError(message)


def _call(f, *args):
    err = _P()
    status = f(*args, ctypes.byref(err))
    if status != _OK:
        raise_for(status, err.value)


def compiler_version():
    return lib.tilec_compiler_version().decode()


class Options:
    """A tilec_options handle, filled from keyword arguments."""

    def __init__(self, kernel, signature, num_warps=4, num_stages=3,
                 arch="sm_90a", defines=(), debug=False, fp_fusion=True,
                 assemble=ASSEMBLE_IF_AVAILABLE, modules=(), globals_=(),
                 include_dirs=()):
        self.handle = lib.tilec_options_create()
        lib.tilec_options_set_kernel(self.handle, kernel.encode())
        lib.tilec_options_set_signature(self.handle, signature.encode())
        lib.tilec_options_set_num_warps(self.handle, int(num_warps))
        lib.tilec_options_set_num_stages(self.handle, int(num_stages))
        lib.tilec_options_set_arch(self.handle, arch.encode())
        lib.tilec_options_set_debug(self.handle, 1 if debug else 0)
        lib.tilec_options_set_fp_fusion(self.handle, 1 if fp_fusion else 0)
        lib.tilec_options_set_assemble(self.handle, assemble)
        for name, value in defines:
            lib.tilec_options_add_define(self.handle, name.encode(),
                                         value.encode())
        if (modules or globals_) and not hasattr(lib,
                                                 "tilec_options_add_module"):
            raise TilecError(f"{path} predates helpers from other modules")
        for name, filename, text in modules:
            data = text.encode()
            lib.tilec_options_add_module(self.handle, name.encode(),
                                         filename.encode(), data, len(data))
        for directory in include_dirs:
            lib.tilec_options_add_include_dir(self.handle,
                                              os.fsencode(directory))
        for module, name, value in globals_:
            lib.tilec_options_set_global(self.handle, module.encode(),
                                         name.encode(), value.encode())

    def __del__(self):
        if getattr(self, "handle", None):
            lib.tilec_options_free(self.handle)
            self.handle = None


class Compiled:
    """A tilec_compiled handle: PTX, cubin and metadata."""

    def __init__(self, handle):
        self.handle = handle
        size = ctypes.c_size_t()
        ptx = lib.tilec_compiled_ptx(handle, ctypes.byref(size))
        self.ptx = ctypes.string_at(ptx, size.value).decode()
        cubin = lib.tilec_compiled_cubin(handle, ctypes.byref(size))
        self.cubin = ctypes.string_at(cubin, size.value) if cubin else b""
        self.metadata = json.loads(
            _take_string(lib.tilec_compiled_metadata_json(handle)))

    def __del__(self):
        if getattr(self, "handle", None):
            lib.tilec_compiled_free(self.handle)
            self.handle = None


# A launch's `extern_libs={'libdevice': path}` (Triton's option) makes the
# compiles of that launch link the libdevice at `path`. The library reads
# $TILEC_LIBDEVICE at each compile (and keys its cache on the file), so the
# variable is set around those compiles; once any was, every compile holds
# this lock, so that none sees another's setting.
_libdevice_lock = threading.RLock()
_libdevice_overridden = False


@contextlib.contextmanager
def libdevice(path):
    """Compiles and emits in this block link the libdevice at `path` (None:
    the one the library finds itself, $TILEC_LIBDEVICE or the toolkit's)."""
    global _libdevice_overridden
    if path is None and not _libdevice_overridden:
        yield
        return
    with _libdevice_lock:
        if path is None:
            yield
            return
        _libdevice_overridden = True
        old = os.environ.get("TILEC_LIBDEVICE")
        os.environ["TILEC_LIBDEVICE"] = path
        try:
            yield
        finally:
            if old is None:
                del os.environ["TILEC_LIBDEVICE"]
            else:
                os.environ["TILEC_LIBDEVICE"] = old


def compile(source, filename, options, no_cache=False):
    data = source.encode()
    out = _P()
    _call(lib.tilec_compile, data, len(data), filename.encode(),
          options.handle, NO_CACHE if no_cache else 0, ctypes.byref(out))
    return Compiled(out.value)


def emit(source, filename, options, level):
    data = source.encode()
    out = _P()
    _call(lib.tilec_emit, data, len(data), filename.encode(), options.handle,
          level.encode(), ctypes.byref(out))
    return _take_string(out.value)


def cache_stats():
    s = CacheStats()
    lib.tilec_cache_get_stats(ctypes.byref(s))
    return {name: getattr(s, name) for name, _ in CacheStats._fields_}


def cache_directory():
    return _take_string(lib.tilec_cache_directory())


def cache_clear_memory():
    lib.tilec_cache_clear_memory()


def device_count():
    n = ctypes.c_int()
    _call(lib.tilec_device_count, ctypes.byref(n))
    return n.value


class Device:
    """A tilec_device handle: a GPU's primary context."""

    def __init__(self, ordinal):
        out = _P()
        _call(lib.tilec_device_get, int(ordinal), ctypes.byref(out))
        self.handle = out.value
        self.arch = lib.tilec_device_arch(self.handle).decode()
        self.capability = lib.tilec_device_compute_capability(self.handle)

    def __del__(self):
        if getattr(self, "handle", None):
            lib.tilec_device_free(self.handle)
            self.handle = None


class Kernel:
    """A tilec_kernel handle: a compiled kernel loaded on a device."""

    def __init__(self, device, compiled):
        out = _P()
        _call(lib.tilec_kernel_load, device.handle, compiled.handle,
              ctypes.byref(out))
        self.handle = out.value
        self.device = device
        self.compiled = compiled

    def __del__(self):
        if getattr(self, "handle", None):
            lib.tilec_kernel_free(self.handle)
            self.handle = None


# tilec_kernel_launch_packet(const void *packet, tilec_error **error)
# without declared argument types: ctypes passes a bytes object as its
# buffer and a byref() as its address with no conversion, the cheapest
# foreign call it makes. Its own function object (lib[...] makes a new
# one), so the declared one above keeps its types.
launch_packet_raw = lib["tilec_kernel_launch_packet"]
launch_packet_raw.restype = ctypes.c_int

# Each thread's tilec_error * slot for the packet launch and a byref() of
# it, made once per thread (error_slots.ref): a failing launch in one
# thread never takes another's error.
error_slots = threading.local()


def new_error_ref():
    """This thread's error slot's byref(), made on its first launch."""
    slot = _P()
    error_slots.slot = slot
    error_slots.ref = ctypes.byref(slot)
    return error_slots.ref


def packet_failed(status):
    """Raises the error of this thread's failed packet launch."""
    slot = error_slots.slot
    err = slot.value
    slot.value = None
    raise_for(status, err)


def launch_with(call, packet):
    """Launches `packet` with `call` (launch.Entry's), raising its error."""
    try:
        ref = error_slots.ref
    except AttributeError:
        ref = new_error_ref()
    status = call(packet, ref)
    if status:
        packet_failed(status)


class TensorDesc(ctypes.Structure):
    _fields_ = [("base", ctypes.c_uint64), ("rank", ctypes.c_int),
                ("shape", ctypes.c_int64 * 5),
                ("strides", ctypes.c_int64 * 5)]


class _ArgValue(ctypes.Union):
    _fields_ = [("pointer", ctypes.c_uint64), ("integer", ctypes.c_int64),
                ("floating", ctypes.c_double),
                ("tensordesc", ctypes.POINTER(TensorDesc))]


class Arg(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("value", _ArgValue)]


lib.tilec_kernel_launch.restype = ctypes.c_int
lib.tilec_kernel_launch.argtypes = [
    _P, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, _P, ctypes.POINTER(Arg),
    ctypes.c_size_t, ctypes.POINTER(_P)]


def _descriptor(desc):
    """A TensorDescriptor as tilec_tensordesc: its base's address, shape and
    strides in elements (a rank past 5 is passed as such, for the library
    to refuse)."""
    d = TensorDesc()
    d.base = desc.base.data_ptr()
    shape = [int(x) for x in desc.shape]
    strides = [int(x) for x in desc.strides]
    d.rank = len(shape)
    for i, (size, stride) in enumerate(zip(shape[:5], strides[:5])):
        d.shape[i] = size
        d.strides[i] = stride
    return d


def typed_launcher(kinds):
    """A launch.Entry call for a kernel with tensor descriptor parameters:
    the packet is (handle, count, gx, gy, gz, stream, *values), launched
    with tilec_kernel_launch."""
    codes = [{"pointer": PARAM_POINTER, "int": PARAM_INT,
              "float": PARAM_FLOAT, "tensordesc": PARAM_TENSORDESC}[k]
             for k in kinds]

    def call(packet, ref):
        handle, count, gx, gy, gz, stream = packet[:6]
        values = packet[6:]
        args = (Arg * max(len(values), 1))()
        descs = []
        for i, (code, value) in enumerate(zip(codes, values)):
            args[i].kind = code
            if code == PARAM_TENSORDESC:
                descs.append(_descriptor(value))
                args[i].value.tensordesc = ctypes.pointer(descs[-1])
            elif code == PARAM_FLOAT:
                args[i].value.floating = value
            elif code == PARAM_POINTER:
                args[i].value.pointer = value
            else:
                args[i].value.integer = value
        return lib.tilec_kernel_launch(handle, gx, gy, gz, stream, args,
                                       len(values), ref)
    return call

