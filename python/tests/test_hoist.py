"""Kernels defined inside functions and kernels whose source was rewritten
(Triton's `_unsafe_update_src`): compiled from the source Python runs, at
their own lines (tilec/hoist.py)."""

import os
import re

import pytest

import nested
import tilec
from conftest import FakeTensor
from tilec.source import KernelSource


def _constant(tile, value):
    return re.search(rf"arith.constant (dense<)?{value}\b", tile)


class RewrittenJIT:
    """What tilec reads of a Triton JITFunction whose `src` a test
    rewrote: `.fn` and `.src`."""

    def __init__(self, jit, old, new):
        self.fn = jit.fn
        self.src = KernelSource(jit).text.split("\n")  # whole file
        start = self.fn.__code__.co_firstlineno
        lines = []
        for line in self.src[start:]:
            if lines and line and not line.startswith(" "):
                break
            lines.append(line)
        self.src = "\n".join(lines).replace(old, new) + "\n"


def test_nested_kernel_compiles_with_its_closure():
    kernel = nested.make_kernel(64)
    k = kernel.warmup(FakeTensor(0x1000, "int32"), 5)
    tile = k.asm["tile-raw"]
    # BLOCK from the enclosing call, add_one beside it, SCALE a global.
    assert "tensor<64xi32>" in tile, tile
    assert "dense<3>" in tile or "3 : i32" in tile, tile
    # A different closure value is a different kernel.
    other = nested.make_kernel(32).warmup(FakeTensor(0x1000, "int32"), 5)
    assert "tensor<32xi32>" in other.asm["tile-raw"]


def test_nested_kernel_errors_point_at_its_lines():
    with pytest.raises(tilec.CompilationError) as info:
        nested.make_broken().warmup(FakeTensor(0x1000, "int32"))
    path = os.path.abspath(nested.__file__)
    message = str(info.value)
    # Columns count from the dedented def, as Triton's do.
    assert f"{path}:38:12: error:" in message, message
    assert "'tl.arange' range must be a power of two, got 48" in message


def test_rewritten_source_is_what_compiles():
    jit = RewrittenJIT(nested.template, "GENERATE_TEST_HERE", "x * 7 + 5")
    k = tilec.jit(jit).warmup(FakeTensor(0x1000, "int32"))
    tile = k.asm["tile-raw"]
    assert _constant(tile, 7) and _constant(tile, 5), tile
    # The unrewritten template does not compile (an undefined name).
    with pytest.raises(tilec.CompilationError, match="GENERATE_TEST_HERE"):
        nested.template.warmup(FakeTensor(0x1000, "int32"))


def test_rewritten_source_longer_than_the_original():
    jit = RewrittenJIT(nested.template, "GENERATE_TEST_HERE",
                       "(x *\n            9)")
    k = tilec.jit(jit).warmup(FakeTensor(0x1000, "int32"))
    assert _constant(k.asm["tile-raw"], 9)
    # The function below it still compiles, a line further down.
    assert nested.after_template.warmup(FakeTensor(0x1000, "int32"))
