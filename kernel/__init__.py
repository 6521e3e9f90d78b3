"""vlp.kernel: the trusted base (terms, the rule table, the hyperedge check)."""

from .check import (
    AXIOM,
    KernelError,
    Program,
    Rejection,
    Theorem,
    axiom,
    check_hyperedge,
    find_clash,
    stratify,
)
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
    "AXIOM", "FRAME_RULE_ID", "FRAME_RULE_IDS", "PREDICATES", "RULES", "RULES_BY_ID", "SIGNATURES",
    "UNION_RULE_ID", "Agents", "Atom", "Claim", "KernelError", "Program", "Query",
    "Rejection", "Rule", "Theorem", "axiom", "check_hyperedge", "comp", "compeq", "cont",
    "find_clash", "is_frame_rule", "normalize_name", "rate", "rule", "stratify", "transfer",
]
