"""A stand-in for the parts of triton.language a kernel file touches when
Python imports it: `tl.constexpr` (annotations and module-level globals) and
the dtypes. Kernel bodies are never run by Python, only compiled by tilec,
so `import tilec.language as tl` lets a kernel file import where Triton is
not installed; tilec's frontend reads `tilec.language` as
`triton.language`."""


class constexpr:
    """A compile-time value: `BLOCK: tl.constexpr` or `X = tl.constexpr(4)`."""

    def __init__(self, value):
        self.value = getattr(value, "value", value)

    def __repr__(self):
        return f"constexpr[{self.value!r}]"

    def __index__(self):
        return self.value

    def __int__(self):
        return int(self.value)

    def __bool__(self):
        return bool(self.value)

    def __eq__(self, other):
        return self.value == getattr(other, "value", other)

    def __hash__(self):
        return hash(self.value)


class dtype:
    """A scalar type, named as triton.language names it."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"tl.{self.name}"

    __str__ = __repr__


int1 = dtype("int1")
int8, int16, int32, int64 = (dtype(n) for n in
                             ("int8", "int16", "int32", "int64"))
uint8, uint16, uint32, uint64 = (dtype(n) for n in
                                 ("uint8", "uint16", "uint32", "uint64"))
float16, bfloat16, float32, float64 = (dtype(n) for n in
                                       ("float16", "bfloat16", "float32",
                                        "float64"))
float8e4nv, float8e5 = dtype("float8e4nv"), dtype("float8e5")
