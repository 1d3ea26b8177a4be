"""The launch fast path: one generated binder per kernel, one packet and one
foreign call per launch.

A launch after the first one of its specialization does, in Python, only
what the key of the specialization needs: for each argument the class
test, `data_ptr()`, `dtype` and `is_cuda` of a torch tensor, or the range,
`== 1` and `% 16` of an int, as Triton 3.6 specializes them
(specialize.py); the values of the constexpr parameters and of the launch
options; the current device. That key finds, in one dict, the loaded
kernel's entry: a struct that packs the kernel handle, the grid, the
stream and every runtime argument into one bytes object, which one call of
`tilec_kernel_launch_packet` (through ctypes, without argument conversion)
launches. Everything else (binding errors, the checks of every argument,
compiling, loading) happens in JITFunction's general path, the first time a
key is seen, which also makes the key's entry; a key is made only of what
decides the specialization, so a cached entry is the one the general path
would have chosen.

The binder is Python source generated from the kernel's signature
(`make_binder`), so that the arguments are bound by the interpreter itself
and each parameter's test is inlined: no per-argument function call, loop
or dict on the hot path.
"""

import inspect
import keyword
import struct

from . import _lib
from . import specialize as _spec

# The launch options a call may pass beside the kernel's arguments.
OPTIONS = ("num_warps", "num_stages", "num_ctas", "maxnreg",
           "enable_fp_fusion", "debug", "launch_cooperative_grid",
           "launch_pdl", "arch", "extern_libs")

# The packet header of tilec.h: kernel, number of slots, grid x, y, z,
# 4 bytes of padding, stream.
HEADER = "<QQIII4xQ"

_I32_MIN, _I32_MAX = -(1 << 31), (1 << 31) - 1


def int_range_code(value):
    """The part of an int's key that says its type beyond i32: 2 for i64,
    4 for u64 (OverflowError past u64, as Triton)."""
    t = _spec.int_type(value)
    return 2 if t == "i64" else 4 if t == "u64" else 0


def tensor_class():
    """The class whose instances the binder treats inline as tensors:
    torch.Tensor when torch is importable (instances of any other class
    with `data_ptr()` take the general test, per launch)."""
    try:
        import torch
    except ImportError:
        return None
    return torch.Tensor


def stream_functions():
    """(current device, current stream of a device), as the binder calls
    them: PyTorch's own C functions (what torch.cuda.current_device() and
    current_stream().cuda_stream end in, without their Python wrappers),
    after PyTorch's lazy CUDA initialization has run once; device 0 and the
    legacy default stream without PyTorch or without CUDA in it."""
    try:
        import torch
    except ImportError:
        torch = None
    if torch is None or not torch.cuda.is_available():
        return (lambda: 0), (lambda device: 0)
    torch.cuda.current_device()  # runs the lazy initialization
    get_device = getattr(torch._C, "_cuda_getDevice", None)
    get_stream = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if get_device is None:
        get_device = torch.cuda.current_device
    if get_stream is None:
        def get_stream(device):
            return torch.cuda.current_stream(device).cuda_stream
    return get_device, get_stream


class Entry:
    """One specialization loaded on one device, as the binder launches it:
    `pack(handle, count, gx, gy, gz, stream, *values)` makes the packet
    from the binder's runtime values (one per parameter that is not a
    constexpr, None where the specialization made it a constexpr, which
    `keep` leaves out; a tuple's leaves, which `(index,)` in `keep`
    flattens), and `call(packet, error_ref)` launches it and
    returns the status. A kernel with tensor descriptor parameters takes
    typed arguments (tilec_kernel_launch): its packet is the tuple of the
    same values."""

    __slots__ = ("pack", "call", "handle", "count", "kernel")

    def __init__(self, compiled, loaded, keep, num_values):
        if "tensordesc" in compiled.kinds:
            def packer(*packet):
                return packet
            self.call = _lib.typed_launcher(compiled.kinds)
        else:
            packer = struct.Struct(HEADER + compiled._format[1:]).pack
            self.call = _lib.launch_packet_raw
        if any(k.__class__ is tuple for k in keep):
            # A tuple argument: its binder value holds its leaves' values.
            keep = tuple(keep)

            def packer(h, n, gx, gy, gz, s, *values, _pack=packer):
                flat = []
                for k in keep:
                    if k.__class__ is tuple:
                        flat.extend(values[k[0]])
                    else:
                        flat.append(values[k])
                return _pack(h, n, gx, gy, gz, s, *flat)
        elif len(keep) != num_values:
            keep = tuple(keep)

            def packer(h, n, gx, gy, gz, s, *values, _pack=packer):
                return _pack(h, n, gx, gy, gz, s, *[values[i] for i in keep])
        self.pack = packer
        self.handle = loaded.handle
        self.count = len(compiled.kinds)
        self.kernel = compiled

    def as_tuple(self):
        return self.pack, self.call, self.handle, self.count, self.kernel


def _int_key(name, specialize, align):
    """The expression of an int argument's key: -1 for a value equal to 1
    (when specialized), else 1 when divisible by 16 (when aligned) plus the
    range code."""
    rng = (f"(0 if {_I32_MIN} <= {name} <= {_I32_MAX} "
           f"else _tc_int_range({name}))")
    if not specialize:
        return rng
    if not align:
        return f"(-1 if {name} == 1 else {rng})"
    return (f"(-1 if {name} == 1 else (0 if {name} & 15 else 1) + {rng})")


def can_bind(params):
    """Whether a binder can be generated: parameter names that are
    identifiers, none an option's or the binder's own."""
    for p in params:
        if (not p.name.isidentifier() or keyword.iskeyword(p.name)
                or p.name in OPTIONS or p.name.startswith("_tc_")):
            return False
    return True


def make_binder(fn, params, tensor_cls, get_device, get_stream, cache, miss,
                classify, constexpr_key, grid3, fail, bind_fail):
    """The fast launch of JITFunction `fn`: a function
    `launch(grid, *args, **kwargs)` with the kernel's own parameters (their
    defaults included), the launch options in its **kwargs.

    `cache` maps keys to Entry.as_tuple(); `miss(key, device, grid, meta,
    kwargs, values)` is called for a key not in it (`meta` the arguments by
    name, `kwargs` the other keywords given, `values` the runtime values)
    and returns what the launch returns; `classify(value, index)` gives (key, runtime value) of an
    argument the inline tests do not cover; `constexpr_key(value, index)`
    the key of a constexpr's value that is not an int; `grid3(grid,
    meta)` the three dimensions of any grid; `fail(status)` raises the
    error of a failed packet launch; `bind_fail(extra, kwargs, values)` the
    error of arguments that do not bind (too many, or one missing, where
    `values` holds MISSING)."""
    sig = []
    body = []
    key_parts = ["_tc_dev"]
    values = []
    defaults = {}
    missing = []
    for p in params:
        name = p.name
        if p.default is not inspect.Parameter.empty:
            defaults[f"_tc_d{p.index}"] = p.default
            sig.append(f"{name}=_tc_d{p.index}")
        else:
            # Python's own message would count the grid among the
            # arguments: the missing ones are found by this sentinel.
            sig.append(f"{name}=_tc_M")
            missing.append(f"{name} is _tc_M")
        i = p.index
        if p.is_constexpr:
            body.append(f"    _tc_k{i} = {name} if {name}.__class__ is _tc_int "
                        f"else _tc_ckey({name}, {i})")
            key_parts.append(f"_tc_k{i}")
            continue
        # Three key slots per argument, flat (a nested tuple per argument
        # would cost its allocation and hash): a tensor's dtype, alignment
        # and whether it is on the GPU; an int's code and two Nones; the
        # general test's entry and two Nones.
        if getattr(p, "annotation_type", None):
            # An annotated scalar's key depends on its annotation: the
            # general test.
            body += [
                f"    _tc_k{i}, _tc_v{i} = _tc_classify({name}, {i})",
                f"    _tc_a{i} = _tc_u{i} = None",
            ]
            key_parts += [f"_tc_k{i}", f"_tc_a{i}", f"_tc_u{i}"]
            values.append(f"_tc_v{i}")
            continue
        aligned = (f"not _tc_v{i} & 15" if p.specialize and p.align
                   else "None")
        body += [
            f"    _tc_c = {name}.__class__",
            "    if _tc_c is _tc_T:",
            f"        _tc_v{i} = {name}.data_ptr()",
            f"        _tc_k{i} = {name}.dtype",
            f"        _tc_a{i} = {aligned}",
            f"        _tc_u{i} = {name}.is_cuda",
            "    elif _tc_c is _tc_int:",
            f"        _tc_v{i} = {name}",
            f"        _tc_k{i} = {_int_key(name, p.specialize, p.align)}",
            f"        _tc_a{i} = _tc_u{i} = None",
            "    else:",
            f"        _tc_k{i}, _tc_v{i} = _tc_classify({name}, {i})",
            f"        _tc_a{i} = _tc_u{i} = None",
        ]
        key_parts += [f"_tc_k{i}", f"_tc_a{i}", f"_tc_u{i}"]
        values.append(f"_tc_v{i}")
    # The launch options come in **_tc_kw, with any unknown keyword: their
    # items (in the call's order) are part of the key, and an unknown one
    # never gets an entry (the general path raises).
    key_parts.append("_tc_tuple(_tc_kw.items()) if _tc_kw else None")
    meta = ", ".join(f"{p.name!r}: {p.name}" for p in params)
    vals = ", ".join(values)
    vals_tuple = f"({vals},)" if values else "()"
    fn_name = fn.__name__
    if not fn_name.isidentifier() or fn_name.startswith("_tc_"):
        fn_name = "launch"
    checks = " or ".join(["_tc_extra"] + missing)
    all_values = ", ".join(p.name for p in params)
    # A kernel without parameters binds the empty tuple ("(,)" is no
    # Python).
    all_values = f"({all_values},)" if params else "()"
    src = [
        f"def {fn_name}(_tc_grid, /, "
        f"{', '.join(sig + ['*_tc_extra', '**_tc_kw'])}):",
        f"    if {checks}:",
        f"        _tc_bind_fail(_tc_extra, _tc_kw, {all_values})",
        *body,
        "    _tc_dev = _tc_get_device()",
        f"    _tc_key = ({', '.join(key_parts)},)",
        "    try:",
        "        _tc_e = _tc_cache.get(_tc_key)",
        "    except _tc_TypeError:",
        "        _tc_key = _tc_hashable(_tc_key)",
        "        _tc_e = _tc_cache.get(_tc_key)",
        "    if _tc_e is None:",
        f"        return _tc_miss(_tc_key, _tc_dev, _tc_grid, "
        f"{{{meta}}}, _tc_kw, {vals_tuple})",
        "    if _tc_grid.__class__ is _tc_tuple and _tc_len(_tc_grid) == 1:",
        "        _tc_gx = _tc_grid[0]",
        "        _tc_gy = _tc_gz = 1",
        "    else:",
        "        _tc_gx, _tc_gy, _tc_gz = _tc_grid3(_tc_grid, "
        f"{{{meta}}}, _tc_kw)",
        "    _tc_pk, _tc_call, _tc_h, _tc_n, _tc_kernel = _tc_e",
        "    try:",
        "        _tc_b = _tc_pk(_tc_h, _tc_n, _tc_gx, _tc_gy, _tc_gz, "
        f"_tc_get_stream(_tc_dev){', ' + vals if vals else ''})",
        "    except _tc_struct_error:",
        "        _tc_grid3((_tc_gx, _tc_gy, _tc_gz), None, None)",
        "        raise",
        "    if not (_tc_gx and _tc_gy and _tc_gz):",
        "        return _tc_kernel",
        "    try:",
        "        _tc_r = _tc_tls.ref",
        "    except _tc_AttributeError:",
        "        _tc_r = _tc_new_ref()",
        "    _tc_s = _tc_call(_tc_b, _tc_r)",
        "    if _tc_s:",
        "        _tc_fail(_tc_s)",
        "    return _tc_kernel",
    ]
    namespace = {
        "_tc_int": int, "_tc_tuple": tuple, "_tc_len": len,
        "_tc_AttributeError": AttributeError, "_tc_TypeError": TypeError,
        "_tc_hashable": hashable_key,
        "_tc_M": MISSING, "_tc_bind_fail": bind_fail,
        "_tc_T": tensor_cls if tensor_cls is not None else _NoTensor,
        "_tc_get_device": get_device, "_tc_get_stream": get_stream,
        "_tc_cache": cache, "_tc_miss": miss, "_tc_classify": classify,
        "_tc_ckey": constexpr_key, "_tc_grid3": grid3,
        "_tc_int_range": int_range_code, "_tc_struct_error": struct.error,
        "_tc_tls": _lib.error_slots, "_tc_new_ref": _lib.new_error_ref,
        "_tc_fail": fail,
        **defaults,
    }
    source = "\n".join(src) + "\n"
    exec(compile(source, f"<tilec launch of {fn.__name__}>", "exec"),
         namespace)
    launch = namespace[fn_name]
    launch.__tilec_source__ = source
    return launch


def hashable_key(key):
    """A launch key whose options hold unhashable values (`extern_libs`, a
    dict): the same key with each dict or list option made a tuple."""
    *head, options = key
    if options is None:
        return key  # unhashable for another reason: get() raises again
    return (*head, tuple((name, _hashable(value)) for name, value in options))


def _hashable(value):
    if isinstance(value, dict):
        return ("dict", tuple(sorted((k, _hashable(v))
                                     for k, v in value.items())))
    if isinstance(value, (list, tuple)):
        return ("list", tuple(_hashable(v) for v in value))
    return value


class _Missing:
    def __repr__(self):
        return "<missing>"


# The default of the binder's parameters that have none.
MISSING = _Missing()


class _NoTensor:
    """Stands for torch.Tensor where torch is not importable: no argument
    is of this class."""
