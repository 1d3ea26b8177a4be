# RUN: tilec %s -k measured --list-configs | FileCheck %s --check-prefix=MEASURED
# RUN: tilec %s -k pruned --list-configs | FileCheck %s --check-prefix=PRUNED
# RUN: tilec %s -k spread --list-configs | FileCheck %s --check-prefix=SPREAD
#
# The autotune arguments that change how Triton measures, not what it
# compiles, are accepted; prune_configs_by is accepted with the program's
# own functions (Triton prunes per launch; tilec compiles every config);
# `**kwargs` in the decorator is expanded.
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({'BLOCK': 64}), triton.Config({'BLOCK': 128})],
    key=['n'], reset_to_zero=['y_ptr'], restore_value=['x_ptr'], warmup=5,
    rep=20, use_cuda_graph=False, cache_results=True,
    do_bench=lambda fn, quantiles: fn())
@triton.jit
def measured(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pass

# MEASURED: # key: n
# MEASURED-NEXT: 0: BLOCK=64
# MEASURED-NEXT: 1: BLOCK=128


def prune(configs, named_args, **kwargs):
    return [c for c in configs if c.kwargs['BLOCK'] <= named_args['n']]


@triton.autotune(
    configs=[triton.Config({'BLOCK': 64}), triton.Config({'BLOCK': 128})],
    key=['n'],
    prune_configs_by={'early_config_prune': prune, 'perf_model': None,
                      'top_k': 10})
@triton.jit
def pruned(x_ptr, n, BLOCK: tl.constexpr):
    pass

# PRUNED: 0: BLOCK=64
# PRUNED-NEXT: 1: BLOCK=128

cache_kwargs = {'cache_results': True, 'warmup': 10}


@triton.autotune(configs=[triton.Config({'BLOCK': 32}, num_warps=2)],
                 key=['n'], **cache_kwargs)
@triton.jit
def spread(x_ptr, n, BLOCK: tl.constexpr):
    pass

# SPREAD: 0: BLOCK=32, num_warps=2
