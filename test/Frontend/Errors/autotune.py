# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# @triton.autotune decorators tilec refuses, each at the offending token:
# hooks that run Python around the timing (refused by name), configs binding
# names that are not constexpr parameters, values and launch options out of
# range, and configs whose values tilec cannot evaluate (the decorator's
# arguments are evaluated where it is applied, as Python evaluates them).
# They are refused whenever the kernel is compiled.

import triton
import triton.language as tl


# expected-error @+1 {{'triton.autotune' argument 'pre_hook' runs Python around each timing run, which tilec cannot do}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['n'], pre_hook=None or 1)
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'triton.autotune' argument 'post_hook' runs Python around each timing run, which tilec cannot do}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['n'], post_hook=1)
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'triton.autotune' has no argument 'keys'}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64})], keys=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'triton.autotune' needs 'key'}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64})])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'triton.autotune' got two values for 'configs'}}
@triton.autotune([triton.Config({'BLOCK': 64})], ['n'], configs=[triton.Config({'BLOCK': 64})])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'triton.autotune' needs its arguments: configs=[triton.Config(...), ...], key=[...]}}
@triton.autotune
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


@triton.jit
# expected-error @+1 {{'triton.autotune' must be above the jit decorator, as Triton requires}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['n'])
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['n'])
# expected-error @+1 {{kernel 'k' has two autotune decorators}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{autotune 'key' must be a list of parameter names, e.g. key=['M', 'N']}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key='n')
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{autotune config binds 'BLOCK_Q', which is not a parameter of kernel 'k'}}
@triton.autotune(configs=[triton.Config({'BLOCK_Q': 64})], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


@triton.autotune(configs=[
    triton.Config({'BLOCK': 64}),
    # expected-error @+1 {{autotune config binds 'n', which is not a tl.constexpr parameter of kernel 'k'}}
    triton.Config({'BLOCK': 64, 'n': 3}),
], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'num_warps' must be a power of two from 1 to 32, got 3}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64}, num_warps=3)], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'num_stages' must be from 1 to 16, got 0}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64}, num_stages=0)], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# 64 warps would be 2048 threads, more than a block can have.
# expected-error @+1 {{'num_warps' must be a power of two from 1 to 32, got 64}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64}, num_warps=64)], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'num_stages' must be from 1 to 16, got 17}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64}, num_stages=17)], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{autotune 'configs' needs the undefined name 'W'}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64}, num_warps=W)], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'num_ctas' other than 1 (thread block clusters) is not supported by tilec}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64}, num_ctas=2)], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'triton.Config' argument 'maxnreg' is not supported by tilec}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64}, maxnreg=128)], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'triton.Config' argument 'pre_hook' runs Python before each launch, which tilec cannot do}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64}, pre_hook=lambda args: None)], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'triton.Config' has no argument 'num_warp'}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64}, num_warp=4)], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'triton.Config' needs its constexpr bindings: triton.Config({'BLOCK': 128}, ...)}}
@triton.autotune(configs=[triton.Config(num_warps=4)], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{autotune 'configs' must list triton.Config values, got {'BLOCK': 64}}}
@triton.autotune(configs=[{'BLOCK': 64}], key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


# expected-error @+1 {{autotune 'configs' needs the undefined name 'LATER'}}
@triton.autotune(configs=LATER, key=['n'])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


LATER = [triton.Config({'BLOCK': 64})]


# -----
import triton
import triton.language as tl


# expected-error @+1 {{'prune_configs_by' must be a dict, got [1, 2]}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['n'], prune_configs_by=[1, 2])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)


# -----
import triton
import triton.language as tl


def early(configs, named_args, **kwargs):
    return configs


# expected-error @+1 {{'prune_configs_by' has no entry 'early_prune'}}
@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['n'], prune_configs_by={'early_prune': early})
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr, n)
