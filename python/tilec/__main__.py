"""python3 -m tilec SCRIPT [ARGS...]: runs SCRIPT with every @triton.jit
launch going through tilec (tilec.use_as_triton())."""

import runpy
import sys

from . import use_as_triton

if len(sys.argv) < 2:
    sys.exit("usage: python3 -m tilec SCRIPT [ARGS...]")
use_as_triton()
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
