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

    TritonJITFunction._tilec_original_run = TritonJITFunction.run
    TritonJITFunction.run = run
    _installed = True
