"""vlp.kernel: the trusted base (terms, the rule table, rule instances, the two primitive
inferences) and the table's readers every other part uses (roles, SMT-LIB built-ins)."""

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
    find_clash,
    is_minted,
)
from .instance import Binding, Hyperedge, bind, check_builtin, evaluate, instantiate, solve
from .roles import ELIMINATION, FRAME, INTRODUCTION, UNION, Role, role, roles
from .rules import (
    FRAME_RULE_ID,
    FRAME_RULE_IDS,
    RULES,
    RULES_BY_ID,
    UNION_RULE_ID,
    Rule,
    is_frame_rule,
    rule,
)
from .smt import to_smt
from .terms import (
    PREDICATES,
    SIGNATURES,
    Agents,
    Atom,
    Claim,
    Query,
    comp,
    compeq,
    cont,
    normalize_name,
    rate,
    transfer,
)

__all__ = [
    "AXIOM", "ELIMINATION", "FRAME", "FRAME_RULE_ID", "FRAME_RULE_IDS", "INTRODUCTION",
    "PREDICATES", "RULES", "RULES_BY_ID", "SIGNATURES", "UNION", "UNION_RULE_ID", "Agents",
    "Atom", "Binding", "Claim", "Hyperedge", "KernelError", "Program", "Query", "Rejection",
    "Role", "Rule", "Theorem", "axiom", "bind", "check_builtin", "check_hyperedge", "comp",
    "compeq", "conclude", "cont", "derive", "evaluate", "find_clash", "instantiate",
    "is_frame_rule", "is_minted", "normalize_name", "rate", "role", "roles", "rule", "solve",
    "to_smt", "transfer",
]
