"""pytest plugin (`-p tilec_plugin`): every @triton.jit launch of the test
session goes through tilec, as `TILEC_AS_TRITON=1` does for a script.

Loaded in each pytest-xdist worker too, so Triton's own language tests run
unchanged with tilec compiling and launching their kernels."""

import tilec

tilec.use_as_triton()
