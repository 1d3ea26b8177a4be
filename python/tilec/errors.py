"""Exceptions raised by tilec: each carries tilec's message as it prints it."""


class TilecError(Exception):
    """Anything tilec refuses: a bad option, an unreadable file."""


class CompilationError(TilecError):
    """The kernel does not compile: the message is the located diagnostics
    (`k.py:5:9: error: ...`, the source line and a caret)."""


class ArgumentError(TilecError, TypeError):
    """A launch's arguments do not match the kernel: raised before anything
    reaches the GPU."""


class CudaError(TilecError):
    """A CUDA driver call failed; `result` is its CUresult."""

    def __init__(self, message, result=0):
        super().__init__(message)
        self.result = result


class DriverUnavailableError(TilecError):
    """No CUDA driver or no GPU."""


# The class of the exception for a kernel that does not compile. Under
# use_as_triton() (as_triton.py) it is a subclass of both this
# CompilationError and Triton's, so that code written for Triton, which
# catches triton.CompilationError or triton.TritonError, still catches it.
_compilation_error_class = CompilationError


def compilation_error(message):
    """The exception to raise for a kernel tilec refuses: `message` is the
    located diagnostic text."""
    return _compilation_error_class(message)
