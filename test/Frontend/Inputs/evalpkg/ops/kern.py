import triton
import triton.language as tl

import evalpkg.ext as tle
from .. import utils
from ..utils import BLOCK_DEFAULT, configs, triton_tanh


@triton.autotune(configs=configs(), key=[])
@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tle.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, triton_tanh(x) + utils.triton_tanh(x))


@triton.jit
def k2(x_ptr):
    offs = tl.arange(0, BLOCK_DEFAULT)
    tl.store(x_ptr + offs, 1.0)


@triton.jit
def k_bad(x_ptr):
    tl.store(x_ptr, utils.bad_helper(1.0))
