"""What only Python knows about a kernel, gathered for the compiler.

tilec's frontend reads the kernel's whole file. What Python adds:

- the file and first line of the kernel itself (inspect), so diagnostics
  point at the user's file;
- every @jit helper the kernel reaches through its globals (and theirs, in
  any module): the files of the modules they live in, handed to the
  compiler with their Python module names, so `from mylib import helper`
  and `mylib.helper(...)` resolve and errors inside a helper point at its
  own file;
- the values of the tl.constexpr globals the kernel and its helpers read,
  as Python evaluated them (`BLOCK = tl.constexpr(2 ** 7)` or a value read
  from a config), which the compiler then uses instead of evaluating the
  assignment itself.
"""

import ast
import inspect
import os
import sys
import types

from . import specialize as _spec
from .hoist import hoist, is_nested, needs_hoisting


def python_function(obj):
    """The plain function under a triton/tilec JIT function, autotuner or
    heuristics wrapper (they all keep it in `.fn`)."""
    seen = 0
    while not isinstance(obj, types.FunctionType):
        inner = getattr(obj, "fn", None)
        if inner is None or seen > 16:
            raise TypeError(f"{obj!r} is not a function or a JIT function")
        obj = inner
        seen += 1
    return obj


def _jit_object(obj):
    """The innermost Triton JITFunction around a kernel (the object whose
    `.src` Triton compiles), or None."""
    found = None
    seen = 0
    while obj is not None and not isinstance(obj, types.FunctionType) \
            and seen <= 16:
        if isinstance(getattr(type(obj), "src", None), property) or \
                isinstance(getattr(obj, "src", None), str):
            found = obj
        obj = getattr(obj, "fn", None)
        seen += 1
    return found


def is_jit_function(obj):
    """A triton.jit or tilec.jit function (not an autotuner around one)."""
    cls = type(obj)
    if cls.__name__ in ("JITFunction", "JitFunction") and hasattr(obj, "fn"):
        return True
    return getattr(obj, "_tilec_jit", False)


def _code_names(code):
    """Every global and attribute name a function's code (and the code it
    nests) refers to."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _code_names(const)
    return names


def _is_skipped_module(name):
    return (name is None or name.split(".")[0] in ("triton", "tilec", "torch",
                                                   "builtins"))


def _module_file(module_name):
    module = sys.modules.get(module_name)
    path = getattr(module, "__file__", None)
    if not path or not path.endswith(".py"):
        return None
    return os.path.abspath(path)


def _is_autotune(decorator):
    """`@triton.autotune(...)`, `@autotune(...)`, ... (by its last name)."""
    if not isinstance(decorator, ast.Call):
        return False
    func = decorator.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(
        func, "id", "")
    return name == "autotune"


def strip_autotune(text, name, line):
    """(text, line): `text` with the autotune decorators of the function
    `name` whose definition (decorators included) starts at `line` blanked
    out (lines keep their numbers), and the line its definition starts at
    then (its first remaining decorator, or its `def`). Python tunes the
    configs (Triton's autotuner, or tilec's, autotune.py) and passes each
    one's values to the compiler, which would otherwise read the decorator
    itself, as the command line does, and refuse what only Python can run
    there: a config's `pre_hook`, configs computed by calling torch."""
    if "autotune" not in text:
        return text, line
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text, line  # the compiler reports it
    lines = text.split("\n")
    changed = False
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                or node.name != name:
            continue
        first = min([d.lineno for d in node.decorator_list] + [node.lineno])
        if line not in (first, node.lineno):
            continue
        kept = [node.lineno]
        for d in node.decorator_list:
            if _is_autotune(d):
                for i in range(d.lineno - 1, d.end_lineno):
                    lines[i] = ""
                changed = True
            else:
                kept.append(d.lineno)
        if changed:
            line = min(kept)
        break
    return ("\n".join(lines) if changed else text), line


class KernelSource:
    """The kernel's file, the other modules its helpers live in, and the
    constexpr globals they read."""

    def __init__(self, fn):
        self.jit_object = _jit_object(fn)
        self.fn = python_function(fn)
        self.name = self.fn.__name__
        self.module = self.fn.__module__
        try:
            path = inspect.getsourcefile(self.fn)
            _, self.line = inspect.getsourcelines(self.fn)
        except (OSError, TypeError) as e:
            raise TypeError(f"cannot read the source of '{self.name}': {e} "
                            "(tilec compiles kernels defined in .py files)")
        self.filename = os.path.abspath(path)
        with open(self.filename, encoding="utf-8") as f:
            self.text, self.line = strip_autotune(f.read(), self.name,
                                                  self.line)
        # (function, jit object) put at the top level of the text (hoist.py).
        self.hoisted = []
        if needs_hoisting(self.fn, None, self.jit_object):
            self.hoisted.append((self.fn, self.jit_object))
        else:
            self._mark_plain_function()
        # module name -> (file, text) of every other module with helpers.
        self.modules = {}
        # (module name or "", global name, value text) of constexpr globals.
        self.globals = []
        self._collect()
        if self.hoisted:
            self.text = hoist(self.text, self.hoisted)

    def _mark_plain_function(self):
        """tilec.jit(f) of a function without a jit decorator in its file:
        the frontend compiles only @jit functions, so the text it gets has
        `@triton.jit` on the blank line above the `def` (the lines keep
        their numbers, and diagnostics their places)."""
        lines = self.text.split("\n")
        first = lines[self.line - 1].lstrip() if self.line <= len(lines) else ""
        if first.startswith("@"):
            return
        above = self.line - 2
        if above < 0 or lines[above].strip():
            raise TypeError(
                f"'{self.name}' ({self.filename}:{self.line}) has no @jit "
                "decorator and no blank line above its def for tilec to put "
                "one on; decorate it with @triton.jit or @tilec.jit")
        indent = lines[self.line - 1][:len(lines[self.line - 1]) - len(first)]
        lines[above] = indent + "@triton.jit"
        self.text = "\n".join(lines)

    def _collect(self):
        todo = [self.fn]
        visited = set()
        seen_globals = set()
        while todo:
            fn = todo.pop()
            if id(fn) in visited:
                continue
            visited.add(id(fn))
            self._collect_closure(fn, todo, seen_globals)
            g = fn.__globals__
            names = _code_names(fn.__code__)
            for name in sorted(names):
                if name not in g:
                    continue
                value = g[name]
                self._note_global(fn, name, value, seen_globals)
                if is_jit_function(value):
                    helper = python_function(value)
                    self._add_module(helper.__module__)
                    todo.append(helper)
                elif isinstance(value, types.ModuleType):
                    # `mylib.helper(...)`: the attributes the code names.
                    if _is_skipped_module(value.__name__):
                        continue
                    for attr in names:
                        member = getattr(value, attr, None)
                        if is_jit_function(member):
                            helper = python_function(member)
                            self._add_module(helper.__module__)
                            self._add_module(value.__name__)
                            todo.append(helper)
                        elif _spec._is_constexpr(member):
                            self._add_module(value.__name__)
                            self._note_global(None, attr, member,
                                              seen_globals, value.__name__)

    def _collect_closure(self, fn, todo, seen):
        """The enclosing function's locals a nested kernel reads: Triton
        sees them as globals. @jit helpers defined beside the kernel are
        hoisted with it; constexprs and dtypes become global values."""
        cells = fn.__closure__ or ()
        for name, cell in zip(fn.__code__.co_freevars, cells):
            try:
                value = cell.cell_contents
            except ValueError:
                continue
            if is_jit_function(value):
                helper = python_function(value)
                if is_nested(helper) and helper.__module__ == self.module:
                    if all(h is not helper for h, _ in self.hoisted):
                        self.hoisted.append((helper, _jit_object(value)))
                else:
                    self._add_module(helper.__module__)
                todo.append(helper)
                continue
            if (name, id(fn)) in seen:
                continue
            seen.add((name, id(fn)))
            if _spec._is_constexpr(value) or _spec._is_dtype(value):
                try:
                    text = _spec.constexpr_text(value, name)
                except TypeError:
                    continue
                self.globals.append(("", name, text))

    def _add_module(self, module_name):
        if module_name == self.module or module_name in self.modules:
            return
        if _is_skipped_module(module_name):
            return
        path = _module_file(module_name)
        if path is None:
            return
        with open(path, encoding="utf-8") as f:
            self.modules[module_name] = (path, f.read())

    def _note_global(self, fn, name, value, seen, module_name=None):
        """Records a tl.constexpr global with its value, in the module that
        defines it (the kernel's file is "")."""
        if not _spec._is_constexpr(value):
            return
        if module_name is None:
            module_name = fn.__module__
        key = (module_name, name)
        if key in seen:
            return
        seen.add(key)
        try:
            text = _spec.constexpr_text(value, name)
        except TypeError:
            return  # the compiler reports what it cannot evaluate
        if module_name != self.module:
            self._add_module(module_name)
            if module_name not in self.modules:
                return
        self.globals.append(
            ("" if module_name == self.module else module_name, name, text))

    def compiler_modules(self):
        """[(module name, file, text)] for the compiler."""
        return [(name, path, text)
                for name, (path, text) in sorted(self.modules.items())]
