# RUN: tilec %s -k k --list-configs --arch=sm_90a | FileCheck %s --check-prefix=SM90
# RUN: tilec %s -k k --list-configs --arch=sm_80 | FileCheck %s --check-prefix=SM80
# RUN: tilec %s -k k --list-configs --arch=sm_89 | FileCheck %s --check-prefix=SM89
#
# torch.cuda.get_device_properties() and get_device_name() in module-level
# Python answer from the target's reference card (docs/language.md): the
# H100 SXM for sm_90 and sm_90a, the A100 SXM4 80GB for sm_80, the L40S for
# sm_89. Any CUDA device argument names that card: none, an index,
# "cuda" / "cuda:N", torch.device(...), torch.cuda.current_device() and
# Triton's active torch device (Triton's tutorial 08 writes
# `torch.cuda.get_device_properties("cuda").multi_processor_count`).
import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


def num_sms():
    return torch.cuda.get_device_properties("cuda").multi_processor_count


props = torch.cuda.get_device_properties(torch.cuda.current_device())
SAME = (torch.cuda.get_device_properties().name ==
        torch.cuda.get_device_properties(0).name ==
        torch.cuda.get_device_properties("cuda:0").name ==
        torch.cuda.get_device_properties(torch.device("cuda")).name ==
        torch.cuda.get_device_properties(torch.device("cuda", 1)).name ==
        torch.cuda.get_device_properties(device=DEVICE).name ==
        torch.cuda.get_device_name(DEVICE))


@triton.autotune(
    configs=[triton.Config({'NUM_SM': num_sms(), 'NAME': props.name,
                            'CC': props.major * 10 + props.minor,
                            'GIB': props.total_memory // 2**30,
                            'WARP': props.warp_size, 'SAME': SAME})],
    key=[])
@triton.jit
def k(x_ptr, NUM_SM: tl.constexpr, NAME: tl.constexpr, CC: tl.constexpr,
      GIB: tl.constexpr, WARP: tl.constexpr, SAME: tl.constexpr):
    pass

# SM90: 0: NUM_SM=132, NAME="NVIDIA H100 80GB HBM3", CC=90, GIB=80, WARP=32, SAME=True
# SM80: 0: NUM_SM=108, NAME="NVIDIA A100-SXM4-80GB", CC=80, GIB=80, WARP=32, SAME=True
# SM89: 0: NUM_SM=142, NAME="NVIDIA L40S", CC=89, GIB=48, WARP=32, SAME=True
