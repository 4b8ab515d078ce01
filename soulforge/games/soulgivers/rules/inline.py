"""The hot paths' checks, compiled in: a fast listing calls the rules' own check functions in
its source, and :func:`inline` rewrites its code once, at import, with each such call replaced
by the function's own expression (the old hand-written fast listing's inline tests, now
generated from the checks: no condition is written twice).

A call is inlined when the callee is a plain function of the game's package whose body is one
``return`` of an expression (after its docstring), called with positional arguments that are
plain reads (names, constants, attributes, subscripts). ``passes(CHECKS, state, action)`` (the
core's loop over a rule's checks) becomes ``CHECKS[0].test(state, action) and ...``, each test
inlined in turn (its value is then the deciding operand, not always ``True``/``False``: the
hot paths use it only for its truth). Anything else stays a call. The rewritten function keeps its object (its
``__code__`` is replaced), so every reference to it sees the compiled code; the checks are read
when it is compiled: a check added at run time (a test) needs :func:`recompile`.
``tests/soulgivers/test_flow.py`` proves the fast listings equal to the rules' own listing, and
``tests/soulgivers/test_rules_once.py`` that a check added to a rule reaches them.
"""

from __future__ import annotations
import __future__

import ast
import builtins
import copy
import inspect
import textwrap
import types
from collections.abc import Callable
from typing import Any, TypeVar

from soulforge.core.flow import Check, passes

F = TypeVar("F", bound=Callable[..., Any])

PACKAGE = "soulforge.games.soulgivers"
"""Only the game's own functions are inlined (their source is the game's rules)."""
PREFIX = "_inl_"
"""Names the compiled code binds in its module for what the inlined expressions read."""
MAX_DEPTH = 8

_COMPILED: dict[types.FunctionType, tuple[str, types.CodeType]] = {}
"""Each compiled function: its source and its code as written."""


_EXPRESSIONS: dict[types.FunctionType, ast.expr | None] = {}
"""Each callee's expression, parsed once (a check is inlined in several places)."""


def _expression_of(fn: types.FunctionType) -> ast.expr | None:
    """The returned expression of a one-expression function, or None (parsed once)."""
    if fn not in _EXPRESSIONS:
        _EXPRESSIONS[fn] = _parse_expression(fn)
    return _EXPRESSIONS[fn]


def _parse_expression(fn: types.FunctionType) -> ast.expr | None:
    if fn.__closure__ or fn.__code__.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
        return None
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return None
    func = tree.body[0] if tree.body else None
    if not isinstance(func, ast.FunctionDef) or func.args.kwonlyargs or func.args.posonlyargs:
        return None
    body = func.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    expression = body[0].value
    if any(isinstance(node, (ast.Lambda, ast.NamedExpr, ast.comprehension)) for node in ast.walk(expression)):
        return None  # a scope of its own: its names are not the function's
    return expression


def _plain_read(node: ast.expr) -> bool:
    """Reading it twice, or not at all, is the same as reading it once (no call)."""
    if isinstance(node, (ast.Name, ast.Constant)):
        return True
    if isinstance(node, ast.Attribute):
        return _plain_read(node.value)
    if isinstance(node, ast.Subscript):
        return _plain_read(node.value) and _plain_read(node.slice)
    return False


class _Inliner:
    """Rewrites expressions, binding what they read in ``namespace`` (the compiled function's
    module globals) under prefixed names."""

    def __init__(self, namespace: dict[str, Any]) -> None:
        self.namespace = namespace

    def bind(self, name: str, value: object) -> ast.Name:
        """A name in the compiled function's globals that holds ``value``."""
        key, n = f"{PREFIX}{name}", 0
        while key in self.namespace and self.namespace[key] is not value:
            n += 1
            key = f"{PREFIX}{name}_{n}"
        self.namespace[key] = value
        return ast.Name(key, ast.Load())

    def call(self, fn: object, args: list[ast.expr], depth: int) -> ast.expr:
        """A call of ``fn`` on ``args`` (already rewritten): its expression when it inlines."""
        if isinstance(fn, types.FunctionType) and depth < MAX_DEPTH:
            if fn is passes and len(args) == 3 and isinstance(args[0], ast.Name):
                checks = self.namespace.get(args[0].id)
                if isinstance(checks, tuple) and all(isinstance(c, Check) for c in checks):
                    if not checks:
                        return ast.Constant(True)
                    tests = [self.call(c.test, copy.deepcopy(args[1:]), depth + 1) for c in checks]
                    return ast.BoolOp(ast.And(), tests)
            inlined = self.inline(fn, args, depth)
            if inlined is not None:
                return inlined
        return ast.Call(self.bind(getattr(fn, "__name__", "fn"), fn), args, [])

    def inline(self, fn: types.FunctionType, args: list[ast.expr], depth: int) -> ast.expr | None:
        if not fn.__module__.startswith(PACKAGE) or not all(_plain_read(a) for a in args):
            return None
        expression = _expression_of(fn)
        names = fn.__code__.co_varnames[:fn.__code__.co_argcount]
        defaults = fn.__defaults__ or ()
        if expression is None or len(args) > len(names) or len(args) + len(defaults) < len(names):
            return None
        values = dict(zip(names, args, strict=False))
        for name, default in zip(names[len(names) - len(defaults):], defaults, strict=True):
            values.setdefault(name, ast.Constant(default))
        return self.rewrite(expression, fn.__globals__, values, depth + 1)

    def rewrite(self, node: ast.expr, env: dict[str, Any], values: dict[str, ast.expr],
                depth: int) -> ast.expr:
        """``node`` of a function reading ``env``, its parameters standing for ``values``."""
        inliner = self

        class Rewrite(ast.NodeTransformer):
            def visit_Name(self, name: ast.Name) -> ast.expr:
                if name.id in values:
                    return copy.deepcopy(values[name.id])
                if name.id in env:
                    return inliner.bind(name.id, env[name.id])
                if not hasattr(builtins, name.id):
                    raise NameError(f"{name.id} is not defined where it is inlined from")
                return name

            def visit_Call(self, call: ast.Call) -> ast.expr:
                func = call.func
                if (isinstance(func, ast.Name) and func.id not in values and func.id in env
                        and not call.keywords and not any(isinstance(a, ast.Starred) for a in call.args)):
                    args = [self.visit(a) for a in call.args]
                    return inliner.call(env[func.id], args, depth)
                self.generic_visit(call)  # the call stays: its arguments are rewritten in place
                return call

        return Rewrite().visit(copy.deepcopy(node))  # type: ignore[no-any-return]


class _Template(ast.NodeTransformer):
    """The compiled function's own body: its names stay, its calls of the game's one-expression
    functions (named in its globals) are inlined."""

    def __init__(self, fn: types.FunctionType) -> None:
        self.env = fn.__globals__
        self.inliner = _Inliner(fn.__globals__)
        self.local = set(fn.__code__.co_varnames)

    def visit_Call(self, call: ast.Call) -> ast.expr:
        func = call.func
        if (isinstance(func, ast.Name) and func.id not in self.local and func.id in self.env
                and not call.keywords and not any(isinstance(a, ast.Starred) for a in call.args)):
            args = [self.visit(a) for a in call.args]
            return self.inliner.call(self.env[func.id], args, 0)
        self.generic_visit(call)  # the call stays: its arguments are rewritten in place
        return call


def _compile(fn: types.FunctionType, source: str, code: types.CodeType) -> None:
    tree = ast.parse(source)
    func = tree.body[0]
    if not isinstance(func, ast.FunctionDef):
        raise TypeError(f"{fn.__qualname__}: not the source of a def")
    func.decorator_list = []
    fn.__code__ = code  # the names the template reads, as written
    tree = ast.fix_missing_locations(_Template(fn).visit(tree))
    ast.increment_lineno(tree, code.co_firstlineno - 1)
    namespace: dict[str, Any] = {}
    # annotations stay strings, as in the game's modules (some name types only for mypy)
    flags = __future__.annotations.compiler_flag
    exec(compile(tree, code.co_filename, "exec", flags=flags, dont_inherit=True), fn.__globals__,  # noqa: S102
         namespace)
    compiled = namespace[func.name].__code__
    if compiled.co_freevars != code.co_freevars:
        raise TypeError(f"{fn.__qualname__}: a closure is not compiled")
    fn.__code__ = compiled


def inline(fn: F) -> F:
    """Compile the calls of the game's one-expression functions (checks) into ``fn``, in place."""
    if isinstance(fn, types.BuiltinFunctionType | types.MethodDescriptorType):
        # compiled to native code (mypyc, docs/native.md): a function, or a method of a native
        # class (an Ability's ``options``); the calls stay native calls
        return fn
    if not isinstance(fn, types.FunctionType):
        raise TypeError(f"{fn!r} is not a function")
    if fn not in _COMPILED:
        try:
            source = textwrap.dedent(inspect.getsource(fn))
        except (OSError, TypeError):
            return fn  # no source (a bytecode-only install): the calls stay, as correct and slower
        _COMPILED[fn] = (source, fn.__code__)
    _compile(fn, *_COMPILED[fn])
    return fn


def compiled(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` runs code compiled by :func:`inline` (not its code as written)."""
    return fn in _COMPILED and getattr(fn, "__code__", None) is not _COMPILED[fn][1]


def recompile() -> None:
    """Compile every inlined function again from its source, reading the checks as they are now
    (a test that adds a check at run time)."""
    for fn, (source, code) in _COMPILED.items():
        _compile(fn, source, code)
