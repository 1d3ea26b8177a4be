# RUN: tilec %s -k k --list-configs | FileCheck %s
#
# `try` / `except` / `else` / `finally` and imports in the bodies of plain
# functions, run as CPython runs them: an import that finds nothing raises
# ImportError and the first handler that catches it runs; `else` runs when
# nothing was raised; `finally` runs either way.
import triton
import triton.language as tl


def has_module(name):
    try:
        # A sibling module the package does not have: ImportError.
        from .tilec_test_no_such_sibling import thing  # noqa: F401
    except ValueError:
        return -1
    except (KeyError, ImportError):
        return 0
    else:
        return 1


def with_else():
    out = []
    try:
        out.append(1)
    except ImportError:
        out.append(2)
    else:
        out.append(3)
    finally:
        out.append(4)
    return len(out) * 16


def finally_after_handler():
    n = 8
    try:
        from . import tilec_test_no_such_sibling  # noqa: F401
    except Exception:
        n = n * 2
    finally:
        n = n + 16
    return n


def import_inside():
    import math as m
    from os import environ  # noqa: F401
    return m.ceil(2.5)


@triton.autotune(
    configs=[triton.Config({'A': has_module("x"), 'B': with_else(),
                            'C': finally_after_handler(),
                            'D': import_inside()})],
    key=[])
@triton.jit
def k(x_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr,
      D: tl.constexpr):
    pass

# CHECK: 0: A=0, B=48, C=32, D=3
