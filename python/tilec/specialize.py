"""Triton 3.6's specialization of launch arguments, as tilec's signature.

For each argument of a launch, Triton's JIT computes a type and a
specialization key (python/src/specialize.cc in Triton 3.6):

- an int equal to 1 becomes a constexpr 1 (unless the parameter is in
  `do_not_specialize`); other ints are i32 when they fit, else i64, else u64,
  keyed "D" when divisible by 16 (unless `do_not_specialize` or
  `do_not_specialize_on_alignment`);
- a bool is u1, a float fp32, None a constexpr None;
- a tensor (anything with `data_ptr()`) is a pointer to its dtype, keyed "D"
  when its address is a multiple of 16 (same exceptions);
- a host-side tensor descriptor (triton.tools.tensor_descriptor's
  TensorDescriptor: base tensor, shape, strides, block_shape) is
  `tensordesc<DTYPE[BLOCK]>`, its base's dtype and its block shape, with no
  key.

A tuple argument (a tuple, a torch.Size, a namedtuple; Triton 3.x) is
specialized leaf by leaf, always with specialization and alignment on
(Triton ignores `do_not_specialize` inside tuples); its signature entry is
the leaves' entries in parentheses, nested as the tuple is, and the launch
passes its non-constexpr leaves in order (specialize_tuple).

tilec's signature (the `-s` of the command line, Triton's AOT form) spells
these as `i32:16`, `*fp16:16`, and an int equal to 1 as `i32:1` (the value
is the constant 1 in the kernel, and still passed, as tilec keeps it in the
ABI). A constexpr parameter takes its value as a bare entry.

A parameter annotated with a scalar type (`v: tl.int8`, `x: float`, a
dtype object set in `__annotations__`, a string "tl.float16") takes that
type whatever the Python value, as Triton's KernelParam.annotation_type
does: an int keeps its `:16` key (not `:1`), a float or bool gets none,
and the launch converts the value (range-checked for ints).
"""

import inspect

# torch dtype names (str(dtype) without "torch.") to signature types.
_TORCH_DTYPES = {
    "float16": "fp16", "half": "fp16", "bfloat16": "bf16",
    "float32": "fp32", "float": "fp32", "float64": "fp64", "double": "fp64",
    "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
    "bool": "i1", "float8_e4m3fn": "fp8e4nv", "float8_e5m2": "fp8e5",
    # AMD's fp8 formats: the compiler refuses them as Triton does on
    # NVIDIA ("not supported in this architecture").
    "float8_e4m3fnuz": "fp8e4b8", "float8_e5m2fnuz": "fp8e5b16",
}

# Kinds of runtime arguments, as the launch packs them.
POINTER = "P"
INT = "I"
FLOAT = "F"
TENSORDESC = "D"

# Annotation spellings (after "tl." and "_t" are dropped, as Triton drops
# them) to signature types: Triton's canonical names, with its "u1" for
# bool as tilec's "i1".
_ANNOTATION_TYPES = {
    "bool": "i1", "int1": "i1", "uint1": "i1", "i1": "i1", "u1": "i1",
    "half": "fp16", "float16": "fp16", "fp16": "fp16",
    "bfloat16": "bf16", "bf16": "bf16",
    "float": "fp32", "float32": "fp32", "fp32": "fp32",
    "double": "fp64", "float64": "fp64", "fp64": "fp64",
    "int8": "i8", "i8": "i8", "int16": "i16", "i16": "i16",
    "int": "i32", "int32": "i32", "i32": "i32",
    "int64": "i64", "i64": "i64",
    "uint8": "u8", "u8": "u8", "uint16": "u16", "u16": "u16",
    "uint32": "u32", "u32": "u32", "uint64": "u64", "u64": "u64",
}

_I32_MIN, _I32_MAX = -(1 << 31), (1 << 31) - 1
_I64_MIN, _I64_MAX = -(1 << 63), (1 << 63) - 1
_U64_MAX = (1 << 64) - 1


def dtype_name(dtype):
    """The signature type of a tensor dtype: torch.float16 -> "fp16"."""
    text = str(dtype)
    if text.startswith("torch."):
        text = text[6:]
    name = _TORCH_DTYPES.get(text)
    if name is None:
        # triton.language dtypes and tilec.language's stand-ins.
        name = getattr(dtype, "name", None) or text
        name = {"float16": "fp16", "bfloat16": "bf16", "float32": "fp32",
                "float64": "fp64", "int1": "i1", "float8e4nv": "fp8e4nv",
                "float8e5": "fp8e5", "float8e4b15": "fp8e4b15",
                "float8e4b8": "fp8e4b8",
                "float8e5b16": "fp8e5b16"}.get(name, name)
        # fp8e4b15 has no torch dtype: only Triton's (triton.reinterpret).
        if name not in _TORCH_DTYPES.values() and name != "fp8e4b15":
            raise TypeError(f"tensors of dtype {dtype} cannot be passed to "
                            "tilec kernels")
    return name


def annotation_type(annotation):
    """The scalar signature type a parameter annotation forces ("fp16" for
    tl.float16 or "tl.float16", "i32" for int), or None: no annotation, a
    constexpr, a pointer or tensor type, anything else."""
    if annotation is None or annotation is inspect.Parameter.empty:
        return None
    if isinstance(annotation, str):
        text = annotation.strip()
        if text.startswith("tl."):
            text = text[3:]
    elif isinstance(annotation, type):
        text = annotation.__name__
    elif _is_dtype(annotation) or hasattr(annotation, "primitive_bitwidth"):
        text = getattr(annotation, "name", None) or str(annotation)
    else:
        return None
    return _ANNOTATION_TYPES.get(text.replace("_t", ""))


def annotated(value, name, ty, specialize_value=True, align=True):
    """(signature entry, kind) of a Python number passed to a parameter
    annotated with scalar type `ty`; None for other values, which
    specialize as usual."""
    if not isinstance(value, (bool, int, float)):
        return None
    if ty.startswith("fp") or ty.startswith("bf"):
        return ty, FLOAT
    if isinstance(value, float):
        raise TypeError(f"argument '{name}' is annotated {ty} but is the "
                        f"float {value!r}")
    # Triton keeps an annotated int's divisibility by 16 (not for bool);
    # its key for a value equal to 1 is no string, which its compiler
    # ignores: the value stays a runtime argument.
    if ty == "i1" or isinstance(value, bool):
        return ty, INT
    if specialize_value and align and value % 16 == 0:
        return ty + ":16", INT
    return ty, INT


def int_type(value):
    """i32, i64 or u64, as Triton types a Python int."""
    if _I32_MIN <= value <= _I32_MAX:
        return "i32"
    if _I64_MIN <= value <= _I64_MAX:
        return "i64"
    if 0 <= value <= _U64_MAX:
        return "u64"
    raise OverflowError("integer to be specialized too large to represent")


def constexpr_text(value, name):
    """A constexpr parameter's value as a bare signature entry."""
    value = getattr(value, "value", value) if _is_constexpr(value) else value
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if _is_dtype(value):
        return "tl." + _dtype_attr(value)
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, (tuple, list)):
        # Tuples, lists and torch.Size (a tuple): Triton's constexpr tuple.
        items = [constexpr_text(v, name) for v in value]
        return "(" + ",".join(items) + ("," if len(items) == 1 else "") + ")"
    raise TypeError(f"constexpr argument '{name}' must be an int, a float, a "
                    "bool, None, a str, a dtype or a tuple of these, got "
                    f"{type(value).__name__}")


def is_tensor_descriptor(value):
    """Triton's host-side TensorDescriptor, or an object of that name with
    its fields."""
    return (type(value).__name__ == "TensorDescriptor"
            and hasattr(value, "base") and hasattr(value, "block_shape"))


def _is_constexpr(value):
    return type(value).__name__ == "constexpr" and hasattr(value, "value")


def _is_dtype(value):
    t = type(value)
    return t.__name__ == "dtype" and (t.__module__.startswith("triton")
                                      or t.__module__.startswith("tilec")
                                      or t.__module__.startswith("torch"))


def _dtype_attr(value):
    """tl.float16 and the like, for a triton, tilec or torch dtype."""
    text = str(value)
    if text.startswith("torch."):
        text = text[6:]
    return {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32",
            "fp64": "float64", "i1": "int1", "fp8e4nv": "float8e4nv",
            "fp8e5": "float8e5", "half": "float16", "float": "float32",
            "double": "float64", "bool": "int1"}.get(
                getattr(value, "name", text), getattr(value, "name", text))


def specialize(value, name, specialize_value=True, align=True):
    """(signature entry, kind) of one argument of a parameter that is not a
    tl.constexpr: kind is POINTER, INT or FLOAT for a value the launch
    passes, None for a value that becomes a constexpr (None, a
    tl.constexpr)."""
    if value is None:
        return "None", None
    if isinstance(value, bool):
        return "i1", INT
    if isinstance(value, int):
        t = int_type(value)
        if specialize_value and value == 1:
            return t + ":1", INT
        if specialize_value and align and value % 16 == 0:
            return t + ":16", INT
        return t, INT
    if isinstance(value, float):
        return "fp32", FLOAT
    if is_tensor_descriptor(value):
        base = value.base
        if not hasattr(base, "data_ptr"):
            raise TypeError(f"argument '{name}' is a tensor descriptor whose "
                            "base is no tensor")
        block = [int(b) for b in value.block_shape]
        return f"tensordesc<{dtype_name(base.dtype)}{block}>", TENSORDESC
    if hasattr(value, "data_ptr"):
        entry = "*" + dtype_name(value.dtype)
        if specialize_value and align and value.data_ptr() % 16 == 0:
            entry += ":16"
        return entry, POINTER
    if _is_constexpr(value):
        return constexpr_text(value, name), None
    raise TypeError(f"argument '{name}' of type {type(value).__name__} cannot "
                    "be passed to a tilec kernel (expected a tensor, an int, "
                    "a float, a bool or None)")


def specialize_tuple(value, name, check_tensor=None):
    """(signature entry, runtime values) of a tuple argument: the entry is
    the leaves' entries in parentheses ("(*fp32:16,i32,None)"), the values
    those the launch passes for its leaves, depth first, as the kernel's
    flattened parameters take them. `check_tensor(path, tensor)` is called
    for each tensor leaf before its address is read."""
    runtime = []

    def walk(v, path):
        if isinstance(v, tuple):
            items = [walk(x, f"{path}[{i}]") for i, x in enumerate(v)]
            return "(" + ",".join(items) + ("," if len(items) == 1 else "") + ")"
        if isinstance(v, list):
            raise TypeError(f"argument '{path}' is a list: tilec kernels, as "
                            "Triton's, take tuples")
        entry, kind = specialize(v, path)
        if kind == POINTER:
            if check_tensor is not None:
                check_tensor(path, v)
            runtime.append(v.data_ptr())
        elif kind == INT:
            runtime.append(int(v))
        elif kind == FLOAT:
            runtime.append(float(v))
        return entry

    return walk(value, name), runtime
