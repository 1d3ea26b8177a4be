"""tilec from Python: launch Triton-language kernels compiled by tilec.

    import tilec

    @tilec.jit                      # or tilec.jit(a_triton_jit_function)
    def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        ...

    add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)

A pure-Python package over libtilec.so (ctypes; no compiled extension), so
it runs on any Python 3. docs/python.md says what it does and how.
"""

import os

from . import _lib
from .autotune import Autotuner, Config, Heuristics, wrap as _wrap
from .errors import (ArgumentError, CompilationError,
                     CompileTimeAssertionFailure, CudaError,
                     DriverUnavailableError, LaunchOutOfResourcesError,
                     OutOfResourcesError, PtxasError, TilecError)
from .jit import CompiledKernel, JITFunction

__all__ = ["jit", "use_as_triton", "JITFunction", "CompiledKernel",
           "Autotuner", "Heuristics", "Config", "TilecError",
           "CompilationError", "CompileTimeAssertionFailure",
           "OutOfResourcesError", "PtxasError", "ArgumentError", "CudaError",
           "LaunchOutOfResourcesError", "DriverUnavailableError",
           "cache_stats", "compiler_version"]


def jit(fn=None, *, do_not_specialize=None,
        do_not_specialize_on_alignment=None, debug=None, include_dirs=None):
    """A tilec kernel from a function (as a decorator, with or without
    arguments), a triton.jit function, or one wrapped by triton.autotune /
    triton.heuristics (whose configs and heuristics it keeps).
    `include_dirs`: where the compiler searches the kernel's imports after
    the kernel's own package and before PYTHONPATH (`tilec -I`)."""
    options = {"do_not_specialize": do_not_specialize,
               "do_not_specialize_on_alignment":
                   do_not_specialize_on_alignment,
               "debug": debug, "include_dirs": include_dirs}

    def make(f):
        return _wrap(f, **options)

    return make if fn is None else make(fn)


def compiler_version():
    """The compiler libtilec.so holds (part of every cache key)."""
    return _lib.compiler_version()


def cache_stats():
    """The process's kernel cache counters: memory_hits, disk_hits, misses,
    corrupt_entries, write_failures."""
    return _lib.cache_stats()


def use_as_triton():
    """Routes every @triton.jit kernel's launch through tilec, with no edit
    to the code that launches it: Triton's JITFunction.run (which
    kernel[grid](...), Triton's autotuner and heuristics all call) hands
    the launch to a tilec JITFunction made once per kernel."""
    from .as_triton import install
    install()


if os.environ.get("TILEC_AS_TRITON", "0") not in ("", "0"):
    use_as_triton()
