"""Depth-first post-order without recursion.

Proofs and frame chains are as deep as the program's time line (one frame step per tick), so
a recursive walk overflows Python's stack on a program with a thousand time steps; these
walks keep their own stack instead.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

Node = TypeVar("Node", bound=Hashable)


def post_order(root: Node, children: Callable[[Node], Iterable[Node]],
               seen: set[Node] | None = None) -> list[Node]:
    """The nodes reachable from ``root``, each after its children (visited in the order
    ``children`` gives them) and only once; nodes already in ``seen`` are skipped (and
    ``seen`` gains the visited ones), as a recursive ``visit`` with a shared set would."""
    seen = set() if seen is None else seen
    if root in seen:
        return []
    order: list[Node] = []
    seen.add(root)
    stack = [(root, iter(children(root)))]
    while stack:
        node, pending = stack[-1]
        for child in pending:
            if child not in seen:
                seen.add(child)
                stack.append((child, iter(children(child))))
                break
        else:
            stack.pop()
            order.append(node)
    return order
