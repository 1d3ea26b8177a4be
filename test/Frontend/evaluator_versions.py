# RUN: tilec %s -k k --list-configs | FileCheck %s
#
# How libraries ask which Triton they run on: packaging's versions and their
# comparisons (PEP 440 order: dev < pre-release < release < post-release),
# unsloth_zoo's Version (packaging's on the leading digits and dots),
# operator's comparisons, importlib.import_module, inspect.signature of
# Triton's decorators (Triton 3.6's parameters), hasattr on names tilec
# knows, the probes for devices other than NVIDIA GPUs (false) and torch's
# probe for Triton (true); torch's deterministic-algorithms switch is off
# (its default).
import importlib
import inspect
import operator

import torch
import triton
import triton.language as tl
from packaging import version as pv
from packaging.version import Version
from torch.utils._triton import has_triton
from transformers.utils import is_torch_npu_available
from unsloth_zoo.mlx import is_mlx_available
from unsloth_zoo.utils import Version as UVersion


def compare_version(package, op, target):
    try:
        pkg = importlib.import_module(package)
    except ImportError:
        return False
    return op(Version(pkg.__version__), Version(target))


ORDER = [
    Version("3.6.0.dev1") < Version("3.6.0a1") < Version("3.6.0rc2"),
    Version("3.6.0rc2") < Version("3.6") == Version("3.6.0"),
    Version("3.6.0") < Version("3.6.0.post1") < Version("3.6.1"),
    pv.parse("1!0.1") > pv.parse("3.6.0"),
    Version("3.6.0").major == 3 and Version("3.6.0").minor == 6,
    Version("2.4.0+cu121") > Version("2.4.0"),
]
# unsloth_zoo: "3.6.0+git" compares as 3.6.0.1.
UNSLOTH = [UVersion(triton.__version__) >= UVersion("3.0.0"),
           UVersion("3.6.0+git") > UVersion("3.6.0")]
SIG = "cache_results" in inspect.signature(triton.autotune).parameters
PROBES = [hasattr(torch, "cuda"), hasattr(triton, "__version__"),
          is_torch_npu_available(), is_mlx_available(), has_triton(),
          torch.are_deterministic_algorithms_enabled()]


@triton.autotune(
    configs=[triton.Config({
        'NEW': compare_version("triton", operator.ge, "3.0.0"),
        'OLD': compare_version("triton", operator.lt, "3.6.0"),
        'ORDER': all(ORDER),
        'UNSLOTH': all(UNSLOTH),
        'SIG': SIG,
        'PROBES': str(PROBES),
    })],
    key=[])
@triton.jit
def k(x_ptr, NEW: tl.constexpr, OLD: tl.constexpr, ORDER: tl.constexpr,
      UNSLOTH: tl.constexpr, SIG: tl.constexpr, PROBES: tl.constexpr):
    pass

# CHECK: 0: NEW=True, OLD=False, ORDER=True, UNSLOTH=True, SIG=True, PROBES="[True, True, False, False, True, False]"
