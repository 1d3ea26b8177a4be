"""Kernels that are not plain module-level functions of their file.

tilec's frontend compiles the @jit functions at the top level of a file's
text. Python also runs kernels that are not there:

- kernels defined inside another function (a test, a factory), which
  Triton compiles from `inspect.getsource` with the enclosing function's
  locals as extra globals;
- kernels whose source was rewritten before the launch
  (`JITFunction._unsafe_update_src`, as Triton's own tests do to splice an
  expression into a template kernel).

For those, the text handed to the compiler is the file's text with each
such function *hoisted*: the top-level statement that encloses it is
blanked out, and the function's source (dedented, or as rewritten) is put
back, with `@triton.jit` above it, at its own line numbers, so that
diagnostics keep pointing at the user's lines. Only a rewritten source
longer than the original moves the lines below it.
"""

import ast
import inspect
import re
import textwrap

_DEF = re.compile(r"^\s*(async\s+)?def\s+\w+\s*\(", re.MULTILINE)


def is_nested(fn):
    """A function defined inside another function or a class body."""
    return "<locals>" in getattr(fn, "__qualname__", "")


def function_source(fn, jit_object=None):
    """The source the kernel is compiled from, starting at its `def`: a
    Triton JITFunction's `.src` (which a launch may have rewritten), else
    the function's own lines, dedented."""
    src = getattr(jit_object, "src", None)
    if isinstance(src, str) and _DEF.search(src):
        return src[_DEF.search(src).start():]
    text = textwrap.dedent("".join(inspect.getsourcelines(fn)[0]))
    match = _DEF.search(text)
    if match is None:
        raise TypeError(f"cannot find the def of '{fn.__name__}' in its "
                        "source")
    return text[match.start():]


def needs_hoisting(fn, file_lines, jit_object=None):
    """True when the file's text alone does not hold the function as
    Python runs it: nested, or rewritten since it was defined."""
    if is_nested(fn):
        return True
    src = getattr(jit_object, "src", None)
    if not isinstance(src, str):
        return False
    return function_source(fn) != function_source(fn, jit_object)


def _top_level_ranges(text):
    """[(first line, last line)] (1-based, decorators included) of every
    top-level statement of a file."""
    ranges = []
    for node in ast.parse(text).body:
        first = min([node.lineno] + [d.lineno for d in
                                     getattr(node, "decorator_list", [])])
        ranges.append((first, node.end_lineno, node))
    return ranges


def hoist(text, functions):
    """`text` with each (python function, jit object) of `functions` put at
    the top level at its own lines (see the module's docstring)."""
    lines = text.split("\n")
    ranges = _top_level_ranges(text)
    placed = []
    for fn, jit_object in functions:
        raw, start = inspect.getsourcelines(fn)
        offset = next((i for i, l in enumerate(raw) if _DEF.match(l)), 0)
        def_line = start + offset
        src_lines = function_source(fn, jit_object).rstrip("\n").split("\n")
        # The top-level statement holding it, blanked whole: the function
        # is hoisted out of it, and nothing else in it is a kernel.
        enclosing = next(((a, b) for a, b, _ in ranges if a <= start <= b),
                         (start, start + len(raw) - 1))
        for i in range(enclosing[0] - 1, enclosing[1]):
            lines[i] = ""
        # Another top-level function of the same name would shadow it.
        for a, b, node in ranges:
            if (a, b) != enclosing and getattr(node, "name", None) == \
                    fn.__name__:
                for i in range(a - 1, b):
                    lines[i] = ""
        placed.append((def_line, src_lines, enclosing[1]))
    # Bottom-up, so that inserted lines do not move the places still to
    # fill.
    for def_line, src_lines, last in sorted(placed, reverse=True):
        if def_line < 2:
            lines.insert(0, "")
            def_line, last = def_line + 1, last + 1
        lines[def_line - 2] = "@triton.jit"
        room = last - def_line + 1
        for i, line in enumerate(src_lines[:room]):
            lines[def_line - 1 + i] = line
        if len(src_lines) > room:
            lines[last:last] = src_lines[room:]
    return "\n".join(lines)
