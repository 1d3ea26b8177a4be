# RUN: tilec %s -k k -s "*fp32" --split-input-file --verify-diagnostics
# torch.cuda.get_device_properties() answers what the target's reference
# card fixes; any other attribute, and a device that is not a CUDA one, is
# an unknown value, an error where a kernel needs it.
import torch
import triton
import triton.language as tl

UUID = torch.cuda.get_device_properties(0).uuid


@triton.jit
def k(x_ptr):
    # expected-error @+1 {{'UUID' is bound to the attribute 'uuid' of torch.cuda.get_device_properties(), which tilec does not know for the target}}
    tl.store(x_ptr, UUID)

# -----
import torch
import triton
import triton.language as tl

N = tl.constexpr(torch.cuda.get_device_properties("cpu").multi_processor_count)


@triton.jit
def k(x_ptr):
    # expected-error @+1 {{'N' is bound to 'torch.cuda.get_device_properties('cpu')', which names no CUDA device}}
    tl.store(x_ptr, N)
