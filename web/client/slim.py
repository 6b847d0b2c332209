"""The game as the device runs it, without what the device never reads: both web builds ship it.

    python web/client/slim.py FOLDER    # every FOLDER/**/*.py slimmed in place (build.sh's pygbag)

What goes (``slim_tree``):
    - the annotations of a function's parameters and its return, and those of the local
      variables in a function's body (``x: int = 3`` becomes ``x = 3``; a bare ``x: int`` goes).
      Nothing in the game reads them (no get_type_hints, inspect.signature, singledispatch,
      function ``__annotations__``); the annotations of a class's body and of a module stay
      (dataclasses, NamedTuple, TypedDict and Protocols read them);
    - with ``docstrings``: the docstrings, and any other statement that is only a string (the
      compiler makes nothing of it); a body that held nothing else keeps a ``pass``.

``slim_source`` makes those cuts in the module's text and takes its comments out too, every
line left where it was (a cut over several lines leaves blank lines, or inside a statement a
backslash's continuation lines): pygbag's page (``./build.sh web --pygbag``) ships the game's
sources, and its tracebacks name the repository's lines. ``compile_slim`` compiles the slimmed
tree, every node at its source's place: the self-contained site (``./build.sh web``, in the
page's own CPython: web/client/compile_pyc.mjs) ships the .pyc (``pyc``).

Neither ships a module unless it compiles to the same code as its source (``code_differences``,
checked on every module at every build; slim_source also checks that its text parses to
slim_tree's tree): code objects compared recursively, with the same name, qualified name,
first line, argument counts, flags, local, free and cell variables; the same instructions, in
the same order, on the same constants (by type and value; nested code compared the same way),
names and variables; the same jumps (by the instruction they land on) and exception handlers.
What may differ, exactly:
    - the docstrings (with ``docstrings``): a module's or class's ``LOAD_CONST doc; STORE_NAME
      __doc__`` gone, a function's docstring slot (its co_consts[0]) None;
    - the annotations handed to MAKE_FUNCTION: the instructions that push their tuple, the flag
      0x04 that says it is there, the names only they read (co_names may lose them);
    - what only the layout decides: the line and column tables, NOP (the compiler's placeholder
      for a line, a ``pass`` or a string said alone), EXTENDED_ARG (a wide argument's prefix),
      the indices of constants and names and the byte offsets (compared by what they point
      at), co_stacksize (the annotations' tuple no longer on the stack).
It reads CPython 3.11's and 3.12's bytecode (this machine's and the pages'). Standard library
only: the machine's python3 and Pyodide run it.
"""

from __future__ import annotations

import ast
import bisect
import dis
import importlib.util
import io
import os
import sys
import tokenize
import types
from typing import Any

_BODIES = ("body", "orelse", "finalbody")
_MAKE_FUNCTION = dis.opmap.get("MAKE_FUNCTION")
_ANNOTATIONS = 0x04  # MAKE_FUNCTION's flag: an annotations tuple is on the stack
_CLOSURE = 0x08
_CO_OPTIMIZED = 0x0001  # a function's code (its co_consts[0] is its docstring or None)
_SKIPPED = {"NOP", "EXTENDED_ARG", "CACHE"}
_JUMPS = set(dis.hasjrel) | set(dis.hasjabs)
_TRIVIA = {
    tokenize.COMMENT,
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENDMARKER,
}


class SlimError(Exception):
    """A module the slimming would change: the build stops rather than ship it."""


class _Slimmer(ast.NodeTransformer):
    """Takes the annotations out of functions (and, with ``docstrings``, the docstrings out of
    everything), in place."""

    def __init__(self, docstrings: bool) -> None:
        self.docstrings = docstrings
        self.in_function = False

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        args = node.args
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if arg is not None:
                arg.annotation = None
                arg.type_comment = None
        node.returns = None
        node.type_comment = None
        return self._scope(node, in_function=True)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        return self._scope(node, in_function=False)

    def visit_Module(self, node: ast.Module) -> ast.AST:
        return self._scope(node, in_function=False)

    def _scope(self, node: Any, in_function: bool) -> ast.AST:
        outer, self.in_function = self.in_function, in_function
        try:
            return self.generic_visit(node)
        finally:
            self.in_function = outer

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST | None:
        if not self.in_function:
            return node
        if node.value is None:
            return None  # a local's bare annotation: the compiler makes no code of it
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)

    def visit_Expr(self, node: ast.Expr) -> ast.AST | None:
        value = node.value
        if self.docstrings and isinstance(value, ast.Constant) and isinstance(value.value, str):
            return None  # a docstring, or a string said and dropped (the compiler's NOP)
        return self.generic_visit(node)

    def generic_visit(self, node: ast.AST) -> ast.AST:
        bodies = {f: b[0] for f in _BODIES if isinstance(b := getattr(node, f, None), list) and b}
        super().generic_visit(node)
        if not isinstance(node, ast.Module):
            for field, first in bodies.items():
                if not getattr(node, field):  # at the place of its first statement
                    setattr(node, field, [ast.copy_location(ast.Pass(), first)])
        return node


def slim_tree(tree: ast.Module, *, docstrings: bool) -> ast.Module:
    """``tree`` without its functions' annotations (and with ``docstrings``, without its
    docstrings), changed in place."""
    out = _Slimmer(docstrings).visit(tree)
    assert isinstance(out, ast.Module)
    return ast.fix_missing_locations(out)


def slim_source(source: bytes, filename: str = "<slim>") -> str:
    """The module as source without its functions' annotations, its docstrings and its
    comments, every line where it was (a cut that spans lines leaves blank lines, or a
    backslash's continuation inside a statement), nothing else changed; checked: the text
    parses to slim_tree's tree and compiles to the same code as ``source``
    (code_differences); SlimError otherwise."""
    text = source.decode("utf-8")
    tree = ast.parse(source, filename)
    cuts = _Cuts(text)
    cuts.visit(tree)
    out = cuts.apply()
    if ast.dump(ast.parse(out, filename)) != ast.dump(slim_tree(tree, docstrings=True)):
        raise SlimError(f"{filename}: the slimmed source is another module")
    _check(source, compile(out, filename, "exec", dont_inherit=True), filename, 0, True)
    return out


class _Cuts(ast.NodeVisitor):
    """Where slim_tree's changes are in the source's text, and its comments: each a span of
    the text and what replaces it (nothing, or ``pass`` where a body would be left empty),
    its newlines kept."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = [line + "\n" for line in text.split("\n")]  # as tokenize reads them
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))
        self.tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
        self.code = [t for t in self.tokens if t.type not in _TRIVIA]  # no comment, no ends
        self.code_starts = [self.offset(t.start) for t in self.code]
        self.code_ends = [self.offset(t.end) for t in self.code]
        # (start, end, replacement, joined: the cut's newlines become continuation lines)
        self.cuts: list[tuple[int, int, str, bool]] = []
        self.in_function = False

    def at(self, line: int, byte_column: int) -> int:
        """An AST position (its column in UTF-8 bytes) as an offset in the text."""
        column = len(self.lines[line - 1].encode("utf-8")[:byte_column].decode("utf-8"))
        return self.starts[line - 1] + column

    def offset(self, position: tuple[int, int]) -> int:
        """A token's position (its column in characters) as an offset in the text."""
        return self.starts[position[0] - 1] + position[1]

    def token_after(self, offset: int, or_end: bool = False) -> tokenize.TokenInfo:
        """The first token of code that starts at or after ``offset`` (``or_end``: the end of
        the file's marker if none)."""
        i = bisect.bisect_left(self.code_starts, offset)
        if i < len(self.code):
            return self.code[i]
        if or_end:
            return self.tokens[-1]
        raise SlimError(f"no token after offset {offset}")

    def token_before(self, offset: int) -> tokenize.TokenInfo:
        """The last token of code that ends at or before ``offset``."""
        i = bisect.bisect_right(self.code_ends, offset) - 1
        if i < 0:
            raise SlimError(f"no token before offset {offset}")
        return self.code[i]

    def annotation(self, start_token: tokenize.TokenInfo, node: ast.expr) -> None:
        """Cut from ``start_token`` (the ``:`` or ``->`` before it, and the blanks before that)
        to the annotation's end, with the closing brackets of an annotation written in
        brackets."""
        start = self.offset(start_token.start)
        end = self.at(node.end_lineno or node.lineno, node.end_col_offset or 0)
        first = bisect.bisect_left(self.code_starts, start)
        last = bisect.bisect_left(self.code_starts, end)
        inside = [t.string for t in self.code[first:last]]
        opened = inside.count("(") - inside.count(")")
        while opened > 0:
            closing = self.token_after(end)
            if closing.string != ")":
                raise SlimError(f"unbalanced annotation at line {node.lineno}")
            end, opened = self.offset(closing.end), opened - 1
        before = self.token_before(start)
        if before.end[0] == start_token.start[0]:  # and the blanks before it on its line
            start = self.offset(before.end)
        self.cuts.append((start, end, "", True))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        args = node.args
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if arg is not None and arg.annotation is not None:
                colon = self.token_after(self.at(arg.lineno, arg.col_offset) + len(arg.arg))
                self.annotation(colon, arg.annotation)
        if node.returns is not None:
            arrow = self.token_before(self.at(node.returns.lineno, node.returns.col_offset))
            while arrow.string == "(":  # the brackets the return's annotation is written in
                arrow = self.token_before(self.offset(arrow.start))
            self.annotation(arrow, node.returns)
        self.scope(node, in_function=True)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.scope(node, in_function=False)

    def scope(self, node: ast.AST, in_function: bool) -> None:
        outer, self.in_function = self.in_function, in_function
        try:
            self.generic_visit(node)
        finally:
            self.in_function = outer

    def generic_visit(self, node: ast.AST) -> None:
        for field in _BODIES:
            body = getattr(node, field, None)
            if isinstance(body, list) and body:
                gone = [s for s in body if self.dropped(s)]
                for s in gone:
                    empty = len(gone) == len(body) and s is body[0]
                    self.statement(s, "pass" if empty and not isinstance(node, ast.Module) else "")
        for child in ast.iter_child_nodes(node):
            self.visit(child)

    def dropped(self, node: ast.stmt) -> bool:
        """A statement slim_tree drops: a string said alone, a local's bare annotation."""
        if isinstance(node, ast.Expr):
            return isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        return isinstance(node, ast.AnnAssign) and self.in_function and node.value is None

    def statement(self, node: ast.stmt, replacement: str) -> None:
        start = self.at(node.lineno, node.col_offset)
        end = self.at(node.end_lineno or node.lineno, node.end_col_offset or 0)
        after = self.token_after(end, or_end=True)
        if after.string == ";":  # and the blanks up to the next statement on its line
            following = self.token_after(self.offset(after.end), or_end=True)
            end = self.offset(after.end)
            if following.start[0] == after.end[0]:
                end = self.offset(following.start)
        self.cuts.append((start, end, replacement, False))

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if self.in_function and node.value is not None:
            target_end = self.at(node.target.end_lineno or 0, node.target.end_col_offset or 0)
            colon = self.token_after(target_end)
            while colon.string == ")":
                colon = self.token_after(self.offset(colon.end))
            self.annotation(colon, node.annotation)
        self.generic_visit(node)

    def apply(self) -> str:
        """The text with every cut made and every comment gone (with the blanks before it); a
        line the cuts leave blank is empty."""
        cuts = sorted(self.cuts)
        for token in self.tokens:
            if token.type == tokenize.COMMENT:
                start = self.offset((token.start[0], 0))
                i = bisect.bisect_right(self.code_ends, self.offset(token.start)) - 1
                if i >= 0 and self.code[i].end[0] == token.start[0]:
                    start = self.code_ends[i]  # the code before it on its line stays
                cuts.append((start, self.offset(token.end), "", False))
        cuts.sort()
        out = []
        done = 0
        touched: set[int] = set()
        for start, end, replacement, joined in cuts:
            if start < done:
                if end <= done:
                    continue  # a comment inside a cut already made
                raise SlimError(f"overlapping cuts at offset {start}")
            out.append(self.text[done:start])
            cut = self.text[start:end]
            newlines = cut.count("\n")
            if joined:
                out.append(" \\\n" * newlines)  # inside a statement: continuation lines
            else:
                out.append(replacement + "\n" * newlines)
            first = self.text.count("\n", 0, start)
            touched.update(range(first, first + newlines + 1))
            done = end
        out.append(self.text[done:])
        lines = "".join(out).split("\n")
        for i in touched:
            if i < len(lines) and not lines[i].strip():
                lines[i] = ""
        return "\n".join(lines)


def compile_slim(source: bytes, filename: str, optimize: int = 2) -> types.CodeType:
    """The module's code without its functions' annotations, each node at its source's place
    (the compiler's ``optimize`` drops docstrings at 2); SlimError if it differs from the
    source's own code beyond them."""
    tree = slim_tree(ast.parse(source, filename), docstrings=False)
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=optimize)
    _check(source, code, filename, optimize, False)
    return code


def pyc(source: bytes, filename: str, optimize: int = 2) -> bytes:
    """compile_slim's code as an unchecked hash-based .pyc (as py_compile writes one with
    PycInvalidationMode.UNCHECKED_HASH): imported as it is, its header a hash of ``source``."""
    code = compile_slim(source, filename, optimize)
    from importlib import _bootstrap_external  # the .pyc writer py_compile itself uses

    header_hash = importlib.util.source_hash(source)
    data = _bootstrap_external._code_to_hash_pyc(code, header_hash, False)  # type: ignore[attr-defined]
    return bytes(data)


def _check(source: bytes | str, code: types.CodeType, name: str, opt: int, docs: bool) -> None:
    original = compile(source, name, "exec", dont_inherit=True, optimize=opt)
    problems = code_differences(original, code, docstrings=docs)
    if problems:
        raise SlimError(f"{name}: the slimmed code differs: " + "; ".join(problems[:5]))


# ------------------------------------------------------------------------ the same code
def code_differences(
    original: types.CodeType, slimmed: types.CodeType, *, docstrings: bool
) -> list[str]:
    """How ``slimmed`` (the slimmed module's code) does something else than ``original`` (its
    source's code), nested code objects compared the same way; [] when it does the same (see
    this module's docstring for what may differ)."""
    if sys.version_info[:2] not in ((3, 11), (3, 12)):
        raise SlimError(f"slim.py reads CPython 3.11's and 3.12's bytecode, not {sys.version}")
    out: list[str] = []
    _compare(original, slimmed, docstrings, out, original.co_qualname)
    return out


_ATTRIBUTES = (
    "co_name",
    "co_qualname",
    "co_firstlineno",
    "co_argcount",
    "co_posonlyargcount",
    "co_kwonlyargcount",
    "co_nlocals",
    "co_flags",
    "co_varnames",
    "co_freevars",
    "co_cellvars",
)


def _compare(a: types.CodeType, b: types.CodeType, docs: bool, out: list[str], where: str) -> None:
    for attribute in _ATTRIBUTES:
        x, y = getattr(a, attribute), getattr(b, attribute)
        if x != y:
            out.append(f"{where}: {attribute} {x!r} != {y!r}")
            return
    if a.co_flags & _CO_OPTIMIZED and a.co_consts and b.co_consts:
        doc, slot = a.co_consts[0], b.co_consts[0]  # (nested code: compared where it is made)
        if not (docs and isinstance(doc, str) and slot is None or _code(doc) and _code(slot)):
            _same_const(doc, slot, docs, out, f"{where}: docstring slot")
    if not set(b.co_names) <= set(a.co_names):
        out.append(f"{where}: new names {sorted(set(b.co_names) - set(a.co_names))}")
    steps_a, table_a = _normal(a, original=True, docs=docs)
    steps_b, table_b = _normal(b, original=False, docs=docs)
    if len(steps_a) != len(steps_b):
        out.append(f"{where}: {len(steps_a)} instructions != {len(steps_b)}")
    for i, (x, y) in enumerate(zip(steps_a, steps_b)):
        if x[1] == "const" and x[0] == y[0]:
            _same_const(x[2], y[2], docs, out, f"{where}: instruction {i} {x[0]}")
        elif x != y:
            out.append(f"{where}: instruction {i}: {x!r} != {y!r}")
            return
    if table_a != table_b:
        out.append(f"{where}: exception table {table_a} != {table_b}")


def _same_const(x: object, y: object, docs: bool, out: list[str], where: str) -> None:
    if isinstance(x, types.CodeType) and isinstance(y, types.CodeType):
        _compare(x, y, docs, out, x.co_qualname)
    elif isinstance(x, tuple) and isinstance(y, tuple) and len(x) == len(y):
        for p, q in zip(x, y):
            _same_const(p, q, docs, out, where)
    elif _key(x) != _key(y):
        out.append(f"{where}: constant {x!r} != {y!r}")


def _code(c: object) -> bool:
    return isinstance(c, types.CodeType)


def _key(c: object) -> object:
    """A constant as the compiler tells constants apart (1, 1.0 and True are three; 0.0 and
    -0.0 two)."""
    if isinstance(c, (tuple, frozenset)):
        return (
            type(c),
            sorted(map(repr, map(_key, c))) if isinstance(c, frozenset) else tuple(map(_key, c)),
        )
    if isinstance(c, (float, complex)):
        return (type(c), repr(c))
    if isinstance(c, types.CodeType):
        return (type(c), c.co_qualname)
    return (type(c), c)


Step = tuple[str, str, object]  # (opname, kind, argument): what an instruction does


def _normal(
    code: types.CodeType, *, original: bool, docs: bool
) -> tuple[list[Step], list[tuple[int, int, int, int, bool]]]:
    """The instructions as (opname, kind, argument), where a constant is its value, a name or
    a variable its name, a jump the index of the instruction it lands on; and the exception
    table by indices. Of the ``original``: the annotations handed to MAKE_FUNCTION and (with
    ``docs``) the stores of a docstring to ``__doc__`` left out."""
    steps = list(dis.get_instructions(code))
    dropped: set[int] = set()
    flags: dict[int, int] = {}
    if original:
        for i, step in enumerate(steps):
            if step.opcode == _MAKE_FUNCTION and (step.arg or 0) & _ANNOTATIONS:
                dropped.update(_annotations_at(steps, i))
                flags[i] = (step.arg or 0) & ~_ANNOTATIONS
            elif (
                docs
                and step.opname == "STORE_NAME"
                and step.argval == "__doc__"
                and i > 0
                and steps[i - 1].opname == "LOAD_CONST"
                and isinstance(steps[i - 1].argval, str)
            ):
                dropped.update((i - 1, i))
    kept = [i for i, s in enumerate(steps) if i not in dropped and s.opname not in _SKIPPED]
    kept_offsets = [steps[i].offset for i in kept]

    def at(offset: int) -> int:
        """The index of the first kept instruction at or after byte ``offset``."""
        return bisect.bisect_left(kept_offsets, offset)

    out: list[Step] = []
    for i in kept:
        s = steps[i]
        if s.opcode in dis.hasconst:
            out.append((s.opname, "const", s.argval))
        elif s.opcode in _JUMPS:
            out.append((s.opname, "jump", at(s.argval)))
        elif s.opcode in dis.hasname:
            out.append((s.opname, "name", s.argrepr))
        elif s.opcode in dis.haslocal or s.opcode in dis.hasfree:
            out.append((s.opname, "variable", s.argval))
        else:
            out.append((s.opname, "arg", flags.get(i, s.arg)))
    table = [
        (at(e.start), at(e.end), at(e.target), e.depth, e.lasti)
        for e in dis.Bytecode(code).exception_entries  # type: ignore[attr-defined]  # (3.11+)
    ]
    return out, table


def _annotations_at(steps: list[dis.Instruction], make: int) -> range:
    """The indices of the instructions that push the annotations MAKE_FUNCTION at ``make``
    takes: under it the code object and (flag 0x08) the closure's tuple, each one value; under
    those the annotations' tuple, found by the stack's count (one value more)."""
    top = make - 1
    if steps[top].opname != "LOAD_CONST" or not isinstance(steps[top].argval, types.CodeType):
        raise SlimError(f"MAKE_FUNCTION at {steps[make].offset} without its code")
    if (steps[make].arg or 0) & _CLOSURE:
        top = _one_value(steps, top - 1).start
    return _one_value(steps, top - 1)


def _one_value(steps: list[dis.Instruction], last: int) -> range:
    """The straight run of instructions ending at ``last`` that pushes exactly one value."""
    pushed = 0
    for i in range(last, -1, -1):
        step = steps[i]
        if step.opcode in _JUMPS:
            break
        arg = step.arg if step.opcode >= dis.HAVE_ARGUMENT else None
        pushed += dis.stack_effect(step.opcode, arg, jump=False)
        if pushed == 1:
            return range(i, last + 1)
        if step.is_jump_target:  # the run would start before a place jumped to
            break
    raise SlimError(f"no straight run of one value before offset {steps[last].offset}")


# ------------------------------------------------------------------------ the command
def slim_folder(folder: str) -> tuple[int, int]:
    """Every ``folder``/**/*.py replaced by its slim_source; (bytes before, bytes after)."""
    before = after = 0
    for parent, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(parent, name)
                with open(path, "rb") as f:
                    source = f.read()
                text = slim_source(source, os.path.relpath(path, folder)).encode("utf-8")
                with open(path, "wb") as f:
                    f.write(text)
                before, after = before + len(source), after + len(text)
    return before, after


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not os.path.isdir(argv[0]):
        print("usage: python web/client/slim.py FOLDER", file=sys.stderr)
        return 2
    try:
        before, after = slim_folder(argv[0])
    except (SlimError, SyntaxError) as e:
        print(f"slim.py: {e}", file=sys.stderr)
        return 1
    print(f"slimmed {argv[0]}: {before} -> {after} bytes of Python")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
