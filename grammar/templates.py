"""Sentence templates: the one table that drives both rendering and parsing.

Each template is a pattern of space-separated tokens:

- ``{A}`` ``{B}`` ``{C}`` ``{D}`` ``{S}`` ``{R}``: an agent set ("Alice", "Alice and Bob");
  ``{A!}``: a single agent (where a list would be ambiguous: "between A and B");
  ``{A's}``: the possessive of a single agent ("Bernhard's son's").
- ``{q}``: a quantity, optionally with inline arithmetic ("20 + 4 = 24").
- ``{e}``: the entity, singular when the quantity is 1; ``{e*}``: the entity, always plural;
  ``{c1}``: the rate's container, singular ("per pet store"); ``{c*}``: container, plural.
- ``{total}``: "combined" when the subject names several agents; when parsing, optionally
  one of "combined", "in total", "in all", "altogether", "together".
- ``(word)``: rendered, optional when parsing; ``[word]``: never rendered, optional when
  parsing; ``a|b|c``: rendered as ``a``, any of them when parsing.
- Verbs in ``VERB_FORMS`` agree with the template's subject slot (has/have/had).

The grammar in ``sentences.py`` is generated from this table at import time, and the
rendering functions below read the same table, so ``parse(render(atom)) == atom.claim()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from vlp.kernel import RULES_BY_ID, Agents, Atom, Claim, Hyperedge, Query, bind, normalize_name
from vlp.kernel.rules import Add, Const, Expr, Mul, Pattern, Sub, SumOf, Var

from .inflect import singular, with_count

# third person singular -> (plural, past, ...): every form parses, the first two render.
VERB_FORMS: dict[str, tuple[str, ...]] = {
    "has": ("have", "had"),
    "owns": ("own", "owned"),
    "possesses": ("possess", "possessed"),
    "donates": ("donate", "donated"),
    "gives": ("give", "gave"),
    "gets": ("get", "got"),
    "receives": ("receive", "received"),
    "does": ("do", "did"),
}

# Claim argument order per predicate, as slot names (time is never said).
CLAIM_SLOTS: dict[str, tuple[str, ...]] = {
    "cont": ("A", "q", "e"),
    "comp": ("A", "B", "q", "e"),
    "transfer": ("S", "R", "q", "e"),
    "rate": ("A", "q", "e", "c"),
    "compeq": ("A", "B", "C", "D", "e"),
}

STATEMENT, CONCLUSION, QUESTION = "statement", "conclusion", "question"


@attrs.frozen
class Template:
    """One sentence shape for one predicate.

    ``kind`` is ``statement`` (axioms and restated facts), ``conclusion`` (derived steps) or
    ``question``. ``render`` marks the templates used as rendering variants (the others only
    widen what parses). ``agents`` restricts rendering to a subject that is ``single`` or
    ``plural``. ``partial`` templates leave the entity out ("The difference between Dennie
    and Dianna is 15.") and parse to a claim whose entity is ``None``.
    """

    id: str
    predicate: str
    kind: str
    pattern: str
    render: bool = True
    subject: str | None = "A"
    agents: str = "any"
    partial: bool = False

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(self.pattern.split())

    @property
    def slots(self) -> tuple[str, ...]:
        """Slot names in order, e.g. ``("A", "q", "e")``; ``A!``/``A's`` give ``A``."""
        return tuple(_slot_name(t) for t in self.tokens if _is_slot(t) and t != "{total}")

    @property
    def ends_with_agent(self) -> bool:
        """Whether the sentence ends in an agent name (then "and" could continue the list)."""
        last = [t for t in self.tokens if not (t.startswith("[") or t.startswith("("))][-1]
        return _is_slot(last) and _slot_name(last) in "ABCDSR"


def _is_slot(token: str) -> bool:
    return token.startswith("{") and token.endswith("}")


def _slot_name(token: str) -> str:
    return token[1:-1].rstrip("!*1").removesuffix("'s")


def T(id: str, predicate: str, kind: str, pattern: str, **options: Any) -> Template:  # noqa: N802
    return Template(id, predicate, kind, pattern, **options)


TEMPLATES: tuple[Template, ...] = (
    # --- cont: "Lib possesses 20 puzzles.", "Alice and Bob have 8 apples combined."
    T("cont.has", "cont", STATEMENT, "{A} [now] [still] has {q} {e} {total}"),
    T("cont.owns", "cont", STATEMENT, "{A} [now] owns {q} {e} {total}"),
    T("cont.possesses", "cont", STATEMENT, "{A} [now] possesses {q} {e} {total}"),
    T("cont.combined", "cont", STATEMENT, "combined {A} has {q} {e}", render=False),
    T("cont.total_of", "cont", STATEMENT, "{A} [now] has a total of {q} {e}", render=False),
    T("cont.sum_up", "cont", CONCLUSION,
      "if {A} sum up the {e*} that they have , they have {q} {total}",
      agents="plural"),
    T("cont.partial", "cont", STATEMENT, "{A} [now] has {q} {total}", render=False,
      partial=True),
    # --- comp: A has q more e than B ("Valencia has 11 necklaces less than Stacee.")
    T("comp.more", "comp", STATEMENT, "{A} has {q} {e} more than {B}"),
    T("comp.less", "comp", STATEMENT, "{B} has {q} {e} less than {A}", subject="B"),
    T("comp.fewer", "comp", STATEMENT, "{B} has {q} {e} fewer than {A}", subject="B"),
    T("comp.more_first", "comp", STATEMENT, "{A} has {q} more {e} than {B}"),
    T("comp.fewer_first", "comp", STATEMENT, "{B} has {q} fewer|less {e} than {A}",
      subject="B"),
    T("comp.difference", "comp", CONCLUSION,
      "the difference between the number of {e*} {A!} and {B!} have is {q}", subject=None),
    T("comp.number_more", "comp", STATEMENT,
      "the number of {e*} that {A} has more than {B} is {q}", render=False),
    T("comp.difference_partial", "comp", CONCLUSION,
      "the difference between {A!} and {B!} is {q}", render=False, subject=None, partial=True),
    T("comp.more_partial", "comp", STATEMENT, "{A} has {q} more than {B}", render=False,
      partial=True),
    # --- transfer: S gives q e to R ("Shanna then donates 5 puzzles to Costa.")
    T("transfer.donates", "transfer", STATEMENT, "{S} (then) donates {q} {e} to {R}",
      subject="S"),
    T("transfer.gives_more", "transfer", STATEMENT, "{S} (then) gives {q} {e} (more) to {R}",
      subject="S"),
    T("transfer.gives", "transfer", STATEMENT, "{S} (then) gives {R} {q} {e}", subject="S"),
    T("transfer.gets", "transfer", STATEMENT, "{R} (then) gets {q} (more) {e} from {S}",
      subject="R"),
    T("transfer.receives", "transfer", STATEMENT, "{R} (then) receives {q} (more) {e} from {S}",
      subject="R"),
    T("transfer.gets_another", "transfer", STATEMENT,
      "{R} (then) gets|receives another {q} {e} from {S}", subject="R"),
    # --- rate: each of A's c holds q e ("Trueman possesses 16 hamsters per pet store.")
    T("rate.per", "rate", STATEMENT, "{A} possesses|has|owns {q} {e} per {c1}"),
    T("rate.each", "rate", STATEMENT, "each of {A's} {c*} contains|has|holds {q} {e}",
      subject=None, agents="single"),
    T("rate.in_each", "rate", STATEMENT, "{A} has {q} {e} in each {c1}", render=False),
    # --- compeq: what A has more than B equals what C has more than D
    T("compeq.difference", "compeq", STATEMENT,
      "the number of {e*} that {A} has more than {B} is the same as the difference between"
      " the number of {e*} that {C} has compared to {D}"),
    T("compeq.more", "compeq", CONCLUSION,
      "the number of {e*} that {A} has more than {B} is the same as the number of {e*}"
      " that {C} has more than {D}"),
    # --- questions (non-ground queries); ground queries are "Show that <statement>."
    T("question.how_many", "cont", QUESTION, "how many {e*} does {A} have"),
    T("question.in_all", "cont", QUESTION, "how many {e*} does {A} have in all"),
    T("question.in_total", "cont", QUESTION, "how many {e*} does {A} have in total"),
    T("question.totaled", "cont", QUESTION, "how many {e*} does {A} have totaled"),
    T("question.collection", "cont", QUESTION,
      "how many {e*} does {A} have in their collection"),
    T("question.combined", "cont", QUESTION, "how many {e*} does {A} have combined",
      agents="plural"),
    T("question.sum_up", "cont", QUESTION,
      "if {A} sum up the {e*} that they have , how many {e*} do they have {total}",
      agents="plural"),
    T("question.sum_up_number", "cont", QUESTION,
      "if {A} sum up the {e*} that they have , what is the number of {e*} that they have"
      " in total", agents="plural"),
    T("question.how_many_more", "comp", QUESTION, "how many more {e*} does {A} have than {B}"),
)

TEMPLATES_BY_ID: dict[str, Template] = {t.id: t for t in TEMPLATES}
GROUND_PREFIXES: tuple[str, ...] = ("Show that", "Prove that")
# The conclusion template each derived predicate is rendered with.
_CONCLUSION_TEMPLATE = {"cont": "cont.has", "comp": "comp.difference", "compeq": "compeq.more"}


# --------------------------------------------------------------------------- rendering

def agent_name(name: str) -> str:
    """``"bernhard's son"`` -> ``"Bernhard's son"``: names are stored lowercase."""
    name = normalize_name(name)
    return " ".join(w[:1].upper() + w[1:] if i == 0 or not _is_relation(name, i) else w
                    for i, w in enumerate(name.split(" ")))


def _is_relation(name: str, index: int) -> bool:
    """Whether word ``index`` of ``name`` follows a possessive ("son" in "bernhard's son")."""
    return name.split(" ")[index - 1].endswith("'s")


def agent_list(names: Sequence[str]) -> str:
    shown = [agent_name(n) for n in names]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _ordered(agents: Agents | Sequence[str]) -> list[str]:
    return agents.sorted_names() if isinstance(agents, Agents) else list(agents)


def _applicable(template: Template, values: dict[str, Any]) -> bool:
    if template.partial:
        return False
    for token in template.tokens:
        if _is_slot(token) and (token.endswith("!}") or token.endswith("'s}")):
            if len(values[_slot_name(token)]) != 1:
                return False
    if template.agents != "any":
        plural = len(values[template.subject or "A"]) > 1
        return plural == (template.agents == "plural")
    return True


def render_template(template: Template, values: dict[str, Any],
                    arithmetic: str | None = None) -> str:
    """Fill ``template`` with slot ``values`` (agent sets or ordered name lists, quantity,
    entity, container). ``arithmetic`` ("20 + 4") is written before the quantity."""
    quantity = values.get("q")
    subject_plural = template.subject is not None and len(values[template.subject]) > 1
    words: list[str] = []
    for token in template.tokens:
        if token.startswith("["):
            continue
        if token.startswith("("):
            words.append(token[1:-1])
        elif _is_slot(token):
            words.append(_render_slot(token, values, quantity, arithmetic, subject_plural))
        else:
            word = token.split("|")[0]
            if word in VERB_FORMS and subject_plural:
                word = VERB_FORMS[word][0]
            words.append(word)
    text = " ".join(w for w in words if w).replace(" ,", ",")
    end = "?" if template.kind == QUESTION else "."
    return text[:1].upper() + text[1:] + end


def _render_slot(token: str, values: dict[str, Any], quantity: int | None,
                 arithmetic: str | None, subject_plural: bool) -> str:
    name = _slot_name(token)
    if token == "{total}":
        return "combined" if subject_plural else ""
    if name in "ABCDSR":
        names = _ordered(values[name])
        return agent_name(names[0]) + "'s" if token.endswith("'s}") else agent_list(names)
    if name == "q":
        return f"{arithmetic} = {quantity}" if arithmetic else str(quantity)
    if token == "{e}":
        return with_count(quantity if quantity is not None else 2, values["e"])
    if token == "{e*}":
        return values["e"]
    if token == "{c1}":
        return singular(values["c"])
    if token == "{c*}":
        return values["c"]
    raise ValueError(f"unknown slot {token}")


def _claim_values(predicate: str, args: Sequence[Any]) -> dict[str, Any]:
    return dict(zip(CLAIM_SLOTS[predicate], args, strict=False))


def _variants(predicate: str, kind: str, values: dict[str, Any]) -> list[Template]:
    return [t for t in TEMPLATES
            if t.predicate == predicate and t.kind == kind and t.render and _applicable(t, values)]


def statement_variants(atom: Atom | Claim) -> int:
    """How many statement templates can render ``atom``."""
    values = _claim_values(atom.predicate, _claim_args(atom))
    return len(_variants(atom.predicate, STATEMENT, values))


def render_statement(atom: Atom | Claim, variant: int = 0) -> str:
    """Render an axiom (or any claim) as a statement: ``cont({lib}, 20, puzzles, 0)`` ->
    "Lib has 20 puzzles."; ``variant`` picks one of ``statement_variants(atom)`` phrasings."""
    values = _claim_values(atom.predicate, _claim_args(atom))
    variants = _variants(atom.predicate, STATEMENT, values)
    if not 0 <= variant < len(variants):
        raise ValueError(f"{atom!r} has {len(variants)} statement variants; got {variant}")
    return render_template(variants[variant], values)


def _claim_args(atom: Atom | Claim) -> tuple[Any, ...]:
    return atom.claim().args if isinstance(atom, Atom) else atom.args


def render_conclusion(hyperedge: Hyperedge) -> str:
    """A derived step with the rule's arithmetic inline: "So Shanna has 24 - 5 = 19 puzzles.".

    The arithmetic is the rule's built-in that defines the conclusion's quantity, read from
    the rule table with the premises' values. The frame rule (6) is never verbalized.
    """
    rule = RULES_BY_ID[hyperedge.rule_id]
    if rule.negation is not None:
        raise ValueError(f"rule {rule.id} (frame rule) is not verbalized")
    conclusion = hyperedge.conclusion
    binding = bind(rule, hyperedge.premises, conclusion)
    if not isinstance(binding, dict):
        raise ValueError(f"not an instance of rule {rule.id}: {binding[1]()}")
    values = _claim_values(conclusion.predicate, conclusion.claim().args)
    arithmetic = None
    quantity_var = _quantity_var(rule.conclusion)
    if quantity_var is not None:
        definition = next((b.expr for b in rule.builtins
                           if getattr(b, "var", None) == quantity_var and hasattr(b, "expr")),
                          None)
        if definition is not None:
            arithmetic = _show_expr(definition, binding)
    if rule.repeated:  # union: list the agents in premise order
        values["A"] = [n for p in hyperedge.premises for n in p.agent_sets[0].sorted_names()]
    template = TEMPLATES_BY_ID[_CONCLUSION_TEMPLATE[conclusion.predicate]]
    if not _applicable(template, values):
        template = _variants(conclusion.predicate, STATEMENT, values)[0]
    return "So " + _lower_first(render_template(template, values, arithmetic))


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text.startswith(("The ", "Each ")) else text


def _quantity_var(pattern: Pattern) -> Var | None:
    return next((v for v in pattern.args if v.kind == "quantity"), None)


def _show_expr(expr: Expr, binding: dict[str, Any]) -> str:
    if isinstance(expr, Var):
        return str(binding[expr.name])
    if isinstance(expr, Const):
        return str(expr.value)
    if isinstance(expr, SumOf):
        return " + ".join(str(v) for v in binding[expr.var.name])
    symbol = {Add: "+", Sub: "-", Mul: "*"}[type(expr)]
    return f"{_show_expr(expr.left, binding)} {symbol} {_show_expr(expr.right, binding)}"


def question_variants(query: Query) -> int:
    return len(_question_templates(query))


def _said_args(query: Query) -> list[Any]:
    """The query's arguments that a sentence says (all but the time)."""
    from vlp.kernel import SIGNATURES

    kinds = SIGNATURES[query.predicate]
    return [a for k, a in zip(kinds, query.args, strict=True) if k != "time"]


def _is_ground(query: Query) -> bool:
    """A query that names everything but the time is ground ("Show that ... has 5 drones.")."""
    return all(a is not None for a in _said_args(query))


def _question_templates(query: Query) -> list[Template] | list[str]:
    if _is_ground(query):
        prefixes = list(GROUND_PREFIXES)
        if query.predicate == "cont" and len(query.agent_sets[0]) > 1:
            prefixes.append("Prove that combined")
        return prefixes
    values = _query_values(query)
    return [t for t in TEMPLATES if t.kind == QUESTION and t.predicate == query.predicate
            and _applicable(t, values)]


def _query_values(query: Query) -> dict[str, Any]:
    args = _said_args(query)
    unknown = [s for s, a in zip(CLAIM_SLOTS[query.predicate], args, strict=True) if a is None]
    if unknown != ["q"]:
        raise ValueError(f"can only phrase questions for an unknown quantity, not {query!r}")
    return _claim_values(query.predicate, args)


def render_question(query: Query, variant: int = 0) -> str:
    """"How many parrots does Eddie have?" for ``cont({eddie}, ?, parrots, ?)``; a query
    that names everything but the time becomes "Show that Yanick has 5 drones."."""
    options = _question_templates(query)
    if not 0 <= variant < len(options):
        raise ValueError(f"{query!r} has {len(options)} question variants; got {variant}")
    choice = options[variant]
    if isinstance(choice, str):
        claim = Claim(query.predicate, tuple(_said_args(query)))
        if choice.endswith("combined"):
            body = render_template(TEMPLATES_BY_ID["cont.combined"],
                                   _claim_values("cont", claim.args))
            return choice + " " + body[len("Combined "):]
        return choice + " " + _lower_first(render_statement(claim))
    return render_template(choice, _query_values(query))
