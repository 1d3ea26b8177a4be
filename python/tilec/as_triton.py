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
    that catches Triton's errors keeps working. A failed tl.static_assert is
    also Triton's CompileTimeAssertionFailure, a PTX ptxas refuses Triton's
    PTXASError, and shared memory past the limit (at compile) or registers
    past it (at launch) Triton's OutOfResources: Triton's autotuner skips
    the configs that raise those three, and would stop at any other
    exception."""
    try:
        from triton.compiler.errors import CompilationError as TritonError
    except ImportError:  # a Triton without it: tilec's own classes stay
        return
    try:
        from triton.compiler.errors import \
            CompileTimeAssertionFailure as TritonAssertion
    except ImportError:
        TritonAssertion = TritonError
    try:
        from triton.runtime.errors import \
            OutOfResources as TritonOutOfResources
    except ImportError:
        TritonOutOfResources = None
    try:
        from triton.runtime.errors import PTXASError as TritonPtxasError
    except ImportError:
        TritonPtxasError = None

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

    class CompileTimeAssertionFailure(errors.CompileTimeAssertionFailure,
                                      CompilationError, TritonAssertion):
        pass

    _publish(errors, CompilationError, "_compilation_error_class")
    _publish(errors, CompileTimeAssertionFailure, "_assertion_error_class")
    if TritonPtxasError is not None:
        class PtxasError(errors.PtxasError, CompilationError,
                         TritonPtxasError):
            pass

        _publish(errors, PtxasError, "_ptxas_error_class")
    if TritonOutOfResources is None:
        return

    class OutOfResourcesError(errors.OutOfResourcesError, CompilationError,
                              TritonOutOfResources):
        def __init__(self, message, required=0, limit=0,
                     name="shared memory"):
            CompilationError.__init__(self, message)
            self.required = required
            self.limit = limit
            self.name = name

        def __reduce__(self):
            return (type(self), (self.error_message, self.required,
                                 self.limit, self.name))

    class LaunchOutOfResourcesError(errors.LaunchOutOfResourcesError,
                                    TritonOutOfResources):
        def __init__(self, message, result=0):
            errors.LaunchOutOfResourcesError.__init__(self, message, result)

        def __str__(self):
            return Exception.__str__(self)

        def __reduce__(self):
            return (type(self), (Exception.__str__(self), self.result))

    _publish(errors, OutOfResourcesError, "_out_of_resources_class")
    _publish(errors, LaunchOutOfResourcesError,
             "_launch_out_of_resources_class")


def _publish(errors, cls, slot):
    """Makes `cls` the class errors.py raises from `slot`, and reachable
    as tilec.errors.Triton<Name> so that pickle finds it."""
    name = "Triton" + cls.__name__
    cls.__module__ = errors.__name__
    cls.__qualname__ = name
    setattr(errors, name, cls)
    setattr(errors, slot, cls)
