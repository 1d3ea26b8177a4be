# RUN: tilec %s -k k --list-configs | FileCheck %s
#
# f-strings in the code the evaluator runs (module level, decorators, plain
# functions): literal parts, `{{`/`}}`, fields with expressions, `!r`/`!s`
# and format specs (fill, alignment, sign, width, grouping, precision,
# types d x o b e f g %), next to plain strings. Kernels still refuse them
# (Errors/unsupported_python.py).
import triton
import triton.language as tl

NAME = "cuda"
N = 7


def module_str(extra):
    return f"triton.language.extra.{extra}.libdevice"


def describe(x):
    return (f"{x!r}|{x:>5}|{x:*^6}|{{lit}}|{N * 2:03d}|{-3.14159:+.2f}|"
            f"{255:#x}|{1234567:,}|{0.25:.1%}|{1.5}|{2.5:>6}|" "tail"
            f"{'a' if x else 'b'}")


S = f"{NAME.upper()}-{N}" + f'{[1, 2][0]!s}'


@triton.autotune(
    configs=[triton.Config({'A': module_str("cuda"), 'B': describe("hi"),
                            'C': S})],
    key=[])
@triton.jit
def k(x_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    pass

# CHECK: 0: A="triton.language.extra.cuda.libdevice", B="'hi'|   hi|**hi**|{lit}|014|-3.14|0xff|1,234,567|25.0%|1.5|   2.5|taila", C="CUDA-71"
