"""vlp.kernel: the trusted core (terms, the rule table, rule instances, minting) and, in
``readers/``, what reads the table or the terms without needing trust (roles, SMT-LIB
built-ins, hyperedge values, queries, constructors). Import everything from here."""

from .check import (
    AXIOM,
    KernelError,
    Program,
    Rejection,
    Theorem,
    axiom,
    check_hyperedge,
    conclude,
    derive,
    is_minted,
    minted_count,
)
from .instance import (
    Binding,
    bind,
    check_builtin,
    evaluate,
    evaluator,
    instantiate,
    patterns,
    solve,
)
from .readers.hyperedge import Hyperedge, find_clash
from .readers.roles import ELIMINATION, FRAME, INTRODUCTION, UNION, Role, role, roles
from .readers.smt import to_smt
from .readers.terms import Query, comp, compeq, cont, last_time, rate, transfer
from .rules import (
    FRAME_RULE_IDS,
    RULES,
    RULES_BY_ID,
    UNION_RULE_ID,
    Rule,
    is_frame_rule,
    rule,
)
from .terms import PREDICATES, SIGNATURES, Agents, Atom, Claim, normalize_name

__all__ = [
    "AXIOM", "ELIMINATION", "FRAME", "FRAME_RULE_IDS", "INTRODUCTION",
    "PREDICATES", "RULES", "RULES_BY_ID", "SIGNATURES", "UNION", "UNION_RULE_ID", "Agents",
    "Atom", "Binding", "Claim", "Hyperedge", "KernelError", "Program", "Query", "Rejection",
    "Role", "Rule", "Theorem", "axiom", "bind", "check_builtin", "check_hyperedge", "comp",
    "compeq", "conclude", "cont", "derive", "evaluate", "evaluator", "find_clash", "instantiate",
    "is_frame_rule", "is_minted", "last_time", "minted_count", "normalize_name", "patterns", "rate",
    "role", "roles", "rule", "solve", "to_smt", "transfer",
]
