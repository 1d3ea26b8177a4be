# tilec's prelude: tl.squeeze and tl.unsqueeze, written in the kernel
# language and inlined like any @jit helper (lib/Frontend/Prelude.cpp embeds
# this file).
#
# Triton defines both as reshapes that drop or insert a size-1 dimension at
# `dim`, slicing the shape tuple with `dim` as given; so are these, and a
# negative `dim` therefore behaves as in Triton (Python's slice rules, not
# expand_dims' normalization).
import triton
import triton.language as tl


@triton.jit
def squeeze(x, dim: tl.constexpr):
    tl.static_assert(x.shape[dim] == 1,
                     "squeeze: the dimension must have size 1")
    return tl.reshape(x, x.shape[:dim] + x.shape[dim + 1:])


@triton.jit
def unsqueeze(x, dim: tl.constexpr):
    return tl.reshape(x, x.shape[:dim] + (1, ) + x.shape[dim:])
