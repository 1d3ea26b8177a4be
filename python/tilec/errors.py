"""Exceptions raised by tilec: each carries tilec's message as it prints it."""

import re


class TilecError(Exception):
    """Anything tilec refuses: a bad option, an unreadable file."""


class CompilationError(TilecError):
    """The kernel does not compile: the message is the located diagnostics
    (`k.py:5:9: error: ...`, the source line and a caret)."""


class ArgumentError(TilecError, TypeError):
    """A launch's arguments do not match the kernel: raised before anything
    reaches the GPU."""


class CompileTimeAssertionFailure(CompilationError):
    """A `tl.static_assert` of the kernel failed for this specialization
    (an autotuner skips such a config, as Triton's does)."""


class OutOfResourcesError(CompilationError):
    """The kernel needs more shared memory than a CTA can have: `required`
    and `limit` in bytes, `name` "shared memory" (Triton's OutOfResources
    fields; an autotuner skips such a config)."""

    def __init__(self, message, required=0, limit=0, name="shared memory"):
        Exception.__init__(self, message)
        self.required = required
        self.limit = limit
        self.name = name


class PtxasError(CompilationError):
    """ptxas refused the kernel's PTX (Triton's PTXASError; an autotuner
    skips such a config)."""


class CudaError(TilecError):
    """A CUDA driver call failed; `result` is its CUresult."""

    def __init__(self, message, result=0):
        # Not super(): under use_as_triton() a subclass is also Triton's
        # OutOfResources, whose __init__ takes other arguments.
        Exception.__init__(self, message)
        self.result = result


class LaunchOutOfResourcesError(CudaError):
    """The launch asked for more than the GPU has
    (CUDA_ERROR_OUT_OF_RESOURCES: registers times threads); an autotuner
    skips such a config."""

    def __init__(self, message, result=0):
        super().__init__(message, result)
        self.required = None
        self.limit = None
        self.name = "launch resources"


class DriverUnavailableError(TilecError):
    """No CUDA driver or no GPU."""


# CUresult of a launch that needs more registers (or other per-launch
# resources) than the GPU has.
CUDA_ERROR_OUT_OF_RESOURCES = 701

# The classes of the exceptions below. Under use_as_triton() (as_triton.py)
# each is replaced by a subclass that is also Triton's counterpart
# (CompilationError, CompileTimeAssertionFailure, OutOfResources,
# PTXASError), so that code written for Triton (its autotuner skips configs
# that raise the last three) catches them as it catches Triton's.
_compilation_error_class = CompilationError
_assertion_error_class = CompileTimeAssertionFailure
_out_of_resources_class = OutOfResourcesError
_ptxas_error_class = PtxasError
_launch_out_of_resources_class = LaunchOutOfResourcesError

# tilec's diagnostics (lib/Frontend/EmitBuiltins.cpp,
# lib/Conversion/TileGPUToLLVM/AllocateSharedMemory.cpp) that say which.
_ERROR = re.compile(r"^(?:.*?:\d+:\d+: )?error: (.*)$", re.M)
_SHARED = re.compile(r"needs (\d+) bytes of shared memory at offset (\d+), "
                     r"past the (\d+) bytes a CTA can have")


def compilation_error(message):
    """The exception to raise for a kernel tilec refuses: `message` is the
    located diagnostic text. Its first error decides the class: a failed
    `tl.static_assert` is a CompileTimeAssertionFailure, shared memory past
    the CTA's limit an OutOfResourcesError, a PTX that ptxas refuses a
    PtxasError, anything else a CompilationError."""
    first = _ERROR.search(message)
    text = first.group(1) if first else message
    if text.startswith("'tl.static_assert' failed"):
        return _assertion_error_class(message)
    shared = _SHARED.search(text)
    if shared:
        size, offset, limit = (int(g) for g in shared.groups())
        return _out_of_resources_class(message, size + offset, limit,
                                       "shared memory")
    if text.startswith("ptxas failed"):
        return _ptxas_error_class(message)
    return _compilation_error_class(message)


def cuda_error(message, result):
    """The exception of a failed driver call: a LaunchOutOfResourcesError
    for CUDA_ERROR_OUT_OF_RESOURCES, else a CudaError."""
    if result == CUDA_ERROR_OUT_OF_RESOURCES:
        return _launch_out_of_resources_class(message, result)
    return CudaError(message, result)
