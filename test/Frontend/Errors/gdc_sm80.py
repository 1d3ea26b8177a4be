# RUN: tilec %s -k k -s "*fp32" --arch=sm_80 --split-input-file --verify-diagnostics
# tl.extra.cuda.gdc_wait and gdc_launch_dependents are PTX griddepcontrol,
# which sm_90 introduced (Triton requires Hopper for programmatic dependent
# launch): below sm_90 each is refused by name at the call. Other names of
# tl.extra.cuda are refused by their full name.

import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # expected-error @+1 {{'tl.extra.cuda.gdc_wait' needs compute capability 9.0 or newer; the target has 8.0}}
    tl.extra.cuda.gdc_wait()

# -----
import triton
import triton.language as tl
from triton.language.extra.cuda import gdc_launch_dependents


@triton.jit
def k(x_ptr):
    # expected-error @+1 {{'tl.extra.cuda.gdc_launch_dependents' needs compute capability 9.0 or newer; the target has 8.0}}
    gdc_launch_dependents()

# -----
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    # expected-error @+1 {{'triton.language.extra.cuda.smid' (libdevice and other extern functions) is not supported by tilec}}
    tl.extra.cuda.smid()
