"""The claim language: tokens and a recursive-descent parser into a small, frozen syntax tree.

The language is a safe subset of expression syntax (nothing is ever passed to `eval`):
literals, dotted fact names, arithmetic, comparisons, `and`/`or`/`not`, `in`, lists, mappings,
`x.field` and `x[i]`, calls of the functions the evaluator defines, and comprehensions
(`[e.strength for e in entities("fog-creature") if e.copies > 1]`, `all(... for x in xs)`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

MAX_LENGTH = 4000
MAX_DEPTH = 60
MAX_TREE_DEPTH = 100  # operators chained in one expression (1,990 `+` terms would exhaust the stack)

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<number>\d+(?:\.\d+)?)
  | (?P<string>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)
  | (?P<op>==|!=|<=|>=|//|[-+*/%<>()\[\]{},:=.])
""", re.VERBOSE)
KEYWORDS = {"and", "or", "not", "in", "for", "if", "true", "false", "null"}
COMPARISONS = ("==", "!=", "<=", ">=", "<", ">", "in", "not in")


class ClaimSyntaxError(ValueError):
    """An expression that does not parse; `offset` is where in the text it went wrong."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    offset: int


@dataclass(frozen=True)
class Node:
    """Base of the syntax tree; `start` and `end` delimit the node's text in the expression."""

    start: int
    end: int


@dataclass(frozen=True)
class Literal(Node):
    value: Any


@dataclass(frozen=True)
class Name(Node):
    parts: tuple[str, ...]


@dataclass(frozen=True)
class Unary(Node):
    op: str
    operand: Node


@dataclass(frozen=True)
class Binary(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Compare(Node):
    ops: tuple[str, ...]
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class Logical(Node):
    op: str
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class Attribute(Node):
    target: Node
    parts: tuple[str, ...]


@dataclass(frozen=True)
class Index(Node):
    target: Node
    index: Node


@dataclass(frozen=True)
class ListOf(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True)
class MappingOf(Node):
    pairs: tuple[tuple[Node, Node], ...]


@dataclass(frozen=True)
class Comprehension(Node):
    element: Node
    variable: str
    source: Node
    condition: Node | None


@dataclass(frozen=True)
class Call(Node):
    function: str
    args: tuple[Node, ...]
    keywords: tuple[tuple[str, Node], ...]


def tokenize(text: str) -> list[Token]:
    """The tokens of an expression, ending with an `end` token."""
    tokens: list[Token] = []
    at = 0
    while at < len(text):
        match = _TOKEN.match(text, at)
        if match is None:
            raise ClaimSyntaxError(f"unexpected character {text[at]!r}", at)
        kind = match.lastgroup or ""
        if kind != "space":
            word = match.group()
            tokens.append(Token("keyword" if kind == "name" and word in KEYWORDS else kind, word, at))
        at = match.end()
    tokens.append(Token("end", "", len(text)))
    return tokens


def parse(text: str) -> Node:
    """The syntax tree of an expression; ClaimSyntaxError if it does not parse."""
    if len(text) > MAX_LENGTH:
        raise ClaimSyntaxError(f"expression longer than {MAX_LENGTH} characters", MAX_LENGTH)
    tree = _Parser(text, tokenize(text)).whole()
    deepest = _deepest(tree)
    if deepest is not None:
        raise ClaimSyntaxError(f"expression nested deeper than {MAX_TREE_DEPTH} operators; split it into facts "
                               "or shorter claims", deepest.start)
    return tree


def _deepest(tree: Node) -> Node | None:
    """A node deeper than MAX_TREE_DEPTH in the tree (None if there is none), found without recursion."""
    todo: list[tuple[Node, int]] = [(tree, 1)]
    while todo:
        node, depth = todo.pop()
        if depth > MAX_TREE_DEPTH:
            return node
        for value in vars(node).values():
            for child in value if isinstance(value, tuple) else (value,):
                if isinstance(child, Node):
                    todo.append((child, depth + 1))
                elif isinstance(child, tuple):
                    todo.extend((c, depth + 1) for c in child if isinstance(c, Node))
    return None


class _Parser:
    """Precedence, lowest first: or, and, not, comparisons, + -, * / // %, unary -, postfix."""

    def __init__(self, text: str, tokens: list[Token]):
        self.text = text
        self.tokens = tokens
        self.at = 0
        self.depth = 0

    def whole(self) -> Node:
        node = self.expression()
        if self.peek().kind != "end":
            self.fail(self.unexpected(self.peek()))
        return node

    def peek(self, ahead: int = 0) -> Token:
        return self.tokens[min(self.at + ahead, len(self.tokens) - 1)]

    def take(self) -> Token:
        token = self.peek()
        self.at += 1
        return token

    def accept(self, *texts: str) -> Token | None:
        token = self.peek()
        if token.kind in ("op", "keyword") and token.text in texts:
            self.at += 1
            return token
        return None

    def expect(self, text: str) -> Token:
        token = self.accept(text)
        if token is None:
            self.fail(f"expected '{text}' but found {self.describe(self.peek())}")
        assert token is not None
        return token

    def fail(self, message: str, offset: int | None = None) -> None:
        raise ClaimSyntaxError(message, self.peek().offset if offset is None else offset)

    @staticmethod
    def describe(token: Token) -> str:
        return "the end of the expression" if token.kind == "end" else f"'{token.text}'"

    @staticmethod
    def unexpected(token: Token) -> str:
        return "the expression ends too early" if token.kind == "end" else f"unexpected '{token.text}'"

    def previous_end(self) -> int:
        token = self.tokens[self.at - 1]
        return token.offset + len(token.text)

    def expression(self) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(f"expression nested deeper than {MAX_DEPTH} levels")
        node = self.logical("or", self.conjunction)
        self.depth -= 1
        return node

    def conjunction(self) -> Node:
        return self.logical("and", self.negation)

    def logical(self, op: str, operand: Any) -> Node:
        first = operand()
        operands = [first]
        while self.accept(op):
            operands.append(operand())
        if len(operands) == 1:
            return first
        return Logical(first.start, operands[-1].end, op, tuple(operands))

    def negation(self) -> Node:
        return self.prefixed("not", self.comparison)

    def prefixed(self, op: str, operand: Any) -> Node:
        """`op op ... operand`, read in a loop (a recursion per operator would exhaust the stack)."""
        tokens = []
        while (token := self.accept(op)) is not None:
            tokens.append(token)
        node: Node = operand()
        for token in reversed(tokens):
            node = Unary(token.offset, node.end, op, node)
        return node

    def comparison(self) -> Node:
        first = self.sum()
        ops: list[str] = []
        operands = [first]
        while True:
            if self.peek().text == "not" and self.peek(1).text == "in":
                self.at += 2
                ops.append("not in")
            elif (token := self.accept("==", "!=", "<=", ">=", "<", ">", "in")) is not None:
                ops.append(token.text)
            else:
                break
            operands.append(self.sum())
        if not ops:
            return first
        return Compare(first.start, operands[-1].end, tuple(ops), tuple(operands))

    def sum(self) -> Node:
        return self.binary(("+", "-"), self.product)

    def product(self) -> Node:
        return self.binary(("*", "/", "//", "%"), self.unary)

    def binary(self, ops: tuple[str, ...], operand: Any) -> Node:
        node = operand()
        while (token := self.accept(*ops)) is not None:
            right = operand()
            node = Binary(node.start, right.end, token.text, node, right)
        return node

    def unary(self) -> Node:
        return self.prefixed("-", self.postfix)

    def postfix(self) -> Node:
        node = self.atom()
        while True:
            if self.accept("."):
                name = self.take()
                if name.kind != "name":
                    self.fail(f"expected a field name after '.' but found {self.describe(name)}", name.offset)
                node = Attribute(node.start, self.previous_end(), node, tuple(name.text.split(".")))
            elif self.accept("["):
                index = self.expression()
                self.expect("]")
                node = Index(node.start, self.previous_end(), node, index)
            else:
                return node

    def atom(self) -> Node:
        token = self.take()
        start = token.offset
        end = token.offset + len(token.text)
        if token.kind == "number":
            value: Any = float(token.text) if "." in token.text else int(token.text)
            return Literal(start, end, value)
        if token.kind == "string":
            return Literal(start, end, _unquote(token.text))
        if token.kind == "keyword" and token.text in ("true", "false", "null"):
            return Literal(start, end, {"true": True, "false": False, "null": None}[token.text])
        if token.kind == "name":
            if self.accept("("):
                return self.call(token)
            return Name(start, end, tuple(token.text.split(".")))
        if token.text == "(":
            node = self.expression()
            closing = self.expect(")")
            return replace(node, start=start, end=closing.offset + 1)  # its source text keeps the brackets
        if token.text == "[":
            return self.list_or_comprehension(start)
        if token.text == "{":
            return self.mapping(start)
        self.fail(self.unexpected(token), token.offset)
        raise AssertionError  # not reached

    def call(self, name: Token) -> Node:
        if "." in name.text:
            self.fail(f"'{name.text}' is not a function name", name.offset)
        args: list[Node] = []
        keywords: list[tuple[str, Node]] = []
        while not self.accept(")"):
            if self.peek().kind == "name" and self.peek(1).text == "=":
                key = self.take().text
                self.at += 1
                keywords.append((key, self.expression()))
            else:
                if keywords:
                    self.fail("a positional argument cannot follow a keyword argument")
                arg = self.expression()
                if self.peek().text == "for":
                    arg = self.comprehension(arg, arg.start)
                args.append(arg)
            if not self.accept(","):
                self.expect(")")
                break
        return Call(name.offset, self.previous_end(), name.text, tuple(args), tuple(keywords))

    def list_or_comprehension(self, start: int) -> Node:
        items: list[Node] = []
        while not self.accept("]"):
            item = self.expression()
            if not items and self.peek().text == "for":
                node = self.comprehension(item, start)
                self.expect("]")
                return _ended(node, self.previous_end())
            items.append(item)
            if not self.accept(","):
                self.expect("]")
                break
        return ListOf(start, self.previous_end(), tuple(items))

    def comprehension(self, element: Node, start: int) -> Comprehension:
        self.expect("for")
        variable = self.take()
        if variable.kind != "name" or "." in variable.text:
            self.fail(f"expected a variable name after 'for' but found {self.describe(variable)}", variable.offset)
        self.expect("in")
        source = self.sum()
        condition = self.expression() if self.accept("if") else None
        return Comprehension(start, self.previous_end(), element, variable.text, source, condition)

    def mapping(self, start: int) -> Node:
        pairs: list[tuple[Node, Node]] = []
        while not self.accept("}"):
            key = self.expression()
            self.expect(":")
            pairs.append((key, self.expression()))
            if not self.accept(","):
                self.expect("}")
                break
        return MappingOf(start, self.previous_end(), tuple(pairs))


def _ended(node: Comprehension, end: int) -> Comprehension:
    return Comprehension(node.start, end, node.element, node.variable, node.source, node.condition)


def _unquote(text: str) -> str:
    body = text[1:-1]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)
