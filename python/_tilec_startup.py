"""Run at every start of the interpreter tilec is installed in, by the
`import _tilec_startup` line of tilec.pth (scripts/install_python.py).

With TILEC_AS_TRITON set (and not "0"), every @triton.jit kernel launches
through tilec with no edit to the script, even one that never imports
tilec: as soon as `triton.runtime.jit` has been imported, tilec.use_as_triton()
runs. Without the variable this module does nothing else, and it imports
neither tilec nor triton by itself in any case: a Python that never uses
Triton pays for one environment look-up.
"""

import os
import sys


def _use_as_triton():
    import tilec
    tilec.use_as_triton()


class _AfterTritonJit:
    """A meta path finder that finds nothing itself: it wraps the loader of
    `triton.runtime.jit`, found by the finders after it, so that tilec
    takes over Triton's JITFunction.run once the module has run."""

    NAME = "triton.runtime.jit"

    def find_spec(self, name, path, target=None):
        if name != self.NAME:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        exec_module = getattr(loader, "exec_module", None)
        if exec_module is None:
            return spec

        class Loader:
            def __getattr__(self, attr):
                return getattr(loader, attr)

            def create_module(self, s):
                return loader.create_module(s)

            def exec_module(self, module):
                exec_module(module)
                sys.meta_path[:] = [f for f in sys.meta_path
                                    if not isinstance(f, _AfterTritonJit)]
                _use_as_triton()

        spec.loader = Loader()
        return spec


def install():
    if os.environ.get("TILEC_AS_TRITON", "0") in ("", "0"):
        return
    if "triton.runtime.jit" in sys.modules:
        _use_as_triton()
    elif not any(isinstance(f, _AfterTritonJit) for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterTritonJit())


install()
