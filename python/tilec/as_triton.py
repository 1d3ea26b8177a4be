"""tilec.use_as_triton(): @triton.jit launches go through tilec.

Triton's `kernel[grid](...)`, its Autotuner and its Heuristics all end in
`triton.runtime.jit.JITFunction.run(*args, grid=, warmup=, **kwargs)`;
replacing that one method routes every launch through a tilec JITFunction
made once per kernel (kept on the Triton object), with Triton's own
autotuner timing tilec's kernels. `python3 -m tilec SCRIPT ARGS...` runs a
script with the switch on.
"""

_installed = False


def install():
    global _installed
    if _installed:
        return
    from triton.runtime.jit import JITFunction as TritonJITFunction

    from .jit import JITFunction

    def run(self, *args, grid, warmup=False, **kwargs):
        kernel = self.__dict__.get("_tilec_kernel")
        if kernel is None:
            kernel = self.__dict__["_tilec_kernel"] = JITFunction(self)
        if warmup:
            return kernel.run(*args, grid=grid, warmup=True, **kwargs)
        # Straight to the fast path's binder.
        return kernel.launch(grid, *args, **kwargs)

    _make_errors_triton_errors()
    TritonJITFunction._tilec_original_run = TritonJITFunction.run
    TritonJITFunction.run = run
    _installed = True


def _make_errors_triton_errors():
    """A kernel tilec refuses raises an exception that is also Triton's
    CompilationError (and so a TritonError), with Triton's attributes: code
    that catches Triton's errors keeps working."""
    try:
        from triton.compiler.errors import CompilationError as TritonError
    except ImportError:  # a Triton without it: tilec's own class stays
        return

    from . import errors

    class CompilationError(errors.CompilationError, TritonError):
        def __init__(self, message):
            Exception.__init__(self, message)
            self.src = None
            self.node = None
            self.error_message = message

        def __str__(self):
            return self.error_message

        def __reduce__(self):
            return (type(self), (self.error_message,))

    CompilationError.__module__ = errors.__name__
    errors._compilation_error_class = CompilationError
